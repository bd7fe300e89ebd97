"""What the stand-in remembers: users, guilds, channels, messages, commands, interactions.

Each model renders itself as the JSON Discord would send (``payload()``); messages keep
their attachments' bytes and offer helpers to find components, for tests to read.
"""

from __future__ import annotations

import copy
import io
import secrets
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

from PIL import Image

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
    from .state import SandboxState

ALL_PERMISSIONS = (1 << 50) - 1

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
    #: the member's permissions in every channel (all of them unless a test takes some)
    permissions: int = ALL_PERMISSIONS

    def payload(self, *, with_user: bool = True, permissions: bool = False) -> dict[str, Any]:
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
        if permissions:
            data["permissions"] = str(self.permissions)
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

    def role_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "name": "@everyone",
            "color": 0,
            "colors": {"primary_color": 0},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": 0,
            "permissions": str(ALL_PERMISSIONS),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }

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
            "roles": [self.role_payload()],
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
                permission_overwrites=[],
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


@dataclass
class Attachment:
    """An uploaded file; ``data`` holds its bytes."""

    id: int
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    #: width and height, read once (every message payload names them)
    _dimensions: tuple[int, int] | None = field(default=None, init=False, repr=False,
                                                compare=False)

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def dimensions(self) -> tuple[int, int]:
        """Width and height of an image (``(0, 0)`` for anything else)."""
        if self._dimensions is None:
            self._dimensions = _image_size(self.data)
        return self._dimensions

    def payload(self, base_url: str, channel_id: int) -> dict[str, Any]:
        url = f"{base_url}/attachments/{channel_id}/{self.id}/{self.filename}"
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": url,
            "proxy_url": url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        if self.content_type and self.content_type.startswith("image/"):
            width, height = self.dimensions
            if width:
                data.update(width=width, height=height)
        return data


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
        if self.acknowledged:
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


def _opt(value: int | None) -> str | None:
    return None if value is None else str(value)


def _image_size(data: bytes) -> tuple[int, int]:
    """Width and height of an image Pillow reads (from its header only); (0, 0) for
    anything else, as Discord gives none for files that are not images."""
    if data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) >= 24:  # its header says it
        return int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    if data[:2] == b"\xff\xd8":
        size = _jpeg_size(data)
        if size is not None:
            return size
    try:
        with Image.open(io.BytesIO(data)) as image:
            return image.size
    except (OSError, ValueError, Image.DecompressionBombError):
        return 0, 0


#: JPEG start-of-frame markers (they carry the size): C0-CF but DHT, JPG and DAC
_SOF = frozenset(range(0xC0, 0xD0)) - {0xC4, 0xC8, 0xCC}


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """Width and height from a JPEG's frame header, walking its marker segments (Pillow
    opening the file cost half a millisecond an attachment); None if not found."""
    at = 2
    while at + 9 <= len(data):
        if data[at] != 0xFF:
            return None
        marker = data[at + 1]
        if marker == 0xFF:  # fill byte
            at += 1
            continue
        if marker in _SOF:
            return (int.from_bytes(data[at + 7:at + 9], "big"),
                    int.from_bytes(data[at + 5:at + 7], "big"))
        if marker == 0x01 or 0xD0 <= marker <= 0xD7:  # segments without a length
            at += 2
            continue
        at += 2 + int.from_bytes(data[at + 2:at + 4], "big")
    return None
