"""``bench ai-positions``: options valued by the bound, players' choices, re-deals."""

from __future__ import annotations

import random

import pytest

from bench import ai_positions as ap
from bench.ai import SETTINGS, _new_deal
from bench.ai_phases import bound_value
from bot.ai import clock, main_actions, make_player
from bot.ai.selfplay import play_deal
from bot.engine import Phase

from .ai_helpers import baseline_seats, bench_position


def test_players_parse_with_their_options() -> None:
    specs = ap.parse_players("easy, strong:layouts=128:z=0,normal:seconds=0.2")
    assert [s.text for s in specs] == ["easy", "strong:layouts=128:z=0", "normal:seconds=0.2"]
    assert specs[1].options == {"layouts": 128, "z": 0.0}
    for bad in ("hard", "strong:depth=3", "strong:layouts=x", "easy:z=1", "strong:z=-1",
                "strong,strong", ""):
        with pytest.raises(ValueError):
            ap.parse_players(bad)


def test_a_players_options_reach_its_search() -> None:
    deal, _ = bench_position("zuger", "play")
    p = ap.make(ap.Spec.parse("strong:layouts=5:exact=0:z=0.5"), 0, 1, deal)
    assert isinstance(p, ap.SearchPlayer)
    cfg = p.config
    assert (cfg.play.samples, cfg.bid_samples, cfg.play.exact_tricks, cfg.z) == (5, 5, 0, 0.5)
    assert cfg.seconds is None and cfg.play.seconds is None  # no clock unless asked
    own = ap.make(ap.Spec.parse("strong"), 0, 1, deal)
    assert isinstance(own, ap.SearchPlayer)
    assert (own.config.play.samples, own.config.bid_samples) == (
        ap.LEVELS["strong"].play.samples, ap.LEVELS["strong"].bid_samples)
    scaled = ap.make(ap.Spec.parse("strong:scale=2:seconds=0.5"), 0, 1, deal)
    assert isinstance(scaled, ap.SearchPlayer)
    assert scaled.config.play.samples == 2 * own.config.play.samples
    assert scaled.config.seconds == scaled.config.play.seconds == 0.5
    seer = ap.make(ap.Spec.parse("strong:seer=1"), 0, 1, deal)
    assert isinstance(seer, ap.SearchPlayer) and seer.sampler_factory is not None
    layout = seer.sampler_factory(deal.view(0)).sample(random.Random(0))
    assert list(layout.hands) == deal.hands  # the real deal


def test_inference_weights_are_set_for_one_decision_only() -> None:
    before = ap.inference.MISMATCH, ap.inference.MISMATCH_PLAY
    with ap.weights(ap.Spec.parse("strong:mismatch=0.02:mismatch_play=0.1")):
        assert (ap.inference.MISMATCH, ap.inference.MISMATCH_PLAY) == (0.02, 0.1)
    assert before == (ap.inference.MISMATCH, ap.inference.MISMATCH_PLAY)


def test_positions_are_seat_0s_decisions_of_the_phase_and_role() -> None:
    _, variant, n, options, _ = next(s for s in SETTINGS if s[0] == "zuger")
    seats = baseline_seats(n, 9000)
    for phase, who in (("auction", "any"), ("play", "defender"), ("play", "declarer")):
        for i in range(4):
            deal = _new_deal(variant, n, options, i, 9000 + i)
            for d in ap.candidates(deal, seats, phase, who, (2, 4)):
                view = d.view(0)
                assert view.actor == 0 and len(main_actions(view)) > 1
                if phase == "auction":
                    assert view.phase is Phase.AUCTION
                else:
                    assert view.phase is Phase.PLAY and 2 <= len(view.tricks) + 1 <= 4
                    assert ap.role(view) == who


def test_options_are_valued_by_the_bound_taking_the_seat_after_them() -> None:
    deal, others = bench_position("zuger", "play", "defender")
    opts = ap.options_of(deal.view(0))
    vals = ap.values(deal, opts, others)
    assert set(vals) == set(opts)
    for a in opts:
        after = deal.copy()
        after.apply(0, a)
        assert vals[a] == bound_value(after, 0, others)
    # the bound's own choice is one of the best options, so the deal's value from the
    # position is the best option's
    assert bound_value(deal, 0, others) == max(vals.values())


