-- 0016: the results of a series' shared tables are held back from every total until the
-- series closes (issue 48: nobody learns a deal they have yet to play from the
-- standings). A ledger row booked at a shared table of a series while it is open is
-- *held*: the summary triggers (standings, declarer_records) skip it and the deal is
-- not rated. When the series closes (or is deleted) its held rows are folded into the
-- summaries and its deals rated, in deal order, in the closing transaction
-- (bot/store/disclosure.py; the predicate is bot.store.disclosure.HELD).
-- `held_after`: rows of the series up to this ledger entry were counted when booked
-- (the series' rows booked before this migration; 0 for a series opened after it).
-- `disclosed_entry`, `disclosed_seq`: the ledger's last entry when the held rows were
-- disclosed, and the disclosure's place among all (the ratings replay in that order).

ALTER TABLE series ADD COLUMN held_after INTEGER NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN disclosed_entry INTEGER;
ALTER TABLE series ADD COLUMN disclosed_seq INTEGER;
UPDATE series SET held_after = coalesce((SELECT MAX(entry_id) FROM ledger), 0);

DROP TRIGGER ledger_standings;

CREATE TRIGGER ledger_standings AFTER INSERT ON ledger
WHEN NEW.user_id IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM series_tables st JOIN series s ON s.series_id = st.series_id
        WHERE st.table_id = NEW.table_id AND s.status = 'open'
          AND NEW.entry_id > s.held_after)
BEGIN
    INSERT INTO standings (guild_id, grain, bucket, variant, user_id, net, deals,
                           declarer_games, declarer_won, declarer_lost, ramsch_deals,
                           jungfrau, best_amount, best_deal_id, worst_amount, worst_deal_id)
    SELECT NEW.guild_id, g.grain, g.bucket, NEW.variant, NEW.user_id, NEW.amount,
           NEW.kind = 'deal', NEW.was_declarer,
           NEW.was_declarer AND NEW.won IS 1, NEW.was_declarer AND NEW.won IS 0,
           NEW.kind = 'deal' AND NEW.contract IS 'ramsch', NEW.jungfrau,
           b.amount, b.deal_id, b.amount, b.deal_id
    FROM (SELECT 'all' AS grain, 0 AS bucket
          UNION ALL
          SELECT 'month', CAST(strftime('%s', NEW.settled_at, 'unixepoch', 'start of month') AS INTEGER)
          UNION ALL
          SELECT 'week', CAST(strftime('%s', NEW.settled_at, 'unixepoch', 'start of day', 'weekday 0', '-6 days') AS INTEGER)
          UNION ALL
          SELECT 'day', CAST(strftime('%s', NEW.settled_at, 'unixepoch', 'start of day') AS INTEGER)) AS g,
         (SELECT CASE WHEN NEW.kind = 'deal' THEN NEW.amount END AS amount,
                 CASE WHEN NEW.kind = 'deal' THEN NEW.deal_id END AS deal_id) AS b
    WHERE true
    ON CONFLICT (guild_id, grain, bucket, variant, user_id) DO UPDATE SET
        net = net + excluded.net,
        deals = deals + excluded.deals,
        declarer_games = declarer_games + excluded.declarer_games,
        declarer_won = declarer_won + excluded.declarer_won,
        declarer_lost = declarer_lost + excluded.declarer_lost,
        ramsch_deals = ramsch_deals + excluded.ramsch_deals,
        jungfrau = jungfrau + excluded.jungfrau,
        -- (every expression reads the row as it was before this update)
        best_deal_id = CASE WHEN excluded.best_amount > best_amount OR best_amount IS NULL
                            THEN coalesce(excluded.best_deal_id, best_deal_id)
                            ELSE best_deal_id END,
        best_amount = CASE WHEN excluded.best_amount > best_amount OR best_amount IS NULL
                           THEN excluded.best_amount ELSE best_amount END,
        worst_deal_id = CASE WHEN excluded.worst_amount < worst_amount OR worst_amount IS NULL
                             THEN coalesce(excluded.worst_deal_id, worst_deal_id)
                             ELSE worst_deal_id END,
        worst_amount = CASE WHEN excluded.worst_amount < worst_amount OR worst_amount IS NULL
                            THEN excluded.worst_amount ELSE worst_amount END;
END;

DROP TRIGGER ledger_declarer_records;

CREATE TRIGGER ledger_declarer_records AFTER INSERT ON ledger
WHEN NEW.user_id IS NOT NULL AND NEW.was_declarer AND NEW.contract IS NOT NULL
     AND NOT EXISTS (
        SELECT 1 FROM series_tables st JOIN series s ON s.series_id = st.series_id
        WHERE st.table_id = NEW.table_id AND s.status = 'open'
          AND NEW.entry_id > s.held_after)
BEGIN
    INSERT INTO declarer_records (guild_id, user_id, variant, contract, games, won, lost, net)
    VALUES (NEW.guild_id, NEW.user_id, NEW.variant, NEW.contract, 1,
            NEW.won IS 1, NEW.won IS 0, NEW.amount)
    ON CONFLICT (guild_id, user_id, variant, contract) DO UPDATE SET
        games = games + 1,
        won = won + excluded.won,
        lost = lost + excluded.lost,
        net = net + excluded.net;
END;
