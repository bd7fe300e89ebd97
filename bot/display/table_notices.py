"""What a table's channel is told besides its messages: what a turn timer did (a
reminder mentions the member to act, and only them), and that a table marked broken is
paused. The texts name no card: the table message shows what was played."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.connection.invalid_budget import InvalidBudget
from bot.i18n import t
from bot.store import Store
from bot.tables.state import TablePaused
from bot.tables.timeouts import REMINDER, TimerNotice
from bot.ui.outgoing import Outgoing
from bot.ui.specs import MessageModel

from .disclosure import Disclosure, MessageKind
from .notice_messages import notice_text
from .panel_follow import PanelFollower
from .public import PublicMessages, Sleep, retrying, transient

NOTICE = MessageKind.NOTICE


@dataclass(eq=False)
class TableNotices:
    """Posts notices in a table's place; ``suspended`` are tables whose place is gone,
    ``lasting`` deals with a lasting refusal (True: dealt with, see :mod:`.thread_trouble`)."""

    public: PublicMessages
    store: Store
    lasting: Callable[[int, Exception], Awaitable[bool]]
    follower: PanelFollower
    budget: InvalidBudget
    sleep: Sleep
    suspended: set[int]

    async def timer(self, notice: TimerNotice) -> None:
        """Post what a turn timer did. Not for a suspended table, nor a reminder while
        the invalid-request budget is spent."""
        if notice.table_id in self.suspended or (notice.kind == REMINDER
                                                 and self.budget.strained):
            return
        channel = self.public.channel(notice.location_id)
        mentions = (notice.user_id,) if notice.kind == REMINDER and notice.user_id else ()
        model = MessageModel(description="", content=notice_text(notice), mentions=mentions)
        out = Outgoing.of(model, None)
        try:
            message = await retrying(lambda: channel.send(**out.send_kwargs()), self.sleep)
        except discord.HTTPException as error:  # its place may be gone: suspended then
            if transient(error) or not await self.lasting(notice.table_id, error):
                raise
            return
        self.public.disclose(Disclosure(notice.table_id, NOTICE, None, None, None, model,
                                        message.id))

    async def paused(self, event: TablePaused) -> None:
        """Tell a table marked broken's channel that it is paused, and its panels."""
        language = (await self.store.settings.for_table(event.table_id)).language
        model = MessageModel(description="", content=t("table.broken", language))
        table = await self.store.tables.get(event.table_id)
        channel = self.public.channel(table.thread_id or table.channel_id)
        message = await channel.send(**Outgoing.of(model, None).send_kwargs())
        self.public.disclose(Disclosure(event.table_id, NOTICE, None, None, None, model,
                                        message.id))
        await self.follower.note(event.table_id, "panel.table_paused", final=True)
