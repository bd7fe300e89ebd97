"""The embeds: catalogue words, signs, mentions, and Discord's size limits."""

from __future__ import annotations

import pytest

from bot.standings import BoardKey, HistoryKey, StandingsService
from bot.standings.messages import (
    board_embed,
    clip,
    history_embed,
    history_line,
    signed,
    stats_embed,
)
from bot.standings.models import HistoryEntry, HistoryPage
from bot.store import Period, Store


def entry(**fields: object) -> HistoryEntry:
    base: dict[str, object] = dict(deal_id=1, ended_at=1715767200.0, variant="zuger",
                                   contract="solo", status="finished", declarer_user_id=11,
                                   declarer_name="anna", won=True, chips=6)
    return HistoryEntry(**(base | fields))  # type: ignore[arg-type]


def test_signs() -> None:
    assert (signed(3), signed(0), signed(-4)) == ("+3", "0", "\u22124")


async def test_a_board_page_with_the_viewer_off_it(store: Store, deals: dict[str, int]) -> None:
    page = await StandingsService(store, page_size=2).board(BoardKey(1, None, Period.DAYS_30),
                                                            viewer_id=14)
    embed = board_embed(page, "en-US")
    assert embed.title == "Leaderboard · all variants · last 30 days"
    assert embed.description == (
        "**1.** <@11> · **+6 chips** · 4 deals · declarer 2 won, 0 lost\n"
        "**2.** <@13> · **+1 chip** · 5 deals · declarer 0 won, 1 lost")
    [you] = embed.fields
    assert you.name == "Your rank"
    assert you.value == "**3.** of 4 · **\u22121 chip** · 5 deals · declarer 1 won, 0 lost"
    assert embed.footer.text == "Page 1/2 · 4 players · computer players are not ranked"


async def test_the_viewer_is_marked_on_the_page(store: Store, deals: dict[str, int]) -> None:
    page = await StandingsService(store).board(BoardKey(1, "dapp", Period.ALL), viewer_id=12)
    embed = board_embed(page, None)
    assert embed.title == "Leaderboard · Dapp · all time"
    assert "<@12> (you)" in (embed.description or "")
    empty = await StandingsService(store).board(BoardKey(1, "tapp1879", Period.ALL), 12)
    text = board_embed(empty, None)
    assert text.description == "No deals have been settled on this server in this period yet."
    assert text.fields[0].value == "You have no settled deals in this period."


@pytest.mark.parametrize(("fields", "game"), [
    ({}, "Solo by <@11>, won"),
    ({"won": False, "chips": -3}, "Solo by <@11>, lost"),
    ({"won": None, "contract": "super"}, "Super by <@11>, a draw"),
    ({"declarer_user_id": None, "declarer_name": "Computer *2*"}, "Solo by Computer \\*2\\*, won"),
    ({"contract": "ramsch", "declarer_name": None, "declarer_user_id": None, "variant": "dapp"},
     "Ramsch"),
    ({"contract": None, "status": "thrown_in", "declarer_name": None}, "thrown in"),
])
def test_history_lines(fields: dict[str, object], game: str) -> None:
    e = entry(**fields)
    line = history_line(3, e, "en")
    assert line == f"**3.** <t:1715767200:d> · {'Dapp' if e.variant == 'dapp' else 'Zuger Tapp'}" \
                   f" · {game} · **{signed(e.chips)}**"


def test_a_long_history_stays_within_the_embed_limit() -> None:
    entries = tuple(entry(declarer_name="_*" * 150, declarer_user_id=None) for _ in range(30))
    embed = history_embed(HistoryPage(HistoryKey(1, 2), entries, True), "anna", "en")
    assert len(embed.description or "") <= 4096
    assert (embed.description or "").endswith("…")
    assert embed.footer.text == "Page 1 · a button replays that deal (only you see it)"
    assert clip(["a", "b"], 10) == "a\nb"


async def test_stats_embeds(store: Store, deals: dict[str, int]) -> None:
    stats = await StandingsService(store).stats(1, 14)
    embed = stats_embed(stats, "dora", "en", chart="chart.png")
    fields = {f.name: f.value for f in embed.fields}
    assert fields == {
        "Net chips": "+9 chips", "Deals": "6", "As declarer": "2 games: 2 won, 0 lost",
        "Best deal": f"**+10** in deal {deals['E']}",
        "Worst deal": f"**\u22122** in deal {deals['D']}",
        "Ramsch": "1 deal · Jungfrau: 1",
        "Declarer games by contract": "Zuger Tapp · Solo: 1 game, 1 won, 0 lost · +2 chips\n"
                                      "Zuger Tapp · Super: 1 game, 1 won, 0 lost · +10 chips",
    }
    assert embed.image.url == "attachment://chart.png"
    nobody = stats_embed(await StandingsService(store).stats(1, 99), "zed", "en")
    assert nobody.description == "zed has no settled deals on this server yet."
    assert nobody.fields == [] and nobody.image.url is None


def test_the_web_pages_address_or_why_there_is_none() -> None:
    from bot.settings import WebAccess
    from bot.standings.messages import web_text

    base = "https://tapp.example.org/"
    assert web_text(base, 42, WebAccess.PUBLIC, "en") == \
        "This server's standings and replays: https://tapp.example.org/servers/42"
    assert "(sign in with Discord): https://tapp.example.org/servers/42" in web_text(
        base, 42, WebAccess.MEMBERS, "en")
    assert "/servers/" not in web_text(base, 42, WebAccess.OFF, "en")
    assert "/tapp settings set web:" in web_text(base, 42, WebAccess.OFF, "en")
    assert "TAPP_WEB_URL" in web_text(None, 42, WebAccess.PUBLIC, "de")
    assert web_text(base, 42, WebAccess.PUBLIC, "sv").startswith("Den här serverns")
