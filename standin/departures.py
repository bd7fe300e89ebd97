"""When a table's place goes away under the bot: a channel or thread deleted, the bot
removed from a server (and added again), a server's outage, a member leaving.

What Discord sends and answers (docs/topics/gateway-events.md; the error codes of
docs/topics/opcodes-and-status-codes.md):

- **A thread deleted**: THREAD_DELETE ``{id, guild_id, parent_id, type}``; every later
  request about it is answered 404 10003 (Unknown Channel).
- **A channel deleted**: CHANNEL_DELETE with the channel; its threads go with it (no
  event of their own); 404 10003 after.
- **The bot removed from a server** (kicked, banned, the server deleted): GUILD_DELETE
  ``{id}`` *without* ``unavailable``; the bot's managed role goes. The server's channels
  then answer 403 50001 (Missing Access: the bot sees nothing there), its guild routes
  404 10004 (Unknown Guild). :meth:`Departures.add_bot` brings it back as Discord does
  when a member with Manage Server invites it again: a new managed role, then
  GUILD_CREATE.
- **An outage**: GUILD_DELETE ``{id, unavailable: true}``, later GUILD_CREATE with the
  whole server again; nothing was taken from the bot.
- **A member leaving**: GUILD_MEMBER_REMOVE ``{guild_id, user}`` (needs the
  GUILD_MEMBERS intent); they can no longer use the server's components.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import Channel, Guild, Member
from .permissions import EVERYTHING_BUT_ADMIN, Role

if TYPE_CHECKING:
    from .state import SandboxState

GUILDS, GUILD_MEMBERS = 1 << 0, 1 << 1


class Departures:
    """Channels, threads, the bot and members leaving one stand-in's servers."""

    def __init__(self, state: SandboxState) -> None:
        self.state = state
        #: servers in an outage (their GUILD_CREATE comes when it ends)
        self.out: set[int] = set()

    def delete_channel(self, channel: Channel) -> None:
        """Delete a channel (with its threads) or a thread, and announce it."""
        state = self.state
        channel.deleted = True
        if channel.is_thread:
            state.emit("THREAD_DELETE", {"id": str(channel.id), "guild_id": str(channel.guild_id),
                                         "parent_id": str(channel.parent_id),
                                         "type": channel.type}, GUILDS)
        else:
            for thread in state.threads_of(channel):
                thread.deleted = True
            state.emit("CHANNEL_DELETE", channel.payload(), GUILDS)
        state.changed()

    def remove_bot(self, guild: Guild) -> None:
        """The bot is removed from ``guild``: GUILD_DELETE without ``unavailable``."""
        state = self.state
        bot_id = state.bot.id
        member = guild.members.pop(bot_id, None)
        if member is None:
            return
        for role_id in [r.id for r in guild.roles.values() if r.bot_id == bot_id]:
            del guild.roles[role_id]
        for channel_id in guild.channel_ids:
            state.channels[channel_id].overwrites.items.pop(bot_id, None)
        state.emit("GUILD_DELETE", {"id": str(guild.id)}, GUILDS)
        state.changed()

    def add_bot(self, guild: Guild, permissions: int = EVERYTHING_BUT_ADMIN) -> None:
        """The bot is invited to ``guild`` again (its new managed role has
        ``permissions``): GUILD_CREATE with the whole server."""
        state = self.state
        bot_id = state.bot.id
        if bot_id in guild.members:
            return
        role = Role(state.new_id(), guild.id, state.bot.username, int(permissions),
                    position=1, bot_id=bot_id)
        guild.roles[role.id] = role
        guild.members[bot_id] = Member(state.bot, guild.id, state.clock.issued(),
                                       roles=[role.id])
        state.emit("GUILD_CREATE", state.guild_create_payload(guild), GUILDS)
        state.changed()

    def outage(self, guild: Guild) -> None:
        """``guild`` becomes unavailable: GUILD_DELETE with ``unavailable: true``."""
        self.out.add(guild.id)
        self.state.emit("GUILD_DELETE", {"id": str(guild.id), "unavailable": True}, GUILDS)
        self.state.changed()

    def outage_over(self, guild: Guild) -> None:
        """The outage ends: GUILD_CREATE with the whole server."""
        self.out.discard(guild.id)
        self.state.emit("GUILD_CREATE", self.state.guild_create_payload(guild), GUILDS)
        self.state.changed()

    def member_leaves(self, guild: Guild, user_id: int) -> None:
        """A member leaves ``guild``: GUILD_MEMBER_REMOVE."""
        member = guild.members.pop(user_id, None)
        if member is None:
            return
        self.state.emit("GUILD_MEMBER_REMOVE", {"guild_id": str(guild.id),
                                                "user": member.user.payload()}, GUILD_MEMBERS)
        self.state.changed()

    def bot_is_in(self, guild_id: int) -> bool:
        guild = self.state.guilds.get(guild_id)
        return guild is not None and self.state.bot.id in guild.members
