"""The bot's figures for Prometheus (``/metrics``), one registry per bot.

Counters move where their concern lives, through thin hooks: the table service reports
each committed turn (:meth:`BotMetrics.turn`, its ``on_turn``) and each computer
decision as the event loop saw it (:meth:`BotMetrics.decided`, its ``on_decision``: the
runner of :mod:`bot.ai.runner` returns the figures, it does not know of these), the
deal of the day each of its computers' decisions (:meth:`BotMetrics.daily_decided`, its
``on_decision``), discord.py's HTTP session reports every answer it gets
(:meth:`BotMetrics.trace`, added to the aiohttp trace that already feeds the
invalid-request budget). Everything else is read from the bot's own state when
Prometheus scrapes (:class:`StateCollector`): tables by state, the image workers' queue,
the invalid-request budget, the pace and the gateway latency.

Nothing here names a card, a member or a message: only counts, durations and states.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from types import SimpleNamespace
from typing import TYPE_CHECKING

import aiohttp
from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.registry import Collector
from yarl import URL

from bot.ai import levels
from bot.connection.clock_offset import ClockOffset

if TYPE_CHECKING:
    from bot.ai.runner import Decision
    from bot.connection.client import TappBot

#: who made a turn (see :meth:`BotMetrics.turn`)
TURN_KINDS = ("member", "computer", "substitute")
#: seconds from Discord making an interaction to the bot's answer arriving (Discord
#: shows the interaction as failed past 3 s)
ANSWER_BUCKETS = (0.05, 0.1, 0.25, 0.5, 0.75, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0)
#: seconds from a computer decision's request to its answer, in the event loop (queueing
#: for a worker included): fine from 0.1 to 1.5 s, where the levels' budgets (normal
#: 0.22 s, strong 0.7 s) and their aims (issue 50: p99 under 0.3 and 1 s) lie
DECISION_BUCKETS = (0.01, 0.025, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.5, 0.6,
                    0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.5, 2.0, 3.0, 5.0, 10.0)
#: seconds a computer decision of the deal of the day takes: bounded by its layouts, not a
#: clock (the same decision for every member), and waited for up to its timeout (120 s)
DAILY_DECISION_BUCKETS = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0, 30.0, 60.0,
                          120.0)
#: why the baseline answered for a computer player (see :data:`bot.ai.runner.Fallback`)
FALLBACK_REASONS = ("timeout", "broken")
#: an interaction's answer (``POST /interactions/{id}/{token}/callback``)
CALLBACK = re.compile(r"/interactions/(\d+)/[^/]+/callback$")
#: requests made with an interaction's token, not the bot's: answers, follow-ups and
#: their edits (Discord does not count them against the global limit)
WITH_INTERACTION_TOKEN = re.compile(r"/interactions/\d+/|/webhooks/\d+/[^/]+")


class BotMetrics:
    """The counters and histogram of one bot, and its registry (see the module
    docstring). ``offset``: Discord's clock, to read an interaction's age from its id."""

    def __init__(self, offset: ClockOffset) -> None:
        self.offset = offset
        self.registry = CollectorRegistry(auto_describe=True)
        self.turns = Counter("tapp_turns", "Actions committed at tables, by who made them: "
                             "a member, a computer seat, or a substitute for a member "
                             "who timed out or is away", ["by"], registry=self.registry)
        self.answers = Histogram("tapp_answer_seconds", "Seconds from Discord making an "
                                 "interaction to the bot's answer arriving (by Discord's "
                                 "clock; Discord fails it past 3 s)",
                                 buckets=ANSWER_BUCKETS, registry=self.registry)
        self.requests = Counter("tapp_discord_requests", "HTTP requests to Discord's API "
                                "as sent (a retry counts again), by the token they use: the "
                                "bot's (counted against the global limit) or an "
                                "interaction's", ["token"], registry=self.registry)
        self.refusals = Counter("tapp_discord_refusals", "Discord's answers of 400 and "
                                "over, by status (429: rate limited; 401, 403, 404 count "
                                "towards the invalid-request budget) and token",
                                ["status", "token"], registry=self.registry)
        self.decisions = Histogram("tapp_computer_decision_seconds", "Seconds from a "
                                   "computer player's request to its decision, as the event "
                                   "loop waits for it (queueing for a worker included), by "
                                   "level", ["level"], buckets=DECISION_BUCKETS,
                                   registry=self.registry)
        self.queued = Histogram("tapp_computer_queue_seconds", "Seconds from a computer "
                                "player's request to a worker starting on it (waiting for a "
                                "free worker, mostly), by level, of the decisions a worker "
                                "answered", ["level"], buckets=DECISION_BUCKETS,
                                registry=self.registry)
        self.worked = Histogram("tapp_computer_worker_seconds", "Seconds from a worker "
                                "starting on a computer player's request to the event loop "
                                "having its answer (the search within its budget, any "
                                "overrun, the way back), by level, of the decisions a worker "
                                "answered", ["level"], buckets=DECISION_BUCKETS,
                                registry=self.registry)
        self.fallbacks = Counter("tapp_computer_fallbacks", "Computer decisions the "
                                 "baseline made instead, by level and why: no answer within "
                                 "the budget and its grace (timeout), or the worker pool "
                                 "broke (broken)", ["level", "reason"], registry=self.registry)
        self.daily_decisions = Histogram("tapp_daily_decision_seconds", "Seconds from a "
                                         "deal of the day's computer player being asked "
                                         "to its decision (no clock: its layouts bound "
                                         "it; cut short at the timeout), by level",
                                         ["level"], buckets=DAILY_DECISION_BUCKETS,
                                         registry=self.registry)
        for kind in TURN_KINDS:
            self.turns.labels(kind)
        for level in levels():
            self.decisions.labels(level)
            self.daily_decisions.labels(level)
            self.queued.labels(level)
            self.worked.labels(level)
            for reason in FALLBACK_REASONS:
                self.fallbacks.labels(level, reason)
        for token in ("bot", "interaction"):
            self.requests.labels(token)

    def turn(self, by: str) -> None:
        """A turn was committed (``by``: one of :data:`TURN_KINDS`)."""
        self.turns.labels(by).inc()

    def decided(self, level: str, decision: Decision) -> None:
        """A computer player of ``level`` decided (or the baseline for it)."""
        self.decisions.labels(level).observe(decision.seconds)
        if decision.waited is not None:
            self.queued.labels(level).observe(decision.waited)
            self.worked.labels(level).observe(max(0.0, decision.seconds - decision.waited))
        if decision.fallback is not None:
            self.fallbacks.labels(level, decision.fallback).inc()

    def daily_decided(self, level: str, seconds: float) -> None:
        """A computer player of the deal of the day decided (or was cut short)."""
        self.daily_decisions.labels(level).observe(seconds)

    def answered(self, url: URL, status: int) -> None:
        """Discord answered a request to ``url`` with ``status``."""
        if status == 101:  # the gateway's upgrade, not an API request
            return
        path = url.path
        token = "interaction" if WITH_INTERACTION_TOKEN.search(path) else "bot"
        self.requests.labels(token).inc()
        if status >= 400:
            self.refusals.labels(str(status), token).inc()
        callback = CALLBACK.search(path)
        if callback is not None and status < 300:
            self.answers.observe(max(0.0, self.offset.age(int(callback.group(1)))))

    def trace(self, trace: aiohttp.TraceConfig) -> None:
        """Count every answer of the session ``trace`` is given to."""

        async def on_end(session: aiohttp.ClientSession, context: SimpleNamespace,
                         params: aiohttp.TraceRequestEndParams) -> None:
            self.answered(params.url, params.response.status)

        trace.on_request_end.append(on_end)

    def watch(self, bot: TappBot) -> None:
        """Read ``bot``'s state at every scrape (see :class:`StateCollector`)."""
        self.registry.register(StateCollector(bot))


