-- 0002: a 'week' grain in standings (bucket = UTC Monday 00:00). A rolling window of
-- days (the leaderboard's last 7 or 30 days) then sums whole weeks plus at most six
-- days at either end instead of one row per day: a third of the rows for 30 days.

DROP TRIGGER ledger_standings;

CREATE TRIGGER ledger_standings AFTER INSERT ON ledger WHEN NEW.user_id IS NOT NULL
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

-- the week rows of the ledger written so far (as the trigger would have kept them: the
-- best and worst deal are the first booked with that amount; entry ids < 2^40)
INSERT INTO standings (guild_id, grain, bucket, variant, user_id, net, deals,
                       declarer_games, declarer_won, declarer_lost, ramsch_deals, jungfrau,
                       best_amount, best_deal_id, worst_amount, worst_deal_id)
WITH agg AS (
    SELECT guild_id, 'week' AS grain,
           CAST(strftime('%s', settled_at, 'unixepoch', 'start of day', 'weekday 0', '-6 days')
                AS INTEGER) AS bucket,
           variant, user_id, SUM(amount) AS net, SUM(kind = 'deal') AS deals,
           SUM(was_declarer) AS declarer_games,
           SUM(was_declarer AND won IS 1) AS declarer_won,
           SUM(was_declarer AND won IS 0) AS declarer_lost,
           SUM(kind = 'deal' AND contract IS 'ramsch') AS ramsch_deals,
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
