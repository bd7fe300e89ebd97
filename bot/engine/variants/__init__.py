"""The four variants. ``make_variant(name, players, options)`` validates the options."""

from __future__ import annotations

from typing import Any

from ..actions import Action
from ..errors import InvalidRecord
from .base import Aim, ContractFacts, Score, Variant
from .dapp import Dapp
from .tapp1879 import Tapp1879
from .wuerttemberg import Wuerttemberg
from .zuger import Zuger

VARIANTS: dict[str, type[Variant]] = {
    cls.name: cls for cls in (Zuger, Tapp1879, Dapp, Wuerttemberg)
}


def rules_of(name: str) -> type[Variant]:
    """The rules of the variant ``name``: its facts (``keeps_pot``, ``home_deck``, ...)
    and hooks, for the bot, the renderer and computer players to ask instead of
    comparing variant names."""
    cls = VARIANTS.get(name)
    if cls is None:
        raise InvalidRecord(f"unknown variant {name!r} (one of: {', '.join(VARIANTS)})")
    return cls


def is_pass(variant: str, action: Action) -> bool:
    """Whether ``action`` is the auction's word for passing in ``variant`` (it says
    nothing: a member who only passed was not outranked)."""
    return action.value is not None and action.value == rules_of(variant).pass_word


def player_counts() -> tuple[int, ...]:
    """Every number of players some variant is played by."""
    return tuple(sorted({n for cls in VARIANTS.values() for n in cls.player_counts}))


def option_choices(key: str) -> tuple[int, ...]:
    """The values the option ``key`` may take in the variants that have it (in the
    order the first of them gives, its default first)."""
    out: list[int] = []
    for cls in VARIANTS.values():
        allowed = cls.option_choices.get(key, ())
        default = cls.option_defaults.get(key)
        for value in sorted(allowed, key=lambda v: v != default):
            if value not in out:
                out.append(value)
    return tuple(out)


def make_variant(name: str, players: int | None = None,
                 options: dict[str, Any] | None = None) -> Variant:
    return rules_of(name)(players, dict(options or {}))


#: variants are stateless, so ``Deal.new(name, ...)`` shares one per name, players and
#: options (keyed by the options' types too: ``True`` must not stand for ``1``)
_CACHE: dict[tuple[Any, ...], Variant] = {}


def cached_variant(name: str, players: int | None, options: dict[str, Any]) -> Variant:
    try:
        key = (name, type(players), players,
               tuple(sorted((k, type(x), x) for k, x in options.items())) if options else ())
        v = _CACHE.get(key)
    except TypeError:  # an unhashable option value: make_variant will judge it
        return make_variant(name, players, options)
    if v is None:
        v = make_variant(name, players, options)
        if len(_CACHE) < 64:
            _CACHE[key] = v
    return v


__all__ = ["VARIANTS", "Aim", "ContractFacts", "Score", "Variant", "cached_variant",
           "make_variant", "option_choices", "player_counts", "rules_of"]
