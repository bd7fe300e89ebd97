"""JSON shapes of engine objects as the store keeps them (the engine stays untouched).

* Session state: every :class:`~bot.engine.session.Session` field but ``current`` (the
  deal in play is rebuilt from its record), plus ``"v"``, the state format version.
* Record header: a deal record (``records.md``) without ``"actions"``.
* Result: :meth:`DealResult.to_json` plus ``"won"``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import Any

from bot.engine import DealResult, deal_from_record
from bot.engine.session import Ending, Session

from .errors import CorruptState

STATE_VERSION = 1
_SKIP = {"current"}
_FIELDS = {f.name for f in dataclasses.fields(Session)} - _SKIP


def session_to_state(session: Session) -> dict[str, Any]:
    """The session as plain JSON data (without the deal in play)."""
    state: dict[str, Any] = {"v": STATE_VERSION}
    for name in sorted(_FIELDS):
        value = getattr(session, name)
        if isinstance(value, Ending):
            value = value.value
        elif isinstance(value, list | tuple):
            value = list(value)
        elif isinstance(value, dict):
            value = dict(value)
        state[name] = value
    return state


def session_from_state(state: Mapping[str, Any]) -> Session:
    """A :class:`Session` from :func:`session_to_state`'s output (``current`` is None)."""
    if state.get("v") != STATE_VERSION:
        raise CorruptState(f"unknown session state version {state.get('v')!r}")
    values = {k: v for k, v in state.items() if k != "v"}
    unknown = set(values) - _FIELDS
    if unknown:
        raise CorruptState(f"unknown session state keys {sorted(unknown)}")
    try:
        if "ending" in values:
            values["ending"] = Ending(values["ending"])
        return Session(**values)
    except (TypeError, ValueError) as exc:
        raise CorruptState(f"bad session state: {exc}") from exc


def record_header(record: Mapping[str, Any]) -> dict[str, Any]:
    """The record without its actions (a deal is stored as dealt, before any action)."""
    if record.get("actions"):
        raise CorruptState("a deal is stored before its first action")
    return {k: v for k, v in record.items() if k != "actions"}


def full_record(header: Mapping[str, Any], entries: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """Header plus the action entries in ply order: the deal record."""
    record = dict(header)
    record["actions"] = [dict(e) for e in entries]
    return record


def result_to_json(result: DealResult) -> dict[str, Any]:
    out = result.to_json()
    out["won"] = result.won
    return out


def restore_session(state: Mapping[str, Any] | None,
                    record: Mapping[str, Any] | None) -> Session | None:
    """Rebuild a table's session, replaying the deal in play from its record."""
    if state is None:
        return None
    session = session_from_state(state)
    if record is not None:
        session.adopt_deal(deal_from_record(dict(record)))
    return session
