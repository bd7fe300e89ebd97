"""Roles, overwrites and who may do what where: the permission model's data side.

Every guild has @everyone (id = the guild's) and the bot's own managed role; by default
both allow everything but ADMINISTRATOR, so the bot has every permission it needs and
members may do anything (``create_guild(everyone=...)``, ``bot_permissions=...`` change
that). Tests take permissions away per role (:meth:`Access.set_role_permissions`), per
channel (:meth:`Access.overwrite`: for @everyone, a role or a member, the bot included),
or from the bot directly (:meth:`Access.take_from_bot`). The computation is in
:mod:`standin.permissions`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import Channel, Guild, Member
from .permissions import (
    MEMBER,
    ROLE,
    Overwrite,
    P,
    Role,
    channel_permissions,
    require,
)

if TYPE_CHECKING:
    from .state import SandboxState

GUILDS, GUILD_MEMBERS = 1 << 0, 1 << 1


class Access:
    """Permissions of one stand-in's guilds."""

    def __init__(self, state: SandboxState) -> None:
        self.state = state

    # -- computing -----------------------------------------------------------------------------
    def of(self, member: Member, channel: Channel) -> int:
        """``member``'s permissions in ``channel`` (a thread: its parent's)."""
        guild = self.state.guilds[channel.guild_id]
        parent = self.state.channels.get(channel.parent_id) if channel.parent_id else None
        return channel_permissions(guild, member, channel, parent)

    def of_user(self, user_id: int, channel: Channel) -> int:
        member = self.state.guilds[channel.guild_id].members.get(user_id)
        return 0 if member is None else self.of(member, channel)

    def bot_in(self, channel: Channel) -> int:
        return self.of_user(self.state.bot.id, channel)

    def require_bot(self, channel: Channel, *needed: P) -> int:
        """The bot's permissions in ``channel``; Discord's 403 unless it has ``needed``."""
        permissions = self.bot_in(channel)
        require(permissions, channel, *needed)
        return permissions

    # -- changing ------------------------------------------------------------------------------
    def create_role(self, guild: Guild, name: str, permissions: int, *,
                    bot_id: int | None = None) -> Role:
        role = Role(self.state.new_id(), guild.id, name, permissions,
                    position=len(guild.roles), bot_id=bot_id)
        guild.roles[role.id] = role
        self.state.emit("GUILD_ROLE_CREATE", {"guild_id": str(guild.id),
                                              "role": role.payload()}, GUILDS)
        self.state.changed()
        return role

    def set_role_permissions(self, role: Role, permissions: int) -> None:
        role.permissions = int(permissions)
        self.state.emit("GUILD_ROLE_UPDATE", {"guild_id": str(role.guild_id),
                                              "role": role.payload()}, GUILDS)
        self.state.changed()

    def give_role(self, member: Member, role: Role) -> None:
        if role.id not in member.roles:
            member.roles.append(role.id)
        self.state.emit("GUILD_MEMBER_UPDATE", {**member.payload(),
                                                "guild_id": str(member.guild_id)}, GUILD_MEMBERS)
        self.state.changed()

    def overwrite(self, channel: Channel, target: Role | Member | Guild, *, allow: int = 0,
                  deny: int = 0) -> Overwrite:
        """Set ``channel``'s overwrite for a role, a member or (a guild) @everyone; a
        thread's go to its parent (threads have none of their own)."""
        where = self.state.channels[channel.parent_id] if channel.parent_id else channel
        if isinstance(target, Member):
            key, kind = target.user.id, MEMBER
        else:  # a role, or a guild for @everyone (the same id)
            key, kind = target.id, ROLE
        overwrite = Overwrite(key, kind, int(allow), int(deny))
        where.overwrites.items[key] = overwrite
        self.state.emit("CHANNEL_UPDATE", where.payload(), GUILDS)
        self.state.changed()
        return overwrite

    def take_from_bot(self, where: Channel | Guild, *taken: P) -> None:
        """The bot loses ``taken``: in one channel (and its threads: a deny overwrite for
        the bot), or in the whole guild (from @everyone and from its own role)."""
        bits = 0
        for p in taken:
            bits |= p
        if isinstance(where, Guild):
            everyone = where.everyone
            self.set_role_permissions(everyone, everyone.permissions & ~bits)
            own = where.bot_role(self.state.bot.id)
            if own is not None:
                self.set_role_permissions(own, own.permissions & ~bits)
            return
        target = self.state.channels[where.parent_id] if where.parent_id else where
        bot = self.state.guilds[where.guild_id].members[self.state.bot.id]
        old = target.overwrites.items.get(self.state.bot.id)
        allow = (old.allow if old else 0) & ~bits
        deny = (old.deny if old else 0) | bits
        self.overwrite(target, bot, allow=allow, deny=deny)
