-- 0008: the deal of the day. Each server has one deal per day (a UTC date), dealt from
-- a secret 32-byte seed when the day's first member asks for it. Each member plays it
-- alone, seat `seat`, against computer players of level `level` (a run): every step is
-- appended to daily_steps (their actions, the computers', and their letting a Kontra
-- pass); a finished run keeps that seat's chips and the deal's result. A run of a day
-- that is over stays as it was (never scored unless finished within its day).

CREATE TABLE daily_deals (
    daily_id   INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    day        TEXT    NOT NULL,                 -- 'YYYY-MM-DD', UTC
    variant    TEXT    NOT NULL,
    seat       INTEGER NOT NULL CHECK (seat >= 0),  -- the seat every member holds
    level      TEXT    NOT NULL,                 -- the computer players' level
    seed       BLOB    NOT NULL CHECK (length(seed) = 32),
    header     TEXT    NOT NULL,                 -- JSON record without "actions"
    created_at REAL    NOT NULL,
    UNIQUE (guild_id, day)
);

CREATE TABLE daily_runs (
    run_id      INTEGER PRIMARY KEY,
    daily_id    INTEGER NOT NULL REFERENCES daily_deals (daily_id),
    user_id     INTEGER NOT NULL,
    steps       INTEGER NOT NULL DEFAULT 0,      -- entries in daily_steps (compare-and-swap)
    status      TEXT    NOT NULL DEFAULT 'playing'
                CHECK (status IN ('playing', 'finished')),
    chips       INTEGER,                         -- the seat's chips, once finished
    result      TEXT,                            -- JSON DealResult, once finished
    started_at  REAL    NOT NULL,
    finished_at REAL,
    UNIQUE (daily_id, user_id),
    CHECK ((status = 'finished') = (chips IS NOT NULL AND result IS NOT NULL
                                    AND finished_at IS NOT NULL))
);
-- a day's table, and a member's days (streaks)
CREATE INDEX daily_runs_finished ON daily_runs (daily_id) WHERE status = 'finished';
CREATE INDEX daily_runs_user ON daily_runs (user_id) WHERE status = 'finished';

CREATE TABLE daily_steps (
    run_id INTEGER NOT NULL REFERENCES daily_runs (run_id),
    step   INTEGER NOT NULL CHECK (step >= 0),
    entry  TEXT    NOT NULL,                     -- JSON action entry (records.md), or
                                                 -- {"seat": s, "type": "decline"}
    at     REAL    NOT NULL,
    PRIMARY KEY (run_id, step)
) WITHOUT ROWID;

CREATE TRIGGER daily_steps_append_only_update BEFORE UPDATE ON daily_steps
BEGIN
    SELECT RAISE(ABORT, 'daily_steps is append-only');
END;

CREATE TRIGGER daily_steps_append_only_delete BEFORE DELETE ON daily_steps
BEGIN
    SELECT RAISE(ABORT, 'daily_steps is append-only');
END;
