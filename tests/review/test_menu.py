"""The menu under a history page that picks a deal to review."""

from __future__ import annotations

from bot.i18n import t
from bot.review.ids import ReviewKey
from bot.review.menu import pick_menu


def test_one_option_per_deal_numbered_as_the_page_shows_them() -> None:
    menu = pick_menu(42, [901, 877, 860], "de", row=3)
    assert ReviewKey.parse(menu.custom_id) == ReviewKey(42)
    assert [value for _, value in menu.options] == ["901", "877", "860"]
    assert menu.options[1][0] == t("review.pick.option", "de", n=2, deal=877)
    assert menu.placeholder == t("review.pick", "de") and menu.row == 3
