"""The Discord side of where tables live (see :mod:`bot.tables.places`): why a table's
place is gone by discord.py's cache, and what ``/tapp table list`` answers (a member's
suspended tables, each with why and an *End* button)."""

from __future__ import annotations

import discord

from bot.i18n import t
from bot.store import TableRow
from bot.tables.ids import custom_id
from bot.tables.live import LiveTable
from bot.tables.places import BOT_REMOVED, NO_PERMISSION
from bot.ui.specs import DANGER, ButtonSpec, MessageModel

#: Discord allows 25 components in a message (5 rows of 5)
MAX_LISTED = 25


def problem(guild: discord.Guild | None, row: TableRow) -> str | None:
    """Why ``row``'s place is gone by discord.py's cache (None: it is there, as far as
    the cache knows; also during an outage, which takes nothing away). A deleted channel
    is known from its event (:meth:`Places.channel_gone`) or Discord's 404, not from its
    absence here: a table may live in a thread the cache does not hold (archived)."""
    if guild is None:
        return BOT_REMOVED
    if guild.unavailable:
        return None
    place = guild.get_channel_or_thread(row.channel_id)
    if place is None:
        return None
    permissions = place.permissions_for(guild.me)
    in_thread = row.thread_id is not None or isinstance(place, discord.Thread)
    posting = permissions.send_messages_in_threads if in_thread else permissions.send_messages
    if not (permissions.view_channel and posting):
        return NO_PERMISSION
    return None


def suspended_list(tables: list[LiveTable], language: str | None) -> MessageModel:
    """The member's suspended tables, oldest first, with their *End* buttons."""
    if not tables:
        return MessageModel(description=t("tables.none", language))
    shown = sorted(tables, key=lambda lv: lv.table_id)[:MAX_LISTED]
    lines = [t("tables.line", language, table=lv.table_id, variant=t(f"variant.{lv.variant}",
                                                                  language),
               where=f"<#{lv.row.thread_id or lv.row.channel_id}>",
               why=t(f"suspended.{lv.suspended}", language)) for lv in shown]
    buttons = tuple(ButtonSpec(custom_id(lv.table_id, None, "end"),
                               t("button.end_suspended", language, table=lv.table_id), DANGER)
                    for lv in shown)
    return MessageModel(description="\n".join(lines), title=t("tables.title", language),
                        components=buttons)
