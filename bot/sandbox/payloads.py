"""Reading request bodies the way Discord does: JSON, or multipart with ``payload_json``
and ``files[n]`` parts."""

from __future__ import annotations

import json
import mimetypes
import re
from dataclasses import dataclass, field
from typing import Any

from aiohttp import BodyPartReader, hdrs, web

from .errors import INVALID_FORM_BODY, DiscordError


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


async def read_body(request: web.Request) -> Body:
    """Parse the body once; invalid JSON answers 400 like Discord (code 50109)."""
    if not request.can_read_body:
        return Body()
    if request.content_type.startswith("multipart/"):
        return await _read_multipart(request)
    raw = await request.read()
    if not raw:
        return Body()
    try:
        return Body(json=json.loads(raw))
    except ValueError as exc:
        raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc


#: ``form-data; name="files[0]"; filename="hand.png"``: only plain quoted parameters (no
#: escapes, no ``name*=`` forms, no leading slash that aiohttp would strip)
_SIMPLE_DISPOSITION = re.compile(r'\s*form-data((?:\s*;\s*[A-Za-z]+="(?:[^"\\/][^"\\]*)?")*)\s*')
_SIMPLE_PARAM = re.compile(r';\s*([A-Za-z]+)="([^"]*)"')


def _name_and_filename(part: BodyPartReader) -> tuple[str, str | None]:
    """The part's ``name`` and ``filename``. aiohttp parses the header anew on every
    access, at a cost that showed under load (``python -m bot bench load``); the plain
    form every client sends is read here, anything else by aiohttp."""
    match = _SIMPLE_DISPOSITION.fullmatch(part.headers.get(hdrs.CONTENT_DISPOSITION, ""))
    if match is None:
        return part.name or "", part.filename
    params = {key.lower(): value for key, value in _SIMPLE_PARAM.findall(match[1])}
    return params.get("name", ""), params.get("filename")


async def _read_multipart(request: web.Request) -> Body:
    body = Body(multipart=True)
    reader = await request.multipart()
    while (part := await reader.next()) is not None:
        if not isinstance(part, BodyPartReader):
            continue
        name, filename = _name_and_filename(part)
        data = await part.read()
        if name == "payload_json":
            try:
                body.json = json.loads(data)
            except ValueError as exc:
                raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc
        elif name.startswith("files[") and name.endswith("]"):
            index = int(name[6:-1])
            filename = filename or f"file{index}"
            guessed = mimetypes.guess_type(filename)[0]
            body.files.append(Upload(index, filename, bytes(data), guessed))
    return body
