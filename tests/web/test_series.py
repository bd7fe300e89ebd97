"""A server's series on the web, on both store backends: the list, a series' standings
(totals only while it is open, as the bot's table), a signed-in member's own deals, and
the replay of a series deal, served only to the member who played it until the series
closes (everyone else meets the page of no deal at all), then to every visitor.

The series (on the public server 1, six deals of tapp1879 against easy computers):
11 has finished deals 1 and 2, 12 has finished deal 1 and is playing deal 2, 14 has
joined and played nothing; 99 is nobody there.
"""

from __future__ import annotations

import random
from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest
from aiohttp.test_utils import TestClient

from bot.series.config import SeriesConfig
from bot.series.service import SeriesService
from bot.store import Store
from bot.store.series import SeriesRunStatus
from bot.store.sql import Conn
from tests.series.helpers import play_deal
from tests.series.helpers import spec as series_spec
from tests.store.helpers import new_game
from tests.store.helpers import play_deal as play_table_deal

from .conftest import OFF, PUBLIC, TEST_USER, CookieIdentity, World, serving
from .html import Parsed, parse

TITLE = "Autumn <b>cup</b>"


@dataclass
class Series:
    service: SeriesService
    series_id: int
    runs: dict[int, dict[int, int]]  # member -> deal -> run id (every run, any status)
    other_server: int  # a series of the server whose pages are off


async def build_series(store: Store) -> Series:
    rng = random.Random(3)
    service = SeriesService(store, SeriesConfig(offload=False, seeds=lambda: rng.randbytes(32)),
                            clock=store.db.now, levels=("easy",))
    info = await service.open(guild_id=PUBLIC, channel_id=100, host_id=11, title=TITLE,
                              spec=series_spec(6))
    sid = info.series_id
    for user, name in ((11, "Ada"), (12, "Ben <i>"), (14, "Cy")):
        await service.join(PUBLIC, sid, user, name)
    await play_deal(service, sid, 11)
    await play_deal(service, sid, 11)
    await play_deal(service, sid, 12)
    await service.play(PUBLIC, sid, 12)  # deal 2: in play
    runs = {user: {r.deal: r.run_id for r in await store.series.runs_of(sid, user)}
            for user in (11, 12, 14)}
    other = await service.open(guild_id=OFF, channel_id=300, host_id=31, title="Off",
                               spec=series_spec(6))
    return Series(service, sid, runs, other.series_id)


@pytest.fixture
async def series(store: Store, world: World) -> Series:
    return await build_series(store)


@pytest.fixture
async def site(store: Store, series: Series) -> AsyncIterator[TestClient]:
    async with serving(store, CookieIdentity()) as c:
        yield c


async def page(client: TestClient, path: str, status: int = 200,
               user: int | None = None) -> Parsed:
    cookies = {TEST_USER: str(user)} if user is not None else {}
    response = await client.get(path, cookies=cookies)
    text = await response.text()
    assert response.status == status, (path, user, response.status, text[:1000])
    return parse(text)


def run_paths(base: str) -> list[str]:
    return [base, f"{base}/tricks/1", f"{base}/images/hands.jpg?l=en",
            f"{base}/images/trick-01.jpg", f"{base}/record.json"]


async def test_the_list_names_the_servers_series(site: TestClient, series: Series) -> None:
    shown = await page(site, f"/servers/{PUBLIC}/series")
    assert f"/servers/{PUBLIC}/series/{series.series_id}" in shown.links
    (row,) = shown.rows
    assert row[0] == f"{series.series_id} · {TITLE}"  # escaped: shown as text
    assert row[2:] == ["6", "3", "open"]
    assert f"/servers/{PUBLIC}/series/{series.other_server}" not in shown.links
    await page(site, f"/servers/{OFF}/series", 404)


async def test_the_standings_are_the_bots_table_with_totals_only(
        site: TestClient, series: Series, store: Store) -> None:
    board = await series.service.standings(PUBLIC, series.series_id, 0)
    shown = await page(site, f"/servers/{PUBLIC}/series/{series.series_id}")
    names = {11: "Ada", 12: "Ben <i>", 14: "Cy"}
    assert [row[:2] for row in shown.rows] == [
        [str(line.rank), names[line.user_id]] for line in board.lines]
    assert [int(row[3]) for row in shown.rows] == [line.deals for line in board.lines]
    assert sorted(int(row[3]) for row in shown.rows) == [1, 2]  # 14 has played nothing
    row = await store.series.get(series.series_id)
    assert row.seed.hex() not in shown.main  # the seed: once closed
    assert not [link for link in shown.links if "/runs/" in link]  # no deal's result


