-- 0012: series (issue 48). A series is a fixed list of deals dealt from one secret seed
-- (its commitment posted when it opens, the seed published when it closes), played by
-- its members over a window. `spec` is its definition as JSON (bot/series/models.py).
-- A member's `turn` (the order they joined in, from 0) fixes their place, and so the
-- seat they hold on each deal (bot/series/movement.py). A run is a member's play of one deal of it, against
-- computer players: its steps (series_steps) are appended with a compare-and-swap on
-- `steps`, and the step that ends the deal finishes the run, with the seat's chips and
-- the result, in the same transaction. One run per member and deal: a deal counts once.
-- `series_final` keeps the standings as they stood when the series closed (check-ledger
-- recomputes them from the runs' records).

CREATE TABLE series (
    series_id  INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    host_id    INTEGER NOT NULL,
    title      TEXT    NOT NULL,
    spec       TEXT    NOT NULL,                  -- JSON SeriesSpec
    seed       BLOB    NOT NULL CHECK (length(seed) = 32),
    status     TEXT    NOT NULL DEFAULT 'open'
               CHECK (status IN ('open', 'closed', 'deleted')),
    opens_at   REAL    NOT NULL,
    closes_at  REAL    NOT NULL,
    closed_at  REAL,
    joined     INTEGER NOT NULL DEFAULT 0,        -- members who joined (the next turn)
    CHECK ((status = 'open') = (closed_at IS NULL))
);
CREATE INDEX series_guild ON series (guild_id, status);
CREATE INDEX series_open ON series (closes_at) WHERE status = 'open';

CREATE TABLE series_members (
    series_id INTEGER NOT NULL REFERENCES series (series_id),
    user_id   INTEGER NOT NULL,
    turn      INTEGER NOT NULL CHECK (turn >= 0),
    display_name TEXT NOT NULL DEFAULT '',      -- as they joined (the table's image)
    joined_at REAL    NOT NULL,
    left_at   REAL,                                -- they left: no more deals counted
    PRIMARY KEY (series_id, user_id),
    UNIQUE (series_id, turn)
);

CREATE TABLE series_runs (
    run_id      INTEGER PRIMARY KEY,
    series_id   INTEGER NOT NULL REFERENCES series (series_id),
    user_id     INTEGER NOT NULL,
    deal        INTEGER NOT NULL CHECK (deal >= 1),
    seat        INTEGER NOT NULL CHECK (seat >= 0),
    steps       INTEGER NOT NULL DEFAULT 0,
    status      TEXT    NOT NULL DEFAULT 'playing'
                CHECK (status IN ('playing', 'finished', 'dropped')),
    chips       INTEGER,
    result      TEXT,                              -- JSON DealResult, once finished
    started_at  REAL    NOT NULL,
    finished_at REAL,
    UNIQUE (series_id, user_id, deal),
    CHECK ((status = 'finished') = (chips IS NOT NULL AND result IS NOT NULL
                                    AND finished_at IS NOT NULL))
);
CREATE INDEX series_runs_finished ON series_runs (series_id, deal)
    WHERE status = 'finished';

CREATE TABLE series_steps (
    run_id INTEGER NOT NULL REFERENCES series_runs (run_id),
    step   INTEGER NOT NULL CHECK (step >= 0),
    entry  TEXT    NOT NULL,                       -- JSON action entry, or a decline
    at     REAL    NOT NULL,
    PRIMARY KEY (run_id, step)
) WITHOUT ROWID;

CREATE TRIGGER series_steps_append_only_update BEFORE UPDATE ON series_steps
BEGIN
    SELECT RAISE(ABORT, 'series_steps is append-only');
END;

CREATE TRIGGER series_steps_append_only_delete BEFORE DELETE ON series_steps
BEGIN
    SELECT RAISE(ABORT, 'series_steps is append-only');
END;

CREATE TABLE series_final (
    series_id INTEGER NOT NULL REFERENCES series (series_id),
    user_id   INTEGER NOT NULL,
    rank      INTEGER NOT NULL CHECK (rank >= 1),
    total     TEXT    NOT NULL,                    -- an exact fraction, 'p/q'
    deals     INTEGER NOT NULL CHECK (deals >= 1),
    PRIMARY KEY (series_id, user_id)
);
