"""Shared helpers for the engine tests: building positions and driving deals.

Scripts are whitespace-separated steps. A step is an action token (``bid:tapp``,
``discard:6H.AS.9C.QS``, ``trump:H``, ``call:7C``, ``call:-``, ``kontra``) or a bare card
(``AH``: a play). It is taken by the seat whose turn it is, unless a seat is given with
``@`` (``kontra@1``). Every step goes through ``Deal.apply``, so it is validated.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.engine import Action, ActionType, Deal, Phase
from bot.engine.playout import random_action

SUITS = "CSHD"
RANKS = "6789JQKTA"  # low to high
POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0, "6": 0}
DECK36 = [r + s for s in SUITS for r in RANKS]
DECK32 = [c for c in DECK36 if c[0] != "6"]

#: (variant, players, deck) -> (cards per hand, talon size), from the rules files
LAYOUTS = {
    ("zuger", 4, 36): (8, 4),
    ("tapp1879", 3, 36): (11, 3),
    ("dapp", 3, 32): (10, 2),
    ("dapp", 4, 32): (7, 4),
    ("dapp", 5, 32): (6, 2),
    ("dapp", 6, 32): (5, 2),
    ("wuerttemberg", 3, 36): (11, 3),
    ("wuerttemberg", 4, 36): (8, 4),
    ("wuerttemberg", 3, 32): (10, 2),
    ("wuerttemberg", 4, 32): (7, 4),
}

ANNOUNCE_TYPES = {ActionType.KONTRA, ActionType.REKONTRA}

REPO = Path(__file__).resolve().parents[2]
EXAMPLES = Path(__file__).resolve().parent / "examples"  # the worked examples, as test data


def points(cards: str | list[str]) -> int:
    """Card points of cards given as text (``'AH TH'``) or a list of names."""
    names = cards.split() if isinstance(cards, str) else cards
    return sum(POINTS[c[0]] for c in names)


def names(card_set: Any) -> set[str]:
    """The card names of a CardSet (or any iterable of cards)."""
    return {str(c) for c in card_set}


def make(variant: str, hands: list[str], talon: str, *, dealer: int = 0, pot: int = 0,
         **options: Any) -> Deal:
    """A deal with the given hands (``'AH TH ...'`` per seat) and talon."""
    return Deal.from_hands(variant, [h.split() for h in hands], talon.split(),
                           dealer=dealer, pot=pot, **options)


def deck_for(variant: str, options: dict[str, Any] | None = None) -> list[str]:
    options = options or {}
    if variant == "dapp" or options.get("deck") == 32:
        return DECK32
    return DECK36


def filled(variant: str, players: int, fixed: dict[int, str], talon: str | None = None,
           *, dealer: int = 0, pot: int = 0, **options: Any) -> Deal:
    """A deal where ``fixed`` hands (and the talon, if given) are as stated, in part or
    whole, and the remaining cards fill the remaining places in deck order."""
    deck = deck_for(variant, options)
    hand_size, talon_size = LAYOUTS[(variant, players, len(deck))]
    hands = {s: fixed.get(s, "").split() for s in range(players)}
    tal = talon.split() if talon is not None else []
    used = {c for h in hands.values() for c in h} | set(tal)
    rest = [c for c in deck if c not in used]
    for s in range(players):
        while len(hands[s]) < hand_size:
            hands[s].append(rest.pop(0))
    while len(tal) < talon_size:
        tal.append(rest.pop(0))
    assert not rest
    return Deal.from_hands(variant, [hands[s] for s in range(players)], tal,
                           dealer=dealer, pot=pot, players=players, **options)


def seeded(variant: str, seed: int = 0, **kwargs: Any) -> Deal:
    """A shuffled deal from a seeded generator (for tests where the cards do not matter)."""
    return Deal.new(variant, rng=random.Random(seed), **kwargs)


def main_actor(deal: Deal) -> int:
    """The one seat whose move the deal waits for (not counting kontra announcements)."""
    seats = [s for s in deal.to_act()
             if any(a.type not in ANNOUNCE_TYPES for a in deal.legal_actions(s))]
    assert len(seats) == 1, f"expected one seat to act, got {seats} in {deal!r}"
    return seats[0]


def parse_step(step: str) -> tuple[int | None, Action]:
    seat: int | None = None
    if "@" in step:
        step, at = step.split("@")
        seat = int(at)
    if len(step) == 2 and step[0] in RANKS and step[1] in SUITS:
        return seat, Action.play(step)
    return seat, Action.parse(step)


def run(deal: Deal, script: str) -> Deal:
    """Apply every step of ``script`` (see the module docstring); returns the deal."""
    for step in script.split():
        seat, action = parse_step(step)
        deal.apply(main_actor(deal) if seat is None else seat, action)
    return deal


def speakers(deal: Deal, script: str) -> list[int]:
    """Run ``script``, returning who was to act before each step."""
    out = []
    for step in script.split():
        out.append(main_actor(deal))
        run(deal, step)
    return out


def tokens(actions: list[Action]) -> list[str]:
    return [a.token for a in actions]


def legal_tokens(deal: Deal, seat: int | None = None) -> list[str]:
    """Tokens of the legal actions of ``seat`` (default: the main actor)."""
    return tokens(deal.legal_actions(main_actor(deal) if seat is None else seat))


def bids(deal: Deal, seat: int | None = None) -> set[str]:
    """The bid (or declare/contract) words the seat may say now."""
    seat = main_actor(deal) if seat is None else seat
    return {a.value for a in deal.legal_actions(seat) if a.value is not None}


def legal_plays(deal: Deal) -> set[str]:
    seat = main_actor(deal)
    return {str(a.argument) for a in deal.legal_actions(seat) if a.type is ActionType.PLAY}


def random_step(deal: Deal, rng: random.Random) -> tuple[int, Action]:
    """A random legal (seat, action) among every seat that may act (kontra included)."""
    seat = rng.choice(deal.to_act())
    action = rng.choice(deal.legal_actions(seat))
    if action.type is ActionType.DISCARD and action.cards is None:
        hand = sorted(str(c) for c in deal.view(seat).hand or ())
        action = Action.discard(rng.sample(hand, action.count or 0))
    return seat, action


def play_randomly(deal: Deal, rng: random.Random, max_steps: int = 500) -> Deal:
    steps = 0
    while not deal.is_over:
        seat, action = random_step(deal, rng)
        deal.apply(seat, action)
        steps += 1
        assert steps <= max_steps, "the deal did not end"
    return deal


def result_json(deal: Deal) -> dict[str, Any]:
    res = deal.outcome()
    assert res is not None, "the deal is not over"
    return res.to_json()


@dataclass(frozen=True)
class Scenario:
    """A fixed deal with a fixed auction and card play (found offline, then frozen here).

    ``auction`` holds every action before the first card; ``plays`` the cards (and any
    late announcement). :meth:`play` may swap the auction for another one that reaches
    an equivalent position, so one card play can serve several contracts."""

    variant: str
    dealer: int
    hands: tuple[str, ...]
    talon: str
    auction: str
    plays: str
    pot: int = 0
    options: dict[str, Any] = field(default_factory=dict)

    def deal(self, **options: Any) -> Deal:
        return make(self.variant, list(self.hands), self.talon, dealer=self.dealer,
                    pot=self.pot, **{**self.options, **options})

    def play(self, auction: str | None = None, plays: str | None = None,
             **options: Any) -> Deal:
        deal = self.deal(**options)
        run(deal, self.auction if auction is None else auction)
        run(deal, self.plays if plays is None else plays)
        return deal

    def result(self, auction: str | None = None, plays: str | None = None,
               **options: Any) -> dict[str, Any]:
        return result_json(self.play(auction, plays, **options))


def trick_points(result: dict[str, Any], players: int) -> list[int]:
    """Card points of the tricks each seat won, recomputed from a result's tricks."""
    out = [0] * players
    for t in result["tricks"]:
        out[t["winner"]] += points(t["cards"])
    return out


