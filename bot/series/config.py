"""How series run (:class:`SeriesConfig`)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass


def new_seed() -> bytes:
    """A series' secret seed: 32 bytes from the operating system's secure source."""
    return secrets.token_bytes(32)


@dataclass(frozen=True)
class SeriesConfig:
    """``samples``: layouts per decision of a search level (None: the level's own);
    ``offload``: search decisions in the AI's worker processes (False: a thread, for
    tests); ``timeout``: seconds a decision may take before the member is asked to try
    again; ``clock`` gives Unix seconds (None: the tables'); ``seeds`` makes each
    series' secret seed; ``table_wait``: seconds a shared table waits for members
    before computer players take its free seats."""

    samples: int | None = None
    offload: bool = True
    timeout: float = 120.0
    clock: Callable[[], float] | None = None
    seeds: Callable[[], bytes] = new_seed
    table_wait: float = 600.0
