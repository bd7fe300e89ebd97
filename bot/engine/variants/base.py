"""The interface a variant implements over the shared deal core, and option checking."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from ..actions import Action, ActionType
from ..cards import DeckStyle, mask_points
from ..ending import Ending
from ..errors import IllegalAction, InvalidRecord, Refusal
from ..view import DealResult, ResultStatus

if TYPE_CHECKING:
    from ..deal import Deal
    from ..session import Session

ALL_SUITS = (0, 1, 2, 3)
NOT_HEARTS = (0, 1, 3)  # clubs, spades, diamonds



class Aim(StrEnum):
    """What a contract's declarer plays for (and so the defence, inverted)."""

    POINTS = "points"  # card points: the declarer's side wants them
    WIN_ALL = "win_all"  # Durch, Rufer, tout: the declarer must take every trick
    LOSE_ALL = "lose_all"  # Bettel: the declarer must take no trick
    RAMSCH = "ramsch"  # no declarer: everyone avoids points


#: the aims decided by the number of tricks rather than by card points
BY_TRICKS = frozenset({Aim.WIN_ALL, Aim.LOSE_ALL})


@dataclass(frozen=True, slots=True)
class ContractFacts:
    """What one contract of a variant is, read from the variant's own tables: for
    players and searches that must know the rules without a deal in hand."""

    name: str
    aim: Aim
    #: the trump suits the contract may end with: one suit when the contract fixes it,
    #: several when the declarer names one, none without trump
    trumps: tuple[int, ...]
    value: int | None = None  # base value in units (None: the payment follows the points)
    pickup: bool = False  # the declarer picks up the talon and lays away as many cards
    call: bool = False  # the declarer calls a card (Rufer)
    declarer_leads: bool = False  # the declarer leads the first trick (else forehand)
    opens: str | None = None  # "card" or "trick": when the declarer's hand opens
    tout: bool = False  # the declarer may announce tout before play
    win_at: int | None = None  # point contracts: the declarer's points that win
    per_point: bool = False  # the payment grows with the margin of points


class Score(NamedTuple):
    """A deal's chips from its card points and tricks (:meth:`Variant.score`)."""

    payments: list[int]  # per seat, the dealer's ante not included
    points: list[int]  # per seat, the talon or discards counted where the rules say
    declarer_points: int | None
    won: bool | None  # the declarer won (None: no declarer, or a draw)
    multipliers: list[str]
    pot: int  # the pot after the deal (tapp1879)


