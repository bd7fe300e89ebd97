"""The stand-in's world: every guild, channel, message, command and interaction.

REST handlers and the test-facing API both change it through these methods; each
change that Discord would announce is passed to ``emit`` (the gateway) with the
intent that gates it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from . import errors as e
from .access import Access
from .clock import Clock, SnowflakeFactory
from .commands import CommandCreates, bulk_overwrite
from .departures import Departures
from .errors import DiscordError, not_found
from .limits import FLAG_LOADING, Limits
from .models import (
    PUBLIC_THREAD,
    TEXT_CHANNEL,
    Channel,
    Command,
    Guild,
    InteractionRecord,
    Member,
    Message,
    MessageVersion,
    User,
)
from .permissions import EVERYTHING_BUT_ADMIN, Role
from .threads import ThreadLife

# Gateway intents that gate the events the stand-in sends.
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
MESSAGE_CONTENT = 1 << 15

Emit = Callable[[str, dict[str, Any], int], None]


class SandboxState:
    """All stand-in data, keyed by snowflake."""

    def __init__(self, clock: Clock, limits: Limits, *, bot_name: str = "Tapp") -> None:
        self.clock = clock
        self.limits = limits
        self.snowflakes = SnowflakeFactory(clock)
        self.base_url = "http://127.0.0.1"
        self.emit: Emit = lambda event, data, intent: None
        self.on_change: Callable[[], None] = lambda: None
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.channel_messages: dict[int, list[int]] = {}
        self.global_commands: dict[int, Command] = {}
        self.guild_commands: dict[int, dict[int, Command]] = {}
        self.command_version = 0
        #: application command creates per scope (None: global) for the daily limit
        self.command_creates = CommandCreates(self)
        self.interactions: dict[int, InteractionRecord] = {}
        self.tokens: dict[str, InteractionRecord] = {}
        self._old_edits: dict[int, deque[datetime]] = {}
        #: every version of every message (as created, after each edit), per channel, in
        #: order; and every name each channel or thread has had
        self.versions: dict[int, list[MessageVersion]] = {}
        self.names: dict[int, list[str]] = {}
        self.bot = self.create_user(bot_name, bot=True)
        self.application_id = self.bot.id
        self.access = Access(self)
        self.thread_life = ThreadLife(self)
        #: channels, threads, the bot and members going away (see :mod:`.departures`)
        self.departures = Departures(self)
        #: ids of messages whose embeds Discord dropped (the bot lacked EMBED_LINKS)
        self.embeds_dropped: list[int] = []

    def new_id(self) -> int:
        return self.snowflakes.next()

    def changed(self) -> None:
        self.on_change()

    # -- users, guilds, channels ----------------------------------------------------------------
    def create_user(
        self, name: str, *, bot: bool = False, locale: str = "en-US", global_name: str | None = None
    ) -> User:
        user = User(self.new_id(), name, global_name=global_name, bot=bot, locale=locale)
        self.users[user.id] = user
        return user

    def create_guild(
        self, name: str, *, owner: User | None = None, locale: str = "en-US",
        everyone: int = EVERYTHING_BUT_ADMIN, bot_permissions: int = EVERYTHING_BUT_ADMIN,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A guild the bot is in. Its owner (by default nobody of the tests: a user made
        here) has every permission; @everyone has ``everyone``; the bot's own managed role
        (made as Discord does when a bot joins with permissions) has ``bot_permissions``.
        ``shard=(shard_id, shard_count)``: an id that shard holds."""
        if owner is None:  # not the bot: an owner has every permission
            owner = self.create_user(f"{name} owner")
        guild_id = self.new_id() if shard is None else self.snowflakes.next_on_shard(*shard)
        guild = Guild(guild_id, name, owner.id, self.clock.issued(), locale)
        self.guilds[guild.id] = guild
        guild.roles[guild.id] = Role(guild.id, guild.id, "@everyone", int(everyone))
        bot_role = Role(self.new_id(), guild.id, self.bot.username, int(bot_permissions),
                        position=1, bot_id=self.bot.id)
        guild.roles[bot_role.id] = bot_role
        guild.members[self.bot.id] = Member(self.bot, guild.id, self.clock.issued(),
                                            roles=[bot_role.id])
        self.emit("GUILD_CREATE", self.guild_create_payload(guild), GUILDS)
        self.changed()
        return guild

    def add_member(self, guild: Guild, user: User, *, nick: str | None = None) -> Member:
        member = Member(user, guild.id, self.clock.issued(), nick=nick)
        guild.members[user.id] = member
        self.emit(
            "GUILD_MEMBER_ADD", {**member.payload(), "guild_id": str(guild.id)}, GUILD_MEMBERS
        )
        self.changed()
        return member

    def create_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(
            self.new_id(),
            guild.id,
            name,
            TEXT_CHANNEL,
            position=len(guild.channel_ids),
            created_at=self.clock.issued(),
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        self.named(channel)
        self.emit("CHANNEL_CREATE", channel.payload(), GUILDS)
        self.changed()
        return channel

    def create_thread(
        self,
        parent: Channel,
        name: str,
        *,
        owner: User,
        type: int = PUBLIC_THREAD,
        starter: Message | None = None,
        auto_archive_duration: int = 1440,
        invitable: bool = True,
    ) -> Channel:
        if parent.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        thread = Channel(
            starter.id if starter else self.new_id(),
            parent.guild_id,
            name,
            type,
            parent_id=parent.id,
            owner_id=owner.id,
            created_at=self.clock.issued(),
            active_at=self.clock.now(),
            auto_archive_duration=auto_archive_duration,
            invitable=invitable,
            thread_member_ids={owner.id},
        )
        if thread.id in self.channels:
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        self.channels[thread.id] = thread
        self.guilds[parent.guild_id].channel_ids.append(thread.id)
        self.named(thread)
        self.emit("THREAD_CREATE", {**thread.payload(), "newly_created": True}, GUILDS)
        if starter is not None:
            starter.thread_id = thread.id
            self.emit("MESSAGE_UPDATE", self.message_event(starter), GUILD_MESSAGES)
        self.changed()
        return thread

    def named(self, channel: Channel) -> None:
        """Remember the channel's name (when it was created, or renamed)."""
        names = self.names.setdefault(channel.id, [])
        if not names or names[-1] != channel.name:
            names.append(channel.name)

    def guild(self, guild_id: int) -> Guild:
        guild = self.guilds.get(guild_id)
        if guild is None:
            raise not_found(e.UNKNOWN_GUILD, "Guild")
        return guild

    def channel(self, channel_id: int) -> Channel:
        channel = self.channels.get(channel_id)
        if channel is None or channel.deleted:
            raise not_found(e.UNKNOWN_CHANNEL, "Channel")
        return channel

    def user(self, user_id: int) -> User:
        user = self.users.get(user_id)
        if user is None:
            raise not_found(e.UNKNOWN_USER, "User")
        return user

    def bot_guild(self, guild_id: int) -> Guild:
        """A guild as the bot may ask about it: 404 10004 unless the bot is in it."""
        guild = self.guild(guild_id)
        if self.bot.id not in guild.members:
            raise not_found(e.UNKNOWN_GUILD, "Guild")
        return guild

    def member(self, guild_id: int, user_id: int) -> Member:
        member = self.guild(guild_id).members.get(user_id)
        if member is None:
            raise not_found(e.UNKNOWN_MEMBER, "Member")
        return member

    def threads_of(self, channel: Channel) -> list[Channel]:
        return [c for c in self.channels.values() if c.parent_id == channel.id and not c.deleted]

    def guild_create_payload(self, guild: Guild) -> dict[str, Any]:
        """GUILD_CREATE with every member (the gateway trims it to the session's intents)."""
        channels = [self.channels[c] for c in guild.channel_ids if not self.channels[c].deleted]
        members = guild.members.values()
        return {
            **guild.payload(),
            "joined_at": guild.members[self.bot.id].joined_at.isoformat(),
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
            "members": [m.payload() for m in members],
            "channels": [c.payload() for c in channels if not c.is_thread],
            "threads": [c.payload() for c in channels if c.is_thread and not c.archived],
        }

    # -- messages -------------------------------------------------------------------------------
    def message(self, channel_id: int, message_id: int, *, viewer: int | None = None) -> Message:
        """A message as a bot (or ``viewer``) could fetch it: ephemeral ones are unknown."""
        message = self.messages.get(message_id)
        if (
            message is None
            or message.channel_id != channel_id
            or message.deleted
            or (message.ephemeral and message.ephemeral_to != viewer)
        ):
            raise not_found(e.UNKNOWN_MESSAGE, "Message")
        return message

    def add_message(self, message: Message) -> Message:
        channel = self.channel(message.channel_id)
        self.messages[message.id] = message
        self.channel_messages.setdefault(channel.id, []).append(message.id)
        self.versions.setdefault(channel.id, []).append(message.version())
        if not message.ephemeral:
            channel.last_message_id = message.id
            if channel.is_thread:
                channel.message_count += 1
                if channel.archived and not channel.locked:
                    self.thread_life.unarchive(channel)
                self.thread_life.touch(channel)
            self.emit("MESSAGE_CREATE", self.message_event(message), GUILD_MESSAGES)
        self.changed()
        return message

    def new_message(self, channel: Channel, author: User, **fields: Any) -> Message:
        return Message(
            self.new_id(), channel.id, channel.guild_id, author, self.clock.issued(), **fields
        )

    def check_edit_allowed(self, message: Message) -> None:
        """Discord limits edits of messages older than an hour (30046, a 429 without ``Via``)."""
        now = self.clock.now()
        if (now - message.created_at).total_seconds() <= self.limits.old_message_age_s:
            return
        window = self._old_edits.setdefault(message.channel_id, deque())
        while window and (now - window[0]) >= timedelta(hours=1):
            window.popleft()
        if len(window) >= self.limits.old_message_edits_per_hour:
            retry = 3600 - (now - window[0]).total_seconds()
            raise DiscordError(
                429,
                e.MAX_OLD_MESSAGE_EDITS,
                "Maximum number of edits to messages older than 1 hour reached. Try again later.",
                extra={"retry_after": round(retry, 3), "global": False},
                via=False,
            )
        window.append(now)

    def commit_edit(self, message: Message, changes: dict[str, Any]) -> Message:
        for key, value in changes.items():
            setattr(message, key, value)
        message.flags &= ~FLAG_LOADING
        message.edited_at = self.clock.issued()
        message.edit_count += 1
        self.versions.setdefault(message.channel_id, []).append(message.version())
        if not message.ephemeral:
            self.emit("MESSAGE_UPDATE", self.message_event(message), GUILD_MESSAGES)
        self.changed()
        return message

    def delete_message(self, message: Message) -> None:
        message.deleted = True
        if not message.ephemeral:
            data = {"id": str(message.id), "channel_id": str(message.channel_id)}
            if message.guild_id is not None:
                data["guild_id"] = str(message.guild_id)
            self.emit("MESSAGE_DELETE", data, GUILD_MESSAGES)
        self.changed()

    def message_event(self, message: Message) -> dict[str, Any]:
        data = message.payload(self)
        if message.guild_id is not None and message.webhook_id is None:
            member = self.guilds[message.guild_id].members.get(message.author.id)
            if member is not None:
                data["member"] = member.payload(with_user=False)
        return data

    def visible_messages(self, channel_id: int, viewer: int | None) -> list[Message]:
        """Messages in a channel, oldest first, that ``viewer`` sees (None: public only)."""
        found = (self.messages[i] for i in self.channel_messages.get(channel_id, []))
        return [
            m
            for m in found
            if not m.deleted and (m.ephemeral_to is None or m.ephemeral_to == viewer)
        ]

    # -- commands -------------------------------------------------------------------------------
    def set_commands(self, guild_id: int | None, items: list[dict[str, Any]]) -> list[Command]:
        """Bulk overwrite (see :func:`standin.commands.bulk_overwrite`)."""
        return bulk_overwrite(self, guild_id, items)

    def commands_for(self, guild_id: int | None) -> list[Command]:
        """What a user sees in ``guild_id``: the guild's commands, then the global ones."""
        local = list(self.guild_commands.get(guild_id, {}).values()) if guild_id else []
        return local + list(self.global_commands.values())

    # -- interactions ---------------------------------------------------------------------------
    def add_interaction(self, record: InteractionRecord) -> InteractionRecord:
        self.interactions[record.id] = record
        self.tokens[record.token] = record
        self.changed()
        return record

    def interaction_for_token(self, application_id: int, token: str) -> InteractionRecord:
        record = self.tokens.get(token)
        if record is None or application_id != self.application_id:
            raise not_found(e.UNKNOWN_WEBHOOK, "Webhook")
        age = (self.clock.now() - record.created_at).total_seconds()
        if age > self.limits.token_lifetime_s:
            raise DiscordError(401, e.INVALID_WEBHOOK_TOKEN, "Invalid Webhook Token")
        if not record.acknowledged:
            raise not_found(e.UNKNOWN_WEBHOOK, "Webhook")
        return record
