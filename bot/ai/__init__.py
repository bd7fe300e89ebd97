"""Computer players. ``make_player(level, rng)`` builds one: ``"easy"`` is the baseline,
``"normal"`` and ``"strong"`` search (:mod:`bot.ai.search`); ``bot.ai.runner.decide``
runs a decision off the event loop.

    from bot.ai import make_player
    player = make_player("easy", random.Random(7))
    action = player.choose(deal.view(seat))   # one of view.legal
"""

from bot.engine import OPTIONAL

from .base import Player, levels, main_actions, make_player, register_level
from .baseline import BaselinePlayer
from .search import SearchPlayer, search_player
from .search import register as register_levels
from .selfplay import play_deal

register_level("easy", BaselinePlayer)
register_levels()

__all__ = [
    "OPTIONAL", "BaselinePlayer", "Player", "SearchPlayer", "levels", "main_actions",
    "make_player", "play_deal", "register_level", "search_player",
]
