"""The aiohttp application: REST under ``/api/v10``, the gateway at ``/gateway``, OAuth2's
authorization page at ``/oauth2/authorize`` (:mod:`standin.rest_oauth2`).

Every REST request passes, in order: activity tracking (for settling), Cloudflare's ban
once too many invalid requests were answered (:mod:`standin.invalid_requests`), injected
faults, the bot token check, per-bucket rate limits with Discord's headers, body
parsing and OpenAPI validation, then the handler; a :class:`DiscordError` becomes
Discord's JSON error body. Every answer carries a ``Date`` header on the stand-in's
clock (as issued: ``skew`` included) and is counted if it is invalid. Routes the
stand-in lacks and its own crashes are noted in ``Sandbox.problems`` so tests notice
them.
"""

from __future__ import annotations

import logging
import math
from email.utils import format_datetime
from typing import TYPE_CHECKING

from aiohttp import web

from . import rest_app, rest_channels, rest_interactions, rest_oauth2
from .errors import GENERAL, DiscordError
from .invalid_requests import CLOUDFLARE_BODY
from .payloads import read_body
from .routing import API_PREFIX, BODY_KEY, GRANT_KEY, SANDBOX_KEY, Endpoint, Handler, reply

if TYPE_CHECKING:
    from .sandbox import Sandbox

log = logging.getLogger(__name__)

ENDPOINTS: list[Endpoint] = [
    *rest_app.endpoints.items,
    *rest_interactions.endpoints.items,
    *rest_channels.endpoints.items,
]
#: OAuth2's token URLs: not among the OpenAPI file's paths but its security scheme's
#: ``tokenUrl`` (``/api/oauth2/token``), and under ``/api/v10`` as the docs' examples call it
OAUTH2_ENDPOINTS: list[Endpoint] = rest_oauth2.endpoints.items


def build_app(sandbox: Sandbox) -> web.Application:
    app = web.Application(middlewares=[_discord_middleware], client_max_size=64 * 1024 * 1024)
    app[SANDBOX_KEY] = sandbox
    for endpoint in ENDPOINTS:
        app.router.add_route(endpoint.method, API_PREFIX + endpoint.template, _bind(endpoint))
    for endpoint in OAUTH2_ENDPOINTS:
        for prefix in (API_PREFIX, "/api"):
            app.router.add_route(endpoint.method, prefix + endpoint.template, _bind(endpoint))
    for path in rest_oauth2.AUTHORIZE_PATHS:
        app.router.add_get(path, rest_oauth2.authorize_page)
        app.router.add_post(path, rest_oauth2.authorize_answer)
    app.router.add_get("/gateway", sandbox.gateway.handle)
    app.router.add_get(
        "/attachments/{channel_id}/{attachment_id}/{filename}", rest_channels.get_attachment
    )
    app.router.add_route("*", API_PREFIX + "/{tail:.*}", _unknown_route)
    return app


def _bind(endpoint: Endpoint) -> Handler:
    async def handler(request: web.Request) -> web.StreamResponse:
        return await _serve(request, endpoint)

    return handler


async def _serve(request: web.Request, endpoint: Endpoint) -> web.StreamResponse:
    sandbox: Sandbox = request.app[SANDBOX_KEY]
    headers: dict[str, str] = {"Via": "1.1 google"}
    sandbox.calls[f"{endpoint.method} {endpoint.template}"] += 1
    sandbox.state.thread_life.sweep()
    fault = sandbox.faults.take(endpoint.method, endpoint.template)
    if fault is not None and fault.kind == "rate_limit":
        return _rate_limited(fault.retry_after, fault.is_global, headers, endpoint)
    if fault is not None:
        return reply(
            {"message": f"{fault.status}: injected server error", "code": GENERAL},
            status=fault.status,
            headers=headers,
        )
    authorization = request.headers.get("Authorization", "")
    by_bearer = endpoint.bearer and authorization.startswith("Bearer ")
    if by_bearer:
        grant = sandbox.oauth2.bearer(authorization.removeprefix("Bearer "))
        if grant is None:
            return _unauthorized(headers)
        request[GRANT_KEY] = grant
    elif endpoint.auth and authorization != f"Bot {sandbox.token}":
        return _unauthorized(headers)
    elif endpoint.auth:
        wait = sandbox.rate_limits.hit_global()
        if wait is not None:
            return _rate_limited(wait, True, headers, endpoint)
    allowed, limit_headers = sandbox.rate_limits.hit(
        endpoint.method, endpoint.template, _major(request)
    )
    headers.update(limit_headers)
    if not allowed:
        retry = float(limit_headers["X-RateLimit-Reset-After"])
        return _rate_limited(retry, False, headers, endpoint)
    try:
        body = await read_body(request, form=endpoint.form)
        request[BODY_KEY] = body
        problems = sandbox.validate_body(endpoint.method, endpoint.template, body)
        if problems:
            raise DiscordError(
                400,
                50035,
                "Invalid Form Body (OpenAPI schema)",
                {"_errors": [{"code": "OPENAPI_SCHEMA", "message": p} for p in problems]},
            )
        response = await endpoint.handler(request)
    except DiscordError as error:
        _note_on_interaction(sandbox, request, endpoint, error)
        if not error.via:
            headers.pop("Via", None)
        headers.update(error.headers)
        return reply(error.body(), status=error.status, headers=headers)
    response.headers.update(headers)
    return response


