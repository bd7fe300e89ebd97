"""The Jinja2 environment of the pages: templates packaged in ``bot/web/templates``,
HTML escaped everywhere (a member's name is text, never markup), a template's mistake an
error rather than an empty string, compiled once per process."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import urlencode

import jinja2

from bot.i18n import LANGUAGES, t

from .language import PARAMETER

#: each language in its own words (the switch)
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "sv": "Svenska"}
assert set(LANGUAGE_NAMES) == set(LANGUAGES)


def environment() -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.PackageLoader("bot.web", "templates"),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )


def with_query(path: str, query: Mapping[str, str], **changes: str | None) -> str:
    """``path`` with ``query`` changed (a None value dropped), its keys in order."""
    values = {k: v for k, v in ({**query, **changes}).items() if v is not None}
    return f"{path}?{urlencode(values)}" if values else path


class Page:
    """What every template is given besides its own values: the language, its words
    (``t``), the language switch's links, and the header's account line: who is signed
    in (``visitor``: their name; None: signed out) and the sign-in link back here."""

    def __init__(self, language: str, path: str, query: Mapping[str, str], *,
                 visitor: str | None = None) -> None:
        self.language = language
        self.path = path
        self.query = dict(query)
        self.visitor = visitor

    def words(self) -> Callable[..., str]:
        language = self.language

        def words(key: str, /, **values: Any) -> str:
            return t(key, language, **values)

        return words

    def switch(self, code: str) -> str:
        return with_query(self.path, self.query, **{PARAMETER: code})

    def sign_in(self) -> str:
        """``/login``, coming back to this page."""
        return with_query("/login", {"next": with_query(self.path, self.query)})

    def values(self) -> dict[str, Any]:
        return {"lang": self.language, "t": self.words(), "switch": self.switch,
                "languages": list(LANGUAGE_NAMES.items()), "visitor": self.visitor,
                "sign_in_href": self.sign_in()}


def render(env: jinja2.Environment, template: str, page: Page, /, **values: Any) -> str:
    return env.get_template(template).render(page.values() | values)
