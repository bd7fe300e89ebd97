"""The figures ``python -m bot bench load`` reports from its bot process: the play
phase's, the floor's and the courier's (:func:`main_figures`, :func:`floor_figures`), the
ratios and whether the aims are met (:func:`judge`), and the readable table
(:func:`report`).
"""

from __future__ import annotations

import statistics
from typing import Any

from bot.display.admission import DEFAULT_LIMIT as ADMISSION_LIMIT
from bot.store.pg import Traffic

from .load_computers import computers_line
from .load_members import ANSWER_TIMEOUT_S

#: the aims (issue 32): at AIM_RATE turns a second offered to AIM_TABLES tables under
#: Discord's default global limit, p99 under AIM_P99_MS, p99 and the bot's CPU per action
#: within AIM_COURIER_RATIO of the courier's (the same requests and bytes, none of the
#: bot's work, measured in the same run), at most AIM_TOKEN_REQUESTS token requests and
#: AIM_CLICKS member clicks per action, nothing failed or refused. The floor's ratios (a
#: bare client answering at once) are reported beside them, not judged.
AIM_P99_MS = 250.0
AIM_COURIER_RATIO = 3.0
AIM_RATE = 40.0
AIM_TABLES = 200
AIM_TOKEN_REQUESTS = 1.0
AIM_CLICKS = 1.1


def _ratio(figures: dict[str, Any], base: str) -> None:
    """``p99_vs_<base>`` and ``cpu_vs_<base>`` where both sides were measured."""
    if figures.get(f"{base}_p99_ms") is not None and figures.get("p99_ms") is not None:
        figures[f"p99_vs_{base}"] = round(
            figures["p99_ms"] / max(figures[f"{base}_p99_ms"], 0.1), 2)
    if figures.get(f"{base}_cpu_ms_per_action") and figures.get("bot_cpu_ms_per_action"):
        figures[f"cpu_vs_{base}"] = round(
            figures["bot_cpu_ms_per_action"] / figures[f"{base}_cpu_ms_per_action"], 2)


def judge(figures: dict[str, Any]) -> None:
    """Add the ratios to the floor's and the courier's, ``broken`` (the turns of every
    phase the members' side failed to take: a run with any measured something else), and
    ``aim_met`` (by the courier's: without a courier run the aim is not met)."""
    for base in ("floor", "courier"):
        _ratio(figures, base)
    figures["broken"] = sum(figures.get(phase, {}).get("broken", 0)
                            for phase in ("floor", "play", "courier"))
    figures["aim_met"] = _met(figures, figures.get("p99_vs_courier"),
                              figures.get("cpu_vs_courier"))


def _met(figures: dict[str, Any], p99_ratio: float | None, cpu_ratio: float | None) -> bool:
    """The aims met by one judged run's figures, with these ratios to the courier's."""
    return bool(
        figures.get("p99_ms") is not None and figures["p99_ms"] < AIM_P99_MS
        and p99_ratio is not None and p99_ratio <= AIM_COURIER_RATIO
        and cpu_ratio is not None and cpu_ratio <= AIM_COURIER_RATIO
        and (figures.get("token_requests_per_action") or 0) <= AIM_TOKEN_REQUESTS
        and (figures.get("member_clicks_per_action") or float("inf")) <= AIM_CLICKS
        and figures["failed"] == 0 and figures["broken"] == 0
        and figures["global_refused"] == 0
        and figures["actions_per_s"] >= 0.95 * AIM_RATE)


#: what ``runs`` keeps of each run judged by :func:`judge_runs`
RUN_KEYS = ("p99_ms", "courier_p99_ms", "p99_vs_courier", "bot_cpu_ms_per_action",
            "courier_cpu_ms_per_action", "cpu_vs_courier", "failed", "aim_met")


