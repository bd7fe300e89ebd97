"""Raw HTTP calls to the stand-in, for checking exact statuses, error bodies and headers."""

from __future__ import annotations

from typing import Any

import aiohttp

from standin import Sandbox


async def call(
    sandbox: Sandbox, method: str, path: str, body: Any = None, *, auth: bool = True
) -> tuple[int, dict[str, str], Any]:
    headers = {"Authorization": f"Bot {sandbox.token}"} if auth else {}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, sandbox.api_base + path, json=body, headers=headers) as response,
    ):
        data = await response.json() if response.status != 204 else None
        return response.status, dict(response.headers), data
