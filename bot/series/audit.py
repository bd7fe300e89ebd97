"""``check-ledger``'s part for series: every finished deal of a series replays from its
record (the deal the series' seed gives, plus the stored steps; at a shared table, the
table's deal, which must be the series' deal) to the stored chips and result, from the
seat the movement gives its member; and each closed series' kept
standings are the matchpoints (or points) recomputed from those records."""

from __future__ import annotations

from bot.daily.run import RunState
from bot.engine import TappError, deal_from_record
from bot.store import Store
from bot.store.codec import result_to_json
from bot.store.series import SeriesRun

from .deals import deal_header
from .movement import Movement
from .play import final_lines
from .scoring import SeriesResult
from .spec import SeriesSpec


async def check_series(store: Store) -> tuple[int, list[str]]:
    """``(finished series deals checked, problems)``."""
    problems: list[str] = []
    replayed: dict[int, list[SeriesResult]] = {}
    specs: dict[int, SeriesSpec] = {}
    turns: dict[int, dict[int, int]] = {}
    runs = await store.series.finished_runs()
    for row, run, steps in runs:
        where = f"series {row.series_id} deal {run.deal} of member {run.user_id}"
        try:
            spec = specs.get(row.series_id) or SeriesSpec.from_json(row.spec)
        except TappError as error:
            problems.append(f"series {row.series_id}: its definition is unreadable: {error}")
            continue
        specs[row.series_id] = spec
        if row.series_id not in turns:
            turns[row.series_id] = {m.user_id: m.turn
                                    for m in await store.series.members(row.series_id)}
        problems += _seat_problems(where, spec, turns[row.series_id].get(run.user_id), run)
        try:
            state = RunState.replay(deal_header(spec, row.seed, run.deal), run.seat, steps)
        except (TappError, ValueError) as error:
            problems.append(f"{where}: the record does not replay: {error}")
            continue
        result = state.deal.outcome()
        if result is None:
            problems.append(f"{where}: finished, but its record stops before the end")
            continue
        chips = result.payments[run.seat]
        if run.chips != chips:
            problems.append(f"{where}: {run.chips} chips stored, the replay pays {chips}")
        if run.result != result_to_json(result):
            problems.append(f"{where}: the stored result differs from the replay")
        assert run.finished_at is not None
        replayed.setdefault(row.series_id, []).append(SeriesResult(
            run.user_id, run.deal, run.seat, chips, run.finished_at, result.declarer,
            result.won))
    # shared tables: each member's result is the table's deal, dealt from the series'
    # seed, replayed from its record, in the seat the movement gives them
    table_runs = await store.series.table_runs()
    for row, run, deal_id in table_runs:
        where = f"series {row.series_id} deal {run.deal} of member {run.user_id}"
        spec = specs.get(row.series_id) or SeriesSpec.from_json(row.spec)
        specs[row.series_id] = spec
        if row.series_id not in turns:
            turns[row.series_id] = {m.user_id: m.turn
                                    for m in await store.series.members(row.series_id)}
        problems += _seat_problems(where, spec, turns[row.series_id].get(run.user_id), run)
        record = await store.deals.record(deal_id)
        if {k: v for k, v in record.items() if k != "actions"} \
                != deal_header(spec, row.seed, run.deal):
            problems.append(f"{where}: table deal {deal_id} is not the series' deal")
            continue
        try:
            result = deal_from_record(record).outcome()
        except (TappError, ValueError) as error:
            problems.append(f"{where}: table deal {deal_id} does not replay: {error}")
            continue
        if result is None:
            problems.append(f"{where}: finished, but table deal {deal_id} is not over")
            continue
        ledger = {r.seat: r.user_id for r in await store.ledger.for_deal(deal_id)}
        if ledger.get(run.seat) != run.user_id:
            problems.append(f"{where}: seat {run.seat + 1} of table deal {deal_id} was"
                            f" not theirs")
        chips = result.payments[run.seat]
        if run.chips != chips:
            problems.append(f"{where}: {run.chips} chips stored, the replay pays {chips}")
        if run.result != result_to_json(result):
            problems.append(f"{where}: the stored result differs from the replay")
        assert run.finished_at is not None
        replayed.setdefault(row.series_id, []).append(SeriesResult(
            run.user_id, run.deal, run.seat, chips, run.finished_at, result.declarer,
            result.won))
    for row in await store.series.closed():
        spec = specs.get(row.series_id) or SeriesSpec.from_json(row.spec)
        expected = final_lines(spec, replayed.get(row.series_id, []))
        kept = await store.series.final(row.series_id)
        if sorted(kept, key=lambda f: f.user_id) != sorted(expected, key=lambda f: f.user_id):
            problems.append(f"series {row.series_id}: its kept standings differ from the "
                            f"scores recomputed from its deals' records")
    return len(runs) + len(table_runs), problems


def _seat_problems(where: str, spec: SeriesSpec, turn: int | None, run: SeriesRun) -> list[str]:
    """A finished run's member and seat against the series' members and its movement."""
    move = Movement(spec.pairing, spec.players)
    if turn is None:
        return [f"{where}: played by no member of the series"]
    if move.seat(move.place_of(turn), run.deal) != run.seat:
        return [f"{where}: seat {run.seat + 1} is not the movement's"]
    return []
