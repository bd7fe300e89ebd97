"""What the thread and the panels say around the end of a deal (issue 33's papercuts):
the result tells the deal's last trick and a ``verify`` command to paste as it is,
every amount has the same minus sign, *Last trick* appears once there is one, the
result's running totals agree with its deal before a pot is shared, and a hint says the
deal's own threshold instead of a table option."""

from __future__ import annotations

import random
import re
import shlex

import pytest

from bot.cli import verify as verify_cli
from bot.display.table_messages import closed_message, result_message, table_message
from bot.engine import Action, ActionType, Deal
from bot.engine.playout import random_action
from bot.engine.session import Session
from bot.i18n import signed
from bot.i18n.words import Words
from bot.tables.core import deal_chips
from bot.tables.ids import ComponentId, Stamp
from bot.tables.state import DealOver, HandContext, Shuffle, TableOver
from bot.ui.hand_messages import hand_panel
from renderer.labels import as_labels
from renderer.result import describe_result
from tests.display.test_table_messages import NAMES, state_of

SEED = bytes(range(32))


def played(variant: str = "zuger", players: int = 4, seed: int = 3, **options: object) -> Deal:
    rng = random.Random(seed)
    deal = Deal.new(variant, players=players, dealer=0, seed=SEED, **options)
    while not deal.is_over:
        deal.apply(*random_action(deal, rng))
    return deal


def over(deal: Deal, chips: tuple[int, ...] | None = None) -> DealOver:
    shuffle = Shuffle.of(SEED.hex(), __import__("hashlib").sha256(SEED).hexdigest())
    return DealOver(3, 7, Stamp(0, deal.ply), deal.public_view(), NAMES[:deal.n],
                    chips or tuple(deal.outcome().payments), shuffle=shuffle)


def played_out() -> Deal:
    """A deal with tricks played, whatever the random auction chose."""
    for seed in range(50):
        deal = played(seed=seed)
        if deal.public_view().tricks:
            return deal
    raise AssertionError("no deal with tricks in 50 seeds")


def test_the_result_tells_the_deals_last_trick() -> None:
    deal = played_out()
    view = deal.public_view()
    last = view.tricks[-1]
    text = result_message(over(deal), Words(None, "zuger"), "french").description
    [line] = [line for line in text.splitlines() if line.startswith(f"**Trick {len(view.tricks)}:")]
    assert line.endswith(f"; {NAMES[last.winner]} takes it")
    words = Words(None, "zuger")
    assert all(words.card(c) in line for c in last.cards)


def test_the_verify_hint_is_one_command_that_checks_the_deal(
        capsys: pytest.CaptureFixture[str]) -> None:
    deal = played_out()
    text = result_message(over(deal), Words(None, "zuger"), "french").description
    [command] = re.findall(r"`(python -m bot verify [^`]+)`", text)
    args = shlex.split(command)[4:]
    assert args[args.index("--seed") + 1] == SEED.hex()
    assert "--commitment" in args
    assert verify_cli.main(args) == 0  # pasted as it is: the seed and the commitment match
    assert "commitment" in capsys.readouterr().out
    wrong = [*args[:-1], "0" * 64]  # another commitment: verify says it does not match
    assert verify_cli.main(wrong) == 1


def test_every_amount_has_the_minus_sign() -> None:
    deal = played_out()
    losses = tuple(-1 - s for s in range(deal.n))
    result = result_message(over(deal, losses), Words(None, "zuger"), "french").description
    table = table_message(state_of(deal, Stamp(0, deal.ply)), Words(None, "zuger"))
    closed = closed_message(TableOver(3, False, NAMES[:3], (4, -1, -3), (1, 0, -1)),
                            Words(None, "tapp1879")).description
    alt = describe_result(deal.public_view(), NAMES[:deal.n], as_labels(None))
    for text in (result, closed, alt):
        assert re.search(r"\u2212\d", text) and not re.search(r"(?<![\w-])-\d", text), text
    assert signed(-3) == "\u22123" and signed(2) == "+2" and signed(0) == "0"
    # the table's seats: chips as the result and the image show them
    state = state_of(deal, Stamp(0, deal.ply))
    from dataclasses import replace
    table = table_message(replace(state, chips=(-2, 0, 1, 1)), Words(None, "zuger"))
    assert "· \u22122 chips" in table.description and "· +1 chip" in table.description


def test_last_trick_is_offered_once_a_trick_is_over() -> None:
    rng = random.Random(5)
    for _ in range(20):
        deal = Deal.new("zuger", players=4, dealer=0, rng=rng)
        while not deal.is_over:
            tokens = {ComponentId.parse(c.custom_id).token  # type: ignore[union-attr]
                      for c in table_message(state_of(deal, Stamp(0, deal.ply)),
                                             Words(None, "zuger")).components}
            assert ("last" in tokens) == bool(deal.public_view().tricks)
            deal.apply(*random_action(deal, rng))


def test_the_results_totals_are_the_deals_before_the_pot_is_shared() -> None:
    """Tapp 1879: the deal that ends the session shares the pot out; its result's
    "Session so far" adds up its deals (as after a restart), the closing tells the share."""
    rng = random.Random(2)
    session = Session.new("tapp1879", players=3, rng=rng)
    while True:
        deal = session.start_deal(seed=rng.randbytes(32))
        while not deal.is_over:
            deal.apply(*random_action(deal, rng))
        session.finish_deal()
        if session.pot:
            break
    before = tuple(session.chips)
    session.close()  # the end was called: this deal was the last
    assert session.pot_shares and any(session.pot_shares)
    assert tuple(session.chips) != before
    assert deal_chips(session) == before
    open_session = Session.new("tapp1879", players=3, rng=rng)
    assert deal_chips(open_session) == tuple(open_session.chips)


def tapp_bid_hint(threshold: int | None) -> str:
    options = {} if threshold is None else {"tapp_threshold": threshold}
    rng = random.Random(1)
    for _ in range(200):
        deal = Deal.new("zuger", players=4, dealer=0, rng=rng, **options)
        while not deal.is_over:
            view = deal.view(deal.public_view().actor or 0)
            tapp = Action(ActionType.BID, "tapp")
            if view.actor == view.seat and any(a.token == tapp.token for a in view.legal):
                words = Words(None, "zuger")
                ctx = HandContext(3, Stamp(0, deal.ply), view.seat, view, NAMES[:4], "swiss")
                panel = hand_panel(ctx, words).description
                [line] = [line for line in panel.splitlines() if line.startswith("› **Tapp**")]
                return line
            deal.apply(*random_action(deal, rng))
    raise AssertionError("no Tapp bid offered")


def test_the_tapp_hint_says_the_deals_own_threshold() -> None:
    """The deal of the day has no table: its hint says the deal's threshold, as a
    table's does, and no table option."""
    assert "; 61 points win." in tapp_bid_hint(None)
    assert "; 65 points win." in tapp_bid_hint(65)
    assert "table option" not in tapp_bid_hint(None)
