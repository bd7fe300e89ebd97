"""A member's own times in their words: the answers of ``/tapp quiet`` and ``/tapp away``,
and the note on the panel of a member who is away."""

from __future__ import annotations

from datetime import datetime

from bot.i18n import t
from bot.store import MemberTime
from bot.tables.quiet_hours import away_at, clock_text, quiet_end, zone_info
from bot.tables.state import AbsenceKind, TableState

from .table_messages import discord_time


def quiet_saved(times: MemberTime, language: str | None) -> str:
    assert times.quiet_from is not None and times.quiet_to is not None
    return t("quiet.saved", language, start=clock_text(times.quiet_from),
             end=clock_text(times.quiet_to), zone=times.zone)


def away_saved(times: MemberTime, language: str | None) -> str:
    assert times.away_until is not None
    return t("away.saved", language, until=discord_time(times.away_until, "f"))


def times_text(times: MemberTime, now: float, language: str | None) -> str:
    """``/tapp quiet show``: the member's time zone, quiet hours and away period."""
    lines = [t("quiet.show.title", language)]
    tz = zone_info(times.zone) if times.zone else None
    if tz is not None:
        local = datetime.fromtimestamp(now, tz)
        lines.append(t("quiet.show.zone", language, zone=times.zone,
                       now=clock_text(local.hour * 60 + local.minute)))
    else:
        lines.append(t("quiet.show.no_zone", language))
    if times.has_quiet_hours:
        assert times.quiet_from is not None and times.quiet_to is not None
        span = {"start": clock_text(times.quiet_from), "end": clock_text(times.quiet_to)}
        end = quiet_end(times, now)
        lines.append(t("quiet.show.quiet", language, **span) if end is None else t(
            "quiet.show.quiet_now", language, until=discord_time(end, "t"), **span))
    else:
        lines.append(t("quiet.show.no_quiet", language))
    if away_at(times, now):
        assert times.away_until is not None
        lines.append(t("quiet.show.away", language,
                       until=discord_time(times.away_until, "f")))
    else:
        lines.append(t("quiet.show.not_away", language))
    return "\n".join(lines)


def away_note(state: TableState, seat: int, language: str | None) -> str | None:
    """The note on the panel of a member away by their own choice (None: they are not)."""
    absence = next((a for a in state.absences
                    if a.seat == seat and a.kind is AbsenceKind.AWAY), None)
    if absence is None:
        return None
    return t("panel.away", language, until=discord_time(absence.until, "f"))
