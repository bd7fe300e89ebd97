"""Deal records (``docs/records.md``): reading, writing and replaying them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .actions import Action, ActionType
from .cards import CARD_NAMES, Card, deck_mask, iter_bits
from .errors import IllegalAction, InvalidRecord, Refusal
from .variants import Variant, make_variant
from .view import ResultStatus

if TYPE_CHECKING:
    from .deal import Deal

RECORD_KEYS = {"variant", "options", "dealer", "hands", "talon", "pot", "actions"}


class RecordActionError(IllegalAction):
    """An action of a record could not be applied; ``index`` counts from 0, ``why`` is
    the engine's message (``reason`` its :class:`Refusal`, where the engine refused)."""

    def __init__(self, index: int, seat: Any, action: str, why: str,
                 reason: Refusal = Refusal.NOT_ALLOWED) -> None:
        super().__init__(f"action {index} (seat {seat} {action}): {why}", reason)
        self.index = index
        self.why = why


def parse_cards(cards: Sequence[str]) -> list[int]:
    """Cards in record notation (``'AH'``) to card indices; raises InvalidRecord."""
    if isinstance(cards, str) or not isinstance(cards, Sequence):
        raise InvalidRecord(f"expected a list of cards, not {cards!r}")
    out = []
    for c in cards:
        try:
            out.append(int(Card.parse(c)))
        except ValueError:
            raise InvalidRecord(f"not a card: {c!r}") from None
    return out


def check_layout(v: Variant, dealer: Any, hands: list[list[int]], talon: list[int],
                 pot: Any) -> None:
    """The cards must form exactly the variant's deck, in the variant's hand sizes."""
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < v.players:
        raise InvalidRecord(f"dealer must be a seat 0..{v.players - 1}, not {dealer!r}")
    if len(hands) != v.players:
        raise InvalidRecord(f"{v.name} with {v.players} players needs {v.players} hands")
    for i, hand in enumerate(hands):
        if len(hand) != v.hand_size:
            raise InvalidRecord(f"hand {i} has {len(hand)} cards, not {v.hand_size}")
    if len(talon) != v.talon_size:
        raise InvalidRecord(f"the talon has {len(talon)} cards, not {v.talon_size}")
    seen = 0
    for c in [c for h in hands for c in h] + talon:
        if seen >> c & 1:
            raise InvalidRecord(f"card {CARD_NAMES[c]} is dealt twice")
        seen |= 1 << c
    deck = deck_mask(v.deck)
    if seen != deck:
        extra = seen & ~deck
        if extra:
            bad = CARD_NAMES[next(iter_bits(extra))]
            raise InvalidRecord(f"card {bad} is not in the {v.deck}-card deck")
        raise InvalidRecord("the hands and talon do not form the whole deck")
    if not isinstance(pot, int) or isinstance(pot, bool) or pot < 0:
        raise InvalidRecord(f"pot must be an integer >= 0, not {pot!r}")
    if pot and v.name != "tapp1879":
        raise InvalidRecord(f"a pot is kept only in tapp1879, not in {v.name}")


def deal_from_record(record: Any, *, stop_at: int | None = None) -> Deal:
    """Rebuild a deal from its record, applying every action (or the first ``stop_at``).

    Raises :class:`InvalidRecord` for a malformed record and :class:`RecordActionError`
    (an :class:`IllegalAction`) for an action that cannot be taken.
    """
    from .deal import Deal

    if not isinstance(record, dict):
        raise InvalidRecord("a record is a JSON object")
    unknown = sorted(set(record) - RECORD_KEYS)
    if unknown:
        raise InvalidRecord(f"unknown key {unknown[0]!r} in the record")
    for key in ("variant", "dealer", "hands", "talon"):
        if key not in record:
            raise InvalidRecord(f"the record lacks {key!r}")
    variant = record["variant"]
    if not isinstance(variant, str):
        raise InvalidRecord(f"unknown variant {variant!r}")
    options = record.get("options", {})
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise InvalidRecord("options must be an object")
    hands_raw = record["hands"]
    if not isinstance(hands_raw, list):
        raise InvalidRecord("hands must be a list of lists of cards")
    hands = [parse_cards(h) for h in hands_raw]
    talon = parse_cards(record["talon"])
    players = options.get("players", len(hands))
    v = make_variant(variant, players, options)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise InvalidRecord("actions must be a list")
    deal = Deal._start(v, record["dealer"], hands, talon, record.get("pot", 0))
    for i, entry in enumerate(actions if stop_at is None else actions[:stop_at]):
        try:
            seat, action = Action.from_record(entry)
        except InvalidRecord as exc:
            raise RecordActionError(i, _seat_of(entry), _describe_raw(entry), str(exc)) from None
        try:
            deal.apply(seat, action)
        except IllegalAction as exc:
            raise RecordActionError(i, seat, describe(action), str(exc), exc.reason) from None
    return deal


def _seat_of(entry: Any) -> Any:
    return entry.get("seat", "?") if isinstance(entry, dict) else "?"


def _describe_raw(entry: Any) -> str:
    if not isinstance(entry, dict):
        return "?"
    kind = entry.get("type", "?")
    for key in ("value", "card", "suit", "cards"):
        if key in entry:
            val = entry[key]
            return f"{kind} {' '.join(map(str, val)) if isinstance(val, list) else val}"
    return str(kind)


def describe(action: Action) -> str:
    """``play QS``, ``bid solo``, ``discard 6H AS``, ``call -``, ``kontra``."""
    if action.type is ActionType.DISCARD and action.cards is not None:
        return "discard " + " ".join(CARD_NAMES[c] for c in iter_bits(action.cards))
    if action.type is ActionType.CALL and action.card is None:
        return "call null"
    arg = action.argument
    return action.type.value if arg is None else f"{action.type.value} {arg}"


def deal_to_record(deal: Deal) -> dict[str, Any]:
    """The record of a deal as dealt, with every action so far."""
    opts = dict(deal.v.options)
    record: dict[str, Any] = {
        "variant": deal.v.name,
        "options": opts,
        "dealer": deal.dealer,
        "hands": [[CARD_NAMES[c] for c in iter_bits(h)] for h in deal.dealt],
        "talon": [CARD_NAMES[c] for c in iter_bits(deal.dealt_talon)],
        "actions": [entry_to_record(seat, a) for seat, a in deal.log],
    }
    if deal.v.name == "tapp1879":
        record["pot"] = deal.pot_before
    return record


def entry_to_record(seat: int, action: Action | int) -> dict[str, Any]:
    if isinstance(action, int):  # plays are logged as bare card indices
        return {"seat": seat, "type": "play", "card": CARD_NAMES[action]}
    return action.to_record(seat)


def legal_listing(deal: Deal) -> list[dict[str, Any]]:
    """Every legal action now, sorted by seat, type, then argument as text."""
    out = []
    for seat in deal.to_act():
        for a in deal.legal_actions(seat):
            out.append(a.to_record(seat))

    def key(entry: dict[str, Any]) -> tuple[int, str, int, str]:
        arg = entry.get("value", entry.get("card", entry.get("suit", entry.get("count", ""))))
        return (entry["seat"], entry["type"], 0 if arg is None else 1, str(arg))

    out.sort(key=key)
    return out


def replay(record: Any) -> dict[str, Any]:
    """The output object of ``python -m bot replay`` for a record."""
    deal = deal_from_record(record)
    out = deal.status().to_json()
    if out["status"] == ResultStatus.INCOMPLETE:
        out["to_act"] = list(deal.to_act())
        out["legal"] = legal_listing(deal)
    return out
