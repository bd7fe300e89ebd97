"""``python -m bot bench web``: the web pages over a big ledger.

1. **One page.** Fills (or reuses, ``--db``) a database of about ``--rows`` ledger rows
   as ``bench store`` does, shows its busiest server's pages publicly, opens it read only
   as ``python -m bot web`` does and times, in this process, a leaderboard page fetched
   over HTTP from the web application (request to last byte, aiohttp on loopback) beside
   the bare query behind it (``store.standings.leaderboard``, the same store), each the
   median and 95th percentile of ``--repeat`` interleaved runs after a warm-up (each
   page made for its request: no page kept, see :class:`bot.web.pages.RecentPages`);
   and the page's size.
2. **Pages a second.** Starts ``python -m bot web`` as its own process on the same
   database and fetches leaderboard pages (every filter, the first pages) and members'
   pages from ``--concurrency`` clients at once for ``--seconds`` (or with ``--rate``
   that many pages a second, started on schedule: an open loop): pages a second and
   the latency's median and 99th percentile, each page's status checked (as deployed:
   a public page is kept 3 s for every signed-out visitor). With
   ``--beside-load`` the bot's own ``bench load --no-floor`` runs in another process at
   the same time (started ``--load-lead`` seconds before, so that its tables are open and
   being played while the pages are fetched: keep ``--seconds`` within its 40 s of play):
   both sets of figures come from the one run.

``--json`` prints one object: ``leaderboard_page_ms``, ``leaderboard_query_ms``,
``page_bytes``, ``pages_per_s``, ``p50_ms``, ``p99_ms``, ``web_cpu_ms_per_page`` (the
web process's CPU time over the pages it served: what a page costs it, whatever else
the machine runs) and the others (``load``: the load benchmark's own JSON, with
``--beside-load``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp.test_utils import TestClient, TestServer

from bot.cli.parsing import Parser, positive, sqlite_file
from bot.config import WebSettings
from bot.store import Store, shown_location
from bot.web.pages import BOARD_SIZE

from .store_backends import _stat, add_backend_options, postgres_database
from .synthetic import bench_subject, fill_synthetic

AIM_PAGE_MS = 50.0
AIM_BYTES = 100_000
AIM_PAGES_PER_S = 200.0
AIM_P99_MS = 100.0


def _parser() -> Parser:
    parser = Parser(
        prog="python -m bot bench web",
        description="The web pages over a big ledger: a leaderboard page's time in the web "
                    "application beside the bare query behind it, its size, and pages a "
                    "second (with their 99th percentile) from a web process of its own, "
                    "optionally while the bot's load benchmark runs beside it.")
    parser.add_argument("--rows", type=positive, default=1_000_000, metavar="N",
                        help="ledger rows to fill (default: %(default)s)")
    parser.add_argument("--servers", type=positive, default=100, metavar="N",
                        help="servers to spread them over (default: %(default)s)")
    parser.add_argument("--deals", type=positive, default=10_000, metavar="N",
                        help="deals of the busy server whose pages are timed (default: "
                             "%(default)s)")
    parser.add_argument("--members", type=positive, default=60, metavar="N",
                        help="members of the busy server (default: %(default)s)")
    parser.add_argument("--db", type=Path, default=None, metavar="PATH",
                        help="keep the database here and reuse it when it exists (bench "
                             "store's is fine; default: a temporary file)")
    parser.add_argument("--repeat", type=positive, default=200, metavar="N",
                        help="timed runs of the page and of the query (default: "
                             "%(default)s)")
    parser.add_argument("--seconds", type=float, default=20.0, metavar="SECONDS",
                        help="how long pages are fetched from the web process (default: "
                             "%(default)s; 0: skip that part)")
    parser.add_argument("--concurrency", type=positive, default=8, metavar="N",
                        help="clients fetching pages at once (default: %(default)s)")
    parser.add_argument("--rate", type=float, default=0.0, metavar="N",
                        help="pages a second to fetch, started on schedule whatever is "
                             "unanswered (0: as fast as the clients go; default: "
                             "%(default)s)")
    parser.add_argument("--beside-load", action="store_true",
                        help="run the bot's bench load in another process meanwhile")
    parser.add_argument("--load-lead", type=float, default=50.0, metavar="SECONDS",
                        help="with --beside-load: seconds bench load runs before the pages "
                             "are fetched (it opens its tables, then plays for 40 s; "
                             "default: %(default)s)")
    add_backend_options(parser, "instead of sqlite", "the database to fill or reuse")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    return parser


async def _prepare(path: Path | str, args: argparse.Namespace) -> tuple[int, float | None]:
    """The busy server (filled now if the database is empty), its pages public; the
    fill's seconds (None: reused)."""
    async with await Store.open(path) as store:
        fill_s = None
        if await bench_subject(store) is None:
            started = time.perf_counter()
            await fill_synthetic(store, ledger_rows=args.rows, guilds=args.servers,
                                 big_guild_deals=args.deals, members=args.members, bulk=True)
            fill_s = time.perf_counter() - started
        subject = await bench_subject(store)
        assert subject is not None
        await store.settings.set_guild(subject.guild_id, {"web": "public"})
        return subject.guild_id, fill_s


