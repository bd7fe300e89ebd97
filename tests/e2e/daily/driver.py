"""Members playing the deal of the day through the stand-in: ``/tapp daily play``, then the
buttons and menus of their private panel, one action at a time, checking at each step
that the panel offers exactly their legal actions. A member decides by reading their
own run as the store holds it (their seat's view only), as the baseline player would.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass, field

from bot.ai import make_player
from bot.connection.client import TappBot
from bot.daily.ids import RunId
from bot.daily.run import RunState
from bot.engine import Action, ActionType
from bot.engine.cards import CARD_NAMES
from bot.store import Store
from standin import Actor, Channel, InteractionRecord, Message, MessageVersion, Sandbox
from standin.limits import walk_components
from tests.e2e.tables.driver import CARD_TOKEN, cards_in_text

#: a member's choice at their run's moment: an action token, or "decline"
Policy = Callable[[RunState], str]


def baseline(state: RunState) -> str:
    if state.may_decline():
        return "decline"
    return make_player("easy").choose(state.view()).token


def random_policy(seed: int) -> Policy:
    rng = random.Random(seed)

    def choose(state: RunState) -> str:
        if state.may_decline() and rng.random() < 0.5:
            return "decline"
        action = rng.choice(state.view().legal)
        if action.type is ActionType.DISCARD:
            hand = state.view().hand
            assert hand is not None and action.count is not None
            return Action.discard(rng.sample(sorted(hand), action.count)).token
        return action.token
    return choose


def store_of(bot: TappBot) -> Store:
    assert bot.database is not None
    return bot.database


async def run_state(bot: TappBot, run_id: int) -> RunState:
    store = store_of(bot)
    run, steps = await store.daily.run_with_steps(run_id)
    daily = await store.daily.deal_by_id(run.daily_id)
    return RunState.replay(daily.header, daily.seat, steps)


def run_ids(message: Message) -> list[RunId]:
    return [rid for c in [*message.buttons(), *message.selects()]
            if (rid := RunId.parse(c.get("custom_id", ""))) is not None]


def offered(panel: Message) -> set[str]:
    """The tokens a run panel's components offer (a discard menu as ``discard:<n>``)."""
    out = set()
    for b in panel.buttons():
        rid = RunId.parse(b["custom_id"])
        if rid is not None and rid.step is not None:
            out.add(rid.token)
    for s in panel.selects():
        rid = RunId.parse(s["custom_id"])
        assert rid is not None
        if rid.pick_kind == "discard":
            assert s["min_values"] == s["max_values"]
            out.add(f"discard:{s['min_values']}")
        else:
            out |= {f"{rid.pick_kind}:{o['value']}" for o in s["options"]}
    return out


def expected(state: RunState) -> set[str]:
    tokens = {a.token for a in state.view().legal}
    return tokens | {"decline"} if state.may_decline() else tokens


@dataclass(eq=False)
class Member:
    """One member playing their run through the stand-in."""

    sandbox: Sandbox
    bot: TappBot
    actor: Actor
    channel: Channel
    panel: Message | None = None
    answers: list[InteractionRecord] = field(default_factory=list)

    async def open(self) -> Message:
        """``/tapp daily play``: the member's panel (their run started or resumed)."""
        ix = await self.actor.slash(self.channel, "/tapp daily play")
        assert ix.response is not None and ix.response.ephemeral_to == self.actor.id, ix.errors
        self.answers.append(ix)
        self.panel = ix.response
        return ix.response

    @property
    def run_id(self) -> int:
        assert self.panel is not None
        return run_ids(self.panel)[0].run_id

    def stamp(self) -> int | None:
        assert self.panel is not None
        steps = {rid.step for rid in run_ids(self.panel) if rid.step is not None}
        assert len(steps) <= 1, steps
        return next(iter(steps), None)

    async def state(self) -> RunState:
        return await run_state(self.bot, self.run_id)

    def finished(self) -> bool:
        return self.panel is not None and self.stamp() is None

    async def step(self, policy: Policy = baseline) -> InteractionRecord:
        """One action on the panel: the one ``policy`` picks among exactly the legal ones."""
        assert self.panel is not None
        state = await self.state()
        assert self.stamp() == state.step
        assert offered(self.panel) == expected(state), (offered(self.panel), expected(state))
        ix = await self.use(self.panel, policy(state))
        assert not ix.errors and ix.response is not None, ix.errors
        assert ix.response.ephemeral_to == self.actor.id
        self.panel = ix.response
        return ix

    async def use(self, panel: Message, token: str, *, settle: bool = True
                  ) -> InteractionRecord:
        """Click the component of ``token`` on ``panel`` (a button, or a menu's values)."""
        self.answers.append(ix := await _use(self.actor, panel, token, settle))
        return ix

    async def play(self, policy: Policy = baseline, max_steps: int = 200) -> Message:
        """Play on to the end: the panel becomes the member's result."""
        if self.panel is None:
            await self.open()
        for _ in range(max_steps):
            if self.finished():
                assert self.panel is not None
                return self.panel
            await self.step(policy)
        raise AssertionError("the run did not end")


