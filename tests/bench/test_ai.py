"""``bench ai`` on a tiny budget: every pair of levels and the bound are reported."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bench import ai
from bot.ai import clock, search


@pytest.fixture
def tiny_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    tiny = {name: replace(cfg.with_seconds(None), bid_samples=2,
                          play=replace(cfg.play, seconds=None, samples=2, min_samples=2))
            for name, cfg in search.LEVELS.items()}
    monkeypatch.setattr(search, "LEVELS", tiny)


def test_reports_every_pair_and_the_bound(tiny_levels: None) -> None:
    settings = [s for s in ai.SETTINGS if s[0] in ("zuger", "dapp")]
    out = ai.run(deals=2, bound_deals=2, settings=settings, workers=1)
    assert set(out["variants"]) == {"zuger", "dapp"}
    for entry in out["variants"].values():
        for a, b in ai.PAIRS:
            pair = entry[f"{a}_vs_{b}"]
            assert pair["deals"] == 2
            assert pair["ci95"][0] <= pair["mean"] <= pair["ci95"][1]
        assert entry["bound_vs_easy"]["mean"] >= 0  # the bound never does worse
    assert {"easy", "normal", "strong", "bound"} <= set(out["decision_ms"])
    assert len(out["load_avg"]["before"]) == len(out["load_avg"]["after"]) == 3
    ai.print_table(out)


def test_tested_seats_spread_round_the_table() -> None:
    assert ai.tested_seats(4, 1) == [0]
    assert ai.tested_seats(4, 2) == [0, 2]
    assert ai.tested_seats(3, 2) == [0, 1]
    assert ai.tested_seats(4, 9) == [0, 1, 2, 3]


def test_two_seats_average_per_deal(tiny_levels: None,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    settings = [s for s in ai.SETTINGS if s[0] == "zuger"]
    played: list[tuple[str, int, int]] = []
    task = ai._task

    def spy(job: ai.Job) -> ai.Done:
        done = task(job)
        played.append((done[0], done[2], done[3]))
        return done

    monkeypatch.setattr(ai, "_task", spy)
    out = ai.run(deals=1, bound_deals=1, settings=settings, workers=1, seats=2)
    assert out["seats"] == {"zuger": [0, 2]}
    # every level in both seats; the bound in seat 0 alone
    assert sorted(played) == sorted([(k, 0, s) for k in ("easy", "normal", "strong")
                                     for s in (0, 2)] + [("bound", 0, 0)])
    assert out["variants"]["zuger"]["strong_vs_easy"]["deals"] == 1


def test_pairs_average_the_seats_both_played() -> None:
    strong = {0: {0: 6, 2: -2}, 1: {0: 0, 2: 6}}
    easy = {0: {0: 2, 2: -2}, 1: {0: 1, 2: 1}}
    bound = {0: {0: 9}, 1: {0: 3}}
    # deal 0: (4 + 0) / 2; deal 1: (-1 + 5) / 2
    assert ai._compare(strong, easy, [0, 1])["mean"] == 2.0
    assert ai._compare(strong, easy, [0, 1])["changed"] == 2
    # the bound only played seat 0: compared there alone
    assert ai._compare(bound, easy, [0, 1])["mean"] == 4.5
    # in seat 0 alone: (4 - 1) / 2
    assert ai._compare(strong, easy, [0, 1], seat=0)["mean"] == 1.5


def test_gap_closed_interval_is_paired() -> None:
    gaps = [2.0, 4.0, 6.0, 8.0]
    # a level that closes exactly half of every deal's gap: no spread at all
    assert ai.ratio_ci95([1.0, 2.0, 3.0, 4.0], gaps) == (0.5, 0.5, 0.5)
    r, lo, hi = ai.ratio_ci95([1.0, 3.0, 2.0, 4.0], gaps) or (0, 0, 0)
    assert r == 0.5 and lo < 0.5 < hi
    assert ai.ratio_ci95([1.0, 1.0], [0.0, 0.0]) is None  # no gap to close


def test_run_reports_the_phase_table_and_the_gap_interval(tiny_levels: None) -> None:
    settings = [s for s in ai.SETTINGS if s[0] == "tapp1879"]
    out = ai.run(deals=2, bound_deals=2, settings=settings, workers=1)
    entry = out["variants"]["tapp1879"]
    phases = entry["phases"]
    assert phases["check"] == {"deals": 2, "sum_is_bound_minus_strong": 2}
    total = sum(g["chips_per_deal"] for g in phases["groups"].values())
    gap = entry["bound_vs_easy"]["mean"] - entry["strong_vs_easy_bound_deals"]
    assert abs(total - gap) < 0.01
    assert "strong_gap_closed_ci95" in entry
    assert out["cpu_s"]["tapp1879"]["phases"] >= 0
    ai.print_table(out)
    out = ai.run(deals=1, bound_deals=1, settings=settings, workers=1, phases=False)
    assert "phases" not in out["variants"]["tapp1879"]


def test_the_budgets_may_be_read_from_cpu_time(tiny_levels: None,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    settings = [s for s in ai.SETTINGS if s[0] == "dapp"]
    seen: list[str] = []
    play = ai._play

    def spy(job: ai.Job) -> ai.Done:
        seen.append(clock.current())
        return play(job)

    monkeypatch.setattr(ai, "_play", spy)
    out = ai.run(deals=1, bound_deals=0, settings=settings, workers=1, clock_name="cpu")
    assert out["clock"] == "cpu" and seen and set(seen) == {"cpu"}
    assert clock.current() == "wall"  # the process's own clock again after each job
    out = ai.run(deals=1, bound_deals=0, settings=settings, workers=1)
    assert out["clock"] == "wall" and set(seen) == {"cpu", "wall"}
