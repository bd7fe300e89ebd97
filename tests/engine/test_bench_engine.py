"""``python -m bot bench engine``: its figures are well-formed (a very short run)."""

from __future__ import annotations

import json

import pytest

from bench import engine as bench


def test_engine_batches_play_whole_deals():
    batch = bench.engine_batch("dapp", 3, {})
    batch()  # no exception: BATCH deals dealt and played to the end
    assert bench.engine_rate("zuger", 4, {}, seconds=0.01) > 0


def test_paired_rates_time_each_side_on_its_own(monkeypatch):
    """Each side's batches are timed alone (a clock that moves only inside them: 2, 1
    and 4 units a batch), the sides taking turns until each has had ``seconds``."""
    now = [0.0]
    monkeypatch.setattr(bench, "_clock", lambda: now[0])
    calls = {"a": 0, "b": 0, "c": 0}

    def side(name: str, cost: float):
        def batch() -> None:
            calls[name] += 1
            now[0] += cost
        return batch

    ra, rb, rc = bench.paired_rates([side("a", 2), side("b", 1), side("c", 4)], seconds=10)
    assert calls == {"a": 11, "b": 11, "c": 11}  # one warm-up each, then ten turns
    assert (ra, rb, rc) == (bench.BATCH * 10 / 20, bench.BATCH * 10 / 10,
                            bench.BATCH * 10 / 40)


def test_a_batch_plays_with_the_playout_it_is_given():
    played = []

    def playout(deal, rng):
        played.append(deal.n)
        return bench.play_out(deal, rng)

    bench.engine_batch("dapp", 4, {}, playout=playout)()
    assert played == [4] * bench.BATCH


def test_json_output(capsys, monkeypatch):
    """A real run, short: the engine's playout, paired with OpenSpiel's skat where that
    is installed."""
    monkeypatch.setattr(bench, "CASES", [("dapp", 3, {})])
    assert bench.main(["--json", "--seconds", "0.01"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["deals_per_s"]["dapp-3"] > 0
    skat = figures["openspiel_skat_games_per_s"]
    if skat is None:
        assert figures["dapp3_deals_per_s_paired"] is None
    else:
        assert skat > 0 and figures["ratio_dapp3_vs_openspiel"] > 0
        assert figures["dapp3_deals_per_s_paired"] > 0


def test_runs_report_the_median_paired_run(capsys, monkeypatch):
    """``--runs 3``: the paired run three times, the median one reported (the lower of
    the middle two with an even number) with its rates, every run's ratio beside it."""
    monkeypatch.setattr(bench, "CASES", [("dapp", 3, {})])
    monkeypatch.setattr(bench, "skat_batch", lambda: lambda: None)
    pairs = iter([(20.0, 10.0), (33.0, 10.0), (21.0, 10.0)])
    monkeypatch.setattr(bench, "paired_rates", lambda batches, seconds: list(next(pairs)))
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


def test_without_openspiel_there_is_no_paired_run(capsys, monkeypatch):
    """No ``open_spiel``: the engine's own rates only, no paired run and no ratio."""
    monkeypatch.setattr(bench, "CASES", [("dapp", 3, {})])
    monkeypatch.setattr(bench, "skat_batch", lambda: None)
    monkeypatch.setattr(bench, "paired_rates", lambda batches, seconds: pytest.fail(
        "a paired run with no other side"))
    assert bench.main(["--json", "--seconds", "0.01", "--runs", "3"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["deals_per_s"]["dapp-3"] > 0
    assert figures["paired_runs"] == []
    assert figures["ratio_dapp3_vs_openspiel"] is None
    assert figures["dapp3_deals_per_s_paired"] is None
    assert bench.main(["--seconds", "0.01"]) == 0
    assert "OpenSpiel skat: not installed" in capsys.readouterr().out
