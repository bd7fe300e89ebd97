-- 0014: leagues (issue 48). A league is a server's ladder of members (one running league
-- a server: the partial unique index), cut into divisions; each season every division
-- plays a series of its own (`series`, listed in `league_divisions`), opened by the bot
-- when the season starts. A season is keyed by its league and start as well as by its
-- number, so a restart (or a second process) never opens one twice; the season's row,
-- its divisions' series and their members are written in one transaction. At a
-- season's close the members' divisions for the next season and places on the ladder
-- (`ladder`, 0 the top) are written in the transaction that closes it
-- (bot/series/leagues.py says how they move); a newcomer's division is NULL until then.
-- A member's division in a season is the division whose series they are a member of;
-- one who joined when no division could take them waits for the next season.
-- (Numbered after the series' shared tables; it needs nothing of them and runs as 0013.)

CREATE TABLE leagues (
    league_id  INTEGER PRIMARY KEY,
    guild_id   INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    host_id    INTEGER NOT NULL,
    title      TEXT    NOT NULL,
    spec       TEXT    NOT NULL,                  -- JSON LeagueSpec
    status     TEXT    NOT NULL DEFAULT 'running'
               CHECK (status IN ('running', 'ended')),
    created_at REAL    NOT NULL,
    ended_at   REAL,
    CHECK ((status = 'running') = (ended_at IS NULL))
);
CREATE UNIQUE INDEX leagues_running ON leagues (guild_id) WHERE status = 'running';

CREATE TABLE league_members (
    league_id    INTEGER NOT NULL REFERENCES leagues (league_id),
    user_id      INTEGER NOT NULL,
    ladder       INTEGER NOT NULL CHECK (ladder >= 0),  -- place on the ladder, 0 the top
    division     INTEGER CHECK (division >= 0),      -- next season's (NULL: a newcomer)
    display_name TEXT    NOT NULL DEFAULT '',
    joined_at    REAL    NOT NULL,
    left_at      REAL,                                 -- left: in no further season
    PRIMARY KEY (league_id, user_id)
);

CREATE TABLE league_seasons (
    league_id INTEGER NOT NULL REFERENCES leagues (league_id),
    season    INTEGER NOT NULL CHECK (season >= 1),
    starts_at REAL    NOT NULL,
    ends_at   REAL    NOT NULL,
    status    TEXT    NOT NULL DEFAULT 'running'
              CHECK (status IN ('running', 'closed')),
    closed_at REAL,
    PRIMARY KEY (league_id, season),
    UNIQUE (league_id, starts_at),
    CHECK ((status = 'running') = (closed_at IS NULL))
);

CREATE TABLE league_divisions (
    league_id INTEGER NOT NULL,
    season    INTEGER NOT NULL,
    division  INTEGER NOT NULL CHECK (division >= 0),  -- 0 the top
    series_id INTEGER NOT NULL UNIQUE REFERENCES series (series_id),
    PRIMARY KEY (league_id, season, division),
    FOREIGN KEY (league_id, season) REFERENCES league_seasons (league_id, season)
);
