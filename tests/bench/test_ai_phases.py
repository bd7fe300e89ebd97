"""The per-phase table of ``bench ai``: every decision charged with what it cost
against the clairvoyant bound."""

from __future__ import annotations

import random

import pytest

from bench import ai_phases as ph
from bot.ai import Player, main_actions, make_player
from bot.ai.oracle import ClairvoyantPlayer
from bot.ai.selfplay import play_deal
from bot.engine import Action, Deal, Phase


def _seats(deal: Deal, seed: int) -> list[Player]:
    return [make_player("easy", random.Random(seed * 10 + s)) for s in range(deal.n)]


@pytest.mark.parametrize(("variant", "n", "seed"), [("zuger", 4, 9000), ("tapp1879", 3, 9001),
                                                    ("dapp", 4, 9002)])
def test_charges_add_up_to_the_bound_minus_the_player(variant: str, n: int,
                                                      seed: int) -> None:
    # the baseline in seat 0: its charges sum to bound - easy on the deal, and the
    # bound's value at its first decision is the bound's own game
    def deal() -> Deal:
        return Deal.new(variant, players=n, dealer=seed % n, rng=random.Random(seed))

    game = deal()
    seats = _seats(game, seed)
    recorder = ph.Recorder(make_player("easy", random.Random(seed)), game)
    played = list(seats)
    played[0] = recorder
    easy = play_deal(game, played).payments[0]
    rows, start = ph.losses(recorder.decisions, 0, seats, easy)
    bound_game = deal()
    others = _seats(bound_game, seed)
    played = list(others)
    played[0] = ClairvoyantPlayer(bound_game, 0, others)
    bound = play_deal(bound_game, played).payments[0]
    assert start == bound
    assert sum(r[2] for r in rows.values()) == bound - easy
    assert sum(r[0] for r in rows.values()) == len(recorder.decisions)
    assert any(key.startswith("play ") for key in rows)


def test_the_bound_itself_is_charged_nothing() -> None:
    game = Deal.new("zuger", players=4, dealer=1, rng=random.Random(9001))
    seats = _seats(game, 9001)
    recorder = ph.Recorder(ClairvoyantPlayer(game, 0, seats), game)
    played = list(seats)
    played[0] = recorder
    pay = play_deal(game, played).payments[0]
    rows, start = ph.losses(recorder.decisions, 0, seats, pay)
    assert start == pay
    assert all(r[1] == 0 and r[2] == 0 for r in rows.values())


def test_phase_keys_name_the_phase_the_role_and_the_trick() -> None:
    game = Deal.new("zuger", players=4, dealer=0, rng=random.Random(3))
    seats = _seats(game, 3)
    keys: list[str] = []
    while not game.is_over:
        seat = next(s for s in game.to_act() if main_actions(game.view(s)))
        view = game.view(seat)
        action = seats[seat].choose(view)
        keys.append(ph.phase_key(view, action, False))
        if view.phase is Phase.PLAY:
            assert keys[-1] == f"play {ph.role(view)} {len(view.tricks) + 1}"
            assert ph.role(view) == ("declarer" if seat == view.declarer else
                                     "none" if view.declarer is None else
                                     "partner" if seat == view.called_from else "defender")
        game.apply(seat, action)
    assert keys[0] == "auction"
    result = game.outcome()
    assert result is not None and result.tricks
    plays = [k for k in keys if k.startswith("play ")]
    assert plays[0].endswith(" 1") and plays[-1].endswith(f" {len(result.tricks)}")
    kontra = game.view(0)
    assert ph.phase_key(kontra, None, True) == "kontra"
    assert ph.phase_key(kontra, Action.kontra(), False) == "kontra"


def test_phase_table_sums_rows_into_groups() -> None:
    rows = {0: {"auction": [1, 1, 2.0], "play declarer 1": [1, 0, 0.0],
                "play declarer 2": [1, 1, 3.0]},
            1: {"auction": [2, 0, -1.0], "discard": [1, 1, 4.0],
                "play defender 10": [1, 1, 1.0], "play defender 9": [1, 0, 1.0]}}
    table = ph.phase_table(rows, 2)
    assert table["rows"]["auction"] == {"decisions": 3, "bound_differs": 1,
                                        "chips_per_deal": 0.5}
    assert list(table["rows"]) == ["auction", "discard", "play declarer 1",
                                   "play declarer 2", "play defender 9", "play defender 10"]
    assert table["groups"] == {
        "auction": {"decisions": 3, "bound_differs": 1, "chips_per_deal": 0.5},
        "before play": {"decisions": 1, "bound_differs": 1, "chips_per_deal": 2.0},
        "play declarer": {"decisions": 2, "bound_differs": 1, "chips_per_deal": 1.5},
        "play defender": {"decisions": 2, "bound_differs": 1, "chips_per_deal": 1.0}}
