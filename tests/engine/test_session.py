"""The session layer: dealer rotation, chips and pot across deals, and the endings."""

from __future__ import annotations

import random

import pytest

from bot.engine import Deal, IllegalAction
from bot.engine.cards import CARD_NAMES, DECK32, DECK36, iter_bits
from bot.engine.playout import play_out
from bot.engine.session import Ending, Session


def play_deal(session: Session, rng: random.Random) -> Deal:
    deal = session.start_deal(rng)
    play_out(deal, rng)
    session.finish_deal()
    return deal


def deal_with_card(session: Session, card: str, seat: int | None) -> Deal:
    """Adopt, as the session's next deal, one in which ``card`` lies with ``seat``
    (``None``: in the talon)."""
    v = Deal.new(session.variant, players=session.players, **session.deal_options()).v
    names = [CARD_NAMES[c] for c in iter_bits(DECK36 if v.deck == 36 else DECK32)]
    names.remove(card)
    names.insert(v.players * v.hand_size if seat is None else seat * v.hand_size, card)
    hands = [names[i * v.hand_size:(i + 1) * v.hand_size] for i in range(v.players)]
    talon = names[v.players * v.hand_size:]
    deal = Deal.from_hands(session.variant, hands, talon, dealer=session.dealer,
                           players=session.players, **session.deal_options())
    session.adopt_deal(deal)
    return deal


def test_first_dealer_is_drawn_from_the_injected_rng() -> None:
    dealers = {Session.new("zuger", rng=random.Random(seed)).dealer for seed in range(40)}
    assert dealers == {0, 1, 2, 3}
    assert Session.new("zuger", first_dealer=2).dealer == 2


@pytest.mark.parametrize(("variant", "players"), [("zuger", 4), ("tapp1879", 3),
                                                  ("dapp", 5), ("wuerttemberg", 3)])
def test_deal_passes_to_the_next_seat_also_after_a_thrown_in_deal(variant: str,
                                                                  players: int) -> None:
    rng = random.Random(7)
    session = Session.new(variant, players=players, rng=rng)
    for _ in range(3 * players):
        before = session.dealer
        deal = play_deal(session, rng)
        assert deal.dealer == before
        assert session.dealer == (before + 1) % players


@pytest.mark.parametrize(("variant", "players"), [("zuger", 4), ("tapp1879", 3),
                                                  ("dapp", 4), ("wuerttemberg", 4)])
def test_chips_and_pot_are_conserved_across_deals(variant: str, players: int) -> None:
    rng = random.Random(11)
    session = Session.new(variant, players=players, rng=rng)
    total = [0] * players
    for _ in range(20):
        deal = play_deal(session, rng)
        result = deal.outcome()
        assert result is not None
        total = [t + p for t, p in zip(total, result.payments, strict=True)]
        assert session.chips == total
        assert sum(session.chips) + session.pot == 0


def test_tapp1879_pot_is_carried_into_the_next_deal() -> None:
    rng = random.Random(5)
    session = Session.new("tapp1879", rng=rng)
    previous_pot = 0
    for _ in range(10):
        deal = session.start_deal(rng)
        assert deal.pot_before == previous_pot
        play_out(deal, rng)
        session.finish_deal()
        previous_pot = session.pot
        assert deal.outcome().pot == session.pot  # type: ignore[union-attr]


def test_tapp1879_pot_is_shared_with_the_remainder_to_the_biggest_losers() -> None:
    session = Session.new("tapp1879", first_dealer=0)
    session.chips = [-3, 5, -12]
    session.pot = 10  # conserved: -3 + 5 - 12 + 10 == 0
    session.request_end()
    assert session.is_over
    # 10 = 3 each, one chip left: to the lowest balance (seat 2)
    assert session.pot_shares == [3, 3, 4]
    assert session.chips == [0, 8, -8]
    assert session.pot == 0


def test_tapp1879_pot_remainder_ties_go_by_seat_order_from_forehand_of_last_deal() -> None:
    session = Session.new("tapp1879", first_dealer=0)
    # the next dealer is 1, so the last deal's dealer was 0 and its forehand 1
    session.dealer = 1
    session.chips = [-4, -4, 0]
    session.pot = 8
    session.request_end()
    # 8 = 2 each + 2 chips; tied lowest seats 0 and 1; forehand (1) first, then 0
    assert session.pot_shares == [3, 3, 2]
    session2 = Session.new("tapp1879", first_dealer=0)
    session2.dealer = 1
    session2.chips = [-2, -2, -3]
    session2.pot = 7
    session2.request_end()
    # 7 = 2 each + 1 chip: to the biggest loser, seat 2
    assert session2.pot_shares == [2, 2, 3]


