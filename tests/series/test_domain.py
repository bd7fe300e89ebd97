"""The series' domain: its definition's checks, its deals fixed by one seed, the
movement (who holds which seat), and the scores. Property tests (hypothesis,
derandomized): each seat of each deal holds the same cards at every table, each table
seats one player per seat, matchpoints sum as they must, a deal counts once."""

from __future__ import annotations

import hashlib
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.daily.scoring import matchpoints
from bot.engine import Deal
from bot.engine.shuffle import seeded_masks
from bot.series import Movement, Pairing, Place, Scoring, SeriesSpec, deal_seed, series_deal
from bot.series.errors import BadSeries
from bot.series.scoring import (
    DealCountedTwice,
    SeriesResult,
    deal_scores,
    seeger_points,
    standings,
)

SEED = bytes(range(32))
LAYOUTS = [("tapp1879", 3), ("zuger", 4), ("dapp", 3), ("dapp", 4), ("dapp", 5), ("dapp", 6),
           ("wuerttemberg", 3), ("wuerttemberg", 4)]


def spec(variant: str = "tapp1879", players: int | None = None, deals: int = 12,
         pairing: Pairing = Pairing.COMPUTERS, **kw: object) -> SeriesSpec:
    return SeriesSpec.build(variant, players=players, deals=deals, days=7, level="easy",
                            pairing=pairing, **kw)  # type: ignore[arg-type]


# -- the definition ----------------------------------------------------------------------
def test_a_definition_is_checked_value_by_value():
    for bad, key in [(dict(deals=5), "series.error.deals"), (dict(deals=49), "series.error.deals"),
                     (dict(days=0), "series.error.days"), (dict(days=29), "series.error.days"),
                     (dict(variant="skat"), "series.error.variant"),
                     (dict(players=7, variant="dapp"), "series.error.options"),
                     (dict(options={"ante": 3}), "series.error.options"),
                     (dict(options={"stake": 0}), "series.error.options"),
                     (dict(pairing="pairs"), "series.error.options")]:
        args = dict(variant="tapp1879", deals=12, days=7, level="easy") | bad
        with pytest.raises(BadSeries) as error:
            SeriesSpec.build(**args)  # type: ignore[arg-type]
        assert error.value.key == key, bad
    with pytest.raises(BadSeries):
        SeriesSpec.build("zuger", deals=6, days=1, level="grand", levels=("easy", "strong"))


def test_a_definition_round_trips_through_its_json():
    made = spec("wuerttemberg", 4, deals=48, scoring=Scoring.SEEGER, options={"deck": 32})
    assert SeriesSpec.from_json(made.to_json()) == made
    assert made.options["deck"] == 32 and made.window == 7 * 86_400


# -- the deals ---------------------------------------------------------------------------
def test_a_deals_seed_is_the_published_derivation():
    number = 5
    expected = hashlib.sha256(b"tapp-series-deal" + SEED + number.to_bytes(4, "big")).digest()
    assert deal_seed(SEED, number) == expected
    assert len({deal_seed(SEED, n) for n in range(1, 49)}) == 48
    with pytest.raises(ValueError):
        deal_seed(SEED, 0)
    with pytest.raises(ValueError):
        deal_seed(b"short", 1)


@pytest.mark.parametrize(("variant", "players"), LAYOUTS)
def test_each_deal_is_dealt_from_its_own_seed_by_the_published_algorithm(variant, players):
    made = spec(variant, players)
    for number in (1, 2, made.deals):
        deal = series_deal(made, SEED, number)
        v = deal.v
        hands, talon = seeded_masks(deal_seed(SEED, number), v.deck, v.hand_size, v.players)
        assert list(deal.dealt) == hands and deal.dealt_talon == talon
        again = Deal.new(variant, players=players, seed=deal_seed(SEED, number))
        assert list(again.dealt) == hands
    with pytest.raises(ValueError):
        series_deal(made, SEED, made.deals + 1)


# -- the movement ------------------------------------------------------------------------
@settings(max_examples=60, derandomize=True, deadline=None)
@given(players=st.sampled_from([3, 4, 5, 6]), members=st.integers(1, 40),
       deals=st.integers(6, 48), shared=st.booleans())
