"""Ordered SQL migrations (``NNNN_name.sql``), applied by :mod:`bot.store.db`."""
