"""``python -m bot bench engine``: its figures are well-formed (a very short run)."""

from __future__ import annotations

import json

import pytest

from bench import engine as bench
from bot.engine import compiled


def test_engine_batches_play_whole_deals():
    batch = bench.engine_batch("dapp", 3, {})
    batch()  # no exception: BATCH deals dealt and played to the end
    assert bench.engine_rate("zuger", 4, {}, seconds=0.01) > 0


def test_paired_rates_time_each_side_on_its_own():
    calls = {"a": 0, "b": 0, "c": 0}

    def a() -> None:
        calls["a"] += 1
        sum(range(20000))

    def b() -> None:
        calls["b"] += 1

    def c() -> None:
        calls["c"] += 1
        sum(range(200000))

    ra, rb, rc = bench.paired_rates([a, b, c], seconds=0.01)
    assert calls["a"] == calls["b"] == calls["c"] >= 2
    assert rb > ra > rc > 0


def test_a_batch_plays_with_the_playout_it_is_given():
    played = []

    def playout(deal, rng):
        played.append(deal.n)
        return bench.play_out(deal, rng)

    bench.engine_batch("dapp", 4, {}, playout=playout)()
    assert played == [4] * bench.BATCH


def test_json_output(capsys, monkeypatch):
    monkeypatch.setattr(bench, "CASES", [("dapp", 3, {})])
    assert bench.main(["--json", "--seconds", "0.01"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["deals_per_s"]["dapp-3"] > 0
    skat = figures["openspiel_skat_games_per_s"]
    if skat is not None:
        assert skat > 0 and figures["ratio_dapp3_vs_openspiel"] > 0
        assert figures["dapp3_deals_per_s_paired"] > 0


def test_runs_report_the_median_paired_run(capsys, monkeypatch):
    """``--runs 3``: the paired run three times, the median one reported (the lower of
    the middle two with an even number) with its rates, every run's ratio beside it."""
    monkeypatch.setattr(bench, "CASES", [("dapp", 3, {})])
    monkeypatch.setattr(bench, "skat_batch", lambda: lambda: None)
    pairs = iter([(20.0, 10.0), (33.0, 10.0), (21.0, 10.0)])
    monkeypatch.setattr(bench, "paired_rates", lambda batches, seconds: next(pairs))
    assert bench.main(["--json", "--seconds", "0.01", "--runs", "3"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["paired_runs"] == [2.0, 3.3, 2.1]
    assert figures["ratio_dapp3_vs_openspiel"] == 2.1
    assert (figures["dapp3_deals_per_s_paired"], figures["openspiel_skat_games_per_s"]) == (
        21.0, 10.0)
    pairs = iter([(20.0, 10.0), (33.0, 10.0), (21.0, 10.0)])
    assert bench.main(["--seconds", "0.01", "--runs", "3"]) == 0
    out = capsys.readouterr().out
    assert "ratio dapp-3 / OpenSpiel skat: 2.10" in out
    assert "(the median of 3 paired runs: 2.00, 3.30, 2.10)" in out


@pytest.mark.parametrize("is_compiled", [True, False])
def test_the_compiled_playout_is_measured_beside_its_pure_source(capsys, monkeypatch,
                                                                 is_compiled):
    """Where the playout is compiled, its source as plain Python takes turns in the same
    paired run (a third batch) and is reported from the run of the median ratio."""
    monkeypatch.setattr(bench, "CASES", [("dapp", 3, {})])
    monkeypatch.setattr(bench, "skat_batch", lambda: lambda: None)
    monkeypatch.setattr(compiled, "is_compiled", lambda: is_compiled)
    sides = []

    def paired_rates(batches, seconds):
        sides.append(len(batches))
        return next(runs)[:len(batches)]

    runs = iter([(20.0, 10.0, 15.0), (33.0, 10.0, 16.0), (21.0, 10.0, 17.0)])
    monkeypatch.setattr(bench, "paired_rates", paired_rates)
    assert bench.main(["--json", "--seconds", "0.01", "--runs", "3"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert sides == [3 if is_compiled else 2] * 3
    assert figures["playout"] == ("compiled" if is_compiled else "pure Python")
    assert figures["ratio_dapp3_vs_openspiel"] == 2.1
    if is_compiled:
        assert figures["pure_python_dapp3_deals_per_s_paired"] == 17.0
        assert figures["pure_python_ratio_dapp3_vs_openspiel"] == 1.7
    else:
        assert figures["pure_python_dapp3_deals_per_s_paired"] is None
        assert figures["pure_python_ratio_dapp3_vs_openspiel"] is None
