"""Test instrumentation of the real store: run a hook right after each action the store
commits (a bot stopped, killed or slowed exactly there). The store and the bot are the
real ones; only the moment is the test's."""

from __future__ import annotations

import contextlib
import inspect
from collections.abc import Awaitable, Callable, Iterator
from typing import Any

from bot.store import Store

#: called with the deal and the action's ply once the action is committed
Hook = Callable[[int, int], Awaitable[None] | None]


@contextlib.contextmanager
def after_each_action(store: Store, hook: Hook) -> Iterator[None]:
    """While the block runs, ``hook(deal_id, ply)`` is called (and awaited, if it returns
    an awaitable) after each ``store.deals.append_action`` commits."""
    remove = install(store, hook)
    try:
        yield
    finally:
        remove()


def install(store: Store, hook: Hook) -> Callable[[], None]:
    """Call ``hook`` after each committed action from now on; returns its removal."""
    deals = store.deals
    original = deals.append_action

    async def append_action(deal_id: int, ply: int, *args: Any, **kwargs: Any) -> Any:
        result = await original(deal_id, ply, *args, **kwargs)
        waiting = hook(deal_id, ply)
        if inspect.isawaitable(waiting):
            await waiting
        return result

    deals.append_action = append_action  # type: ignore[method-assign]

    def remove() -> None:
        del deals.append_action  # type: ignore[method-assign]

    return remove


def opening_with_hook(hook: Hook) -> Callable[[Any], Awaitable[Store]]:
    """A bot's store factory: the store it would open, with ``hook`` after each action."""
    from bot.connection.client import open_store

    async def factory(settings: Any) -> Store:
        store = await open_store(settings)
        install(store, hook)  # for the store's whole life
        return store

    return factory