class StateCollector(Collector):
    """Gauges read from the bot when Prometheus scrapes."""

    def __init__(self, bot: TappBot) -> None:
        self.bot = bot

    def collect(self) -> Iterable[GaugeMetricFamily | CounterMetricFamily]:
        yield from self._tables()
        yield from self._images()
        yield from self._budget()
        yield from self._pace()
        yield from self._gateway()

    def _tables(self) -> Iterator[GaugeMetricFamily]:
        tables = GaugeMetricFamily("tapp_tables", "Open tables this process runs, by state "
                                   "(lobby, playing, suspended: their place on Discord "
                                   "is gone)", labels=["state"])
        counts = dict.fromkeys(("lobby", "playing", "suspended"), 0)
        service = self.bot.tables
        for live in service.registry if service is not None else ():
            if not live.status.is_open:
                continue
            counts["suspended" if live.suspended is not None else live.status.value] += 1
        for state, count in counts.items():
            tables.add_metric([state], count)
        yield tables

    def _images(self) -> Iterator[GaugeMetricFamily]:
        display = self.bot.display
        if display is None:
            return
        slots = display.images.slots
        yield GaugeMetricFamily("tapp_images_drawing", "Images being drawn now (at most "
                                "one per image worker)", value=slots.busy)
        yield GaugeMetricFamily("tapp_images_waiting", "Images waiting for a free image "
                                "worker", value=slots.waiting)

    def _budget(self) -> Iterator[GaugeMetricFamily]:
        budget = self.bot.budget
        yield GaugeMetricFamily("tapp_invalid_requests", "The bot's 401, 403, 404 and 429 "
                                "answers in the last 10 minutes (Discord bans at 10,000)",
                                value=budget.count())
        yield GaugeMetricFamily("tapp_invalid_requests_limit", "The invalid-request budget: "
                                "past it optional traffic stops", value=budget.limit)
        yield GaugeMetricFamily("tapp_invalid_requests_strained", "1 while the budget is "
                                "spent or Cloudflare's ban runs (optional traffic stopped)",
                                value=int(budget.strained))
        yield GaugeMetricFamily("tapp_cloudflare_ban_seconds", "Seconds Cloudflare's ban "
                                "still runs (0: none)", value=budget.banned_for())

    def _pace(self) -> Iterator[GaugeMetricFamily | CounterMetricFamily]:
        pace = self.bot.pace
        yield GaugeMetricFamily("tapp_pace_rate", "Token requests a second this process "
                                "allows itself (0: unpaced)",
                                value=pace.limit / pace.window if pace is not None else 0)
        yield CounterMetricFamily("tapp_pace_waits", "Token requests that waited for the "
                                  "pace (every slot was taken)",
                                  value=pace.waited if pace is not None else 0)

    def _gateway(self) -> Iterator[GaugeMetricFamily]:
        latency = GaugeMetricFamily("tapp_gateway_latency_seconds", "Seconds between a "
                                    "gateway heartbeat and its acknowledgement, by shard",
                                    labels=["shard"])
        for shard, seconds in shard_latencies(self.bot):
            if math.isfinite(seconds):
                latency.add_metric([str(shard)], seconds)
        yield latency


def shard_latencies(bot: TappBot) -> list[tuple[int, float]]:
    """``(shard id, heartbeat latency)`` of each of the bot's gateway connections."""
    latencies = getattr(bot, "latencies", None)  # an AutoShardedClient's, one per shard
    if latencies is not None:
        return [(int(shard), float(seconds)) for shard, seconds in latencies]
    return [(bot.shard_id or 0, bot.latency)]
