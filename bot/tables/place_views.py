"""What ``/tapp tables`` answers: a member's suspended tables (see :mod:`.places`), each
with why and an *End* button."""

from __future__ import annotations

from bot.i18n import t

from .ids import custom_id
from .live import LiveTable
from .view_models import DANGER, ButtonSpec, MessageModel

#: Discord allows 25 components in a message (5 rows of 5)
MAX_LISTED = 25


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
