"""Dapp (``dapp.md``): kontra and rekontra, who may say them and when, and what they
multiply."""

from __future__ import annotations

import pytest

from bot.engine import Action, IllegalAction, Phase

from . import scenarios_dapp as S
from .dapp_helpers import dapp, fixed
from .helpers import legal_tokens, main_actor, run

# -- kontra / rekontra -------------------------------------------------------------------

def test_dapp_no_kontra_before_the_contract_is_fixed():
    deal = dapp(4)
    for seat in range(4):
        assert not deal.is_legal(seat, Action.kontra())
    run(deal, "bid:play bid:pass bid:pass bid:pass")
    assert deal.phase is Phase.CONTRACT and deal.to_act() == (0,)
    with pytest.raises(IllegalAction):
        deal.apply(1, Action.kontra())


def test_dapp_kontra_by_an_opponent_once_the_contract_is_fixed():
    deal = fixed("normal")
    assert deal.phase is Phase.TRUMP
    assert deal.to_act() == (0, 1, 2, 3)
    assert "kontra" not in legal_tokens(deal, 0)  # the declarer
    for seat in (1, 2, 3):
        assert legal_tokens(deal, seat) == ["kontra"]
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.kontra())
    run(deal, "kontra@3")
    assert deal.public_view().announcements == ("kontra",)
    assert deal.public_view().kontra_by == 3
    assert deal.phase is Phase.TRUMP and main_actor(deal) == 0  # it blocks nobody


def test_dapp_kontra_once_per_deal():
    deal = fixed("herz")
    run(deal, "kontra@1")
    for seat in (1, 2, 3):
        assert not deal.is_legal(seat, Action.kontra())
    with pytest.raises(IllegalAction):
        deal.apply(2, Action.kontra())


def test_dapp_kontra_until_the_first_card():
    deal = fixed("herz")
    assert main_actor(deal) == 0  # forehand (here the declarer) leads
    run(deal, sorted(a.argument for a in deal.legal_actions(0) if a.argument)[0])
    for seat in range(4):
        assert not deal.is_legal(seat, Action.kontra())
    with pytest.raises(IllegalAction):
        deal.apply(2, Action.kontra())


def test_dapp_rekontra_only_by_the_declarer_after_kontra():
    deal = fixed("herz")
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.rekontra())
    run(deal, "kontra@2")
    assert "rekontra" in legal_tokens(deal, 0)
    for seat in (1, 2, 3):
        assert not deal.is_legal(seat, Action.rekontra())
    run(deal, "rekontra@0")
    assert deal.public_view().announcements == ("kontra", "rekontra")
    assert not deal.is_legal(0, Action.rekontra())


def test_dapp_rekontra_until_the_first_trick_is_complete():
    deal = fixed("herz")
    run(deal, "kontra@1")
    for _ in range(3):
        seat = main_actor(deal)
        deal.apply(seat, deal.legal_actions(seat)[0] if seat != 0 else
                   next(a for a in deal.legal_actions(0) if a.token != "rekontra"))
        assert deal.is_legal(0, Action.rekontra())
    seat = main_actor(deal)
    deal.apply(seat, next(a for a in deal.legal_actions(seat) if a.token != "rekontra"))
    assert len(deal.public_view().tricks) == 1
    assert not deal.is_legal(0, Action.rekontra())
    with pytest.raises(IllegalAction):
        deal.apply(0, Action.rekontra())


def test_dapp_ramsch_any_player_kontra_any_other_rekontra():
    deal = dapp(4)
    run(deal, "bid:pass " * 4)
    assert deal.to_act() == (0, 1, 2, 3)
    for seat in range(4):
        assert "kontra" in legal_tokens(deal, seat)
    run(deal, "kontra@0")  # forehand, who also leads
    assert not deal.is_legal(0, Action.rekontra())
    for seat in (1, 2, 3):
        assert deal.is_legal(seat, Action.rekontra())
    run(deal, "rekontra@2")
    assert not deal.is_legal(3, Action.rekontra())


def test_dapp_kontra_doubles_and_rekontra_doubles_again():
    sc = S.DAPP_NORMAL_80
    contract, trump = sc.auction.split()[-2:]
    base = " ".join(sc.auction.split()[:-1])
    assert sc.result()["payments"] == [2, -1, -1]
    res = sc.result(auction=f"{base} kontra@1 {trump}")
    assert res["payments"] == [4, -2, -2] and res["multipliers"] == ["kontra"]
    assert res["announcements"] == ["kontra"]
    res = sc.result(auction=f"{base} kontra@2 {trump} rekontra@0")
    assert res["payments"] == [8, -4, -4] and res["multipliers"] == ["kontra", "rekontra"]


def test_dapp_kontra_rekontra_and_schneider_multiply():
    sc = S.DAPP_NORMAL_81
    base = " ".join(sc.auction.split()[:-1])
    trump = sc.auction.split()[-1]
    res = sc.result(auction=f"{base} {trump} kontra@1 rekontra@0")
    assert res["payments"] == [16, -8, -8]
    assert res["multipliers"] == ["kontra", "rekontra", "schneider"]


def test_dapp_ramsch_kontra_and_rekontra_double_the_value():
    sc = S.DAPP_RAMSCH4_TIE_LAST
    res = sc.result(auction=sc.auction + " kontra@2 rekontra@3")
    assert res["payments"] == [4, -16, 4, 8]
    assert res["multipliers"] == ["kontra", "rekontra", "jungfrau"]
