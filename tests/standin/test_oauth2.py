"""The stand-in's OAuth2 authorization-code grant, as Discord's OAuth2 page describes it."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any
from urllib.parse import urlsplit

import aiohttp
import pytest

from standin import Actor, Sandbox
from standin.rest_oauth2 import AUTHORIZE_PATHS
from standin.schema import PINNED
from standin.server import OAUTH2_ENDPOINTS

from .oauth import answer, authorize_url, basic_auth, query_of

REDIRECT = "http://127.0.0.1:8080/callback"


@pytest.fixture
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession() as client:
        yield client


@pytest.fixture
def alice(sandbox: Sandbox) -> Actor:
    sandbox.oauth2.register_redirect(REDIRECT)
    guild = sandbox.create_guild()
    return sandbox.create_user("alice", guild, locale="de")


async def exchange(session: aiohttp.ClientSession, sandbox: Sandbox, form: dict[str, str], *,
                   secret: str | None = None, basic: bool = True, path: str | None = None
                   ) -> tuple[int, Any]:
    """POST the token URL (form-encoded), the client by Basic authentication or the form."""
    secret = sandbox.oauth2.client_secret if secret is None else secret
    headers = {"Authorization": basic_auth(sandbox.oauth2.client_id, secret)} if basic else {}
    if not basic:
        form = {**form, "client_id": sandbox.oauth2.client_id, "client_secret": secret}
    url = path or sandbox.api_base + "/oauth2/token"
    async with session.post(url, data=form, headers=headers) as response:
        return response.status, await response.json()


async def code_for(session: aiohttp.ClientSession, sandbox: Sandbox, actor: Actor,
                   scope: str = "identify") -> str:
    location = await answer(session, authorize_url(sandbox, REDIRECT, scope=scope), actor)
    return query_of(location)["code"]


def by_code(code: str, redirect_uri: str = REDIRECT) -> dict[str, str]:
    return {"grant_type": "authorization_code", "code": code, "redirect_uri": redirect_uri}


async def me(session: aiohttp.ClientSession, sandbox: Sandbox, authorization: str
             ) -> tuple[int, Any]:
    headers = {"Authorization": authorization}
    async with session.get(sandbox.api_base + "/users/@me", headers=headers) as response:
        return response.status, await response.json()


async def test_the_code_grant_identifies_the_user_who_authorized(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    location = await answer(session, authorize_url(sandbox, REDIRECT, state="xyz"), alice)
    assert location.startswith(REDIRECT + "?")
    back = query_of(location)
    assert back["state"] == "xyz" and back["code"]
    status, token = await exchange(session, sandbox, by_code(back["code"]))
    assert status == 200, token
    assert token["token_type"] == "Bearer" and token["scope"] == "identify"
    assert token["expires_in"] == 604800 and token["refresh_token"]
    status, user = await me(session, sandbox, f"Bearer {token['access_token']}")
    assert status == 200
    assert user["id"] == str(alice.id) and user["username"] == "alice"
    assert user["locale"] == "de" and "email" not in user  # identify: "without email"
    # the bot token still answers the bot's own user
    status, bot = await me(session, sandbox, f"Bot {sandbox.token}")
    assert status == 200 and bot["id"] == str(sandbox.bot_user_id) and bot["bot"] is True


async def test_the_client_may_authenticate_in_the_form(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    code = await code_for(session, sandbox, alice)
    status, token = await exchange(session, sandbox, by_code(code), basic=False)
    assert status == 200, token


async def test_the_unversioned_token_url_works_too(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    code = await code_for(session, sandbox, alice)
    url = f"http://127.0.0.1:{sandbox.port}/api/oauth2/token"
    status, token = await exchange(session, sandbox, by_code(code), path=url)
    assert status == 200, token


async def test_a_code_works_once_and_its_replay_revokes_its_token(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    code = await code_for(session, sandbox, alice)
    status, token = await exchange(session, sandbox, by_code(code))
    assert status == 200
    bearer = f"Bearer {token['access_token']}"
    assert (await me(session, sandbox, bearer))[0] == 200
    status, error = await exchange(session, sandbox, by_code(code))
    assert (status, error) == (400, {"error": "invalid_grant",
                                     "error_description": 'Invalid "code" in request.'})
    assert (await me(session, sandbox, bearer))[0] == 401


async def test_an_expired_code_is_refused(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    code = await code_for(session, sandbox, alice)
    sandbox.clock.advance(sandbox.oauth2.code_lifetime_s + 1)
    status, error = await exchange(session, sandbox, by_code(code))
    assert status == 400 and error["error"] == "invalid_grant"
    fresh = await code_for(session, sandbox, alice)
    sandbox.clock.advance(sandbox.oauth2.code_lifetime_s - 5)
    assert (await exchange(session, sandbox, by_code(fresh)))[0] == 200


async def test_an_unknown_code_is_refused(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    status, error = await exchange(session, sandbox, by_code("forged"))
    assert status == 400 and error["error"] == "invalid_grant"


async def test_the_redirect_uri_must_be_the_authorizations(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    other = "http://127.0.0.1:8080/elsewhere"
    sandbox.oauth2.register_redirect(other)  # registered, but not this code's
    code = await code_for(session, sandbox, alice)
    status, error = await exchange(session, sandbox, by_code(code, other))
    assert (status, error) == (400, {"error": "invalid_grant",
                                     "error_description": 'Invalid "redirect_uri" in request.'})
    status, error = await exchange(session, sandbox, {"grant_type": "authorization_code",
                                                      "code": code})
    assert status == 400 and error["error"] == "invalid_grant"


@pytest.mark.parametrize("secret", ["wrong", "sandbox-bot-token", ""])
async def test_a_wrong_client_secret_is_invalid_client(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession, secret: str) -> None:
    code = await code_for(session, sandbox, alice)
    for basic in (True, False):
        status, error = await exchange(session, sandbox, by_code(code), secret=secret,
                                       basic=basic)
        assert (status, error) == (401, {"error": "invalid_client"})
    # the code is still good for the real client
    assert (await exchange(session, sandbox, by_code(code)))[0] == 200


async def test_an_unknown_client_id_is_invalid_client(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    code = await code_for(session, sandbox, alice)
    auth = {"Authorization": basic_auth("1234", sandbox.oauth2.client_secret)}
    async with session.post(sandbox.api_base + "/oauth2/token", data=by_code(code),
                            headers=auth) as response:
        assert response.status == 401
        assert await response.json() == {"error": "invalid_client"}


async def test_the_token_url_takes_no_json_and_no_other_grant(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    code = await code_for(session, sandbox, alice)
    auth = {"Authorization": basic_auth(sandbox.oauth2.client_id, sandbox.oauth2.client_secret)}
    async with session.post(sandbox.api_base + "/oauth2/token", json=by_code(code),
                            headers=auth) as response:
        assert response.status == 400
        assert (await response.json())["error"] == "invalid_request"
    status, error = await exchange(session, sandbox, {"grant_type": "password"})
    assert (status, error) == (400, {"error": "unsupported_grant_type"})
    assert (await exchange(session, sandbox, by_code(code)))[0] == 200


async def test_users_me_needs_the_identify_scope(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    code = await code_for(session, sandbox, alice, scope="guilds")
    status, token = await exchange(session, sandbox, by_code(code))
    assert status == 200 and token["scope"] == "guilds"
    status, error = await me(session, sandbox, f"Bearer {token['access_token']}")
    assert (status, error) == (401, {"message": "401: Unauthorized", "code": 0})


async def test_a_bot_token_or_a_dead_one_is_no_bearer_token(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    assert (await me(session, sandbox, f"Bearer {sandbox.token}"))[0] == 401
    assert (await me(session, sandbox, "Bearer made-up"))[0] == 401
    code = await code_for(session, sandbox, alice)
    _, token = await exchange(session, sandbox, by_code(code))
    bearer = f"Bearer {token['access_token']}"
    assert (await me(session, sandbox, bearer))[0] == 200
    sandbox.clock.advance(604_800)
    assert (await me(session, sandbox, bearer))[0] == 401


async def test_a_refresh_token_gives_a_new_token_once(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    _, token = await exchange(session, sandbox, by_code(await code_for(session, sandbox, alice)))
    refresh = {"grant_type": "refresh_token", "refresh_token": token["refresh_token"]}
    status, fresh = await exchange(session, sandbox, refresh)
    assert status == 200 and fresh["access_token"] != token["access_token"]
    status, user = await me(session, sandbox, f"Bearer {fresh['access_token']}")
    assert status == 200 and user["id"] == str(alice.id)
    assert (await exchange(session, sandbox, refresh))[0] == 400


async def test_revoking_a_token_ends_its_authorization(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    _, token = await exchange(session, sandbox, by_code(await code_for(session, sandbox, alice)))
    auth = {"Authorization": basic_auth(sandbox.oauth2.client_id, sandbox.oauth2.client_secret)}
    async with session.post(sandbox.api_base + "/oauth2/token/revoke",
                            data={"token": token["access_token"]}, headers=auth) as response:
        assert response.status == 204
    assert (await me(session, sandbox, f"Bearer {token['access_token']}"))[0] == 401
    refresh = {"grant_type": "refresh_token", "refresh_token": token["refresh_token"]}
    assert (await exchange(session, sandbox, refresh))[0] == 400


async def test_a_wrong_redirect_uri_or_client_is_an_error_page_not_a_redirect(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    for url in (authorize_url(sandbox, "http://evil.example/steal"),
                authorize_url(sandbox, REDIRECT, client_id="1234")):
        async with session.get(url, allow_redirects=False) as page:
            assert page.status == 400
            assert "Location" not in page.headers
            assert "wrong" in await page.text()
    assert query_of(await answer(session, authorize_url(sandbox, REDIRECT), alice))["code"]


async def test_a_wrong_response_type_or_scope_goes_back_as_an_error(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    cases = [(authorize_url(sandbox, REDIRECT, response_type="token"),
              "unsupported_response_type"),
             (authorize_url(sandbox, REDIRECT, scope="identify nonsense"), "invalid_scope"),
             (authorize_url(sandbox, REDIRECT, scope=""), "invalid_scope")]
    for url, expected in cases:
        location = await answer(session, url, alice)
        back = query_of(location)
        assert location.startswith(REDIRECT)
        assert back["error"] == expected and back["state"] == "s-123" and "code" not in back


async def test_cancelling_sends_access_denied_with_the_state(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    location = await answer(session, authorize_url(sandbox, REDIRECT), alice, decision="cancel")
    back = query_of(location)
    assert back["error"] == "access_denied" and back["state"] == "s-123"
    assert "code" not in back


async def test_the_page_asks_for_a_user_of_the_stand_in(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    url = authorize_url(sandbox, REDIRECT)
    async with session.get(url) as page:
        text = await page.text()
    assert f'<option value="{alice.id}">alice</option>' in text
    assert f'<option value="{sandbox.bot_user_id}"' not in text
    fields = {**query_of(url), "decision": "authorize", "user": str(sandbox.bot_user_id)}
    async with session.post(url.split("?")[0], data=fields, allow_redirects=False) as sent:
        assert sent.status == 400  # the bot cannot sign in


async def test_the_application_lists_its_redirect_uris(
        sandbox: Sandbox, alice: Actor, session: aiohttp.ClientSession) -> None:
    headers = {"Authorization": f"Bot {sandbox.token}"}
    async with session.get(sandbox.api_base + "/applications/@me", headers=headers) as reply:
        assert (await reply.json())["redirect_uris"] == [REDIRECT]


def test_the_urls_are_those_of_discords_openapi_security_scheme() -> None:
    """The token URL is not among the OpenAPI file's paths but its OAuth2 scheme's
    ``tokenUrl`` (the authorization URL its ``authorizationUrl``, which Discord's OAuth2
    page now gives as ``https://discord.com/oauth2/authorize``)."""
    document = json.loads(PINNED.read_text(encoding="utf-8"))
    flow = document["components"]["securitySchemes"]["OAuth2"]["flows"]["authorizationCode"]
    assert urlsplit(flow["tokenUrl"]).path == "/api/oauth2/token"
    assert urlsplit(flow["authorizationUrl"]).path in AUTHORIZE_PATHS
    assert "/oauth2/authorize" in AUTHORIZE_PATHS
    assert {(e.method, e.template) for e in OAUTH2_ENDPOINTS} == {
        ("POST", "/oauth2/token"), ("POST", "/oauth2/token/revoke")}
    assert "identify" in flow["scopes"]
