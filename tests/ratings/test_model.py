"""The pure rating code: sides and ranks from a deal's ledger rows, the openskill
update, and the seasons' UTC bounds."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime

import pytest

from bot.ratings import (
    INITIAL,
    Match,
    Rating,
    buckets,
    computer_level,
    match_of,
    player_key,
    previous_start,
    rate,
    season_end,
    season_start,
)


@dataclass(frozen=True)
class Row:
    seat: int | None
    amount: int
    was_declarer: bool = False
    won: bool | None = None
    contract: str | None = "solo"


def declarer_game(won: bool | None, players: int = 4) -> list[Row]:
    return [Row(0, 3 if won else -3, True, won)] + [
        Row(i, -1 if won else 1) for i in range(1, players)]


def utc(*args: int) -> float:
    return datetime(*args, tzinfo=UTC).timestamp()


def test_the_declarer_plays_alone_against_the_defenders() -> None:
    """Each seat is a team of one; the defenders share a rank (they win or lose as one)."""
    assert match_of(declarer_game(True)) == Match(((0,), (1,), (2,), (3,)), (0, 1, 1, 1))
    assert match_of(declarer_game(False, 3)) == Match(((0,), (1,), (2,)), (1, 0, 0))


def test_a_draw_ranks_both_sides_level() -> None:
    assert match_of(declarer_game(None)).ranks == (0, 0, 0, 0)  # type: ignore[union-attr]


def test_the_pot_row_is_no_seat() -> None:
    rows = [*declarer_game(True, 3), Row(None, 5)]
    assert match_of(rows) == Match(((0,), (1,), (2,)), (0, 1, 1))


def test_equal_players_stay_on_one_scale_as_declarer_or_defender() -> None:
    """A declarer who wins as often as they lose against equal defenders stays near the
    start, and so do the defenders: no side is favoured by being three (openskill sums a
    team's skills, which is why each seat is a team of its own)."""
    players = {0: "a", 1: "b", 2: "c", 3: "d"}
    now: dict[str, Rating] = {}
    for n in range(200):
        declarer = n % 4
        won = (n // 4) % 2 == 0
        rows = [Row(s, 0, s == declarer, won if s == declarer else None) for s in range(4)]
        match = match_of(rows)
        assert match is not None
        now |= rate(match, players, now)
    assert all(abs(r.mu - INITIAL.mu) < 2.5 for r in now.values()), now


def test_a_win_and_a_loss_weigh_the_same() -> None:
    """The declarer's win over the defenders moves everyone as far as their loss would,
    the other way (the chips' shape: one side pays the other)."""
    seats = {0: "d", 1: "x", 2: "y", 3: "z"}
    teams = ((0,), (1,), (2,), (3,))
    won = rate(Match(teams, (0, 1, 1, 1)), seats, {})
    lost = rate(Match(teams, (1, 0, 0, 0)), seats, {})
    for p in seats.values():
        assert won[p].mu - INITIAL.mu == pytest.approx(INITIAL.mu - lost[p].mu)
    assert won["d"].mu - INITIAL.mu == pytest.approx(3 * (INITIAL.mu - won["x"].mu))


def test_ramsch_is_every_seat_for_itself_ranked_by_chips() -> None:
    # seat 2 took most points and pays; seat 3 a Jungfrau is paid double
    rows = [Row(0, 1, contract="ramsch"), Row(1, 1, contract="ramsch"),
            Row(2, -4, contract="ramsch"), Row(3, 2, contract="ramsch")]
    assert match_of(rows) == Match(((0,), (1,), (2,), (3,)), (1, 1, 3, 0))


def test_a_thrown_in_deal_is_not_rated() -> None:
    assert match_of([Row(0, -2, contract=None), Row(1, 0, contract=None),
                     Row(2, 0, contract=None)]) is None


def test_winners_gain_and_losers_lose() -> None:
    players = {0: "1", 1: "2", 2: "3"}
    new = rate(Match(((0,), (1,), (2,)), (0, 1, 1)), players, {})
    assert new["1"].mu > INITIAL.mu > new["2"].mu
    assert new["2"] == new["3"]
    assert all(r.sigma < INITIAL.sigma for r in new.values())
    lost = rate(Match(((0,), (1,), (2,)), (1, 0, 0)), players, {})
    assert lost["1"].mu < INITIAL.mu < lost["2"].mu


def test_a_rating_starts_from_the_current_one() -> None:
    strong = Rating(35.0, 2.0)
    new = rate(Match(((0,), (1,), (2,)), (0, 1, 1)), {0: "1", 1: "2", 2: "3"}, {"1": strong})
    # an expected win moves a sure rating little
    assert 0 < new["1"].mu - strong.mu < 0.5
    assert new["1"].sigma < strong.sigma + 0.1


def test_one_computer_level_in_two_seats_takes_the_mean() -> None:
    players = {0: "computer:easy", 1: "computer:easy", 2: "7"}
    new = rate(Match(((0,), (1,), (2,)), (0, 1, 1)), players, {})
    alone = rate(Match(((0,), (1,), (2,)), (0, 1, 1)), {0: "a", 1: "b", 2: "c"}, {})
    assert new["computer:easy"].mu == pytest.approx((alone["a"].mu + alone["b"].mu) / 2)
    assert set(new) == {"computer:easy", "7"}


def test_player_keys() -> None:
    assert player_key(42, None) == "42"
    assert player_key(None, "strong") == "computer:strong"
    assert computer_level("computer:strong") == "strong"
    assert computer_level("42") is None


def test_a_rating_shows_two_sigmas() -> None:
    r = Rating(30.0, 2.5)
    assert (r.low, r.spread) == (25.0, 5.0)


@pytest.mark.parametrize(("at", "month", "quarter"), [
    (utc(2026, 11, 27, 9), utc(2026, 11, 1), utc(2026, 10, 1)),
    (utc(2026, 1, 1), utc(2026, 1, 1), utc(2026, 1, 1)),
    (utc(2026, 3, 31, 23, 59, 59), utc(2026, 3, 1), utc(2026, 1, 1)),
    (utc(2026, 4, 1), utc(2026, 4, 1), utc(2026, 4, 1)),
])
def test_seasons_are_utc_months_and_quarters(at: float, month: float, quarter: float) -> None:
    assert season_start("month", at) == month
    assert season_start("quarter", at) == quarter
    assert buckets(at) == (("all", 0), ("month", month), ("quarter", quarter))


def test_season_ends_and_the_one_before() -> None:
    assert season_end("month", int(utc(2026, 12, 1))) == utc(2027, 1, 1)
    assert season_end("quarter", int(utc(2026, 10, 1))) == utc(2027, 1, 1)
    assert previous_start("quarter", int(utc(2026, 1, 1))) == utc(2025, 10, 1)
    assert previous_start("month", int(utc(2026, 3, 1))) == utc(2026, 2, 1)
