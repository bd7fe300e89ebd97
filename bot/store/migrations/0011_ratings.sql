-- 0011: skill ratings (issue 34). The ledger keeps each computer seat's level, so a
-- deal's rating update can be replayed from the ledger alone. `ratings` holds every
-- player's current rating (openskill, Weng-Lin: see bot/ratings/model.py) per server and variant:
-- all time (grain 'all', bucket 0) and per season, a UTC calendar month ('month') and
-- quarter ('quarter'), bucket = the season's UTC start. `player` is a member's id, or
-- 'computer:<level>' (every computer of that level in the server is one player).
-- `rating_history`: each player's all-time rating after each rated deal (the chart of
-- /tapp stats). Both are written in the transaction that settles the deal.

ALTER TABLE ledger ADD COLUMN level TEXT;

-- computer seats of deals settled before: the seat's level as it stands (the ledger
-- refuses updates; this one alone is let through, inside the migration's transaction)
DROP TRIGGER ledger_no_update;
UPDATE ledger SET level = (SELECT s.level FROM seats s
                           WHERE s.table_id = ledger.table_id AND s.seat = ledger.seat)
WHERE is_computer = 1 AND seat IS NOT NULL;
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger
BEGIN SELECT RAISE(ABORT, 'the ledger is append-only'); END;

CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    variant      TEXT    NOT NULL,
    grain        TEXT    NOT NULL CHECK (grain IN ('all', 'month', 'quarter')),
    bucket       INTEGER NOT NULL,
    player       TEXT    NOT NULL,
    user_id      INTEGER,                      -- NULL: a computer level
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    deals        INTEGER NOT NULL,
    last_deal_id INTEGER NOT NULL,
    PRIMARY KEY (guild_id, variant, grain, bucket, player)
);

CREATE TABLE rating_history (
    deal_id    INTEGER NOT NULL,
    player     TEXT    NOT NULL,
    guild_id   INTEGER NOT NULL,
    variant    TEXT    NOT NULL,
    user_id    INTEGER,
    settled_at REAL    NOT NULL,
    mu         REAL    NOT NULL,
    sigma      REAL    NOT NULL,
    PRIMARY KEY (deal_id, player)
);
CREATE INDEX rating_history_member ON rating_history (guild_id, user_id, variant, settled_at);

-- deals settled before this version are rated when the store next opens (in order, as
-- they were settled); this mark says so
INSERT INTO meta (key, value, updated_at)
SELECT 'ratings.rebuild', 'pending', 0 WHERE EXISTS (SELECT 1 FROM ledger WHERE kind = 'deal');
