"""``python -m bot demo``: what the bot looks like, without a token or a network.

Starts the local Discord stand-in and the real bot on loopback, plays a short session of
each variant (alice, a scripted member, against computer players: she opens the table,
adds the computers, starts and clicks her actions on her private panel, and ends the
table after a few deals), saves every image the bot posted and a readable transcript under
``./demo-out/``, and prints the final standings read back from the SQLite file.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.ai import levels, make_player
from bot.cli.parsing import Parser, non_negative, output_folder, whole_number
from bot.config import Settings
from bot.connection.client import TappBot
from bot.daily import DailyConfig
from bot.demo.daily import day_lines, play_the_day
from bot.demo.output import IMAGES, DemoOutput, OutputError
from bot.demo.review import review_first_deal
from bot.demo.series import play_a_series, series_lines
from bot.engine import ActionType, Deal
from bot.engine.cards import CARD_NAMES
from bot.engine.claims import ClaimKind, ClaimTooDeep, claim_line, offered_claims
from bot.i18n import plural, t
from bot.ratings import computer_level
from bot.series.config import SeriesConfig
from bot.store import Store
from bot.tables import ComponentId, Stamp, TableConfig
from bot.tables.claims import CLAIM_BUDGET
from standin import Actor, Channel, InteractionRecord, Message, Sandbox
from standin.harness import make_world, running

#: (label, variant, options, computers) of the demo's tables
TABLES: tuple[tuple[str, str, dict[str, Any], int], ...] = (
    ("Zuger Tapp", "zuger", {}, 3),
    ("Tapp 1879", "tapp1879", {}, 2),
    ("Dapp, 4 players", "dapp", {"players": 4}, 3),
    ("Württemberg Tapp, 32 cards", "wuerttemberg", {"players": 3, "deck": 32}, 2),
)

#: the computers' level in the demo (--level): the quickest, so that the demo takes seconds
#: (the bot's own default, TableConfig.computer_level, is normal)
LEVEL = "easy"


MENTION = re.compile(r"<@!?(\d+)>")


async def quiet(sandbox: Sandbox, bot: TappBot) -> None:
    """Wait until the computer players, the display and the stand-in are all done."""
    tables, display = bot.tables, bot.display
    assert tables is not None and display is not None
    while True:
        await tables.computers.wait_idle()
        await display.idle()
        await sandbox.settle()
        if tables.computers.is_idle() and display.is_idle():
            return


async def table_thread(sandbox: Sandbox, bot: TappBot, channel: Channel,
                       before: int) -> Channel:
    """The thread ``/tapp table new`` made in ``channel`` (which had ``before`` threads) once
    its table is placed there: the answer comes first, the thread right after (on a busy
    machine, after the stand-in has gone quiet once)."""
    tables = bot.tables
    assert tables is not None
    for _ in range(1000):
        threads = sandbox.threads(channel)
        if len(threads) > before and tables.registry.located_in(threads[-1].id) is not None:
            break
        await asyncio.sleep(0.01)
    return sandbox.threads(channel)[-1]


@dataclass
class Recorder:
    """Writes what each user sees, as it appears: new messages, edits and images."""

    sandbox: Sandbox
    out: DemoOutput
    lines: list[str] = field(default_factory=list)
    seen: dict[int, int] = field(default_factory=dict)  # message id -> edit count written
    images: set[int] = field(default_factory=set)  # attachment ids saved
    image_count: int = 0

    def note(self, text: str) -> None:
        self.lines.append(text)

    def capture(self) -> None:
        """Write every message posted or edited since the last capture."""
        state = self.sandbox.state
        users = {u.id: u.username for u in state.users.values()}
        # in the order they happened: a message by the time of its newest version
        for message in sorted(state.messages.values(),
                              key=lambda m: (m.edited_at or m.created_at, m.id)):
            if message.deleted or message.loading:
                continue
            edits = message.edit_count
            if self.seen.get(message.id) == edits:
                continue
            first = message.id not in self.seen
            self.seen[message.id] = edits
            channel = state.channels[message.channel_id]
            where = f"#{channel.name}" if not channel.is_thread else f"thread «{channel.name}»"
            audience = ("only " + users.get(message.ephemeral_to, "?") + " sees"
                        if message.ephemeral_to else "everyone sees")
            verb = "posts" if first else "edits"
            author = message.author.username
            self.lines.append(f"\n[{where}] {author} {verb} message {message.id} "
                              f"({audience}):")
            text = MENTION.sub(lambda m: "@" + users.get(int(m[1]), "?"), message.text)
            for line in text.splitlines():
                self.lines.append(f"    {line}")
            for attachment in message.attachments:
                self.lines.append(f"    [image {self._save(attachment)}: "
                                  f"{attachment.description or ''}]")
            labels = [b.get("label") or "" for b in message.buttons()]
            if labels:
                self.lines.append("    [buttons: " + " | ".join(labels) + "]")
            for select in message.selects():
                self.lines.append(f"    [menu: {select.get('placeholder')}, "
                                  f"{len(select.get('options') or [])} options]")

    def _save(self, attachment: Any) -> str:
        name = f"{self.image_count + 1:03d}-{attachment.filename}"
        if attachment.id not in self.images:
            self.images.add(attachment.id)
            self.image_count += 1
            name = f"{self.image_count:03d}-{attachment.filename}"
            self.out.write_new(self.out.images / name, attachment.data)
        return f"{IMAGES}/{name}"

    def write(self) -> Path:
        path = self.out.transcript
        self.out.write_new(path, ("\n".join(self.lines) + "\n").encode())
        return path


class Demo:
    def __init__(self, out: DemoOutput, seed: int, deals: int, level: str = LEVEL) -> None:
        self.out = out
        self.level = level
        self.seed = seed
        self.deals = deals
        self.rng = random.Random(seed)
        self.table_ids: list[int] = []
        self.claimed = False  # alice claims once, when the bot will prove it
        self.reviewed = False  # alice asks for one review of her play
        self.guild_id = 0
        self.names: dict[int, str] = {}
        self.day = ""
        self.series_id = 0

    async def run(self) -> Path:
        database = self.out.claim_database()
        async with Sandbox(openapi=False, settle_quiet=0.02) as sandbox:
            # a showcase, not a test of pacing: Discord's 5 messages (and edits) per 5 s
            # per channel would make it last minutes instead of seconds
            sandbox.rate_limits.realistic = False
            world = make_world(sandbox, players=2)
            alice = world.players[0]
            recorder = Recorder(sandbox, self.out)
            recorder.note("Tapp bot demo: alice plays a short session of each variant against"
                          " computer players, through a local Discord stand-in.")
            recorder.note(t("cli.demo.level", level=self.level,
                            default=TableConfig().computer_level))
            config = TableConfig(computer_pause=0, computer_level=self.level,
                                 rng=random.Random(self.seed), ai_seed=self.seed)
            seeds = random.Random(self.seed)
            bot = TappBot(Settings(token=sandbox.token, database_path=database),
                          guild_ready_timeout=0.05, tables=config,
                          daily=DailyConfig(seeds=lambda: seeds.randbytes(32)),
                          series=SeriesConfig(seeds=lambda: seeds.randbytes(32)))
            self.guild_id = world.guild.id
            self.names = {a.id: a.name for a in world.players}
            # (on a loaded machine, CI installing and playing on several Pythons, the bot
            # may take more than the stand-in's default 10 s to log in, load its cogs and
            # sync its commands before it connects: the demo waits up to a minute)
            async with running(bot, sandbox, timeout=60):
                for label, variant, options, computers in TABLES:
                    recorder.note(f"\n\n===== {label} =====")
                    await self.play_table(sandbox, bot, world.channel, alice, recorder,
                                          variant, options, computers)
                assert bot.database is not None
                self.day = await play_the_day(world.players[::-1], world.channel, bot.database,
                                              self.seed, recorder.note, recorder.capture)
                self.series_id = await play_a_series(world.players, world.channel,
                                                     bot.database, self.seed, recorder.note,
                                                     recorder.capture)
        recorder.write()
        return database

    async def play_table(self, sandbox: Sandbox, bot: TappBot, channel: Any, alice: Actor,
                         recorder: Recorder, variant: str, options: dict[str, Any],
                         computers: int) -> None:
        assert bot.tables is not None
        shown = " ".join(f"{k}:{v}" for k, v in options.items())
        recorder.note(f"\nalice types: /tapp table new variant:{variant} {shown}".rstrip())
        before = len(sandbox.threads(channel))
        await alice.slash(channel, "/tapp table new", variant=variant, **options)
        thread = await table_thread(sandbox, bot, channel, before)
        live = bot.tables.registry.located_in(thread.id)
        assert live is not None
        await quiet(sandbox, bot)
        table_id = live.table_id
        self.table_ids.append(table_id)
        recorder.capture()
        for _ in range(computers):
            recorder.note("\nalice clicks [Add computer]")
            await alice.click(self.table_message(sandbox, thread.id, table_id),
                              label="Add computer")
            await quiet(sandbox, bot)
            recorder.capture()
        recorder.note("\nalice clicks [Start]")
        started = await alice.click(self.table_message(sandbox, thread.id, table_id),
                                    label="Start")
        panel = started.response  # her private answer: her live panel from now on
        await quiet(sandbox, bot)
        recorder.capture()
        ended = False
        for _ in range(2000):
            live = bot.tables.registry.peek(table_id)
            if live is None:
                break
            if not self.reviewed and live.session is not None and live.session.deals_played:
                # one deal review: alice's first deal at the first table
                self.reviewed = await review_first_deal(sandbox, thread.id, alice,
                                                        recorder.note, recorder.capture)
                await quiet(sandbox, bot)
            if not ended and live.session is not None and (
                    live.session.deals_played >= self.deals - 1):
                recorder.note("\nalice clicks [End table]")
                await alice.click(self.table_message(sandbox, thread.id, table_id),
                                  label="End table")
                await quiet(sandbox, bot)
                recorder.capture()
                ended = True
            deal = live.deal
            seat = live.seat_of(alice.id)
            if deal is None or seat is None or deal.view(seat).actor != seat:
                await quiet(sandbox, bot)
                recorder.capture()
                if bot.tables.registry.peek(table_id) is live and live.deal is deal and (
                        deal is None or deal.view(0).actor != seat):
                    raise RuntimeError("the demo table is stuck")
                continue
            view = deal.view(seat)
            action = make_player("easy", random.Random(self.rng.getrandbits(32))).choose(view)
            if panel is not None and shows_turn(panel, live.stamp):
                recorder.note("\n(alice's private panel shows her turn: she acts there)")
            else:
                recorder.note("\nalice clicks [My hand]")
                panel = (await alice.click(self.table_message(sandbox, thread.id, table_id),
                                           label="My hand")).response
                assert panel is not None
                recorder.capture()
            kind = None if self.claimed else proven_claim(deal, seat)
            if kind is not None:  # the rest is hers, whatever the others do: she claims
                label = t(f"button.claim.{kind.value}", None)
                recorder.note(f"\nalice clicks [{label}]")
                answered = await alice.click(panel, label=label)
                self.claimed = True
            else:
                answered = await self.take(alice, panel, action, recorder)
            panel = answered.response or panel
            await quiet(sandbox, bot)
            recorder.capture()
        await quiet(sandbox, bot)
        recorder.capture()

    @staticmethod
    def table_message(sandbox: Sandbox, thread_id: int, table_id: int) -> Message:
        for message in reversed(sandbox.public_messages(thread_id)):
            for button in message.buttons():
                cid = ComponentId.parse(button.get("custom_id", ""))
                if cid is not None and cid.table_id == table_id and cid.token in ("hand",
                                                                                  "join"):
                    return message
        raise RuntimeError("no table message")

    @staticmethod
    async def take(alice: Actor, panel: Message, action: Any,
                   recorder: Recorder) -> InteractionRecord:
        if action.type is ActionType.DISCARD:
            select = next(s for s in panel.selects() if s["custom_id"].endswith("pick.discard"))
            values = (action.argument or "").split(".")
            recorder.note(f"\nalice picks {' '.join(values)} in the menu")
            return await alice.select(panel, values, custom_id=select["custom_id"])
        if action.type is ActionType.CALL and action.card is not None:
            name = CARD_NAMES[action.card]
            select = next(s for s in panel.selects() if ":pick.call" in s["custom_id"] and any(
                o["value"] == name for o in s["options"]))
            recorder.note(f"\nalice calls {name} in the menu")
            return await alice.select(panel, [name], custom_id=select["custom_id"])
        button = next(b for b in panel.buttons() if b["custom_id"].endswith(":" + action.token))
        recorder.note(f"\nalice clicks [{button.get('label')}]")
        return await alice.click(panel, custom_id=button["custom_id"])


def proven_claim(deal: Deal, seat: int) -> ClaimKind | None:
    """A claim the bot will prove for ``seat`` now, if there is one."""
    for kind in offered_claims(deal, seat):
        with contextlib.suppress(ClaimTooDeep):
            if claim_line(deal, seat, kind, budget=CLAIM_BUDGET) is not None:
                return kind
    return None


def shows_turn(panel: Message, stamp: Stamp | None) -> bool:
    """The panel (a live panel the bot keeps editing) offers actions for this moment."""
    ids = [ComponentId.parse(c.get("custom_id", "")) for c in [*panel.buttons(),
                                                               *panel.selects()]]
    return bool(ids) and all(cid is not None and cid.stamp == stamp for cid in ids)


async def standings(database: Path, table_ids: Sequence[int]) -> list[str]:
    """The final chips of every table, the server's leaderboard and its skill ratings
    per variant, from the file."""
    lines = []
    names: dict[int, str] = {}
    variants: list[str] = []
    async with await Store.open(database) as store:
        guild_id = None
        for table_id in table_ids:
            table = await store.tables.get(table_id)
            guild_id = table.guild_id
            variants += [] if table.variant in variants else [table.variant]
            seats = await store.tables.seats(table_id)
            names.update({s.user_id: s.display_name for s in seats if s.user_id is not None})
            totals: dict[int, int] = {}
            for entry in await store.ledger.for_table(table_id):
                if entry.seat is not None:
                    totals[entry.seat] = totals.get(entry.seat, 0) + entry.amount
            deals = len(await store.deals.for_table(table_id))
            chips = ", ".join(f"{s.display_name} {totals.get(s.seat, 0):+d}" for s in seats)
            lines.append(plural("cli.demo.table", deals, table=table_id, variant=table.variant,
                                status=table.status.value, chips=chips))
        if guild_id is not None:
            board = await store.standings.leaderboard(guild_id)
            for line in board.rows:
                lines.append(plural("cli.demo.leaderboard", line.deals, rank=line.rank,
                                    name=names.get(line.user_id, "?"),
                                    amount=plural("standings.chips", line.net,
                                                  chips=f"{line.net:+d}")))
            for variant in variants:  # (the bot ranks from 10 deals: the demo from 1)
                rated = await store.ratings.leaderboard(guild_id, variant, min_deals=1)
                for r in rated.lines:
                    level = computer_level(r.player)
                    who = (f"computer ({level})" if level is not None
                           else names.get(r.user_id or 0, "?"))
                    lines.append(plural("cli.demo.rating", r.deals, variant=variant,
                                        rank=r.rank, who=who, rating=f"{r.rating.mu:.1f} ± "
                                                                     f"{r.rating.spread:.1f}"))
    return lines


#: --deals at most: Demo.play_table gives a table 2000 rounds of its loop, and a deal takes
#: about a dozen (one for each of alice's actions)
MAX_DEALS = 100

DESCRIPTION = """\
See what the bot looks like, without a token or a network: start a local stand-in of
Discord and the real bot on 127.0.0.1, and play a short session of each variant. In
each, alice, a scripted member, opens the table, adds computer players, starts, and
clicks her bids and cards on her private panel (the answer to Start, which follows the
game: she never needs My hand), and ends the table during the last deal.

