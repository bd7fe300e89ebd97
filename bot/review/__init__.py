"""Deal reviews: a member's decisions in a finished deal judged by the strong player
from what the member saw at each moment (:mod:`.moments`, :mod:`.core`)."""

from .core import REVIEW_SEED, SHOWN, DealReview, Reviewed, review_deal, review_player
from .moments import Moment, moments

__all__ = ["REVIEW_SEED", "SHOWN", "DealReview", "Moment", "Reviewed", "moments",
           "review_deal", "review_player"]
