"""Text split for the font chain: clusters, the font of each, runs in visual order.

A cluster is a base character with its combining marks, or one emoji (a whole ZWJ
sequence, flag or keycap). Each cluster gets the first font of
:data:`renderer.fontfiles.CHAIN` that draws all of it; characters no font has are
dropped (never a .notdef box). Two refinements keep shaping intact: the letters of one
word in one script share the first font that has all of them (a Kashmiri word is not
cut between DejaVu and Noto, which would break the joining of its letters), and spaces,
digits and punctuation stay in the run of the text before them when its font has them.

Runs (consecutive clusters in one font) are put in visual order with the Unicode
bidirectional algorithm applied to whole runs: the paragraph's direction comes from its
first strong character, and right-to-left runs are reversed. Inside a run, Raqm
(FriBiDi + HarfBuzz) reorders and shapes. Without Raqm, runs are also cut where the
direction changes and the clusters of a right-to-left run are reversed here, so Arabic
and Hebrew read in the right order, with unjoined letter forms.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from PIL import ImageFont

from . import emoji, fontfiles
from .fontfiles import CHAIN, Weight, coverage

EMOJI = -1  # the face of an emoji cluster or run
_DROP = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_MARKS = frozenset({"Mn", "Mc", "Me"})
_RTL = frozenset({"R", "AL"})


@dataclass(frozen=True, slots=True)
class Cluster:
    text: str
    face: int  # index into CHAIN, or EMOJI
    cell: int = -1  # the emoji sheet's cell
    script: str | None = None  # a letter's script (first word of its name), else None


@dataclass(frozen=True, slots=True)
class Run:
    text: str  # in logical order (Raqm), or visual order (basic layout, rtl)
    face: int
    cells: tuple[int, ...] = ()  # emoji runs: one cell per emoji, in visual order
    rtl: bool = False  # shape right to left


def droppable(ch: str) -> bool:
    """Characters never drawn on their own: controls, format characters (ZWJ, bidi
    marks), private use, unassigned, variation selectors, tags."""
    cp = ord(ch)
    return (unicodedata.category(ch) in _DROP or 0xFE00 <= cp <= 0xFE0F
            or 0xE0100 <= cp <= 0xE01EF or 0xE0000 <= cp <= 0xE007F)


def _first(text: str, weight: Weight) -> int | None:
    for face in range(len(CHAIN)):
        cover = coverage(face, weight)
        if all(ord(ch) in cover for ch in text):
            return face
    return None


def _has(ch: str, weight: Weight) -> bool:
    return any(ord(ch) in coverage(face, weight) for face in range(len(CHAIN)))


@lru_cache(maxsize=4096)
def clusters(text: str, weight: Weight = Weight.REGULAR) -> tuple[Cluster, ...]:
    """``text`` (NFC) as drawable clusters with their fonts; what no font has is left out,
    and every white space becomes a plain space."""
    first = coverage(0, weight)
    if all(0x20 <= ord(ch) < 0x250 and ord(ch) in first and ch.isprintable() for ch in text):
        # Latin (most names): no marks, no emoji (they need U+FE0F or U+20E3 here)
        return tuple(Cluster(" " if ch.isspace() else ch, 0,
                             script="LATIN" if ch.isalpha() else None) for ch in text)
    out: list[Cluster] = []
    i, n = 0, len(text)
    while i < n:
        ch = text[i]
        if ch.isspace():
            out.append(Cluster(" ", 0))
            i += 1
            continue
        found = emoji.match(text, i, _has(ch, weight))
        if found is not None:
            out.append(Cluster(text[i:i + found[0]], EMOJI, found[1]))
            i += found[0]
            continue
        j = i + 1
        while j < n and unicodedata.category(text[j]) in _MARKS and not droppable(text[j]):
            j += 1
        i, chars = j, "".join(c for c in text[i:j] if not droppable(c))
        if not chars:
            continue
        face = _first(chars, weight)
        if face is None and unicodedata.normalize("NFKC", chars) != chars:
            # a styled letter no font has (𝕬, 𝓐, ...) as its plain letter
            plain = unicodedata.normalize("NFKC", chars)
            face = _first(plain, weight) if plain.strip() else None
            chars = plain if face is not None else chars
        if face is None:  # the marks are not all in the base's font: keep the base's
            face = _first(chars[0], weight)
            if face is None:
                continue
            chars = "".join(c for c in chars if ord(c) in coverage(face, weight))
        script = (unicodedata.name(chars[0], "?").split(" ")[0]
                  if unicodedata.category(chars[0])[0] == "L" else None)
        out.append(Cluster(chars, face, script=script))
    return tuple(_choose_faces(out, weight))


def _choose_faces(cl: list[Cluster], weight: Weight) -> list[Cluster]:
    k = 0
    while k < len(cl):  # a word of one script: the first font that has all its letters
        script = cl[k].script
        j = k + 1
        while script is not None and j < len(cl) and cl[j].script == script:
            j += 1
        if j - k > 1 and len({c.face for c in cl[k:j]}) > 1:
            face = _first("".join(c.text for c in cl[k:j]), weight)
            if face is not None:
                cl[k:j] = [Cluster(c.text, face, script=script) for c in cl[k:j]]
        k = j
    for k, c in enumerate(cl):  # neutrals join the text before them, else after them
        if c.face == EMOJI or c.script is not None:
            continue
        near = [cl[k - 1]] if k else []
        near += [x for x in cl[k + 1:] if x.script is not None or x.face == EMOJI][:1]
        for other in near:
            if other.face != EMOJI and all(ord(ch) in coverage(other.face, weight)
                                           for ch in c.text):
                cl[k] = Cluster(c.text, other.face)
                break
    return cl


def _direction(text: str) -> str | None:
    kinds = {unicodedata.bidirectional(ch) for ch in text}
    rtl, ltr = bool(kinds & _RTL), bool(kinds & {"L", "EN", "AN"})
    return "mixed" if rtl and ltr else "rtl" if rtl else "ltr" if ltr else None


def paragraph_rtl(text: str) -> bool:
    """Whether the first strong character of ``text`` is right to left."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind == "L":
            return False
        if kind in _RTL:
            return True
    return False


