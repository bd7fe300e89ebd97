"""Discord's permissions: roles, channel overwrites, and what a member may do where.

The computation is the one Discord documents (docs/topics/permissions.md, "Permission
Overwrites"): base permissions are the @everyone role's (whose id is the guild's) OR-ed
with the member's roles' (everything for the guild owner or with ADMINISTRATOR); then
the channel's overwrites apply in order: @everyone's deny then allow, the member's roles'
denies then allows (OR-ed together), the member's own deny then allow. ADMINISTRATOR
skips the overwrites. Without VIEW_CHANNEL nothing else counts. Threads inherit their
parent channel's permissions, where SEND_MESSAGES has no effect and
SEND_MESSAGES_IN_THREADS is what allows posting ("Inherited Permissions (Threads)").

:func:`channel_permissions` is what interaction payloads carry (``app_permissions``,
``member.permissions``); :func:`require` raises the 403 a route answers: 50001
"Missing Access" without VIEW_CHANNEL, 50013 "Missing Permissions" otherwise.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .errors import DiscordError

if TYPE_CHECKING:
    from .models import Channel, Guild, Member

MISSING_ACCESS = 50001
MISSING_PERMISSIONS = 50013


class P(enum.IntFlag):
    """The permission bits the stand-in checks (Discord's values)."""

    CREATE_INSTANT_INVITE = 1 << 0
    KICK_MEMBERS = 1 << 1
    BAN_MEMBERS = 1 << 2
    ADMINISTRATOR = 1 << 3
    MANAGE_CHANNELS = 1 << 4
    MANAGE_GUILD = 1 << 5
    ADD_REACTIONS = 1 << 6
    VIEW_CHANNEL = 1 << 10
    SEND_MESSAGES = 1 << 11
    SEND_TTS_MESSAGES = 1 << 12
    MANAGE_MESSAGES = 1 << 13
    EMBED_LINKS = 1 << 14
    ATTACH_FILES = 1 << 15
    READ_MESSAGE_HISTORY = 1 << 16
    MENTION_EVERYONE = 1 << 17
    USE_EXTERNAL_EMOJIS = 1 << 18
    CHANGE_NICKNAME = 1 << 26
    MANAGE_ROLES = 1 << 28
    USE_APPLICATION_COMMANDS = 1 << 31
    MANAGE_THREADS = 1 << 34
    CREATE_PUBLIC_THREADS = 1 << 35
    CREATE_PRIVATE_THREADS = 1 << 36
    USE_EXTERNAL_STICKERS = 1 << 37
    SEND_MESSAGES_IN_THREADS = 1 << 38
    SEND_POLLS = 1 << 49


ALL_PERMISSIONS = (1 << 50) - 1
#: what a new server's @everyone may do (Discord's defaults, roughly): talk, read, thread,
#: embed, attach, react, use commands; nothing that manages. The stand-in's guilds start
#: with ALL_PERMISSIONS but ADMINISTRATOR instead (a test server where members may do
#: everything): pass ``everyone=DEFAULT_EVERYONE`` to ``create_guild`` for this.
DEFAULT_EVERYONE = int(
    P.CREATE_INSTANT_INVITE | P.ADD_REACTIONS | P.VIEW_CHANNEL | P.SEND_MESSAGES
    | P.SEND_TTS_MESSAGES | P.EMBED_LINKS | P.ATTACH_FILES | P.READ_MESSAGE_HISTORY
    | P.MENTION_EVERYONE | P.USE_EXTERNAL_EMOJIS | P.CHANGE_NICKNAME
    | P.USE_APPLICATION_COMMANDS | P.CREATE_PUBLIC_THREADS | P.CREATE_PRIVATE_THREADS
    | P.USE_EXTERNAL_STICKERS | P.SEND_MESSAGES_IN_THREADS | P.SEND_POLLS
)
EVERYTHING_BUT_ADMIN = ALL_PERMISSIONS & ~P.ADMINISTRATOR
#: what sending needs besides itself: denying SEND_MESSAGES implicitly denies these in a
#: channel (docs: "Implicit Permissions")
_NEEDS_SEND = P.EMBED_LINKS | P.ATTACH_FILES | P.MENTION_EVERYONE | P.SEND_TTS_MESSAGES

ROLE, MEMBER = 0, 1


@dataclass
class Role:
    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0
    #: the bot's own role, made when it joined (``tags.bot_id``)
    bot_id: int | None = None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.bot_id is not None,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            data["tags"] = {"bot_id": str(self.bot_id)}
        return data


@dataclass
class Overwrite:
    """A channel's permission overwrite for a role (``type`` 0) or a member (1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def payload(self) -> dict[str, Any]:
        return {"id": str(self.id), "type": self.type, "allow": str(self.allow),
                "deny": str(self.deny)}


@dataclass
class Overwrites:
    """A channel's overwrites by target id."""

    items: dict[int, Overwrite] = field(default_factory=dict)

    def payload(self) -> list[dict[str, Any]]:
        return [o.payload() for o in self.items.values()]


def base_permissions(guild: Guild, member: Member) -> int:
    if member.user.id == guild.owner_id:
        return ALL_PERMISSIONS
    everyone = guild.roles.get(guild.id)
    permissions = everyone.permissions if everyone else 0
    for role_id in member.roles:
        role = guild.roles.get(role_id)
        if role is not None:
            permissions |= role.permissions
    if permissions & P.ADMINISTRATOR:
        return ALL_PERMISSIONS
    return permissions


def apply_overwrites(base: int, guild: Guild, member: Member, overwrites: Overwrites) -> int:
    if base & P.ADMINISTRATOR:
        return ALL_PERMISSIONS
    permissions = base
    items = overwrites.items
    everyone = items.get(guild.id)
    if everyone is not None:
        permissions = (permissions & ~everyone.deny) | everyone.allow
    allow = deny = 0
    for role_id in member.roles:
        overwrite = items.get(role_id)
        if overwrite is not None:
            allow |= overwrite.allow
            deny |= overwrite.deny
    permissions = (permissions & ~deny) | allow
    own = items.get(member.user.id)
    if own is not None and own.type == MEMBER:
        permissions = (permissions & ~own.deny) | own.allow
    return permissions


def channel_permissions(guild: Guild, member: Member, channel: Channel,
                        parent: Channel | None = None) -> int:
    """The member's permissions in ``channel`` (a thread: in its ``parent``), as Discord
    computes them for ``app_permissions`` and ``member.permissions``. A member's
    ``permissions`` override, where a test set one, replaces the computation."""
    if member.permissions is not None:
        return member.permissions
    where = parent if channel.is_thread and parent is not None else channel
    permissions = apply_overwrites(base_permissions(guild, member), guild, member,
                                   where.overwrites)
    if not permissions & P.VIEW_CHANNEL and not permissions & P.ADMINISTRATOR:
        return 0
    if channel.is_thread and channel.type == 12 and not permissions & P.MANAGE_THREADS \
            and member.user.id not in channel.thread_member_ids:
        return 0  # a private thread: members and moderators only
    return permissions


def effective(permissions: int, channel: Channel) -> int:
    """What the bits allow in practice: in a channel, no SEND_MESSAGES implicitly denies
    embedding, attaching and mentioning everyone (in a thread SEND_MESSAGES counts for
    nothing, SEND_MESSAGES_IN_THREADS is what matters)."""
    if permissions & P.ADMINISTRATOR:
        return ALL_PERMISSIONS
    send = P.SEND_MESSAGES_IN_THREADS if channel.is_thread else P.SEND_MESSAGES
    if not permissions & send:
        permissions &= ~_NEEDS_SEND
    return permissions


def send_permission(channel: Channel) -> P:
    return P.SEND_MESSAGES_IN_THREADS if channel.is_thread else P.SEND_MESSAGES


def require(permissions: int, channel: Channel, *needed: P) -> None:
    """Raise Discord's 403 unless ``permissions`` (computed in ``channel``) allow all of
    ``needed``: 50001 without VIEW_CHANNEL, else 50013."""
    if not permissions & P.VIEW_CHANNEL:
        raise DiscordError(403, MISSING_ACCESS, "Missing Access")
    have = effective(permissions, channel)
    missing = [p for p in needed if not have & p]
    if missing:
        raise DiscordError(403, MISSING_PERMISSIONS, "Missing Permissions")


def names(permissions: int) -> list[str]:
    """The names of the bits of ``permissions`` the stand-in knows (for messages)."""
    return [str(p.name) for p in P if permissions & p]
