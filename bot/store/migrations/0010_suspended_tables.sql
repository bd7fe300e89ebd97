-- 0010: a table whose place on Discord is gone (its channel deleted, the bot removed from
-- the server, no permission to post there) is suspended with the reason: it plays no
-- further until the place is back or its members end it. NULL: it is not suspended.

ALTER TABLE tables ADD COLUMN suspended_reason TEXT;
