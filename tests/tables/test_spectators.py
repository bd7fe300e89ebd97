"""A spectator's view: a seat's hand one trick behind, nothing before play; spectating is
a table option the engine never sees."""

from __future__ import annotations

import random

import pytest

from bot.ai import make_player
from bot.engine import Deal, Phase
from bot.tables.errors import BadOptions
from bot.tables.lobby import table_options
from bot.tables.spectators import spectator_view, trick_start, watch_token, watched_seat

SETTINGS = [("zuger", 4), ("tapp1879", 3), ("dapp", 4), ("dapp", 6), ("wuerttemberg", 3)]


@pytest.mark.parametrize("variant,players", SETTINGS)
def test_a_spectator_sees_a_hand_as_the_trick_in_play_began(variant: str,
                                                            players: int) -> None:
    for seed in range(3):
        deal = Deal.new(variant, players=players, rng=random.Random(seed))
        seats = [make_player("easy", random.Random(seed + s)) for s in range(players)]
        shown = 0
        while not deal.is_over:
            for seat in range(players):
                view = spectator_view(deal, seat)
                if deal.phase is not Phase.PLAY:
                    assert view is None  # nothing during the auction and the steps
                    continue
                assert view is not None and view.current_trick is None
                own = deal.view(seat)
                public = deal.public_view()
                assert view.tricks == public.tricks  # the complete ones, no more
                in_play = public.current_trick
                mine = {c for i, c in enumerate(in_play.cards)
                        if in_play.seat_of(i, players) == seat} if in_play else set()
                assert own.hand is not None and view.hand is not None
                assert set(view.hand) == set(own.hand) | mine  # as the trick began
                others = {c for i, c in enumerate(in_play.cards)
                          if in_play.seat_of(i, players) != seat} if in_play else set()
                assert not others & set(view.visible_cards()) - (
                    {public.called_card} if public.called_card is not None else set())
                assert view.discards is None and view.talon is None and not view.legal
                shown += 1
            seat = deal.main_actor()
            deal.apply(seat, seats[seat].choose(deal.view(seat)))
        assert shown or deal.outcome() is not None


def test_trick_start_is_the_last_complete_trick_or_the_start_of_play() -> None:
    deal = Deal.new("zuger", rng=random.Random(1))
    seats = [make_player("easy", random.Random(s)) for s in range(4)]
    marks: list[int | None] = []
    while not deal.is_over:
        marks.append(trick_start(deal.to_record()))
        seat = deal.main_actor()
        deal.apply(seat, seats[seat].choose(deal.view(seat)))
    first_play = next(i for i, m in enumerate(marks) if m is not None)
    assert all(m is None for m in marks[:first_play]) and marks[first_play] == first_play
    assert sorted(set(m for m in marks if m is not None)) == sorted(
        {first_play} | {first_play + 4 * k for k in range(1, 9) if first_play + 4 * k
                        < len(marks)})


def test_spectators_is_a_table_option_not_a_rule() -> None:
    assert table_options("zuger", {"spectators": True})["spectators"] is True
    assert "spectators" not in table_options("zuger", {"spectators": False})
    with pytest.raises(BadOptions):
        table_options("zuger", {"spectators": "yes"})
    assert watched_seat(watch_token(3)) == 3 and watched_seat(watch_token(None)) is None