async def test_a_members_page_links_the_deals_they_have_played(
        site: TestClient, series: Series) -> None:
    path = f"/servers/{PUBLIC}/series/{series.series_id}/me"
    runs = f"/servers/{PUBLIC}/series/{series.series_id}/runs/"
    ada = await page(site, path, user=11)
    assert [link for link in ada.links if link.startswith(runs)] == [
        f"{runs}{series.runs[11][1]}", f"{runs}{series.runs[11][2]}"]
    ben = await page(site, path, user=12)
    assert [link for link in ben.links if link.startswith(runs)] == [
        f"{runs}{series.runs[12][1]}"]  # deal 2 is in play: no replay
    assert [row[2] for row in ben.rows] == ["finished", "in play"] + ["not played yet"] * 4
    cy = await page(site, path, user=14)
    assert not [link for link in cy.links if link.startswith(runs)]
    signed_out = await page(site, path, 403)
    assert any(link.startswith("/login?next=") for link in signed_out.links)
    await page(site, path, 404, user=99)  # no member of the series


async def test_a_series_deal_is_only_for_who_played_it_until_the_series_closes(
        site: TestClient, series: Series, store: Store) -> None:
    base = f"/servers/{PUBLIC}/series/{series.series_id}/runs"
    nothing = parse(await (await site.get(f"{base}/999999")).text()).main
    assert "Not found" in nothing
    mine = series.runs[11][1]
    for path in run_paths(f"{base}/{mine}"):
        response = await site.get(path, cookies={TEST_USER: "11"})
        assert response.status == 200, path
        assert response.headers["Cache-Control"].startswith("private, "), path  # theirs
    # 12 played deal 1 too, but 11's play of it is not theirs; 14 has not played it
    every_run = [(user, deal, run) for user, deals in series.runs.items()
                 for deal, run in deals.items()]
    for visitor in (None, 12, 14, 99):
        for user, _, run in every_run:
            if user == visitor:
                continue
            for path in run_paths(f"{base}/{run}"):
                cookies = {TEST_USER: str(visitor)} if visitor else {}
                response = await site.get(path, cookies=cookies)
                assert response.status == 404, (visitor, path)
                if path.endswith(str(run)):
                    assert parse(await response.text()).main == nothing, (visitor, path)
    playing = series.runs[12][2]
    assert (await store.series.run(playing)).status is SeriesRunStatus.PLAYING
    for path in run_paths(f"{base}/{playing}"):  # in play: not even for its player
        assert (await site.get(path, cookies={TEST_USER: "12"})).status == 404, path
    # a series of another server, through this server's address
    other = f"/servers/{PUBLIC}/series/{series.other_server}"
    await page(site, other, 404)
    for forged in ("abc", "0", "99999999999999999999"):
        await page(site, f"/servers/{PUBLIC}/series/{forged}", 404)

    await series.service.close(PUBLIC, series.series_id, 11)
    for path in run_paths(f"{base}/{mine}"):  # closed: open to every visitor
        response = await site.get(path)
        assert response.status == 200, path
        assert not response.headers["Cache-Control"].startswith("private"), path
    for path in run_paths(f"{base}/{playing}"):  # dropped when it closed: never played
        assert (await site.get(path, cookies={TEST_USER: "12"})).status == 404, path
    standings = await page(site, f"/servers/{PUBLIC}/series/{series.series_id}")
    row = await store.series.get(series.series_id)
    assert row.seed.hex() in standings.main


async def test_a_replay_of_a_series_deal_leads_through_its_tricks(
        site: TestClient, series: Series) -> None:
    base = f"/servers/{PUBLIC}/series/{series.series_id}/runs/{series.runs[11][2]}"
    shown = await page(site, base, user=11)
    seats = {row[0]: row[1] for row in shown.rows if row[0]}
    assert sorted(seats.values()) == ["Ada", "Computer 1", "Computer 3"]  # deal 2: seat 2
    assert seats["2"] == "Ada"
    assert len(shown.images) == 2 and all(i["alt"] for i in shown.images)
    tricks = [link for link in shown.links if link.startswith(f"{base}/tricks/")]
    assert len(tricks) > 1
    last = await page(site, tricks[-1], user=11)
    (image,) = last.images
    assert image["alt"]
    record = await site.get(f"{base}/record.json", cookies={TEST_USER: "11"})
    assert (await record.json())["actions"]


