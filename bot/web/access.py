"""Who may see a server's pages: its ``web`` setting (off, public, members), and for
members-only pages the signed-in visitor, checked against what the bot knows of the
server (someone who has played there), never by asking Discord.

The sign-in itself is an :class:`Identity` given to the app: it says which Discord user
a request comes from and adds its own routes (``/login`` ...). Without one
(:data:`SIGNED_OUT`) every visitor is signed out, so members-only pages are refused.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from aiohttp import web

from bot.settings import Settings, WebAccess
from bot.store import Store
from bot.store.rows import MAX_ROWID

from .errors import MembersOnly, NotFound, SignInNeeded


class Identity(Protocol):
    """The sign-in (``bot.web.auth.identity(settings)`` gives one: Discord's OAuth2)."""

    async def signed_in_user(self, request: web.Request, /) -> int | None:
        """The Discord user id of the signed-in visitor (None: signed out)."""
        ...

    async def signed_in_name(self, request: web.Request, /) -> str | None:
        """The signed-in visitor's name, as each page's header shows it (None: signed
        out)."""
        ...

    def add_routes(self, app: web.Application, /) -> None:
        """Add the sign-in's own routes to ``app``."""
        ...


class SignedOut:
    """No sign-in: every visitor is signed out; no routes."""

    async def signed_in_user(self, request: web.Request, /) -> int | None:
        return None

    async def signed_in_name(self, request: web.Request, /) -> str | None:
        return None

    def add_routes(self, app: web.Application, /) -> None:
        return None


SIGNED_OUT: Identity = SignedOut()


def known_id(text: str) -> int:
    """A server's, member's or deal's id from a path: digits within the store's range,
    else :class:`NotFound` (a forged id is unknown, not an error)."""
    if not text.isascii() or not text.isdigit() or len(text) > 19:
        raise NotFound()
    value = int(text)
    if not 0 < value <= MAX_ROWID:
        raise NotFound()
    return value


@dataclass(frozen=True, slots=True)
class Admission:
    """A visitor let in to a server's pages: the server's settings (``web`` says how
    it shows them), and who the visitor is (None: signed out)."""

    guild_id: int
    settings: Settings
    visitor: int | None

    @property
    def access(self) -> WebAccess:
        return self.settings.web


async def admit(store: Store, guild_id: int, visitor: int | None) -> Admission:
    """Let the visitor see the server's pages, or refuse: :class:`NotFound` where the
    server shows nothing (``off``, the default, as for a server the bot never saw),
    :class:`SignInNeeded` and :class:`MembersOnly` on a members-only server."""
    settings = await store.settings.for_guild(guild_id)
    access = settings.web
    if access is WebAccess.OFF:
        raise NotFound()
    if access is WebAccess.MEMBERS:
        if visitor is None:
            raise SignInNeeded()
        if not await store.people.knows(guild_id, visitor):
            raise MembersOnly()
    return Admission(guild_id, settings, visitor)
