-- 0004 (PostgreSQL; the SQLite file of the same name without .postgres): a table that cannot be rebuilt or carried on (a record the engine refuses, a bug)
-- is marked broken with the reason, once; it is left alone at start-up, refuses clicks
-- with a clear answer, and its host can still end it. Every other table plays on.

ALTER TABLE tables ADD COLUMN broken_at DOUBLE PRECISION;
ALTER TABLE tables ADD COLUMN broken_reason TEXT;
