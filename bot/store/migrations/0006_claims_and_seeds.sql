-- 0006: claims, and the seeds of verifiable shuffles.
--
-- A claim: at a deal's ply, a seat claims every trick still to play ('all') or no more
-- ('none'). 'proven': the engine proved it and the rest was played out at once;
-- 'pending': put to the other members, who accept (their seats in `accepted`) or one
-- refuses ('refused', `refused_by`); 'accepted': all accepted and the rest was played
-- out. One claim per deal and ply: a claim refused stands until a card is played.
CREATE TABLE claims (
    claim_id   INTEGER PRIMARY KEY,
    deal_id    INTEGER NOT NULL REFERENCES deals (deal_id),
    ply        INTEGER NOT NULL,
    seat       INTEGER NOT NULL,
    kind       TEXT NOT NULL CHECK (kind IN ('all', 'none')),
    status     TEXT NOT NULL CHECK (status IN ('proven', 'pending', 'accepted', 'refused')),
    accepted   TEXT NOT NULL DEFAULT '[]',
    refused_by INTEGER,
    created_at REAL NOT NULL,
    closed_at  REAL,
    UNIQUE (deal_id, ply)
);

-- A deal dealt from a secret seed (docs/shuffle.md): the seed (hex) is kept secret
-- until the deal is over; its SHA-256 (hex) is shown while it is played.
ALTER TABLE deals ADD COLUMN seed TEXT;
ALTER TABLE deals ADD COLUMN commitment TEXT;
