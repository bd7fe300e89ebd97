-- 0007 (PostgreSQL; the SQLite file of the same name without .postgres): small facts the bot keeps about itself, one text value per key (e.g. the hash
-- of the application commands last synced to each scope, so an unchanged set is not
-- sent to Discord again at every start).

CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at DOUBLE PRECISION NOT NULL
);
