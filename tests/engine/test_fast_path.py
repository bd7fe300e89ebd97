"""The engine's fast paths equal the plain computations they stand for.

``play_out`` draws as ``random_action`` does and takes the draw without re-checking it;
``apply_unchecked`` is ``apply`` after its check; ``Deal.new`` deals as ``rng.shuffle``
would; the contest auction keeps each situation's legal words once; ``Deal.new`` shares
one variant per name, players and options. Each is compared with the slow way over
random deals of every variant.
"""

from __future__ import annotations

import json
import pickle
import random
from dataclasses import FrozenInstanceError, fields, replace

import pytest

from bot.engine import Action, ActionType, Deal, IllegalAction, InvalidRecord, playout
from bot.engine.cards import DECK32, DECK36, Card, iter_bits
from bot.engine.playout import play_out, random_action, random_bit
from bot.engine.shuffle import deal_masks
from bot.engine.shuffle import shuffle as _shuffle
from bot.engine.variants import cached_variant as _variant
from bot.engine.variants import make_variant
from bot.engine.variants.contest import ContestState, _words_now, spoken
from bot.engine.view import DealResult, Phase, SeatView, TrickView

CONFIGS = [
    ("zuger", 4, {}),
    ("tapp1879", 3, {}),
    ("dapp", 3, {}),
    ("dapp", 4, {}),
    ("dapp", 5, {}),
    ("dapp", 6, {}),
    ("dapp", 3, {"closing_ramsch": True}),
    ("wuerttemberg", 3, {}),
    ("wuerttemberg", 4, {"deck": 32}),
    ("wuerttemberg", 4, {"herz_aufnehmen": True}),
]
IDS = [f"{v}-{n}-{'-'.join(f'{k}={x}' for k, x in o.items()) or 'default'}"
       for v, n, o in CONFIGS]
configs = pytest.mark.parametrize("variant,players,options", CONFIGS, ids=IDS)


def test_the_playout_tested_is_its_source():
    """The install is plain Python: a compiled module an older install left beside the
    source (Python imports a ``.so`` before the ``.py``) would run other code than this."""
    assert playout.__file__ is not None and playout.__file__.endswith("playout.py"), (
        f"bot.engine.playout comes from {playout.__file__}: delete bot/engine/playout*.so")


def fingerprint(deal: Deal) -> str:
    assert deal.result is not None
    return json.dumps([deal.to_record(), deal.result.to_json(), deal.result.won],
                      sort_keys=True)


def slow_play_out(deal: Deal, rng: random.Random) -> Deal:
    """``play_out`` the slow way: every step through the validating ``apply``; a
    ``random_action`` while anyone may still announce, else a ``random_bit`` card."""
    while not deal.is_over:
        if deal.phase is Phase.PLAY and (deal.tricks or not deal.v.has_kontra):
            seat = deal.to_act()[0]
            deal.apply(seat, Action.play(random_bit(deal.legal_play_mask(), rng)))
        else:
            seat, action = random_action(deal, rng)
            deal.apply(seat, action)
    return deal


@configs
def test_play_out_draws_as_the_validating_api(variant, players, options):
    for seed in range(150):
        fast = play_out(Deal.new(variant, players=players, dealer=seed % players,
                                 rng=random.Random(seed), **options), random.Random(-seed))
        slow = slow_play_out(Deal.new(variant, players=players, dealer=seed % players,
                                      rng=random.Random(seed), **options),
                             random.Random(-seed))
        assert fingerprint(fast) == fingerprint(slow), seed


@configs
def test_play_out_from_any_position_leaves_every_slot_as_the_validating_api(
        variant, players, options):
    """From positions part-way through a deal (mid-auction, mid-trick: where rollouts
    start), ``play_out`` leaves the deal exactly as the slow way does, slot for slot."""
    rng = random.Random(11)
    for i in range(60):
        deal = Deal.new(variant, players=players, dealer=i % players, rng=rng, **options)
        for _ in range(rng.randrange(0, 40)):
            if deal.is_over:
                break
            deal.apply(*random_action(deal, rng))
        if deal.is_over:
            continue
        seed = rng.random()
        fast = play_out(deal.copy(), random.Random(seed))
        slow = slow_play_out(deal.copy(), random.Random(seed))
        for name in Deal.__slots__:
            if name not in ("_legal_cache", "auction"):
                assert getattr(fast, name) == getattr(slow, name), (i, name)
        assert fast.auction == slow.auction


@configs
def test_apply_unchecked_is_apply_after_its_check(variant, players, options):
    rng = random.Random(5)
    for i in range(60):
        a = Deal.new(variant, players=players, dealer=i % players, rng=rng, **options)
        b = a.copy()
        while not a.is_over:
            seat, action = random_action(a, rng)
            a.apply(seat, action)
            b.apply_unchecked(seat, action)
            assert a.to_act() == b.to_act()
            for s in range(players):
                assert a.legal_actions(s) == b.legal_actions(s)
        assert fingerprint(a) == fingerprint(b)


