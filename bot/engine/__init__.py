"""The Tapp rules engine: plain Python, no I/O, no Discord, no randomness of its own.

Public API::

    from bot.engine import Deal, Action, Phase
    deal = Deal.new("zuger", rng=random.Random(1))
    seat = deal.to_act()[0]
    deal.apply(seat, deal.legal_actions(seat)[0])
    deal.view(seat)          # what that seat may see
    deal.outcome()           # DealResult once over
    deal.to_record()         # the deal record (records.md)
"""

from .actions import OPTIONAL, Action, ActionType
from .cards import CARDS, Card, CardSet, DeckStyle
from .deal import Deal
from .ending import Ending
from .errors import IllegalAction, InvalidRecord, NotYourTurn, Refusal, TappError
from .legal import main_actions, meant, open_announcement
from .record import deal_from_record, replay
from .variants import VARIANTS, Variant, is_pass, make_variant, rules_of
from .view import DealResult, Phase, ResultStatus, SeatView, TrickView

__all__ = [
    "CARDS", "OPTIONAL", "VARIANTS", "Action", "ActionType", "Card", "CardSet", "Deal",
    "DealResult", "DeckStyle",
    "Ending", "IllegalAction", "InvalidRecord", "NotYourTurn", "Phase", "Refusal",
    "ResultStatus", "SeatView", "TappError", "TrickView", "Variant", "deal_from_record",
    "is_pass", "main_actions", "make_variant", "meant", "open_announcement", "replay", "rules_of",
]
