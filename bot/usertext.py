"""Text that users supply (display names above all), made safe wherever the bot shows it.

:func:`safe` is the one function for it. Every context gets the text cleaned first:
control characters, zero-width characters and bidirectional overrides removed (a name
must not reverse the text after it or hide a character), whitespace collapsed, the
length clamped. Then per context:

- ``Where.MARKDOWN`` (message content, embed titles, descriptions and fields): every
  markdown character escaped with a backslash (bold, italics, spoilers, code, quotes,
  headings, lists and masked links show as typed), mentions and links broken with a
  zero-width space (``@everyone``, ``<@id>``, ``https://...`` neither ping nor link).
- ``Where.THREAD_NAME``: Discord shows a thread's name as typed; 1-100 characters.
- ``Where.FILE_NAME``: ASCII letters, digits, ``-``, ``_`` and ``.`` only.
- ``Where.PLAIN`` (images, alt text, buttons): the cleaned text as it is.
"""

from __future__ import annotations

import re
import unicodedata
from enum import Enum

#: Discord's display names are at most 32 characters; a little room for nicknames
MAX_NAME = 40
THREAD_NAME_MAX = 100
#: C0 and C1 controls, zero-width characters and joiners that are not part of an emoji,
#: bidirectional marks, embeddings, overrides and isolates, the byte-order mark
_INVISIBLE = re.compile("[\x00-\x1f\x7f-\x9f\u00ad\u061c\u200b\u200e\u200f"
                        "\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff\ufff9-\ufffb]")
_SPACES = re.compile(r"\s+")
#: markdown Discord renders, escaped where it stands (any ASCII punctuation may be)
_MARKDOWN = re.compile(r"([\\*_~|`>#\-\[\]()<:@!.=+])")
_ZWSP = "\u200b"


class Where(Enum):
    MARKDOWN = "markdown"
    THREAD_NAME = "thread_name"
    FILE_NAME = "file_name"
    PLAIN = "plain"


def safe(text: str | None, where: Where = Where.MARKDOWN, *, limit: int = MAX_NAME,
         empty: str = "?") -> str:
    """``text`` made safe to show ``where`` (see the module docstring); ``empty`` where
    nothing printable is left."""
    cleaned = clean(text, limit=limit) or empty
    if where is Where.MARKDOWN:
        escaped = _MARKDOWN.sub(r"\\\1", cleaned)
        # a link or a mention needs its characters next to each other: keep them apart
        return escaped.replace(r"\:", rf"\:{_ZWSP}").replace(r"\@", rf"\@{_ZWSP}")
    if where is Where.THREAD_NAME:
        return cleaned[:THREAD_NAME_MAX]
    if where is Where.FILE_NAME:
        ascii_only = unicodedata.normalize("NFKD", cleaned).encode("ascii", "ignore").decode()
        name = re.sub(r"[^A-Za-z0-9._-]+", "-", ascii_only).strip(".-")
        return name or "file"
    return cleaned


def clean(text: str | None, *, limit: int = MAX_NAME) -> str:
    """``text`` without invisible characters (see :data:`_INVISIBLE`), its whitespace
    collapsed, at most ``limit`` characters (NFC-normalised)."""
    if not text:
        return ""
    text = unicodedata.normalize("NFC", _INVISIBLE.sub("", _SPACES.sub(" ", text)))
    return text.strip()[:limit].strip()
