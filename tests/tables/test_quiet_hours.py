"""Quiet hours in time: inside or outside, over midnight, across daylight saving changes
(Europe/Zurich: clocks forward on 2025-03-30 at 02:00, back on 2025-10-26 at 03:00;
America/New_York: forward on 2025-03-09), and the members' words for zones, clock times
and dates."""

from __future__ import annotations

import zoneinfo
from datetime import UTC, datetime, timezone
from zoneinfo import ZoneInfo

import pytest

from bot.store import MemberTime
from bot.tables.quiet_hours import (
    MAX_AWAY_DAYS,
    BadTimeInput,
    away_at,
    away_for_days,
    check_quiet,
    local_instant,
    matching_zones,
    not_quiet,
    parse_clock,
    parse_until,
    parse_zone,
    quiet_end,
)

ZURICH = ZoneInfo("Europe/Zurich")


def at(text: str, tz: ZoneInfo | timezone = ZURICH, fold: int = 0) -> float:
    """``2025-06-01 23:00`` on the wall clock of ``tz`` → Unix time."""
    return datetime.fromisoformat(text).replace(tzinfo=tz, fold=fold).timestamp()


def utc(t: float | None) -> str:
    assert t is not None
    return datetime.fromtimestamp(t, UTC).strftime("%Y-%m-%d %H:%M:%S")


def night(zone: str = "Europe/Zurich", start: str = "22:00", end: str = "07:00") -> MemberTime:
    return MemberTime(1, 2, zone, parse_clock(start), parse_clock(end))


def test_outside_quiet_hours_nothing_waits() -> None:
    times = night()
    for moment in ("2025-06-01 07:00", "2025-06-01 12:00", "2025-06-01 21:59"):
        assert quiet_end(times, at(moment)) is None, moment
        assert not_quiet(times, at(moment)) == at(moment)


def test_quiet_hours_over_midnight_end_the_next_morning_or_the_same_morning() -> None:
    times = night()
    evening, small_hours = at("2025-06-01 22:00"), at("2025-06-02 06:59:59")
    assert quiet_end(times, evening) == at("2025-06-02 07:00")  # 05:00 UTC in summer
    assert utc(quiet_end(times, evening)) == "2025-06-02 05:00:00"
    assert quiet_end(times, small_hours) == at("2025-06-02 07:00")
    assert quiet_end(times, at("2025-06-01 23:30")) == at("2025-06-02 07:00")


def test_quiet_hours_within_a_day() -> None:
    times = night(start="13:00", end="15:30")
    assert quiet_end(times, at("2025-06-01 12:59")) is None
    assert quiet_end(times, at("2025-06-01 13:00")) == at("2025-06-01 15:30")
    assert quiet_end(times, at("2025-06-01 15:30")) is None


def test_the_members_own_zone_counts_not_utc() -> None:
    tokyo = night("Asia/Tokyo")
    moment = at("2025-06-01 23:00", ZoneInfo("Asia/Tokyo"))  # 14:00 UTC, 16:00 in Zurich
    assert quiet_end(night(), moment) is None
    assert utc(quiet_end(tokyo, moment)) == "2025-06-01 22:00:00"  # 07:00 in Tokyo


def test_the_spring_forward_night_is_an_hour_shorter_and_ends_at_seven_local() -> None:
    times = night()
    start = at("2025-03-29 22:00")  # 21:00 UTC (CET)
    end = quiet_end(times, start)
    assert end == at("2025-03-30 07:00")
    assert utc(end) == "2025-03-30 05:00:00"  # 07:00 CEST
    assert end is not None and end - start == 8 * 3600


def test_the_fall_back_night_is_an_hour_longer_and_ends_at_seven_local() -> None:
    times = night()
    start = at("2025-10-25 22:00")  # 20:00 UTC (CEST)
    end = quiet_end(times, start)
    assert utc(end) == "2025-10-26 06:00:00"  # 07:00 CET
    assert end is not None and end - start == 10 * 3600


def test_an_end_the_clocks_skip_is_reached_when_they_jump_past_it() -> None:
    times = night(start="01:00", end="02:30")  # 02:00-03:00 does not exist on 30 March
    end = quiet_end(times, at("2025-03-30 01:30"))
    assert utc(end) == "2025-03-30 01:00:00"  # the jump: 02:00 CET becomes 03:00 CEST
    assert quiet_end(times, at("2025-03-30 03:00")) is None  # past it now


def test_an_end_the_clocks_pass_twice_is_reached_the_first_time_after_now() -> None:
    times = night(start="22:00", end="02:30")
    first = at("2025-10-26 02:10", fold=0)  # 00:10 UTC, summer time
    second = at("2025-10-26 02:10", fold=1)  # 01:10 UTC, an hour later, winter time
    assert utc(quiet_end(times, first)) == "2025-10-26 00:30:00"  # the first 02:30
    assert utc(quiet_end(times, second)) == "2025-10-26 01:30:00"  # the second 02:30
    # between the two, at the first 02:40, they are over; the clocks then go back to
    # 02:00, into the hours again (by the wall clock) until the second 02:30
    assert quiet_end(times, at("2025-10-26 02:40", fold=0)) is None


