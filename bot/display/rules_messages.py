"""The pages of ``/tapp rules``: a variant's rules summary as a few short pages, as plain
data (no Discord objects; ``cogs/rules.py`` turns a page into an embed and components).

Each component's ``custom_id`` carries everything needed to draw the page it leads to,
``tapp:rules:<variant>:<language>:<page>`` (``pick`` instead of a page number for the
select, whose value is the page; :mod:`bot.connection.custom_ids`), so the buttons keep working
after a restart. A click raises ``tapp_rules_page``.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.connection.custom_ids import Key, Part
from bot.i18n import language_of, t
from bot.ui.specs import ButtonSpec, SelectSpec

#: the event a table message's *Rules* button raises: ``(interaction, variant)``
EVENT = "tapp_rules"
PICK = "pick"

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
class RulesRef(Key, kind="rules", event="tapp_rules_page", legacy_prefix="tapp-rules:",
               parts=[Part("variant", "[a-z0-9]{1,20}"), Part("language", "[a-z]{2}"),
                      Part("page", "[0-9]{1,2}", int, none=PICK)],
               choice=Part("page", "[0-9]{1,2}", int)):
    """Where a rules component leads: a variant's page in a language (page None: the
    select, whose chosen value is the page); a click raises
    ``on_tapp_rules_page(interaction, ref, values)``."""

    variant: str
    language: str
    page: int | None


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
    buttons: tuple[ButtonSpec, ...]
    select: SelectSpec | None


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
    buttons: tuple[ButtonSpec, ...] = ()
    select = None
    if count > 1:
        # previous and next always lead to two different pages (so their ids differ)
        before, after = max(page - 1, 0), min(page + 1, count - 1)
        buttons = (
            ButtonSpec(RulesRef(variant, lang, before).encode(),
                       t("rules.button.previous", lang), disabled=page == 0, row=0),
            ButtonSpec(RulesRef(variant, lang, after).encode(),
                       t("rules.button.next", lang), disabled=page == count - 1, row=0),
        )
        options = tuple((f"{n + 1}. {t(f'rules.section.{name}', lang)}", str(n))
                        for n, name in enumerate(names))
        select = SelectSpec(RulesRef(variant, lang, None).encode(), t("rules.select", lang),
                            options, row=1, chosen=frozenset({str(page)}))
    return RulesPage(variant=variant, language=lang, page=page, pages=count, title=title,
                     description=t(text_key(variant, section), lang),
                     footer=t("rules.page", lang, n=page + 1, pages=count),
                     buttons=buttons, select=select)
