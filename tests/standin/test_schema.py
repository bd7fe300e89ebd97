"""Request bodies against Discord's OpenAPI description (the pinned copy in ``standin``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from standin import Sandbox
from standin.harness import World
from standin.schema import ENV_VAR, OpenAPISchema
from standin.server import ENDPOINTS

from .rest import call

schema = OpenAPISchema.load()


def test_every_stand_in_route_is_a_documented_discord_route() -> None:
    assert schema is not None
    for endpoint in ENDPOINTS:
        operations = schema.paths.get(endpoint.template)
        assert operations is not None, endpoint.template
        assert endpoint.method.lower() in operations, f"{endpoint.method} {endpoint.template}"


async def test_a_body_against_the_schema_is_refused_and_reported(
    sandbox: Sandbox, world: World
) -> None:
    path = f"/channels/{world.channel.id}/messages"
    status, _, body = await call(sandbox, "POST", path, {"content": 42})
    assert (status, body["code"]) == (400, 50035)
    assert any("content" in p for p in sandbox.problems)
    assert sandbox.public_messages(world.channel) == []
    sandbox.problems.clear()


async def test_snowflakes_may_be_integers(sandbox: Sandbox, world: World) -> None:
    body = {"content": "reply", "message_reference": {"message_id": 1}}
    assert schema is not None
    assert schema.validate("POST", "/channels/{channel_id}/messages", body) == []


def test_a_missing_file_turns_validation_off(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "absent.json"))
    assert OpenAPISchema.load() is None
    assert Sandbox().schema is None
    assert Sandbox(openapi=False).schema is None
