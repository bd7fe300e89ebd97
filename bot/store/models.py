"""Rows the store returns: small frozen dataclasses (never raw tuples)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any


class TableStatus(StrEnum):
    LOBBY = "lobby"
    PLAYING = "playing"
    CLOSED = "closed"
    CANCELLED = "cancelled"  # closed before it started

    @property
    def is_open(self) -> bool:
        return self in (TableStatus.LOBBY, TableStatus.PLAYING)


class DealStatus(StrEnum):
    PLAYING = "playing"
    SETTLED = "settled"
    ABANDONED = "abandoned"  # dropped with no chips moved (timeout policy, table closed)


class LedgerKind(StrEnum):
    DEAL = "deal"
    POT_SHARE = "pot_share"  # tapp1879: the pot shared out when the session ends


class DeadlineKind(StrEnum):
    REMINDER = "reminder"
    TIMEOUT = "timeout"


@dataclass(frozen=True, slots=True)
class TableBasics:
    """What a table is and where: its server, channel (and thread), host, variant,
    options and status; the first fields of the stored row and of the display's
    snapshot (``bot.tables.state.TableState``)."""

    table_id: int
    guild_id: int
    channel_id: int
    thread_id: int | None
    host_id: int
    variant: str
    options: dict[str, Any]
    status: TableStatus


@dataclass(frozen=True, slots=True)
class TableRow(TableBasics):
    created_at: float
    started_at: float | None
    closed_at: float | None
    #: why the table could not go on (None: it is fine), see ``Tables.mark_broken``
    broken_reason: str | None = None
    #: why the table's place on Discord is gone (None: it is there), see
    #: ``Tables.set_suspended``
    suspended_reason: str | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    table_id: int
    seat: int
    user_id: int | None  # None for a computer player
    display_name: str
    is_computer: bool
    level: str | None
    joined_at: float
    #: the member timed out (their turn's timeout): a computer plays for them until they
    #: return. Not the away period a member declares (:class:`MemberTime`)
    away: bool = False


@dataclass(frozen=True, slots=True)
class DealRow:
    deal_id: int
    table_id: int
    number: int  # 0, 1, ... within the table
    guild_id: int
    variant: str
    status: DealStatus
    ply: int  # actions in the log
    header: dict[str, Any]  # the record without "actions"
    result: dict[str, Any] | None  # DealResult JSON (plus "won") once settled
    started_at: float
    ended_at: float | None
    #: the secret seed the deal was dealt from (hex; see docs/shuffle.md) and its SHA-256,
    #: None for deals stored without one. Show the seed only once the deal is over.
    seed: str | None = None
    commitment: str | None = None


@dataclass(frozen=True, slots=True)
class ActionRow:
    deal_id: int
    ply: int
    seat: int
    entry: dict[str, Any]  # the record entry
    auto: bool  # taken by a computer for a timed-out seat
    created_at: float


@dataclass(frozen=True, slots=True)
class OpenTable:
    """An open table as loaded at start-up: enough to rebuild it by replay."""

    table: TableRow
    seats: tuple[SeatRow, ...]
    session_state: dict[str, Any] | None  # None in the lobby
    deal: DealRow | None  # the deal in play, if any
    record: dict[str, Any] | None  # its record: header + actions in ply order


@dataclass(frozen=True, slots=True)
class LedgerRow:
    entry_id: int
    kind: LedgerKind
    deal_id: int | None  # None for a pot share
    table_id: int
    guild_id: int
    seat: int | None  # None for the pot
    user_id: int | None  # None for a computer player and the pot
    is_computer: bool
    display_name: str | None
    variant: str
    contract: str | None
    settled_at: float
    amount: int
    was_declarer: bool
    won: bool | None  # the declarer's row: won or lost (None: draw, or not the declarer)
    jungfrau: bool
    level: str | None = None  # a computer seat's level (None: a member, the pot)

    @property
    def is_pot(self) -> bool:
        return self.seat is None


@dataclass(frozen=True, slots=True)
class SettledDeal:
    """A settled deal with its ledger rows and full record (history, check-ledger)."""

    deal: DealRow
    record: dict[str, Any]
    ledger: tuple[LedgerRow, ...]

    def row_of(self, user_id: int) -> LedgerRow | None:
        """The member's row in this deal, if they played it."""
        return next((r for r in self.ledger if r.user_id == user_id), None)


