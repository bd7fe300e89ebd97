"""``/healthz``'s verdicts on their own (the e2e tests drive them through a real bot): a
database that hangs is asked once, however often the check runs meanwhile."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.ops import server
from bot.ops.server import Health
from bot.store.errors import StoreUnavailable


class Database:
    def __init__(self) -> None:
        self.pings = 0
        self.answer = asyncio.Event()
        self.error: Exception | None = None

    async def ping(self) -> None:
        self.pings += 1
        await self.answer.wait()
        if self.error is not None:
            raise self.error


class Socket:
    closed = False


class Bot:
    """What the check reads of a bot: its gateway state and its database."""

    def __init__(self) -> None:
        self.database = Database()
        self.ws = type("Ws", (), {"socket": Socket()})()
        self.ready = True

    def is_ready(self) -> bool:
        return self.ready

    def is_closed(self) -> bool:
        return False


async def test_a_hanging_database_is_asked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server, "DATABASE_TIMEOUT", 0.05)
    bot = Bot()
    health = Health(bot)  # type: ignore[arg-type]
    verdicts = await asyncio.gather(*(health.check() for _ in range(3)))
    verdicts.append(await health.check())
    assert bot.database.pings == 1
    assert all(v == (False, {"gateway": "connected",
                             "database": "unreachable: no answer within 0.05 s"})
               for v in verdicts)
    bot.database.answer.set()  # it answers at last: that answer is the next check's
    assert await health.check() == (True, {"gateway": "connected",
                                           "database": "reachable"})
    assert bot.database.pings == 1
    assert (await health.check())[0] is True and bot.database.pings == 2  # asked anew


async def test_the_verdicts(monkeypatch: pytest.MonkeyPatch) -> None:
    bot: Any = Bot()
    health = Health(bot)
    bot.database.answer.set()
    bot.database.error = StoreUnavailable("could not connect to server at db.example")
    assert await health.check() == (False, {"gateway": "connected",
                                            "database": "unreachable: StoreUnavailable"})
    bot.database.error = None
    bot.ws.socket.closed = True  # reconnecting
    assert await health.check() == (False, {"gateway": "disconnected",
                                            "database": "reachable"})
    bot.ws.socket.closed, bot.ready = False, False  # not ready yet
    assert (await health.check())[0] is False
    bot.ready, bot.database = True, None  # a bot run without a store
    assert await health.check() == (True, {"gateway": "connected", "database": "none"})
    health.stop()
