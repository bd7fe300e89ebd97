"""Registered application commands (:class:`Command`) and the interactions test users
start (:class:`InteractionRecord`: what the bot answered, and when), with the
interaction types.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .message_models import Message
    from .models import User
    from .state import SandboxState


@dataclass
class Command:
    """A registered application command (global when ``guild_id`` is None)."""

    id: int
    application_id: int
    guild_id: int | None
    data: dict[str, Any]
    version: int

    @property
    def name(self) -> str:
        return str(self.data["name"])

    @property
    def type(self) -> int:
        return int(self.data.get("type", 1))

    def payload(self) -> dict[str, Any]:
        data = {
            "description": "",
            "options": [],
            "default_member_permissions": None,
            "nsfw": False,
            "integration_types": [0],
            "contexts": None,
            **self.data,
            "id": str(self.id),
            "application_id": str(self.application_id),
            "version": str(self.version),
            "type": self.type,
        }
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
        return data


APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5


@dataclass
class InteractionRecord:
    """One interaction a test user started, and what the bot answered.

    ``response`` is the message the initial response created or updated, ``followups``
    the follow-up messages, ``modal`` and ``choices`` what a modal or an autocomplete
    answer carried. ``failed`` means no answer came within Discord's 3 seconds;
    ``errors`` holds the Discord errors the bot's calls about this interaction got.
    ``refused`` says why the user's Discord client did not send it at all (it never
    reached the bot: a component or command in an archived thread, a command the member
    may not use); such a record is not among ``Sandbox.interactions``.
    """

    id: int
    token: str
    type: int
    user: User
    guild_id: int | None
    channel_id: int
    data: dict[str, Any]
    created_at: datetime
    dispatched_at: float  # loop time, for settling
    state: SandboxState = field(repr=False)
    message_id: int | None = None  # the message a component sits on
    parent_id: int | None = None  # the interaction whose modal this submits
    response_type: int | None = None
    responded_at: datetime | None = None
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
    modal_submitted: bool = False
    errors: list[dict[str, Any]] = field(default_factory=list)  # Discord errors the bot got
    refused: str | None = None

    @staticmethod
    def new_token() -> str:
        return "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(48)

    @property
    def acknowledged(self) -> bool:
        return self.response_type is not None

    @property
    def deferred(self) -> bool:
        return self.response_type in (5, 6)

    @property
    def failed(self) -> bool:
        """Not answered and the 3-second window has passed ("This interaction failed")."""
        if self.acknowledged or self.refused:
            return False
        limit = self.state.limits.initial_response_s
        return (self.state.clock.now() - self.created_at).total_seconds() > limit

    @property
    def response(self) -> Message | None:
        if self.original_message_id is None:
            return None
        return self.state.messages.get(self.original_message_id)

    @property
    def followups(self) -> list[Message]:
        found = (self.state.messages.get(i) for i in self.followup_ids)
        return [m for m in found if m is not None and not m.deleted]

    @property
    def messages(self) -> list[Message]:
        """The response (if it is a message of its own) and the follow-ups."""
        first = [self.response] if self.response_type in (4, 5) and self.response else []
        return [m for m in first if not m.deleted] + self.followups

    @property
    def command_name(self) -> str:
        return str(self.data.get("name", ""))

    def metadata(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "user": self.user.payload(),
            "authorizing_integration_owners": {"0": str(self.guild_id)} if self.guild_id else {},
        }
        if self.type == APPLICATION_COMMAND:
            data["name"] = self.command_name
        if self.message_id is not None:
            data["interacted_message_id"] = str(self.message_id)
        if self.original_message_id is not None:
            data["original_response_message_id"] = str(self.original_message_id)
        return data

