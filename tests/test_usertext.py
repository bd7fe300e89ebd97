"""User text made safe for each place the bot shows it."""

from __future__ import annotations

from bot.usertext import MAX_NAME, THREAD_NAME_MAX, Where, clean, safe


def test_markdown_characters_show_as_typed() -> None:
    assert safe("**bold** _it_ ||spoiler|| `code` ~~x~~") == (
        r"\*\*bold\*\* \_it\_ \|\|spoiler\|\| \`code\` \~\~x\~\~")
    assert safe("# head") == r"\# head" and safe("> quote") == r"\> quote"
    assert safe("- item") == r"\- item"


def test_links_and_mentions_are_broken() -> None:
    text = safe("[free nitro](https://evil.example/x)")
    assert "](" not in text and "https://" not in text and "evil" in text
    assert "@everyone" not in safe("@everyone") and "<@123>" not in safe("<@123>")
    assert "\u200b" in safe("https://x")  # the scheme and the slashes are kept apart


def test_plain_names_stay_as_they_are() -> None:
    for name in ("alice", "山田 太郎", "🔥🔥🔥", "Ана", "محمد", "👨‍👩‍👧"):
        assert safe(name) == name and safe(name, Where.PLAIN) == name


def test_invisible_and_direction_characters_are_removed() -> None:
    assert clean("a\u202eb\u200bc\x00d\ttab\nnew") == "abcd tab new"
    assert safe("\u2066x\u2069", Where.PLAIN) == "x"
    assert safe("   ") == "?" and safe(None, empty="Seat 1") == "Seat 1"


def test_lengths_are_clamped() -> None:
    assert len(safe("x" * 500, Where.PLAIN)) == MAX_NAME
    assert len(safe("y" * 500, Where.THREAD_NAME, limit=500)) == THREAD_NAME_MAX


def test_file_names_are_ascii() -> None:
    assert safe("Tisch Übersicht 山田.png", Where.FILE_NAME) == "Tisch-Ubersicht-.png"
    assert safe("山田", Where.FILE_NAME) == "file"
