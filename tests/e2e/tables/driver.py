"""Helpers for the table tests: open a table through the stand-in, let members play it
by clicking what the bot shows them, and check what every message disclosed.

Members decide with the baseline computer player reading their own seat's view; they
act only through the components (or slash commands) the bot gave them.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
import json
import random
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from bot.ai import make_player
from bot.cli.replay import main as replay_main
from bot.connection.client import TappBot
from bot.demo.session import quiet, table_thread
from bot.display import Disclosure, MessageKind
from bot.engine import Action, ActionType, CardSet, Deal, SeatView, deal_from_record
from bot.engine.cards import CARD_NAMES
from bot.i18n.words import Words
from bot.store import DealStatus, LedgerKind, Store
from bot.tables import ComponentId, LiveTable
from bot.tables.picture import snapshot
from standin import Actor, Channel, InteractionRecord, Message, Sandbox

from .spectating import check_spectator


async def quick_sleep(seconds: float) -> None:
    """The tables' pauses and retries (``TableConfig.sleep``) a hundred times quicker:
    the same tries in the same order, without the wall time."""
    await asyncio.sleep(seconds / 100)


def _card_names() -> dict[str, int]:
    """Every way the catalogue writes a card (each deck style), to the card."""
    out = {}
    for style in ("french", "german", "swiss"):
        words = Words(None, "zuger", style)
        for card in range(36):
            out[words.card(card, reveals=False)] = card
    return out


CARD_NAMES_SHOWN = _card_names()
CARD_TEXT = re.compile("|".join(re.escape(n) for n in sorted(CARD_NAMES_SHOWN, key=len,
                                                              reverse=True)))
#: a card in record notation inside a custom_id or select value
CARD_TOKEN = re.compile(r"(?<![0-9A-Z])([6-9TJQKA][CSHD])(?![0-9A-Z])")


def cards_in_text(text: str) -> set[int]:
    """Cards named in catalogue text (in any deck style)."""
    return {CARD_NAMES_SHOWN[m] for m in CARD_TEXT.findall(text)}


class Watch:
    """Collects every :class:`Disclosure` (pass it in ``TableConfig(observers=...)``)."""

    def __init__(self) -> None:
        self.seen: list[Disclosure] = []

    def __call__(self, disclosure: Disclosure) -> None:
        self.seen.append(disclosure)

    async def check(self, store: Store) -> int:
        """Every message showed only what its viewer may see; returns how many."""
        records: dict[tuple[int, int], dict[str, Any]] = {}
        claims: Claims = {}
        for d in self.seen:
            if d.stamp is not None and (d.table_id, d.stamp.deal) not in records:
                for row in await store.deals.for_table(d.table_id):
                    records[(d.table_id, row.number)] = await store.deals.record(row.deal_id)
                    claims[(d.table_id, row.number)] = {
                        c.ply: c.seat for c in await store.claims.for_deal(row.deal_id)}
        for d in self.seen:
            check_disclosure(d, records, claims)
        return len(self.seen)


#: the claims stored per (table, deal number): the seat that claimed at each ply
Claims = dict[tuple[int, int], dict[int, int]]


def check_disclosure(d: Disclosure, records: dict[tuple[int, int], dict[str, Any]],
                     claims: Claims | None = None) -> None:
    model = d.model
    text = " ".join(filter(None, [model.title, model.description, model.content,
                                  *(n + " " + v for n, v in model.fields)]))
    labels = " ".join(getattr(c, "label", "") or "" for c in model.components)
    options = [o for c in model.components for o in getattr(c, "options", ())]
    call_options = {value for c in model.components for _, value in getattr(c, "options", ())
                    if ":pick.call" in c.custom_id}
    named = cards_in_text(text) | cards_in_text(labels) | cards_in_text(
        " ".join(label for label, value in options if value not in call_options))
    view = model.view
    if d.kind is MessageKind.SPECTATE:  # a member not seated, one trick behind
        assert d.stamp is not None
        check_spectator(d, records[(d.table_id, d.stamp.deal)], named)
        return
    if view is None:  # notices and rules: no card at all
        assert not named, (d.kind, text)
        assert model.image is None
        return
    # the text names no card beyond what the model says it shows
    assert named <= set(model.shown), (d.kind, CardSet(named - set(model.shown)), text)
    # ... which its view may see
    visible = view.visible_cards()
    assert set(model.shown) <= set(visible), (d.kind, d.audience, model.shown, visible)
    picture = None
    if model.image is not None and model.image.view is not view:
        # the table image: the table as the auction began or the last trick ended
        # (bot.tables.picture), a public view of the same deal, checked below
        assert d.kind is MessageKind.TABLE and d.audience is None, d.kind
        picture = model.image.view
        assert picture.seat is None and picture.hand is None
    # the view is the viewer's own (or the public one), exactly as the engine gives it
    if d.audience is None:
        assert view.seat is None, d.kind
    else:
        assert view.seat is None or view.seat == d.seat, (d.kind, view.seat, d.seat)
    if d.stamp is not None:
        record = records[(d.table_id, d.stamp.deal)]
        deal = deal_from_record(record, stop_at=d.stamp.ply)
        expected = deal.public_view() if view.seat is None else deal.view(view.seat)
        claimer = (claims or {}).get((d.table_id, d.stamp.deal), {}).get(d.stamp.ply)
        if view != expected and claimer is not None and view.seat not in (None, claimer):
            # a claim put to this seat lays the claimer's hand open to it, and only that
            hand = deal.view(claimer).hand
            assert hand is not None
            expected = replace(expected, open_hands={**expected.open_hands, claimer: hand})
        assert view == expected, (d.kind, d.stamp)
        if picture is not None:
            assert_picture_of(picture, record, d.stamp.ply)
    # public components carry no card
    if d.audience is None:
        for c in model.components:
            assert not CARD_TOKEN.search(c.custom_id), c.custom_id


def assert_picture_of(picture: SeatView, record: dict[str, Any], ply: int) -> None:
    """``picture`` is the public view of the deal at or before ``ply`` with as many
    tricks completed, as :func:`bot.tables.picture.snapshot` gives it (no seat to act)."""
    for earlier in range(ply, -1, -1):
        view = deal_from_record(record, stop_at=earlier).public_view()
        if len(view.tricks) < len(picture.tricks):
            break
        if snapshot(view) == picture:
            return
    raise AssertionError(f"the table image shows no moment of the deal's trick (ply {ply})")


@dataclass
class Game:
    """One table being played through the stand-in."""

    sandbox: Sandbox
    bot: TappBot
    thread: Channel
    table_id: int
    members: dict[int, Actor]
    rng: random.Random = field(default_factory=lambda: random.Random(5))
    kontra_rate: float = 0.5
    slash_rate: float = 0.0
    clicks: int = 0
    hand_opens: int = 0  # *My hand* clicks before an action (no live panel showed it)
    #: each member's newest hand panel (the stand-in's message: it changes as edited)
    panels: dict[int, Message] = field(default_factory=dict)
    on_action: Callable[[Game], Any] | None = None
    #: a member's choice before the computer player's (None: let it choose)
    policy: Callable[[SeatView], Action | None] | None = None

    @property
    def live(self) -> LiveTable | None:
        assert self.bot.tables is not None
        return self.bot.tables.registry.peek(self.table_id)

    def table_message(self) -> Message:
        """The current table message (the newest public message with the table's
        buttons)."""
        for message in reversed(self.sandbox.public_messages(self.thread)):
            for b in message.buttons():
                cid = ComponentId.parse(b.get("custom_id", ""))
                if cid and cid.table_id == self.table_id and cid.token in ("hand", "join"):
                    return message
        raise AssertionError("no table message")

    async def quiet(self) -> None:
        await quiet(self.sandbox, self.bot)

    def member_seats(self) -> dict[int, Actor]:
        """The seats of the members who play (an absent member, timed out or away by
        their own choice, clicks nothing until they come back)."""
        live = self.live
        assert live is not None
        return {s: self.members[r.user_id] for s, r in live.seats.items()
                if r.user_id is not None and r.user_id in self.members
                and not live.absent(s)}

    async def step(self) -> bool:
        """One member action through the UI; False when no member has anything to do."""
        live = self.live
        if live is None or live.deal is None:
            return False
        deal = live.deal
        seats = self.member_seats()
        if await self._maybe_kontra(deal, seats):
            return True
        move = self.next_move()
        if move is None:
            return False
        seat, actor, action = move
        if self.rng.random() < self.slash_rate and action.type not in (
                ActionType.KONTRA, ActionType.REKONTRA):
            await self._slash(actor, action)
        else:
            assert self.live is not None and self.live.deal is not None
            panel = self.live_panel(actor, seat)
            if panel is None:
                panel = await self.open_hand(actor, self.live.deal.view(seat))
                self.hand_opens += 1
            await self.take(actor, panel, action)
        self.clicks += 1
        if self.on_action is not None:
            await self.on_action(self)
        await self.quiet()
        return True

    def next_move(self) -> tuple[int, Actor, Action] | None:
        """The member on their main turn and what they will do (None: no member is)."""
        live = self.live
        if live is None or live.deal is None:
            return None
        deal = live.deal
        seats = self.member_seats()
        actor_seat = deal.view(0).actor
        if actor_seat is None or actor_seat not in seats:
            return None
        view = deal.view(actor_seat)
        action = self.decide(view)
        return actor_seat, seats[actor_seat], action

    async def next_panel(self) -> tuple[int, Actor, Action, Message]:
        """The member on their main turn, what they will do, and their *My hand* panel."""
        move = self.next_move()
        assert move is not None
        seat, actor, action = move
        assert self.live is not None and self.live.deal is not None
        return seat, actor, action, await self.open_hand(actor, self.live.deal.view(seat))

    def decide(self, view: SeatView) -> Action:
        rng = random.Random(self.rng.getrandbits(32))
        if self.policy is not None:
            chosen = self.policy(view)
            if chosen is not None:
                return chosen
        return make_player("easy", rng).choose(view)

    async def _maybe_kontra(self, deal: Deal, seats: dict[int, Actor]) -> bool:
        for seat, actor in seats.items():
            legal = deal.legal_actions(seat)
            if any(a.type in (ActionType.KONTRA, ActionType.REKONTRA) for a in legal) \
                    and self.rng.random() < self.kontra_rate:
                message = self.table_message()
                [button] = [b for b in message.buttons() if b["custom_id"].endswith(":kontra")]
                ix = await actor.click(message, custom_id=button["custom_id"])
                assert ix.messages and not ix.errors, ix.errors
                await self.quiet()
                return True
        return False

    def live_panel(self, actor: Actor, seat: int) -> Message | None:
        """The member's newest panel if it shows their turn now, as a live panel does: a
        member playing live takes their action there, without *My hand*."""
        panel = self.panels.get(actor.id)
        live = self.live
        if panel is None or panel.deleted or live is None or live.deal is None:
            return None
        stamps = {ComponentId.parse(c["custom_id"]) for c in [*panel.buttons(),
                                                              *panel.selects()]}
        if not stamps or any(cid is None or cid.stamp != live.stamp for cid in stamps):
            return None
        legal = {a.token for a in live.deal.view(seat).legal}
        return panel if offered_tokens(panel) == legal else None

    async def open_hand(self, actor: Actor, view: SeatView) -> Message:
        """Click *My hand*; check the panel offers exactly the legal actions."""
        ix = await actor.click(self.table_message(), label="My hand")
        panel = ix.response
        assert panel is not None and panel.ephemeral_to == actor.id, ix.errors
        assert offered_tokens(panel) == {a.token for a in view.legal}, (
            offered_tokens(panel), [a.token for a in view.legal])
        self.panels[actor.id] = panel
        return panel

    async def take(self, actor: Actor, panel: Message, action: Action) -> None:
        """Click the component of ``action`` on the hand panel."""
        ix = await self.click_action(actor, panel, action)
        assert not ix.errors and ix.acknowledged, ix.errors
        assert ix.response is not None and ix.response.ephemeral_to == actor.id
        assert "out of date" not in ix.response.text and "not allowed" not in ix.response.text
        self.panels[actor.id] = ix.response

    @staticmethod
    async def click_action(actor: Actor, panel: Message, action: Action, *,
                           settle: bool = True) -> InteractionRecord:
        """Use the component of ``action`` on a hand panel (a button, or a select)."""
        kind = action.type
        if kind is ActionType.DISCARD:
            [sel] = [s for s in panel.selects() if s["custom_id"].endswith(":pick.discard")]
            values = (action.argument or "").split(".")
            return await actor.select(panel, values, custom_id=sel["custom_id"], settle=settle)
        if kind is ActionType.CALL and action.card is not None:
            name = CARD_NAMES[action.card]
            sel = next(s for s in panel.selects() if ":pick.call" in s["custom_id"]
                       and any(o["value"] == name for o in s["options"]))
            return await actor.select(panel, [name], custom_id=sel["custom_id"], settle=settle)
        button = next(b for b in panel.buttons() if b["custom_id"].endswith(":" + action.token))
        return await actor.click(panel, custom_id=button["custom_id"], settle=settle)

    async def _slash(self, actor: Actor, action: Action) -> None:
        kind = action.type
        if kind in (ActionType.BID, ActionType.DECLARE, ActionType.CONTRACT):
            command, option = "/tapp play bid", {"value": action.token}
        elif kind is ActionType.DISCARD:
            command = "/tapp play discard"
            option = {"cards": (action.argument or "").replace(".", " ")}
        else:
            command = "/tapp play " + {"play": "card"}.get(kind.value, kind.value)
            field_name = {"play": "card", "give": "card", "call": "card", "trump": "suit",
                          "announce": "value"}[kind.value]
            option = {field_name: action.token}
        if kind is not ActionType.DISCARD:
            choices = await actor.autocomplete(self.thread, command, focused=next(iter(option)))
            assert action.token in {c["value"] for c in choices}, (choices, action.token)
        ix = await actor.slash(self.thread, command, **option)
        assert ix.response is not None and ix.response.ephemeral_to == actor.id, ix.errors

    async def play(self, *, max_steps: int = 2000, until: Callable[[Game], bool] | None = None
                   ) -> None:
        """Play (members clicking, computers on their own) until the table closes or
        ``until`` holds."""
        await self.quiet()
        for _ in range(max_steps):
            if until is not None and until(self):
                return
            if self.live is None:
                return
            if not await self.step():
                await self.quiet()
                if not await self.step() and self.live is not None:
                    deal = self.live.deal
                    raise AssertionError(f"stuck: {deal!r} to act {deal and deal.to_act()}")
        raise AssertionError("the table did not finish")

    def deals_settled(self) -> int:
        live = self.live
        if live is None or live.session is None:
            return 10**6
        return live.session.deals_played


def offered_tokens(panel: Message) -> set[str]:
    """The action tokens a hand panel's components offer (not its claim buttons)."""
    out = set()
    for b in panel.buttons():
        cid = ComponentId.parse(b["custom_id"])
        assert cid is not None
        if not cid.token.startswith("claim."):
            out.add(cid.token)
    for s in panel.selects():
        cid = ComponentId.parse(s["custom_id"])
        assert cid is not None
        kind = cid.pick_kind
        if kind == "discard":
            out.add(f"discard:{s['min_values']}")
            assert s["min_values"] == s["max_values"]
        else:
            out |= {f"{kind}:{o['value']}" for o in s["options"]}
    return out


