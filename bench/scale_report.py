"""The figures of ``python -m bot bench scale`` (:mod:`bench.scale`): the ratios of two
processes to one, the simulation beside them, whether the aims are met, and the table."""

from __future__ import annotations

import argparse
import os
from typing import Any

#: the aims (issue 31): two processes' turns a second over one's, their p99, the CPU
#: per turn of two over one's
AIM_SPEEDUP = 1.7
AIM_P99_MS = 250.0
AIM_CPU_RATIO = 1.25


def _ratio(a: float | None, b: float | None) -> float | None:
    return round(a / b, 2) if a is not None and b else None


def judge(runs: dict[str, Any], args: argparse.Namespace) -> dict[str, Any]:
    one, two = runs["one"], runs["two"]
    fault = runs.get("fault")
    measured = [r for r in runs.values()]
    speedup = _ratio(two["turns_per_s"], one["turns_per_s"])
    cpu_ratio = _ratio(two["cpu_ms_per_turn"], one["cpu_ms_per_turn"])
    # two processes with a core each: each delivers 1 / (its CPU per turn), and the
    # offered load is split evenly: twice one process's capacity over the CPU ratio
    simulated = round(2 / cpu_ratio, 2) if cpu_ratio else None
    p99 = max((r["p99_ms"] for r in (one, two) if r["p99_ms"] is not None), default=None)
    figures: dict[str, Any] = {
        "speedup_2_over_1": speedup,
        "cpu_ratio_2_over_1": cpu_ratio,
        "simulated_speedup_2_over_1": simulated,
        "p99_ms": p99,
        "lost": sum(r["lost"] for r in measured),
        "doubled": sum(r["doubled"] for r in measured),
        "global_limit_exceeded": any(r["global_refused"] for r in measured),
        "global_refused": sum(r["global_refused"] for r in measured),
        "global_limit": args.global_limit,
        "rate_per_process": args.rate,
        "tables_per_process": args.tables,
        "seconds": args.seconds,
        "cores": os.cpu_count(),
        # what else ran on the machine: the 1-minute load average as the runs ended
        "load_average": round(os.getloadavg()[0], 2),
        "runs": runs,
    }
    figures["aim_speedup_met"] = bool(speedup is not None and speedup >= AIM_SPEEDUP)
    figures["aim_p99_met"] = bool(p99 is not None and p99 < AIM_P99_MS)
    figures["aim_cpu_met"] = bool(cpu_ratio is not None and cpu_ratio <= AIM_CPU_RATIO)
    figures["aim_fault_met"] = bool(fault is None or (fault["lost"] == 0
                                                      and fault["doubled"] == 0))
    figures["aim_met"] = all(figures[k] for k in ("aim_speedup_met", "aim_p99_met",
                                                  "aim_cpu_met", "aim_fault_met")) and not (
        figures["global_limit_exceeded"])
    return figures


def report(figures: dict[str, Any]) -> str:
    rows = [f"{'run':<6}{'procs':>6}{'offered/s':>10}{'turns/s':>9}{'p99 ms':>8}"
            f"{'failed':>7}{'cpu ms/turn':>12}{'lost':>6}{'doubled':>8}{'429 global':>11}"]
    for name, r in figures["runs"].items():
        rows.append(f"{name:<6}{r['processes']:>6}{r['rate']:>10.0f}{r['turns_per_s']:>9.1f}"
                    f"{r['p99_ms'] or 0:>8.0f}{r['failed']:>7}{r['cpu_ms_per_turn'] or 0:>12.2f}"
                    f"{r['lost']:>6}{r['doubled']:>8}{r['global_refused']:>11}")
    rows += [
        "",
        f"speedup 2 over 1: {figures['speedup_2_over_1']} (aim >= {AIM_SPEEDUP}); "
        f"simulated with a core per process: {figures['simulated_speedup_2_over_1']}",
        f"CPU per turn 2 over 1: {figures['cpu_ratio_2_over_1']} (aim <= {AIM_CPU_RATIO});"
        f" p99 {figures['p99_ms']} ms (aim < {AIM_P99_MS:.0f})",
        f"lost {figures['lost']}, doubled {figures['doubled']}, global limit exceeded: "
        f"{figures['global_limit_exceeded']} ({figures['global_refused']} refused); "
        f"cores: {figures['cores']} (load average {figures['load_average']}); "
        f"aim met: {figures['aim_met']}",
    ]
    return "\n".join(rows)
