"""Route tables for the REST handlers, keyed by Discord's OpenAPI path templates."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .errors import INVALID_FORM_BODY, DiscordError
from .payloads import Body

if TYPE_CHECKING:
    from .sandbox import Sandbox

Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]
API_PREFIX = "/api/v10"
SANDBOX_KEY: web.AppKey[Any] = web.AppKey("sandbox", object)
BODY_KEY: web.RequestKey[Body] = web.RequestKey("body", Body)
#: the OAuth2 authorization of a request made with a Bearer token (``standin.oauth2.Grant``)
GRANT_KEY: web.RequestKey[Any] = web.RequestKey("grant", object)


@dataclass(frozen=True)
class Endpoint:
    method: str
    template: str  # exactly as in Discord's OpenAPI "paths"
    handler: Handler
    auth: bool  # needs the bot token (webhook and interaction routes do not)
    #: takes an OAuth2 Bearer token besides the bot token: a live one's authorization is
    #: the request's :data:`GRANT_KEY`, any other is refused (401)
    bearer: bool = False
    #: a form-encoded body (OAuth2's token URL) rather than JSON: ``Body.form``
    form: bool = False


class Endpoints:
    """A list of endpoints filled by the ``route`` decorator."""

    def __init__(self) -> None:
        self.items: list[Endpoint] = []

    def route(
        self, method: str, template: str, *, auth: bool = True, bearer: bool = False,
        form: bool = False,
    ) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            self.items.append(Endpoint(method, template, handler, auth, bearer, form))
            return handler

        return register


def sandbox_of(request: web.Request) -> Sandbox:
    return request.app[SANDBOX_KEY]  # type: ignore[no-any-return]


def body_of(request: web.Request) -> Body:
    return request.get(BODY_KEY) or Body()


def snowflake(request: web.Request, name: str) -> int:
    raw = request.match_info[name]
    if not raw.isdigit():
        raise DiscordError(
            400,
            INVALID_FORM_BODY,
            "Invalid Form Body",
            {
                name: {
                    "_errors": [
                        {
                            "code": "NUMBER_TYPE_COERCE",
                            "message": f'Value "{raw}" is not snowflake.',
                        }
                    ]
                }
            },
        )
    return int(raw)


def query_flag(request: web.Request, name: str) -> bool:
    return request.query.get(name, "").lower() in ("1", "true")


def reply(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with Discord's exact ``Content-Type: application/json`` (no charset), which
    discord.py requires before it parses a body."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers=headers,
        content_type="application/json",
    )


def no_content() -> web.Response:
    return web.Response(status=204)
