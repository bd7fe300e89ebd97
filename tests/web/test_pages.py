"""Every page kind through a real aiohttp server, on both store backends: what each
shows, who may see it, and that nothing of a deal still in play is ever served."""

from __future__ import annotations

import re

from aiohttp.test_utils import TestClient

from bot.engine.cards import iter_bits
from bot.store import Store
from bot.web.app import PAGES

from .conftest import MEMBERS, OFF, PUBLIC, TEST_USER, World
from .html import Parsed, parse

JPEG = b"\xff\xd8\xff"
PNG = b"\x89PNG"


async def page(client: TestClient, path: str, status: int = 200, **kwargs: object) -> Parsed:
    response = await client.get(path, **kwargs)  # type: ignore[arg-type]
    text = await response.text()
    assert response.status == status, (path, response.status, text[:2000])
    assert response.content_type == "text/html"
    return parse(text)


# -- the leaderboard ---------------------------------------------------------------------
async def test_the_leaderboard_ranks_the_members_by_chips(client: TestClient, store: Store,
                                                          world: World) -> None:
    board = await store.standings.leaderboard(PUBLIC, limit=25)
    shown = await page(client, f"/servers/{PUBLIC}")
    assert [h[0] for h in shown.headers] == ["Rank", "Player", "Chips", "Deals",
                                             "Declarer won / lost"]
    expected = [[str(s.rank), f"P{s.user_id}",
                 f"+{s.net}" if s.net > 0 else f"\u2212{-s.net}" if s.net else "0",
                 str(s.deals)] for s in board.rows]
    assert [row[:4] for row in shown.rows] == expected
    assert len(expected) == 3  # the computer player is not ranked
    for s in board.rows:
        assert f"/servers/{PUBLIC}/members/{s.user_id}" in shown.links
    assert shown.captions and shown.lang == "en"


async def test_the_leaderboard_by_rating_says_who_is_not_ranked_yet(
        client: TestClient, world: World) -> None:
    shown = await page(client, f"/servers/{PUBLIC}?by=rating&variant=zuger")
    assert "Nobody has 10 rated deals in this span yet." in shown.main


async def test_a_bad_filter_or_page_number_is_not_found(client: TestClient,
                                                        world: World) -> None:
    for query in ("variant=skat", "period=1y", "by=luck", "page=0", "page=2", "page=x",
                  "page=%EF%BC%91", "page=99999999999"):
        shown = await page(client, f"/servers/{PUBLIC}?{query}", 404)
        assert shown.title.startswith("Not found"), query
    seasons = await page(client, f"/servers/{PUBLIC}?season=current", 404)
    assert "seasons" in seasons.main.lower()


# -- a member ------------------------------------------------------------------------------
async def test_a_members_page_shows_their_record_chart_and_deals(client: TestClient,
                                                                 world: World) -> None:
    shown = await page(client, f"/servers/{PUBLIC}/members/11")
    assert "P11 on this server" in shown.main
    (chart,) = shown.images
    assert chart["alt"] and "P11" in str(chart["alt"])
    for settled in world.settled:
        assert f"/servers/{PUBLIC}/deals/{settled.deal.deal_id}" in shown.links
    response = await client.get(str(chart["src"]))
    assert response.status == 200
    assert (await response.read()).startswith((PNG, JPEG))
    pages = client.app[PAGES]
    assert pages.charts.drawn == 1  # the page drew it; the image came from the cache


async def test_an_unknown_or_forged_member_is_not_found(client: TestClient,
                                                        world: World) -> None:
    for user in ("999", "0", "-1", "1e3", "99999999999999999999", "%D9%A1"):
        shown = await page(client, f"/servers/{PUBLIC}/members/{user}", 404)
        assert shown.title.startswith("Not found"), user
    # a member of another server
    await page(client, f"/servers/{PUBLIC}/members/31", 404)


# -- a finished deal -----------------------------------------------------------------------
async def test_a_replay_shows_the_deal_and_leads_through_every_trick(
        client: TestClient, world: World) -> None:
    settled = world.settled[0]
    deal_id = settled.deal.deal_id
    base = f"/servers/{PUBLIC}/deals/{deal_id}"
    shown = await page(client, base)
    assert f"Deal {deal_id}" in shown.title
    assert [row[0] for row in shown.rows][:4] == ["1", "2", "3", "4"]
    assert len(shown.images) == 2 and all(i["alt"] for i in shown.images)
    tricks = settled.deal.result["tricks"] if settled.deal.result else []
    links = [link for link in shown.links if link.startswith(f"{base}/tricks/")]
    assert links == [f"{base}/tricks/{n}" for n in range(1, len(tricks) + 1)]
    path: str | None = links[0] if links else None
    seen = 0
    while path is not None:
        trick = await page(client, path)
        seen += 1
        (image,) = trick.images
        assert image["alt"]
        data = await (await client.get(str(image["src"]))).read()
        assert data.startswith(JPEG)
        path = next((link for link in trick.links
                     if re.fullmatch(rf"{base}/tricks/{seen + 1}", link)), None)
    assert seen == len(tricks)
    record = await client.get(f"{base}/record.json")
    assert record.status == 200 and (await record.json())["actions"]
    assert client.app[PAGES].replays.drawn == 1  # every picture drawn once, for all


