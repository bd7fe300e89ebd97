"""Computer players. ``make_player(level, rng)`` builds one; ``"easy"`` is the baseline.

    from bot.ai import make_player
    player = make_player("easy", random.Random(7))
    action = player.choose(deal.view(seat))   # one of view.legal
"""

from .base import OPTIONAL, Player, levels, main_actions, make_player, register_level
from .baseline import BaselinePlayer
from .selfplay import play_deal

register_level("easy", BaselinePlayer)

__all__ = [
    "OPTIONAL", "BaselinePlayer", "Player", "levels", "main_actions", "make_player",
    "play_deal", "register_level",
]
