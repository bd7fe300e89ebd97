"""REST: channel messages, threads, channels, guilds and members, and attachment files.

Each route checks the bot's permissions where Discord does (:mod:`standin.permissions`):
sending needs SEND_MESSAGES (SEND_MESSAGES_IN_THREADS in a thread), files ATTACH_FILES,
a reply READ_MESSAGE_HISTORY; embeds without EMBED_LINKS are dropped, not refused, as
Discord does (discord/discord-api-docs#5648: "ignores embed and calls it empty if you
have no content", then 50006); reading messages needs READ_MESSAGE_HISTORY (the list is
empty without it); threads need CREATE_PUBLIC_THREADS (CREATE_PRIVATE_THREADS) to be
made and MANAGE_THREADS to be deleted, locked, or changed by anyone but their creator.
Archived and locked threads follow :mod:`standin.threads`.
"""

from __future__ import annotations

from aiohttp import web

from . import errors as e
from .errors import DiscordError, not_found
from .messages import ensure_not_empty, message_fields
from .models import PRIVATE_THREAD, PUBLIC_THREAD, THREAD_TYPES, Channel, Message
from .permissions import P, effective, send_permission
from .routing import Endpoints, body_of, no_content, reply, sandbox_of, snowflake
from .state import GUILDS, SandboxState
from .threads import archived_error

CANNOT_REPLY_WITHOUT_HISTORY = 160002

endpoints = Endpoints()


