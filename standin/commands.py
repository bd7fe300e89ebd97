"""Application commands as Discord keeps them: bulk overwrites, and the daily limit on
creating commands.

Discord: "There is a global rate limit of 200 application command creates per day, per
guild" (and 200 a day globally); a bulk overwrite "will overwrite all types of
application commands", and "commands that do not already exist will count toward daily
application command create limits" (docs: interactions/application-commands, Registering
a Command and Bulk Overwrite). A command exists when one of the same name and type is
there already; updating it costs nothing. Past the limit Discord answers 429 with code
30034 ("Max number of daily application command creates has been reached (200)"),
``retry_after`` until a create is free, and ``X-RateLimit-Scope: shared``; the whole
overwrite is refused. The stand-in counts creates over a rolling 24 hours of its clock
(Discord does not say whether the day rolls or resets at a fixed hour).
"""

from __future__ import annotations

from collections import deque
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from .errors import DiscordError
from .interaction_models import Command

if TYPE_CHECKING:
    from .state import SandboxState

MAX_DAILY_CREATES = 30034
DAY = timedelta(days=1)


class CommandCreates:
    """Creates per scope (a guild id, or None for global) over the last 24 hours."""

    def __init__(self, state: SandboxState) -> None:
        self.state = state
        self._log: dict[int | None, deque[datetime]] = {}
        #: every create counted, per scope, since the stand-in started
        self.total: dict[int | None, int] = {}

    def used(self, scope: int | None) -> int:
        return len(self._window(scope))

    def _window(self, scope: int | None) -> deque[datetime]:
        now = self.state.clock.now()
        log = self._log.setdefault(scope, deque())
        while log and now - log[0] >= DAY:
            log.popleft()
        return log

    def spend(self, scope: int | None, count: int) -> None:
        """Count ``count`` creates, or refuse them all (429, 30034) past the limit."""
        if count <= 0:
            return
        log = self._window(scope)
        limit = self.state.limits.command_creates_per_day
        if len(log) + count > limit:
            free_at = log[len(log) + count - limit - 1] + DAY if len(log) >= count else None
            now = self.state.clock.now()
            retry = (free_at - now).total_seconds() if free_at else DAY.total_seconds()
            raise DiscordError(
                429, MAX_DAILY_CREATES,
                f"Max number of daily application command creates has been reached ({limit})",
                extra={"retry_after": round(max(retry, 0.001), 3), "global": False},
                headers={"X-RateLimit-Scope": "shared"},
            )
        now = self.state.clock.now()
        log.extend([now] * count)
        self.total[scope] = self.total.get(scope, 0) + count


def bulk_overwrite(state: SandboxState, guild_id: int | None,
                   items: list[dict[str, Any]]) -> list[Command]:
    """Replace the scope's commands; keep the ids of commands whose (name, type)
    survive, like Discord; count the new ones against the daily limit first."""
    table = (
        state.global_commands
        if guild_id is None
        else state.guild_commands.setdefault(guild_id, {})
    )
    by_key = {(c.name, c.type): c for c in table.values()}
    keys = [(item["name"], int(item.get("type", 1))) for item in items]
    state.command_creates.spend(guild_id, sum(1 for k in keys if k not in by_key))
    state.command_version += 1
    fresh: dict[int, Command] = {}
    for item, key in zip(items, keys, strict=True):
        old = by_key.get(key)
        data = {k: v for k, v in item.items() if k not in ("id", "application_id", "version")}
        if old is not None and old.data == data:
            fresh[old.id] = old
            continue
        command = Command(
            old.id if old else state.new_id(),
            state.application_id,
            guild_id,
            data,
            state.command_version,
        )
        fresh[command.id] = command
    table.clear()
    table.update(fresh)
    state.changed()
    return list(fresh.values())
