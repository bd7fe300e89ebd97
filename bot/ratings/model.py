"""Skill ratings of a deal's players: who played on which side, who came out ahead,
and the openskill update (Weng-Lin's Bradley-Terry model, full pairing). Pure: no I/O,
no store.

A Tapp deal is one side against another: the declarer plays alone against the
defenders (in every variant; a Rufer's called card is handed over, it makes no
partner). The winning side ranks ahead; a draw ranks both sides level. Each seat is its
own openskill team and the sides are ranks, the defenders sharing theirs: openskill
rates a team by the *sum* of its players' skills, so a side of three defenders would
count as three times the declarer's side, every declarer's win would look like an
upset, and the defenders' (and computer players') ratings would drift to a third of the
members'. A deal with no declarer (Ramsch) is every seat for itself, ranked by the chips
each took. A thrown-in deal is not rated. Everything is read from the deal's ledger
rows, so a replay of the ledger gives the same ratings as the settlements did.

Why Bradley-Terry with full pairing rather than openskill's Plackett-Luce: it compares
every pair of seats, so a declarer's win over three defenders moves the declarer as
much as a loss to them would (+7.9 / -7.9 from the start, each defender -2.6 / +2.6:
the chips' own shape, one side paying the other). Plackett-Luce reads a loss to three
players tied first as much less than a win over them (+2.8 / -0.9), so a member who
declares often and wins one game in four would stay where they started.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from openskill.models import BradleyTerryFull

#: the model's defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300), fixed here: a change
#: of any of them changes every rating, so it would need ``rebuild-ratings``
MODEL = BradleyTerryFull(mu=25.0, sigma=25.0 / 3.0, beta=25.0 / 6.0, tau=25.0 / 300.0)
#: a rating is shown as mu ± this many sigmas, and ranked by mu minus as many (the
#: rating a player is 97.7% likely to be above)
SIGMAS = 2.0
#: the deals a player needs in a leaderboard's span before they are ranked by rating
MIN_RATED_DEALS = 10
COMPUTER = "computer:"


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def low(self) -> float:
        """The conservative estimate the leaderboard ranks by: mu - 2 sigma."""
        return self.mu - SIGMAS * self.sigma

    @property
    def spread(self) -> float:
        return SIGMAS * self.sigma


INITIAL = Rating(MODEL.mu, MODEL.sigma)


def player_key(user_id: int | None, level: str | None) -> str:
    """A member's id as text, or ``computer:<level>`` for a computer player."""
    return str(user_id) if user_id is not None else f"{COMPUTER}{level or 'normal'}"


def computer_level(player: str) -> str | None:
    return player[len(COMPUTER):] if player.startswith(COMPUTER) else None


class SeatResult(Protocol):
    """What a rating needs of one seat's ledger row."""

    @property
    def seat(self) -> int | None: ...
    @property
    def contract(self) -> str | None: ...
    @property
    def amount(self) -> int: ...
    @property
    def was_declarer(self) -> bool: ...
    @property
    def won(self) -> bool | None: ...


@dataclass(frozen=True, slots=True)
class Match:
    """The openskill teams of a deal (each a seat list: here one seat each) and each
    team's rank (0 first; equal: level)."""

    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]


def match_of(rows: Sequence[SeatResult]) -> Match | None:
    """The sides and ranks of a settled deal from its seats' ledger rows (the pot's row
    left out); None when it is not rated (thrown in, fewer than two seats)."""
    seats = sorted((r for r in rows if r.seat is not None), key=lambda r: r.seat or 0)
    if len(seats) < 2 or seats[0].contract is None:
        return None
    teams = tuple((r.seat or 0,) for r in seats)
    declarer = next((r for r in seats if r.was_declarer), None)
    if declarer is not None:
        won = declarer.won
        side = {True: (0, 1), False: (1, 0), None: (0, 0)}[won]  # (declarer, defenders)
        return Match(teams, tuple(side[0] if r is declarer else side[1] for r in seats))
    amounts = [r.amount for r in seats]
    return Match(teams, tuple(sum(a > r.amount for a in amounts) for r in seats))


def rate(match: Match, players: Mapping[int, str],
         current: Mapping[str, Rating]) -> dict[str, Rating]:
    """The new rating of every player of the match (seat -> player key), each starting
    from ``current`` (missing: the initial rating). Where one player fills several
    seats (two computers of one level), each seat is rated from the player's rating and
    the player takes the mean of its seats' new ratings."""
    model = MODEL
    teams = [[model.rating(*_pair(current.get(players[seat], INITIAL))) for seat in team]
             for team in match.teams]
    rated = model.rate(teams, ranks=[float(r) for r in match.ranks])
    seen: dict[str, list[Rating]] = {}
    for team, new in zip(match.teams, rated, strict=True):
        for seat, r in zip(team, new, strict=True):
            seen.setdefault(players[seat], []).append(Rating(float(r.mu), float(r.sigma)))
    return {p: rs[0] if len(rs) == 1 else Rating(sum(r.mu for r in rs) / len(rs),
                                                 sum(r.sigma for r in rs) / len(rs))
            for p, rs in seen.items()}


def _pair(r: Rating) -> tuple[float, float]:
    return r.mu, r.sigma
