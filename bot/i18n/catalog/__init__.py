"""Catalogue modules, one per area (see ``bot.i18n.AREAS``)."""
