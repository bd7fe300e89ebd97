"""How a simulated member of ``python -m bot bench load`` reads the bot's answers: whether
an answer is all there, which message answered, and which component of a hand panel to
use for the member's own action.
"""

from __future__ import annotations

import random

from bot.tables.ids import VERBS, ComponentId
from standin import InteractionRecord, Message, Sandbox

UPDATE_MESSAGE, DEFERRED_UPDATE, DEFERRED_MESSAGE = 7, 6, 5


def answer_complete(record: InteractionRecord, edits_before: int, sandbox: Sandbox) -> bool:
    """The answer is all there (a deferred one filled in), or will never be."""
    if record.errors or record.failed:
        return True
    kind = record.response_type
    if kind is None:
        return False
    if kind == DEFERRED_MESSAGE:
        response = record.response
        return response is not None and not response.loading or bool(record.followup_ids)
    if kind == DEFERRED_UPDATE:
        assert record.message_id is not None
        message = sandbox.state.messages[record.message_id]
        return message.edit_count > edits_before or bool(record.followup_ids)
    return True


def answer_of(record: InteractionRecord) -> Message | None:
    """The message that answered (the last follow-up of a deferred answer)."""
    followups = record.followups
    if followups:
        return followups[-1]
    return record.response


def offers_action(panel: Message) -> bool:
    """The hand panel offers its member an action of their own (a live panel showing
    their turn)."""
    return bool(_options(panel, random.Random(0)))


def choose_action(panel: Message, rng: random.Random) -> tuple[str, list[str] | None] | None:
    """A component for the member's own action on a hand panel (never kontra): a button's
    custom_id with None, or a select's with the values to pick."""
    options = _options(panel, rng)
    return rng.choice(options) if options else None


def _options(panel: Message, rng: random.Random) -> list[tuple[str, list[str] | None]]:
    options: list[tuple[str, list[str] | None]] = []
    for button in panel.buttons():
        cid = ComponentId.parse(button.get("custom_id") or "")
        if cid is None or cid.token in VERBS or button.get("disabled"):
            continue
        if cid.token in ("kontra", "rekontra"):
            continue
        options.append((button["custom_id"], None))
    for select in panel.selects():
        cid = ComponentId.parse(select.get("custom_id") or "")
        if cid is None or cid.pick_kind is None:
            continue
        values = [o["value"] for o in select.get("options") or ()]
        count = int(select.get("min_values", 1))
        if len(values) >= count:
            options.append((select["custom_id"], rng.sample(values, count)))
    return options