def test_every_table_seats_one_player_per_seat_and_members_hold_one_seat(
        players, members, deals, shared):
    move = Movement(Pairing.TABLES if shared else Pairing.COMPUTERS, players)
    places = [move.place_of(j) for j in range(members)]
    assert len(set(places)) == members  # nobody shares a place
    tables = {p.table for p in places}
    for number in range(1, deals + 1):
        holders: dict[tuple[int, int], int] = {}
        for j, place in enumerate(places):
            seat = move.seat(place, number)
            assert 0 <= seat < players
            assert (place.table, seat) not in holders  # one player per seat at a table
            holders[place.table, seat] = j
        if not shared:  # everyone against computers holds the same seat
            assert {s for _, s in holders} == {(number - 1) % players}
        for table in tables:
            seats = move.table_seats(table, number)
            assert sorted(seats) == sorted(set(seats))
            if shared:
                assert sorted(seats) == list(range(players))


@settings(max_examples=25, derandomize=True, deadline=None)
@given(players=st.sampled_from([3, 4]), members=st.integers(1, 12),
       shared=st.booleans(), seed=st.binary(min_size=32, max_size=32))
def test_whoever_holds_a_seat_of_a_deal_holds_the_same_cards(players, members, shared, seed):
    made = spec("dapp", players, deals=6, pairing=Pairing.TABLES if shared else Pairing.COMPUTERS)
    move = Movement(made.pairing, players)
    for number in range(1, made.deals + 1):
        held: dict[int, set[int]] = {}
        for j in range(members):
            seat = move.seat(move.place_of(j), number)
            # each member's deal is dealt for them anew, as each run rebuilds it
            hand = series_deal(made, seed, number).dealt[seat]
            held.setdefault(seat, set()).add(hand)
        assert all(len(hands) == 1 for hands in held.values())


def test_each_member_holds_each_seat_equally_often_over_whole_rounds():
    for pairing in Pairing:
        move = Movement(pairing, 3)
        for j in range(7):
            seats = [move.seat(move.place_of(j), n) for n in range(1, 13)]
            assert sorted(seats) == sorted([0, 1, 2] * 4)


def test_shared_tables_compare_each_pair_of_places_in_one_round_of_three():
    move = Movement(Pairing.TABLES, 3)
    for a, b in [(Place(0, 0), Place(1, 0)), (Place(0, 1), Place(2, 2)),
                 (Place(1, 2), Place(2, 0))]:
        rounds = [r for r in range(3) if move.seat(a, 3 * r + 1) == move.seat(b, 3 * r + 1)]
        assert len(rounds) == 1


def test_places_fill_tables_in_the_order_members_join():
    move = Movement(Pairing.TABLES, 3)
    assert [move.place_of(j) for j in range(5)] == [
        Place(0, 0), Place(0, 1), Place(0, 2), Place(1, 0), Place(1, 1)]
    assert Movement(Pairing.COMPUTERS, 3).place_of(4) == Place(4, 0)
    with pytest.raises(ValueError):
        move.seat(Place(0, 3), 1)


# -- the scores ----------------------------------------------------------------------------
results_st = st.lists(
    st.tuples(st.integers(1, 12), st.integers(1, 6), st.integers(-30, 30),
              st.integers(0, 2)),
    max_size=60, unique_by=lambda t: (t[0], t[1]))


def brute_totals(results: list[SeriesResult]) -> dict[int, Fraction]:
    """Each member's total counted the long way: per result, the share of those on the
    same deal and seat it beat (a tie half), in percent; 50 alone."""
    totals: dict[int, Fraction] = {}
    for r in results:
        rivals = [o.chips for o in results
                  if (o.deal, o.seat) == (r.deal, r.seat) and o.user_id != r.user_id]
        won = sum((Fraction(2) if r.chips > c else Fraction(1) if r.chips == c
                   else Fraction(0) for c in rivals), Fraction(0))
        share = Fraction(50) if not rivals else 100 * won / (2 * len(rivals))
        totals[r.user_id] = totals.get(r.user_id, Fraction(0)) + share
    return totals


