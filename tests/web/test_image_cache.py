"""A settled deal's pictures never change: a strong ETag, kept a year (``public`` only
where every visitor may see them, else ``private``), 304 when the browser has them, and
still drawn once in the web process. A hidden picture is refused before any 304."""

from __future__ import annotations

from aiohttp.test_utils import TestClient

from bot.web.app import PAGES

from .conftest import MEMBERS, PUBLIC, TEST_USER, World

YEAR = "max-age=31536000, immutable"


async def test_a_public_deals_picture_is_cached_a_year_and_revalidated(
        client: TestClient, world: World) -> None:
    path = f"/servers/{PUBLIC}/deals/{world.settled[0].deal.deal_id}/images/trick-01.jpg"
    first = await client.get(path)
    body = await first.read()
    tag = first.headers["ETag"]
    assert first.status == 200 and body
    assert tag.startswith('"') and tag.endswith('"') and not tag.startswith("W/")  # strong
    assert first.headers["Cache-Control"] == f"public, {YEAR}"
    for header in (tag, f'"other", {tag}', f"W/{tag}", "*"):
        again = await client.get(path, headers={"If-None-Match": header})
        assert again.status == 304, header
        assert await again.read() == b""
        assert again.headers["ETag"] == tag
        assert again.headers["Cache-Control"] == f"public, {YEAR}"
    changed = await client.get(path, headers={"If-None-Match": '"something-else"'})
    assert changed.status == 200 and await changed.read() == body
    other = await client.get(path.replace("trick-01", "hands"))
    assert other.headers["ETag"] != tag  # each picture its own
    german = await client.get(path + "?l=de")
    assert german.headers["ETag"] != tag  # another language, other pixels
    assert client.app[PAGES].replays.drawn == 2  # (en, de): drawn once each, kept


async def test_a_members_only_picture_is_kept_by_the_members_browser_only(
        client: TestClient, world: World) -> None:
    path = (f"/servers/{MEMBERS}/deals/{world.members_deal.deal.deal_id}"
            "/images/hands.jpg")
    member = {TEST_USER: "21"}
    first = await client.get(path, cookies=member)
    assert first.status == 200
    assert first.headers["Cache-Control"] == f"private, {YEAR}"
    tag = first.headers["ETag"]
    again = await client.get(path, cookies=member, headers={"If-None-Match": tag})
    assert again.status == 304
    # the right validator opens nothing to those who may not see it
    client.session.cookie_jar.clear()
    assert (await client.get(path, headers={"If-None-Match": tag})).status == 403
    outsider = await client.get(path, cookies={TEST_USER: "11"},
                                headers={"If-None-Match": "*"})
    assert outsider.status == 403 and "ETag" not in outsider.headers


async def test_no_304_for_a_deal_in_play(client: TestClient, world: World) -> None:
    path = f"/servers/{PUBLIC}/deals/{world.in_play.deal_id}/images/hands.jpg"
    response = await client.get(path, headers={"If-None-Match": "*"})
    assert response.status == 404 and "ETag" not in response.headers