def test_new_york_springs_forward_on_its_own_day() -> None:
    ny = ZoneInfo("America/New_York")
    times = night("America/New_York")
    end = quiet_end(times, at("2025-03-08 23:00", ny))
    assert utc(end) == "2025-03-09 11:00:00"  # 07:00 EDT (UTC-4), not 12:00
    zurich = quiet_end(night(), at("2025-03-08 23:00", ny))  # 05:00 in Zurich (CET)
    assert utc(zurich) == "2025-03-09 06:00:00"  # Zurich's 07:00, still winter time there


def test_local_instant_of_a_plain_time_is_its_wall_clock() -> None:
    day = datetime(2025, 6, 1).date()
    assert local_instant(day, 7 * 60, ZURICH, after=None) == at("2025-06-01 07:00")


def test_no_quiet_hours_and_an_unknown_stored_zone_mean_no_wait() -> None:
    assert quiet_end(None, at("2025-06-01 23:00")) is None
    assert quiet_end(MemberTime(1, 2), at("2025-06-01 23:00")) is None
    gone = MemberTime(1, 2, "Mars/Olympus_Mons", 0, 23 * 60)
    assert quiet_end(gone, at("2025-06-01 12:00")) is None


def test_away_until_a_moment() -> None:
    now = at("2025-06-01 12:00")
    times = MemberTime(1, 2, away_until=away_for_days(3, now))
    assert away_at(times, now) and away_at(times, now + 3 * 86400 - 1)
    assert not away_at(times, now + 3 * 86400)
    assert not away_at(MemberTime(1, 2), now) and not away_at(None, now)


# -- what members type --------------------------------------------------------------
@pytest.mark.parametrize(("text", "minutes"), [
    ("22:00", 1320), ("7:30", 450), ("07.30", 450), ("7", 420), ("0:00", 0), ("24:00", 0),
    (" 23:59 ", 1439), ("7h30", 450)])
def test_clock_times_as_typed(text: str, minutes: int) -> None:
    assert parse_clock(text) == minutes


@pytest.mark.parametrize("text", ["25:00", "22:60", "24:30", "ten", "", "7:3", "-1:00",
                                  "22:00:00", "12:00 pm"])
def test_bad_clock_times_are_refused_with_the_text(text: str) -> None:
    with pytest.raises(BadTimeInput) as caught:
        parse_clock(text)
    assert caught.value.key == "quiet.error.clock"
    assert "is not a time of day" in caught.value.text("en")


def test_quiet_hours_must_have_a_length_within_the_limit() -> None:
    check_quiet(22 * 60, 7 * 60)
    check_quiet(0, 16 * 60)
    with pytest.raises(BadTimeInput) as same:
        check_quiet(420, 420)
    assert same.value.key == "quiet.error.same"
    with pytest.raises(BadTimeInput) as long:
        check_quiet(7 * 60, 6 * 60)  # 23 hours
    assert long.value.key == "quiet.error.long" and "16 hours" in long.value.text("en")


def test_zones_as_typed_and_unknown_ones() -> None:
    assert parse_zone("Europe/Zurich") == "Europe/Zurich"
    assert parse_zone(" europe/zurich ") == "Europe/Zurich"
    assert parse_zone("America/New York") == "America/New_York"
    assert parse_zone("UTC") == "UTC"
    for bad in ("Europe/Zürich", "Mars/Base", "../etc/passwd", "", "CEST+2"):
        with pytest.raises(BadTimeInput) as caught:
            parse_zone(bad)
        assert caught.value.key == "quiet.error.zone"
    assert "Zeitzone" in BadTimeInput("quiet.error.zone", zone="x").text("de")


def test_autocomplete_offers_zones_that_start_with_the_text_first() -> None:
    found = matching_zones("europe/zu")
    assert found == ["Europe/Zurich"]
    assert matching_zones("zurich") == ["Europe/Zurich"]
    assert len(matching_zones("")) == 25


def test_zones_resolve_without_the_systems_data(monkeypatch: pytest.MonkeyPatch) -> None:
    """A machine without /usr/share/zoneinfo (the slim Docker image) still knows every
    zone: the ``tzdata`` package is a dependency."""
    zoneinfo.reset_tzpath(to=[])
    try:
        zoneinfo.ZoneInfo.clear_cache()
        zone = zoneinfo.ZoneInfo("Europe/Zurich")
        assert datetime(2025, 6, 1, tzinfo=zone).utcoffset() is not None
        assert "America/New_York" in zoneinfo.available_timezones()
    finally:
        zoneinfo.reset_tzpath()
        zoneinfo.ZoneInfo.clear_cache()


def test_away_until_a_date_or_a_moment_in_the_members_zone() -> None:
    now = at("2025-06-01 12:00")
    assert parse_until("2025-06-05", "Europe/Zurich", now) == at("2025-06-05 00:00")
    assert parse_until("2025-06-05 18:30", "Europe/Zurich", now) == at("2025-06-05 18:30")
    assert parse_until("2025-06-05", None, now) == at("2025-06-05 00:00", UTC)
    for text, key in (("2025-06-01 11:00", "away.error.past"),
                      ("2025-08-01", "away.error.days"),
                      ("5 June", "away.error.until"), ("2025-02-30", "away.error.until"),
                      ("2025-06-05 25:00", "away.error.until")):
        with pytest.raises(BadTimeInput) as caught:
            parse_until(text, "Europe/Zurich", now)
        assert caught.value.key == key, text
    for days in (0, MAX_AWAY_DAYS + 1):
        with pytest.raises(BadTimeInput):
            away_for_days(days, now)