async def test_a_trick_number_out_of_range_is_not_found(client: TestClient,
                                                        world: World) -> None:
    base = f"/servers/{PUBLIC}/deals/{world.settled[0].deal.deal_id}"
    for trick in ("0", "99", "x", "-1"):
        await page(client, f"{base}/tricks/{trick}", 404)
    response = await client.get(f"{base}/images/trick-99.jpg")
    assert response.status == 404
    response = await client.get(f"{base}/images/nothing.jpg")
    assert response.status == 404


async def test_a_deal_in_play_answers_as_an_unknown_deal_does(
        client: TestClient, world: World) -> None:
    """Nothing of it: every address of the deal in play is the same "not found" page
    as a deal that never was, and no page of the server names one of its cards."""
    unknown = await client.get(f"/servers/{PUBLIC}/deals/999999")
    expected = parse(await unknown.text()).main
    base = f"/servers/{PUBLIC}/deals/{world.in_play.deal_id}"
    for path in (base, f"{base}/tricks/1", f"{base}/images/hands.jpg",
                 f"{base}/images/trick-01.jpg", f"{base}/record.json"):
        response = await client.get(path)
        assert response.status == 404, path
        assert parse(await response.text()).main == expected, path
    assert "Not found" in expected


async def test_no_page_names_a_card_of_the_deal_in_play(client: TestClient, store: Store,
                                                        world: World) -> None:
    """The server's pages but the finished deals' own (which name their own cards, of
    the same deck) name no card of the deal in play, in its deck's words."""
    from renderer import Labels
    from renderer.describe import card_name

    style = (await store.settings.for_guild(PUBLIC)).deck_for("zuger")
    names = {card_name(c, style, Labels()) for mask in world.in_play_deal.dealt
             for c in iter_bits(mask)}
    assert len(names) > 20
    shown = ""
    for path in (f"/servers/{PUBLIC}", f"/servers/{PUBLIC}/members/11",
                 f"/servers/{PUBLIC}/members/12", f"/servers/{PUBLIC}/members/14",
                 f"/servers/{PUBLIC}/daily"):
        shown += (await page(client, path)).main
    assert not any(name in shown for name in names)


async def test_a_deal_of_another_server_is_not_found(client: TestClient,
                                                     world: World) -> None:
    unknown = parse(await (await client.get(f"/servers/{PUBLIC}/deals/999999")).text())
    for other in (world.off_deal, world.members_deal):
        shown = await page(client, f"/servers/{PUBLIC}/deals/{other.deal.deal_id}", 404)
        assert shown.main == unknown.main


# -- who may see what ----------------------------------------------------------------------
async def test_a_server_whose_pages_are_off_is_as_unknown(client: TestClient,
                                                          world: World) -> None:
    unknown = await page(client, "/servers/424242", 404)
    for path in (f"/servers/{OFF}", f"/servers/{OFF}/members/31",
                 f"/servers/{OFF}/deals/{world.off_deal.deal.deal_id}",
                 f"/servers/{OFF}/daily"):
        assert (await page(client, path, 404)).main == unknown.main


async def test_members_only_pages_refuse_outsiders_and_the_signed_out(
        client: TestClient, world: World) -> None:
    path = f"/servers/{MEMBERS}/deals/{world.members_deal.deal.deal_id}"
    signed_out = await page(client, path, 403)
    assert f"/login?next=%2Fservers%2F{MEMBERS}%2Fdeals%2F" in " ".join(signed_out.links)
    outsider = await page(client, path, 403, cookies={TEST_USER: "11"})
    assert "you have not played there" in outsider.main
    assert not any(link.startswith("/login") for link in outsider.links)
    response = await client.get(path, cookies={TEST_USER: "21"})
    assert response.status == 200
    assert response.headers["Cache-Control"] == "private, no-store"
    board = await page(client, f"/servers/{MEMBERS}", cookies={TEST_USER: "22"})
    assert any("P21" in row[1] for row in board.rows)


async def test_forged_server_ids_are_not_found(client: TestClient, world: World) -> None:
    for guild in ("abc", "0", "-1", "99999999999999999999", "1.0", "%C2%B2"):
        await page(client, f"/servers/{guild}", 404)
    await page(client, "/nothing/here", 404)


