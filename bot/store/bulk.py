"""Bulk loading: many ledger rows at once, with the standings summaries built afterwards.

The triggers keep ``standings`` and ``declarer_records`` row by row, which costs a few
index upserts per ledger row (a million rows take one to two minutes). Inside one write
transaction, :func:`summaries_rebuilt_after` drops the two triggers, lets the caller
insert, then recomputes both summary tables with one grouped query each and restores
the triggers before the transaction commits: other connections never see the schema
without them. The rebuilt rows are the ones the triggers would have written, down to
which of two equally good deals is a member's best (the one booked first).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

from .held import HELD
from .sql import Conn, Dialect, dialect

SUMMARY_TRIGGERS = ("ledger_standings", "ledger_declarer_records")

_PG_UTC = "to_timestamp(settled_at) AT TIME ZONE 'UTC'"
#: the standings grains and their bucket of a ledger row, as the trigger computes them
PG_BUCKETS = {
    "all": "0",
    "month": f"extract(epoch FROM date_trunc('month', {_PG_UTC}))::bigint",
    "week": f"extract(epoch FROM date_trunc('week', {_PG_UTC}))::bigint",
    "day": f"extract(epoch FROM date_trunc('day', {_PG_UTC}))::bigint",
}
BUCKETS = {
    "all": "0",
    "month": "CAST(strftime('%s', settled_at, 'unixepoch', 'start of month') AS INTEGER)",
    "week": "CAST(strftime('%s', settled_at, 'unixepoch', 'start of day', 'weekday 0',"
            " '-6 days') AS INTEGER)",
    "day": "CAST(strftime('%s', settled_at, 'unixepoch', 'start of day') AS INTEGER)",
}

# best/worst deal: amount and ledger order packed into one integer so a single MAX/MIN
# finds the first-booked row with the best (worst) amount; entry ids stay below 2**40
_K = 1 << 40


def _grained(buckets: dict[str, str]) -> str:
    return "\n    UNION ALL ".join(f"SELECT '{grain}' AS grain, {bucket} AS bucket, * FROM src"
                                 for grain, bucket in buckets.items())


_REBUILD_STANDINGS = """
INSERT INTO standings AS s (guild_id, grain, bucket, variant, user_id, net, deals,
                       declarer_games, declarer_won, declarer_lost, ramsch_deals, jungfrau,
                       best_amount, best_deal_id, worst_amount, worst_deal_id)
WITH src AS (
    SELECT guild_id, variant, user_id, entry_id, kind, amount, was_declarer, won,
           contract, jungfrau, settled_at
    FROM ledger AS l WHERE user_id IS NOT NULL AND {rows}),
grained AS ({grained}),
agg AS (
    SELECT guild_id, grain, bucket, variant, user_id, SUM(amount) AS net,
           SUM({deal}) AS deals, SUM(was_declarer) AS declarer_games,
           SUM({declarer_won}) AS declarer_won,
           SUM({declarer_lost}) AS declarer_lost,
           SUM({ramsch}) AS ramsch_deals,
           SUM(jungfrau) AS jungfrau,
           MAX(CASE WHEN kind = 'deal' THEN amount * {K} + ({K} - 1 - entry_id) END)
               AS best_key,
           MIN(CASE WHEN kind = 'deal' THEN amount * {K} + entry_id END) AS worst_key
    FROM grained GROUP BY guild_id, grain, bucket, variant, user_id)
SELECT a.guild_id, a.grain, a.bucket, a.variant, a.user_id, a.net, a.deals,
       a.declarer_games, a.declarer_won, a.declarer_lost, a.ramsch_deals, a.jungfrau,
       b.amount, b.deal_id, w.amount, w.deal_id
FROM agg AS a
LEFT JOIN ledger AS b ON b.entry_id = {K} - 1 - ((a.best_key % {K}) + {K}) % {K}
LEFT JOIN ledger AS w ON w.entry_id = ((a.worst_key % {K}) + {K}) % {K}
WHERE true{merge}
"""

#: folding rows into the summaries kept so far (as the triggers add one row to them)
_MERGE_STANDINGS = """
ON CONFLICT (guild_id, grain, bucket, variant, user_id) DO UPDATE SET
    net = s.net + excluded.net,
    deals = s.deals + excluded.deals,
    declarer_games = s.declarer_games + excluded.declarer_games,
    declarer_won = s.declarer_won + excluded.declarer_won,
    declarer_lost = s.declarer_lost + excluded.declarer_lost,
    ramsch_deals = s.ramsch_deals + excluded.ramsch_deals,
    jungfrau = s.jungfrau + excluded.jungfrau,
    best_deal_id = CASE WHEN excluded.best_amount > s.best_amount OR s.best_amount IS NULL
                        THEN coalesce(excluded.best_deal_id, s.best_deal_id)
                        ELSE s.best_deal_id END,
    best_amount = CASE WHEN excluded.best_amount > s.best_amount OR s.best_amount IS NULL
                       THEN excluded.best_amount ELSE s.best_amount END,
    worst_deal_id = CASE WHEN excluded.worst_amount < s.worst_amount OR s.worst_amount IS NULL
                         THEN coalesce(excluded.worst_deal_id, s.worst_deal_id)
                         ELSE s.worst_deal_id END,
    worst_amount = CASE WHEN excluded.worst_amount < s.worst_amount OR s.worst_amount IS NULL
                        THEN excluded.worst_amount ELSE s.worst_amount END"""

_REBUILD_DECLARER = """
INSERT INTO declarer_records AS d (guild_id, user_id, variant, contract, games, won, lost,
                                   net)
