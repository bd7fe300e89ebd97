"""The custom_id scheme: ``tapp:t:<table>:<deal>.<ply>:<token>``."""

from __future__ import annotations

import random

import pytest

from bot.connection.custom_ids import MAX_LENGTH
from bot.engine import Deal
from bot.engine.playout import random_action
from bot.tables.ids import VERBS, ComponentId, Stamp, custom_id


def test_round_trip_of_actions_verbs_and_picks() -> None:
    for stamp in (Stamp(0, 0), Stamp(12, 345), None):
        for token in ("bid:solo", "play:TH", "kontra", "discard:6H.AS.9C.QS", "pick.call.2",
                      *VERBS):
            text = custom_id(9_007_199_254, stamp, token)
            assert ComponentId.parse(text) == ComponentId(9_007_199_254, stamp, token)
            assert text.startswith("tapp:t:9007199254:")


def test_a_select_names_its_kind() -> None:
    assert ComponentId(1, Stamp(0, 1), "pick.discard").pick_kind == "discard"
    assert ComponentId(1, Stamp(0, 1), "pick.call.2").pick_kind == "call"
    assert ComponentId(1, None, "hand").is_verb and ComponentId(1, None, "hand").pick_kind is None


def test_ids_posted_before_the_one_format_still_read() -> None:
    assert ComponentId.parse("tapp:12:3.45:play:TH") == ComponentId(12, Stamp(3, 45), "play:TH")
    assert ComponentId.parse("tapp:12:-:hand") == ComponentId(12, None, "hand")


@pytest.mark.parametrize("text", ["tapp:1:0.1", "tapp:x:0.1:play:TH", "other:1:0.1:kontra",
                                  "tapp:1:0:kontra", "tapp:1:0.1:play TH", "tapp:1:0.1:",
                                  "tapp:t:1:0:kontra", "tapp:t:x:0.1:kontra"])
def test_other_ids_are_not_table_components(text: str) -> None:
    assert ComponentId.parse(text) is None


def test_every_action_of_random_deals_fits_a_custom_id() -> None:
    rng = random.Random(4)
    for variant, players in (("zuger", 4), ("tapp1879", 3), ("dapp", 6), ("wuerttemberg", 3)):
        for _ in range(5):
            deal = Deal.new(variant, players=players, rng=rng)
            while not deal.is_over:
                for seat in deal.to_act():
                    for action in deal.legal_actions(seat):
                        text = custom_id(2**63 - 1, Stamp(999_999, deal.ply), action.token)
                        assert len(text) <= MAX_LENGTH
                seat, action = random_action(deal, rng)
                deal.apply(seat, action)
