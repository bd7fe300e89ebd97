"""The stand-in's multipart reader: what aiohttp (so discord.py) sends is read back
exactly; a body that does not parse is a 400, as Discord answers it."""

from __future__ import annotations

import json

import aiohttp
import pytest

from standin.errors import DiscordError
from standin.payloads import _read_multipart

# bytes that look like a boundary line but are not this body's boundary
TRICKY = b"\x89PNG\r\n--\r\n\r\n--not-the-boundary\r\n" + bytes(range(256))


async def encoded(form: aiohttp.FormData) -> tuple[str, bytes]:
    """The Content-Type and body aiohttp sends for ``form``."""
    writer = form()
    return writer.headers["Content-Type"], await writer.as_bytes()


def discord_form(payload: dict[str, object], *files: tuple[str, bytes]) -> aiohttp.FormData:
    """A form as discord.py builds it (``payload_json`` then ``files[n]``)."""
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps(payload), content_type="application/json")
    for index, (filename, data) in enumerate(files):
        form.add_field(f"files[{index}]", data, filename=filename,
                       content_type="application/octet-stream")
    return form


async def test_payload_and_files_are_read_back_exactly() -> None:
    content_type, raw = await encoded(discord_form(
        {"content": "hi", "attachments": [{"id": 0}, {"id": 1}]},
        ("tisch.jpg", TRICKY), ("hand.png", b"")))
    body = _read_multipart(content_type, raw)
    assert body.multipart
    assert body.json == {"content": "hi", "attachments": [{"id": 0}, {"id": 1}]}
    assert [(f.index, f.filename, f.data, f.content_type) for f in body.files] == [
        (0, "tisch.jpg", TRICKY, "image/jpeg"), (1, "hand.png", b"", "image/png")]


async def test_a_non_ascii_file_name_as_discord_py_sends_it() -> None:
    form = aiohttp.FormData(quote_fields=False)  # as discord.py builds its forms
    form.add_field("files[0]", b"x", filename="kärtchen.png")
    content_type, raw = await encoded(form)
    assert 'filename="kärtchen.png"'.encode() in raw
    body = _read_multipart(content_type, raw)
    assert [f.filename for f in body.files] == ["kärtchen.png"]


def test_an_extended_file_name_is_read_by_aiohttp_rules() -> None:
    raw = (b"--b\r\nContent-Disposition: form-data; name=\"files[0]\"; "
           b"filename*=utf-8''k%C3%A4rtchen.png\r\n\r\nx\r\n--b--\r\n")
    body = _read_multipart("multipart/form-data; boundary=b", raw)
    assert [(f.filename, f.data) for f in body.files] == [("kärtchen.png", b"x")]


def test_a_quoted_boundary_and_a_preamble() -> None:
    raw = (b"preamble to ignore\r\n--a b\r\n"
           b'Content-Disposition: form-data; name="payload_json"\r\n\r\n'
           b'{"content": "x"}\r\n--a b--\r\nepilogue')
    body = _read_multipart('multipart/form-data; boundary="a b"', raw)
    assert body.json == {"content": "x"} and body.files == []


@pytest.mark.parametrize(("content_type", "raw"), [
    ("multipart/form-data", b"--b\r\n\r\nx\r\n--b--"),  # no boundary
    ("multipart/form-data; boundary=b", b"nothing here"),  # no part
    ("multipart/form-data; boundary=b",  # never closed
     b'--b\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{}'),
    ("multipart/form-data; boundary=b",  # headers never end
     b'--b\r\nContent-Disposition: form-data; name="payload_json"\r\n--b--'),
    ("multipart/form-data; boundary=b",  # a header without a colon
     b"--b\r\nnonsense\r\n\r\n{}\r\n--b--"),
    ("multipart/form-data; boundary=b",  # a file field that is no index
     b'--b\r\nContent-Disposition: form-data; name="files[x]"\r\n\r\n1\r\n--b--'),
])
def test_a_malformed_body_is_an_invalid_form_body(content_type: str, raw: bytes) -> None:
    with pytest.raises(DiscordError) as caught:
        _read_multipart(content_type, raw)
    assert (caught.value.status, caught.value.code) == (400, 50035)


def test_bad_json_in_payload_json_is_50109() -> None:
    raw = b'--b\r\nContent-Disposition: form-data; name="payload_json"\r\n\r\n{nope\r\n--b--'
    with pytest.raises(DiscordError) as caught:
        _read_multipart("multipart/form-data; boundary=b", raw)
    assert (caught.value.status, caught.value.code) == (400, 50109)
