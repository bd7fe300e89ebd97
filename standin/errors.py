"""Discord-shaped API errors: ``{"code": ..., "message": ..., "errors": ...}``."""

from __future__ import annotations

from typing import Any

# JSON error codes the stand-in answers with (Discord's own numbers).
GENERAL = 0
UNKNOWN_CHANNEL = 10003
UNKNOWN_GUILD = 10004
UNKNOWN_MEMBER = 10007
UNKNOWN_MESSAGE = 10008
UNKNOWN_USER = 10013
UNKNOWN_WEBHOOK = 10015
UNKNOWN_INTERACTION = 10062
UNKNOWN_APPLICATION_COMMAND = 10063
MAX_APPLICATION_COMMANDS = 30032
MAX_OLD_MESSAGE_EDITS = 30046
UNAUTHORIZED = 40001
ALREADY_ACKNOWLEDGED = 40060
MISSING_ACCESS = 50001
CANNOT_EDIT_OTHERS_MESSAGE = 50005
EMPTY_MESSAGE = 50006
INVALID_WEBHOOK_TOKEN = 50027
INVALID_FORM_BODY = 50035


class DiscordError(Exception):
    """An error response: HTTP status plus Discord's JSON body."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: dict[str, Any] | None = None,
        *,
        extra: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        via: bool = True,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = errors
        self.extra = extra or {}
        self.headers = headers or {}
        # Discord's edge adds ``Via``; discord.py retries a 429 only when it is present.
        self.via = via

    def body(self) -> dict[str, Any]:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        body.update(self.extra)
        return body


def not_found(code: int, what: str) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}")


class FormErrors:
    """Collects field errors into Discord's nested tree: ``{"a": {"_errors": [...]}}``."""

    def __init__(self) -> None:
        self.tree: dict[str, Any] = {}

    def add(self, path: tuple[str | int, ...], code: str, message: str) -> None:
        node = self.tree
        for key in path:
            node = node.setdefault(str(key), {})
        node.setdefault("_errors", []).append({"code": code, "message": message})

    def __bool__(self) -> bool:
        return bool(self.tree)

    def raise_if_any(self) -> None:
        if self.tree:
            raise DiscordError(400, INVALID_FORM_BODY, "Invalid Form Body", self.tree)
