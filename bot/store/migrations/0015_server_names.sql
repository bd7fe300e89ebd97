-- 0015: each server's name as the bot last saw it (GUILD_CREATE when it joins or the
-- server becomes available, GUILD_UPDATE when it is renamed), for the web pages, which
-- show it (escaped) rather than the server's id. Only the bot writes it.

CREATE TABLE server_names (
    guild_id   INTEGER NOT NULL,
    name       TEXT    NOT NULL,
    seen_at    REAL    NOT NULL,
    PRIMARY KEY (guild_id)
);
