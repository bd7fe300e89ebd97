"""The ``custom_id`` of the menu that picks one of a member's deals of a series to
review (under ``/tapp series me``): ``tapp:sr:<series>``, the deal's number the value
chosen (:mod:`bot.connection.custom_ids`). The deal is looked up among the asker's own
runs of the series, in the server the menu is used in."""

from __future__ import annotations

from dataclasses import dataclass

from bot.connection.custom_ids import Key, number


@dataclass(frozen=True, slots=True)
class SeriesReviewKey(Key, kind="sr", event="tapp_series_review",
                      parts=[number("series_id", 19)], choice=number("deal", 2),
                      unreadable="series.error.none"):
    """A choice raises ``on_tapp_series_review(interaction, key, values)``, the values
    the deals' numbers."""

    series_id: int


def review_menu_id(series_id: int) -> str:
    return SeriesReviewKey(series_id).encode()
