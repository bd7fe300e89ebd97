"""Reading request bodies the way Discord does: JSON, or multipart with ``payload_json``
and ``files[n]`` parts; on OAuth2's token URL, a form (``application/x-www-form-urlencoded``)."""

from __future__ import annotations

import json
import mimetypes
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import parse_qsl

from aiohttp import hdrs, web
from aiohttp.multipart import content_disposition_filename, parse_content_disposition

from .errors import INVALID_FORM_BODY, DiscordError

FORM_TYPE = "application/x-www-form-urlencoded"


@dataclass
class Upload:
    """One ``files[n]`` part of a multipart request."""

    index: int
    filename: str
    data: bytes
    content_type: str | None


@dataclass
class Body:
    json: Any = None
    files: list[Upload] = field(default_factory=list)
    multipart: bool = False
    #: a form-encoded body's fields (None: the body was not form-encoded)
    form: dict[str, str] | None = None

    def object(self) -> dict[str, Any]:
        """The JSON body as an object (an empty one when absent)."""
        if self.json is None:
            return {}
        if not isinstance(self.json, dict):
            raise DiscordError(
                400,
                INVALID_FORM_BODY,
                "Invalid Form Body",
                {
                    "_errors": [
                        {
                            "code": "MODEL_TYPE_CONVERT",
                            "message": "Only dictionaries may be used in a ModelType",
                        }
                    ]
                },
            )
        return self.json


async def read_body(request: web.Request, *, form: bool = False) -> Body:
    """Parse the body once; invalid JSON answers 400 like Discord (code 50109), a
    multipart body that does not parse 400 (code 50035). With ``form`` (OAuth2's token
    URL, which takes nothing else) a form-encoded body is read into ``Body.form`` and any
    other body is left unread."""
    # the raw header, not ``request.content_type``: aiohttp parses that with the email
    # package, which cost about a millisecond a request under load
    content_type = request.headers.get(hdrs.CONTENT_TYPE, "")
    if form:
        if content_type.split(";")[0].strip().lower() != FORM_TYPE:
            return Body()
        raw = await request.read()
        fields = parse_qsl(raw.decode("utf-8", "replace"), keep_blank_values=True)
        return Body(form=dict(fields))
    if not request.can_read_body:
        return Body()
    raw = await request.read()
    if content_type[:10].lower() == "multipart/":
        return _read_multipart(content_type, raw)
    if not raw:
        return Body()
    return Body(json=_json(raw))


def _json(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError as exc:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc


def _bad_form(why: str) -> DiscordError:
    return DiscordError(400, INVALID_FORM_BODY, "Invalid Form Body",
                        {"_errors": [{"code": "BASE_TYPE_BAD_MULTIPART", "message": why}]})


_BOUNDARY = re.compile(r';\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))', re.IGNORECASE)
#: ``form-data; name="files[0]"; filename="hand.png"``: only plain quoted parameters (no
#: escapes, no ``name*=`` forms, no leading slash); anything else is read by aiohttp's
#: own parser
_SIMPLE_DISPOSITION = re.compile(r'\s*form-data((?:\s*;\s*[A-Za-z]+="(?:[^"\\/][^"\\]*)?")*)\s*')
_SIMPLE_PARAM = re.compile(r';\s*([A-Za-z]+)="([^"]*)"')


def _name_and_filename(disposition: str) -> tuple[str, str | None]:
    """The part's ``name`` and ``filename`` from its ``Content-Disposition``."""
    match = _SIMPLE_DISPOSITION.fullmatch(disposition)
    if match is not None:
        params = {key.lower(): value for key, value in _SIMPLE_PARAM.findall(match[1])}
        return params.get("name", ""), params.get("filename")
    _kind, params = parse_content_disposition(disposition)
    return (content_disposition_filename(params, "name") or "",
            content_disposition_filename(params, "filename"))


def _parts(raw: bytes, boundary: bytes) -> Iterator[tuple[dict[str, str], bytes]]:
    """The headers (lower-case names) and content of each part of a multipart body
    (RFC 2046: parts between ``--boundary`` lines, closed by ``--boundary--``)."""
    pieces = (b"\r\n" + raw).split(b"\r\n--" + boundary)
    if len(pieces) < 2:
        raise _bad_form("no part boundary")
    for piece in pieces[1:]:
        if piece.startswith(b"--"):
            return  # the close delimiter (what follows is the epilogue)
        line_end = piece.find(b"\r\n")
        if line_end < 0 or piece[:line_end].strip(b" \t"):
            raise _bad_form("a boundary line has more on it")
        head_end = piece.find(b"\r\n\r\n", line_end)
        if head_end == line_end:  # no headers at all
            head, content = b"", piece[line_end + 4:]
        elif head_end < 0:
            raise _bad_form("a part's headers do not end")
        else:
            head, content = piece[line_end + 2:head_end], piece[head_end + 4:]
        headers: dict[str, str] = {}
        for line in head.decode("utf-8", "surrogateescape").split("\r\n"):
            name, colon, value = line.partition(":")
            if not colon:
                raise _bad_form("a part's header has no colon")
            headers[name.strip().lower()] = value.strip()
        yield headers, content
    raise _bad_form("the multipart body is not closed")


def _read_multipart(content_type: str, raw: bytes) -> Body:
    boundary = _BOUNDARY.search(content_type)
    if boundary is None:
        raise _bad_form("no multipart boundary")
    body = Body(multipart=True)
    for headers, data in _parts(raw, (boundary[1] or boundary[2]).encode("ascii", "replace")):
        name, filename = _name_and_filename(headers.get("content-disposition", ""))
        if name == "payload_json":
            body.json = _json(data)
        elif name.startswith("files[") and name.endswith("]"):
            try:
                index = int(name[6:-1])
            except ValueError:
                raise _bad_form(f"bad file field {name!r}") from None
            filename = filename or f"file{index}"
            guessed = mimetypes.guess_type(filename)[0]
            body.files.append(Upload(index, filename, data, guessed))
    return body