def test_shuffle_draws_as_random_shuffle():
    for seed in range(300):
        for size in (32, 36, 2, 1, 0):
            mine, theirs = list(range(size)), list(range(size))
            r1, r2 = random.Random(seed), random.Random(seed)
            _shuffle(mine, r1)
            r2.shuffle(theirs)
            assert mine == theirs
            assert r1.random() == r2.random()  # and leaves the generator in the same state


@configs
def test_dealing_draws_as_shuffling_then_slicing(variant, players, options):
    """``deal_masks``' straight-line dealer for a plain Random gives the hands and talon
    of ``rng.shuffle`` and slices, and leaves the generator where ``rng.shuffle`` does."""
    v = _variant(variant, players, options)
    for seed in range(200):
        r1, r2 = random.Random(seed), random.Random(seed)
        hands, talon = deal_masks(v.deck, v.hand_size, v.players, r1)
        cards = [1 << c for c in iter_bits(DECK32 if v.deck == 32 else DECK36)]
        r2.shuffle(cards)
        size, dealt = v.hand_size, v.hand_size * v.players
        assert hands == [sum(cards[k:k + size]) for k in range(0, dealt, size)]
        assert talon == sum(cards[dealt:])
        assert r1.getstate() == r2.getstate()


def test_shuffle_of_other_generators_is_their_own():
    class Counting(random.Random):
        calls = 0

        def shuffle(self, x):  # type: ignore[override]
            Counting.calls += 1
            super().shuffle(x)

    cards = list(range(32))
    _shuffle(cards, Counting(1))
    assert Counting.calls == 1
    _shuffle(cards, random.SystemRandom())
    assert sorted(cards) == list(range(32))


def test_new_deals_as_before_with_a_seeded_generator():
    """Seeded deals are stable: the inlined shuffle deals the cards ``rng.shuffle`` dealt."""
    for seed in range(50):
        deal = Deal.new("dapp", players=4, rng=random.Random(seed))
        cards = list(iter_bits(DECK32))
        random.Random(seed).shuffle(cards)
        hands = [sum(1 << c for c in cards[k * 7:k * 7 + 7]) for k in range(4)]
        assert list(deal.hands) == hands
        assert deal.talon == sum(1 << c for c in cards[28:])


def test_variants_are_shared_but_options_still_checked():
    a = Deal.new("dapp", players=3, rng=random.Random(1))
    b = Deal.new("dapp", players=3, rng=random.Random(2))
    assert a.v is b.v
    c = Deal.new("dapp", players=3, rng=random.Random(1), closing_ramsch=True)
    assert c.v is not a.v and c.v.closing
    assert _variant("dapp", 3, {"closing_ramsch": True}) is c.v
    for bad in ({"closing_ramsch": 1}, {"closing_ramsch": 0}, {"stake": True},
                {"stake": 1.0}, {"nonsense": 1}, {"closing_ramsch": [True]}):
        with pytest.raises(InvalidRecord):
            Deal.new("dapp", players=3, rng=random.Random(1), **bad)
    with pytest.raises(InvalidRecord):
        Deal.new("dapp", players=True, rng=random.Random(1))
    with pytest.raises(InvalidRecord):
        Deal.new("dapp", players=3.0, rng=random.Random(1))
    assert Deal.new("dapp", players=4, rng=random.Random(1), stake=2).v.stake == 2


def test_contest_spoken_words_equal_the_words_worked_out_afresh():
    """Every auction state reached in random tapp1879 and dapp deals: the kept answer is
    what the variant's words say now."""
    for variant, players, options in CONFIGS:
        if variant not in ("tapp1879", "dapp"):
            continue
        fresh_words = make_variant(variant, players, options).words
        rng = random.Random(3)
        seen = 0
        for i in range(200):
            deal = Deal.new(variant, players=players, dealer=i % players, rng=rng, **options)
            while deal.phase is Phase.AUCTION:
                state: ContestState = deal.auction
                expected = _words_now(state, fresh_words)
                entry = spoken(state, deal.v.words)
                assert list(entry.bids) == expected
                assert entry.levels == dict(expected)
                assert list(entry.actions) == [Action.bid(w) for w, _ in expected]
                assert deal.legal_actions(deal.to_act()[0]) == list(entry.actions)
                seen += 1
                seat, action = random_action(deal, rng)
                deal.apply(seat, action)
        assert seen > 200


def test_contest_state_copy_is_a_full_copy():
    state = ContestState((1, 2, 0), idx=2, holder=1, level=3, challenger=0,
                         holder_to_answer=True)
    copy = state.copy()
    assert copy == replace(state) and copy is not state
    copy.idx = 0
    assert state.idx == 2


