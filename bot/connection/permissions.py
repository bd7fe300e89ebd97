"""The Discord permissions the bot needs, and where (the README lists the same).

A table in its own thread needs, in the channel, *View Channel* and *Create Public
Threads*, and in the thread (which takes the channel's permissions) *Send Messages in
Threads*, *Embed Links* and *Attach Files*; a table in the channel itself (or in a thread
where ``/tapp table new`` ran) needs *View Channel*, *Send Messages* (*Send Messages in
Threads* in a thread), *Embed Links* and *Attach Files* there. Interaction answers need
nothing. :data:`INVITE` is all of them: the ``permissions`` of the invite URL.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

import discord

from bot.i18n import t

#: the permissions of a table's messages where they are posted (a channel's names)
POSTING = ("view_channel", "send_messages", "embed_links", "attach_files")
#: the same in a thread
POSTING_IN_THREAD = ("view_channel", "send_messages_in_threads", "embed_links", "attach_files")
#: what the channel must allow for a table to get its own thread
MAKING_THREAD = ("view_channel", "create_public_threads")

INVITE = discord.Permissions(**{name: True for name in
                                (*POSTING, *POSTING_IN_THREAD, *MAKING_THREAD)})


class Where(StrEnum):
    CHANNEL = "channel"  # the channel the command ran in
    THIS_THREAD = "this_thread"  # the thread the command ran in
    NEW_THREAD = "new_thread"  # the thread the table would get


@dataclass(frozen=True)
class Missing:
    where: Where
    names: tuple[str, ...]  # discord.Permissions attribute names, in the order above


def missing_for_new_table(permissions: discord.Permissions, *, in_thread: bool,
                          new_thread: bool) -> list[Missing]:
    """What ``permissions`` (the bot's where ``/tapp table new`` ran: ``app_permissions``)
    lack for a table there: posted in this thread (``in_thread``), in a new thread of
    this channel (``new_thread``), or in this channel."""
    def lacking(names: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(n for n in names if not getattr(permissions, n))

    wanted: list[tuple[Where, tuple[str, ...]]]
    if in_thread:
        wanted = [(Where.THIS_THREAD, POSTING_IN_THREAD)]
    elif new_thread:
        wanted = [(Where.CHANNEL, MAKING_THREAD),
                  (Where.NEW_THREAD, tuple(n for n in POSTING_IN_THREAD
                                           if n not in MAKING_THREAD))]
    else:
        wanted = [(Where.CHANNEL, POSTING)]
    found = [Missing(where, lacking(names)) for where, names in wanted]
    return [m for m in found if m.names]


def missing_text(missing: list[Missing], language: str, channel_id: int) -> str:
    """The answer to ``/tapp table new`` when ``missing`` is not empty, in ``language``."""
    channel = f"<#{channel_id}>"
    lines = [t(f"perm.where.{m.where.value}", language, channel=channel,
               names=", ".join(t(f"perm.{n}", language) for n in m.names)) for m in missing]
    return t("perm.missing", language, lines="\n".join(lines))
