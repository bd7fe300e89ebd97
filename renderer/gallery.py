"""``python -m bot render-gallery DIR``: one of each image, for a person to look at.

Writes every image kind for every sample situation (every variant), cycling through
the deck styles, plus a sheet of all cards per style, the chip chart, and an
``index.html`` that shows them all on one page (at a phone's 360 px with ``?phone``),
and the same kinds with names in many scripts (``world ...``).
Views come from the rules engine (seeded deals: :mod:`.samples`).
"""

from __future__ import annotations

import html
import sys
from pathlib import Path

from PIL import Image

from bot.cli.parsing import Parser, output_folder

from . import cards
from .chart import render_chip_chart
from .encode import ImageFormat, RenderedImage, encode
from .hand import render_hand
from .hands import render_hands
from .result import render_result
from .samples import LONG_NAME, sample_chips, sample_names, sample_views
from .suits import DeckStyle
from .table import render_table
from .trick import render_trick
from .world import WORLD_NAMES, world_names

STYLES = tuple(DeckStyle)


def card_sheet(style: DeckStyle, width: int = 110) -> Image.Image:
    """All 36 faces of ``style`` (rows by suit), a back, and the highlighted and dimmed
    states (unguarded: a sheet shows every card by design)."""
    cw, ch = cards.card_size(width)
    gap = 10
    img = Image.new("RGB", (9 * (cw + gap) + gap, 5 * (ch + gap) + gap), "#17392b")
    for suit in range(4):
        for rank in range(9):
            sprite = cards.face(style, suit * 9 + rank, width)
            img.paste(sprite, (gap + rank * (cw + gap), gap + suit * (ch + gap)), sprite)
    row = [cards.back(width), cards.face(style, 26, width, cards.CardState.HIGHLIGHT),
           cards.face(style, 35, width, cards.CardState.DIMMED),
           cards.back(width, cards.CardState.DIMMED)]
    for sprite in (cards.face(style, c, 56) for c in (8, 17, 26, 35)):
        row.append(sprite)
    x = gap
    for sprite in row:
        img.paste(sprite, (x, gap + 4 * (ch + gap)), sprite)
        x += sprite.width + gap
    return img


def build(out: Path, fmt: ImageFormat | None = None) -> list[tuple[str, RenderedImage]]:
    """Render the gallery into ``out``; returns (title, image) in page order."""
    views = sample_views()
    images: list[tuple[str, RenderedImage]] = []
    for style in STYLES:
        images.append((f"cards {style.value}",
                       encode(card_sheet(style), f"cards-{style.value}", fmt)))
    for i, (name, view) in enumerate(views.items()):
        style = STYLES[i % len(STYLES)]
        names = sample_names(view.players)
        if i % 4 == 3:
            names[-1] = LONG_NAME
        tag = f"{name} ({style.value})"
        if view.seat is not None and view.hand:
            images.append((f"hand {tag}",
                           render_hand(view, style=style, names=names, fmt=fmt)))
        if not view.is_over:
            images.append((f"trick {tag}", render_trick(view, style=style, names=names,
                                                         fmt=fmt)))
        chips = [(7 * s) % 23 - 11 for s in range(view.players)]
        images.append((f"table {tag}", render_table(view, names, style=style, chips=chips,
                                                    fmt=fmt)))
        if view.result is not None:
            images.append((f"result {tag}",
                           render_result(view, names, style=style, fmt=fmt)))
            images.append((f"hands {tag}", render_hands(view, names, style=style, fmt=fmt)))
            images.append((f"result+hands {tag}",
                           render_result(view, names, style=style, show_hands=True, fmt=fmt)))
    images.append(("chip chart", render_chip_chart(sample_chips(), fmt=fmt)))
    images += _world(views, fmt)
    out.mkdir(parents=True, exist_ok=True)
    for title, image in images:
        (out / _file(title, image)).write_bytes(image.data)
    (out / "index.html").write_text(_page(images), encoding="utf-8")
    return images


def _world(views: dict, fmt: ImageFormat | None) -> list[tuple[str, RenderedImage]]:
    """Names in many scripts (CJK, Arabic, Hebrew, Cyrillic, Greek, Devanagari, Thai,
    emoji) on every kind of image."""
    out: list[tuple[str, RenderedImage]] = []
    for i, (key, style) in enumerate((("dapp-6-durch", DeckStyle.GERMAN),
                                      ("dapp-rufer", DeckStyle.SWISS),
                                      ("dapp-5-ramsch-result", DeckStyle.FRENCH))):
        view = views.get(key)
        if view is None:
            continue
        names = world_names(view.players, 4 * i)
        tag = f"world {key} ({style.value})"
        if view.seat is not None and view.hand:
            out.append((f"hand {tag}", render_hand(view, style=style, names=names, fmt=fmt)))
        if not view.is_over:
            out.append((f"trick {tag}", render_trick(view, style=style, names=names,
                                                     fmt=fmt)))
        out.append((f"table {tag}", render_table(view, names, style=style, fmt=fmt,
                                                 chips=[4, -2, 0, 7, -9, 1][:view.players])))
        if view.result is not None:
            out.append((f"result {tag}", render_result(view, names, style=style, fmt=fmt)))
            out.append((f"hands {tag}", render_hands(view, names, style=style, fmt=fmt)))
    series = {name: [(0, 0), (10, 3 * i - 12), (20, 17 - 4 * i), (30, 2 * i - 7)]
              for i, name in enumerate(WORLD_NAMES[:10])}
    out.append(("chip chart world", render_chip_chart(series, fmt=fmt)))
    return out


def _file(title: str, image: RenderedImage) -> str:
    stem = "".join(ch if ch.isalnum() or ch in "-+" else "_" for ch in title).strip("_")
    return f"{stem}.{image.filename.rsplit('.', 1)[-1]}"


def _page(images: list[tuple[str, RenderedImage]]) -> str:
    cells = "\n".join(
        f'<figure><img src="{html.escape(_file(t, im))}" alt="{html.escape(im.description)}">'
        f"<figcaption>{html.escape(t)} · {im.width}×{im.height} · {len(im.data) // 1024} KB"
        "</figcaption></figure>"
        for t, im in images)
    return f"""<!doctype html><meta charset="utf-8"><title>Tapp renderer gallery</title>
<style>body{{background:#313338;color:#dbdee1;font:14px sans-serif;display:flex;
flex-wrap:wrap;gap:16px}}figure{{margin:0}}img{{display:block;max-width:100%}}
body.phone img{{width:360px}}</style>
<script>addEventListener('DOMContentLoaded',()=>{{
if(location.search.includes('phone'))document.body.classList.add('phone')}})</script>
{cells}
"""


DESCRIPTION = """\
Draw one of each image the bot posts, for a person to look at: every image kind (hand,
trick, table, result) for sample situations of every variant, cycling through the deck
styles, a sheet of all cards per style and the chip chart, into DIR, with an index.html
that shows them all on one page (at phone width with ?phone after its address).
"""


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot render-gallery", description=DESCRIPTION)
    parser.add_argument("dir", type=Path, metavar="DIR",
                        help="the folder to write to (made if missing)")
    parser.add_argument("--format", choices=["auto", *(f.value for f in ImageFormat)],
                        default="auto",
                        help="the image format (default: auto, each kind's own, as the bot)")
    args = parser.parse_args(argv)
    fmt = None if args.format == "auto" else ImageFormat(args.format)
    images = build(output_folder(parser, args.dir), fmt)
    total = sum(len(im.data) for _, im in images)
    print(f"wrote {len(images)} images ({total // 1024} KB) and index.html to {args.dir}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
