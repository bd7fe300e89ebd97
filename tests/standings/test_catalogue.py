"""Every catalogue key the standings code names exists, and every standings key is used."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import strings

EN = {k: v for k, v in strings("en").items() if k.startswith("standings.")}
ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*sorted((ROOT / "bot" / "standings").glob("*.py")), ROOT / "cogs" / "standings.py"]
KEY = re.compile(r'"(standings\.[a-z0-9_.{}]+)')


def named() -> set[str]:
    return {m for path in SOURCES for m in KEY.findall(path.read_text(encoding="utf-8"))}


def as_pattern(key: str) -> re.Pattern[str]:
    """``standings.result.{outcome}`` matches ``standings.result.won`` and the like."""
    parts = re.split(r"\{[^}]*\}", key)
    return re.compile("[a-z0-9_]+".join(re.escape(p) for p in parts))


def test_every_named_key_exists() -> None:
    for key in named():
        pattern = as_pattern(key)
        assert any(pattern.fullmatch(k) for k in EN), key
        if "{" not in key:
            assert key in EN, key


def test_every_key_is_used() -> None:
    patterns = [as_pattern(k) for k in named()]
    plural = {f"{k}.1" for k in named()}  # count() adds ".1" for one
    unused = [k for k in EN if k not in plural and not any(p.fullmatch(k) for p in patterns)]
    assert unused == []


def test_no_literal_user_text_in_the_cog() -> None:
    source = (ROOT / "cogs" / "standings.py").read_text(encoding="utf-8")
    assert 'description="' not in source and 'label="' not in source
    assert "send_message(\"" not in source and "send(\"" not in source
