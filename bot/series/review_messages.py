"""The menu of a member's page of a series (``/tapp series me``) that picks one of the
deals they have finished for its review: the member's own deals only, each named by its
number, the seat they held and their chips (their page says as much already)."""

from __future__ import annotations

from bot.daily.run_messages import chips_text
from bot.i18n.words import Words
from bot.ui.specs import SelectSpec

from .models import MemberPage
from .review_ids import review_menu_id

#: Discord's most options in a select: the newest finished deals are offered
OPTIONS_MAX = 25


def review_menu(page: MemberPage, words: Words) -> SelectSpec | None:
    """The menu of the member's finished deals (None: they have finished none)."""
    played = [d for d in page.deals if d.status == "finished" and d.chips is not None]
    if not played:
        return None
    options = tuple((words("series.review.option", deal=d.deal, seat=d.seat + 1,
                           chips=chips_text(d.chips or 0, words)), str(d.deal))
                    for d in played[-OPTIONS_MAX:])
    return SelectSpec(review_menu_id(page.series.series_id), words("series.review.pick"),
                      options)
