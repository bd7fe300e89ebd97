"""What the table and a member's panel tell them: an outranked Württemberg declaration
and a called card that went to the declarer, and a Tapp 1879 session whose chips on
screen add up with the pot."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from bot.display.table_messages import closed_message, result_message
from bot.engine import Action, ActionType, Deal
from bot.engine.playout import random_action
from bot.i18n.words import Words
from bot.store import Store
from bot.tables import DealOver, Stamp, TableOver
from bot.tables.state import HandContext
from bot.ui.hand_messages import hand_panel
from tests.tables.test_service import act_as_ai, service, started

NAMES = ("alice", "Computer 2", "Computer 3", "Computer 4")


def _outranked_deal() -> tuple[Deal, int, int]:
    """A Württemberg deal where seat 0 declared a game, another seat won the auction
    with a Rufer and called a card seat 0 held: (deal, declarer, ply) once play begins."""
    for seed in range(2000):
        rng = random.Random(seed)
        deal = Deal.new("wuerttemberg", players=4, rng=random.Random(seed))
        while not deal.is_over and deal.view(0).phase.value not in ("play",):
            seat = deal.view(0).actor
            assert seat is not None
            legal = deal.legal_actions(seat)
            games = [a for a in legal if a.type is ActionType.DECLARE]
            if seat == 0 and any(a.value == "spiele" for a in legal):
                action = Action.bid("spiele")
            elif seat == 0 and games:
                action = min(games, key=lambda a: len(a.value or ""))
            elif games and any(a.value == "rufer" for a in games):
                action = next(a for a in games if a.value == "rufer")
            elif any(a.value == "spiele" for a in legal):
                action = Action.bid("spiele")
            else:
                action = rng.choice([a for a in legal if a.type not in (
                    ActionType.KONTRA, ActionType.REKONTRA)])
            deal.apply(seat, action)
        view = deal.view(0)
        if (not deal.is_over and view.declarer not in (None, 0)
                and view.called_from == 0 and view.contract == "rufer"):
            return deal, view.declarer, deal.ply
    raise AssertionError("no such deal in 2000 seeds")


def test_an_outranked_declaration_and_a_called_card_are_told() -> None:
    deal, declarer, ply = _outranked_deal()
    words = Words(None, "wuerttemberg", "german")
    mine = [a for s, a in deal.view(0).auction if s == 0 and a.type is ActionType.DECLARE]
    ctx = HandContext(3, Stamp(0, ply), 0, deal.view(0), NAMES, "german", None)
    text = hand_panel(ctx, words).description
    said = words.action(mine[-1])
    assert f"You said {said}; {NAMES[declarer]} won the auction with Rufer." in text
    view = deal.view(0)
    assert view.called_card is not None and view.exchange_card is not None
    called, got = words.card(view.called_card), words.card(view.exchange_card)
    assert f"{NAMES[declarer]} called your {called}: you handed it over." in text
    assert f"You got {got} in exchange." in text
    declarer_text = hand_panel(HandContext(3, Stamp(0, ply), declarer, deal.view(declarer),
                                           NAMES, "german", None), words).description
    assert f"**You gave** {got} **for the called card.**" in declarer_text
    assert "won the auction" not in declarer_text


@pytest.fixture
async def store(tmp_path: Path) -> AsyncIterator[Store]:
    s = await Store.open(tmp_path / "t.sqlite3")
    yield s
    await s.close()


def _number(shown: str) -> int:
    """An amount as the messages show it: ``+5``, ``\u22123`` (the minus sign), ``0``."""
    assert "-" not in shown, shown  # never a hyphen
    return int(shown.replace("\u2212", "-"))


def _amounts(line: str) -> dict[str, int]:
    return {name: _number(n) for name, n in re.findall(r"(\w+) ([+\u2212-]?\d+)", line)}


async def test_a_tapp1879_session_adds_up_on_screen(store: Store) -> None:
    """Every result says what each seat paid or got this deal and the pot before, after
    and its change; the deal's amounts and the pot's change sum to zero, the session so
    far is the sum of the deals, and the closing adds the pot's shares to it."""
    svc, display = service(store)
    tid = await started(svc, "tapp1879", members=3)
    live = await svc.table(tid)
    while len([e for e in display.events if isinstance(e, DealOver)]) < 4:
        await act_as_ai(svc, tid)
    assert await svc.play.end(tid, 100, now=True) == "end.closed"
    words = Words(None, "tapp1879")
    totals = {name: 0 for name in live.names()}
    pot = 0
    for event in display.events:
        if isinstance(event, DealOver):
            lines = result_message(event, words, "french").description.splitlines()
            paid = _amounts(next(line for line in lines if line.startswith("This deal:")))
            before, after, change = map(_number, re.search(
                r"Pot: (\d+) → (\d+) \(([+\u2212-]?\d+) this deal\)", "\n".join(lines)).groups())
            assert before == pot and after == before + change
            assert sum(paid.values()) + change == 0  # what the players paid, the pot took
            pot = after
            for name, amount in paid.items():
                totals[name] += amount
            shown = _amounts(next(line for line in lines if line.startswith("Session so far")))
            assert shown == totals
        elif isinstance(event, TableOver):
            text = closed_message(event, words).description
            final = {m[1]: _number(m[2])
                     for m in re.finditer(r"\d+\. (\w+) ([+\u2212-]?\d+)", text)}
            shares = (_amounts(text.split("The pot was shared: ")[1]) if pot else {})
            assert sum(shares.values()) == pot  # the whole pot, to the players
            assert final == {n: totals[n] + shares.get(n, 0) for n in totals}


