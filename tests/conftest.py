"""Fixtures shared by the stand-in's own tests and the end-to-end tests."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from standin import Sandbox


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    """A running stand-in; fails the test if the stand-in saw a problem (an unknown
    route, a request body against Discord's schema, a crash of its own)."""
    async with Sandbox() as stand_in:
        yield stand_in
        assert stand_in.problems == [], stand_in.problems
