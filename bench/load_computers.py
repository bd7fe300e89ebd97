"""The computer players' figures of ``python -m bot bench load --computers LEVEL``, read in
the bot's process from the bot's own metrics (:mod:`bot.ops.metrics`): the wall time of
each decision as the event loop waited for it (``tapp_computer_decision_seconds``), the
part it queued for a worker (``tapp_computer_queue_seconds``), the rest (the worker's
search and the way back: ``tapp_computer_worker_seconds``) and the baseline's answers
instead (``tapp_computer_fallbacks_total``), with the worker processes' CPU time
(:func:`bot.ai.runner.worker_pids`) and the whole machine's (``/proc/stat``: every
process, the bench's and whatever else runs). :func:`snapshot` at the start of the play
phase and at its end; :func:`computer_figures` of the difference.

The quantiles are the histogram's, as Prometheus' ``histogram_quantile`` reads them: the
bucket holding the rank, linear within it (the buckets are 50 ms apart up to 0.4 s, 100
ms up to 1.3 s: see :data:`bot.ops.metrics.DECISION_BUCKETS`).
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from typing import Any

from prometheus_client import CollectorRegistry

from bot.ai import runner
from bot.ops.metrics import FALLBACK_REASONS

DECISIONS, QUEUED = "tapp_computer_decision_seconds", "tapp_computer_queue_seconds"
WORKED = "tapp_computer_worker_seconds"
FALLBACKS = "tapp_computer_fallbacks_total"


@dataclass
class Histogram:
    """One level's histogram at a moment: cumulative counts by upper bound, and the sum."""

    buckets: dict[float, float] = field(default_factory=dict)
    total: float = 0.0

    @property
    def count(self) -> float:
        return self.buckets.get(math.inf, 0.0)

    def __sub__(self, other: Histogram) -> Histogram:
        return Histogram({le: n - other.buckets.get(le, 0.0) for le, n in self.buckets.items()},
                         self.total - other.total)

    def quantile(self, q: float) -> float | None:
        """The ``q`` quantile (seconds), as ``histogram_quantile`` has it; None if empty.
        Past the last finite bound: that bound."""
        if self.count <= 0:
            return None
        rank = q * self.count
        lower, below = 0.0, 0.0
        finite = [le for le in sorted(self.buckets) if math.isfinite(le)]
        for le in finite:
            n = self.buckets[le]
            if n >= rank:
                return lower + (le - lower) * (rank - below) / (n - below) if n > below \
                    else le
            lower, below = le, n
        return finite[-1] if finite else None


@dataclass
class Snapshot:
    """The computer figures of one level at a moment."""

    decisions: Histogram
    queued: Histogram
    worked: Histogram
    fallbacks: dict[str, float]
    workers_cpu_s: float
    #: the machine's (busy, all) seconds of CPU time so far, every core (``/proc/stat``)
    machine: tuple[float, float] = (0.0, 0.0)


def _histogram(registry: CollectorRegistry, name: str, level: str) -> Histogram:
    found = Histogram()
    for family in registry.collect():
        for sample in family.samples:
            if sample.labels.get("level") != level:
                continue
            if sample.name == f"{name}_bucket":
                found.buckets[float(sample.labels["le"])] = sample.value
            elif sample.name == f"{name}_sum":
                found.total = sample.value
    return found


def machine_cpu_s() -> tuple[float, float]:
    """The machine's CPU seconds so far, every core: (busy, all); (0, 0) without
    ``/proc/stat``."""
    try:
        with open("/proc/stat", encoding="ascii") as stat:
            ticks = [int(n) for n in stat.readline().split()[1:9]]
    except OSError:
        return 0.0, 0.0
    per_s = os.sysconf("SC_CLK_TCK")
    idle = ticks[3] + ticks[4]  # idle, iowait
    return (sum(ticks) - idle) / per_s, sum(ticks) / per_s


def snapshot(registry: CollectorRegistry, level: str, workers_cpu_s: float) -> Snapshot:
    """What the bot's metrics say of ``level``'s decisions so far (``workers_cpu_s``: the
    CPU seconds of the workers, now)."""
    fallbacks = {reason: registry.get_sample_value(
        FALLBACKS, {"level": level, "reason": reason}) or 0.0 for reason in FALLBACK_REASONS}
    return Snapshot(_histogram(registry, DECISIONS, level), _histogram(registry, QUEUED, level),
                    _histogram(registry, WORKED, level), fallbacks, workers_cpu_s,
                    machine_cpu_s())


