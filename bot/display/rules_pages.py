"""The pages of ``/tapp rules``: a variant's rules summary as a few short pages, as plain
data (no Discord objects; ``cogs/rules.py`` turns a page into an embed and components).

Each component's ``custom_id`` carries everything needed to draw the page it leads to,
``tapp-rules:<variant>:<language>:<page>`` (``pick`` instead of a page number for the
select, whose value is the page), so the buttons keep working after a restart.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bot.i18n import language_of, t

PREFIX = "tapp-rules"
#: the event a table message's *Rules* button raises: ``(interaction, variant)``
EVENT = "tapp_rules"
PICK = "pick"
_HEAD = rf"{PREFIX}:(?P<variant>[a-z0-9]{{1,20}}):(?P<lang>[a-z]{{2}})"
#: the regular expressions the ``DynamicItem``s match (``fullmatch``): a page button's id
#: and the select's
BUTTON_TEMPLATE = rf"{_HEAD}:(?P<page>[0-9]{{1,2}})"
SELECT_TEMPLATE = rf"{_HEAD}:(?P<page>{PICK})"
_PATTERN = re.compile(rf"{_HEAD}:(?P<page>[0-9]{{1,2}}|{PICK})")

#: the sections of each variant, in page order; the first page's text is
#: ``rules.<variant>``, every other one ``rules.<variant>.<section>``
PAGES: dict[str, tuple[str, ...]] = {
    "zuger": ("overview", "bidding", "play", "scoring", "words"),
    "tapp1879": ("overview", "bidding", "play", "scoring", "words"),
    "dapp": ("overview", "contracts", "bidding", "play", "scoring", "ramsch", "words"),
    "wuerttemberg": ("overview", "contracts", "bidding", "play", "scoring", "options",
                     "words"),
}

#: Discord's limits that a page must keep
EMBED_DESCRIPTION, EMBED_TITLE, FOOTER, LABEL, CUSTOM_ID = 4096, 256, 2048, 80, 100
OPTION_LABEL = 100


@dataclass(frozen=True, slots=True)
class RulesRef:
    """Where a rules component leads: a variant's page in a language (page None: the
    select, whose chosen value is the page)."""

    variant: str
    language: str
    page: int | None

    def encode(self) -> str:
        page = PICK if self.page is None else str(self.page)
        text = f"{PREFIX}:{self.variant}:{self.language}:{page}"
        if len(text) > CUSTOM_ID or not _PATTERN.fullmatch(text):
            raise ValueError(f"not a valid rules custom_id: {text!r}")
        return text

    @staticmethod
    def from_match(match: re.Match[str]) -> RulesRef:
        page = match["page"]
        return RulesRef(match["variant"], match["lang"], None if page == PICK else int(page))

    @staticmethod
    def parse(text: str) -> RulesRef | None:
        match = _PATTERN.fullmatch(text)
        return None if match is None else RulesRef.from_match(match)


@dataclass(frozen=True, slots=True)
class PageButton:
    custom_id: str
    label: str
    disabled: bool


@dataclass(frozen=True, slots=True)
class PageSelect:
    custom_id: str
    placeholder: str
    options: tuple[tuple[str, str, bool], ...]  # (label, value, is the page shown)


@dataclass(frozen=True, slots=True)
class RulesPage:
    """One page: an embed (title, description, footer) and its navigation."""

    variant: str
    language: str
    page: int
    pages: int
    title: str
    description: str
    footer: str
    buttons: tuple[PageButton, ...]
    select: PageSelect | None


def sections(variant: str) -> tuple[str, ...]:
    return PAGES[variant]


def text_key(variant: str, section: str) -> str:
    return f"rules.{variant}" if section == "overview" else f"rules.{variant}.{section}"


def rules_page(variant: str, page: int = 0, language: str | None = None) -> RulesPage:
    """Page ``page`` (from 0; clamped) of ``variant``'s rules in ``language``."""
    lang = language_of(language)
    names = sections(variant)
    count = len(names)
    page = min(max(page, 0), count - 1)
    section = names[page]
    title = t("rules.heading", lang, variant=t(f"variant.{variant}", lang),
              section=t(f"rules.section.{section}", lang))
    buttons: tuple[PageButton, ...] = ()
    select = None
    if count > 1:
        # previous and next always lead to two different pages (so their ids differ)
        before, after = max(page - 1, 0), min(page + 1, count - 1)
        buttons = (
            PageButton(RulesRef(variant, lang, before).encode(),
                       t("rules.button.previous", lang), disabled=page == 0),
            PageButton(RulesRef(variant, lang, after).encode(),
                       t("rules.button.next", lang), disabled=page == count - 1),
        )
        options = tuple((f"{n + 1}. {t(f'rules.section.{name}', lang)}", str(n), n == page)
                        for n, name in enumerate(names))
        select = PageSelect(RulesRef(variant, lang, None).encode(), t("rules.select", lang),
                            options)
    return RulesPage(variant=variant, language=lang, page=page, pages=count, title=title,
                     description=t(text_key(variant, section), lang),
                     footer=t("rules.page", lang, n=page + 1, pages=count),
                     buttons=buttons, select=select)
