-- 0001: the initial schema.
-- Times are Unix seconds (REAL) from the store's clock. JSON columns hold compact JSON
-- text. Discord ids (snowflakes) fit in INTEGER. The ledger and the action log are
-- append-only (triggers below); standings and declarer_records are derived from the
-- ledger by triggers, in the transaction that inserts the ledger rows.

-- A table is one session at one place: lobby -> playing -> closed (or cancelled).
CREATE TABLE tables (
    table_id    INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    thread_id   INTEGER,                       -- NULL in in-channel mode
    host_id     INTEGER NOT NULL,
    variant     TEXT    NOT NULL,
    options     TEXT    NOT NULL DEFAULT '{}', -- JSON: deal and session options
    status      TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'playing', 'closed', 'cancelled')),
    session     TEXT,                          -- JSON Session state once started
    created_at  REAL    NOT NULL,
    started_at  REAL,
    closed_at   REAL
);
-- start-up loads the open tables; commands find the open table of a channel or thread
CREATE INDEX tables_open ON tables (status) WHERE status IN ('lobby', 'playing');
CREATE INDEX tables_open_channel ON tables (channel_id)
    WHERE status IN ('lobby', 'playing');
CREATE INDEX tables_open_thread ON tables (thread_id)
    WHERE status IN ('lobby', 'playing') AND thread_id IS NOT NULL;

CREATE TABLE seats (
    table_id     INTEGER NOT NULL REFERENCES tables (table_id),
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    user_id      INTEGER,                      -- NULL for a computer player
    display_name TEXT    NOT NULL,
    is_computer  INTEGER NOT NULL DEFAULT 0 CHECK (is_computer IN (0, 1)),
    level        TEXT,                         -- computer level
    joined_at    REAL    NOT NULL,
    PRIMARY KEY (table_id, seat),
    CHECK ((is_computer = 1) = (user_id IS NULL))
) WITHOUT ROWID;
-- a member sits at most once per table
CREATE UNIQUE INDEX seats_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;

-- A deal: its record header (variant, options, dealer, hands, talon, pot) and, once
-- over, its result. ply counts the actions in the log (compare-and-swap on append).
CREATE TABLE deals (
    deal_id    INTEGER PRIMARY KEY,
    table_id   INTEGER NOT NULL REFERENCES tables (table_id),
    number     INTEGER NOT NULL,               -- 0, 1, ... within the table
    guild_id   INTEGER NOT NULL,               -- denormalised for server history
    variant    TEXT    NOT NULL,
    header     TEXT    NOT NULL,               -- JSON record without "actions"
    status     TEXT    NOT NULL DEFAULT 'playing'
               CHECK (status IN ('playing', 'settled', 'abandoned')),
    ply        INTEGER NOT NULL DEFAULT 0,
    result     TEXT,                           -- JSON DealResult when settled
    started_at REAL    NOT NULL,
    ended_at   REAL,
    UNIQUE (table_id, number)
);
-- at most one deal in play per table
CREATE UNIQUE INDEX deals_playing ON deals (table_id) WHERE status = 'playing';
-- /tapp history without a member: a server's recent deals
CREATE INDEX deals_guild_settled ON deals (guild_id, ended_at) WHERE status = 'settled';

-- The append-only action log: one record entry per ply.
CREATE TABLE actions (
    deal_id    INTEGER NOT NULL REFERENCES deals (deal_id),
    ply        INTEGER NOT NULL CHECK (ply >= 0),
    seat       INTEGER NOT NULL,
    entry      TEXT    NOT NULL,               -- JSON record entry (with "seat")
    auto       INTEGER NOT NULL DEFAULT 0,     -- taken by a computer for a timed-out seat
    created_at REAL    NOT NULL,
    PRIMARY KEY (deal_id, ply)
) WITHOUT ROWID;
CREATE TRIGGER actions_no_update BEFORE UPDATE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;
CREATE TRIGGER actions_no_delete BEFORE DELETE ON actions
BEGIN SELECT RAISE(ABORT, 'the action log is append-only'); END;