def tricks_won(result: dict[str, Any], players: int) -> list[int]:
    out = [0] * players
    for t in result["tricks"]:
        out[t["winner"]] += 1
    return out


# -- hidden information ----------------------------------------------------------------------

PICK_UP = {"zuger": {"tapp"}, "tapp1879": {"coeurfrage"}, "wuerttemberg": {"herz_aufnehmen"}}
OPEN_AFTER_TRICK = {"dapp": "bettel"}  # the declarer's hand opens after the first trick
OPEN_AFTER_CARD = {"wuerttemberg": "bettel_ouvert"}  # ... after the first card


def expected_open_seats(deal: Deal) -> set[int]:
    """Seats whose hand the rules open to everyone now (dapp.md, wuerttemberg.md)."""
    view = deal.public_view()
    if view.declarer is None or view.is_over:
        return set()
    cards_played = sum(len(t.cards) for t in view.tricks) + (
        len(view.current_trick.cards) if view.current_trick else 0)
    if OPEN_AFTER_TRICK.get(deal.variant) == view.contract and view.tricks:
        return {view.declarer}
    if OPEN_AFTER_CARD.get(deal.variant) == view.contract and cards_played:
        return {view.declarer}
    return set()


def hidden_from(deal: Deal, seat: int | None) -> set[str]:
    """Cards ``seat`` (None: a spectator) must not see now, from the rules (README "Trick
    play" 7): the other hands, the talon (unless this seat picked it up), the discards
    (unless this seat made them), except what the rules make public: the called card, the
    card given in an exchange (to its receiver and the declarer), an open Bettel hand."""
    if deal.is_over:
        return set()
    record = deal.to_record()
    pub = deal.public_view()
    played = {str(c) for t in pub.tricks for c in t.cards}
    if pub.current_trick is not None:
        played |= {str(c) for c in pub.current_trick.cards}
    hands = {s: names(deal.view(s).hand) for s in range(deal.n)}
    hidden: set[str] = set()
    for s, hand in hands.items():
        if s != seat:
            hidden |= hand
    decl = pub.declarer
    picked_up = decl is not None and pub.contract in PICK_UP.get(deal.variant, set()) and \
        deal.phase.value != "auction"
    if not (picked_up and seat == decl):
        hidden |= set(record["talon"])
        # the declarer's discards (tapp, coeurfrage, herz_aufnehmen)
        for entry in record["actions"]:
            if entry["type"] == "discard":
                hidden |= set(entry["cards"])
    hidden -= played
    if pub.called_card is not None:
        hidden.discard(str(pub.called_card))
    for s in expected_open_seats(deal):
        hidden -= hands[s]
    if seat is not None and (seat == decl or seat == pub.called_from):
        for entry in record["actions"]:
            if entry["type"] == "give":
                hidden.discard(entry["card"])
    if seat is not None:
        hidden -= hands[seat]
    return hidden


