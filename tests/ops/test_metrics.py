"""The metrics' bookkeeping: what counts as whose request, what is an answer and how old
it was, and that nothing is counted or served without a metrics port."""

from __future__ import annotations

from datetime import UTC, datetime

import discord
import pytest
from prometheus_client import generate_latest
from yarl import URL

from bot.ai.runner import Decision
from bot.config import Settings
from bot.connection.client import TappBot
from bot.connection.clock_offset import ClockOffset
from bot.ops.metrics import BotMetrics

API = "http://127.0.0.1:8080/api/v10"


def value(metrics: BotMetrics, name: str, **labels: str) -> float:
    found = metrics.registry.get_sample_value(name, labels)
    return 0.0 if found is None else found


def test_requests_are_counted_by_whose_token_they_use() -> None:
    metrics = BotMetrics(ClockOffset())
    metrics.answered(URL(f"{API}/channels/1/messages"), 200)
    metrics.answered(URL(f"{API}/channels/1/messages/2"), 429)
    metrics.answered(URL(f"{API}/applications/3/commands"), 403)
    metrics.answered(URL(f"{API}/webhooks/3/aW50ZXJhY3Rpb24/messages/@original"), 404)
    metrics.answered(URL("ws://127.0.0.1:8080/gateway?v=10"), 101)  # not a request
    assert value(metrics, "tapp_discord_requests_total", token="bot") == 3
    assert value(metrics, "tapp_discord_requests_total", token="interaction") == 1
    assert value(metrics, "tapp_discord_refusals_total", status="429", token="bot") == 1
    assert value(metrics, "tapp_discord_refusals_total", status="403", token="bot") == 1
    assert value(metrics, "tapp_discord_refusals_total", status="404",
                 token="interaction") == 1
    assert value(metrics, "tapp_answer_seconds_count") == 0  # no answer among them


def test_an_answer_is_timed_from_the_interactions_id() -> None:
    made = 1_700_000_000.0
    snowflake = discord.utils.time_snowflake(datetime.fromtimestamp(made, UTC))
    now = [made + 0.8]
    metrics = BotMetrics(ClockOffset(clock=lambda: now[0]))
    metrics.answered(URL(f"{API}/interactions/{snowflake}/tok/callback"), 204)
    now[0] = made + 2.7
    metrics.answered(URL(f"{API}/interactions/{snowflake}/tok/callback"), 400)  # refused
    assert value(metrics, "tapp_answer_seconds_count") == 1
    assert abs(value(metrics, "tapp_answer_seconds_sum") - 0.8) < 0.01
    assert value(metrics, "tapp_answer_seconds_bucket", le="1.0") == 1
    assert value(metrics, "tapp_answer_seconds_bucket", le="0.75") == 0
    assert value(metrics, "tapp_discord_requests_total", token="interaction") == 2


def test_turns_are_counted_by_who_made_them() -> None:
    metrics = BotMetrics(ClockOffset())
    for by in ("member", "member", "computer", "substitute"):
        metrics.turn(by)
    text = generate_latest(metrics.registry).decode()
    assert 'tapp_turns_total{by="member"} 2.0' in text
    assert 'tapp_turns_total{by="computer"} 1.0' in text
    assert 'tapp_turns_total{by="substitute"} 1.0' in text


