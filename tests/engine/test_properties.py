"""Property tests: random legal deals of every variant, player count and option.

Each example is a seed (hypothesis, derandomized so that runs are repeatable) that drives
``random.Random``: the deal, the dealer, the stake, the pot and every choice among the
legal actions (kontra included). Properties: the deal ends within a bound; it follows the
rules as read independently in ``oracle.py`` (trump, lead, legal cards, trick winners,
early end, points, payments); chips are conserved; each card is played at most once;
points total 120 where every point is scored; the record replays to the same result and
views; views hide what the rules hide; every action outside ``legal_actions`` is
rejected and leaves the state unchanged; legal actions round-trip through tokens and
record entries."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bot.engine import Action, ActionType, Deal, IllegalAction, Phase, deal_from_record, replay

from .helpers import DECK36, assert_views_hide_cards, names, points, random_step
from .oracle import check_finished, check_steps_before_play
from .oracle_auctions import ContestAuction, WuerttembergAuction, ZugerAuction, dapp_choices

CONFIGS = [
    ("zuger", 4, {}),
    ("zuger", 4, {"tapp_threshold": 65}),
    ("tapp1879", 3, {}),
    ("tapp1879", 3, {"ante": 5}),
    ("dapp", 3, {}),
    ("dapp", 4, {}),
    ("dapp", 5, {}),
    ("dapp", 6, {}),
    ("dapp", 4, {"closing_ramsch": True}),
    ("wuerttemberg", 3, {}),
    ("wuerttemberg", 4, {}),
    ("wuerttemberg", 3, {"deck": 32}),
    ("wuerttemberg", 4, {"deck": 32}),
    ("wuerttemberg", 4, {"herz_aufnehmen": True}),
    ("wuerttemberg", 3, {"herz_aufnehmen": True, "deck": 32}),
    ("wuerttemberg", 4, {"forced_ramsch": True}),
]
IDS = [f"{v}-{n}-{'-'.join(f'{k}={x}' for k, x in o.items()) or 'default'}"
       for v, n, o in CONFIGS]

#: no deal needs more actions than this (auction, steps, kontra and at most 36 cards)
MAX_STEPS = 120

#: contracts where every card point is scored for some seat
POINT_CONTRACTS = {"tapp", "solo", "super", "vice", "normal", "herz", "farbe",
                   "herz_aufnehmen", "ramsch", "coeurfrage", "coeursolo"}

EXAMPLES = settings(max_examples=12, deadline=None, derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)

configs = pytest.mark.parametrize("variant,players,options", CONFIGS, ids=IDS)


def new_deal(variant: str, players: int, options: dict, rng: random.Random) -> Deal:
    pot = rng.randrange(0, 40) if variant == "tapp1879" else 0
    return Deal.new(variant, players=players, dealer=rng.randrange(players),
                    rng=random.Random(rng.getrandbits(32)), pot=pot,
                    stake=rng.choice([1, 1, 2, 3]), **options)


def states(variant: str, players: int, options: dict, seed: int) -> Iterator[Deal]:
    """The deal before each action of one random legal game, and once more at the end."""
    rng = random.Random(seed)
    deal = new_deal(variant, players, options, rng)
    steps = 0
    while not deal.is_over:
        yield deal
        seat, action = random_step(deal, rng)
        deal.apply(seat, action)
        steps += 1
        assert steps <= MAX_STEPS, "the deal did not end"
    yield deal


def finished(variant: str, players: int, options: dict, seed: int) -> Deal:
    deal = list(states(variant, players, options, seed))[-1]  # the same deal, now over
    assert deal.is_over
    return deal


# -- the deal ends and follows the rules -------------------------------------------------

@configs
@EXAMPLES
@given(seed=SEEDS)
def test_random_deal_ends_and_follows_the_rules(variant, players, options, seed):
    deal = finished(variant, players, options, seed)
    record = deal.to_record()
    res = deal.outcome()
    assert res is not None and deal.to_act() == ()
    out = res.to_json()
    check_finished(record, out)
    check_steps_before_play(record, out)
    # chips are conserved: seats plus the pot's change
    pot_before = record.get("pot", 0)
    assert sum(out["payments"]) + (out["pot"] - pot_before) == 0
    # each card is played at most once, and only cards of the deck
    plays = [a["card"] for a in record["actions"] if a["type"] == "play"]
    assert len(plays) == len(set(plays))
    assert set(plays) <= set(c for h in record["hands"] for c in h) | set(record["talon"])
    assert sum(len(t["cards"]) for t in out["tricks"]) == len(plays)
    # 120 points where every point is scored; else the talon (or more) counts for nobody
    trick_pts = sum(points(t["cards"]) for t in out["tricks"])
    if out["status"] == "thrown_in":
        assert sum(out["points"]) == 0
    elif out["contract"] in POINT_CONTRACTS and len(out["tricks"]) == len(record["hands"][0]) \
            and (variant != "tapp1879" or any(t["winner"] == out["declarer"]
                                              for t in out["tricks"])):
        assert sum(out["points"]) == 120
    else:
        assert sum(out["points"]) <= 120 - points(record["talon"])
        assert sum(out["points"]) >= trick_pts or variant == "tapp1879"


# -- the auction -----------------------------------------------------------------------

def auction_oracle(deal: Deal):
    variant, opts = deal.variant, deal.options
    if variant == "zuger":
        return ZugerAuction(deal.n, deal.dealer)
    if variant == "wuerttemberg":
        return WuerttembergAuction(deal.n, deal.dealer, opts["herz_aufnehmen"])
    return ContestAuction(variant, deal.n, deal.dealer, bool(opts.get("closing_ramsch")))


@configs
@EXAMPLES
@given(seed=SEEDS)
def test_auction_follows_the_rules(variant, players, options, seed):
    if options.get("forced_ramsch"):
        deal = new_deal(variant, players, options, random.Random(seed))
        assert deal.phase is Phase.PLAY and deal.contract == "ramsch"
        return
    rng = random.Random(seed)
    deal = new_deal(variant, players, options, rng)
    oracle = auction_oracle(deal)
    while deal.phase in (Phase.AUCTION, Phase.DECLARE):
        assert oracle.result is None
        assert deal.to_act() == (oracle.turn,)
        words = {a.value for a in deal.legal_actions(oracle.turn)}
        assert words == set(oracle.legal())
        word = rng.choice(sorted(words))
        kind = "declare" if deal.phase is Phase.DECLARE else "bid"
        deal.apply(oracle.turn, Action(ActionType(kind), value=word))
        oracle.say(oracle.turn, word)
    assert oracle.result is not None
    status, declarer, contract = oracle.result
    if status == "thrown_in":
        assert deal.is_over and deal.outcome().status == "thrown_in"
        return
    assert deal.declarer == declarer
    if variant == "dapp" and deal.phase is Phase.CONTRACT:
        assert {a.value for a in deal.legal_actions(declarer)} == dapp_choices(contract)
        assert len(dapp_choices(contract)) > 1
    else:
        assert contract in dapp_choices(contract)
        assert deal.contract == contract
        assert not (variant == "dapp" and len(dapp_choices(contract)) > 1)


# -- records -----------------------------------------------------------------------------

@configs
@EXAMPLES
@given(seed=SEEDS)
def test_record_replays_to_the_same_result_and_views(variant, players, options, seed):
    rng = random.Random(seed ^ 0x5EED)
    for deal in states(variant, players, options, seed):
        if not deal.is_over and rng.random() > 0.15:
            continue
        record = json.loads(json.dumps(deal.to_record()))
        rebuilt = deal_from_record(record)
        assert rebuilt.to_record() == deal.to_record()
        assert rebuilt.outcome() == deal.outcome()
        assert rebuilt.status() == deal.status()
        assert rebuilt.to_act() == deal.to_act()
        for seat in range(players):
            assert rebuilt.view(seat) == deal.view(seat)
            assert rebuilt.legal_actions(seat) == deal.legal_actions(seat)
        assert rebuilt.public_view() == deal.public_view()
        out = replay(record)
        assert {k: v for k, v in out.items() if k not in ("to_act", "legal")} == \
            deal.status().to_json()


# -- hidden information ------------------------------------------------------------------

@configs
@EXAMPLES
@given(seed=SEEDS)
def test_views_never_show_another_seats_hidden_cards(variant, players, options, seed):
    for deal in states(variant, players, options, seed):
        assert_views_hide_cards(deal)


# -- illegal actions ---------------------------------------------------------------------

WORDS = ["pass", "tapp", "solo", "super", "vice", "hold", "coeurfrage", "coeursolo", "play",
         "self", "normal", "herz", "rufer", "bettel", "rufer_herz", "durch", "durch_herz",
         "spiele", "weg", "farbe", "bettel_ouvert", "herz_aufnehmen", "ramsch", "tout", "none"]
KINDS = ["bid", "declare", "contract", "announce", "discard", "trump", "call", "give", "kontra",
         "rekontra", "play", "play", "play", "token", "wrong_seat"]


def random_other_action(deal: Deal, rng: random.Random) -> tuple[int, Action]:
    seat = rng.choice([*range(deal.n), *range(deal.n), deal.n, -1])
    kind = rng.choice(KINDS)
    if kind in ("bid", "declare", "contract", "announce"):
        return seat, Action(ActionType(kind), value=rng.choice(WORDS))
    if kind == "discard":
        return seat, Action.discard(rng.sample(DECK36, rng.randrange(1, 6)))
    if kind == "trump":
        return seat, Action.trump(rng.choice("CSHD"))
    if kind == "call":
        return seat, Action.call(rng.choice([None, *DECK36]))
    if kind == "give":
        return seat, Action.give(rng.choice(DECK36))
    if kind in ("kontra", "rekontra"):
        return seat, Action(ActionType(kind))
    if kind == "play":
        actor = deal.to_act()[0] if deal.to_act() else 0
        hand = sorted(names(deal.view(actor).hand))
        if hand and rng.random() < 0.6:  # a card of the hand, often one the mask forbids
            return actor, Action.play(rng.choice(hand))
        return seat, Action.play(rng.choice(DECK36))
    if kind == "token":
        token = rng.choice(["bid:", "play:", "trump:", "call:", "give:", "discard:",
                            "declare:", "contract:", "announce:"])
        arg = {"bid:": rng.choice(WORDS), "declare:": rng.choice(WORDS),
               "contract:": rng.choice(WORDS), "announce:": rng.choice(WORDS),
               "play:": rng.choice(DECK36), "give:": rng.choice(DECK36),
               "call:": rng.choice(["-", *DECK36]), "trump:": rng.choice("CSHD"),
               "discard:": ".".join(rng.sample(DECK36, rng.randrange(1, 5)))}[token]
        return seat, Action.parse(token + arg)
    # a legal action of one seat, taken by another
    if deal.to_act():
        actor = rng.choice(deal.to_act())
        legal = deal.legal_actions(actor)
        other = rng.choice([s for s in range(deal.n) if s != actor])
        action = rng.choice(legal)
        if action.type is ActionType.DISCARD:
            action = Action.discard(sorted(names(deal.view(actor).hand))[:action.count or 0])
        return other, action
    return seat, Action.bid("pass")


def is_listed(deal: Deal, seat: int, action: Action) -> bool:
    if not 0 <= seat < deal.n:
        return False
    legal = deal.legal_actions(seat)
    if action.type is ActionType.DISCARD:
        return any(a.type is ActionType.DISCARD and a.count == len(names_of(action))
                   for a in legal) and names_of(action) <= names(deal.view(seat).hand)
    return action in legal


def names_of(action: Action) -> set[str]:
    return set(action.argument.split(".")) if action.argument else set()


def snapshot(deal: Deal):
    return (deal.to_record(), deal.to_act(), deal.ply, deal.status(), deal.phase,
            [deal.legal_actions(s) for s in range(deal.n)])


@configs
@EXAMPLES
@given(seed=SEEDS)
def test_actions_outside_legal_actions_are_rejected(variant, players, options, seed):
    rng = random.Random(seed ^ 0xBAD)
    for deal in states(variant, players, options, seed):
        before = snapshot(deal)
        for _ in range(6):
            seat, action = random_other_action(deal, rng)
            if is_listed(deal, seat, action):
                continue
            assert not deal.is_legal(seat, action)
            with pytest.raises(IllegalAction):
                deal.apply(seat, action)
            assert snapshot(deal) == before, f"{action.token} by {seat} changed the state"


def test_plays_outside_the_legal_mask_are_rejected():
    """Every card of the hand outside ``legal_play_mask`` is rejected, for many states."""
    checked = 0
    for seed in range(40):
        variant, players, options = CONFIGS[seed % len(CONFIGS)]
        for deal in states(variant, players, options, seed):
            if deal.phase is not Phase.PLAY:
                continue
            seat = deal.to_act()[0] if len(deal.to_act()) == 1 else None
            if seat is None:
                continue
            legal = {a.argument for a in deal.legal_actions(seat)
                     if a.type is ActionType.PLAY}
            mask = {str(c) for c in DECK36 if deal.legal_play_mask() >> _index(c) & 1}
            assert legal == mask
            for card in sorted(names(deal.view(seat).hand) - legal):
                before = snapshot(deal)
                with pytest.raises(IllegalAction):
                    deal.apply(seat, Action.play(card))
                assert snapshot(deal) == before
                checked += 1
    assert checked > 50


def _index(card: str) -> int:
    return int(Action.play(card).card or 0)


# -- tokens --------------------------------------------------------------------------------

@configs
@EXAMPLES
@given(seed=SEEDS)
def test_legal_action_tokens_round_trip(variant, players, options, seed):
    for deal in states(variant, players, options, seed):
        for seat in deal.to_act():
            legal = deal.legal_actions(seat)
            assert legal, f"seat {seat} is to act but has no legal action"
            for action in legal:
                assert Action.parse(action.token) == action
                if action.type is ActionType.DISCARD:  # a template: "any k cards"
                    assert action.to_record(seat) == {"seat": seat, "type": "discard",
                                                      "count": action.count}
                    continue
                assert Action.from_record(action.to_record(seat)) == (seat, action)
                assert deal.is_legal(seat, action)
        for seat in set(range(players)) - set(deal.to_act()):
            assert deal.legal_actions(seat) == []
