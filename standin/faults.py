"""Injected failures: 429 storms and 5xx answers on chosen routes.

A route is named like the OpenAPI path, optionally with a method:
``"POST /channels/{channel_id}/messages"`` or ``"/channels/{channel_id}/messages"``;
``None`` matches every REST route.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Fault:
    kind: str  # "rate_limit" or "server_error"
    route: str | None
    remaining: int
    status: int = 429
    retry_after: float = 0.05
    is_global: bool = False
    hits: list[str] = field(default_factory=list)

    def matches(self, method: str, template: str) -> bool:
        if self.route is None:
            return True
        if " " in self.route:
            want_method, want_path = self.route.split(" ", 1)
            return want_method.upper() == method and want_path == template
        return self.route == template


class Faults:
    """Queue of pending faults; each matching request consumes one hit."""

    def __init__(self) -> None:
        self.pending: list[Fault] = []
        self.spent: list[Fault] = []

    def rate_limit(
        self,
        count: int = 1,
        *,
        route: str | None = None,
        retry_after: float = 0.05,
        is_global: bool = False,
    ) -> Fault:
        """Answer the next ``count`` matching requests with 429 and ``retry_after``."""
        fault = Fault("rate_limit", route, count, 429, retry_after, is_global)
        self.pending.append(fault)
        return fault

    def server_error(self, count: int = 1, *, route: str | None = None, status: int = 500) -> Fault:
        """Answer the next ``count`` matching requests with a 5xx status."""
        fault = Fault("server_error", route, count, status)
        self.pending.append(fault)
        return fault

    def clear(self) -> None:
        self.pending.clear()

    def take(self, method: str, template: str) -> Fault | None:
        for fault in self.pending:
            if fault.remaining > 0 and fault.matches(method, template):
                fault.remaining -= 1
                fault.hits.append(f"{method} {template}")
                if fault.remaining == 0:
                    self.pending.remove(fault)
                    self.spent.append(fault)
                return fault
        return None
