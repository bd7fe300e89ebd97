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

import asyncio
import dataclasses
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

import discord
from discord import app_commands
from discord.ext import commands

from bot import collector
from bot.ai import levels
from bot.config import Settings
from bot.connection.clock_offset import ClockOffset
from bot.connection.context import Context
from bot.connection.first_gateway import fail_first_connection
from bot.connection.heartbeat import stamp_before_sending
from bot.connection.invalid_budget import InvalidBudget, guard_requests, watch
from bot.connection.options import check_choices, refusal
from bot.connection.pacing import GlobalPace, pace_line, pace_requests
from bot.daily import DailyConfig, DailyService
from bot.display import Display
from bot.display.duties import converge
from bot.engine import TappError
from bot.i18n import plural
from bot.i18n.translator import Translator
from bot.ops.metrics import BotMetrics
from bot.ops.server import OpsServer
from bot.series.config import SeriesConfig
from bot.series.league_service import LeagueService
from bot.series.service import SeriesService
from bot.store import Store as SQLiteStore
from bot.tables import TableConfig, TableService
from bot.tables.scheduler import Scheduler
from bot.ui.component import KeyedItem
from bot.ui.rendering import Renderer
from cogs import EXTENSIONS

log = logging.getLogger(__name__)
SYNC_TIMEOUT = 30.0


class Store(Protocol):
    """What the bot needs of the store at start-up and shutdown."""

    async def close(self) -> None: ...


StoreFactory = Callable[[Settings], Awaitable[Store]]


async def open_store(settings: Settings) -> SQLiteStore:
    """The default store: the SQLite file named by the settings (the store makes its
    folder, or says why it cannot), or the PostgreSQL database of their URL."""
    return await SQLiteStore.open(settings.database_path)


