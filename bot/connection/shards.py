"""Running some of a bot's shards in this process (``--shards 0-3 --shard-count 8``).

Discord spreads a bot's servers over its shards by ``(guild_id >> 22) % shard_count``;
a process that runs shards ``shard_ids`` owns those servers: their tables, timers,
computer players and deals of the day (see :class:`bot.store.scope.ShardScope`). The
commands are synced by the process that runs shard 0 only.
"""

from __future__ import annotations

from dataclasses import dataclass

#: Discord's own ceiling is far lower; this only catches typing mistakes
MAX_SHARDS = 65_536


@dataclass(frozen=True)
class ShardScope:
    """The servers of shards ``shard_ids`` out of ``shard_count`` (the store turns it
    into SQL: :mod:`bot.store.scope`)."""

    shard_ids: frozenset[int]
    shard_count: int

    def __post_init__(self) -> None:
        if self.shard_count < 1 or not self.shard_ids or not all(
                0 <= s < self.shard_count for s in self.shard_ids):
            raise ValueError("shard ids must be from 0 to shard_count - 1")


class ShardError(ValueError):
    """A shard range or count that cannot be used; the message says why."""


def parse_shard_ids(text: str, shard_count: int) -> tuple[int, ...]:
    """``"0-3"``, ``"0,2,5"`` or ``"0-3,6"`` as sorted shard ids below ``shard_count``."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ShardError(f"shards must be like 0-3 or 0,2,5, not {text!r}")
        first, last = int(low), int(high) if dash else int(low)
        if first > last:
            raise ShardError(f"the shard range {part} runs backwards")
        if last >= shard_count:
            raise ShardError(f"shard {last} does not exist with a shard count of "
                             f"{shard_count} (shards are 0 to {shard_count - 1})")
        ids.update(range(first, last + 1))
    return tuple(sorted(ids))


@dataclass(frozen=True)
class ShardPlan:
    """The shards this process runs (``shard_count`` None: unsharded, one process)."""

    shard_ids: tuple[int, ...] = ()
    shard_count: int | None = None

    @classmethod
    def parse(cls, shards: str | None, shard_count: str | int | None) -> ShardPlan:
        """From ``--shards``/``TAPP_SHARDS`` and ``--shard-count``/``TAPP_SHARD_COUNT``
        (a count alone: every shard in this process)."""
        shards = (shards or "").strip() or None
        text = str(shard_count).strip() if shard_count is not None else ""
        if not text:
            if shards is not None:
                raise ShardError("a shard range needs the shard count (TAPP_SHARD_COUNT or "
                                 "--shard-count)")
            return cls()
        if not text.isdigit():
            raise ShardError(f"the shard count must be a whole number, not {text!r}")
        count = int(text)
        if not 1 <= count <= MAX_SHARDS:
            raise ShardError(f"the shard count must be from 1 to {MAX_SHARDS}")
        ids = parse_shard_ids(shards, count) if shards else tuple(range(count))
        return cls(ids, count)

    @property
    def sharded(self) -> bool:
        return self.shard_count is not None

    @property
    def partial(self) -> bool:
        """Some shards only: other processes run the rest."""
        return self.shard_count is not None and len(self.shard_ids) < self.shard_count

    @property
    def syncs_commands(self) -> bool:
        """Whether this process syncs the commands (the one with shard 0 does)."""
        return not self.sharded or 0 in self.shard_ids

    @property
    def scope(self) -> ShardScope | None:
        """The servers this process owns (None: every server)."""
        if not self.partial:
            return None
        assert self.shard_count is not None
        return ShardScope(frozenset(self.shard_ids), self.shard_count)

    def describe(self) -> str:
        if self.shard_count is None:
            return "unsharded"
        return f"shards {ranges(self.shard_ids)} of {self.shard_count}"


def ranges(ids: tuple[int, ...]) -> str:
    """``(0, 1, 2, 3, 6)`` as ``0-3,6``."""
    parts: list[str] = []
    start = prev = None
    for shard in (*ids, None):
        if shard is not None and prev is not None and shard == prev + 1:
            prev = shard
            continue
        if start is not None:
            parts.append(str(start) if start == prev else f"{start}-{prev}")
        start = prev = shard
    return ",".join(parts)
