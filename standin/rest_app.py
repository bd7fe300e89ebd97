"""REST: gateway discovery, the bot user, its application, and command sync."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aiohttp import web

from . import errors as e
from .errors import MISSING_ACCESS, DiscordError, FormErrors, not_found
from .limits import check_command_counts, check_commands
from .routing import GRANT_KEY, Endpoints, body_of, reply, sandbox_of, snowflake

if TYPE_CHECKING:
    from .models import Guild
    from .state import SandboxState

endpoints = Endpoints()


@endpoints.route("GET", "/gateway", auth=False)
async def get_gateway(request: web.Request) -> web.Response:
    return reply({"url": sandbox_of(request).gateway.url})


@endpoints.route("GET", "/gateway/bot")
async def get_bot_gateway(request: web.Request) -> web.Response:
    """The recommended shard count and the session start limit (``max_concurrency``:
    identify buckets, each allowed one IDENTIFY per 5 s; see :mod:`standin.shards`)."""
    gateway = sandbox_of(request).gateway
    return reply(
        {
            "url": gateway.url,
            "shards": gateway.recommended_shards,
            "session_start_limit": {
                "total": 1000,
                "remaining": 999,
                "reset_after": 14_400_000,
                "max_concurrency": gateway.identify_limit.max_concurrency,
            },
        }
    )


@endpoints.route("GET", "/users/@me", bearer=True)
async def get_my_user(request: web.Request) -> web.Response:
    """The bot's user, or with an OAuth2 Bearer token the user who authorized it (the
    OpenAPI file: the bot token, or OAuth2 with ``identify``)."""
    state = sandbox_of(request).state
    grant = request.get(GRANT_KEY)
    if grant is not None and "identify" not in grant.scopes:
        raise DiscordError(401, e.GENERAL, "401: Unauthorized")
    user = state.bot if grant is None else state.users[grant.user_id]
    payload = {
        **user.payload(),
        "verified": True,
        "mfa_enabled": False,
        "locale": user.locale,
        "email": None,
        "premium_type": 0,
    }
    if grant is not None and "email" not in grant.scopes:  # ``identify`` is "without email"
        del payload["verified"], payload["email"]
    return reply(payload)


@endpoints.route("GET", "/oauth2/applications/@me")
@endpoints.route("GET", "/applications/@me")
async def get_my_application(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    return reply(
        {
            "id": str(state.application_id),
            "name": state.bot.username,
            "icon": None,
            "description": "The Tapp bot (local stand-in)",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 0,
            "owner": state.bot.payload(),
            "team": None,
            "bot": state.bot.payload(),
            "interactions_endpoint_url": None,
            "redirect_uris": list(sandbox_of(request).oauth2.redirect_uris),
            "tags": [],
            "install_params": None,
            "custom_install_url": None,
            "rpc_origins": [],
            "integration_types_config": {"0": {}},
        }
    )


@endpoints.route("GET", "/users/{user_id}")
async def get_user(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    return reply(state.user(snowflake(request, "user_id")).payload())


def _application(request: web.Request) -> int:
    application_id = snowflake(request, "application_id")
    if application_id != sandbox_of(request).state.application_id:
        raise e.DiscordError(403, e.MISSING_ACCESS, "Missing Access")
    return application_id


@endpoints.route("GET", "/applications/{application_id}/commands")
async def list_commands(request: web.Request) -> web.Response:
    _application(request)
    state = sandbox_of(request).state
    return reply([c.payload() for c in state.global_commands.values()])


@endpoints.route("PUT", "/applications/{application_id}/commands")
async def set_commands(request: web.Request) -> web.Response:
    return _bulk_overwrite(request, None)


@endpoints.route("GET", "/applications/{application_id}/guilds/{guild_id}/commands")
async def list_guild_commands(request: web.Request) -> web.Response:
    _application(request)
    state = sandbox_of(request).state
    guild_id = _app_guild(state, snowflake(request, "guild_id")).id
    return reply([c.payload() for c in state.guild_commands.get(guild_id, {}).values()])


@endpoints.route("PUT", "/applications/{application_id}/guilds/{guild_id}/commands")
async def set_guild_commands(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    return _bulk_overwrite(request, _app_guild(state, snowflake(request, "guild_id")).id)


@endpoints.route("GET", "/applications/{application_id}/commands/{command_id}")
async def get_command(request: web.Request) -> web.Response:
    _application(request)
    command = sandbox_of(request).state.global_commands.get(snowflake(request, "command_id"))
    if command is None:
        raise not_found(e.UNKNOWN_APPLICATION_COMMAND, "application command")
    return reply(command.payload())


def _bulk_overwrite(request: web.Request, guild_id: int | None) -> web.Response:
    _application(request)
    state = sandbox_of(request).state
    items = body_of(request).json
    errors = FormErrors()
    check_commands(items, state.limits, errors)
    errors.raise_if_any()
    check_command_counts(items, state.limits)
    return reply([c.payload() for c in state.set_commands(guild_id, items)])


def _app_guild(state: SandboxState, guild_id: int) -> Guild:
    """A guild the application is in: 403 50001 (Missing Access) where it is not."""
    guild = state.guild(guild_id)
    if state.bot.id not in guild.members:
        raise DiscordError(403, MISSING_ACCESS, "Missing Access")
    return guild