async def open_table(sandbox: Sandbox, bot: TappBot, channel: Channel, host: Actor,
                     variant: str, *, joiners: tuple[Actor, ...] = (), computers: int = 0,
                     start: bool = True, **options: Any) -> Game:
    """``/tapp table new`` by ``host``; members join, the host adds computers and starts."""
    before = len(sandbox.threads(channel))
    ix = await host.slash(channel, "/tapp table new", variant=variant, **options)
    assert ix.response is not None and not ix.errors, ix.errors
    thread = await table_thread(sandbox, bot, channel, before)
    assert bot.tables is not None
    live = bot.tables.registry.located_in(thread.id)
    assert live is not None
    await quiet(sandbox, bot)  # the lobby is posted in the thread
    game = Game(sandbox, bot, thread, live.table_id, {a.id: a for a in (host, *joiners)})
    for actor in joiners:
        ix = await actor.click(game.table_message(), label="Join")
        assert ix.response is not None and "seat" in ix.response.content
        game.panels[actor.id] = ix.response  # their live panel once the deal begins
    for _ in range(computers):
        await host.click(game.table_message(), label="Add computer")
    if start:
        await game.quiet()  # the lobby shows every seat (and Start) once its edit is out
        ix = await host.click(game.table_message(), label="Start")
        assert ix.response is not None and not ix.errors
        game.panels[host.id] = ix.response
        await game.quiet()
    return game


