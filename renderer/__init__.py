"""Pillow drawing of the Tapp bot's images: engine views in, encoded image bytes out.

Pure and synchronous. Every ``render_*`` function is **blocking** CPU work (a few to a
few tens of milliseconds); call it off the event loop::

    image = await asyncio.to_thread(renderer.render_hand, view, style=style, names=names)
    await interaction.followup.send(
        file=discord.File(io.BytesIO(image.data), image.filename,
                          description=image.description), ephemeral=True)

Each function reads only the view it is given and can draw only the cards that view
may see (``renderer.guard.Deck``); names and words come from the caller (``names``,
``labels``), never from the view.
"""

from __future__ import annotations

from .cards import CardState
from .chart import render_chip_chart
from .encode import DEFAULT_FORMAT, ImageFormat, RenderedImage
from .guard import HiddenCardError
from .hand import render_hand
from .hands import render_hands
from .labels import DEFAULT_LABELS, Labels
from .rating_chart import render_stats_chart
from .result import render_result
from .suits import DeckStyle
from .table import render_table
from .trick import render_trick

__all__ = [
    "DEFAULT_FORMAT",
    "DEFAULT_LABELS",
    "CardState",
    "DeckStyle",
    "HiddenCardError",
    "ImageFormat",
    "Labels",
    "RenderedImage",
    "render_chip_chart",
    "render_stats_chart",
    "render_hand",
    "render_hands",
    "render_result",
    "render_table",
    "render_trick",
]