class TappCommandTree(app_commands.CommandTree):
    """The command tree, with the last-resort handler for errors no cog handled."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        """Leave a command that came too late to be answered (see
        :data:`bot.display.admission.TOO_LATE`); refuse one whose choice-typed option
        carries a value outside its choices (:mod:`bot.connection.options`, answered by
        :meth:`on_error`)."""
        display = self.client.display if isinstance(self.client, TappBot) else None
        if display is not None and display.gate.too_late(interaction):
            return False
        check_choices(interaction)
        return True

    async def on_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        # a command's own error (.original), or one of an option's transformer (its cause)
        original = getattr(error, "original", None) or error.__cause__ or error
        ctx = Context(interaction)
        if isinstance(original, TappError):  # a user's doing: say why, ephemerally
            text = ctx.refusal(original)
        elif (refused := refusal(error, ctx.language)) is not None:  # the sender's doing
            log.info("an option's value refused (%s), from user %s", type(error).__name__,
                     interaction.user.id)
            text = refused
        else:
            command = interaction.command.qualified_name if interaction.command else None
            log.error("command %r failed", command, exc_info=error)
            text = ctx.text("error.command")
        try:
            await ctx.tell(text)
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
        daily: DailyConfig | None = None,
        series: SeriesConfig | None = None,
        settle_memory: bool = False,
        **options: Any,
    ) -> None:
        options.setdefault("max_messages", None)  # no message cache: nothing reads it
        table_config = tables or TableConfig()
        #: the bot's own invalid answers (see :mod:`bot.connection.invalid_budget`) and Discord's
        #: clock (from its ``Date`` headers and interaction ids)
        self.budget = InvalidBudget(table_config.invalid_limit)
        self.offset = ClockOffset()
        trace = options.setdefault("http_trace", watch(self.budget, self.offset))
        #: the operator's figures (None: no metrics port, nothing counted or served)
        self.metrics = BotMetrics(self.offset) if settings.metrics_port is not None else None
        if self.metrics is not None:
            self.metrics.trace(trace)
            table_config = dataclasses.replace(table_config, on_turn=self.metrics.turn,
                                               on_decision=self.metrics.decided)
            daily = dataclasses.replace(daily or DailyConfig(),
                                        on_decision=self.metrics.daily_decided)
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
        #: freeze what start-up left for the garbage collector once ready (see
        #: :mod:`bot.collector`): as deployed; not in tests, which start many bots
        self.settle_memory = settle_memory
        #: keeps token requests under Discord's global limit (None: unpaced)
        self.pace = GlobalPace(settings.pace_rate) if settings.pace_rate else None
        if self.pace is not None:
            pace_requests(self.http, self.pace)
        log.info("%s", pace_line(settings.global_rate, settings.process_count,
                                 settings.api_base))
        guard_requests(self.http, self.budget)  # nothing goes out during Cloudflare's ban
        fail_first_connection(self.http)  # no gateway at start: a clear error, no retry
        stamp_before_sending()  # the gateway latency of a prompt acknowledgement is not 41 s
        #: what the store factory opened (closed with the bot)
        self.store: Store | None = None
        #: the bot's database, where the factory opened one (None: the bot runs without)
        self.database: SQLiteStore | None = None
        self._store_factory: StoreFactory = store_factory or open_store
        self._extensions = tuple(extensions)
        self._table_config = table_config
        self._daily_config = daily or DailyConfig()
        self._series_config = series or SeriesConfig()
        self.display: Display | None = None
        self.tables: TableService | None = None
        self.timers: Scheduler | None = None
        #: seconds the command sync may take before the bot starts without it (discord.py
        #: would otherwise sleep out a 429 such as Discord's daily create limit, hours)
        self.sync_timeout = SYNC_TIMEOUT
        #: the deal of the day (None: the bot runs without a database)
        self.daily: DailyService | None = None
        #: series (None: the bot runs without a database)
        self.series: SeriesService | None = None
        #: the server's league and its seasons (None: the bot runs without a database)
        self.leagues: LeagueService | None = None
        #: ``/healthz`` and ``/metrics`` (see :mod:`bot.ops.server`), with a metrics port
        self.ops: OpsServer | None = None

    async def setup_hook(self) -> None:
        self.store = await self._store_factory(self.settings)
        if isinstance(self.store, SQLiteStore):
            self.database = self.store
            # a process running some shards does only its own servers' work (bot.connection.shards)
            self.store.limit_to(self.settings.shards.scope)
            config = self._table_config
            # the display finds the table service on the bot (``host``) when Discord
            # takes a table's place away; the service tells the display what changed
            self.display = Display(self, self.store, clock=config.clock, sleep=config.sleep,
                                   observers=config.observers,
                                   images=Renderer(self.settings.render_processes),
                                   budget=self.budget, offset=self.offset, host=self)
            await self.display.start()
            self.tables = TableService(self.store, self.display, config)
            self.timers = self.tables.timers
            self.daily = DailyService(self.store, self._daily_config, clock=config.clock,
                                      level=config.computer_level)
            self.series = SeriesService(self.store, self._series_config, clock=config.clock,
                                        levels=levels(), tables=self.tables.series)
            self.leagues = LeagueService(self.store, self.series, self._series_config,
                                         clock=config.clock)
        if self.metrics is not None and self.settings.metrics_port is not None:
            self.metrics.watch(self)
            self.ops = OpsServer(self, self.metrics, self.settings.metrics_host,
                                 self.settings.metrics_port)
            await self.ops.start()
        await self.tree.set_translator(Translator())
        self.add_dynamic_items(KeyedItem)
        for name in self._extensions:
            await self.load_extension(name)
        if self.settings.shards.syncs_commands:
            await self.sync_commands()
        else:  # one process syncs for all: the others would only race it
            log.info("commands are synced by the process running shard 0, not this one")
        if self.tables is not None and self.display is not None and self.database is not None:
            resumed = await self.tables.restart.resume()
            log.info("%s", plural("log.resumed", resumed))
            await converge(self.display, self.database)
        if self.timers is not None:
            self.timers.start()

    async def sync_commands(self) -> bool:
        """Sync the commands to Discord where they changed; True if Discord has them now.

        Each scope's payload is hashed and the hash kept in the store (``meta``); an
        unchanged scope is not sent again, so restarts cost no command creates (Discord
        allows 200 a day). With ``TAPP_DEV_GUILD_ID`` the commands go to that guild
        (instantly) and the global ones are cleared: Discord shows a guild's commands
        *and* the global ones, so the same command would appear twice there. Without it
        they go global, and the development guild that had them last is cleared. A sync
        that fails (Discord's error, its daily limit, no answer within
        ``sync_timeout`` s) is logged; the bot starts with whatever Discord has."""
        try:
            async with asyncio.timeout(self.sync_timeout):
                await self._sync_commands()
        except (discord.DiscordException, TimeoutError) as error:
            log.error("command sync failed (%s): the commands stay as Discord has them; "
                      "the next start tries again", _describe(error))
            return False
        return True

    async def _sync_commands(self) -> None:
        assert self.application_id is not None
        app = self.application_id
        meta = self.database.meta if self.database is not None else None
        guild_id = self.settings.dev_guild_id
        if guild_id is None:
            await self._sync_scope(None)
            old = await meta.dev_guild(app) if meta is not None else None
            if old is not None:
                await self._sync_scope(discord.Object(id=old), clear=True)
                await meta.set_dev_guild(app, None)  # type: ignore[union-attr]
            return
        guild = discord.Object(id=guild_id)
        self.tree.copy_global_to(guild=guild)
        await self._sync_scope(guild)
        await self._sync_scope(None, clear=True)
        if meta is not None:
            await meta.set_dev_guild(app, guild_id)

    async def _sync_scope(self, guild: discord.Object | None, *, clear: bool = False) -> None:
        """Put the scope's commands (none with ``clear``) unless the stored hash says
        Discord has them already."""
        assert self.application_id is not None
        scope = "global" if guild is None else str(guild.id)
        where = "globally" if guild is None else f"to guild {guild.id}"
        payload = [] if clear else await self._command_payload(guild)
        digest = hashlib.sha256(json.dumps(payload, sort_keys=True).encode()).hexdigest()
        meta = self.database.meta if self.database is not None else None
        if meta is not None and await meta.command_hash(self.application_id, scope) == digest:
            log.info("commands unchanged %s: not synced", where)
            return
        if clear:
            if guild is None:
                await self.http.bulk_upsert_global_commands(self.application_id, payload=[])
            else:
                await self.http.bulk_upsert_guild_commands(self.application_id, guild.id,
                                                           payload=[])
            log.info("cleared the commands %s", where)
        else:
            synced = await self.tree.sync(guild=guild)
            log.info("%s", plural("log.synced", len(synced), where=where))
        if meta is not None:
            await meta.set_command_hash(self.application_id, scope, digest)

    async def _command_payload(self, guild: discord.Object | None) -> list[dict[str, Any]]:
        """What ``tree.sync`` sends for the scope (translated, as it does)."""
        commands = self.tree.get_commands(guild=guild)
        translator = self.tree.translator
        if translator is None:
            return [c.to_dict(self.tree) for c in commands]
        return [await c.get_translated_payload(self.tree, translator) for c in commands]

    async def on_ready(self) -> None:
        assert self.user is not None
        log.info("%s", plural("log.ready", len(self.guilds), user=self.user, id=self.user.id))
        if self.settle_memory:
            self.settle_memory = False  # once: a reconnect's on_ready does not freeze more
            collector.settle()

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
            if self.ops is not None:
                await self.ops.stop()
                self.ops = None
            if self.store is not None:
                await self.store.close()
                self.store = None


def _describe(error: BaseException) -> str:
    if isinstance(error, TimeoutError):
        return "no answer in time"
    return str(error) or type(error).__name__
