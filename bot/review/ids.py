"""The ``custom_id`` of the menu that picks a deal to review (under ``/tapp stats history``):
``tapp:rv:<guild>``, the deal being the value chosen (:mod:`bot.connection.custom_ids`);
and :data:`EVENT`, raised by the *Review* button of a deal's result."""

from __future__ import annotations

from dataclasses import dataclass

from bot.connection.custom_ids import Key, number

#: a click on a deal result's *Review* button (the table cog raises it; the review cog
#: answers): ``on_tapp_review(interaction, table_id, deal_number)``
EVENT = "tapp_review"


@dataclass(frozen=True, slots=True)
class ReviewKey(Key, kind="rv", event="tapp_review_pick", parts=[number("guild_id")],
                choice=number("deal_id"), unreadable="review.error.no_deal"):
    """The history's *Review my play in one of these deals* menu of a server; a choice
    raises ``on_tapp_review_pick(interaction, key, values)``, the values the deal ids."""

    guild_id: int


__all__ = ["EVENT", "ReviewKey"]