@settings(max_examples=80, derandomize=True, deadline=None)
@given(rows=results_st)
def test_matchpoints_sum_as_they_must_and_a_deal_counts_once(rows):
    results = [SeriesResult(user, deal, seat, chips, float(i))
               for i, (user, deal, chips, seat) in enumerate(rows)]
    scores = deal_scores(results, 3)
    assert len(scores) == len(results)  # each result scored once
    groups: dict[tuple[int, int], list] = {}
    for s in scores:
        groups.setdefault((s.result.deal, s.result.seat), []).append(s)
    for group in groups.values():
        n = len(group)
        assert sum(s.matchpoints for s in group) == n * (n - 1)  # 2 per pair
        assert sum(s.percent for s in group) == 50 * n  # averages 50 %
        assert all(s.rivals == n - 1 for s in group)
    table = standings(results, 3)
    assert sum(line.deals for line in table) == len(results)
    assert {line.user_id: line.total for line in table} == brute_totals(results)
    for line in table:
        assert line.deals == len({d for u, d, _, _ in rows if u == line.user_id})
        assert line.total == sum(s.percent for s in scores if s.result.user_id == line.user_id)
    ranks = [line.rank for line in table]
    assert ranks == sorted(ranks) and (not ranks or ranks[0] == 1)


def test_a_deal_twice_for_one_member_is_refused():
    twice = [SeriesResult(1, 3, 0, 5, 0.0), SeriesResult(1, 3, 0, 7, 1.0)]
    with pytest.raises(DealCountedTwice):
        deal_scores(twice, 3)


def test_matchpoints_are_the_deal_of_the_days_own():
    group = [SeriesResult(u, 1, 0, chips, float(u)) for u, chips in [(1, 10), (2, 4), (3, 4)]]
    expected = matchpoints({1: 10, 2: 4, 3: 4})
    assert {s.result.user_id: s.matchpoints for s in deal_scores(group, 3)} == expected
    assert expected == {1: 4, 2: 1, 3: 1}


def test_a_worked_example_of_matchpoints_totals_and_the_tie_break():
    """The example of docs/series.md: three members, two deals, all on seat 1."""
    rows = [  # (member, deal, chips, finished at)
        ("Ada", 1, 6, 10.0), ("Ben", 1, -3, 11.0), ("Cy", 1, -3, 12.0),
        ("Ada", 2, -4, 20.0), ("Ben", 2, 8, 21.0), ("Cy", 2, 2, 22.0),
    ]
    ids = {"Ada": 1, "Ben": 2, "Cy": 3}
    results = [SeriesResult(ids[n], d, 0, c, at) for n, d, c, at in rows]
    table = standings(results, 3)
    by = {line.user_id: line for line in table}
    # deal 1: Ada 4 of 4 (100 %), Ben and Cy 1 each (25 %); deal 2: Ben 100 %, Cy 50 %, Ada 0 %
    assert by[1].total == 100 and by[2].total == 125 and by[3].total == 75
    assert [line.user_id for line in table] == [2, 1, 3]
    assert [line.rank for line in table] == [1, 2, 3]


def test_ties_are_broken_by_average_then_by_who_finished_first():
    results = [SeriesResult(1, 1, 0, 5, 30.0), SeriesResult(2, 1, 0, 5, 10.0),
               SeriesResult(3, 1, 0, 5, 20.0), SeriesResult(3, 2, 0, 0, 40.0)]
    table = standings(results, 3)
    # 1, 2, 3 tie on deal 1 (50 % each); 3 alone on deal 2 scores 50 % more: 100 % in 2
    assert [line.user_id for line in table] == [3, 2, 1]
    assert table[0].total == 100 and table[0].average == 50
    assert [line.rank for line in table] == [1, 2, 2]  # equal total and average: one rank


def test_seeger_fabian_points_reward_games_won_and_opponents_lost():
    won = SeriesResult(1, 1, 0, 6, 0.0, declarer=0, won=True)
    lost = SeriesResult(1, 1, 0, -6, 0.0, declarer=0, won=False)
    defended = SeriesResult(2, 1, 1, 3, 0.0, declarer=0, won=False)
    ramsch = SeriesResult(2, 1, 1, -2, 0.0)
    assert seeger_points(won, 3) == 56 and seeger_points(lost, 3) == -56
    assert seeger_points(defended, 3) == 43 and seeger_points(defended, 4) == 33
    assert seeger_points(ramsch, 3) == -2
    table = standings([won, SeriesResult(2, 1, 0, -6, 1.0, declarer=0, won=False)], 3,
                      Scoring.SEEGER)
    assert [(line.user_id, line.total) for line in table] == [(1, Fraction(56)),
                                                            (2, Fraction(-56))]


def test_a_lone_member_scores_fifty_percent_a_deal():
    results = [SeriesResult(9, n, (n - 1) % 3, random.Random(n).randint(-9, 9), float(n))
               for n in range(1, 7)]
    (line,) = standings(results, 3)
    assert line.total == 300 and line.deals == 6 and line.rank == 1
