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
    """A real run, short: the compiled playout beside its source as plain Python in the
    paired run, and beside OpenSpiel's skat where that is installed."""
    monkeypatch.setattr(bench, "CASES", [("dapp", 3, {})])
    assert bench.main(["--json", "--seconds", "0.01"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["playout"] == "compiled"
    assert figures["deals_per_s"]["dapp-3"] > 0
    assert figures["dapp3_deals_per_s_paired"] > 0
    assert figures["pure_python_dapp3_deals_per_s_paired"] > 0
    assert figures["compiled_vs_pure_python"] > 0
    assert figures["compiled_vs_pure_python_runs"] == [figures["compiled_vs_pure_python"]]
    skat = figures["openspiel_skat_games_per_s"]
    if skat is not None:
        assert skat > 0 and figures["ratio_dapp3_vs_openspiel"] > 0


def test_runs_report_the_median_paired_run(capsys, monkeypatch):
    """``--runs 3``: the paired run three times, the median one reported (the lower of
    the middle two with an even number) with its rates, every run's ratio beside it."""
    monkeypatch.setattr(bench, "CASES", [("dapp", 3, {})])
    monkeypatch.setattr(bench, "skat_batch", lambda: lambda: None)
    pairs = iter([(20.0, 10.0), (33.0, 10.0), (21.0, 10.0)])
    monkeypatch.setattr(bench, "paired_rates",  # and the plain playout at 10 deals/s
                        lambda batches, seconds: [*next(pairs), 10.0][:len(batches)])
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


@pytest.mark.parametrize("with_skat", [True, False])
@pytest.mark.parametrize("is_compiled", [True, False])
def test_the_compiled_playout_is_measured_beside_its_pure_source(capsys, monkeypatch,
                                                                 is_compiled, with_skat):
    """Where the playout is compiled, its source as plain Python takes turns in the same
    paired run, with OpenSpiel's skat or without, and is reported from the run of the
    median ratio (to skat where there is one, else to the plain playout)."""
    monkeypatch.setattr(bench, "CASES", [("dapp", 3, {})])
    monkeypatch.setattr(bench, "skat_batch", lambda: (lambda: None) if with_skat else None)
    monkeypatch.setattr(compiled, "is_compiled", lambda module=None: is_compiled)
    monkeypatch.setattr(compiled, "describe",
                        lambda module=None: "compiled" if is_compiled else "pure Python")
    sides = []
    # (dapp-3 compiled, skat, dapp-3 plain) a run; the sides a run has, in that order
    runs = iter([(20.0, 10.0, 16.0), (33.0, 10.0, 15.0), (21.0, 10.0, 14.0)])

    def paired_rates(batches, seconds):
        sides.append(len(batches))
        dapp3, skat, pure = next(runs)
        return [dapp3] + ([skat] if with_skat else []) + ([pure] if is_compiled else [])

    monkeypatch.setattr(bench, "paired_rates", paired_rates)
    assert bench.main(["--json", "--seconds", "0.01", "--runs", "3"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["playout"] == ("compiled" if is_compiled else "pure Python")
    assert sides == ([1 + with_skat + is_compiled] * 3 if with_skat or is_compiled else [])
    if with_skat:  # the median over skat: 2.1 (the third run)
        assert figures["paired_runs"] == [2.0, 3.3, 2.1]
        assert figures["ratio_dapp3_vs_openspiel"] == 2.1
    else:
        assert figures["paired_runs"] == [] and figures["ratio_dapp3_vs_openspiel"] is None
    if is_compiled:
        assert figures["compiled_vs_pure_python_runs"] == [1.25, 2.2, 1.5]
        if with_skat:
            assert figures["pure_python_dapp3_deals_per_s_paired"] == 14.0
            assert figures["pure_python_ratio_dapp3_vs_openspiel"] == 1.4
            assert figures["compiled_vs_pure_python"] == 1.5
        else:  # the median over the plain playout: 1.5 (the third run again)
            assert figures["pure_python_dapp3_deals_per_s_paired"] == 14.0
            assert figures["pure_python_ratio_dapp3_vs_openspiel"] is None
            assert figures["compiled_vs_pure_python"] == 1.5
        assert figures["dapp3_deals_per_s_paired"] == 21.0
    else:
        assert figures["pure_python_dapp3_deals_per_s_paired"] is None
        assert figures["compiled_vs_pure_python"] is None
        assert figures["compiled_vs_pure_python_runs"] == []
    runs = iter([(21.0, 10.0, 14.0)])
    assert bench.main(["--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert f"playout: {figures['playout']}\n" in out
    shown = "the same playout as plain Python, paired: dapp-3 14 deals/s (the compiled one "
    if is_compiled:
        assert shown + ("1.50x as fast; over OpenSpiel skat 1.40)" if with_skat
                        else "1.50x as fast)") in out
    else:
        assert shown not in out
