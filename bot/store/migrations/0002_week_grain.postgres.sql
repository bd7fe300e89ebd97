-- 0002 (PostgreSQL; the SQLite file of the same name without .postgres): a 'week' grain in standings (bucket = UTC Monday 00:00). A rolling window of
-- days (the leaderboard's last 7 or 30 days) then sums whole weeks plus at most six
-- days at either end instead of one row per day: a third of the rows for 30 days.

-- (PostgreSQL: date_trunc('week') starts weeks on Monday, as the SQLite trigger does)
CREATE OR REPLACE FUNCTION ledger_standings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    t timestamp := to_timestamp(NEW.settled_at) AT TIME ZONE 'UTC';
    is_deal boolean := NEW.kind = 'deal';
BEGIN
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

-- the week rows of the ledger written so far (as the trigger would have kept them: the
-- best and worst deal are the first booked with that amount; entry ids < 2^40)
INSERT INTO standings (guild_id, grain, bucket, variant, user_id, net, deals,
                       declarer_games, declarer_won, declarer_lost, ramsch_deals, jungfrau,
                       best_amount, best_deal_id, worst_amount, worst_deal_id)
WITH agg AS (
    SELECT guild_id, 'week' AS grain,
           extract(epoch FROM date_trunc('week', to_timestamp(settled_at) AT TIME ZONE 'UTC'))::bigint
               AS bucket,
           variant, user_id, SUM(amount) AS net, SUM((kind = 'deal')::int) AS deals,
           SUM(was_declarer) AS declarer_games,
           SUM((was_declarer <> 0 AND won IS NOT DISTINCT FROM 1)::int) AS declarer_won,
           SUM((was_declarer <> 0 AND won IS NOT DISTINCT FROM 0)::int) AS declarer_lost,
           SUM((kind = 'deal' AND contract IS NOT DISTINCT FROM 'ramsch')::int) AS ramsch_deals,
           SUM(jungfrau) AS jungfrau,
           MAX(CASE WHEN kind = 'deal' THEN amount * 1099511627776
                    + (1099511627775 - entry_id) END) AS best_key,
           MIN(CASE WHEN kind = 'deal' THEN amount * 1099511627776 + entry_id END) AS worst_key
    FROM ledger WHERE user_id IS NOT NULL
    GROUP BY guild_id, bucket, variant, user_id)
SELECT a.guild_id, a.grain, a.bucket, a.variant, a.user_id, a.net, a.deals,
       a.declarer_games, a.declarer_won, a.declarer_lost, a.ramsch_deals, a.jungfrau,
       b.amount, b.deal_id, w.amount, w.deal_id
FROM agg AS a
LEFT JOIN ledger AS b
    ON b.entry_id = 1099511627775 - ((a.best_key % 1099511627776) + 1099511627776) % 1099511627776
LEFT JOIN ledger AS w
    ON w.entry_id = ((a.worst_key % 1099511627776) + 1099511627776) % 1099511627776;
