"""Series: a fixed list of deals played over a window of days, every result compared
with everyone's who held the same cards (duplicate scoring).

The domain is pure: the definition (:mod:`.spec`), the deals from one seed
(:mod:`.deals`), who holds which seat (:mod:`.movement`), the scores (:mod:`.scoring`).
:class:`.service.SeriesService` is the one entry for the cog; its answers are plain
data (:mod:`.models`), made into messages by :mod:`.messages`.
"""

from .deals import deal_header, deal_seed, series_deal
from .errors import SeriesError
from .movement import Movement, Place
from .spec import MAX_DEALS, MIN_DEALS, Pairing, Scoring, SeriesSpec

__all__ = ["MAX_DEALS", "MIN_DEALS", "Movement", "Pairing", "Place", "Scoring",
           "SeriesError", "SeriesSpec", "deal_header", "deal_seed", "series_deal"]