def assert_views_hide_cards(deal: Deal) -> None:
    """Every seat's view (and the public one) shows nothing the rules hide from it, the
    open hands are exactly the ones the rules open, and a seat's hand is its own."""
    open_seats = expected_open_seats(deal)
    all_hands = set()
    for seat in [*range(deal.n), None]:
        view = deal.public_view() if seat is None else deal.view(seat)
        leak = names(view.visible_cards()) & hidden_from(deal, seat)
        assert not leak, f"seat {seat} sees hidden cards {sorted(leak)} in {deal!r}"
        if not deal.is_over:  # once over, the whole deal may be shown
            assert set(view.open_hands) == open_seats
        if seat is None:
            assert view.hand is None
        else:
            hand = names(view.hand)
            assert not hand & all_hands
            all_hands |= hand
            assert len(hand) == view.hand_sizes[seat]
        if not deal.is_over:
            assert view.dealt_hands is None and view.dealt_talon is None


#: a variant and player count of each kind, for tests over the trick play
PLAY_SETTINGS: list[tuple[str, int, dict[str, object]]] = [
    ("zuger", 4, {}), ("tapp1879", 3, {}), ("dapp", 3, {}), ("dapp", 6, {}),
    ("wuerttemberg", 4, {}), ("wuerttemberg", 3, {"deck": 32})]


def to_play(variant: str, n: int, options: dict[str, object], rng: random.Random) -> Deal:
    """A deal played at random to its first card (the first one that gets there)."""
    while True:
        deal = Deal.new(variant, players=n, dealer=rng.randrange(n), rng=rng, **options)
        while not deal.is_over and deal.phase is not Phase.PLAY:
            seat, action = random_action(deal, rng)
            deal.apply(seat, action)
        if not deal.is_over:
            return deal
