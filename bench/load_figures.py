"""The figures of a ``python -m bot bench load`` phase: the interactions the members
started (:class:`Sample`), the phase's counts (:class:`PhaseStats`), and the counts and
latencies reported from them (:func:`phase_figures`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import time
from dataclasses import dataclass, field
from typing import Any

from standin import InteractionRecord, Sandbox


@dataclass
class Sample:
    """One interaction of a phase: its kind and the stand-in's timings."""

    kind: str  # hand, action, join, new, start, probe, floor_hand, floor_act
    record: InteractionRecord


@dataclass
class PhaseStats:
    """What a phase counted, besides its samples."""

    samples: list[Sample] = field(default_factory=list)
    turns: int = 0
    missed: int = 0  # arrivals with no table ready (open loop)
    probes: int = 0
    timeouts: int = 0
    refused: int = 0
    broken: int = 0  # turns the members' side could not take (an exception: a bench bug)


def percentile(values: list[float], q: float) -> float:
    """The nearest-rank percentile (as the table tests' latency summary computes it)."""
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[index]


def phase_figures(sandbox: Sandbox, stats: PhaseStats, seconds: float, *,
                  action_kinds: tuple[str, ...], until: float | None = None,
                  keep: bool = False) -> dict[str, Any]:
    """Counts and latencies (ms from the interaction's creation to the bot's first
    answer, on the stand-in's clock, as the table tests measure them); with ``keep``,
    the actions' latencies themselves too (``action_latencies_ms``, for
    :func:`pooled`)."""
    loop_now = asyncio.get_running_loop().time()
    wall_end = None if until is None else sandbox.clock.now().timestamp() - (
        loop_now - until)
    latencies: list[float] = []
    action_latencies: list[float] = []
    actions = unanswered = failed = 0
    kinds: dict[str, dict[str, int]] = {}
    for sample in stats.samples:
        record = sample.record
        counts = kinds.setdefault(sample.kind, {"n": 0, "answered": 0, "deferred": 0,
                                                "failed": 0, "errors": 0})
        counts["n"] += 1
        counts["errors"] += bool(record.errors)
        counts["failed"] += record.failed
        counts["deferred"] += record.deferred
        if record.responded_at is None:
            unanswered += 1
            if not record.failed:
                continue
            # "This interaction failed": counted at Discord's limit (a floor on what
            # the member waited; they never got an answer)
            ms = sandbox.limits.initial_response_s * 1000
            failed += 1
        else:
            counts["answered"] += 1
            ms = (record.responded_at - record.created_at).total_seconds() * 1000
        latencies.append(ms)
        if sample.kind in action_kinds:
            action_latencies.append(ms)
            if record.responded_at is not None and (
                    wall_end is None or record.responded_at.timestamp() <= wall_end):
                actions += 1
    out: dict[str, Any] = {
        "seconds": round(seconds, 2),
        "interactions": len(stats.samples),
        "answered": len(stats.samples) - unanswered,
        "unanswered": unanswered,
        "failed": failed,
        "actions": actions,
        "actions_per_s": round(actions / seconds, 1) if seconds > 0 else 0.0,
        "turns": stats.turns,
        "missed": stats.missed,
        "probes": stats.probes,
        "timeouts": stats.timeouts,
        "refused": stats.refused,
        "broken": stats.broken,
        "kinds": kinds,
    }
    _latency_figures(out, latencies, action_latencies)
    if keep:
        out["action_latencies_ms"] = action_latencies
    return out


def _latency_figures(out: dict[str, Any], latencies: list[float],
                     action_latencies: list[float]) -> None:
    for name, values in (("", latencies), ("action_", action_latencies)):
        if values:
            out[f"{name}p50_ms"] = round(percentile(values, 0.50), 1)
            out[f"{name}p99_ms"] = round(percentile(values, 0.99), 1)
            out[f"{name}max_ms"] = round(max(values), 1)


#: the counts :func:`pooled` adds up
_SUMMED = ("seconds", "interactions", "answered", "unanswered", "failed", "actions", "turns",
           "missed", "probes", "timeouts", "refused", "broken", "driver_cpu_s", "global_refused")


def pooled(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """One phase's figures from runs of it (each with ``keep``): counts added up, the
    latency figures over all the runs' actions (whose latencies are dropped), each run's
    action p99 in ``runs_p99_ms``."""
    out: dict[str, Any] = {key: round(sum(run[key] for run in runs), 2) for key in _SUMMED}
    seconds = out["seconds"]
    out["actions_per_s"] = round(out["actions"] / seconds, 1) if seconds > 0 else 0.0
    out["token_requests_per_s"] = round(sum(
        run["token_requests_per_s"] * run["seconds"] for run in runs) / seconds, 1
    ) if seconds > 0 else 0.0
    kinds: dict[str, dict[str, int]] = {}
    for run in runs:
        for kind, counts in run["kinds"].items():
            into = kinds.setdefault(kind, dict.fromkeys(counts, 0))
            for key, value in counts.items():
                into[key] = into.get(key, 0) + value
    out["kinds"] = kinds
    actions = [ms for run in runs for ms in run.pop("action_latencies_ms")]
    _latency_figures(out, actions, actions)
    out["runs_p99_ms"] = [run.get("action_p99_ms") for run in runs]
    out["runs_standin_gc"] = [run.get("standin_gc") for run in runs]
    return out


class FullCollections:
    """A process's full garbage collections (generation 2) from now until :meth:`stop`:
    how many, the longest and their sum (each stops the process's event loop: every
    interaction it has under way waits)."""

    def __init__(self) -> None:
        self.pauses: list[float] = []
        self._started: float | None = None
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, info: dict[str, Any]) -> None:
        if info.get("generation") != 2:
            return
        if phase == "start":
            self._started = time.perf_counter()
        elif self._started is not None:
            self.pauses.append((time.perf_counter() - self._started) * 1000)
            self._started = None

    def stop(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._callback)

    def figures(self) -> dict[str, Any]:
        return {"full": len(self.pauses),
                "max_ms": round(max(self.pauses, default=0.0), 1),
                "total_ms": round(sum(self.pauses), 1)}