async def _use(actor: Actor, panel: Message, token: str, settle: bool) -> InteractionRecord:
    kind = token.split(":")[0]
    if kind == "discard":
        [menu] = [s for s in panel.selects() if s["custom_id"].endswith(":pick.discard")]
        return await actor.select(panel, token.split(":")[1].split("."),
                                  custom_id=menu["custom_id"], settle=settle)
    if kind == "call" and token != "call:-":
        name = token.split(":")[1]
        menu = next(s for s in panel.selects() if ":pick.call" in s["custom_id"]
                    and any(o["value"] == name for o in s["options"]))
        return await actor.select(panel, [name], custom_id=menu["custom_id"], settle=settle)
    button = next(b for b in panel.buttons() if b["custom_id"].endswith(":" + token))
    return await actor.click(panel, custom_id=button["custom_id"], settle=settle)


# -- what a member saw ----------------------------------------------------------------------
def seen_by(sandbox: Sandbox, channel: Channel, user_id: int) -> list[MessageVersion]:
    """Every version of every message of the channel that the member could see."""
    return [v for v in sandbox.message_history(channel, public=False)
            if v.ephemeral_to is None or v.ephemeral_to == user_id]


def texts(version: MessageVersion) -> Iterator[str]:
    """Everything a version shows in words: content, embeds (with footers), component
    labels, placeholders and options, and attachments' names and alt text."""
    yield version.content
    for embed in version.embeds:
        yield embed.get("title") or ""
        yield embed.get("description") or ""
        for f in embed.get("fields") or []:
            yield f.get("name") or ""
            yield f.get("value") or ""
        yield (embed.get("footer") or {}).get("text") or ""
    for component in walk_components(version.components):
        yield component.get("label") or ""
        yield component.get("placeholder") or ""
        for option in component.get("options") or []:
            yield option.get("label") or ""
            yield option.get("value") or ""
    for name, description in version.attachments:
        yield name
        yield description or ""


def cards_given_away(version: MessageVersion, cards: Collection[int] | None = None
                     ) -> list[str]:
    """Any of ``cards`` (None: any card) a version names in its text (in any deck's
    words), and any card in record notation in a component."""
    found = []
    named = cards_in_text("\n".join(texts(version)))
    if cards is not None:
        named &= set(cards)
    if named:
        found.append(f"cards {sorted(CARD_NAMES[c] for c in named)}")
    for component in walk_components(version.components):
        for value in (component.get("custom_id") or "",
                      *(o.get("value") or "" for o in component.get("options") or [])):
            if CARD_TOKEN.search(value):
                found.append(f"card in a component {value!r}")
    return found


RESULT_WORDS = re.compile(r"%|\bchips?\b|\bmarker\b|\bmark\b", re.IGNORECASE)


def spoilers(version: MessageVersion, cards: set[int]) -> list[str]:
    """What of the day's deal a version gives away: any of ``cards`` named (in any deck's
    words, or in record notation in a component), any image, any result (a percentage
    or chips)."""
    found = cards_given_away(version, cards)
    text = "\n".join(texts(version))
    if version.attachments:
        found.append(f"images {version.attachments}")
    if RESULT_WORDS.search(text):
        found.append(f"a result in {text!r}")
    return found