@endpoints.route("GET", "/channels/{channel_id}")
async def get_channel(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    state.access.require_bot(channel)
    return reply(channel.payload())


@endpoints.route("PATCH", "/channels/{channel_id}")
async def update_channel(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    payload = body_of(request).object()
    if channel.is_thread:
        _check_thread_update(state, channel, payload)
    else:
        state.access.require_bot(channel, P.MANAGE_CHANNELS)
    if "name" in payload:
        channel.name = str(payload["name"])
        state.named(channel)
    if channel.is_thread:
        was_archived = channel.archived
        for key in ("archived", "locked", "invitable"):
            if key in payload:
                setattr(channel, key, bool(payload[key]))
        if "archived" in payload and channel.archived != was_archived:
            channel.archived_at = state.clock.now()
            if not channel.archived:
                state.thread_life.touch(channel)
        if "auto_archive_duration" in payload:
            channel.auto_archive_duration = int(payload["auto_archive_duration"])
            state.thread_life.touch(channel)
    state.emit(
        "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", channel.payload(), GUILDS
    )
    state.changed()
    return reply(channel.payload())


@endpoints.route("DELETE", "/channels/{channel_id}")
async def delete_channel(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    state.access.require_bot(channel, P.MANAGE_THREADS if channel.is_thread else P.MANAGE_CHANNELS)
    state.departures.delete_channel(channel)
    return reply(channel.payload())


@endpoints.route("GET", "/channels/{channel_id}/messages")
async def list_messages(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    permissions = state.access.require_bot(channel)
    if not permissions & P.READ_MESSAGE_HISTORY:
        return reply([])  # Discord: "no messages will be returned"
    messages = state.visible_messages(channel.id, None)
    limit = max(1, min(100, int(request.query.get("limit", 50))))
    if "before" in request.query:
        messages = [m for m in messages if m.id < int(request.query["before"])]
    if "after" in request.query:
        messages = [m for m in messages if m.id > int(request.query["after"])][:limit]
    newest_first = list(reversed(messages))[:limit]
    return reply([m.payload(state) for m in newest_first])


@endpoints.route("POST", "/channels/{channel_id}/messages")
async def create_message(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    permissions = state.access.require_bot(channel, send_permission(channel))
    body = body_of(request)
    fields = message_fields(state, body)
    if fields.get("reference_id") is not None and not permissions & P.READ_MESSAGE_HISTORY:
        raise DiscordError(400, CANNOT_REPLY_WITHOUT_HISTORY,
                           "Cannot reply without permission to read message history")
    dropped = _check_files_and_embeds(state, channel, permissions, bool(body.files), fields)
    ensure_not_empty(fields)
    if channel.is_thread:
        state.thread_life.before_post(channel, permissions)
    message = state.add_message(state.new_message(channel, state.bot, **fields))
    if dropped:
        _note_dropped(state, message)
    return reply(message.payload(state))


@endpoints.route("GET", "/channels/{channel_id}/messages/{message_id}")
async def get_message(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    state.access.require_bot(channel, P.READ_MESSAGE_HISTORY)
    return reply(state.message(channel.id, snowflake(request, "message_id")).payload(state))


@endpoints.route("PATCH", "/channels/{channel_id}/messages/{message_id}")
async def update_message(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    permissions = state.access.require_bot(channel)
    message = state.message(channel.id, snowflake(request, "message_id"))
    body = body_of(request)
    fields = message_fields(state, body, existing=message)
    if message.author.id != state.bot.id and set(fields) - {"flags"}:
        raise DiscordError(
            403, e.CANNOT_EDIT_OTHERS_MESSAGE, "Cannot edit a message authored by another user"
        )
    dropped = _check_files_and_embeds(state, channel, permissions, bool(body.files), fields)
    ensure_not_empty(fields, message)
    if channel.is_thread:
        state.thread_life.before_edit(channel, permissions)
    state.check_edit_allowed(message)
    edited = state.commit_edit(message, fields)
    if dropped:
        _note_dropped(state, edited)
    return reply(edited.payload(state))


@endpoints.route("DELETE", "/channels/{channel_id}/messages/{message_id}")
async def delete_message(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    permissions = state.access.require_bot(channel)
    message = state.message(channel.id, snowflake(request, "message_id"))
    if message.author.id != state.bot.id:
        state.access.require_bot(channel, P.MANAGE_MESSAGES)
    if channel.is_thread:
        state.thread_life.before_delete(channel, permissions)
    state.delete_message(message)
    return no_content()


@endpoints.route("POST", "/channels/{channel_id}/threads")
async def create_thread(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    parent = state.channel(snowflake(request, "channel_id"))
    payload = body_of(request).object()
    kind = int(payload.get("type") or PRIVATE_THREAD)
    state.access.require_bot(
        parent, P.CREATE_PRIVATE_THREADS if kind == PRIVATE_THREAD else P.CREATE_PUBLIC_THREADS)
    if kind not in THREAD_TYPES:
        raise DiscordError(
            400,
            e.INVALID_FORM_BODY,
            "Invalid Form Body",
            {
                "type": {
                    "_errors": [
                        {
                            "code": "BASE_TYPE_CHOICES",
                            "message": f"Value must be one of {sorted(THREAD_TYPES)}.",
                        }
                    ]
                }
            },
        )
    thread = state.create_thread(
        parent,
        _thread_name(payload),
        owner=state.bot,
        type=kind,
        auto_archive_duration=int(payload.get("auto_archive_duration") or 1440),
        invitable=bool(payload.get("invitable", True)),
    )
    if kind == PUBLIC_THREAD:  # Discord announces a thread started without a message
        state.add_message(
            state.new_message(parent, state.bot, type=18, content=thread.name, reference_id=None)
        )
    return reply(thread.payload(), status=201)


@endpoints.route("POST", "/channels/{channel_id}/messages/{message_id}/threads")
async def create_thread_from_message(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    parent = state.channel(snowflake(request, "channel_id"))
    state.access.require_bot(parent, P.CREATE_PUBLIC_THREADS)
    starter = state.message(parent.id, snowflake(request, "message_id"))
    payload = body_of(request).object()
    thread = state.create_thread(
        parent,
        _thread_name(payload),
        owner=state.bot,
        type=PUBLIC_THREAD,
        starter=starter,
        auto_archive_duration=int(payload.get("auto_archive_duration") or 1440),
    )
    return reply(thread.payload(), status=201)


@endpoints.route("PUT", "/channels/{channel_id}/thread-members/@me")
@endpoints.route("PUT", "/channels/{channel_id}/thread-members/{user_id}")
async def join_thread(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    thread = _thread(request)
    user_id = request.match_info.get("user_id")
    # adding someone else needs "the ability to send messages in the thread"
    state.access.require_bot(thread, *((P.SEND_MESSAGES_IN_THREADS,) if user_id else ()))
    if thread.archived:
        raise archived_error()
    thread.thread_member_ids.add(state.user(int(user_id)).id if user_id else state.bot.id)
    state.changed()
    return no_content()


@endpoints.route("DELETE", "/channels/{channel_id}/thread-members/@me")
@endpoints.route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
async def leave_thread(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    thread = _thread(request)
    user_id = request.match_info.get("user_id")
    state.access.require_bot(thread, *((P.MANAGE_THREADS,) if user_id else ()))
    if thread.archived:
        raise archived_error()
    thread.thread_member_ids.discard(int(user_id) if user_id else state.bot.id)
    state.changed()
    return no_content()


@endpoints.route("GET", "/guilds/{guild_id}")
async def get_guild(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    guild = state.bot_guild(snowflake(request, "guild_id"))
    return reply({**guild.payload(), "approximate_member_count": len(guild.members)})


@endpoints.route("GET", "/guilds/{guild_id}/channels")
async def list_guild_channels(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    guild = state.bot_guild(snowflake(request, "guild_id"))
    channels = (state.channels[c] for c in guild.channel_ids)
    return reply([c.payload() for c in channels if not c.is_thread and not c.deleted])


@endpoints.route("GET", "/guilds/{guild_id}/members/{user_id}")
async def get_guild_member(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    guild = state.bot_guild(snowflake(request, "guild_id"))
    member = state.member(guild.id, snowflake(request, "user_id"))
    return reply(member.payload())


@endpoints.route("GET", "/guilds/{guild_id}/members")
async def list_guild_members(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    guild = state.bot_guild(snowflake(request, "guild_id"))
    after = int(request.query.get("after", 0))
    limit = max(1, min(1000, int(request.query.get("limit", 1))))
    members = sorted(
        (m for m in guild.members.values() if m.user.id > after), key=lambda m: m.user.id
    )
    return reply([m.payload() for m in members[:limit]])


async def get_attachment(request: web.Request) -> web.Response:
    """The file behind an attachment URL (Discord's CDN), so ``Attachment.read()`` works."""
    state = sandbox_of(request).state
    message_ids = state.channel_messages.get(int(request.match_info["channel_id"]), [])
    wanted = int(request.match_info["attachment_id"])
    for message_id in message_ids:
        for attachment in state.messages[message_id].attachments:
            if attachment.id == wanted:
                return web.Response(
                    body=attachment.data,
                    content_type=attachment.content_type or "application/octet-stream",
                )
    raise not_found(e.UNKNOWN_MESSAGE, "Attachment")


def _thread_name(payload: dict[str, object]) -> str:
    name = payload.get("name")
    if not isinstance(name, str) or not 1 <= len(name) <= 100:
        raise DiscordError(
            400,
            e.INVALID_FORM_BODY,
            "Invalid Form Body",
            {
                "name": {
                    "_errors": [
                        {
                            "code": "BASE_TYPE_BAD_LENGTH",
                            "message": "Must be between 1 and 100 in length.",
                        }
                    ]
                }
            },
        )
    return name


def _check_files_and_embeds(state: SandboxState, channel: Channel, permissions: int,
                            uploads: bool, fields: dict[str, object]) -> bool:
    """Files need ATTACH_FILES (403); embeds without EMBED_LINKS are dropped (True)."""
    have = effective(permissions, channel)
    if uploads and not have & P.ATTACH_FILES:
        state.access.require_bot(channel, P.ATTACH_FILES)
    if fields.get("embeds") and not have & P.EMBED_LINKS:
        fields["embeds"] = []
        return True
    return False


def _note_dropped(state: SandboxState, message: Message) -> None:
    state.embeds_dropped.append(message.id)
    state.changed()


def _check_thread_update(state: SandboxState, thread: Channel, payload: dict[str, object]
                         ) -> None:
    """Discord's rules for editing a thread (docs/topics/threads.md): unarchiving needs
    membership (a locked thread: its creator or MANAGE_THREADS); name, archived and
    auto_archive_duration need MANAGE_THREADS or being the creator; locked and
    rate_limit_per_user need MANAGE_THREADS. Without MANAGE_THREADS a locked thread's
    properties do not change."""
    bot = state.bot.id
    permissions = state.access.require_bot(thread)
    moderator = bool(permissions & P.MANAGE_THREADS)
    creator = thread.owner_id == bot
    if {"locked", "rate_limit_per_user"} & set(payload) and not moderator:
        state.access.require_bot(thread, P.MANAGE_THREADS)
    only_unarchive = payload.get("archived") is False and not payload.get("locked")
    if only_unarchive and set(payload) <= {"archived", "locked"}:
        if thread.locked and not (creator or moderator):
            state.access.require_bot(thread, P.MANAGE_THREADS)
        if bot not in thread.thread_member_ids and not moderator:
            state.access.require_bot(thread, P.MANAGE_THREADS)
        return
    if {"name", "archived", "auto_archive_duration"} & set(payload) and not (
            creator or moderator):
        state.access.require_bot(thread, P.MANAGE_THREADS)
    if thread.locked and not moderator:
        state.access.require_bot(thread, P.MANAGE_THREADS)
    if thread.archived and payload.get("archived") is not False and not moderator:
        raise archived_error()


def _thread(request: web.Request) -> Channel:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    if not channel.is_thread:
        raise DiscordError(400, 50024, "Cannot execute action on this channel type")
    return channel
