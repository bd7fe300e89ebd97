"""Reading a page as a browser and a screen reader would: its text, links, images and
tables (the standard library's HTML parser; the tests need nothing more)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Parsed:
    lang: str | None = None
    title: str = ""
    main: str = ""  # the text inside <main>, whitespace collapsed
    links: list[str] = field(default_factory=list)  # hrefs, in order
    images: list[dict[str, str | None]] = field(default_factory=list)  # their attributes
    headers: list[tuple[str, str | None]] = field(default_factory=list)  # (text, scope)
    rows: list[list[str]] = field(default_factory=list)  # body rows' cells' text
    tables: int = 0
    captions: list[str] = field(default_factory=list)


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out = Parsed()
        self._stack: list[str] = []
        self._main: list[str] = []
        self._cell: list[str] | None = None
        self._cell_scope: str | None = None
        self._cell_tag = ""
        self._row: list[str] | None = None
        self._caption: list[str] | None = None
        self._title: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        self._stack.append(tag)
        if tag == "html":
            self.out.lang = a.get("lang")
        elif tag == "a" and a.get("href"):
            self.out.links.append(str(a["href"]))
        elif tag == "img":
            self.out.images.append(a)
            self._stack.pop()
        elif tag == "table":
            self.out.tables += 1
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell, self._cell_scope, self._cell_tag = [], a.get("scope"), tag
        elif tag == "caption":
            self._caption = []
        elif tag == "title":
            self._title = []
        elif tag in ("br", "meta", "link", "input"):
            self._stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            text = " ".join("".join(self._cell).split())
            if self._cell_tag == "th" and self._cell_scope == "col":
                self.out.headers.append((text, self._cell_scope))
            elif self._row is not None:
                self._row.append(text)
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._row:
                self.out.rows.append(self._row)
            self._row = None
        elif tag == "caption" and self._caption is not None:
            self.out.captions.append(" ".join("".join(self._caption).split()))
            self._caption = None
        elif tag == "title" and self._title is not None:
            self.out.title = " ".join("".join(self._title).split())
            self._title = None
        if self._stack and self._stack[-1] == tag:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        if "main" in self._stack:
            self._main.append(data)
        for part in (self._cell, self._caption, self._title):
            if part is not None:
                part.append(data)

    def close(self) -> None:
        super().close()
        self.out.main = " ".join(" ".join(self._main).split())


def parse(text: str) -> Parsed:
    reader = _Reader()
    reader.feed(text)
    reader.close()
    return reader.out