async def test_a_series_tables_deal_is_no_deal_until_the_series_closes(
        site: TestClient, series: Series, store: Store) -> None:
    """A series that seats its members together plays its deals at tables: such a
    deal, settled, holds the cards every member of the series is dealt on it, so its
    replay (the table deal's own addresses) is no deal at all until the series closes,
    for every visitor."""
    game = await new_game(store, "tapp1879", guild_id=PUBLIC, users=[11, 12, 14], seed=9)

    def seat_series(conn: Conn) -> None:
        conn.execute("INSERT INTO series_tables (table_id, series_id, deal) VALUES (?, ?, ?)",
                     (game.table.table_id, series.series_id, 1))

    await store.db.write(seat_series)
    settled = await play_table_deal(store, game)

    def count_for_14(conn: Conn) -> None:  # 14 sat at seat 3 of it: their run of deal 1
        conn.execute("INSERT INTO series_runs (series_id, user_id, deal, seat, status, chips,"
                     " result, started_at, finished_at, table_id)"
                     " VALUES (?, ?, 1, 2, 'finished', 0, '{}', 0, 0, ?)",
                     (series.series_id, 14, game.table.table_id))

    await store.db.write(count_for_14)
    mine = f"/servers/{PUBLIC}/series/{series.series_id}/me"
    shown = await page(site, mine, user=14)
    assert shown.rows[0][2] == "finished"
    assert not [link for link in shown.links if "/deals/" in link or "/runs/" in link]
    run = (await store.series.runs_of(series.series_id, 14))[0]
    runs = f"/servers/{PUBLIC}/series/{series.series_id}/runs/{run.run_id}"
    assert (await site.get(runs, cookies={TEST_USER: "14"})).status == 404  # a table's
    base = f"/servers/{PUBLIC}/deals/{settled.deal.deal_id}"
    nothing = parse(await (await site.get(f"/servers/{PUBLIC}/deals/999999")).text()).main
    paths = [base, f"{base}/tricks/1", f"{base}/images/hands.jpg", f"{base}/record.json"]
    for visitor in (None, 11, 99):
        cookies = {TEST_USER: str(visitor)} if visitor else {}
        for path in paths:
            response = await site.get(path, cookies=cookies)
            assert response.status == 404, (visitor, path)
            if path == base:
                assert parse(await response.text()).main == nothing
    await series.service.close(PUBLIC, series.series_id, 11)
    for path in paths:
        assert (await site.get(path)).status == 200, path
    shown = await page(site, mine, user=14)  # closed: the table's deal, linked
    assert base in shown.links


async def test_the_leaderboard_and_member_pages_leave_a_series_tables_deal_out_until_the_close(
        site: TestClient, series: Series, store: Store) -> None:
    """A shared table's deal moves no total on the web while the series is open: 14 has
    yet to play deal 1 and must not read its result from the chips of those who did.
    Once the series closes its chips count, as any table's."""
    board = f"/servers/{PUBLIC}"
    members = [f"/servers/{PUBLIC}/members/{user}" for user in (11, 12)]
    paths = [board, f"{board}?variant=tapp1879", f"{board}?period=7d", *members]
    before = {(path, user): await page(site, path, user=user)
              for path in paths for user in (None, 14)}
    game = await new_game(store, "tapp1879", guild_id=PUBLIC, users=[11, 12, None], seed=9)

    def seat_series(conn: Conn) -> None:
        conn.execute("INSERT INTO series_tables (table_id, series_id, deal) VALUES (?, ?, ?)",
                     (game.table.table_id, series.series_id, 1))

    await store.db.write(seat_series)
    settled = await play_table_deal(store, game)
    assert any(r.amount for r in settled.ledger if r.user_id is not None)
    for (path, user), shown in before.items():
        now = await page(site, path, user=user)
        assert (now.main, now.rows) == (shown.main, shown.rows), (path, user)
    assert not (await page(site, f"{board}?variant=tapp1879")).rows
    await series.service.close(PUBLIC, series.series_id, 11)
    chips = {r.user_id: r.amount for r in settled.ledger if r.user_id is not None}
    shown = await page(site, f"{board}?variant=tapp1879", user=14)
    assert {row[1]: (row[2], row[3]) for row in shown.rows} == {
        f"P{user}": (f"+{net}" if net > 0 else f"\u2212{-net}" if net else "0", "1")
        for user, net in chips.items()}
    for path in members:
        assert (await page(site, path)).main != before[(path, None)].main
