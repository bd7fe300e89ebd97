"""Pointing the real, unchanged discord.py at a stand-in: the one place that does it.

discord.py reads two class attributes for where Discord is: ``discord.http.Route.BASE``
for REST and ``DiscordWebSocket.DEFAULT_GATEWAY`` for the gateway (a plain ``Client``
connects there directly; after READY it uses ``resume_gateway_url``, which the stand-in
sets to itself). Only tests and the demo use this.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1"})


def _require_loopback(url: str) -> None:
    host = urlsplit(url).hostname
    if host not in LOOPBACK:
        raise ValueError(f"refusing to point discord.py at a non-loopback address: {url}")


@contextmanager
def discord_pointed_at(api_base: str, gateway_url: str) -> Iterator[None]:
    """Within the block, discord.py talks to ``api_base`` and ``gateway_url``."""
    _require_loopback(api_base)
    _require_loopback(gateway_url)
    old_base, old_gateway = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old_base, old_gateway