-- The chip ledger. kind 'deal': one row per seat per settled deal, plus the pot's row
-- (seat NULL) in tapp1879; kind 'pot_share': the tapp1879 pot shared out when the
-- session ends (deal_id NULL). Each deal's rows, and each table's pot_share rows, sum
-- to zero. Everything standings need is denormalised into the row.
CREATE TABLE ledger (
    entry_id     INTEGER PRIMARY KEY,
    kind         TEXT    NOT NULL CHECK (kind IN ('deal', 'pot_share')),
    deal_id      INTEGER REFERENCES deals (deal_id),
    table_id     INTEGER NOT NULL REFERENCES tables (table_id),
    guild_id     INTEGER NOT NULL,
    seat         INTEGER,                      -- NULL for the pot
    user_id      INTEGER,                      -- NULL for a computer and the pot
    is_computer  INTEGER NOT NULL DEFAULT 0,
    display_name TEXT,                         -- as seated then; NULL for the pot
    variant      TEXT    NOT NULL,
    contract     TEXT,                         -- NULL when thrown in
    settled_at   REAL    NOT NULL,
    amount       INTEGER NOT NULL,
    was_declarer INTEGER NOT NULL DEFAULT 0,
    won          INTEGER,                      -- declarer rows: 1 won, 0 lost, NULL draw
    jungfrau     INTEGER NOT NULL DEFAULT 0,   -- Ramsch: this seat won no trick
    CHECK ((kind = 'deal') = (deal_id IS NOT NULL))
);
CREATE UNIQUE INDEX ledger_deal_seat ON ledger (deal_id, seat) WHERE kind = 'deal';
CREATE UNIQUE INDEX ledger_deal_pot ON ledger (deal_id) WHERE kind = 'deal' AND seat IS NULL;
CREATE UNIQUE INDEX ledger_share_seat ON ledger (table_id, seat) WHERE kind = 'pot_share';
CREATE UNIQUE INDEX ledger_share_pot ON ledger (table_id)
    WHERE kind = 'pot_share' AND seat IS NULL;
-- /tapp history [member]: a member's recent deals in a server
CREATE INDEX ledger_member_recent ON ledger (guild_id, user_id, settled_at, deal_id, variant)
    WHERE kind = 'deal' AND user_id IS NOT NULL;
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;

-- Standings: members' ledger rows summed per server, grain ('all' | 'month' | 'day',
-- bucket = UTC start of the month or day, 0 for 'all'), variant and member. A
-- leaderboard reads a few rows per member instead of every ledger row. Computer
-- players and the pot have no user_id and are never here.
CREATE TABLE standings (
    guild_id       INTEGER NOT NULL,
    grain          TEXT    NOT NULL,
    bucket         INTEGER NOT NULL,
    variant        TEXT    NOT NULL,
    user_id        INTEGER NOT NULL,
    net            INTEGER NOT NULL DEFAULT 0,
    deals          INTEGER NOT NULL DEFAULT 0,
    declarer_games INTEGER NOT NULL DEFAULT 0,
    declarer_won   INTEGER NOT NULL DEFAULT 0,
    declarer_lost  INTEGER NOT NULL DEFAULT 0,
    ramsch_deals   INTEGER NOT NULL DEFAULT 0,
    jungfrau       INTEGER NOT NULL DEFAULT 0,
    best_amount    INTEGER,
    best_deal_id   INTEGER,
    worst_amount   INTEGER,
    worst_deal_id  INTEGER,
    PRIMARY KEY (guild_id, grain, bucket, variant, user_id)
) WITHOUT ROWID;
-- /tapp stats: one member's rows (totals, and the chip history by day from the index)
CREATE INDEX standings_member ON standings (guild_id, user_id, grain, bucket, net);

-- Declarer games per member and contract (all time), for /tapp stats.
CREATE TABLE declarer_records (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    variant  TEXT    NOT NULL,
    contract TEXT    NOT NULL,
    games    INTEGER NOT NULL DEFAULT 0,
    won      INTEGER NOT NULL DEFAULT 0,
    lost     INTEGER NOT NULL DEFAULT 0,
    net      INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, variant, contract)
) WITHOUT ROWID;

