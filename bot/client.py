"""The ``commands.Bot`` subclass: start-up (store, table service, cogs, command sync)
and shutdown.

Dependencies come in through the constructor: the settings, a store factory
(``async (settings) -> store``, by default the SQLite file of the settings) that
``setup_hook`` opens and ``close`` closes, and the tables' configuration. With a real
:class:`~bot.store.Store`, ``setup_hook`` builds the table service and its display and
resumes every open table. Cogs register their ``DynamicItem`` classes in ``cog_load``,
so loading the cogs registers the items of every persistent button.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import TappError
from cogs import EXTENSIONS

from .config import Settings
from .i18n import language_of, t
from .i18n.translator import Translator
from .pacing import GlobalPace, pace_requests
from .store import Store as SQLiteStore
from .tables import Display, TableConfig, TableService, user_message
from .tables.duties import converge
from .tables.rendering import Renderer
from .tables.scheduler import Scheduler

log = logging.getLogger(__name__)


class Store(Protocol):
    """What the bot needs of the store at start-up and shutdown."""

    async def close(self) -> None: ...


StoreFactory = Callable[[Settings], Awaitable[Store]]


async def open_store(settings: Settings) -> SQLiteStore:
    """The default store: the SQLite file named by the settings (its folder made)."""
    path = settings.database_path
    if str(path) != ":memory:":
        path.parent.mkdir(parents=True, exist_ok=True)
    return await SQLiteStore.open(path)


class TappCommandTree(app_commands.CommandTree):
    """The command tree, with the last-resort handler for errors no cog handled."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Leave a command that came too late to be answered (see ``display.TOO_LATE``)."""
        display = self.client.display if isinstance(self.client, TappBot) else None
        return display is None or not display.too_late(interaction)

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        language = language_of(str(interaction.locale))
        if isinstance(original, TappError):  # a user's doing: say why, ephemerally
            text = user_message(original, language)
        else:
            command = interaction.command.qualified_name if interaction.command else None
            log.error("command %r failed", command, exc_info=error)
            text = t("error.command", language)
        try:
            if interaction.response.is_done():
                await interaction.followup.send(text, ephemeral=True)
            else:
                await interaction.response.send_message(text, ephemeral=True)
        except discord.HTTPException:
            log.warning("could not report the error to the user")


class TappBot(commands.Bot):
    """The Tapp bot. ``options`` go to :class:`discord.ext.commands.Bot` (e.g. tests pass
    ``guild_ready_timeout``)."""

    def __init__(
        self,
        settings: Settings,
        *,
        store_factory: StoreFactory | None = None,
        extensions: Sequence[str] = EXTENSIONS,
        tables: TableConfig | None = None,
        **options: Any,
    ) -> None:
        options.setdefault("max_messages", None)  # no message cache: nothing reads it
        super().__init__(
            command_prefix=commands.when_mentioned,
            # servers, channels and threads only: everything else comes as interactions.
            # Message events (the bot's own pings and edits among them) would cost the
            # event loop about a millisecond each to parse, for nothing
            intents=discord.Intents(guilds=True),
            help_command=None,
            tree_cls=TappCommandTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
            **options,
        )
        self.settings = settings
        #: keeps token requests under Discord's global limit (None: unpaced)
        self.pace = GlobalPace(settings.global_rate) if settings.global_rate else None
        if self.pace is not None:
            pace_requests(self.http, self.pace)
        #: what the store factory opened (closed with the bot)
        self.store: Store | None = None
        #: the bot's database, where the factory opened one (None: the bot runs without)
        self.database: SQLiteStore | None = None
        self._store_factory: StoreFactory = store_factory or open_store
        self._extensions = tuple(extensions)
        self._table_config = tables or TableConfig()
        self.display: Display | None = None
        self.tables: TableService | None = None
        self.timers: Scheduler | None = None

    async def setup_hook(self) -> None:
        self.store = await self._store_factory(self.settings)
        if isinstance(self.store, SQLiteStore):
            self.database = self.store
            config = self._table_config
            self.display = Display(self, self.store, clock=config.clock, sleep=config.sleep,
                                   observers=config.observers,
                                   images=Renderer(self.settings.render_processes))
            await self.display.start()
            self.tables = TableService(self.store, self.display, config)
            self.timers = self.tables.timers
        await self.tree.set_translator(Translator())
        for name in self._extensions:
            await self.load_extension(name)
        await self.sync_commands()
        if self.tables is not None and self.display is not None and self.database is not None:
            resumed = await self.tables.resume()
            log.info("resumed %d open table(s)", resumed)
            await converge(self.display, self.database)
        if self.timers is not None:
            self.timers.start()

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        """Sync to the development guild (instant) if configured, else globally."""
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            synced = await self.tree.sync()
        else:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        log.info(
            "synced %d command(s) %s",
            len(synced),
            f"to guild {guild_id}" if guild_id else "globally",
        )
        return synced

    async def on_ready(self) -> None:
        assert self.user is not None
        log.info("ready as %s (%s) in %d guild(s)", self.user, self.user.id, len(self.guilds))

    async def close(self) -> None:
        try:
            if self.timers is not None:
                await self.timers.stop()
            if self.tables is not None:
                await self.tables.shutdown()
            if self.display is not None:
                await self.display.close()
            await super().close()
        finally:
            if self.store is not None:
                await self.store.close()
                self.store = None
