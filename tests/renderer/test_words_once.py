"""An image says each word once: the header's words (the contract, "Bidding", the
variant) are not said again beside it, nothing is said twice in one label
("Ramsch · Ramsch"), and the alt text repeats no part ("Ramsch: … pays" under a
"Ramsch" header). Every sample state in every language, and a fresh deal of each
variant (the auction before any bid)."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from dataclasses import replace

import pytest

import renderer.draw
import renderer.hand
import renderer.hands
import renderer.result
import renderer.table
import renderer.text
import renderer.trick
from bot.engine import Deal, SeatView
from bot.i18n import LANGUAGES
from bot.i18n.words import render_labels
from renderer import Labels, RenderedImage
from renderer.describe import title
from renderer.hand import render_hand
from renderer.hands import render_hands
from renderer.labels import DEFAULT_LABELS
from renderer.result import headline, render_result, result_title
from renderer.samples import LONG_NAME, sample_names
from renderer.table import render_table
from renderer.trick import render_trick

from .conftest import VIEWS

_MODULES = (renderer.text, renderer.draw, renderer.table, renderer.hand, renderer.result,
            renderer.trick, renderer.hands)
_SEPARATORS = re.compile(r" · |: |; ")


def _fresh() -> dict[str, SeatView]:
    """Each variant before anybody has spoken, as the table and the first speaker see it."""
    out: dict[str, SeatView] = {}
    for variant, players in (("zuger", 4), ("tapp1879", 3), ("dapp", 4),
                             ("wuerttemberg", 3)):
        deal = Deal.new(variant, players=players, rng=random.Random(3))
        out[f"fresh:{variant}"] = deal.public_view()
        out[f"fresh:{variant}:seat"] = deal.view(deal.to_act()[0])
    return out


VIEWS = {**VIEWS, **_fresh()}


def parts(text: str) -> list[str]:
    """A label's parts: ``Ramsch · Kontra`` → Ramsch, Kontra; ``Ramsch: Anna pays`` →
    Ramsch, Anna pays."""
    return [p.strip() for p in _SEPARATORS.split(text) if p.strip()]


def _plain(part: str, names: list[str]) -> bool:
    """A part that may well repeat: a player's name (or its shortening), a number."""
    return (re.fullmatch(r"[+−\-]?\d+", part) is not None
            or any(n.startswith(part.rstrip("…")) or part.startswith(n) for n in names))


def _kinds(view: SeatView, names: list[str], labels: Labels
           ) -> Iterator[tuple[str, Callable[[], RenderedImage]]]:
    yield "table", lambda: render_table(view, names, labels=labels)
    if view.seat is not None and view.hand:
        yield "hand", lambda: render_hand(view, names=names, labels=labels)
    if not view.is_over and (view.tricks or view.current_trick):
        yield "trick", lambda: render_trick(view, names=names, labels=labels)
    if view.result is not None:
        yield "result", lambda: render_result(view, names, labels=labels)
        if view.dealt_hands:
            yield "hands", lambda: render_hands(view, names, labels=labels)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts drawn into the images, outside the seats' panels (a panel says what its
    seat bid or announced: that is about the seat, not a repeat)."""
    texts: list[str] = []
    original = renderer.text.draw_text

    def recording(draw: object, xy: object, text: str, *args: object, **kw: object) -> None:
        texts.append(text)
        original(draw, xy, text, *args, **kw)  # type: ignore[arg-type]

    for module in _MODULES:
        if hasattr(module, "draw_text"):
            monkeypatch.setattr(module, "draw_text", recording)
    monkeypatch.setattr(renderer.table, "_panel", lambda *args, **kw: None)
    return texts


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_word_twice_in_an_image(drawn: list[str], language: str) -> None:
    labels = Labels(render_labels(language))
    problems = []
    for name, view in sorted(VIEWS.items()):
        names = sample_names(view.players)
        for kind, render in _kinds(view, names, labels):
            drawn.clear()
            image = render()
            header = (result_title(view, view.result, labels)
                      if kind in ("result", "hands") and view.result is not None
                      else title(view, labels))
            said = set(parts(header))
            for text in drawn:
                own = parts(text)
                if len(own) != len(set(own)):
                    problems.append((name, kind, "said twice", text))
                if not header.startswith(text.rstrip("…")) and said & set(own):  # not itself
                    problems.append((name, kind, f"the header's {header!r} again", text))
            alt = [p for p in parts(image.description) if not _plain(p, names)]
            if len(alt) != len(set(alt)):
                problems.append((name, kind, "alt text", image.description))
    assert problems == []


def test_the_header_tells_the_phase_once_before_any_bid(drawn: list[str]) -> None:
    labels = Labels()
    for name, view in _fresh().items():
        drawn.clear()
        render_table(view, sample_names(view.players), labels=labels)
        assert drawn.count(DEFAULT_LABELS["phase.auction"]) == 1, (name, drawn)
        assert DEFAULT_LABELS["phase.auction"] == DEFAULT_LABELS["no_contract"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_result_names_its_contract_once(language: str) -> None:
    """The header names the contract; the outcome says who won, lost or pays, and the
    alt text has the contract too (once)."""
    labels = Labels(render_labels(language))
    ramsch = VIEWS["dapp-5-ramsch-result"]
    assert ramsch.result is not None and ramsch.result.contract == "ramsch"
    names = sample_names(ramsch.players)
    outcome = headline(ramsch.result, "dapp", names, labels)[0]
    assert "Ramsch" not in outcome and any(n in outcome for n in names)
    description = render_result(ramsch, names, labels=labels).description
    assert description.count("Ramsch") == 1
    won = VIEWS["zuger-result"]
    assert won.result is not None and won.result.contract is not None
    draw = replace(won.result, won=None, payments=tuple(0 for _ in won.result.payments))
    solo = labels.contract("zuger", won.result.contract)
    assert solo not in headline(draw, "zuger", names, labels)[0]
    drawn_view = replace(won, result=draw)
    assert render_result(drawn_view, names, labels=labels).description.count(solo) == 1


def test_long_names_are_not_words(drawn: list[str]) -> None:
    """The check above ignores players' names however they are shortened."""
    names = [LONG_NAME, "Anna"]
    assert _plain("WWWW…", names) and _plain("Anna", names) and _plain("−8", names)
    assert not _plain("Ramsch", names)
