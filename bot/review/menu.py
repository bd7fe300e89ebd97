"""The *Review my play in one of these deals* menu under a ``/tapp stats history`` page: one
option per deal shown, numbered as there (its ``custom_id``: :class:`.ids.ReviewKey`)."""

from __future__ import annotations

from bot.i18n import t
from bot.ui.specs import SelectSpec

from .ids import ReviewKey


def pick_menu(guild_id: int, deal_ids: list[int], lang: str | None,
              row: int | None = None) -> SelectSpec:
    """The menu under a history page: one option per deal shown (numbered as there)."""
    return SelectSpec(ReviewKey(guild_id).encode(), t("review.pick", lang),
                      tuple((t("review.pick.option", lang, n=n, deal=deal), str(deal))
                            for n, deal in enumerate(deal_ids, 1)), row=row)