# -- the deal of the day -------------------------------------------------------------------
async def test_the_deal_of_the_day_page_before_anyone_asked(client: TestClient,
                                                            world: World) -> None:
    shown = await page(client, f"/servers/{PUBLIC}/daily")
    assert "Nobody asked for a deal of the day on this day." in shown.main
    await page(client, f"/servers/{PUBLIC}/daily?day=2999-01-01", 404)
    await page(client, f"/servers/{PUBLIC}/daily?day=yesterday", 404)


async def test_todays_table_is_for_those_who_finished_it(client: TestClient, store: Store,
                                                         world: World) -> None:
    from bot.daily.day import day_of, day_text

    today = day_text(day_of(store.db.now()))
    daily = await store.daily.create_deal(PUBLIC, today, variant="zuger", seat=0,
                                          level="normal", seed=bytes(32),
                                          header={"variant": "zuger"})
    for user, chips in ((11, 4), (12, -2)):
        run = await store.daily.start_run(daily.daily_id, user)
        await store.daily.append_step(run.run_id, 0, {"seat": 0, "type": "play"},
                                      finish=(chips, {}))
    await store.daily.start_run(daily.daily_id, 14)  # still playing
    hidden = await page(client, f"/servers/{PUBLIC}/daily")
    assert "2 finished, 1 still playing" in hidden.main and not hidden.rows
    assert "shown to those who have finished" in hidden.main
    mine = await page(client, f"/servers/{PUBLIC}/daily", cookies={TEST_USER: "12"})
    assert [row[:3] for row in mine.rows] == [["1", "P11", "+4"], ["2", "P12", "\u22122"]]
    assert bytes(32).hex() not in mine.main  # today's seed: only once the day is over


# -- languages -----------------------------------------------------------------------------
async def test_the_browsers_language_and_the_switch(client: TestClient, world: World) -> None:
    german = await page(client, f"/servers/{PUBLIC}", headers={"Accept-Language":
                                                               "de-CH,de;q=0.9,en;q=0.5"})
    assert german.lang == "de" and german.headers[0][0] == "Platz"
    response = await client.get(f"/servers/{PUBLIC}?lang=sv")
    assert response.cookies["tapp_lang"].value == "sv"
    swedish = parse(await response.text())
    assert swedish.lang == "sv" and swedish.headers[0][0] == "Plats"
    kept = await page(client, f"/servers/{PUBLIC}", headers={"Accept-Language": "de"},
                      cookies={"tapp_lang": "sv"})
    assert kept.lang == "sv"
    client.session.cookie_jar.clear()  # the switch is remembered: forget it
    refused = await page(client, "/servers/424242", 404,
                         headers={"Accept-Language": "de"})
    assert refused.title.startswith("Nicht gefunden")


# -- failures ------------------------------------------------------------------------------
async def test_a_failing_page_says_so_without_a_traceback(client: TestClient,
                                                          world: World) -> None:
    pages = client.app[PAGES]

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("secret detail")

    pages.standings.board = broken  # type: ignore[method-assign]
    response = await client.get(f"/servers/{PUBLIC}")
    text = await response.text()
    assert response.status == 500
    assert "secret detail" not in text and "Traceback" not in text
    assert "could not be made" in text


async def test_a_closed_database_is_busy_not_broken(client: TestClient, store: Store,
                                                    world: World) -> None:
    await store.close()
    shown = await page(client, f"/servers/{PUBLIC}", 503)
    assert "try again" in shown.main
    health = await client.get("/healthz")
    assert health.status == 503


async def test_every_page_is_small_and_made_for_a_phone(client: TestClient,
                                                        world: World) -> None:
    deal = world.settled[0].deal.deal_id
    for path in ("/", f"/servers/{PUBLIC}", f"/servers/{PUBLIC}/members/11",
                 f"/servers/{PUBLIC}/deals/{deal}", f"/servers/{PUBLIC}/deals/{deal}/tricks/1",
                 f"/servers/{PUBLIC}/daily", "/servers/424242"):
        response = await client.get(path)
        text = await response.text()
        assert len(text.encode()) < 100_000, path
        assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in text
        shown = parse(text)
        assert all(image.get("alt") for image in shown.images), path
        assert "Content-Security-Policy" in response.headers


async def test_the_pages_only_answer_to_reading(client: TestClient, world: World) -> None:
    response = await client.post(f"/servers/{PUBLIC}", data={"web": "off"})
    assert response.status == 405
    assert "only answers to reading" in parse(await response.text()).main
    assert (await client.get(f"/servers/{PUBLIC}")).status == 200  # nothing changed


async def test_the_address_the_bot_gives_is_the_servers_leaderboard(
        client: TestClient, world: World) -> None:
    """``/tapp stats web`` builds the address (bot.standings.messages); the app serves it."""
    from bot.settings import WebAccess
    from bot.standings.messages import web_text

    text = web_text("http://tapp.example.org", PUBLIC, WebAccess.PUBLIC, "en")
    path = text.rsplit("http://tapp.example.org", 1)[1]
    shown = await page(client, path)
    assert shown.title.startswith("Leaderboard")