@pytest.mark.parametrize("variant,players", [("zuger", 4), ("tapp1879", 3), ("dapp", 4),
                                             ("wuerttemberg", 4)])
@pytest.mark.parametrize("language", [None, "de", "sv"])
def test_the_panel_explains_every_word_it_offers(variant: str, players: int,
                                                 language: str | None) -> None:
    """On their turn in the auction a member reads, under the buttons' words, one line
    per offered word saying what it means; once a contract stands it is explained too,
    from the reader's side."""
    words = Words(language, variant, "french")
    for seed in range(30):
        deal = Deal.new(variant, players=players, rng=random.Random(seed))
        rng = random.Random(seed)
        while not deal.is_over:
            seat, action = random_action(deal, rng)
            view = deal.view(seat)
            text = hand_panel(HandContext(1, Stamp(0, deal.ply), seat, view, NAMES[:players],
                                          "french", language), words).description
            for offered in view.legal:
                explained = words.hint(offered)
                if explained is not None:
                    assert f"› **{words.action(offered)}**: {explained}" in text
            if view.contract is not None and words.hint(view.contract) is not None:
                declarer = view.declarer
                explained = (words.hint(view.contract) if declarer in (None, seat)
                             else words.declared(view.contract, NAMES[declarer]))
                assert f"*{explained}*" in text
            deal.apply(seat, action)


@pytest.mark.parametrize("variant", ["zuger", "tapp1879", "dapp", "wuerttemberg"])
def test_the_contract_is_told_from_each_readers_side(variant: str) -> None:
    """The declarer's panel says "you name trump..."; every other player's names the
    declarer ("Computer 4 names trump and needs 65"), never "you"."""
    for seed in range(500):
        deal = Deal.new(variant, rng=random.Random(seed))
        rng = random.Random(seed)
        while not deal.is_over and deal.view(0).phase.value != "play":
            deal.apply(*random_action(deal, rng))
        view = deal.view(0)
        if not deal.is_over and view.declarer is not None and view.contract != "ramsch":
            break
    else:
        raise AssertionError("no declared contract in 500 seeds")
    words = Words("en", variant)
    declarer, contract = view.declarer, view.contract
    players = len(deal.hands)
    names = NAMES[:players]
    mine = words.hint(contract, view.options)
    theirs = words.declared(contract, names[declarer], view.options)
    assert mine and theirs
    for seat in range(players):
        ctx = HandContext(3, Stamp(0, deal.ply), seat, deal.view(seat), names, "french", None)
        text = hand_panel(ctx, Words("en", variant)).description
        if seat == declarer:
            assert f"*{mine}*" in text and theirs not in text
        else:
            assert f"*{theirs}*" in text and mine not in text
