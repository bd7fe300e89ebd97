"""The bot running against the stand-in (the end-to-end and table fixtures)."""

from tests.e2e.conftest import settings, tapp_bot, world  # noqa: F401
from tests.e2e.tables.conftest import table_bot, table_config, watch  # noqa: F401
