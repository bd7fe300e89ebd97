"""The web process never imports discord.py: it neither talks to Discord's gateway nor
builds embeds, so its memory and start-up carry none of it. Checked in fresh
interpreters: importing the app, ``python -m bot web --help``, and serving every page
kind of a small world (its database made here, with the tests' helpers, which import
discord themselves)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from bot.store import Store

from .conftest import PUBLIC, build_world
from .test_series import build_series

REPO = Path(__file__).resolve().parents[2]

#: prints the discord modules loaded (none expected) as its last line
LOADED = "print(sorted(m for m in sys.modules if m.split('.')[0] == 'discord'))"

IMPORT_APP = "import sys\nimport bot.web.app, bot.web.auth, bot.cli.web\n" + LOADED

WEB_HELP = textwrap.dedent("""
    import runpy, sys
    sys.argv = ["python -m bot", "web", "--help"]
    try:
        runpy.run_module("bot", run_name="__main__")
    except SystemExit as stop:
        assert stop.code == 0, stop.code
""") + LOADED

SERVE_PAGES = textwrap.dedent("""
    import asyncio, sys
    from aiohttp.test_utils import TestClient, TestServer
    from bot.config import WebSettings
    from bot.store import Store
    from bot.web import create_app

    async def main(path, paths):
        store = await Store.open(path, read_only=True)
        client = TestClient(TestServer(create_app(store, WebSettings())))
        await client.start_server()
        try:
            for page in paths:
                response = await client.get(page)
                await response.read()
                assert response.status == 200, (page, response.status)
        finally:
            await client.close()
            await store.close()

    asyncio.run(main(sys.argv[1], sys.argv[2:]))
""") + LOADED


def loaded_in_a_fresh_interpreter(code: str, *args: str) -> str:
    env = {**os.environ, "PYTHONPATH": str(REPO), "PYTHONWARNINGS": "ignore"}
    proc = subprocess.run([sys.executable, "-c", code, *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip().splitlines()[-1]


def test_the_web_app_imports_no_discord() -> None:
    assert loaded_in_a_fresh_interpreter(IMPORT_APP) == "[]"


def test_python_m_bot_web_help_imports_no_discord() -> None:
    assert loaded_in_a_fresh_interpreter(WEB_HELP) == "[]"


def test_the_check_sees_discord_when_it_is_there() -> None:
    """The checks above would see discord.py if a page brought it."""
    code = "import sys\nimport bot.standings.messages\n" + LOADED
    assert "discord" in loaded_in_a_fresh_interpreter(code)


async def test_serving_every_page_kind_imports_no_discord(tmp_path: Path) -> None:
    path = tmp_path / "tapp.sqlite3"
    store = await Store.open(path)
    try:
        world = await build_world(store)
        series = await build_series(store)
        await series.service.close(PUBLIC, series.series_id, 11)  # its deals open to all
    finally:
        await store.close()
    deal = f"/servers/{PUBLIC}/deals/{world.settled[0].deal.deal_id}"
    pages = ["/", "/healthz", f"/servers/{PUBLIC}", f"/servers/{PUBLIC}?by=rating",
             f"/servers/{PUBLIC}/members/11", f"/servers/{PUBLIC}/members/11/chart",
             deal, f"{deal}/tricks/1", f"{deal}/images/hands.jpg", f"{deal}/record.json",
             f"/servers/{PUBLIC}/daily"]
    run = f"/servers/{PUBLIC}/series/{series.series_id}/runs/{series.runs[11][1]}"
    pages += [f"/servers/{PUBLIC}/series", f"/servers/{PUBLIC}/series/{series.series_id}",
              run, f"{run}/tricks/1", f"{run}/images/hands.jpg", f"{run}/record.json"]
    assert loaded_in_a_fresh_interpreter(SERVE_PAGES, str(path), *pages) == "[]"
