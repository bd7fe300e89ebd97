"""Rebuild the fallback fonts and the emoji sheet in this folder (a one-off developer tool).

Not used at run time, and not a dependency: it needs fontTools, installed in a
throwaway environment. The inputs are Debian packages (bookworm versions in brackets)::

    mkdir /tmp/fonts && cd /tmp/fonts
    apt-get download fonts-droid-fallback fonts-noto-core fonts-noto-color-emoji
    # (1:6.0.1r16-1.1, 20201225-1, 2.042-0+deb12u1)
    for f in *.deb; do dpkg -x "$f" x; done
    apt-get install pngquant  # (2.17.0-1) the emoji sheet's palette
    python3 -m venv /tmp/ftvenv && /tmp/ftvenv/bin/pip install fonttools pillow
    /tmp/ftvenv/bin/python renderer/fonts/build.py /tmp/fonts/x

It copies the outline fonts unchanged, writes the licences beside them, and turns
Noto Color Emoji (a 10.5 MB font of 109 px colour bitmaps, which Pillow can draw only at
that size) into one palette PNG of every emoji at :data:`EMOJI_PPEM` px per em
(``NotoColorEmoji-32.png``, one shared 256-colour palette made by pngquant) and a table
of the code point sequences each cell draws (``NotoColorEmoji-32.txt``: the font's cmap
plus its ligatures, so ZWJ sequences, skin tones, keycaps and flags resolve without a
shaping engine).
"""

from __future__ import annotations

import io
import math
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent
EMOJI_PPEM = 32  # must match renderer.emoji.PPEM
COLUMNS = 64
COPIED = {  # output name -> path inside the extracted packages
    "DroidSansFallback.ttf": "usr/share/fonts-droid-fallback/truetype/DroidSansFallback.ttf",
    **{f"NotoSans{script}-{w}.ttf": f"usr/share/fonts/truetype/noto/NotoSans{script}-{w}.ttf"
       for script in ("Arabic", "Devanagari", "Thai") for w in ("Regular", "Bold")},
}
LICENCES = {  # output name -> (Debian copyright files, extra licence texts)
    "LICENSE-DroidSansFallback.txt": (["fonts-droid-fallback"], ["Apache-2.0"]),
    "LICENSE-Noto.txt": (["fonts-noto-core"], []),
    "LICENSE-NotoColorEmoji.txt": (["fonts-noto-color-emoji"], ["Apache-2.0"]),
}
EMOJI_FONT = "usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
VS16 = 0xFE0F


def _private(cp: int) -> bool:
    return 0xE000 <= cp <= 0xF8FF or cp >= 0xF0000


def _sequences(font: Any) -> dict[str, list[tuple[int, ...]]]:
    """glyph name -> the code point sequences that draw it (cmap, then each ligature
    lookup in order; variation selector 16 is left out of every sequence)."""
    seqs: dict[str, list[tuple[int, ...]]] = {}
    for cp, name in font.getBestCmap().items():
        if cp != VS16 and not _private(cp):
            seqs.setdefault(name, []).append((cp,))
    for lookup in font["GSUB"].table.LookupList.Lookup:
        if lookup.LookupType != 4:
            continue
        for sub in lookup.SubTable:
            for first, ligatures in sub.ligatures.items():
                for lig in ligatures:
                    parts = [seqs.get(g, []) for g in [first, *lig.Component]]
                    combos: list[tuple[int, ...]] = [()]
                    for options in parts:
                        combos = [c + o for c in combos for o in options[:1]]
                    for combo in combos:
                        if combo:
                            seqs.setdefault(lig.LigGlyph, []).append(combo)
    return seqs


def build_emoji(src: Path) -> tuple[int, int]:
    """Write the emoji sheet and its table; returns (cells, sequences)."""
    from fontTools.ttLib import TTFont
    from PIL import Image

    font = TTFont(src)
    strike = font["CBDT"].strikeData[0]
    ppem = font["CBLC"].strikes[0].bitmapSizeTable.ppemX
    scale = EMOJI_PPEM / ppem
    seqs = _sequences(font)
    cells: list[tuple[Image.Image, list[tuple[int, ...]]]] = []
    for name, bitmap in strike.items():
        if name not in seqs:
            continue
        bitmap.decompile()
        image = Image.open(io.BytesIO(bitmap.imageData)).convert("RGBA")
        if image.getbbox() is None:
            continue
        cells.append((image, sorted(set(seqs[name]))))
    m = next(iter(strike.values())).metrics
    cw, ch = round(m.width * scale), round(m.height * scale)
    rows = math.ceil(len(cells) / COLUMNS)
    sheet = Image.new("RGBA", (COLUMNS * cw, rows * ch), (0, 0, 0, 0))
    lines = [f"# Noto Color Emoji {font['name'].getDebugName(5)} at {EMOJI_PPEM} px/em; "
             f"cell {cw}x{ch}, baseline {round(m.BearingY * scale)} px from the top, "
             f"{COLUMNS} columns; one line per sequence: cell, then hex code points "
             "(without U+FE0F)"]
    for i, (image, cell_seqs) in enumerate(cells):
        sheet.paste(image.resize((cw, ch), Image.Resampling.LANCZOS),
                    ((i % COLUMNS) * cw, (i // COLUMNS) * ch))
        lines += [f"{i} " + " ".join(f"{cp:X}" for cp in seq) for seq in cell_seqs]
    _palette_png(sheet, OUT / f"NotoColorEmoji-{EMOJI_PPEM}.png")
    (OUT / f"NotoColorEmoji-{EMOJI_PPEM}.txt").write_text("\n".join(lines) + "\n",
                                                          encoding="utf-8")
    return len(cells), len(lines) - 1


def _palette_png(sheet: Any, out: Path) -> None:
    """``sheet`` as a 256-colour PNG: pngquant (Debian's ``pngquant``, libimagequant; no
    dithering) keeps colours far better than Pillow's octree, which turns a red heart
    orange; Pillow's octree only if pngquant is missing."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "sheet.png"
        sheet.save(src)
        try:
            subprocess.run(["pngquant", "256", "--nofs", "--speed", "1", "--strip", "--force",
                            "--output", str(out), str(src)], check=True)
            return
        except FileNotFoundError:
            print("pngquant not found (apt-get install pngquant): using Pillow's octree")
    from PIL import Image

    sheet.quantize(256, method=Image.Quantize.FASTOCTREE).save(out, optimize=True)


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__)
        return 2
    root = Path(argv[0])
    for name, path in COPIED.items():
        shutil.copyfile(root / path, OUT / name)
    for name, (packages, texts) in LICENCES.items():
        parts = [(root / "usr/share/doc" / p / "copyright").read_text(encoding="utf-8")
                 for p in packages]
        parts += [Path("/usr/share/common-licenses", t).read_text(encoding="utf-8")
                  for t in texts]
        (OUT / name).write_text("\n\n".join(parts), encoding="utf-8")
    cells, sequences = build_emoji(root / EMOJI_FONT)
    print(f"emoji: {cells} cells, {sequences} sequences")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
