"""What the stand-in remembers: users, guilds, channels, messages, commands, interactions.

Each model renders itself as the JSON Discord would send (``payload()``); messages keep
their attachments' bytes and offer helpers to find components, for tests to read.
Users, members, guilds and channels live here; attachments in
:mod:`standin.attachments`, messages in :mod:`standin.message_models`, commands and
interactions in :mod:`standin.interaction_models`, all re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from .attachments import Attachment
from .clock import iso
from .interaction_models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Command,
    InteractionRecord,
)
from .message_models import Message, MessageVersion
from .permissions import ALL_PERMISSIONS, Overwrites, Role

__all__ = [
    "ALL_PERMISSIONS",
    "APPLICATION_COMMAND",
    "AUTOCOMPLETE",
    "MESSAGE_COMPONENT",
    "MODAL_SUBMIT",
    "PRIVATE_THREAD",
    "PUBLIC_THREAD",
    "TEXT_CHANNEL",
    "THREAD_TYPES",
    "Attachment",
    "Channel",
    "Command",
    "Guild",
    "InteractionRecord",
    "Member",
    "Message",
    "MessageVersion",
    "User",
]

TEXT_CHANNEL, PUBLIC_THREAD, PRIVATE_THREAD = 0, 11, 12
THREAD_TYPES = frozenset({PUBLIC_THREAD, PRIVATE_THREAD})


@dataclass
class User:
    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "system": False,
            "public_flags": 0,
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
        }


@dataclass
class Member:
    user: User
    guild_id: int
    joined_at: datetime
    nick: str | None = None
    roles: list[int] = field(default_factory=list)
    #: a blunt switch: the member's permissions in every channel, whatever roles and
    #: overwrites say (None: computed from them, see :mod:`standin.permissions`)
    permissions: int | None = None

    def payload(self, *, with_user: bool = True, permissions: int | None = None
                ) -> dict[str, Any]:
        data: dict[str, Any] = {
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "roles": [str(r) for r in self.roles],
            "joined_at": iso(self.joined_at),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        if permissions is not None:
            data["permissions"] = str(permissions)
        return data


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    created_at: datetime
    locale: str = "en-US"
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    #: the guild's roles by id; @everyone's id is the guild's
    roles: dict[int, Role] = field(default_factory=dict)

    @property
    def everyone(self) -> Role:
        return self.roles[self.id]

    def bot_role(self, bot_id: int) -> Role | None:
        """The role Discord made for the bot when it joined."""
        return next((r for r in self.roles.values() if r.bot_id == bot_id), None)

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(self.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in self.roles.values()],
            "emojis": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "max_members": 500000,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "stickers": [],
            "premium_progress_bar_enabled": False,
            "safety_alerts_channel_id": None,
        }


@dataclass
class Channel:
    id: int
    guild_id: int
    name: str
    type: int = TEXT_CHANNEL
    position: int = 0
    parent_id: int | None = None
    owner_id: int | None = None
    created_at: datetime | None = None
    last_message_id: int | None = None
    message_count: int = 0
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    archived_at: datetime | None = None
    thread_member_ids: set[int] = field(default_factory=set)
    deleted: bool = False
    #: the channel's permission overwrites (threads have none: they inherit the parent's)
    overwrites: Overwrites = field(default_factory=Overwrites)
    #: a thread's last activity (stand-in clock): created, a message, unarchived, or its
    #: auto_archive_duration changed; it archives itself that many minutes after
    active_at: datetime | None = None

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "guild_id": str(self.guild_id),
            "name": self.name,
            "last_message_id": _opt(self.last_message_id),
            "rate_limit_per_user": 0,
            "flags": 0,
        }
        if not self.is_thread:
            data.update(
                position=self.position,
                permission_overwrites=self.overwrites.payload(),
                parent_id=None,
                topic=None,
                nsfw=False,
                last_pin_timestamp=None,
                default_auto_archive_duration=1440,
            )
            return data
        assert self.created_at is not None
        data.update(
            parent_id=str(self.parent_id),
            owner_id=str(self.owner_id),
            message_count=self.message_count,
            total_message_sent=self.message_count,
            member_count=min(len(self.thread_member_ids), 50),
            applied_tags=[],
            thread_metadata={
                "archived": self.archived,
                "locked": self.locked,
                "auto_archive_duration": self.auto_archive_duration,
                "archive_timestamp": iso(self.archived_at or self.created_at),
                "create_timestamp": iso(self.created_at),
                **({"invitable": self.invitable} if self.type == PRIVATE_THREAD else {}),
            },
        )
        return data


def _opt(value: int | None) -> str | None:
    return None if value is None else str(value)

