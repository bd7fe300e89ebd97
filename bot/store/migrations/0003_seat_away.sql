-- 0003: a member whose turn timed out (timeout policy 'substitute') is away: a computer
-- plays their seat until they come back. Set with the substitute's action, cleared with
-- the member's own action or their return, each in the same transaction.

ALTER TABLE seats ADD COLUMN away INTEGER NOT NULL DEFAULT 0 CHECK (away IN (0, 1));
