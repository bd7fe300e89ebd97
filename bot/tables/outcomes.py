"""What a member's request came to, as the service answers it: typed outcomes whose
values are the catalogue keys of the words a cog answers with."""

from __future__ import annotations

from enum import StrEnum


class ClaimOutcome(StrEnum):
    """A claim made (:meth:`bot.tables.claims.Claims.claim`) or decided on."""

    PROVEN = "claim.proven"  # proven against every defence: played out at once
    PUT = "claim.put"  # put to the other players
    REFUSED = "claim.refused"  # the member refused it: play goes on
    ACCEPTED = "claim.accepted"  # the member accepted; others still to answer
    AGREED = "claim.agreed"  # every other player accepted: played out
    FAILED = "claim.failed"  # all accepted, but the cards as they lie cannot make it true


class EndOutcome(StrEnum):
    """A request to end a table (:meth:`bot.tables.play.Play.end`)."""

    CANCELLED = "end.cancelled"  # a lobby: cancelled
    CLOSED = "end.closed"  # closed at once
    ALREADY = "end.already"  # it ends after this deal already
    VOTED = "end.voted"  # the member's vote counts; more are needed
    REQUESTED = "end.requested"  # the host asked: it ends after this deal
    VOTE_PASSED = "end.vote_passed"  # the members voted: it ends after this deal


class LeaveOutcome(StrEnum):
    """A member leaving a table (:meth:`bot.tables.lobby.Lobby.leave`)."""

    LEFT = "notice.left"  # left the lobby
    REPLACED = "notice.replaced"  # a computer took the seat in play
    LEFT_CLOSED = "notice.left_closed"  # no computer may take it: the table ended
