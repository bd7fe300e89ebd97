"""A session: the deals played at one table, one after another.

The session owns what carries from deal to deal: the dealer rotation (also after a
thrown-in deal), each seat's chips, a pot kept from deal to deal (shared at the end),
and the session's ending: after the deal in play, or a variant's own ending (its
``own_ending`` and ``deal_booked`` hooks: Dapp's closing Ramsch round, Württemberg's
Herz-Ass ending). Randomness is injected: pass ``random.Random(seed)`` in tests,
``random.SystemRandom()`` in play.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from .deal import Deal
from .ending import Ending
from .errors import IllegalAction, Refusal
from .variants import VARIANTS, Variant, make_variant

#: options that describe the session rather than one deal -> the variant they belong to
SESSION_OPTIONS = {option: name for name, cls in VARIANTS.items()
                   for option in cls.session_options}


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
                raise IllegalAction(f"option {key} belongs to {SESSION_OPTIONS[key]}",
                                    Refusal.SETUP)
        v = make_variant(variant, players, options)  # validates the options
        n = v.players
        if first_dealer is None:
            first_dealer = (rng or random.SystemRandom()).randrange(n)
        opts = {k: val for k, val in v.options.items() if k != "players"}
        return cls(variant=variant, players=n, options=opts, dealer=first_dealer,
                   chips=[0] * n, closing_round=bool(session_opts.get("closing_round")),
                   herz_ass_ende=bool(session_opts.get("herz_ass_ende")))

    @property
    def rules(self) -> type[Variant]:
        return VARIANTS[self.variant]

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

    def start_deal(self, rng: random.Random | None = None, *,
                   seed: bytes | None = None) -> Deal:
        """Shuffle and deal the next deal (from ``seed``, see ``Deal.new``)."""
        if self.is_over:
            raise IllegalAction("the session is over")
        if self.current is not None and not self.current.is_over:
            raise IllegalAction("a deal is still being played")
        self.current = Deal.new(self.variant, players=self.players, dealer=self.dealer,
                                rng=rng, seed=seed, pot=self.pot, **self.deal_options())
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
            self.close()
        elif e.counts_deals:
            if special:
                self.special_left -= 1
            if self.special_left == 0:
                self.close()
        elif e is not Ending.NONE and e is not Ending.OVER:
            self.rules.deal_booked(self, deal, index)

    def request_end(self) -> None:
        """Someone calls the end: the variant's own ending starts (or the session ends)."""
        if self.ending is not Ending.NONE:
            return
        in_deal = self.current is not None and not self.current.is_over
        self.end_from = self.deals_played + (1 if in_deal else 0)
        own = self.rules.own_ending(self)
        if own is not None:
            self.ending = own
            if own.counts_deals:
                self.special_left = self.players
        elif in_deal:
            self.ending = Ending.AFTER_DEAL
        else:
            self.close()

    def close(self) -> None:
        """End the session now; share the pot out (where a variant keeps one)."""
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
