"""The ``custom_id`` of the menu that picks a deal to review (under ``/tapp history``):
``tapp:rv:<guild>``, the deal being the value chosen (:mod:`bot.custom_ids`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar

from bot.custom_ids import Key


@dataclass(frozen=True, slots=True)
class ReviewKey(Key):
    """The history's *Review my play in one of these deals* menu of a server."""

    kind: ClassVar[str] = "rv"
    fields_pattern: ClassVar[str] = r"(?P<guild>\d{1,20})"
    #: a choice raises ``on_tapp_review_pick(interaction, key, values)``
    event: ClassVar[str] = "tapp_review_pick"

    guild_id: int

    def fields(self) -> str:
        return str(self.guild_id)

    @classmethod
    def from_match(cls, m: re.Match[str]) -> ReviewKey:
        return cls(int(m["guild"]))


__all__ = ["ReviewKey"]
