"""OAuth2's URLs (the model and its checks are in :mod:`standin.oauth2`): the
authorization page a browser is sent to, and the token URL a web server calls."""

from __future__ import annotations

import base64
import binascii
import html

from aiohttp import web

from .oauth2 import AuthorizePageError, OAuth2Error, RedirectedError, Request
from .routing import SANDBOX_KEY, Endpoints, body_of, no_content, reply, sandbox_of

endpoints = Endpoints()

#: where Discord's documentation puts the authorization URL (and the older form the
#: OpenAPI file's security scheme names)
AUTHORIZE_PATHS = ("/oauth2/authorize", "/api/oauth2/authorize")


@endpoints.route("POST", "/oauth2/token", auth=False, form=True)
async def token(request: web.Request) -> web.Response:
    oauth2 = sandbox_of(request).oauth2
    try:
        return reply(oauth2.exchange(_form(request), _basic(request)))
    except OAuth2Error as error:
        return _error(error)


@endpoints.route("POST", "/oauth2/token/revoke", auth=False, form=True)
async def revoke(request: web.Request) -> web.Response:
    oauth2 = sandbox_of(request).oauth2
    try:
        form = _form(request)
        oauth2.exchange_client(form, _basic(request))
    except OAuth2Error as error:
        return _error(error)
    oauth2.revoke(form.get("token", ""))
    return no_content()


def _form(request: web.Request) -> dict[str, str]:
    form = body_of(request).form
    if form is None:  # the documentation: "JSON content is not permitted"
        raise OAuth2Error(400, "invalid_request",
                          "The token URL accepts application/x-www-form-urlencoded only.")
    return form


def _basic(request: web.Request) -> tuple[str, str] | None:
    """The client id and secret of HTTP Basic authentication (None: not used)."""
    header = request.headers.get("Authorization", "")
    if not header.startswith("Basic "):
        return None
    try:
        decoded = base64.b64decode(header[6:], validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        raise OAuth2Error(401, "invalid_client") from None
    client_id, _, secret = decoded.partition(":")
    return client_id, secret


def _error(error: OAuth2Error) -> web.Response:
    headers = {"WWW-Authenticate": 'Basic realm="discord"'} if error.status == 401 else None
    return reply(error.body(), status=error.status, headers=headers)


# -- the authorization page (HTML, for a browser) -------------------------------------------
async def authorize_page(request: web.Request) -> web.Response:
    """``GET /oauth2/authorize``: check the request, then ask who authorizes."""
    oauth2 = request.app[SANDBOX_KEY].oauth2
    try:
        checked = oauth2.check_request(dict(request.query))
    except AuthorizePageError as error:
        return _page(str(error), "<p>The application's link is wrong.</p>", status=400)
    except RedirectedError as error:
        raise web.HTTPFound(error.location()) from None
    return _page("Authorize access to your account", _consent(request, checked))


async def authorize_answer(request: web.Request) -> web.Response:
    """``POST /oauth2/authorize``: the person's answer, sent back to the redirect URI."""
    sandbox = request.app[SANDBOX_KEY]
    form = {key: str(value) for key, value in (await request.post()).items()}
    try:
        checked = sandbox.oauth2.check_request(form)
    except AuthorizePageError as error:
        return _page(str(error), "<p>The application's link is wrong.</p>", status=400)
    except RedirectedError as error:
        raise web.HTTPFound(error.location()) from None
    if form.get("decision") != "authorize":
        raise web.HTTPFound(sandbox.oauth2.deny(checked))
    user = sandbox.state.users.get(int(form["user"])) if form.get("user", "").isdigit() else None
    if user is None or user.bot:
        return _page("Who are you?", "<p>Choose a user of the stand-in.</p>", status=400)
    raise web.HTTPFound(sandbox.oauth2.approve(checked, user))


def _consent(request: web.Request, checked: Request) -> str:
    sandbox = request.app[SANDBOX_KEY]
    hidden = "".join(
        f'<input type="hidden" name="{html.escape(key)}" value="{html.escape(value)}">'
        for key, value in request.query.items()
    )
    users = "".join(
        f'<option value="{user.id}">{html.escape(user.username)}</option>'
        for user in sandbox.state.users.values() if not user.bot
    )
    scopes = "".join(f"<li>{html.escape(scope)}</li>" for scope in checked.scopes)
    return (
        f"<p>{html.escape(sandbox.state.bot.username)} asks for:</p><ul>{scopes}</ul>"
        f'<form method="post" action="{AUTHORIZE_PATHS[0]}">{hidden}'
        '<label for="user">Signed in to Discord as</label> '
        f'<select id="user" name="user">{users}</select> '
        '<button type="submit" name="decision" value="authorize">Authorize</button> '
        '<button type="submit" name="decision" value="cancel">Cancel</button></form>'
    )


def _page(title: str, content: str, *, status: int = 200) -> web.Response:
    return web.Response(
        text=(f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
              f"<title>{html.escape(title)}</title></head>"
              f"<body><main><h1>{html.escape(title)}</h1>{content}</main></body></html>"),
        status=status,
        content_type="text/html",
    )
