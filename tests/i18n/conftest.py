"""The bot running against the stand-in (the end-to-end fixtures)."""

from tests.e2e.conftest import settings, tapp_bot, world  # noqa: F401
