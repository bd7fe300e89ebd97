-- 0009 (PostgreSQL; the SQLite file of the same name without .postgres): a member's own times on a server: their time zone, their quiet hours (minutes
-- after their local midnight, from and to; none without both) and the end of an away
-- period they declared themselves (a Unix time; none: not away). Deadlines of their turns
-- wait out their quiet hours; while they are away a computer plays their seats.

CREATE TABLE member_times (
    guild_id   BIGINT NOT NULL,
    user_id    BIGINT NOT NULL,
    zone       TEXT,                           -- an IANA time zone key (Europe/Zurich)
    quiet_from BIGINT CHECK (quiet_from BETWEEN 0 AND 1439),
    quiet_to   BIGINT CHECK (quiet_to BETWEEN 0 AND 1439),
    away_until DOUBLE PRECISION,
    updated_at DOUBLE PRECISION    NOT NULL,
    PRIMARY KEY (guild_id, user_id),
    CHECK ((quiet_from IS NULL) = (quiet_to IS NULL)),
    CHECK (quiet_from IS NULL OR (zone IS NOT NULL AND quiet_from != quiet_to))
);