async def check_ledger_against_replay(store: Store, table_id: int) -> int:
    """Each settled deal's ledger rows equal ``python -m bot replay`` of its record;
    returns how many deals were checked."""
    checked = 0
    ledger = await store.ledger.for_table(table_id)
    for row in await store.deals.for_table(table_id):
        if row.status is not DealStatus.SETTLED:
            continue
        record = await store.deals.record(row.deal_id)
        out = replay_cli(record)
        rows = [r for r in ledger if r.deal_id == row.deal_id]
        by_seat = {r.seat: r.amount for r in rows if r.seat is not None}
        assert [by_seat[s] for s in range(len(out["payments"]))] == out["payments"]
        pot_rows = [r.amount for r in rows if r.seat is None]
        if record["variant"] == "tapp1879":
            assert pot_rows == [out["pot"] - record.get("pot", 0)]
        assert row.result is not None and row.result["payments"] == out["payments"]
        checked += 1
    assert sum(r.amount for r in ledger) == 0
    assert all(r.kind in (LedgerKind.DEAL, LedgerKind.POT_SHARE) for r in ledger)
    return checked


def replay_cli(record: dict[str, Any]) -> dict[str, Any]:
    """Run ``python -m bot replay -`` in this process on ``record``."""
    import sys

    stdin, stdout = sys.stdin, io.StringIO()
    sys.stdin = io.StringIO(json.dumps(record))
    try:
        with contextlib.redirect_stdout(stdout):
            code = replay_main(["-"])
    finally:
        sys.stdin = stdin
    assert code == 0
    result: dict[str, Any] = json.loads(stdout.getvalue())
    return result
