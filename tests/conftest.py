"""Fixtures shared by the stand-in's own tests and the end-to-end tests."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from standin import Sandbox


@pytest.fixture(autouse=True)
def _invalid_requests(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every test's teardown reports the invalid requests (401/403/429) each stand-in it
    started answered (Discord bans an IP for 10,000 in 10 minutes): a section of the
    test's report (``pytest -rA`` shows it) and its ``invalid_requests`` property."""
    Sandbox.started.clear()
    yield
    started, Sandbox.started[:] = list(Sandbox.started), []
    for number, stand_in in enumerate(started, 1):
        invalid = stand_in.invalid
        request.node.user_properties.append(("invalid_requests", invalid.peak))
        request.node.add_report_section("teardown", f"stand-in {number}", invalid.report())


@pytest.fixture
async def sandbox() -> AsyncIterator[Sandbox]:
    """A running stand-in; fails the test if the stand-in saw a problem (an unknown
    route, a request body against Discord's schema, a crash of its own)."""
    async with Sandbox() as stand_in:
        yield stand_in
        assert stand_in.problems == [], stand_in.problems