def judge_runs(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Runs of the same bench, each judged by :func:`judge`, judged together: the figures
    of the run whose p99 over the courier's is the median (the lower of the middle two),
    with ``runs`` (each run's :data:`RUN_KEYS`), the median of each ratio, and ``aim_met``
    by those medians with every run's other aims met. Without a courier's ratio in
    every run, the medians are None and the aim is not met."""
    p99 = cpu = None
    figures = dict(runs[0])
    if all(r.get("p99_vs_courier") is not None and r.get("cpu_vs_courier") is not None
           for r in runs):
        p99s: list[float] = [r["p99_vs_courier"] for r in runs]
        p99 = statistics.median_low(p99s)
        cpu = statistics.median_low([r["cpu_vs_courier"] for r in runs])
        figures = dict(runs[p99s.index(p99)])
    figures["runs"] = [{key: run.get(key) for key in RUN_KEYS} for run in runs]
    figures["median_p99_vs_courier"], figures["median_cpu_vs_courier"] = p99, cpu
    figures["aim_met"] = all(_met(run, p99, cpu) for run in runs)
    return figures


def _clicks_per_action(played: dict[str, Any]) -> float | None:
    """Member clicks (*My hand* and the action) per action taken."""
    kinds = played["kinds"]
    actions = kinds.get("action", {}).get("answered", 0)
    if not actions:
        return None
    clicks = sum(kinds.get(k, {}).get("n", 0) for k in ("hand", "action"))
    return round(clicks / actions, 2)


def main_figures(played: dict[str, Any], opened: dict[str, Any], rss_before: int,
                 rss_after: int, rss_end: int, bot_cpu: float, bot_wall: float,
                 tables: int) -> dict[str, Any]:
    actions = played["actions"]
    return {
        "actions_per_s": played["actions_per_s"],
        "p50_ms": played.get("p50_ms"),
        "p99_ms": played.get("p99_ms"),
        "max_ms": played.get("max_ms"),
        "action_p50_ms": played.get("action_p50_ms"),
        "action_p99_ms": played.get("action_p99_ms"),
        "interactions": played["interactions"],
        "failed": played["failed"],
        "rss_per_table_kb": round((rss_after - rss_before) / tables, 1),
        "rss_before_kb": rss_before,
        "rss_tables_kb": rss_after,
        "rss_end_kb": rss_end,
        "bot_cpu_s": round(bot_cpu, 2),
        "bot_cpu_share": round(bot_cpu / bot_wall, 2) if bot_wall else None,
        "bot_cpu_ms_per_action": round(bot_cpu * 1000 / actions, 2) if actions else None,
        "member_clicks_per_action": _clicks_per_action(played),
        "token_requests_per_s": played["token_requests_per_s"],
        "token_requests_per_action": round(
            played["token_requests_per_s"] / played["actions_per_s"], 2)
        if played["actions_per_s"] else None,
        "global_refused": played["global_refused"],
        "play_seconds": played["seconds"],
        "play": played,
        "opening": opened,
    }


def server_figures(traffic: Traffic, server_cpu: float | None, actions: int, wall: float,
                   bot_cpu_ms_per_action: float | None) -> dict[str, Any]:
    """The PostgreSQL figures of the play phase: what the store sent the server (round
    trips, transactions, serialization retries; per action) and the server's own CPU
    (None when it runs on another machine), alone and with the bot's."""
    def per_action(value: float) -> float | None:
        return round(value / actions, 2) if actions else None

    server_ms = per_action(server_cpu * 1000) if server_cpu is not None else None
    return {
        "pg_round_trips": traffic.round_trips,
        "pg_round_trips_per_action": per_action(traffic.round_trips),
        "pg_transactions_per_action": per_action(traffic.reads + traffic.writes),
        "pg_writes_per_action": per_action(traffic.writes),
        "pg_retries": traffic.retries,
        "pg_failed_transactions": traffic.failed,
        "server_cpu_s": None if server_cpu is None else round(server_cpu, 2),
        "server_cpu_share": round(server_cpu / wall, 2) if server_cpu is not None and wall
        else None,
        "server_cpu_ms_per_action": server_ms,
        "bot_and_server_cpu_ms_per_action": round(bot_cpu_ms_per_action + server_ms, 2)
        if server_ms is not None and bot_cpu_ms_per_action is not None else None,
    }


def floor_figures(floored: dict[str, Any], floor_cpu: float,
                  name: str = "floor") -> dict[str, Any]:
    """The floor's figures (both clicks of a turn count for latency), or the courier's
    (its actions only: a member opens a panel only on their first turn)."""
    actions = floored["actions"]
    of = "" if name == "floor" else "action_"
    return {
        f"{name}_actions_per_s": floored["actions_per_s"],
        f"{name}_p50_ms": floored.get(f"{of}p50_ms"),
        f"{name}_p99_ms": floored.get(f"{of}p99_ms"),
        f"{name}_max_ms": floored.get(f"{of}max_ms"),
        f"{name}_failed": floored["failed"],
        f"{name}_cpu_ms_per_action": round(floor_cpu * 1000 / actions, 2) if actions
        else None,
        f"{name}_global_refused": floored["global_refused"],
        name: floored,
    }


def _ms(value: Any) -> str:
    return "-" if value is None else f"{value:.1f}"


def report(f: dict[str, Any]) -> str:
    play, opening = f["play"], f["opening"]
    rate = "as fast as possible" if not f["rate"] else f"{f['rate']:g} turns/s offered"
    computers = f.get("computers")
    seated = "4 members" if not computers else (
        f"{4 - computers['seats']} members and {computers['seats']} {computers['level']} "
        "computers")
    lines = [
        f"{f['tables']} {f['variant']} tables, {seated} each, {rate}, "
        f"{f['play_seconds']:.1f} s of play (bot in this process; stand-in and members "
        "in another)",
        f"opening: {opening['interactions']} interactions ({opening['actions']} new/join/start)"
        f" in {opening['seconds']:.1f} s, p50 {_ms(opening.get('p50_ms'))} ms, "
        f"p99 {_ms(opening.get('p99_ms'))} ms; {opening.get('tables_ready')} tables ready",
        "",
        f"{'':<22} {'actions/s':>10} {'p50 ms':>9} {'p99 ms':>9} {'max ms':>9} "
        f"{'CPU ms/action':>14}",
        f"{'Tapp bot':<22} {f['actions_per_s']:>10.1f} {_ms(f['p50_ms']):>9} "
        f"{_ms(f['p99_ms']):>9} {_ms(f['max_ms']):>9} "
        f"{_ms(f['bot_cpu_ms_per_action']):>14}",
    ]
    if "pg_round_trips" in f:
        lines.append(f"{'PostgreSQL server':<22} {'':>10} {'':>9} {'':>9} {'':>9} "
                     f"{_ms(f['server_cpu_ms_per_action']):>14}")
    if "floor_p99_ms" in f:
        lines.append(
            f"{'floor (bare client)':<22} {f['floor_actions_per_s']:>10.1f} "
            f"{_ms(f['floor_p50_ms']):>9} {_ms(f['floor_p99_ms']):>9} "
            f"{_ms(f['floor_max_ms']):>9} {_ms(f['floor_cpu_ms_per_action']):>14}")
    if "courier_p99_ms" in f:
        lines.append(
            f"{'courier (same sends)':<22} {f['courier_actions_per_s']:>10.1f} "
            f"{_ms(f['courier_p50_ms']):>9} {_ms(f['courier_p99_ms']):>9} "
            f"{_ms(f['courier_max_ms']):>9} {_ms(f['courier_cpu_ms_per_action']):>14}")
    if computers:
        lines += ["", computers_line(computers)]
    lines += [
        "",
        f"failed (no answer within Discord's 3 s; counted as 3000 ms above): Tapp "
        f"{f['failed']} of {f['interactions']} interactions"
        + (f", floor {f['floor_failed']}" if "floor_failed" in f else ""),
        f"Tapp actions only: p50 {_ms(f['action_p50_ms'])} ms, p99 {_ms(f['action_p99_ms'])} ms;"
        f" {play['interactions']} interactions, {play['turns']} turns, {play['missed']} due "
        f"turns with no table waiting, {play['refused']} refused, {play['timeouts']} unanswered"
        f" in {ANSWER_TIMEOUT_S:g} s, {play['probes']} stalled tables probed",
        f"bot CPU {f['bot_cpu_s']:.1f} s in the play phase ({f['bot_cpu_share']:.2f} cores), "
        + (f"of which its {f['render_processes']} image workers {f['render_cpu_s']:.1f} s"
           if f["render_processes"] else "images rendered in its threads")
        + f"; stand-in and members CPU {play['driver_cpu_s']:.1f} s",
        f"images: {f['images_drawn']} drawn, {f['images_reused']} reused (the same content"
        f" drawn before) in the play phase",
        f"resident memory: {f['rss_before_kb'] / 1024:.1f} MB before opening, "
        f"{f['rss_tables_kb'] / 1024:.1f} MB with the tables open, "
        f"{f['rss_end_kb'] / 1024:.1f} MB after play: {f['rss_per_table_kb']:.1f} KB per table",
    ]
    limit = (f"Discord's global limit of {f['global_limit']} token requests/s (the bot paced "
             f"at {f['global_pace']}/s)" if f["global_limit"] else "no global limit (unpaced)")
    lines.append(
        f"{limit}{'' if f.get('route_limits', True) else '; no per-route limits'}"
        f": the bot made {f['token_requests_per_s']:.1f} token requests/s "
        f"({_ms(f['token_requests_per_action'])} per action); {f['global_refused']} refused "
        f"for the global limit; {f['pace_waited']} waited for the pace (in play)")
    if "pg_round_trips" in f:
        share = f["server_cpu_share"]
        lines.append(
            f"PostgreSQL in the play phase: {_ms(f['pg_round_trips_per_action'])} round trips"
            f" per action ({_ms(f['pg_transactions_per_action'])} transactions, "
            f"{_ms(f['pg_writes_per_action'])} of them writes); {f['pg_retries']} writes run "
            f"again after a serialization failure, {f['pg_failed_transactions']} transactions"
            " ended in an error; server CPU "
            + ("- (not on this machine)" if f["server_cpu_s"] is None else
               f"{f['server_cpu_s']:.1f} s ({share:.2f} cores), bot and server "
               f"{_ms(f['bot_and_server_cpu_ms_per_action'])} ms per action"))
    lines.append(
        f"admission: {f['admission_waited']} clicks waited for one of the bot's "
        f"{ADMISSION_LIMIT} slots, {f['admission_shed']} of them left unanswered (too late)")
    lines.append(f"member clicks per action: {_ms(f['member_clicks_per_action'])} (My hand "
                 "only where no live panel showed the member's turn)")
    if "bot_gc" in f:
        stand_in = [play.get("standin_gc"),
                    *(f.get("courier") or {}).get("runs_standin_gc", [])]
        lines.append(
            "full garbage collections in the play phase (count, longest ms): the bot "
            f"{_gcs(f['bot_gc'])}, the stand-in {_gcs(stand_in[0])}"
            + (f"; the stand-in in the courier's halves {', '.join(map(_gcs, stand_in[1:]))}"
               if len(stand_in) > 1 else ""))
    if "cpu_vs_floor" in f or "p99_vs_floor" in f:
        lines.append(
            f"against the floor (a bare client answering at once; {f['floor_failed']} "
            f"failed): p99 {f.get('p99_vs_floor', '-')}x, CPU/action "
            f"{f.get('cpu_vs_floor', '-')}x")
    if "cpu_vs_courier" in f or "p99_vs_courier" in f:
        lines.append(
            f"against the courier (a turn's requests and bytes, none of the bot's work; "
            f"{f['courier_failed']} failed, {f['courier_global_refused']} refused): p99 "
            f"{f.get('p99_vs_courier', '-')}x, CPU/action {f.get('cpu_vs_courier', '-')}x")
    ratio, cpu = f.get("p99_vs_courier"), f.get("cpu_vs_courier")
    if "runs" in f:  # judged on the median of the runs (the figures above: its run's)
        ratio, cpu = f["median_p99_vs_courier"], f["median_cpu_vs_courier"]
        lines.append(runs_line(f))
    lines.append(
        f"aim ({AIM_RATE:g} actions/s; p99 < {AIM_P99_MS:g} ms and <= {AIM_COURIER_RATIO:g}x"
        f" the courier's; CPU/action <= {AIM_COURIER_RATIO:g}x the courier's; <= "
        f"{AIM_TOKEN_REQUESTS:g} token requests and <= {AIM_CLICKS:g} clicks per action; "
        f"nothing failed or refused): p99/courier p99 = {'-' if ratio is None else ratio}, "
        f"CPU/courier CPU = {'-' if cpu is None else cpu}; "
        + ("met" if f["aim_met"] else "not met"))
    return "\n".join(lines)


def runs_line(f: dict[str, Any]) -> str:
    """The line of :func:`report` on the runs :func:`judge_runs` judged."""
    runs = f["runs"]
    return (f"{len(runs)} runs (the figures above are the median run's), over the "
            f"courier's: p99 {', '.join(str(r['p99_vs_courier']) for r in runs)} (median "
            f"{f['median_p99_vs_courier']}), CPU/action "
            f"{', '.join(str(r['cpu_vs_courier']) for r in runs)} (median "
            f"{f['median_cpu_vs_courier']})")


def _gcs(figures: dict[str, Any] | None) -> str:
    return "-" if not figures else f"{figures['full']}, {figures['max_ms']:g}"
