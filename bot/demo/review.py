"""The demo's deal review: alice asks for the review of her first deal at the first
table, from its result's *Review my play* button while the table plays on (a closed
table's thread is archived: no more clicks there), and waits for the answer (the strong
player judges her decisions in the review's worker process)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from bot.i18n import t
from standin import Actor, Sandbox

#: how long the demo waits for the review (it takes a few seconds)
PATIENCE = 120.0


async def review_first_deal(sandbox: Sandbox, thread_id: int, alice: Actor,
                            note: Callable[[str], None], capture: Callable[[], None]) -> bool:
    """True once the review is shown."""
    label = t("button.review", None)
    result = next((m for m in sandbox.public_messages(thread_id)
                   if label in m.button_labels()), None)
    if result is None:
        return False
    note(f"\nalice clicks [{label}] under the result of the first deal")
    ix = await alice.click(result, label=label)
    for _ in range(int(PATIENCE / 0.1)):  # a progress line first, then the review
        await sandbox.settle()
        capture()
        if ix.response is not None and sandbox.message(ix.response.id).embeds:
            return True
        await asyncio.sleep(0.1)
    return False
