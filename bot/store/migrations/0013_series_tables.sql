-- 0013: shared series tables (issue 48). A series that seats its members together plays
-- each of its deals at tables of the table service (tables, seats, deals, actions,
-- ledger: chips and ratings as at any table). `series_tables` says which series and
-- which of its deals a table plays (one deal a table; docs/series.md, "The movement").
-- A member's seat at such a table is their run of that deal (series_runs, with the
-- table in `table_id`; no series_steps: the deal's actions are the table's), started
-- in the transaction that seats them and finished in the one that settles the deal,
-- with their seat's chips and the result. The unique key (series, member, deal) keeps a
-- deal counted once, whatever is retried or replayed.

CREATE TABLE series_tables (
    table_id  INTEGER NOT NULL PRIMARY KEY REFERENCES tables (table_id),
    series_id INTEGER NOT NULL REFERENCES series (series_id),
    deal      INTEGER NOT NULL CHECK (deal >= 1)
);
CREATE INDEX series_tables_deal ON series_tables (series_id, deal);

ALTER TABLE series_runs ADD COLUMN table_id INTEGER REFERENCES tables (table_id);
