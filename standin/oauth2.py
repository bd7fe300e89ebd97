"""Discord's OAuth2 authorization-code grant, as its "OAuth2" documentation describes it
(``docs/topics/oauth2``: the authorization URL, the token URL, the access token
response, ``state``) and RFC 6749 requires where Discord's page defers to it.

The application is the stand-in's one bot application: its ``client_id`` is the
application's id, its secret :attr:`OAuth2.client_secret`, its redirect URIs those a test
registers (:meth:`OAuth2.register_redirect`, as in the developer portal's OAuth2 page).

- **Authorize** (``GET /oauth2/authorize``, :mod:`standin.rest_oauth2`): the client id
  and redirect URI are checked first and a wrong one is an error page, never a redirect
  (RFC 6749 4.1.2.1); then ``response_type=code`` and the scopes (a wrong one is
  redirected back as ``error=...``). The page asks who is at the browser (a select of the
  stand-in's users: the stand-in's stand-in for being signed in to Discord) and offers
  *Authorize* and *Cancel*; the answer redirects to the redirect URI with ``code`` and
  the ``state`` sent (or ``error=access_denied``).
- **Token** (``POST /api/v10/oauth2/token`` and ``/api/oauth2/token``): form-encoded only,
  the client by HTTP Basic authentication or ``client_id`` and ``client_secret`` in the
  form (a wrong one: 401 ``invalid_client``), ``grant_type=authorization_code`` with a
  code used once (a replayed one is refused and the tokens it gave revoked, RFC 6749
  4.1.2) within :attr:`OAuth2.code_lifetime_s` on the stand-in's clock and the very
  redirect URI it was issued for (400 ``invalid_grant``), or ``refresh_token``.
- **Bearer tokens**: ``GET /api/v10/users/@me`` answers the token's user when it has
  the ``identify`` scope (the OpenAPI file's security for that route: the bot token or
  OAuth2 ``identify``), 401 otherwise or once it expired or was revoked.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING
from urllib.parse import urlencode, urlsplit, urlunsplit

if TYPE_CHECKING:
    from .clock import Clock
    from .models import User
    from .state import SandboxState

#: the scopes of Discord's OAuth2 page (its "OAuth2 Scopes" table)
SCOPES = frozenset({
    "activities.read", "activities.write", "applications.builds.read",
    "applications.builds.upload", "applications.commands", "applications.commands.update",
    "applications.commands.permissions.update", "applications.entitlements",
    "applications.store.update", "bot", "connections", "dm_channels.read", "email",
    "gdm.join", "guilds", "guilds.join", "guilds.members.read", "identify",
    "messages.read", "relationships.read", "role_connections.write", "rpc",
    "rpc.activities.write", "rpc.notifications.read", "rpc.voice.read", "rpc.voice.write",
    "voice", "webhook.incoming", "openid",
})
#: seconds an access token lives (the documentation's ``expires_in``: 7 days)
TOKEN_LIFETIME_S = 604_800
#: seconds a code may wait for its exchange: Discord does not publish its figure; this is
#: RFC 6749's recommended maximum (4.1.2: "a maximum authorization code lifetime of 10
#: minutes is RECOMMENDED")
CODE_LIFETIME_S = 600.0


class OAuth2Error(Exception):
    """An RFC 6749 error (5.2): ``{"error": ..., "error_description": ...}`` with a status."""

    def __init__(self, status: int, error: str, description: str | None = None) -> None:
        super().__init__(f"{status} {error}: {description}")
        self.status = status
        self.error = error
        self.description = description

    def body(self) -> dict[str, str]:
        body = {"error": self.error}
        if self.description is not None:
            body["error_description"] = self.description
        return body


class AuthorizePageError(Exception):
    """An authorization request that must not be redirected back (a wrong client id or
    redirect URI): the page says so to the person at the browser."""


@dataclass(frozen=True)
class Request:
    """A checked authorization request: where to send the answer and what is asked."""

    redirect_uri: str
    scopes: tuple[str, ...]
    state: str | None

    def redirect(self, **values: str) -> str:
        """The redirect URI with ``values`` and the ``state`` added to its query."""
        if self.state is not None:
            values["state"] = self.state
        parts = urlsplit(self.redirect_uri)
        query = "&".join(q for q in (parts.query, urlencode(values)) if q)
        return urlunsplit(parts._replace(query=query))


@dataclass
class Grant:
    """What one person authorized: a code, then the tokens exchanged for it."""

    user_id: int
    scopes: tuple[str, ...]
    redirect_uri: str
    issued_at: datetime
    code: str
    exchanged: bool = False
    tokens: list[str] = field(default_factory=list)


@dataclass
class Token:
    access_token: str
    refresh_token: str
    grant: Grant
    expires_at: datetime
    revoked: bool = False


class OAuth2:
    """The OAuth2 side of the stand-in's one application."""

    def __init__(self, state: SandboxState, clock: Clock, *, client_secret: str) -> None:
        self.state = state
        self.clock = clock
        self.client_secret = client_secret
        #: redirect URIs registered for the application (the developer portal's list)
        self.redirect_uris: list[str] = []
        self.code_lifetime_s = CODE_LIFETIME_S
        self.token_lifetime_s = TOKEN_LIFETIME_S
        self._codes: dict[str, Grant] = {}
        self._access: dict[str, Token] = {}
        self._refresh: dict[str, Token] = {}
        #: every token request's answer, in order (``"ok"`` or the error's name), for tests
        self.exchanges: list[str] = []

    @property
    def client_id(self) -> str:
        return str(self.state.application_id)

    def register_redirect(self, uri: str) -> None:
        """Add ``uri`` to the application's redirect URIs (matched exactly, as Discord does)."""
        if uri not in self.redirect_uris:
            self.redirect_uris.append(uri)

    # -- authorize -----------------------------------------------------------------------------
    def check_request(self, query: dict[str, str]) -> Request:
        """The authorization request's client and redirect URI (:class:`AuthorizePageError`
        when wrong: no redirect), then its response type and scopes (a
        :class:`RedirectedError` when wrong: sent back to the redirect URI)."""
        if query.get("client_id") != self.client_id:
            raise AuthorizePageError("Unknown Application")
        redirect_uri = query.get("redirect_uri")
        if redirect_uri is None and len(self.redirect_uris) == 1:
            redirect_uri = self.redirect_uris[0]
        if redirect_uri is None or redirect_uri not in self.redirect_uris:
            raise AuthorizePageError("Invalid OAuth2 redirect_uri")
        scopes = tuple(query.get("scope", "").split())
        request = Request(redirect_uri, scopes, query.get("state"))
        if query.get("response_type") != "code":
            raise RedirectedError(request, "unsupported_response_type",
                                  "The authorization server does not support obtaining an "
                                  "authorization code using this method.")
        if not scopes or any(s not in SCOPES for s in scopes):
            raise RedirectedError(request, "invalid_scope",
                                  "The requested scope is invalid, unknown, or malformed.")
        return request

    def approve(self, request: Request, user: User) -> str:
        """``user`` authorized ``request``: the URL their browser is sent to, with a code."""
        code = secrets.token_urlsafe(22)
        self._codes[code] = Grant(user.id, request.scopes, request.redirect_uri,
                                  self.clock.now(), code)
        self.state.changed()
        return request.redirect(code=code)

    @staticmethod
    def deny(request: Request) -> str:
        """The person cancelled: the URL their browser is sent to."""
        return request.redirect(error="access_denied",
                                error_description="The resource owner or authorization "
                                "server denied the request")

    # -- token ---------------------------------------------------------------------------------
    def exchange(self, form: dict[str, str], basic: tuple[str, str] | None) -> dict[str, object]:
        """The token endpoint: the access token response, or :class:`OAuth2Error`."""
        try:
            answer = self._exchange(form, basic)
        except OAuth2Error as error:
            self.exchanges.append(error.error)
            raise
        self.exchanges.append("ok")
        return answer

    def _exchange(self, form: dict[str, str], basic: tuple[str, str] | None
                  ) -> dict[str, object]:
        self.exchange_client(form, basic)
        grant_type = form.get("grant_type")
        if grant_type == "authorization_code":
            return self._by_code(form)
        if grant_type == "refresh_token":
            return self._by_refresh(form)
        raise OAuth2Error(400, "unsupported_grant_type")

    def exchange_client(self, form: dict[str, str], basic: tuple[str, str] | None) -> None:
        """The client's credentials, by HTTP Basic authentication or in the form (Discord:
        "either HTTP Basic authentication or ``client_id`` and ``client_secret`` supplied in
        the form data body"): 401 ``invalid_client`` unless they are the application's."""
        client_id, secret = basic or (form.get("client_id", ""), form.get("client_secret", ""))
        if client_id != self.client_id or not secrets.compare_digest(
                secret.encode(), self.client_secret.encode()):
            raise OAuth2Error(401, "invalid_client")

    def _by_code(self, form: dict[str, str]) -> dict[str, object]:
        grant = self._codes.get(form.get("code", ""))
        if grant is None:
            raise OAuth2Error(400, "invalid_grant", 'Invalid "code" in request.')
        if grant.exchanged:  # RFC 6749 4.1.2: refuse, and revoke what it gave
            for access in grant.tokens:
                self._access[access].revoked = True
            raise OAuth2Error(400, "invalid_grant", 'Invalid "code" in request.')
        age = (self.clock.now() - grant.issued_at).total_seconds()
        if age > self.code_lifetime_s:
            raise OAuth2Error(400, "invalid_grant", 'Invalid "code" in request.')
        if form.get("redirect_uri") != grant.redirect_uri:
            raise OAuth2Error(400, "invalid_grant", 'Invalid "redirect_uri" in request.')
        grant.exchanged = True
        return self._issue(grant)

    def _by_refresh(self, form: dict[str, str]) -> dict[str, object]:
        old = self._refresh.pop(form.get("refresh_token", ""), None)  # used once
        if old is None or old.revoked:
            raise OAuth2Error(400, "invalid_grant", 'Invalid "refresh_token" in request.')
        return self._issue(old.grant)

    def _issue(self, grant: Grant) -> dict[str, object]:
        token = Token(secrets.token_urlsafe(22), secrets.token_urlsafe(22), grant,
                      self.clock.now() + timedelta(seconds=self.token_lifetime_s))
        self._access[token.access_token] = token
        self._refresh[token.refresh_token] = token
        grant.tokens.append(token.access_token)
        return {
            "access_token": token.access_token,
            "token_type": "Bearer",
            "expires_in": self.token_lifetime_s,
            "refresh_token": token.refresh_token,
            "scope": " ".join(grant.scopes),
        }

    def revoke(self, value: str) -> None:
        """Revoke an access or refresh token and every token of its authorization."""
        token = self._access.get(value) or self._refresh.get(value)
        if token is None:
            return
        for access in token.grant.tokens:
            self._access[access].revoked = True

    # -- bearer tokens -------------------------------------------------------------------------
    def live_tokens(self) -> list[Grant]:
        """The authorizations of every access token still usable (not expired, not
        revoked), one per token."""
        return [token.grant for value, token in self._access.items()
                if self.bearer(value) is not None]

    def bearer(self, access_token: str) -> Grant | None:
        """The authorization behind a live access token (None: unknown, expired, revoked)."""
        token = self._access.get(access_token)
        if token is None or token.revoked or self.clock.now() >= token.expires_at:
            return None
        return token.grant


class RedirectedError(OAuth2Error):
    """An authorization request error sent back to the client's redirect URI."""

    def __init__(self, request: Request, error: str, description: str) -> None:
        super().__init__(302, error, description)
        self.request = request

    def location(self) -> str:
        assert self.description is not None
        return self.request.redirect(error=self.error, error_description=self.description)
