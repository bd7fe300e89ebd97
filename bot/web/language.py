"""The visitor's language: a ``?lang=`` switch (remembered in a cookie), else the cookie,
else the browser's ``Accept-Language``, else English; always one of the catalogue's."""

from __future__ import annotations

from collections.abc import Mapping

from bot.i18n import DEFAULT, LANGUAGES

#: the cookie that remembers a visitor's switch (a year)
COOKIE = "tapp_lang"
COOKIE_AGE = 365 * 86400
#: the query parameter of the switch
PARAMETER = "lang"


def accepted(header: str | None) -> str | None:
    """The catalogue's language the browser prefers most (``de-CH,de;q=0.9,en;q=0.8`` ->
    ``de``; ``*`` and unknown languages skipped; q=0 refused); None: none of ours."""
    best: tuple[float, int, str] | None = None
    for index, item in enumerate((header or "").split(",")[:32]):
        tag, _, params = item.strip().partition(";")
        base = tag.strip().split("-", 1)[0].lower()
        if base not in LANGUAGES:
            continue
        q = 1.0
        for param in params.split(";"):
            name, _, value = param.strip().partition("=")
            if name.strip().lower() == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if not 0 < q <= 1:
            continue
        if best is None or (q, -index) > (best[0], best[1]):
            best = (q, -index, base)
    return None if best is None else best[2]


def chosen(query: Mapping[str, str], cookies: Mapping[str, str],
           accept_language: str | None) -> tuple[str, bool]:
    """``(language, switched)``: ``switched`` when the query chose it (to be remembered)."""
    asked = query.get(PARAMETER, "").strip().lower()
    if asked in LANGUAGES:
        return asked, True
    kept = cookies.get(COOKIE, "").strip().lower()
    if kept in LANGUAGES:
        return kept, False
    return accepted(accept_language) or DEFAULT, False