def _ms(seconds: float) -> float:
    return seconds * 1000


def _quantile(ordered: list[float], q: float) -> float:
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def one_page(path: Path | str, guild: int, repeat: int) -> dict[str, Any]:
    """The leaderboard page through the web application beside its bare query."""
    from bot.web import create_app

    async with await Store.open(path, read_only=True) as store:
        rows = await store.standings.leaderboard(guild, limit=10_000)
        members = [s.user_id for s in rows.rows]
        app = create_app(store, WebSettings(database_path=path), page_seconds=0)
        async with TestClient(TestServer(app)) as client:
            async def page() -> int:
                response = await client.get(f"/servers/{guild}")
                body = await response.read()
                assert response.status == 200, response.status
                return len(body)

            async def query() -> None:
                await store.standings.leaderboard(guild, limit=25)

            size = 0
            for _ in range(5):  # warm-up: caches, compiled templates, statements
                size = await page()
                await query()
            page_ms: list[float] = []
            query_ms: list[float] = []
            for _ in range(repeat):
                started = time.perf_counter()
                await page()
                page_ms.append(_ms(time.perf_counter() - started))
                started = time.perf_counter()
                await query()
                query_ms.append(_ms(time.perf_counter() - started))
            member = members[len(members) // 2]
            response = await client.get(f"/servers/{guild}/members/{member}")
            member_bytes = len(await response.read())
    page_ms.sort()
    query_ms.sort()
    return {
        "leaderboard_page_ms": round(statistics.median(page_ms), 3),
        "leaderboard_page_p95_ms": round(_quantile(page_ms, 0.95), 3),
        "leaderboard_query_ms": round(statistics.median(query_ms), 3),
        "leaderboard_query_p95_ms": round(_quantile(query_ms, 0.95), 3),
        "page_bytes": size, "member_page_bytes": member_bytes, "members": len(members),
        "repeat": repeat,
    }


def _start_web(path: Path | str) -> tuple[subprocess.Popen[str], int]:
    """``python -m bot web`` on a free port of this machine, and that port."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAPP_")}
    env |= {"TAPP_DATABASE": str(path), "TAPP_LOG_LEVEL": "INFO"}
    proc = subprocess.Popen([sys.executable, "-m", "bot", "web", "--port", "0"], env=env,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    for line in proc.stderr:
        found = re.search(r"web pages on http://127\.0\.0\.1:(\d+)", line)
        if found:
            return proc, int(found[1])
    proc.wait()
    raise SystemExit(f"python -m bot web did not start (exit status {proc.returncode})")


def _paths(guild: int, members: list[int]) -> list[str]:
    """The pages fetched: leaderboards by every filter and page, and members' pages."""
    base = f"/servers/{guild}"
    paths = [base, f"{base}?period=30d", f"{base}?period=7d", f"{base}?variant=zuger",
             f"{base}?by=rating&variant=zuger", f"{base}/daily"]
    if len(members) > BOARD_SIZE:
        paths.append(f"{base}?page=2")
    paths += [f"{base}/members/{m}" for m in members[:20]]
    return paths


async def pages_a_second(port: int, paths: list[str], seconds: float,
                         concurrency: int, rate: float = 0.0) -> dict[str, Any]:
    """Pages fetched for ``seconds``: as fast as ``concurrency`` clients go, or with
    ``rate`` a page started every 1/``rate`` s whatever is still unanswered (open loop:
    a late page's wait counts in its latency), at most ``concurrency`` at once."""
    latencies: list[float] = []
    failures = 0
    rng = random.Random(7)
    connector = aiohttp.TCPConnector(limit=concurrency)
    async with aiohttp.ClientSession(f"http://127.0.0.1:{port}",
                                     connector=connector) as session:
        for path in paths:  # warm-up: each member's chart drawn once
            async with session.get(path) as response:
                await response.read()
        if seconds <= 0:
            return {}

        async def client() -> None:
            nonlocal failures
            while time.perf_counter() < deadline:
                path = rng.choice(paths)
                started = time.perf_counter()
                async with session.get(path) as response:
                    await response.read()
                    if response.status != 200:
                        failures += 1
                latencies.append(_ms(time.perf_counter() - started))

        async def one(due: float, gate: asyncio.Semaphore) -> None:
            nonlocal failures
            async with gate, session.get(rng.choice(paths)) as response:
                await response.read()
                if response.status != 200:
                    failures += 1
            latencies.append(_ms(time.perf_counter() - due))

        async def scheduled() -> None:
            gate = asyncio.Semaphore(concurrency)
            tasks = []
            for n in range(int(seconds * rate)):
                due = started + n / rate
                await asyncio.sleep(max(0.0, due - time.perf_counter()))
                tasks.append(asyncio.create_task(one(due, gate)))
            await asyncio.gather(*tasks)

        started = time.perf_counter()
        deadline = started + seconds
        if rate > 0:
            await scheduled()
        else:
            await asyncio.gather(*(client() for _ in range(concurrency)))
        elapsed = time.perf_counter() - started
    latencies.sort()
    return {
        "pages": len(latencies), "pages_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(_quantile(latencies, 0.50), 2),
        "p99_ms": round(_quantile(latencies, 0.99), 2), "failed": failures,
        "concurrency": concurrency, "seconds": round(elapsed, 1), "rate": rate,
    }


def _cpu_s(pid: int) -> float:
    """CPU seconds (user + system) of a process of this machine so far."""
    fields = _stat(pid)
    return 0.0 if fields is None else (int(fields[11]) + int(fields[12])) / os.sysconf(
        "SC_CLK_TCK")


def _start_load() -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "bot", "bench", "load", "--no-floor",
                             "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def _load_figures(proc: subprocess.Popen[str]) -> dict[str, Any] | None:
    out, _ = proc.communicate()
    try:
        return dict(json.loads(out.strip().splitlines()[-1]))
    except (ValueError, IndexError):
        return None


async def _members(path: Path | str, guild: int) -> list[int]:
    async with await Store.open(path, read_only=True) as store:
        board = await store.standings.leaderboard(guild, limit=10_000)
        return [s.user_id for s in board.rows]


def measure(path: Path | str, args: argparse.Namespace) -> dict[str, Any]:
    guild, fill_s = asyncio.run(_prepare(path, args))
    figures = asyncio.run(one_page(path, guild, args.repeat))
    figures |= {"fill_s": None if fill_s is None else round(fill_s, 1),
                "backend": "postgres" if isinstance(path, str) else "sqlite"}
    if args.seconds <= 0:
        return figures
    members = asyncio.run(_members(path, guild))
    load = _start_load() if args.beside_load else None
    if load is not None:
        time.sleep(args.load_lead)
    web, port = _start_web(path)
    try:
        paths = _paths(guild, members)
        asyncio.run(pages_a_second(port, paths, 0.0, args.concurrency))  # warm-up
        cpu = _cpu_s(web.pid)
        figures |= asyncio.run(pages_a_second(port, paths, args.seconds, args.concurrency,
                                              args.rate))
        figures["web_cpu_ms_per_page"] = round(
            (_cpu_s(web.pid) - cpu) * 1000 / max(1, figures["pages"]), 2)
    finally:
        web.terminate()
        web.wait()
    if load is not None:
        figures["load"] = _load_figures(load)
    return figures


def _table(f: dict[str, Any], where: str) -> str:
    lines = [
        f"{f['backend']} database: {where}"
        + ("" if f["fill_s"] is None else f" (filled in {f['fill_s']:.1f} s)"),
        f"leaderboard page over HTTP   median {f['leaderboard_page_ms']:8.2f} ms   p95 "
        f"{f['leaderboard_page_p95_ms']:8.2f} ms   (aim < {AIM_PAGE_MS:g} ms)",
        f"the bare query behind it     median {f['leaderboard_query_ms']:8.2f} ms   p95 "
        f"{f['leaderboard_query_p95_ms']:8.2f} ms",
        f"page size: leaderboard {f['page_bytes']:,} bytes, a member's "
        f"{f['member_page_bytes']:,} bytes (aim < {AIM_BYTES:,})",
    ]
    if "pages_per_s" in f:
        lines.append(
            ("" if not f["rate"] else f"at {f['rate']:g} pages/s, ")
            + f"web process, {f['concurrency']} clients, {f['seconds']} s: "
            f"{f['pages_per_s']:.1f} pages/s, p50 {f['p50_ms']:.1f} ms, p99 "
            f"{f['p99_ms']:.1f} ms, {f['failed']} failed (aim {AIM_PAGES_PER_S:g} pages/s, "
            f"p99 < {AIM_P99_MS:g} ms); the web process's CPU: "
            f"{f['web_cpu_ms_per_page']:.2f} ms a page")
    if "load" in f:
        load = f["load"]
        lines.append("beside bench load: " + ("no figures (it failed)" if load is None else
                     f"{load.get('actions_per_s')} actions/s, p50 {load.get('p50_ms')} ms, "
                     f"p99 {load.get('p99_ms')} ms, {load.get('failed')} failed"))
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if args.backend == "postgres":
        with postgres_database(args.pg) as url:
            figures = measure(url, args)
            shown = shown_location(url)
    elif args.db is not None:
        figures = measure(sqlite_file(parser, args.db), args)
        shown = str(args.db)
    else:
        with tempfile.TemporaryDirectory(prefix="tapp-bench-") as folder:
            figures = measure(Path(folder) / "bench.sqlite3", args)
        shown = "temporary file"
    print(json.dumps(figures) if args.json else _table(figures, shown))
    return 0