def _unauthorized(headers: dict[str, str]) -> web.Response:
    # as Discord answers a token it does not know: code 0, not 40001
    return reply({"message": "401: Unauthorized", "code": GENERAL}, status=401, headers=headers)


def _note_on_interaction(
    sandbox: Sandbox, request: web.Request, endpoint: Endpoint, error: DiscordError
) -> None:
    """Keep the error on the interaction it concerns, for tests (``InteractionRecord.errors``)."""
    info = request.match_info
    state = sandbox.state
    record = None
    if info.get("interaction_id", "").isdigit():
        record = state.interactions.get(int(info["interaction_id"]))
    elif "webhook_token" in info:
        record = state.tokens.get(info["webhook_token"])
    if record is not None:
        record.errors.append({"route": f"{endpoint.method} {endpoint.template}", **error.body()})
        state.changed()


def _rate_limited(
    retry_after: float, is_global: bool, headers: dict[str, str], endpoint: Endpoint
) -> web.Response:
    """Discord's 429: ``{"message", "retry_after", "global", "code"}``, ``Retry-After`` in
    whole seconds (rounded up), ``X-RateLimit-Scope`` "global" or "user" (per route)."""
    headers = {
        **headers,
        "Retry-After": str(max(1, math.ceil(retry_after))),
        "X-RateLimit-Scope": "global" if is_global else "user",
    }
    if is_global:
        headers["X-RateLimit-Global"] = "true"
    else:
        headers.setdefault("X-RateLimit-Limit", "5")
        headers.setdefault("X-RateLimit-Remaining", "0")
        headers.setdefault("X-RateLimit-Reset-After", f"{retry_after:.3f}")
    body = {
        "message": "You are being rate limited.",
        "retry_after": retry_after,
        "global": is_global,
        "code": GENERAL,
    }
    return reply(body, status=429, headers=headers)


def _major(request: web.Request) -> str:
    info = request.match_info
    for name in ("channel_id", "guild_id"):
        if name in info:
            return f"{name}={info[name]}"
    if "webhook_id" in info:
        return f"webhook={info['webhook_id']}/{info.get('webhook_token', '')}"
    if "interaction_id" in info:
        return f"interaction={info['interaction_id']}"
    return ""


@web.middleware
async def _discord_middleware(request: web.Request, handler: Handler) -> web.StreamResponse:
    sandbox: Sandbox = request.app[SANDBOX_KEY]
    if request.path == "/gateway":
        return await handler(request)
    with sandbox.activity.request():
        invalid = sandbox.invalid
        if invalid.banned():  # Cloudflare's answer: no JSON, no Via
            invalid.refused_by_ban += 1
            response: web.StreamResponse = web.Response(
                status=429, text=CLOUDFLARE_BODY, content_type="text/plain",
                                    headers={"Retry-After": str(invalid.retry_after())})
        else:
            response = await _handle(sandbox, request, handler)
            invalid.note(response.status, response.headers.get("X-RateLimit-Scope"))
        response.headers["Date"] = format_datetime(sandbox.clock.issued(), usegmt=True)
        return response


async def _handle(sandbox: Sandbox, request: web.Request, handler: Handler
                  ) -> web.StreamResponse:
    try:
        return await handler(request)
    except web.HTTPException:
        raise
    except Exception as exc:  # a stand-in bug: make the test see it
        log.exception("stand-in failed on %s %s", request.method, request.path)
        sandbox.problems.append(f"stand-in error on {request.method} {request.path}: {exc!r}")
        # 503, not 500: discord.py would retry a 500 for seconds before giving up.
        return reply({"message": f"stand-in error: {exc!r}", "code": GENERAL}, status=503)


async def _unknown_route(request: web.Request) -> web.Response:
    sandbox: Sandbox = request.app[SANDBOX_KEY]
    sandbox.problems.append(f"no stand-in route for {request.method} {request.path}")
    return reply({"message": "404: Not Found", "code": GENERAL}, status=404)
