"""The test-facing API for the stand-in's world (a base of :class:`~standin.Sandbox`):
guilds, channels and users; what is in them; permissions; threads over time; the clock.

Permissions (:mod:`standin.permissions`, :mod:`standin.access`): by default @everyone and
the bot's own role allow everything but ADMINISTRATOR. ``create_guild(everyone=...,
bot_permissions=...)`` starts elsewhere; :meth:`World.take_from_bot` takes bits from the
bot in a channel (a deny overwrite) or the whole guild; :meth:`World.overwrite`,
:meth:`World.create_role`, :meth:`World.set_role_permissions` and
:meth:`World.give_role` do the rest; :meth:`World.permissions` says what someone has.

Going away (:mod:`standin.departures`): :meth:`World.delete_channel` (a channel with its
threads, or a thread), :meth:`World.remove_bot` and :meth:`World.add_bot` (the bot
removed from a server and invited again), :meth:`World.outage` and
:meth:`World.outage_over` (a server unavailable for a while), :meth:`World.member_leaves`;
:meth:`World.rename_guild` (GUILD_UPDATE).

Threads (:mod:`standin.threads`): :meth:`World.advance` moves the clock and archives
the threads whose inactivity ran out; :meth:`World.archive_thread` archives one now
(Discord's early archiving); :meth:`World.lock_thread` locks one.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from .access import GUILDS
from .actors import Actor
from .models import Channel, Command, Guild, InteractionRecord, Member, Message, MessageVersion
from .permissions import EVERYTHING_BUT_ADMIN, Overwrite, P, Role

if TYPE_CHECKING:
    from .clock import Clock
    from .state import SandboxState

Who = Actor | Member | Role | Guild


class World:
    """Set up the world, read it, and change it behind the bot's back."""

    state: SandboxState
    clock: Clock

    @property
    def bot_user_id(self) -> int:
        return self.state.bot.id

    def create_guild(self, name: str = "Tapp Club", *, locale: str = "en-US",
                     everyone: int = EVERYTHING_BUT_ADMIN,
                     bot_permissions: int = EVERYTHING_BUT_ADMIN,
                     shard: tuple[int, int] | None = None) -> Guild:
        """A guild the bot is in; @everyone has ``everyone``, the bot's role
        ``bot_permissions`` (e.g. :data:`standin.permissions.DEFAULT_EVERYONE`);
        ``shard=(shard_id, shard_count)``: one that shard holds."""
        return self.state.create_guild(name, locale=locale, everyone=everyone,
                                       bot_permissions=bot_permissions, shard=shard)

    def create_channel(self, guild: Guild, name: str = "tapp") -> Channel:
        return self.state.create_channel(guild, name)

    def create_user(
        self,
        name: str,
        guild: Guild | None = None,
        *,
        locale: str = "en-US",
        nick: str | None = None,
    ) -> Actor:
        """A user (a member of ``guild`` if given) to act as."""
        user = self.state.create_user(name, locale=locale)
        if guild is not None:
            self.state.add_member(guild, user, nick=nick)
        return Actor(self, user)  # type: ignore[arg-type]

    def join(self, actor: Actor, guild: Guild) -> None:
        self.state.add_member(guild, actor.user)

    # -- reading -------------------------------------------------------------------------------
    def public_messages(self, channel: Channel | int) -> list[Message]:
        """Messages everyone sees in a channel or thread, oldest first."""
        return self.state.visible_messages(_id(channel), None)

    def message(self, message_id: int) -> Message:
        return self.state.messages[message_id]

    def message_history(
        self, channel: Channel | int, *, public: bool = True
    ) -> list[MessageVersion]:
        """Every version of the messages of a channel or thread, in order: each message as
        it was created and after each edit (deleted ones too); only what everyone saw
        unless ``public=False``."""
        versions = self.state.versions.get(_id(channel), [])
        return [v for v in versions if v.public or not public]

    def channel_names(self, channel: Channel | int) -> list[str]:
        """Every name a channel or thread has had, oldest first."""
        return list(self.state.names.get(_id(channel), []))

    def threads(self, channel: Channel | int) -> list[Channel]:
        return self.state.threads_of(self.state.channel(_id(channel)))

    def commands(self, guild: Guild | None = None) -> list[Command]:
        """Commands a user sees in ``guild`` (guild commands, then global ones)."""
        return self.state.commands_for(guild.id if guild else None)

    @property
    def interactions(self) -> list[InteractionRecord]:
        return list(self.state.interactions.values())

    @property
    def embeds_dropped(self) -> list[int]:
        """Ids of the messages whose embeds were dropped (the bot lacked EMBED_LINKS)."""
        return list(self.state.embeds_dropped)

    # -- permissions ---------------------------------------------------------------------------
    def member(self, guild: Guild, who: Actor | int | None = None) -> Member:
        """A member of ``guild`` (the bot when ``who`` is None)."""
        user_id = self.state.bot.id if who is None else _id_of(who)
        return self.state.member(guild.id, user_id)

    def permissions(self, channel: Channel, who: Actor | int | None = None) -> P:
        """What ``who`` (the bot when None) may do in ``channel``, as Discord computes it."""
        return P(self.state.access.of(self.member(self.state.guilds[channel.guild_id], who),
                                      channel))

    def bot_role(self, guild: Guild) -> Role:
        role = guild.bot_role(self.state.bot.id)
        assert role is not None
        return role

    def create_role(self, guild: Guild, name: str, permissions: int = 0,
                    members: tuple[Actor, ...] = ()) -> Role:
        role = self.state.access.create_role(guild, name, permissions)
        for actor in members:
            self.give_role(guild, actor, role)
        return role

    def give_role(self, guild: Guild, who: Actor | int | None, role: Role) -> None:
        self.state.access.give_role(self.member(guild, who), role)

    def set_role_permissions(self, role: Role, permissions: int) -> None:
        """Change a role's permissions (``guild.everyone`` is @everyone)."""
        self.state.access.set_role_permissions(role, permissions)

    def overwrite(self, channel: Channel, who: Who | None = None, *, allow: int = 0,
                  deny: int = 0) -> Overwrite:
        """Set ``channel``'s overwrite for ``who``: a role, a guild (its @everyone), a
        member or an actor (a member overwrite), or the bot (None). On a thread it lands
        on the parent: threads inherit the parent's permissions."""
        guild = self.state.guilds[channel.guild_id]
        target: Role | Member | Guild
        target = self.member(guild, who) if who is None or isinstance(who, Actor) else who
        return self.state.access.overwrite(channel, target, allow=allow, deny=deny)

    def take_from_bot(self, where: Channel | Guild, *taken: P) -> None:
        """The bot loses ``taken``: in ``where`` (a channel, and so its threads) through a
        deny overwrite, or in the whole guild (from @everyone and its own role)."""
        self.state.access.take_from_bot(where, *taken)

    # -- going away ----------------------------------------------------------------------------
    def delete_channel(self, channel: Channel) -> None:
        """Delete a channel (its threads with it) or a thread, as a moderator would:
        CHANNEL_DELETE or THREAD_DELETE; 404 10003 for every request about it after."""
        self.state.departures.delete_channel(self.state.channel(channel.id))

    def remove_bot(self, guild: Guild) -> None:
        """Kick the bot: GUILD_DELETE without ``unavailable``; 403 50001 in the server's
        channels and 404 10004 on its guild routes after."""
        self.state.departures.remove_bot(guild)

    def add_bot(self, guild: Guild, permissions: int = EVERYTHING_BUT_ADMIN) -> None:
        """Invite the bot again (a new managed role with ``permissions``): GUILD_CREATE."""
        self.state.departures.add_bot(guild, permissions)

    def outage(self, guild: Guild) -> None:
        """The server becomes unavailable: GUILD_DELETE ``unavailable: true``."""
        self.state.departures.outage(guild)

    def outage_over(self, guild: Guild) -> None:
        """The server is back: GUILD_CREATE."""
        self.state.departures.outage_over(guild)

    def rename_guild(self, guild: Guild, name: str) -> None:
        """A manager renames the server: GUILD_UPDATE, whose inner payload is the guild
        object (intent GUILDS). Discord's server names are 2 to 100 characters."""
        if not 2 <= len(name) <= 100:
            raise ValueError(f"a server's name is 2 to 100 characters, not {len(name)}")
        found = self.state.guild(guild.id)
        found.name = name
        self.state.emit("GUILD_UPDATE", found.payload(), GUILDS)
        self.state.changed()

    def member_leaves(self, guild: Guild, who: Actor) -> None:
        """``who`` leaves the server: GUILD_MEMBER_REMOVE."""
        self.state.departures.member_leaves(guild, who.id)

    # -- threads and time ----------------------------------------------------------------------
    def sweep_threads(self) -> list[Channel]:
        """Archive the threads whose inactivity ran out (done before every request,
        interaction and settle anyway); returns them."""
        return self.state.thread_life.sweep()

    def advance(self, delta: float | timedelta) -> list[Channel]:
        """Move the stand-in's clock forward and archive what that made due (with
        THREAD_UPDATE, as Discord does); returns the threads archived."""
        self.clock.advance(delta)
        return self.sweep_threads()

    def archive_thread(self, thread: Channel, *, locked: bool | None = None) -> None:
        """Archive ``thread`` now, as Discord may well before its auto_archive_duration in
        a busy server (``Limits.thread_archive_after_s`` does it to every thread)."""
        self.state.thread_life.archive(self.state.channel(thread.id), locked=locked)

    def unarchive_thread(self, thread: Channel) -> None:
        self.state.thread_life.unarchive(self.state.channel(thread.id))

    def lock_thread(self, thread: Channel, locked: bool = True) -> None:
        """Lock ``thread`` (as a moderator would): without MANAGE_THREADS the bot can
        neither post nor edit in it (160005), nor unarchive it."""
        self.state.thread_life.lock(self.state.channel(thread.id), locked)

    def set_skew(self, seconds: float) -> None:
        """Make the times the stand-in issues (snowflakes, timestamps) ``seconds`` off the
        bot's clock; the 3-second window is still measured from the dispatch."""
        self.clock.skew = float(seconds)


def _id(thing: Channel | int) -> int:
    return thing if isinstance(thing, int) else thing.id


def _id_of(who: Actor | int) -> int:
    return who if isinstance(who, int) else who.id
