"""Heartbeat latency timed from before the heartbeat goes out.

discord.py (2.7.1, the latest release) stamps a heartbeat's send time on its keep-alive
thread only once the event loop has sent it. When the acknowledgement is read before
that thread wakes (a gateway on the same host or a gateway proxy answers within a
millisecond, and a busy loop keeps the thread from the GIL), the loop reads the previous
heartbeat's stamp: ``bot.latency``, and with it ``tapp_gateway_latency_seconds``, shows
the whole heartbeat interval (41.25 s) and discord.py logs "Can't keep up, shard ID ...
websocket is 41.3s behind" for a gateway that is not behind at all. Upstream fixed it by
stamping before the send (Rapptz/discord.py#10448, merged after 2.7.1); this does the
same on the keep-alive thread, just before the send is handed to the loop.
"""

from __future__ import annotations

import time
from typing import Any

import discord.gateway


class StampedKeepAlive(discord.gateway.KeepAliveHandler):
    """discord.py's keep-alive thread; the send time is stamped as the payload is made
    (the thread makes it just before handing the send to the loop)."""

    def get_payload(self) -> dict[str, Any]:
        self._last_send = time.perf_counter()
        return super().get_payload()


def stamp_before_sending() -> None:
    """Every gateway connection of this process times its heartbeats with
    :class:`StampedKeepAlive` (discord.py makes the handler by its module's name)."""
    discord.gateway.KeepAliveHandler = StampedKeepAlive  # type: ignore[misc]


__all__ = ["StampedKeepAlive", "stamp_before_sending"]