@lru_cache(maxsize=4096)
def runs(text: str, weight: Weight = Weight.REGULAR) -> tuple[Run, ...]:
    """``text`` (cleaned) as runs of one font each, in visual order (left to right)."""
    raqm = fontfiles.LAYOUT == ImageFont.Layout.RAQM
    cl = clusters(text, weight)
    # Raqm orders text of one font; else runs end where the direction changes, and
    # spaces between them stand alone (their place depends on both sides)
    rtl = any(unicodedata.bidirectional(ch) in _RTL for ch in text)
    if not rtl and all(c.face == 0 for c in cl):
        return (Run("".join(c.text for c in cl), 0),) if cl else ()
    whole = not rtl or (raqm and len({c.face for c in cl}) == 1)
    groups: list[list[Cluster]] = []
    kinds: list[str | None] = []
    for c in cl:
        kind = None if c.face == EMOJI else _direction(c.text)
        if groups and groups[-1][0].face == c.face and (whole or kind == kinds[-1]):
            groups[-1].append(c)
            kinds[-1] = _merge(kinds[-1], kind)
        else:
            groups.append([c])
            kinds.append(kind)
    para = paragraph_rtl(text)
    levels = _levels(kinds, para)
    order = _reorder(levels)
    out = []
    for k in order:
        group, rtl = groups[k], levels[k] % 2 == 1
        if group[0].face == EMOJI:
            cells = [c.cell for c in group]
            out.append(Run("".join(c.text for c in group), EMOJI,
                           tuple(reversed(cells) if rtl else cells), rtl))
            continue
        parts = [c.text for c in group]
        if not raqm and rtl:
            parts.reverse()
        out.append(Run("".join(parts), group[0].face, rtl=rtl))
    return tuple(out)


def _merge(a: str | None, b: str | None) -> str | None:
    if a is None or a == b:
        return b if a is None else a
    return a if b is None else "mixed"


def _levels(kinds: list[str | None], para: bool) -> list[int]:
    """Embedding level per run: strong runs by their direction, mixed ones (Raqm orders
    them inside) at the paragraph's, neutral ones between two runs of one direction in
    that direction, else in the paragraph's (rules N1, N2 and I1, I2 of UAX #9)."""
    base = 1 if para else 0

    def level(kind: str) -> int:
        if kind == "rtl":
            return 1
        if kind == "ltr":
            return 2 if para else 0
        return base

    out = [level(k) if k is not None else -1 for k in kinds]
    for i, k in enumerate(kinds):
        if k is not None:
            continue
        before = next((kinds[j] for j in range(i - 1, -1, -1) if kinds[j] is not None), None)
        after = next((kinds[j] for j in range(i + 1, len(kinds)) if kinds[j] is not None),
                     None)
        side = [("rtl" if para else "ltr") if x in (None, "mixed") else x
                for x in (before, after)]
        out[i] = level(side[0]) if side[0] == side[1] else base
    return out


def _reorder(levels: list[int]) -> list[int]:
    """Rule L2 of UAX #9: from the highest level down to 1, reverse every stretch of
    runs at that level or higher."""
    order = list(range(len(levels)))
    for top in range(max(levels, default=0), 0, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= top:
                j = i
                while j < len(order) and levels[order[j]] >= top:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order


def clear_cache() -> None:
    clusters.cache_clear()
    runs.cache_clear()
