"""The engine's public API around the rules: secure shuffling, copies, the fast play path,
``ply``, ``status``/``outcome`` and error types."""

from __future__ import annotations

import random

import pytest

from bot.engine import Action, Deal, IllegalAction, NotYourTurn, Phase, TappError

from .helpers import DECK32, main_actor, random_step, run, seeded


def test_unseeded_deal_does_not_use_the_global_generator():
    # README "Dealing": shuffle with a cryptographically secure source
    random.seed(1234)
    state = random.getstate()
    a = Deal.new("dapp", players=4).to_record()
    assert random.getstate() == state
    random.seed(1234)
    b = Deal.new("dapp", players=4).to_record()
    assert a["hands"] != b["hands"]
    assert sorted([c for h in a["hands"] for c in h] + a["talon"]) == sorted(DECK32)


def test_unseeded_deal_shuffles_with_system_random(monkeypatch):
    calls = []
    original = random.SystemRandom.shuffle

    def spy(self, x):
        calls.append(len(x))
        return original(self, x)

    monkeypatch.setattr(random.SystemRandom, "shuffle", spy)
    Deal.new("zuger")
    assert calls == [36]


def test_copy_is_independent():
    deal = seeded("zuger", 3, dealer=3)
    run(deal, "bid:solo bid:pass bid:pass bid:pass")
    twin = deal.copy()
    assert twin.to_record() == deal.to_record()
    run(twin, "trump:H")
    assert deal.phase is Phase.TRUMP and twin.phase is Phase.PLAY
    assert len(twin.to_record()["actions"]) == len(deal.to_record()["actions"]) + 1
    card = sorted(str(a.argument) for a in twin.legal_actions(0))[0]
    run(twin, card)
    assert len(deal.view(0).hand) == 8 and len(twin.view(0).hand) == 7


@pytest.mark.parametrize("variant,players", [("zuger", 4), ("tapp1879", 3), ("dapp", 5),
                                             ("wuerttemberg", 4)])
def test_play_unchecked_is_the_same_as_apply(variant, players):
    for seed in range(6):
        rng = random.Random(seed)
        deal = seeded(variant, seed, players=players)
        while not deal.is_over:
            if deal.phase is Phase.PLAY:
                mask = deal.legal_play_mask()
                cards = [c for c in range(36) if mask >> c & 1]
                card = rng.choice(cards)
                fast = deal.copy()
                fast.play_unchecked(card)
                deal.apply(main_actor(deal), Action.play(card))
                assert fast.to_record() == deal.to_record()
                assert fast.status() == deal.status()
                assert fast.to_act() == deal.to_act()
            else:
                deal.apply(*random_step(deal, rng))


def test_ply_counts_actions_and_outcome_waits_for_the_end():
    deal = seeded("zuger", 0, dealer=3)
    assert deal.ply == 0 and deal.outcome() is None
    assert deal.status().status == "incomplete"
    run(deal, "bid:tapp bid:pass")
    assert deal.ply == 2
    run(deal, "bid:pass bid:pass")
    assert deal.ply == 4 and deal.outcome() is None
    rng = random.Random(0)
    while not deal.is_over:
        deal.apply(*random_step(deal, rng))
    assert deal.ply == len(deal.to_record()["actions"])
    assert deal.outcome() == deal.status()
    assert deal.outcome().status == "finished"


def test_errors_are_tapp_errors_and_not_your_turn_is_illegal():
    assert issubclass(IllegalAction, TappError)
    assert issubclass(NotYourTurn, IllegalAction)
    deal = seeded("zuger", 0, dealer=3)
    with pytest.raises(NotYourTurn):
        deal.apply(1, Action.bid("tapp"))
    with pytest.raises(IllegalAction):
        deal.apply(4, Action.bid("tapp"))
    with pytest.raises(IllegalAction):
        deal.apply(-1, Action.bid("tapp"))


def test_no_action_after_the_end():
    deal = seeded("zuger", 0, dealer=3)
    run(deal, "bid:pass " * 4)
    assert deal.to_act() == ()
    for seat in range(4):
        assert deal.legal_actions(seat) == []
        with pytest.raises(IllegalAction):
            deal.apply(seat, Action.bid("pass"))


def test_variant_options_and_player_counts_are_the_engines_to_tell() -> None:
    """The options a table may choose (the lobby offers these) are the ones the variants
    accept, and nothing else."""
    from bot.engine import InvalidRecord, make_variant
    from bot.engine.variants import VARIANTS, option_choices, player_counts

    assert player_counts() == (3, 4, 5, 6)
    assert option_choices("deck") == (36, 32)  # Württemberg's, its default first
    assert option_choices("tapp_threshold") == (61, 65)
    assert option_choices("nothing") == ()
    for name, cls in VARIANTS.items():
        for key, allowed in cls.option_choices.items():
            for value in allowed:
                assert make_variant(name, None, {key: value}).options[key] == value
            with pytest.raises(InvalidRecord):
                make_variant(name, None, {key: max(allowed) + 1})
