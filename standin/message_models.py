"""The messages the stand-in keeps: :class:`Message` (its payload as Discord sends it,
and helpers for tests to find its text and components) and :class:`MessageVersion`
(what a message showed after each edit).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from .clock import iso
from .limits import (
    BUTTON,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    LINK_STYLE,
    SELECTS,
    walk_components,
)

if TYPE_CHECKING:
    from .attachments import Attachment
    from .models import User
    from .state import SandboxState


@dataclass(frozen=True)
class MessageVersion:
    """A message as it was created (``edit`` 0) or right after its ``edit``-th edit: what
    it showed then (copies, so later edits do not change it)."""

    message_id: int
    channel_id: int
    edit: int
    author_id: int
    ephemeral_to: int | None
    content: str
    embeds: list[dict[str, Any]]
    components: list[dict[str, Any]]
    #: (filename, description) of each attachment
    attachments: tuple[tuple[str, str | None], ...]

    @property
    def public(self) -> bool:
        return self.ephemeral_to is None


@dataclass
class Message:
    """A message in a channel or thread. ``ephemeral_to`` is the one user who sees it, if any."""

    id: int
    channel_id: int
    guild_id: int | None
    author: User
    created_at: datetime
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    mention_ids: list[int] = field(default_factory=list)
    edited_at: datetime | None = None
    edit_count: int = 0
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_id: int | None = None
    ephemeral_to: int | None = None
    thread_id: int | None = None
    reference_id: int | None = None
    deleted: bool = False

    # -- reading, for tests ------------------------------------------------------------------
    @property
    def ephemeral(self) -> bool:
        return self.ephemeral_to is not None

    @property
    def loading(self) -> bool:
        """A deferred response still showing "thinking..."."""
        return bool(self.flags & FLAG_LOADING)

    def visible_to(self, user_id: int) -> bool:
        return not self.deleted and (self.ephemeral_to is None or self.ephemeral_to == user_id)

    @property
    def text(self) -> str:
        """Content plus embed titles, descriptions and fields, for loose assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title") or "", embed.get("description") or ""]
            for f in embed.get("fields") or []:
                parts += [f.get("name") or "", f.get("value") or ""]
            parts.append((embed.get("footer") or {}).get("text") or "")
        parts += [c.get("content") or "" for c in walk_components(self.components)]
        return "\n".join(p for p in parts if p)

    def all_components(self) -> list[dict[str, Any]]:
        return list(walk_components(self.components))

    def version(self) -> MessageVersion:
        """What the message shows now, as a :class:`MessageVersion`."""
        return MessageVersion(
            self.id,
            self.channel_id,
            self.edit_count,
            self.author.id,
            self.ephemeral_to,
            self.content,
            copy.deepcopy(self.embeds),
            copy.deepcopy(self.components),
            tuple((a.filename, a.description) for a in self.attachments),
        )

    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") == BUTTON]

    def button_labels(self) -> list[str]:
        return [b.get("label") or "" for b in self.buttons()]

    def selects(self) -> list[dict[str, Any]]:
        return [c for c in walk_components(self.components) if c.get("type") in SELECTS]

    def find_button(
        self, label: str | None = None, custom_id: str | None = None
    ) -> dict[str, Any] | None:
        for button in self.buttons():
            if (label is None or button.get("label") == label) and (
                custom_id is None or button.get("custom_id") == custom_id
            ):
                return button
        return None

    def find_select(
        self, custom_id: str | None = None, placeholder: str | None = None
    ) -> dict[str, Any] | None:
        for select in self.selects():
            if (custom_id is None or select.get("custom_id") == custom_id) and (
                placeholder is None or select.get("placeholder") == placeholder
            ):
                return select
        return None

    def is_link_button(self, component: dict[str, Any]) -> bool:
        return component.get("type") == BUTTON and component.get("style") == LINK_STYLE

    # -- rendering -----------------------------------------------------------------------------
    def payload(self, state: SandboxState) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "type": self.type,
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": iso(self.created_at),
            "edited_timestamp": iso(self.edited_at) if self.edited_at else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [state.users[u].payload() for u in self.mention_ids if u in state.users],
            "mention_roles": [],
            "mention_channels": [],
            "attachments": [a.payload(state.base_url, self.channel_id) for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": False,
            "flags": self.flags | (FLAG_EPHEMERAL if self.ephemeral else 0),
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_id is not None and self.interaction_id in state.interactions:
            data["interaction_metadata"] = state.interactions[self.interaction_id].metadata()
        if self.reference_id is not None:
            data["message_reference"] = {
                "type": 0,
                "message_id": str(self.reference_id),
                "channel_id": str(self.channel_id),
                **({"guild_id": str(self.guild_id)} if self.guild_id else {}),
            }
        if self.thread_id is not None and self.thread_id in state.channels:
            data["thread"] = state.channels[self.thread_id].payload()
        return data
