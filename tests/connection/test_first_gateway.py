"""The first gateway connection: its failure ends the bot with the cause (not discord.py's
retry as a resume of a session it never had); once connected, a failure is discord.py's
to retry, as before."""

from __future__ import annotations

import asyncio
import socket
from typing import Any

import aiohttp
import pytest

from bot.connection.first_gateway import GatewayUnreachable, cause, fail_first_connection


class FakeHttp:
    """``ws_connect`` answering from a script: an exception to raise, or a socket."""

    def __init__(self, *answers: Any) -> None:
        self.answers = list(answers)

    async def ws_connect(self, url: str, **kwargs: Any) -> Any:
        answer = self.answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        if answer == "hang":
            await asyncio.sleep(60)
        return answer


async def test_a_first_connection_that_fails_raises_with_its_cause() -> None:
    http = FakeHttp(ConnectionRefusedError(111, "Connect call failed"))
    fail_first_connection(http)  # type: ignore[arg-type]
    with pytest.raises(GatewayUnreachable) as unreachable:
        await http.ws_connect("ws://127.0.0.1:9/gateway?v=10")
    assert str(unreachable.value) == "the gateway ws://127.0.0.1:9/gateway: Connection refused"
    assert not isinstance(unreachable.value, OSError | aiohttp.ClientError)  # not retried


async def test_a_first_connection_without_an_answer_times_out() -> None:
    http = FakeHttp("hang")
    fail_first_connection(http, timeout=0.05)  # type: ignore[arg-type]
    with pytest.raises(GatewayUnreachable, match="no answer in time"):
        await http.ws_connect("wss://gateway.example/")


async def test_once_connected_a_failure_is_discord_pys_to_retry() -> None:
    """A bot that loses its network later reconnects (discord.py), it does not stop."""
    lost = aiohttp.ClientConnectionError("lost")
    http = FakeHttp("socket", lost)
    fail_first_connection(http)  # type: ignore[arg-type]
    assert await http.ws_connect("wss://gateway.example/") == "socket"
    with pytest.raises(aiohttp.ClientConnectionError) as failed:
        await http.ws_connect("wss://gateway.example/")
    assert failed.value is lost


def test_a_name_that_does_not_resolve_is_said_so() -> None:
    error = socket.gaierror(-2, "Name or service not known")
    assert cause(error) == "host name not found (DNS): Name or service not known"
    assert cause(TimeoutError()) == "no answer in time"
