"""A session: the deals played at one table, one after another.

The session owns what carries from deal to deal: the dealer rotation (also after a
thrown-in deal), each seat's chips, the ``tapp1879`` pot (shared at the end), the
``dapp`` closing Ramsch round and the ``wuerttemberg`` Herz-Ass ending. Randomness is
injected: pass ``random.Random(seed)`` in tests, ``random.SystemRandom()`` in play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .cards import Card
from .deal import Deal
from .errors import IllegalAction
from .variants import make_variant

AH = int(Card.parse("AH"))


class Ending(StrEnum):
    NONE = "none"  # playing on
    AFTER_DEAL = "after_deal"  # ends when the current deal is over
    CLOSING = "closing"  # dapp: one closing Ramsch deal per player
    HERZ_ASS_WAIT = "herz_ass_wait"  # wuerttemberg: a deal as usual decides who deals last
    HERZ_ASS_LAST = "herz_ass_last"  # wuerttemberg: the last deal with bidding
    FORCED_RAMSCH = "forced_ramsch"  # wuerttemberg: each player deals one forced Ramsch
    OVER = "over"


#: options that describe the session rather than one deal
SESSION_OPTIONS = {"closing_round": "dapp", "herz_ass_ende": "wuerttemberg"}


@dataclass
class Session:
    variant: str
    players: int
    options: dict[str, Any] = field(default_factory=dict)  # per-deal options (records.md)
    closing_round: bool = False  # dapp: end with the closing Ramsch round
    herz_ass_ende: bool = False  # wuerttemberg: end with "Herz-Ass ansagen"
    dealer: int = 0  # dealer of the next (or current) deal
    chips: list[int] = field(default_factory=list)
    pot: int = 0
    ending: Ending = Ending.NONE
    special_left: int = 0  # closing / forced Ramsch deals still to play
    deals_played: int = 0
    end_from: int = 0  # index of the first deal started after the end was called
    pot_shares: list[int] | None = None  # tapp1879: the pot shared at the end
    current: Deal | None = None

    @classmethod
    def new(cls, variant: str, *, players: int | None = None, rng: random.Random | None = None,
            first_dealer: int | None = None, **options: Any) -> Session:
        """A new session; the first dealer is drawn at random unless given."""
        session_opts = {k: options.pop(k) for k in list(options) if k in SESSION_OPTIONS}
        for key in session_opts:
            if SESSION_OPTIONS[key] != variant:
                raise IllegalAction(f"option {key} belongs to {SESSION_OPTIONS[key]}")
        v = make_variant(variant, players, options)  # validates the options
        n = v.players
        if first_dealer is None:
            first_dealer = (rng or random.SystemRandom()).randrange(n)
        opts = {k: val for k, val in v.options.items() if k != "players"}
        return cls(variant=variant, players=n, options=opts, dealer=first_dealer,
                   chips=[0] * n, closing_round=bool(session_opts.get("closing_round")),
                   herz_ass_ende=bool(session_opts.get("herz_ass_ende")))

    @property
    def is_over(self) -> bool:
        return self.ending is Ending.OVER

    def deal_options(self) -> dict[str, Any]:
        """Options of the next deal (closing and forced Ramsch set where due)."""
        opts = dict(self.options)
        if self.ending is Ending.CLOSING:
            opts["closing_ramsch"] = True
        if self.ending is Ending.FORCED_RAMSCH:
            opts["forced_ramsch"] = True
        return opts

    def start_deal(self, rng: random.Random | None = None) -> Deal:
        """Shuffle and deal the next deal."""
        if self.is_over:
            raise IllegalAction("the session is over")
        if self.current is not None and not self.current.is_over:
            raise IllegalAction("a deal is still being played")
        self.current = Deal.new(self.variant, players=self.players, dealer=self.dealer,
                                rng=rng, pot=self.pot, **self.deal_options())
        return self.current

    def adopt_deal(self, deal: Deal) -> None:
        """Use ``deal`` (rebuilt from a record) as the current deal."""
        if deal.dealer != self.dealer or deal.n != self.players:
            raise IllegalAction("that deal does not belong to this session now")
        self.current = deal

    def finish_deal(self) -> None:
        """Book the finished current deal: chips, pot, next dealer, ending rounds."""
        deal = self.current
        if deal is None or deal.outcome() is None:
            raise IllegalAction("no finished deal to book")
        result = deal.outcome()
        assert result is not None
        for seat, amount in enumerate(result.payments):
            self.chips[seat] += amount
        self.pot = result.pot
        self.current = None
        self._advance(deal)

    def abandon_deal(self) -> None:
        """Drop the current deal with no chips moved (timeout policy); the deal passes on."""
        deal = self.current
        if deal is None:
            raise IllegalAction("no deal to abandon")
        self.current = None
        self._advance(deal)

    def _advance(self, deal: Deal) -> None:
        index = self.deals_played
        self.deals_played += 1
        n = self.players
        self.dealer = (deal.dealer + 1) % n
        e = self.ending
        special = deal.v.extra.get("closing_ramsch") or deal.v.extra.get("forced_ramsch")
        if e is Ending.AFTER_DEAL:
            self._close()
        elif e is Ending.CLOSING or e is Ending.FORCED_RAMSCH:
            if special:
                self.special_left -= 1
            if self.special_left == 0:
                self._close()
        elif e is Ending.HERZ_ASS_WAIT and index >= self.end_from:
            holder = next((s for s in range(n) if deal.dealt[s] >> AH & 1), None)
            if holder is not None:  # AH in the Tapp: the next deal decides instead
                self.dealer = holder
                self.ending = Ending.HERZ_ASS_LAST
        elif e is Ending.HERZ_ASS_LAST:
            self.ending = Ending.FORCED_RAMSCH
            self.special_left = n

    def request_end(self) -> None:
        """Someone calls the end: the variant's own ending starts (or the session ends)."""
        if self.ending is not Ending.NONE:
            return
        in_deal = self.current is not None and not self.current.is_over
        self.end_from = self.deals_played + (1 if in_deal else 0)
        if self.variant == "dapp" and self.closing_round:
            # a deal under way is not part of the closing round (see _advance)
            self.ending = Ending.CLOSING
            self.special_left = self.players
        elif self.variant == "wuerttemberg" and self.herz_ass_ende:
            self.ending = Ending.HERZ_ASS_WAIT
        elif in_deal:
            self.ending = Ending.AFTER_DEAL
        else:
            self._close()

    def _close(self) -> None:
        """End the session; share the pot (tapp1879)."""
        self.ending = Ending.OVER
        if not self.pot:
            return
        n = self.players
        share, rest = divmod(self.pot, n)
        shares = [share] * n
        # the remainder goes chip by chip to the lowest balances (biggest loser first;
        # ties by seat order from forehand of the last deal)
        forehand = self.dealer  # the next dealer is the last deal's forehand
        order = sorted(range(n), key=lambda s: (self.chips[s], (s - forehand) % n))
        for s in order[:rest]:
            shares[s] += 1
        for s in range(n):
            self.chips[s] += shares[s]
        self.pot = 0
        self.pot_shares = shares