def test_zuger_end_between_deals_ends_at_once_and_mid_deal_after_the_deal() -> None:
    rng = random.Random(3)
    session = Session.new("zuger", rng=rng)
    play_deal(session, rng)
    session.request_end()
    assert session.is_over
    with pytest.raises(IllegalAction):
        session.start_deal(rng)

    session = Session.new("zuger", rng=rng)
    deal = session.start_deal(rng)
    session.request_end()
    assert not session.is_over
    play_out(deal, rng)
    session.finish_deal()
    assert session.is_over


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_dapp_closing_round_is_one_ramsch_deal_per_player_with_doubling(players: int) -> None:
    rng = random.Random(players)
    session = Session.new("dapp", players=players, rng=rng, closing_round=True)
    play_deal(session, rng)
    session.request_end()
    assert session.ending is Ending.CLOSING
    dealers = []
    while not session.is_over:
        deal = play_deal(session, rng)
        dealers.append(deal.dealer)
        assert deal.v.extra["closing_ramsch"] is True
        assert "closing" in deal.outcome().multipliers  # type: ignore[union-attr]
    assert len(dealers) == players
    assert sorted(dealers) == list(range(players))  # each player deals once


def test_dapp_closing_round_called_mid_deal_starts_after_that_deal() -> None:
    rng = random.Random(2)
    session = Session.new("dapp", players=3, rng=rng, closing_round=True)
    deal = session.start_deal(rng)
    session.request_end()
    play_out(deal, rng)
    session.finish_deal()
    closing = 0
    while not session.is_over:
        d = play_deal(session, rng)
        assert d.v.extra["closing_ramsch"] is True
        closing += 1
    assert closing == 3


def test_dapp_without_closing_round_ends_without_ramsch_round() -> None:
    rng = random.Random(2)
    session = Session.new("dapp", players=4, rng=rng)
    play_deal(session, rng)
    session.request_end()
    assert session.is_over


def test_wuerttemberg_herz_ass_ending() -> None:
    """The next deal as usual; whoever was dealt AH deals the last deal with bidding;
    then every player deals one forced Ramsch, starting after that dealer."""
    rng = random.Random(9)
    session = Session.new("wuerttemberg", players=4, rng=rng, first_dealer=0,
                          herz_ass_ende=True)
    play_deal(session, rng)
    session.request_end()
    assert session.ending is Ending.HERZ_ASS_WAIT
    # the next deal: AH lies in the talon -> the following deal decides instead
    deal = deal_with_card(session, "AH", None)
    assert deal.dealt_talon >> 26 & 1
    play_out(deal, rng)
    session.finish_deal()
    assert session.ending is Ending.HERZ_ASS_WAIT
    assert session.dealer == 2  # normal rotation
    # this deal: AH is dealt to seat 0 -> seat 0 deals the last deal with bidding
    deal = deal_with_card(session, "AH", 0)
    play_out(deal, rng)
    session.finish_deal()
    assert session.ending is Ending.HERZ_ASS_LAST
    assert session.dealer == 0
    last = play_deal(session, rng)
    assert last.dealer == 0 and not last.v.extra["forced_ramsch"]
    forced_dealers = []
    while not session.is_over:
        d = play_deal(session, rng)
        assert d.v.extra["forced_ramsch"] is True
        assert d.outcome().contract == "ramsch"  # type: ignore[union-attr]
        forced_dealers.append(d.dealer)
    assert forced_dealers == [1, 2, 3, 0]


def test_session_options_belong_to_their_variant() -> None:
    with pytest.raises(IllegalAction):
        Session.new("zuger", closing_round=True)
    with pytest.raises(IllegalAction):
        Session.new("dapp", players=4, herz_ass_ende=True)


def test_abandoned_deal_moves_no_chips_and_passes_the_deal_on() -> None:
    rng = random.Random(1)
    session = Session.new("tapp1879", rng=rng, first_dealer=1)
    session.start_deal(rng)
    session.abandon_deal()
    assert session.chips == [0, 0, 0] and session.pot == 0
    assert session.dealer == 2