It writes to the output folder: images/ (every image the bot posted, numbered in
order), transcript.txt (what everyone saw, message by message) and tapp.sqlite3 (the
database), and prints the final standings read back from the database. It lists the
files it writes in .tapp-demo, and a run in the same folder removes exactly those (the
earlier run's output) and nothing else: other files may stay in the folder and in its
images/, but a file where the demo would write that it did not write is an error
(exit status 2), before anything is written.
"""


def main(argv: Sequence[str] | None = None) -> int:
    parser = Parser(prog="python -m bot demo", description=DESCRIPTION)
    parser.add_argument("--out", type=Path, default=Path("demo-out"), metavar="DIR",
                        help="the output folder (default: demo-out)")
    parser.add_argument("--seed", type=non_negative, default=1879, metavar="N",
                        help="seed of the cards and of alice's choices, 0 or more "
                             "(default: 1879)")
    parser.add_argument("--deals", type=whole_number(1, MAX_DEALS), default=2, metavar="N",
                        help=f"deals per table, 1 to {MAX_DEALS} (default: 2)")
    parser.add_argument("--level", choices=levels(), default=LEVEL,
                        help=f"the computers' level (default: {LEVEL}, the quickest; the "
                             f"bot's own default is {TableConfig().computer_level})")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    out = output_folder(parser, args.out)
    output = DemoOutput(out)
    try:
        output.prepare()
    except OutputError as error:
        parser.error(str(error))
    started = time.perf_counter()
    demo = Demo(output, args.seed, args.deals, args.level)
    database = asyncio.run(demo.run())
    lines = asyncio.run(standings(database, demo.table_ids))
    lines += asyncio.run(day_lines(database, demo.guild_id, demo.names, demo.day))
    lines += asyncio.run(series_lines(database, demo.series_id, demo.names))
    images = output.image_count()
    print(plural("cli.demo.played", images, tables=len(TABLES),
                 seconds=f"{time.perf_counter() - started:.1f}", out=out))
    print(t("cli.demo.level", level=args.level, default=TableConfig().computer_level))
    print("final standings (from " + str(database) + "):")
    for line in lines:
        print("  " + line)
    return 0
