"""A small world of servers for the web pages, on each store backend, and a test client
of the web application (real aiohttp, on a local port).

    server 1  public: a zuger table of 11, 12, a computer and 14 with two settled deals
              and a third deal in play (a few actions in)
    server 2  members only: a dapp table of 21, 22 and a computer, one settled deal
    server 3  off (the default): a zuger table of 31..34, one settled deal
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.config import WebSettings
from bot.engine import Deal
from bot.store import DealRow, SettledDeal, Store
from bot.web import SIGNED_OUT, Identity, create_app
from tests.conftest import open_store
from tests.store.helpers import log_actions, new_game, play_deal, scripted_entries, start_deal

PUBLIC, MEMBERS, OFF = 1, 2, 3
#: a cookie the tests' sign-in reads (the real sign-in is bot.web.auth's)
TEST_USER = "test_user"


class CookieIdentity:
    """Signed in as the user id in the ``test_user`` cookie (tests only)."""

    async def signed_in_user(self, request: web.Request, /) -> int | None:
        text = request.cookies.get(TEST_USER, "")
        return int(text) if text.isdigit() else None

    async def signed_in_name(self, request: web.Request, /) -> str | None:
        user = await self.signed_in_user(request)
        return None if user is None else f"user {user}"

    def add_routes(self, app: web.Application, /) -> None:
        return None


@dataclass
class World:
    settled: list[SettledDeal]  # server 1's, in order
    in_play: DealRow  # server 1's deal in play
    in_play_deal: Deal
    members_deal: SettledDeal  # server 2's
    off_deal: SettledDeal  # server 3's


async def build_world(store: Store) -> World:
    await store.settings.set_guild(PUBLIC, {"web": "public"})
    await store.settings.set_guild(MEMBERS, {"web": "members"})
    game = await new_game(store, "zuger", guild_id=PUBLIC, users=[11, 12, None, 14], seed=5)
    settled = [await play_deal(store, game), await play_deal(store, game)]
    row, deal = await start_deal(store, game)
    await log_actions(store, row, deal, scripted_entries(deal, game.rng)[:6])
    members = await new_game(store, "dapp", guild_id=MEMBERS, channel_id=200,
                             users=[21, 22, None], seed=6)
    members_deal = await play_deal(store, members)
    off = await new_game(store, "zuger", guild_id=OFF, channel_id=300,
                         users=[31, 32, 33, 34], seed=7)
    off_deal = await play_deal(store, off)
    return World(settled, row, deal, members_deal, off_deal)


@pytest.fixture
async def store(request: pytest.FixtureRequest, backend: str) -> AsyncIterator[Store]:
    async with open_store(request, backend) as s:
        yield s


@pytest.fixture
async def world(store: Store) -> World:
    return await build_world(store)



@pytest.fixture
async def client(store: Store, world: World) -> AsyncIterator[TestClient]:
    """A client of the pages, signed in by the ``test_user`` cookie."""
    async with serving(store, CookieIdentity()) as c:
        yield c


class serving:
    """``async with serving(store) as client``: the pages of ``store`` on a local port,
    each made for its request (``page_seconds``: kept that long for every visitor, as
    deployed)."""

    def __init__(self, store: Store, identity: Identity = SIGNED_OUT, *,
                 page_seconds: float = 0.0) -> None:
        self.app = create_app(store, WebSettings(), identity=identity,
                              page_seconds=page_seconds)
        self._client = TestClient(TestServer(self.app))

    async def __aenter__(self) -> TestClient:
        await self._client.start_server()
        return self._client

    async def __aexit__(self, *exc: object) -> None:
        await self._client.close()