def test_options_may_be_valued_by_the_baseline_taking_the_seat_after_them() -> None:
    deal, others = bench_position("tapp1879", "auction")
    opts = ap.options_of(deal.view(0))
    vals = ap.values(deal, opts, others, "easy")
    for a in opts:
        after = deal.copy()
        after.apply(0, a)
        seats = list(others)
        assert vals[a] == play_deal(after, seats).payments[0]
    # the baseline's own word is worth what its own game brings
    own = others[0].choose(deal.view(0))
    game = deal.copy()
    assert vals[own] == play_deal(game, list(others)).payments[0]
    # the bound gets at least as much after every option
    bound = ap.values(deal, opts, others)
    assert all(bound[a] >= vals[a] for a in opts)
    assert bound != vals


def test_options_may_be_valued_by_a_searching_level_taking_the_seat_after_them() -> None:
    deal, others = bench_position("tapp1879", "play", i=2)
    opts = ap.options_of(deal.view(0))
    vals = ap.values(deal, opts, others, "normal")
    # normal plays the rest otherwise than the baseline would (so they value otherwise)
    assert vals != ap.values(deal, opts, others, "easy")
    for a in opts:
        after = deal.copy()
        after.apply(0, a)
        seats = list(others)
        # normal without a clock, from the seat's view: the same game on any machine
        seats[0] = ap.SearchPlayer(random.Random(ap.CONTINUATION_SEED),
                                   ap.LEVELS["normal"].with_seconds(None))
        assert vals[a] == play_deal(after, seats).payments[0]
    assert ap.values(deal, opts, others, "normal") == vals
    # here the bound, which sees every card, gets at least as much after every option
    # (not a law: the bound is a one-step lookahead, not a perfect player)
    bound = ap.values(deal, opts, others)
    assert all(bound[a] >= vals[a] for a in opts)


def test_run_values_every_players_choice_and_is_deterministic() -> None:
    specs = ap.parse_players("easy,strong:layouts=3")
    out = ap.run("tapp1879", "auction", "any", 2, 0, specs, redeal=2, tries=200)
    assert out["positions"] == 2 and out["after"] == "bound" and len(out["rows"]) == 2
    for row in out["rows"]:
        assert row["best"] >= max(row["value"].values())
        assert set(row["chose"]) == {"easy", "strong:layouts=3"}
        red = row["redeals"]
        assert len(red["options"]) == row["options"]
        assert max(red["options"].values()) == pytest.approx(red["blind_best_in_sample"],
                                                             abs=1e-3)
        for who, token in row["chose"].items():  # a choice's value: its option's mean
            assert red["value"][who] == pytest.approx(red["options"][token], abs=1e-3)
    # easy's value is the value of the baseline's word at the position
    row = out["rows"][0]
    _, variant, n, options, _ = next(s for s in SETTINGS if s[0] == "tapp1879")
    seed = 9000 + row["deal"]
    others = baseline_seats(n, seed)
    base = list(others)
    base[0] = make_player("easy", random.Random(seed))
    deal = next(d for d in ap.candidates(_new_deal(variant, n, options, row["deal"], seed),
                                         base, "auction", "any", (1, 99))
                if d.ply == row["ply"])
    word = base[0].choose(deal.view(0))
    assert row["chose"]["easy"] == word.token
    assert row["value"]["easy"] == ap.values(deal, [word], others)[word]
    p = out["players"]["strong:layouts=3"]
    assert p["below_best"]["mean"] >= 0 and 0 <= p["chose_best"] <= 1
    assert out["players"]["easy"]["minus_easy"]["mean"] == 0
    again = ap.run("tapp1879", "auction", "any", 2, 0, specs, redeal=2, tries=200)
    for a, b in zip(out["rows"], again["rows"], strict=True):
        assert {k: v for k, v in a.items() if k != "cpu_ms"} == {
            k: v for k, v in b.items() if k != "cpu_ms"}
    ap.print_table(out)


def test_the_clock_switches_to_cpu_time_and_back() -> None:
    assert clock.current() == "wall"
    try:
        clock.use("cpu")
        assert clock.current() == "cpu"
        assert clock.now() == pytest.approx(__import__("time").process_time(), abs=0.05)
    finally:
        clock.use("wall")
    with pytest.raises(ValueError):
        clock.use("sundial")


def test_bad_players_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        ap.main(["--variant", "zuger", "--phase", "play", "--players", "strong:depth=2"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "depth" in err[0]
