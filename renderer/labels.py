"""Every word the renderer draws, in one mapping a caller (or a later catalogue) can replace.

Keys are flat strings; values may hold ``str.format`` fields. :class:`Labels` merges a
caller's overrides over :data:`DEFAULT_LABELS` and never fails on a missing key (it
falls back to a readable form of the key), so a partial catalogue is safe.

A label that counts takes the count as ``n``; its form for one is the key with ``.1``
appended (``tricks_won.1``), picked when ``n`` is 1 or −1, as in :mod:`bot.i18n`.
The result's words never repeat its header: the header names the contract, so the
outcome says only who won, lost or pays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

DEFAULT_LABELS: Final[Mapping[str, str]] = {
    # seats and roles
    "seat": "Seat {n}",
    "dealer_mark": "D",
    "declarer": "Declarer",
    "to_act": "to act",
    "your_turn": "Your turn",
    "waiting_for": "Waiting for {name}",
    "tricks_won": "{n} tricks",
    "tricks_won.1": "1 trick",
    "cards_left": "{n} cards",
    "cards_left.1": "1 card",
    "chips": "{n}",
    # the deal
    "trump": "Trump",
    "no_trump": "No trump",
    "pot": "Pot {n}",
    "called": "Called",
    "called_in_talon": "in the talon",
    "talon": "Talon",
    "discards": "Discarded",
    "trick_n": "Trick {n}/{total}",
    "last_trick": "Last trick",
    "led": "led",
    "wins": "wins",
    "open_hand": "open",
    "no_contract": "Bidding",
    "discard_n": "Discard {n} cards",
    "discard_n.1": "Discard 1 card",
    "give_card": "Give a card",
    "call_card": "Call a card",
    "choose_trump": "Choose trump",
    "play_card": "Play a card",
    # phases
    "phase.auction": "Bidding",
    "phase.declare": "Declaring",
    "phase.contract": "Choosing the game",
    "phase.discard": "Discarding",
    "phase.trump": "Choosing trump",
    "phase.call": "Calling a card",
    "phase.give": "Exchange",
    "phase.announce": "Announcing",
    "phase.play": "Playing",
    "phase.finished": "Finished",
    # bids as shown beside a seat during the auction (others: the contract's name)
    "bid.pass": "pass",
    "bid.weg": "pass",
    "bid.play": "I play",
    "bid.spiele": "I play",
    "bid.self": "myself",
    "bid.hold": "hold",
    # announcements and multipliers
    "kontra": "Kontra",
    "rekontra": "Rekontra",
    "tout": "Tout",
    "mult.kontra": "Kontra",
    "mult.rekontra": "Rekontra",
    "mult.schneider": "Schneider",
    "mult.no_trick": "Schwarz",
    "mult.jungfrau": "Jungfrau",
    "mult.wuerttemberg.jungfrau": "Jungfer",
    "mult.closing": "Closing round",
    # results
    "result.won": "{name} wins",
    "result.lost": "{name} loses",
    "result.draw": "Draw: nobody pays",
    "result.ramsch": "{name} pays",
    "result.thrown_in": "All passed: thrown in",
    "result.incomplete": "Deal abandoned",
    "short.thrown_in": "Thrown in",
    "short.incomplete": "Abandoned",
    "col.seat": "Player",
    "col.tricks": "Tricks",
    "col.points": "Points",
    "col.chips": "Chips",
    "declarer_points": "Declarer {n} points",
    "multipliers": "×{n}",
    # chart
    "chart.title": "Chip history",
    "chart.empty": "No deals yet",
    "chart.rating": "Rating (mu ± 2σ)",
    # variants
    "variant.zuger": "Zuger Tapp",
    "variant.tapp1879": "Tapp 1879",
    "variant.dapp": "Dapp",
    "variant.wuerttemberg": "Württemberg Tapp",
    # contracts: the game's own words (variant-specific keys first)
    "contract.tapp": "Tapp",
    "contract.solo": "Solo",
    "contract.super": "Super",
    "contract.vice": "Vice",
    "contract.coeurfrage": "Coeurfrage",
    "contract.coeursolo": "Coeursolo",
    "contract.ramsch": "Ramsch",
    "contract.normal": "Normales Spiel",
    "contract.herz": "Herz-Spiel",
    "contract.farbe": "Farbspiel",
    "contract.wuerttemberg.herz": "Farbspiel Herz",
    "contract.rufer": "Rufer",
    "contract.rufer_herz": "Rufer Herz",
    "contract.bettel": "Bettel",
    "contract.bettel_ouvert": "Bettel ouvert",
    "contract.durch": "Durch",
    "contract.durch_herz": "Durch Herz",
    "contract.herz_aufnehmen": "Herz aufnehmen",
    # rank indices on the cards, low to high (6 7 8 9 J Q K T A), per deck style;
    # absent: the deck's own (french: J Q K, german and swiss: U O K)
    # "index.french": "6 7 8 9 B D K 10 A",
    # card names for image descriptions (alt text); per deck style where they differ
    "card": "{rank} of {suit}",
    "rank.6": "Six", "rank.7": "Seven", "rank.8": "Eight", "rank.9": "Nine",
    "rank.J": "Jack", "rank.Q": "Queen", "rank.K": "King", "rank.T": "Ten", "rank.A": "Ace",
    "rank.german.J": "Unter", "rank.german.Q": "Ober",
    "rank.swiss.J": "Under", "rank.swiss.Q": "Ober", "rank.swiss.T": "Banner",
    "suit.french.C": "Clubs", "suit.french.S": "Spades",
    "suit.french.H": "Hearts", "suit.french.D": "Diamonds",
    "suit.german.C": "Acorns", "suit.german.S": "Leaves",
    "suit.german.H": "Hearts", "suit.german.D": "Bells",
    "suit.swiss.C": "Acorns", "suit.swiss.S": "Shields",
    "suit.swiss.H": "Roses", "suit.swiss.D": "Bells",
    # image descriptions
    "alt.hand": "Hand: {cards}",
    "alt.playable": "playable: {cards}",
    "alt.all_playable": "all playable",
    "alt.trick": "Trick: {plays}",
    "alt.play": "{name}: {card}",
    "alt.table": "Table: {summary}",
    "alt.result": "Result: {summary}",
    "alt.chart": "Chip history of {names}",
    "alt.rating": "Rating over time in {variants}",
    # file names of the images, without the extension (lowercase ASCII letters, digits
    # and dashes): Discord shows them with a download; "hands" and "auction" name a
    # replay's result with every hand and its table as the auction ended
    "file.hand": "hand",
    "file.table": "table",
    "file.trick": "trick",
    "file.result": "result",
    "file.chart": "chart",
    "file.hands": "hands",
    "file.auction": "auction",
}


class Labels:
    """Read-only lookup over :data:`DEFAULT_LABELS` plus optional overrides."""

    __slots__ = ("_map",)

    def __init__(self, overrides: Mapping[str, str] | None = None) -> None:
        self._map: dict[str, str] = dict(DEFAULT_LABELS)
        if overrides:
            self._map.update(overrides)

    def __call__(self, key: str, **fields: object) -> str:
        """The text for ``key`` formatted with ``fields``; never raises on a missing key."""
        count = fields.get("n")
        if isinstance(count, int) and not isinstance(count, bool) and abs(count) == 1:
            key = key + ".1" if key + ".1" in self._map else key
        text = self._map.get(key)
        if text is None:
            text = key.rsplit(".", 1)[-1].replace("_", " ").capitalize()
        if fields:
            try:
                return text.format(**fields)
            except (KeyError, IndexError, ValueError):
                return text
        return text

    def get(self, key: str) -> str | None:
        return self._map.get(key)

    def contract(self, variant: str, contract: str | None) -> str:
        """A contract's name in the game's words (variant-specific key first)."""
        if contract is None:
            return self("no_contract")
        return (self._map.get(f"contract.{variant}.{contract}")
                or self._map.get(f"contract.{contract}")
                or contract.replace("_", " ").capitalize())

    def bid(self, variant: str, value: str | None) -> str:
        """A bid or declaration word (``pass``, ``hold``, or a contract's name)."""
        if value is None:
            return ""
        return self._map.get(f"bid.{value}") or self.contract(variant, value)

    def headline(self, variant: str, contract: str | None,
                 announcements: tuple[str, ...] = ()) -> str:
        """The contract with its announcements: ``Solo · Tout``."""
        words = [self.contract(variant, contract)]
        words += [self(a) for a in announcements]
        return " · ".join(words)

    def indices(self, style: str) -> tuple[str, ...] | None:
        """Rank indices for ``style`` from ``index.<style>`` (nine words), if given."""
        words = (self._map.get(f"index.{style}") or "").split()
        return tuple(w[:3] for w in words) if len(words) == 9 else None

    def multiplier(self, variant: str, word: str) -> str:
        return (self._map.get(f"mult.{variant}.{word}") or self._map.get(f"mult.{word}")
                or word.replace("_", " ").capitalize())

    def variant(self, variant: str) -> str:
        return self._map.get(f"variant.{variant}") or variant.capitalize()

    def seat(self, seat: int) -> str:
        return self("seat", n=seat + 1)


def as_labels(labels: Labels | Mapping[str, str] | None) -> Labels:
    """Accept a :class:`Labels`, a plain mapping of overrides, or ``None``."""
    if isinstance(labels, Labels):
        return labels
    return Labels(labels)
