"""Persistence in SQLite (aiosqlite, the default) or PostgreSQL (asyncpg): schema and
migrations, tables and seats, the append-only action log, deals, the chip ledger and
standings, settings, timers and message ids.

All SQL of the bot lives in this package. Open one :class:`Store` at start-up.
"""

from .backend import open_database, shown_location
from .claims import ClaimRow, ClaimStatus
from .codec import restore_session, session_from_state, session_to_state
from .db import DEFAULT_PATH
from .errors import (
    AlreadySeated,
    CorruptState,
    DealClosed,
    DealInProgress,
    DealNotFound,
    DuplicateAction,
    InvalidTransition,
    LedgerImbalance,
    NotADatabase,
    NotFound,
    PlyGap,
    SchemaNotYet,
    SchemaTooNew,
    SeatTaken,
    StaleAction,
    StoreError,
    StoreFull,
    StoreUnavailable,
    TableClosed,
    TableNotFound,
    exit_status,
    operator_text,
)
from .models import (
    ActionRow,
    Arming,
    ChipPoint,
    ContractRecord,
    Deadline,
    DeadlineKind,
    DeadlineSpec,
    DealAmount,
    DealRow,
    DealStatus,
    Imbalance,
    Leaderboard,
    LedgerKind,
    LedgerRow,
    MemberStats,
    MemberTime,
    MessageRef,
    OpenTable,
    PostedMessage,
    SeatRow,
    SettledDeal,
    Standing,
    StandingsDrift,
    TableRow,
    TableStatus,
)
from .standings import Period
from .store import Store

__all__ = [
    "DEFAULT_PATH", "ActionRow", "AlreadySeated", "ChipPoint", "ClaimRow", "ClaimStatus",
    "ContractRecord",
    "Arming", "CorruptState", "DealAmount", "DealClosed", "DealInProgress", "DealNotFound",
    "DealRow", "DealStatus", "Deadline", "DeadlineKind", "DeadlineSpec",
    "DuplicateAction",
    "Imbalance", "InvalidTransition", "Leaderboard", "LedgerImbalance",
    "LedgerKind", "LedgerRow", "MemberStats", "MemberTime", "MessageRef", "NotADatabase",
    "NotFound",
    "OpenTable", "Period",
    "PlyGap", "PostedMessage", "SchemaNotYet", "SchemaTooNew", "SeatRow", "SeatTaken",
    "SettledDeal", "StaleAction", "Standing", "StandingsDrift", "Store", "StoreError",
    "StoreFull", "StoreUnavailable", "TableClosed", "TableNotFound", "TableRow",
    "TableStatus", "exit_status", "open_database", "operator_text", "restore_session",
    "session_from_state", "session_to_state", "shown_location",
]