class Variant:
    """Rules of one variant with fixed options. Stateless: per-deal state lives in the Deal."""

    name: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    #: option -> default; ``players`` and ``stake`` are common to all
    option_defaults: ClassVar[dict[str, Any]] = {}
    #: the values a numeric option may take (checked with the others' own checks)
    option_choices: ClassVar[dict[str, tuple[int, ...]]] = {}
    has_kontra: ClassVar[bool] = False
    call_may_pass: ClassVar[bool] = False
    #: a pot carries from deal to deal and is shared out when the session ends
    keeps_pot: ClassVar[bool] = False
    #: the turn passes clockwise (to the left); the others pass it counter-clockwise
    clockwise: ClassVar[bool] = False
    #: the cards the variant is played with at home
    home_deck: ClassVar[DeckStyle] = DeckStyle.FRENCH
    #: contracts decided by tricks (all of them, or none) rather than by card points:
    #: those whose :meth:`facts` aim is in :data:`BY_TRICKS`
    trick_contracts: ClassVar[frozenset[str]] = frozenset()
    #: options of a whole session rather than of one deal (each chooses an ending)
    session_options: ClassVar[tuple[str, ...]] = ()

    def __init__(self, players: int | None, options: dict[str, Any]) -> None:
        opts = dict(options)
        given_players = opts.pop("players", None)
        if players is None:
            players = given_players if given_players is not None else self.player_counts[0]
        elif given_players is not None and given_players != players:
            raise InvalidRecord(f"option players={given_players!r} does not match {players} hands")
        if not _is_int(players) or players not in self.player_counts:
            counts = ", ".join(map(str, self.player_counts))
            raise InvalidRecord(f"{self.name} is played by {counts} players, not {players!r}")
        self.players: int = players
        stake = opts.pop("stake", 1)
        if not _is_int(stake) or stake < 1:
            raise InvalidRecord(f"option stake must be an integer >= 1, not {stake!r}")
        self.stake: int = stake
        unknown = sorted(set(opts) - set(self.option_defaults))
        if unknown:
            raise InvalidRecord(f"unknown option {unknown[0]!r} for {self.name}")
        merged = {**self.option_defaults, **opts}
        for key, allowed in self.option_choices.items():
            check_choice(merged, key, allowed)
        self.check_options(merged)
        self.extra: dict[str, Any] = merged
        self.options: dict[str, Any] = {"players": players, "stake": stake, **merged}
        self.deck, self.hand_size, self.talon_size = self.layout()
        self.ante_chips: int = 0

    # -- configuration ---------------------------------------------------------------
    def check_options(self, options: dict[str, Any]) -> None:
        """Raise InvalidRecord for an option value out of range."""

    def layout(self) -> tuple[int, int, int]:
        """(deck size, cards per hand, talon size)."""
        raise NotImplementedError

    # -- auction -------------------------------------------------------------------------
    def start(self, deal: Deal) -> None:
        """Set up the auction (or skip it)."""
        raise NotImplementedError

    def auction_turn(self, deal: Deal) -> int:
        raise NotImplementedError

    def auction_legal(self, deal: Deal, seat: int) -> list[Action]:
        """The speaker's legal bids or declarations, as a new list (the caller's own)."""
        raise NotImplementedError

    def auction_apply(self, deal: Deal, seat: int, action: Action) -> None:
        """Take a bid or declaration; raise IllegalAction *before* changing anything."""
        raise NotImplementedError

    def auction_refusal(self, deal: Deal, seat: int, action: Action) -> str:
        legal = ", ".join(a.value or "" for a in self.auction_legal(deal, seat))
        word = action.argument or action.token
        return f"{action.type.value} {word} is not allowed now (allowed: {legal})"

    # -- before play -------------------------------------------------------------------
    def set_contract(self, deal: Deal, contract: str) -> None:
        """Fix the contract and queue the steps before play."""
        raise NotImplementedError

    def trump_choices(self, deal: Deal) -> tuple[int, ...]:
        return ALL_SUITS

    def after_step(self, deal: Deal) -> None:
        """Called after each pre-play step (kontra windows hook)."""

    # -- kontra (dapp) ---------------------------------------------------------------
    def announcers(self, deal: Deal) -> tuple[int, int]:
        """The seats that may say kontra now and those that may say rekontra, as bit
        masks (``1 << seat``): what :meth:`kontra_actions` offers, for every seat at once.
        A variant with kontra overrides this (``Deal.to_act`` reads it, not
        :meth:`kontra_actions`)."""
        return 0, 0

    def kontra_actions(self, deal: Deal, seat: int) -> list[Action]:
        """The announcements ``seat`` may make now (from :meth:`announcers`)."""
        kontra, rekontra = self.announcers(deal)
        if kontra >> seat & 1:
            return [_KONTRA]
        if rekontra >> seat & 1:
            return [_REKONTRA]
        return []

    def apply_kontra(self, deal: Deal, seat: int, action: Action) -> None:
        raise IllegalAction(f"there is no {action.type.value} in {self.name}", Refusal.NO_KONTRA)

    def kontra_refusal(self, deal: Deal, seat: int, kind: ActionType) -> str:
        return f"{kind.value} is not allowed now"

    # -- facts -----------------------------------------------------------------------
    @property
    def contracts(self) -> tuple[str, ...]:
        """The contracts a declarer may end up with, low to high (not Ramsch)."""
        raise NotImplementedError

    def facts(self, contract: str) -> ContractFacts:
        """What ``contract`` is (any of :attr:`contracts`, and Ramsch where it is played)."""
        raise NotImplementedError

    #: the contract played when everybody passes (None: the deal is thrown in)
    all_pass: ClassVar[str | None] = None
    #: how the auction runs: "ladder" (each bid the next contract up, round the table
    #: until the others have passed), "contest" (one round, holder against challenger)
    #: or "announce" (each says whether to play, then those who will declare a game)
    auction_form: ClassVar[str]
    #: the auction's word for passing
    pass_word: ClassVar[str] = "pass"

    def bid_contracts(self, forehand: int, bids: Sequence[Action], word: str
                      ) -> tuple[str, ...]:
        """The contracts the speaker may end up declaring if ``word``, said now after
        ``bids`` (the auction so far), stands: none for a pass."""
        raise NotImplementedError

    # -- scoring ---------------------------------------------------------------------
    def score(self, contract: str, declarer: int | None, points: Sequence[int],
              tricks: Sequence[int], pile: int, last: int, *, tout: bool = False,
              kontra: bool = False, rekontra: bool = False, pot: int = 0) -> Score:
        """Chips once play is over, from the card points and tricks each seat took,
        ``pile`` (the card points of the talon, or of the discards where the talon was
        picked up), ``last`` (the winner of the last trick) and the announcements.
        Pure and cheap: the settlement uses it, and so do searches."""
        raise NotImplementedError

    def settle(self, deal: Deal) -> DealResult:
        s = self.score(
            str(deal.contract), deal.declarer, deal.points, deal.tricks_won,
            mask_points(deal.discards if deal.picked_up else deal.dealt_talon),
            deal.tricks[-1].winner if deal.tricks else -1,  # type: ignore[arg-type]
            tout=deal.tout, kontra=deal.kontra_by is not None,
            rekontra=deal.rekontra_by is not None, pot=deal.pot)
        pay = s.payments
        if self.ante_chips:
            pay[deal.dealer] -= self.ante_chips
        # positional, in the order of DealResult's fields (a call with twelve keywords
        # costs a quarter more, once per deal)
        return DealResult(
            _FINISHED, deal.contract, deal.declarer, deal.trump, tuple(s.multipliers),
            deal.announcements(), s.declarer_points, tuple(s.points), tuple(deal.tricks),
            tuple(pay), s.pot, s.won)

    @classmethod
    def decided_by_tricks(cls, result: DealResult) -> bool:
        """The declarer won or lost by the number of tricks, not by card points (a
        win-all or Bettel contract, a tout)."""
        return (result.declarer_points is None or result.contract in cls.trick_contracts
                or "tout" in result.announcements)

    # -- the session's ending ----------------------------------------------------------
    @classmethod
    def own_ending(cls, session: Session) -> Ending | None:
        """The variant's own ending once the end is called, if the session chose it
        (None: the session ends after the deal in play)."""
        return None

    @classmethod
    def deal_booked(cls, session: Session, deal: Deal, index: int) -> None:
        """A deal (number ``index``) was booked while the variant's own ending runs:
        move the ending on (a counted ending, :attr:`Ending.counts_deals`, is counted by
        the session itself)."""


_KONTRA, _REKONTRA = Action.kontra(), Action.rekontra()
_FINISHED = ResultStatus.FINISHED


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def check_bool(options: dict[str, Any], key: str) -> None:
    if not isinstance(options[key], bool):
        raise InvalidRecord(f"option {key} must be true or false, not {options[key]!r}")


def check_choice(options: dict[str, Any], key: str, allowed: tuple[int, ...]) -> None:
    value = options[key]
    if not _is_int(value) or value not in allowed:
        raise InvalidRecord(f"option {key} must be one of {list(allowed)}, not {value!r}")


def check_int_at_least(options: dict[str, Any], key: str, low: int) -> None:
    value = options[key]
    if not _is_int(value) or value < low:
        raise InvalidRecord(f"option {key} must be an integer >= {low}, not {value!r}")


def bid_actions(words: list[str]) -> list[Action]:
    return [Action.bid(w) for w in words]
