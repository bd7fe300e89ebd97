"""Going through the stand-in's OAuth2 authorization page as a browser does, over HTTP."""

from __future__ import annotations

from base64 import b64encode
from urllib.parse import parse_qs, urlencode, urlsplit

import aiohttp

from standin import Actor, Sandbox


def authorize_url(sandbox: Sandbox, redirect_uri: str, *, scope: str = "identify",
                  state: str | None = "s-123", **extra: str) -> str:
    query = {"client_id": sandbox.oauth2.client_id, "redirect_uri": redirect_uri,
             "response_type": "code", "scope": scope, **extra}
    if state is not None:
        query["state"] = state
    return f"http://127.0.0.1:{sandbox.port}/oauth2/authorize?{urlencode(query)}"


async def answer(session: aiohttp.ClientSession, url: str, actor: Actor | None, *,
                 decision: str = "authorize") -> str:
    """Open the authorization page at ``url`` and answer it as ``actor``: the
    ``Location`` the stand-in sends the browser to (its page must offer the form)."""
    async with session.get(url, allow_redirects=False) as page:
        if page.status == 302:
            return page.headers["Location"]
        assert page.status == 200, await page.text()
        assert 'name="decision" value="authorize"' in await page.text()
    form = dict(parse_qs(urlsplit(url).query, keep_blank_values=True))
    fields = {key: values[0] for key, values in form.items()}
    fields["decision"] = decision
    if actor is not None:
        fields["user"] = str(actor.id)
    async with session.post(url.split("?")[0], data=fields, allow_redirects=False) as sent:
        assert sent.status == 302, await sent.text()
        return sent.headers["Location"]


def query_of(location: str) -> dict[str, str]:
    return {key: values[0] for key, values in parse_qs(urlsplit(location).query).items()}


def basic_auth(client_id: str, secret: str) -> str:
    """HTTP Basic authentication's ``Authorization`` value."""
    return "Basic " + b64encode(f"{client_id}:{secret}".encode()).decode("ascii")