def _ms(seconds: float | None) -> float | None:
    return None if seconds is None else round(seconds * 1000, 1)


def computer_figures(level: str, seats: int, before: Snapshot, after: Snapshot,
                     seconds: float) -> dict[str, Any]:
    """The decisions of the ``seconds`` between the two snapshots: how many (a second),
    their wall time (p50, p99, mean; ms), its two parts (queueing, the worker's), the
    fallbacks by reason, and
    how busy the workers were: their CPU time, per decision and over their cores' time
    (``workers_cpu_share``); and the whole machine's: ``machine_busy_cores`` (every
    process's CPU time over the wall time) and ``load_average`` (1 minute, at the
    end)."""
    decisions, queued = after.decisions - before.decisions, after.queued - before.queued
    worked = after.worked - before.worked
    count = int(decisions.count)
    workers = runner.worker_count()
    cpu = after.workers_cpu_s - before.workers_cpu_s
    capacity = seconds * workers
    busy = after.machine[0] - before.machine[0]
    cores = os.cpu_count() or 1
    elapsed = (after.machine[1] - before.machine[1]) / cores
    return {
        "level": level,
        "seats": seats,
        "decisions": count,
        "decisions_per_s": round(count / seconds, 2) if seconds else None,
        "p50_ms": _ms(decisions.quantile(0.5)),
        "p99_ms": _ms(decisions.quantile(0.99)),
        "mean_ms": _ms(decisions.total / count) if count else None,
        "over_1s": int(count - decisions.buckets.get(1.0, 0.0)),
        "queued": int(queued.count),
        "queue_p50_ms": _ms(queued.quantile(0.5)),
        "queue_p99_ms": _ms(queued.quantile(0.99)),
        "queue_mean_ms": _ms(queued.total / queued.count) if queued.count else None,
        "worker_p50_ms": _ms(worked.quantile(0.5)),
        "worker_p99_ms": _ms(worked.quantile(0.99)),
        "fallbacks": {reason: int(after.fallbacks[reason] - before.fallbacks[reason])
                      for reason in FALLBACK_REASONS},
        "workers": workers,
        "workers_cpu_s": round(cpu, 2),
        "workers_cpu_share": round(cpu / capacity, 2) if capacity else None,
        "workers_cpu_ms_per_decision": round(cpu * 1000 / count, 1) if count else None,
        "machine_busy_cores": round(busy / elapsed, 2) if elapsed > 0 else None,
        "machine_cores": cores,
        "load_average": round(os.getloadavg()[0], 2),
    }


def computers_line(c: dict[str, Any]) -> str:
    """The report's line on the computer players."""
    def ms(value: float | None) -> str:
        return "-" if value is None else f"{value:.0f}"

    fallbacks = c["fallbacks"]
    return (
        f"computers ({c['level']}, {c['seats']} a table): {c['decisions']} decisions "
        f"({c['decisions_per_s']:g}/s) as the event loop waited for them: p50 "
        f"{ms(c['p50_ms'])} ms, p99 {ms(c['p99_ms'])} ms, mean {ms(c['mean_ms'])} ms, "
        f"{c['over_1s']} over 1 s; queued for a worker p50 {ms(c['queue_p50_ms'])} ms, p99 "
        f"{ms(c['queue_p99_ms'])} ms; in the worker p50 {ms(c['worker_p50_ms'])} ms, p99 "
        f"{ms(c['worker_p99_ms'])} ms; baseline instead: {fallbacks['timeout']} timed out, "
        f"{fallbacks['broken']} broken pool; its {c['workers']} workers: CPU "
        f"{c['workers_cpu_s']:.1f} s ({c['workers_cpu_share']} of their cores' time, "
        f"{ms(c['workers_cpu_ms_per_decision'])} ms a decision); the machine: "
        f"{c['machine_busy_cores']} of its {c['machine_cores']} cores busy (every "
        f"process), load average {c['load_average']}")