@dataclass(frozen=True, slots=True)
class Standing:
    """One member's line of a leaderboard. Equal net chips share a rank."""

    rank: int
    position: int  # 1-based line number (ties broken by deals, then user id)
    user_id: int
    net: int
    deals: int
    declarer_games: int
    declarer_won: int
    declarer_lost: int


@dataclass(frozen=True, slots=True)
class Leaderboard:
    rows: tuple[Standing, ...]
    me: Standing | None  # the asking member's line (also when outside ``rows``)
    players: int  # members ranked in this slice
    since: float | None  # the period's bounds (None: all time)
    until: float | None


@dataclass(frozen=True, slots=True)
class DealAmount:
    deal_id: int
    amount: int


@dataclass(frozen=True, slots=True)
class ContractRecord:
    variant: str
    contract: str
    games: int
    won: int
    lost: int
    net: int


@dataclass(frozen=True, slots=True)
class ChipPoint:
    day: float  # UTC start of the day
    net: int  # chips won that day
    total: int  # running total up to and including that day


@dataclass(frozen=True, slots=True)
class MemberStats:
    guild_id: int
    user_id: int
    variant: str | None
    net: int
    deals: int
    declarer_games: int
    declarer_won: int
    declarer_lost: int
    ramsch_deals: int
    jungfrau: int  # Ramsch deals in which the member won no trick
    best: DealAmount | None
    worst: DealAmount | None
    contracts: tuple[ContractRecord, ...]  # declarer games by contract
    history: tuple[ChipPoint, ...]  # by day


@dataclass(frozen=True, slots=True)
class MessageRef:
    message_id: int
    table_id: int
    kind: str  # "table", "turn_ping", "last_trick", ... (chosen by the table service)
    channel_id: int
    created_at: float
    retired_at: float | None


@dataclass(frozen=True, slots=True)
class Deadline:
    deadline_id: int
    table_id: int
    kind: DeadlineKind
    deal_id: int | None
    ply: int | None
    seat: int | None
    due_at: float
    created_at: float
    fired: bool
    fired_at: float | None


@dataclass(frozen=True, slots=True)
class DeadlineSpec:
    """A deadline to schedule together with an action (deal and ply are filled in)."""

    kind: DeadlineKind
    due_at: float
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class Arming:
    """The deadlines of the turn a write leads to, set in the write's own transaction:
    the table's pending deadlines are replaced by ``specs`` for that deal and ply (no
    specs: none is pending afterwards)."""

    deal_id: int | None = None
    ply: int | None = None
    specs: tuple[DeadlineSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class Imbalance:
    """A group of ledger rows that does not sum to zero (a deal's, or a table's shares)."""

    kind: LedgerKind
    deal_id: int | None
    table_id: int
    total: int


@dataclass(frozen=True, slots=True)
class PotBalance:
    """A table's pot by its ledger (the pot rows: each deal's change, minus what was
    shared out) beside the pot its stored session holds (None: no session yet)."""

    table_id: int
    guild_id: int
    status: TableStatus
    ledger_pot: int
    session_pot: int | None


@dataclass(frozen=True, slots=True)
class StandingsDrift:
    """A member whose all-time standings differ from the sum of their ledger rows."""

    guild_id: int
    variant: str
    user_id: int


@dataclass(frozen=True, slots=True)
class PostedMessage:
    """A message just recorded, and the ones of its kind it replaced (to delete)."""

    message: MessageRef
    retired: tuple[MessageRef, ...]


@dataclass(frozen=True, slots=True)
class MemberTime:
    """A member's own times on one server: their time zone (an IANA key), their quiet
    hours (minutes after their local midnight, ``quiet_from`` up to ``quiet_to``, maybe
    over midnight; None: none) and the end of an away period they declared (Unix time;
    None: not away)."""

    guild_id: int
    user_id: int
    zone: str | None = None
    quiet_from: int | None = None
    quiet_to: int | None = None
    away_until: float | None = None

    @property
    def has_quiet_hours(self) -> bool:
        return self.zone is not None and self.quiet_from is not None \
            and self.quiet_to is not None
