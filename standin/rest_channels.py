"""REST: channel messages, threads, channels, guilds and members, and attachment files."""

from __future__ import annotations

from aiohttp import web

from . import errors as e
from .errors import DiscordError, not_found
from .messages import ensure_not_empty, message_fields
from .models import PRIVATE_THREAD, PUBLIC_THREAD, THREAD_TYPES, Channel
from .routing import Endpoints, body_of, no_content, reply, sandbox_of, snowflake
from .state import GUILDS

endpoints = Endpoints()


@endpoints.route("GET", "/channels/{channel_id}")
async def get_channel(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    return reply(state.channel(snowflake(request, "channel_id")).payload())


@endpoints.route("PATCH", "/channels/{channel_id}")
async def update_channel(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    payload = body_of(request).object()
    if "name" in payload:
        channel.name = str(payload["name"])
        state.named(channel)
    if channel.is_thread:
        for key in ("archived", "locked", "invitable"):
            if key in payload:
                setattr(channel, key, bool(payload[key]))
        if payload.get("archived"):
            channel.archived_at = state.clock.now()
        if "auto_archive_duration" in payload:
            channel.auto_archive_duration = int(payload["auto_archive_duration"])
    state.emit(
        "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE", channel.payload(), GUILDS
    )
    state.changed()
    return reply(channel.payload())


@endpoints.route("DELETE", "/channels/{channel_id}")
async def delete_channel(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    channel.deleted = True
    if channel.is_thread:
        state.emit(
            "THREAD_DELETE",
            {
                "id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "type": channel.type,
            },
            GUILDS,
        )
    else:
        state.emit("CHANNEL_DELETE", channel.payload(), GUILDS)
    state.changed()
    return reply(channel.payload())


@endpoints.route("GET", "/channels/{channel_id}/messages")
async def list_messages(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
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
    if channel.is_thread and channel.locked:
        raise DiscordError(400, 50083, "Thread is archived")
    fields = message_fields(state, body_of(request))
    ensure_not_empty(fields)
    message = state.add_message(state.new_message(channel, state.bot, **fields))
    return reply(message.payload(state))


@endpoints.route("GET", "/channels/{channel_id}/messages/{message_id}")
async def get_message(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    return reply(state.message(channel.id, snowflake(request, "message_id")).payload(state))


@endpoints.route("PATCH", "/channels/{channel_id}/messages/{message_id}")
async def update_message(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    message = state.message(channel.id, snowflake(request, "message_id"))
    fields = message_fields(state, body_of(request), existing=message)
    if message.author.id != state.bot.id and set(fields) - {"flags"}:
        raise DiscordError(
            403, e.CANNOT_EDIT_OTHERS_MESSAGE, "Cannot edit a message authored by another user"
        )
    ensure_not_empty(fields, message)
    state.check_edit_allowed(message)
    return reply(state.commit_edit(message, fields).payload(state))


@endpoints.route("DELETE", "/channels/{channel_id}/messages/{message_id}")
async def delete_message(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    state.delete_message(state.message(channel.id, snowflake(request, "message_id")))
    return no_content()


@endpoints.route("POST", "/channels/{channel_id}/threads")
async def create_thread(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    parent = state.channel(snowflake(request, "channel_id"))
    payload = body_of(request).object()
    kind = int(payload.get("type") or PRIVATE_THREAD)
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
    thread.thread_member_ids.add(state.user(int(user_id)).id if user_id else state.bot.id)
    state.changed()
    return no_content()


@endpoints.route("DELETE", "/channels/{channel_id}/thread-members/@me")
@endpoints.route("DELETE", "/channels/{channel_id}/thread-members/{user_id}")
async def leave_thread(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    thread = _thread(request)
    user_id = request.match_info.get("user_id")
    thread.thread_member_ids.discard(int(user_id) if user_id else state.bot.id)
    state.changed()
    return no_content()


@endpoints.route("GET", "/guilds/{guild_id}")
async def get_guild(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    guild = state.guild(snowflake(request, "guild_id"))
    return reply({**guild.payload(), "approximate_member_count": len(guild.members)})


@endpoints.route("GET", "/guilds/{guild_id}/channels")
async def list_guild_channels(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    guild = state.guild(snowflake(request, "guild_id"))
    channels = (state.channels[c] for c in guild.channel_ids)
    return reply([c.payload() for c in channels if not c.is_thread and not c.deleted])


@endpoints.route("GET", "/guilds/{guild_id}/members/{user_id}")
async def get_guild_member(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    member = state.member(snowflake(request, "guild_id"), snowflake(request, "user_id"))
    return reply(member.payload())


@endpoints.route("GET", "/guilds/{guild_id}/members")
async def list_guild_members(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    guild = state.guild(snowflake(request, "guild_id"))
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


def _thread(request: web.Request) -> Channel:
    state = sandbox_of(request).state
    channel = state.channel(snowflake(request, "channel_id"))
    if not channel.is_thread:
        raise DiscordError(400, 50024, "Cannot execute action on this channel type")
    return channel