def test_illegal_bids_are_still_refused_with_the_state_unchanged():
    deal = Deal.new("dapp", players=3, rng=random.Random(1))
    before = deal.to_record()
    seat = deal.to_act()[0]
    for word in ("hold", "self", "durch_herz_x", "ramsch"):
        with pytest.raises(IllegalAction):
            deal.apply(seat, Action.bid(word))
    assert deal.to_record() == before
    assert deal.legal_actions(seat) == [Action.bid("pass"), Action.bid("play")]


def test_legal_actions_lists_are_fresh_each_call():
    deal = Deal.new("dapp", players=3, rng=random.Random(1))
    seat = deal.to_act()[0]
    first = deal.legal_actions(seat)
    first.append(Action.kontra())
    first.clear()
    assert deal.legal_actions(seat) == [Action.bid("pass"), Action.bid("play")]
    assert deal.v.auction_legal(deal, seat) == [Action.bid("pass"), Action.bid("play")]


def test_discard_template_filled_from_the_hand_applies_unchecked():
    rng = random.Random(2)
    for i in range(200):
        deal = Deal.new("tapp1879", rng=rng, dealer=i % 3)
        while not deal.is_over and deal.phase is not Phase.DISCARD:
            seat, action = random_action(deal, rng)
            deal.apply_unchecked(seat, action)
        if deal.phase is Phase.DISCARD:
            seat = deal.to_act()[0]
            (template,) = deal.legal_actions(seat)
            assert template.type is ActionType.DISCARD and template.count == 3
            seat, action = random_action(deal, random.Random(i))
            check = deal.copy()
            check.apply(seat, action)
            deal.apply_unchecked(seat, action)
            assert deal.to_record() == check.to_record()
            return
    pytest.fail("no coeurfrage in 200 deals")


def test_copy_carries_every_slot_and_owns_its_mutable_parts():
    rng = random.Random(4)
    for variant, players, options in CONFIGS:
        deal = Deal.new(variant, players=players, rng=rng, **options)
        for _ in range(rng.randrange(0, 25)):
            if deal.is_over:
                break
            deal.apply(*random_action(deal, rng))
        copy = deal.copy()
        for name in Deal.__slots__:
            assert getattr(copy, name) == getattr(deal, name), name
        for name in ("hands", "bids", "log", "pending", "trick", "tricks", "tricks_won",
                     "points"):
            assert getattr(copy, name) is not getattr(deal, name), name
        assert deal.auction is None or copy.auction is not deal.auction
        if not deal.is_over:
            before = deal.to_record()
            play_out(copy, rng)
            assert deal.to_record() == before


def test_tricks_are_kept_as_their_views():
    deal = play_out(Deal.new("dapp", players=4, rng=random.Random(8)), random.Random(8))
    assert deal.tricks
    for trick in deal.tricks:
        assert type(trick) is TrickView and trick.winner is not None
        assert all(type(c) is Card for c in trick.cards)
    assert deal.trick_views() == tuple(deal.tricks)
    assert deal.result is not None and deal.result.tricks == tuple(deal.tricks)


@pytest.mark.parametrize("cls", [SeatView, DealResult])
def test_fast_frozen_init_builds_what_the_dataclass_init_builds(cls):
    rng = random.Random(6)
    made = 0
    for variant, players, options in CONFIGS:
        deal = Deal.new(variant, players=players, rng=rng, **options)
        while True:
            objects = [deal.view(s) for s in range(players)] + [deal.public_view(),
                                                                 deal.status()]
            for obj in objects:
                if type(obj) is not cls:
                    continue
                values = {f.name: getattr(obj, f.name) for f in fields(cls)}
                slow = object.__new__(cls)
                cls._dataclass_init(slow, **values)
                assert cls(**values) == slow == obj
                assert repr(cls(**values)) == repr(slow)
                made += 1
            if deal.is_over:
                break
            deal.apply(*random_action(deal, rng))
    assert made > 100


def test_fast_frozen_init_keeps_defaults_factories_and_freezing():
    deal = Deal.new("dapp", players=3, rng=random.Random(1))
    view = deal.view(0)
    assert view.extra == {} and view.extra is not deal.view(0).extra
    values = {f.name: getattr(view, f.name) for f in fields(SeatView)
              if f.name not in ("actor", "dealt_hands", "dealt_talon", "extra")}
    bare = SeatView(**values)
    assert bare.actor is None and bare.dealt_hands is None and bare.extra == {}
    with pytest.raises(FrozenInstanceError):
        bare.seat = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        SeatView(**{**values, "nonsense": 1})
    with pytest.raises(TypeError):
        DealResult(status="finished")  # type: ignore[call-arg]
    assert replace(view, seat=1).seat == 1
    assert pickle.loads(pickle.dumps(view)) == view
    result = play_out(deal, random.Random(1)).result
    assert result is not None and replace(result, pot=5).pot == 5
    assert pickle.loads(pickle.dumps(result)) == result
