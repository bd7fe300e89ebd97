-- 0016 (PostgreSQL; the SQLite file of the same name without .postgres): the results of a series' shared tables are held back from every total until the
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

ALTER TABLE series ADD COLUMN held_after BIGINT NOT NULL DEFAULT 0;
ALTER TABLE series ADD COLUMN disclosed_entry BIGINT;
ALTER TABLE series ADD COLUMN disclosed_seq BIGINT;
UPDATE series SET held_after = coalesce((SELECT MAX(entry_id) FROM ledger), 0);

CREATE OR REPLACE FUNCTION ledger_standings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t timestamp := to_timestamp(NEW.settled_at) AT TIME ZONE 'UTC';
    is_deal boolean := NEW.kind = 'deal';
BEGIN
    IF EXISTS (SELECT 1 FROM series_tables st JOIN series s ON s.series_id = st.series_id
               WHERE st.table_id = NEW.table_id AND s.status = 'open'
                 AND NEW.entry_id > s.held_after) THEN
        RETURN NULL;
    END IF;
    INSERT INTO standings AS s (guild_id, grain, bucket, variant, user_id, net, deals,
                                declarer_games, declarer_won, declarer_lost, ramsch_deals,
                                jungfrau, best_amount, best_deal_id, worst_amount,
                                worst_deal_id)
    SELECT NEW.guild_id, g.grain, g.bucket, NEW.variant, NEW.user_id, NEW.amount,
           is_deal::int, NEW.was_declarer,
           (NEW.was_declarer <> 0 AND NEW.won IS NOT DISTINCT FROM 1)::int,
           (NEW.was_declarer <> 0 AND NEW.won IS NOT DISTINCT FROM 0)::int,
           (is_deal AND NEW.contract IS NOT DISTINCT FROM 'ramsch')::int, NEW.jungfrau,
           CASE WHEN is_deal THEN NEW.amount END, CASE WHEN is_deal THEN NEW.deal_id END,
           CASE WHEN is_deal THEN NEW.amount END, CASE WHEN is_deal THEN NEW.deal_id END
    FROM (VALUES ('all', 0::bigint),
                 ('month', extract(epoch FROM date_trunc('month', t))::bigint),
                 ('week', extract(epoch FROM date_trunc('week', t))::bigint),
                 ('day', extract(epoch FROM date_trunc('day', t))::bigint)) AS g (grain, bucket)
    ON CONFLICT (guild_id, grain, bucket, variant, user_id) DO UPDATE SET
        net = s.net + excluded.net,
        deals = s.deals + excluded.deals,
        declarer_games = s.declarer_games + excluded.declarer_games,
        declarer_won = s.declarer_won + excluded.declarer_won,
        declarer_lost = s.declarer_lost + excluded.declarer_lost,
        ramsch_deals = s.ramsch_deals + excluded.ramsch_deals,
        jungfrau = s.jungfrau + excluded.jungfrau,
        best_deal_id = CASE WHEN excluded.best_amount > s.best_amount OR s.best_amount IS NULL
                            THEN coalesce(excluded.best_deal_id, s.best_deal_id)
                            ELSE s.best_deal_id END,
        best_amount = CASE WHEN excluded.best_amount > s.best_amount OR s.best_amount IS NULL
                           THEN excluded.best_amount ELSE s.best_amount END,
        worst_deal_id = CASE WHEN excluded.worst_amount < s.worst_amount
                                  OR s.worst_amount IS NULL
                             THEN coalesce(excluded.worst_deal_id, s.worst_deal_id)
                             ELSE s.worst_deal_id END,
        worst_amount = CASE WHEN excluded.worst_amount < s.worst_amount OR s.worst_amount IS NULL
                            THEN excluded.worst_amount ELSE s.worst_amount END;
    RETURN NULL;
END $$;


CREATE OR REPLACE FUNCTION ledger_declarer_records() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM series_tables st JOIN series s ON s.series_id = st.series_id
               WHERE st.table_id = NEW.table_id AND s.status = 'open'
                 AND NEW.entry_id > s.held_after) THEN
        RETURN NULL;
    END IF;
    INSERT INTO declarer_records AS d (guild_id, user_id, variant, contract, games, won,
                                       lost, net)
    VALUES (NEW.guild_id, NEW.user_id, NEW.variant, NEW.contract, 1,
            (NEW.won IS NOT DISTINCT FROM 1)::int, (NEW.won IS NOT DISTINCT FROM 0)::int,
            NEW.amount)
    ON CONFLICT (guild_id, user_id, variant, contract) DO UPDATE SET
        games = d.games + 1,
        won = d.won + excluded.won,
        lost = d.lost + excluded.lost,
        net = d.net + excluded.net;
    RETURN NULL;
END $$;

