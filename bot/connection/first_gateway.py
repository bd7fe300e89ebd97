"""The bot's first gateway connection: a failure stops the bot with its cause.

discord.py retries a gateway connection that failed as a resume of the session it had;
before the first connection there is none, and the retry fails on it (``AttributeError:
'NoneType' object has no attribute 'sequence'``) after logging the first failure with a
traceback. REST may work while the gateway cannot be reached (a proxy as the API root, a
firewall that lets only some hosts through), so until one gateway connection has been
made, a failure to connect raises :class:`GatewayUnreachable`, which discord.py does not
retry: the command line says what failed in one line (:mod:`bot.cli.run`). Once
connected, every later reconnection is discord.py's own.
"""

from __future__ import annotations

import asyncio
import os
import socket
from typing import Any

import aiohttp
import discord

#: seconds the first connection may take (discord.py sets no connect timeout of its own)
FIRST_TIMEOUT = 30.0


class GatewayUnreachable(discord.DiscordException):
    """The first gateway connection failed; the message says where and why. (Not one of
    the errors discord.py's reconnection loop catches: it ends the bot.)"""


def fail_first_connection(http: discord.http.HTTPClient,
                          timeout: float = FIRST_TIMEOUT) -> None:
    """Until a gateway connection of ``http`` succeeds, its failures (no answer in
    ``timeout`` s included) raise :class:`GatewayUnreachable`."""
    connect = http.ws_connect
    connected = False

    async def first(url: str, **kwargs: Any) -> aiohttp.ClientWebSocketResponse:
        nonlocal connected
        if connected:
            return await connect(url, **kwargs)
        try:
            async with asyncio.timeout(timeout):
                socket_ = await connect(url, **kwargs)
        except (OSError, aiohttp.ClientError, TimeoutError) as error:
            raise GatewayUnreachable(
                f"{_where(url, error)}: {cause(error)}") from error
        connected = True
        return socket_

    http.ws_connect = first  # type: ignore[method-assign]


def cause(error: BaseException) -> str:
    """Why a connection failed, in words (no traceback: there is nothing to debug)."""
    if isinstance(error, aiohttp.ClientConnectorError):
        return reason(error.os_error)
    if isinstance(error, aiohttp.WSServerHandshakeError):
        return f"no gateway there (HTTP {error.status} {error.message})".rstrip()
    if isinstance(error, TimeoutError):
        return "no answer in time"
    if isinstance(error, OSError):
        return reason(error)
    return str(error) or type(error).__name__


def reason(error: OSError) -> str:
    """An OS error in words: a name that does not resolve says so (its errno is the
    resolver's, which ``os.strerror`` does not know: "Unknown error -2")."""
    if isinstance(error, socket.gaierror):
        return f"host name not found (DNS): {error.strerror or error}"
    if error.errno and error.errno > 0:
        return os.strerror(error.errno)
    return error.strerror or str(error) or type(error).__name__


def _where(url: str, error: BaseException) -> str:
    if isinstance(error, aiohttp.ClientConnectorError):
        return f"the gateway {error.host}:{error.port}"
    return f"the gateway {url.split('?', 1)[0]}"