CREATE TRIGGER ledger_standings AFTER INSERT ON ledger WHEN NEW.user_id IS NOT NULL
BEGIN
    INSERT INTO standings (guild_id, grain, bucket, variant, user_id, net, deals,
                           declarer_games, declarer_won, declarer_lost, ramsch_deals,
                           jungfrau, best_amount, best_deal_id, worst_amount, worst_deal_id)
    SELECT NEW.guild_id, g.grain, g.bucket, NEW.variant, NEW.user_id, NEW.amount,
           NEW.kind = 'deal', NEW.was_declarer,
           NEW.was_declarer AND NEW.won IS 1, NEW.was_declarer AND NEW.won IS 0,
           NEW.kind = 'deal' AND NEW.contract IS 'ramsch', NEW.jungfrau,
           b.amount, b.deal_id, b.amount, b.deal_id
    FROM (SELECT 'all' AS grain, 0 AS bucket
          UNION ALL
          SELECT 'month', CAST(strftime('%s', NEW.settled_at, 'unixepoch', 'start of month') AS INTEGER)
          UNION ALL
          SELECT 'day', CAST(strftime('%s', NEW.settled_at, 'unixepoch', 'start of day') AS INTEGER)) AS g,
         (SELECT CASE WHEN NEW.kind = 'deal' THEN NEW.amount END AS amount,
                 CASE WHEN NEW.kind = 'deal' THEN NEW.deal_id END AS deal_id) AS b
    WHERE true
    ON CONFLICT (guild_id, grain, bucket, variant, user_id) DO UPDATE SET
        net = net + excluded.net,
        deals = deals + excluded.deals,
        declarer_games = declarer_games + excluded.declarer_games,
        declarer_won = declarer_won + excluded.declarer_won,
        declarer_lost = declarer_lost + excluded.declarer_lost,
        ramsch_deals = ramsch_deals + excluded.ramsch_deals,
        jungfrau = jungfrau + excluded.jungfrau,
        -- (every expression reads the row as it was before this update)
        best_deal_id = CASE WHEN excluded.best_amount > best_amount OR best_amount IS NULL
                            THEN coalesce(excluded.best_deal_id, best_deal_id)
                            ELSE best_deal_id END,
        best_amount = CASE WHEN excluded.best_amount > best_amount OR best_amount IS NULL
                           THEN excluded.best_amount ELSE best_amount END,
        worst_deal_id = CASE WHEN excluded.worst_amount < worst_amount OR worst_amount IS NULL
                             THEN coalesce(excluded.worst_deal_id, worst_deal_id)
                             ELSE worst_deal_id END,
        worst_amount = CASE WHEN excluded.worst_amount < worst_amount OR worst_amount IS NULL
                            THEN excluded.worst_amount ELSE worst_amount END;
END;

CREATE TRIGGER ledger_declarer_records AFTER INSERT ON ledger
WHEN NEW.user_id IS NOT NULL AND NEW.was_declarer AND NEW.contract IS NOT NULL
BEGIN
    INSERT INTO declarer_records (guild_id, user_id, variant, contract, games, won, lost, net)
    VALUES (NEW.guild_id, NEW.user_id, NEW.variant, NEW.contract, 1,
            NEW.won IS 1, NEW.won IS 0, NEW.amount)
    ON CONFLICT (guild_id, user_id, variant, contract) DO UPDATE SET
        games = games + 1,
        won = won + excluded.won,
        lost = lost + excluded.lost,
        net = net + excluded.net;
END;

-- Public messages of a table (table message, turn ping, last trick, ...). A message
-- is current until retired; created_at tells when to re-post instead of editing.
CREATE TABLE messages (
    message_id INTEGER PRIMARY KEY,
    table_id   INTEGER NOT NULL REFERENCES tables (table_id),
    kind       TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    created_at REAL    NOT NULL,
    retired_at REAL
);
CREATE INDEX messages_current ON messages (table_id, kind) WHERE retired_at IS NULL;

-- Durable timers. A pending deadline is claimed (status 'fired') in the same
-- transaction that reads it, so it fires once even across restarts.
CREATE TABLE deadlines (
    deadline_id INTEGER PRIMARY KEY,
    table_id    INTEGER NOT NULL REFERENCES tables (table_id),
    kind        TEXT    NOT NULL CHECK (kind IN ('reminder', 'timeout')),
    deal_id     INTEGER REFERENCES deals (deal_id),
    ply         INTEGER,                       -- the deal's action count it was set for
    seat        INTEGER,
    due_at      REAL    NOT NULL,
    created_at  REAL    NOT NULL,
    status      TEXT    NOT NULL DEFAULT 'pending'
                CHECK (status IN ('pending', 'fired')),
    fired_at    REAL
);
-- one pending deadline of each kind per table; the timer loop reads the earliest due
CREATE UNIQUE INDEX deadlines_pending ON deadlines (table_id, kind) WHERE status = 'pending';
CREATE INDEX deadlines_due ON deadlines (due_at) WHERE status = 'pending';

-- Settings: per-server values and per-table overrides, one JSON value per key; keys
-- and defaults live in bot/store/settings.py (no migration for a new setting).
CREATE TABLE guild_settings (
    guild_id   INTEGER NOT NULL,
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    updated_at REAL    NOT NULL,
    updated_by INTEGER,
    PRIMARY KEY (guild_id, key)
) WITHOUT ROWID;

CREATE TABLE table_settings (
    table_id   INTEGER NOT NULL REFERENCES tables (table_id),
    key        TEXT    NOT NULL,
    value      TEXT    NOT NULL,
    updated_at REAL    NOT NULL,
    PRIMARY KEY (table_id, key)
) WITHOUT ROWID;
