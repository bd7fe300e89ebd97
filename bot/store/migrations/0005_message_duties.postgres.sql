-- 0005 (PostgreSQL; the SQLite file of the same name without .postgres): what the display still owes Discord survives a fault and a restart. A message
-- retired but not yet deleted on Discord (an old turn ping, a re-posted table message)
-- is deleted later (gone_at set once it is); a settled deal whose result was not shown
-- yet is shown (shown_at set with its result message). Everything before is done.

ALTER TABLE messages ADD COLUMN gone_at DOUBLE PRECISION;
UPDATE messages SET gone_at = retired_at WHERE retired_at IS NOT NULL;
CREATE INDEX messages_owed ON messages (table_id)
    WHERE retired_at IS NOT NULL AND gone_at IS NULL;

ALTER TABLE deals ADD COLUMN shown_at DOUBLE PRECISION;
UPDATE deals SET shown_at = COALESCE(ended_at, started_at) WHERE status = 'settled';
CREATE INDEX deals_unshown ON deals (table_id) WHERE status = 'settled' AND shown_at IS NULL;
