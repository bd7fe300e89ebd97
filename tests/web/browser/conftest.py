"""A real browser for the web tests: Debian's Chromium (the ``chromium`` package),
driven by Playwright with ``executable_path`` set to it; Playwright's own browser
downloads are never used.

``.ci/test`` installs the package as root when it is missing (``apt-get install
chromium``). Without it these tests fail under CI (``CI=true``) and are skipped, saying
so, on a developer's machine without it.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import AsyncIterator

import pytest
from aiohttp.test_utils import unused_port
from playwright.async_api import Browser, async_playwright

from standin import Sandbox
from tests.web.signin_site import Site, serve, settings_for

#: where Debian's package puts the browser (``chromium``), and the names others use
CHROMIUM_NAMES = ("chromium", "chromium-browser")


def chromium_path() -> str | None:
    for name in CHROMIUM_NAMES:
        found = shutil.which(name)
        if found is not None:
            return found
    return None


@pytest.fixture(scope="session")
def chromium() -> str:
    path = chromium_path()
    if path is None:
        why = ("Debian's chromium is not installed: `apt-get install chromium` "
               "(bash .ci/test does it when run as root)")
        if os.environ.get("CI") == "true":
            pytest.fail(why)
        pytest.skip(why)
    return path


@pytest.fixture
async def browser(chromium: str) -> AsyncIterator[Browser]:
    async with async_playwright() as playwright:
        launched = await playwright.chromium.launch(executable_path=chromium, headless=True)
        try:
            yield launched
        finally:
            await launched.close()


@pytest.fixture
async def site(sandbox: Sandbox) -> AsyncIterator[Site]:
    """The sign-in alone (and ``/members``), for the browser."""
    port = unused_port()
    settings = settings_for(sandbox, port)
    here = Site(f"http://127.0.0.1:{port}", settings, clock=[time.time()])
    async with serve(settings, port, here.clock):
        yield here
