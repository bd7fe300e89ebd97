"""The web pages: ``python -m bot web`` serves each server's leaderboards, members'
records, replays of finished deals and the deal of the day's tables, as plain
server-rendered HTML (aiohttp and Jinja2), from the bot's database read only.

:func:`create_app` builds the application; :mod:`.access` decides who may see a
server's pages (its ``web`` setting); :mod:`.pages` are the handlers; the templates are
in ``templates/``. ``docs/web.md`` is the operator's guide.
"""

from .access import SIGNED_OUT, Identity
from .app import create_app

__all__ = ["SIGNED_OUT", "Identity", "create_app"]
