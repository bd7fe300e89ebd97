"""Fixtures shared by the stand-in's own tests and the end-to-end tests, and the store's
backends (a PostgreSQL server started once per session)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager

import pytest

from bot.store import Store
from standin import Sandbox

from .postgres import PgServer, start_server, stop_server

#: the store's backends, as the ids of tests run on each
BACKENDS = ("sqlite", "postgres")


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


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PgServer]:
    """One PostgreSQL server for the whole session (tests/postgres.py)."""
    server, handle, folder = start_server()
    try:
        yield server
    finally:
        stop_server(handle, folder)


@asynccontextmanager
async def open_store(request: pytest.FixtureRequest, backend: str,
                     clock: Callable[[], float] | None = None) -> AsyncIterator[Store]:
    """A fresh store on ``backend`` ("sqlite": in memory; "postgres": a fresh database)."""
    kwargs = {} if clock is None else {"clock": clock}
    if backend == "sqlite":
        store = await Store.open(":memory:", **kwargs)
        try:
            yield store
        finally:
            await store.close()
        return
    server: PgServer = request.getfixturevalue("pg_server")
    async with server.database() as url:
        store = await Store.open(url, **kwargs)
        try:
            yield store
        finally:
            await store.close()


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The store's backend: each test that takes it runs on both."""
    return str(request.param)