def test_computer_decisions_are_timed_and_their_fallbacks_counted_by_level() -> None:
    """Issue 50: the wall time of each computer decision as the loop waited for it (by
    level), the part it queued for a worker, and the baseline's answers instead."""
    metrics = BotMetrics(ClockOffset())
    metrics.decided("strong", Decision(None, 0.82, waited=0.12))
    metrics.decided("strong", Decision(None, 1.21, fallback="timeout"))
    metrics.decided("normal", Decision(None, 0.26, waited=0.0))
    metrics.decided("normal", Decision(None, 0.05, fallback="broken"))
    metrics.decided("easy", Decision(None, 0.001))
    assert value(metrics, "tapp_computer_decision_seconds_count", level="strong") == 2
    assert value(metrics, "tapp_computer_decision_seconds_sum", level="strong") == (
        pytest.approx(2.03))
    # the buckets tell 0.8 from 0.9 and 1.2 from 1.3 (the aims: under 1 s and 0.3 s)
    for le, count in (("0.8", 0), ("0.9", 1), ("1.2", 1), ("1.3", 2)):
        assert value(metrics, "tapp_computer_decision_seconds_bucket", level="strong",
                     le=le) == count, le
    for le, count in (("0.25", 1), ("0.3", 2)):
        assert value(metrics, "tapp_computer_decision_seconds_bucket", level="normal",
                     le=le) == count, le
    assert value(metrics, "tapp_computer_decision_seconds_count", level="easy") == 1
    # queueing: of the decisions a worker answered only
    assert value(metrics, "tapp_computer_queue_seconds_count", level="strong") == 1
    assert value(metrics, "tapp_computer_queue_seconds_bucket", level="strong",
                 le="0.1") == 0
    assert value(metrics, "tapp_computer_queue_seconds_count", level="normal") == 1
    assert value(metrics, "tapp_computer_queue_seconds_count", level="easy") == 0
    # the worker's part: the rest of the wall time (0.82 - 0.12 s)
    assert value(metrics, "tapp_computer_worker_seconds_count", level="strong") == 1
    assert value(metrics, "tapp_computer_worker_seconds_sum", level="strong") == (
        pytest.approx(0.70))
    text = generate_latest(metrics.registry).decode()
    assert 'tapp_computer_fallbacks_total{level="strong",reason="timeout"} 1.0' in text
    assert 'tapp_computer_fallbacks_total{level="normal",reason="broken"} 1.0' in text
    assert 'tapp_computer_fallbacks_total{level="normal",reason="timeout"} 0.0' in text
    assert 'tapp_computer_decision_seconds_count{level="strong"} 2.0' in text
    # every level is there from the start, at zero
    fresh = generate_latest(BotMetrics(ClockOffset()).registry).decode()
    for level in ("easy", "normal", "strong"):
        assert f'tapp_computer_decision_seconds_count{{level="{level}"}} 0.0' in fresh
        assert f'tapp_computer_fallbacks_total{{level="{level}",reason="timeout"}} 0.0' in (
            fresh)


def test_the_deal_of_the_day_s_computer_decisions_are_timed_by_level() -> None:
    """Its computers have no clock (the same decision for every member) and are waited
    for up to two minutes: buckets up to 120 s, apart from the tables' own."""
    metrics = BotMetrics(ClockOffset())
    for seconds in (0.004, 2.5, 119.0):
        metrics.daily_decided("strong", seconds)
    assert value(metrics, "tapp_daily_decision_seconds_count", level="strong") == 3
    for le, count in (("0.01", 1), ("2.0", 1), ("3.0", 2), ("60.0", 2), ("120.0", 3)):
        assert value(metrics, "tapp_daily_decision_seconds_bucket", level="strong",
                     le=le) == count, le
    assert value(metrics, "tapp_daily_decision_seconds_count", level="normal") == 0
    assert value(metrics, "tapp_computer_decision_seconds_count", level="strong") == 0


async def test_without_a_metrics_port_nothing_is_counted_or_served() -> None:
    async with TappBot(Settings(token="t")) as bot:
        assert bot.metrics is None and bot.ops is None
        assert bot._table_config.on_turn is None and bot._table_config.on_decision is None
        assert bot._daily_config.on_decision is None
    async with TappBot(Settings(token="t", metrics_port=0)) as bot:
        assert bot.metrics is not None and bot._table_config.on_turn == bot.metrics.turn
        assert bot._table_config.on_decision == bot.metrics.decided
        assert bot._daily_config.on_decision == bot.metrics.daily_decided
