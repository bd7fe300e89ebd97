"""Request bodies checked against Discord's OpenAPI description, where it is available.

The file is ``standin/discord/openapi.json``: a pinned copy of Discord's description
(github.com/discord/discord-api-docs, MIT licence in ``standin/discord/LICENSE``;
``standin/discord/README.md`` says which version). ``$TAPP_DISCORD_OPENAPI`` names
another file; without ``jsonschema`` nothing is checked.

One leniency, where the description is stricter than Discord: it types snowflakes as
strings only, while Discord also accepts them as JSON integers in request bodies (and
discord.py sends e.g. attachment ids ``0, 1, ...`` as integers).
"""

from __future__ import annotations

import json
import os
from functools import cache
from pathlib import Path
from typing import Any

ENV_VAR = "TAPP_DISCORD_OPENAPI"
#: the pinned copy of Discord's OpenAPI description
PINNED = Path(__file__).resolve().parent / "discord" / "openapi.json"
_BASE_URI = "urn:discord-openapi"


def default_path() -> Path | None:
    """Where the OpenAPI file is, or None."""
    configured = os.environ.get(ENV_VAR)
    if configured:
        path = Path(configured)
        return path if path.is_file() else None
    path = PINNED
    return path if path.is_file() else None


class OpenAPISchema:
    """Validates request bodies by (method, OpenAPI path template)."""

    def __init__(self, document: dict[str, Any]) -> None:
        from jsonschema import Draft202012Validator
        from referencing import Registry
        from referencing.jsonschema import DRAFT202012

        self.document = _accept_integer_snowflakes(document)
        resource = DRAFT202012.create_resource(self.document)
        self._registry: Any = Registry().with_resource(_BASE_URI, resource)
        self._validator_class = Draft202012Validator
        self._validators: dict[tuple[str, str, str], Any] = {}

    @classmethod
    def load(cls, path: Path | None = None) -> OpenAPISchema | None:
        """The schema at ``path`` (default: :func:`default_path`), or None if unavailable."""
        path = path or default_path()
        if path is None:
            return None
        try:
            import jsonschema  # noqa: F401
        except ImportError:
            return None
        return _load_cached(str(path))

    @property
    def paths(self) -> dict[str, Any]:
        return dict(self.document.get("paths", {}))

    def body_schema_pointer(self, method: str, template: str) -> tuple[str, str] | None:
        operation = self.document.get("paths", {}).get(template, {}).get(method.lower())
        if not operation or "requestBody" not in operation:
            return None
        content = operation["requestBody"].get("content", {})
        for media in ("application/json", "multipart/form-data"):
            if media in content:
                return media, _pointer(
                    "paths", template, method.lower(), "requestBody", "content", media, "schema"
                )
        return None

    def validate(self, method: str, template: str, body: Any) -> list[str]:
        """Messages for each way ``body`` breaks the documented request schema."""
        found = self.body_schema_pointer(method, template)
        if found is None:
            return []
        media, pointer = found
        key = (method, template, media)
        validator = self._validators.get(key)
        if validator is None:
            validator = self._validator_class(
                {"$ref": f"{_BASE_URI}#{pointer}"}, registry=self._registry
            )
            self._validators[key] = validator
        problems = []
        for error in validator.iter_errors(body):
            where = "/".join(str(p) for p in error.absolute_path) or "(body)"
            problems.append(f"{where}: {error.message[:300]}")
        return problems


@cache
def _load_cached(path: str) -> OpenAPISchema:
    with open(path, encoding="utf-8") as handle:
        return OpenAPISchema(json.load(handle))


def _accept_integer_snowflakes(document: dict[str, Any]) -> dict[str, Any]:
    schemas = document.get("components", {}).get("schemas", {})
    snowflake = schemas.get("SnowflakeType")
    if snowflake is None:
        return document
    lenient = {"anyOf": [snowflake, {"type": "integer", "minimum": 0}]}
    components = {**document["components"], "schemas": {**schemas, "SnowflakeType": lenient}}
    return {**document, "components": components}


def _pointer(*parts: str) -> str:
    return "/" + "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)