SELECT guild_id, user_id, variant, contract, COUNT(*), SUM({won}), SUM({lost}),
       SUM(amount)
FROM ledger AS l WHERE user_id IS NOT NULL AND was_declarer != 0 AND contract IS NOT NULL
    AND {rows}
GROUP BY guild_id, user_id, variant, contract{merge}
"""

_MERGE_DECLARER = """
ON CONFLICT (guild_id, user_id, variant, contract) DO UPDATE SET
    games = d.games + excluded.games, won = d.won + excluded.won,
    lost = d.lost + excluded.lost, net = d.net + excluded.net"""

#: the 0/1 expressions of the two dialects (PostgreSQL sums no booleans)
_FLAGS: dict[Dialect, dict[str, str]] = {
    "sqlite": {"deal": "kind = 'deal'", "declarer_won": "was_declarer AND won IS 1",
               "declarer_lost": "was_declarer AND won IS 0",
               "ramsch": "kind = 'deal' AND contract IS 'ramsch'",
               "won": "won IS 1", "lost": "won IS 0"},
    "postgres": {"deal": "(kind = 'deal')::int",
                 "declarer_won": "(was_declarer <> 0 AND won IS NOT DISTINCT FROM 1)::int",
                 "declarer_lost": "(was_declarer <> 0 AND won IS NOT DISTINCT FROM 0)::int",
                 "ramsch": "(kind = 'deal' AND contract IS NOT DISTINCT FROM 'ramsch')::int",
                 "won": "(won IS NOT DISTINCT FROM 1)::int",
                 "lost": "(won IS NOT DISTINCT FROM 0)::int"},
}


def rebuild_sql(which: Dialect, *, rows: str = f"NOT {HELD}",
                merge: bool = False) -> tuple[str, str]:
    """The two statements that rebuild ``standings`` and ``declarer_records`` from the
    ledger's rows (``l``) that ``rows`` selects (by default all but the held ones:
    :data:`~bot.store.held.HELD`); ``merge``: add them to the summaries kept so
    far instead (the summaries must not hold them yet)."""
    flags = _FLAGS[which]
    grained = _grained(PG_BUCKETS if which == "postgres" else BUCKETS)
    return (_REBUILD_STANDINGS.format(grained=grained, K=_K, rows=rows,
                                      merge=_MERGE_STANDINGS if merge else "", **flags),
            _REBUILD_DECLARER.format(rows=rows, merge=_MERGE_DECLARER if merge else "",
                                     **flags))


def rebuild_summaries(conn: Conn) -> None:
    """Recompute ``standings`` and ``declarer_records`` from the whole ledger, the held
    rows left out (call it inside a write transaction)."""
    standings, declarer = rebuild_sql(dialect(conn))
    conn.execute("DELETE FROM standings")
    conn.execute("DELETE FROM declarer_records")
    conn.execute(standings)
    conn.execute(declarer)


@contextlib.contextmanager
def summaries_rebuilt_after(conn: Conn, *, rebuild: bool = True) -> Iterator[None]:
    """Insert ledger rows in the ``with`` body without the per-row triggers; the summaries
    are rebuilt (unless not ``rebuild``: a copy brings its own) and the triggers restored
    when the body ends (a raise leaves that to the transaction's rollback)."""
    if not conn.in_transaction:
        raise RuntimeError("summaries_rebuilt_after needs an open write transaction")
    if dialect(conn) == "postgres":  # (ALTER TABLE is transactional there)
        for name in SUMMARY_TRIGGERS:
            conn.execute(f"ALTER TABLE ledger DISABLE TRIGGER {name}")
        yield
        if rebuild:
            rebuild_summaries(conn)
        for name in SUMMARY_TRIGGERS:
            conn.execute(f"ALTER TABLE ledger ENABLE TRIGGER {name}")
        return
    marks = ",".join("?" * len(SUMMARY_TRIGGERS))
    saved = conn.execute(f"SELECT name, sql FROM sqlite_master WHERE type = 'trigger'"
                         f" AND name IN ({marks}) ORDER BY name", SUMMARY_TRIGGERS).fetchall()
    if len(saved) != len(SUMMARY_TRIGGERS):
        raise RuntimeError("the summary triggers are missing")
    for name, _ in saved:
        conn.execute(f'DROP TRIGGER "{name}"')
    yield
    if rebuild:
        rebuild_summaries(conn)
    for _, sql in saved:
        conn.execute(sql)
