"""A member's private panel in ``python -m bot demo``: their run of a deal (the deal of
the day's or a series', alone against computer players) played click by click."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, Protocol

from bot.ai import make_player
from bot.daily.run import RunState
from bot.engine import Action, ActionType
from standin import Actor, Message

Note = Callable[[str], None]


class RunKey(Protocol):
    """A run's component id (the deal of the day's or a series')."""

    @property
    def run_id(self) -> int: ...

    @property
    def token(self) -> str: ...

    @property
    def pick_kind(self) -> str | None: ...


def choose(state: RunState, rng: random.Random, *, careless: bool) -> str:
    """The member's action at the run's step: ``careless``, any legal one (but a
    discard); else the baseline player's."""
    legal = state.view().legal
    if state.may_decline():
        return "decline"
    if careless and all(a.type is not ActionType.DISCARD for a in legal):
        return rng.choice(legal).token
    return make_player("easy", random.Random(rng.getrandbits(32))).choose(state.view()).token


async def play_panel(actor: Actor, panel: Message,
                     components: Callable[[Message], Sequence[tuple[RunKey, dict[str, Any]]]],
                     state_of: Callable[[int], Awaitable[RunState]], rng: random.Random,
                     note: Note, capture: Callable[[], None], *, careless: bool,
                     what: str) -> None:
    """The member plays the run on ``panel`` to its end (``what``: the deal, for the
    error if it does not end)."""
    for _ in range(200):
        found = components(panel)
        if not found:
            return
        state = await state_of(found[0][0].run_id)
        panel = await take(actor, panel, choose(state, rng, careless=careless), found, note)
        capture()
    raise RuntimeError(f"the demo's {what} did not end")


async def take(actor: Actor, panel: Message, token: str,
               components: Sequence[tuple[RunKey, dict[str, Any]]], note: Note) -> Message:
    """Click the component of ``token`` on a private panel (a button, or a menu's values;
    the deal of the day's and a series' alike)."""
    action = None if token == "decline" else Action.parse(token)
    if action is not None and action.type is ActionType.DISCARD:
        [(_, menu)] = [(r, c) for r, c in components if r.pick_kind == "discard"]
        values = (action.argument or "").split(".")
        note(f"\n{actor.name} picks {' '.join(values)} in the menu")
        ix = await actor.select(panel, values, custom_id=menu["custom_id"])
    elif action is not None and action.type is ActionType.CALL and action.card is not None:
        name = action.argument or ""
        menu = next(c for r, c in components if r.pick_kind == "call"
                    and any(o["value"] == name for o in c.get("options", [])))
        note(f"\n{actor.name} calls {name} in the menu")
        ix = await actor.select(panel, [name], custom_id=menu["custom_id"])
    else:
        button = next(c for r, c in components if r.token == token)
        note(f"\n{actor.name} clicks [{button.get('label')}]")
        ix = await actor.click(panel, custom_id=button["custom_id"])
    assert ix.response is not None, ix.errors
    return ix.response
