"""Turning a message body (create, edit, interaction response) into message fields.

Validates Discord's limits first, so a rejected request changes nothing.
"""

from __future__ import annotations

import re
from typing import Any

from . import errors as e
from .errors import DiscordError, FormErrors
from .limits import FLAG_COMPONENTS_V2, FLAG_EPHEMERAL, check_message
from .models import Attachment, Message
from .payloads import Body
from .state import SandboxState

MENTION = re.compile(r"<@!?(\d+)>")
# Flags a bot may set on a message (SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, V2).
SETTABLE_FLAGS = 4 | FLAG_EPHEMERAL | 4096 | FLAG_COMPONENTS_V2


def message_fields(
    state: SandboxState, body: Body, *, existing: Message | None = None
) -> dict[str, Any]:
    """The fields a body sets, validated; attachments follow Discord's keep/add rules."""
    payload = body.object()
    errors = FormErrors()
    check_message(payload, state.limits, errors, file_sizes=[len(f.data) for f in body.files])
    errors.raise_if_any()
    fields: dict[str, Any] = {}
    if "content" in payload:
        fields["content"] = payload["content"] or ""
        fields["mention_ids"] = _mentions(state, fields["content"], payload.get("allowed_mentions"))
    if "embeds" in payload:
        fields["embeds"] = list(payload["embeds"] or [])
    if "components" in payload:
        fields["components"] = list(payload["components"] or [])
    if payload.get("flags") is not None:
        fields["flags"] = int(payload["flags"]) & SETTABLE_FLAGS & ~FLAG_EPHEMERAL
    reference = payload.get("message_reference")
    if isinstance(reference, dict) and reference.get("message_id"):
        fields["reference_id"] = int(reference["message_id"])
    attachments = _attachments(state, body, payload, existing)
    if attachments is not None:
        fields["attachments"] = attachments
    return fields


def ensure_not_empty(fields: dict[str, Any], existing: Message | None = None) -> None:
    def value(key: str) -> Any:
        return fields[key] if key in fields else getattr(existing, key, None)

    if not any(value(k) for k in ("content", "embeds", "attachments", "components")):
        raise DiscordError(400, e.EMPTY_MESSAGE, "Cannot send an empty message")


def wants_ephemeral(body: Body) -> bool:
    flags = body.object().get("flags") or 0
    return bool(int(flags) & FLAG_EPHEMERAL)


def _attachments(
    state: SandboxState, body: Body, payload: dict[str, Any], existing: Message | None
) -> list[Attachment] | None:
    uploads = {f.index: f for f in body.files}
    described = payload.get("attachments")
    if described is None:
        if not uploads:
            return None
        kept = list(existing.attachments) if existing else []
        return kept + [
            Attachment(state.new_id(), u.filename, u.data, u.content_type) for u in uploads.values()
        ]
    old = {a.id: a for a in existing.attachments} if existing else {}
    result: list[Attachment] = []
    for item in described:
        ref = int(item.get("id", -1))
        if ref in old:
            result.append(old[ref])
        elif ref in uploads:
            upload = uploads.pop(ref)
            result.append(
                Attachment(
                    state.new_id(),
                    item.get("filename") or upload.filename,
                    upload.data,
                    upload.content_type,
                    item.get("description"),
                )
            )
    result += [
        Attachment(state.new_id(), u.filename, u.data, u.content_type) for u in uploads.values()
    ]
    return result


def _mentions(state: SandboxState, content: str, allowed: Any) -> list[int]:
    ids = [int(m) for m in MENTION.findall(content) if int(m) in state.users]
    if isinstance(allowed, dict):
        parse = allowed.get("parse") or []
        listed = {int(u) for u in allowed.get("users") or []}
        ids = [u for u in ids if "users" in parse or u in listed]
    return list(dict.fromkeys(ids))
