"""What of a series' shared tables is held back from whom, as SQL (issue 48: nobody
learns the cards of a deal they have yet to play). The store owns these predicates;
every query that lists deals or sums results applies them, on both backends.

- :data:`UNDISCLOSED_SERIES_DEALS`: the deals played at a shared table of a series
  still open. Until it closes, others in the series may have yet to play the same deal,
  so no history lists them and only who played one may replay it.
- :data:`HELD`: a ledger row held back from every total (standings, ``/tapp stats``,
  ratings): booked at a shared table of a series still open. The summary triggers of
  migration 0016 say the same in SQL; :mod:`bot.store.disclosure` adds the rows to the
  totals when the series closes (or is deleted: then nobody is left to play its deals).
"""

from __future__ import annotations

UNDISCLOSED_SERIES_DEALS = (
    "SELECT d.deal_id FROM deals d JOIN series_tables st ON st.table_id = d.table_id"
    " JOIN series s ON s.series_id = st.series_id WHERE s.status = 'open'")

#: a ledger row ``l`` held back (rows booked before migration 0016, up to the series'
#: ``held_after``, were counted when booked)
HELD = ("EXISTS (SELECT 1 FROM series_tables hst JOIN series hs"
        " ON hs.series_id = hst.series_id WHERE hst.table_id = l.table_id"
        " AND hs.status = 'open' AND l.entry_id > hs.held_after)")
