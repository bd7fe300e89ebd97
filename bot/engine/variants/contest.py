"""The auction of ``tapp1879`` and ``dapp``: one pass round the table, forehand first and
the dealer last, interrupted by contests between the holder and a challenger.

The variant supplies the words (and the level each word stands for) a speaker may say;
this module keeps the order: who speaks, who holds, and when the auction ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from ..actions import Action
from ..errors import IllegalAction
from .base import Variant, bid_actions

if TYPE_CHECKING:
    from ..deal import Deal

PASS = "pass"

#: a word and the level it stands for
Bids = list[tuple[str, int]]


@dataclass(slots=True)
class ContestState:
    order: tuple[int, ...]  # forehand .. dealer
    idx: int = 0  # position in ``order`` of the next normal speaker
    holder: int | None = None
    level: int = 0  # the standing level (0: no bid)
    challenger: int | None = None  # set while a contest runs
    holder_to_answer: bool = False

    def copy(self) -> ContestState:
        return ContestState(self.order, self.idx, self.holder, self.level, self.challenger,
                            self.holder_to_answer)

    @property
    def done(self) -> bool:
        return self.challenger is None and self.idx >= len(self.order)

    def turn(self) -> int:
        if self.challenger is not None:
            assert self.holder is not None
            return self.holder if self.holder_to_answer else self.challenger
        return self.order[self.idx]


class Spoken(NamedTuple):
    """What the speaker may say in one situation, worked out once (see :func:`spoken`)."""

    bids: tuple[tuple[str, int], ...]  # ``pass`` first
    levels: dict[str, int]  # word -> level
    actions: tuple[Action, ...]  # the bids as actions, in the same order


class ContestWords:
    """What may be said; a variant overrides these with its own words and levels.

    The four methods must depend on ``level`` alone: :func:`spoken` keeps their answers.
    """

    _spoken: dict[int, Spoken]

    def opening(self) -> Bids:
        """No bid stands yet."""
        raise NotImplementedError

    def challenge(self, level: int) -> Bids:
        """A normal speaker against a standing bid (opens a contest)."""
        raise NotImplementedError

    def holder_answer(self, level: int) -> Bids:
        """The holder answering a challenge (incl. holding at the same level)."""
        raise NotImplementedError

    def challenger_answer(self, level: int) -> Bids:
        """The challenger after the holder held or raised."""
        raise NotImplementedError


def _words_now(state: ContestState, words: ContestWords) -> Bids:
    if state.challenger is not None:
        bids = (words.holder_answer(state.level) if state.holder_to_answer
                else words.challenger_answer(state.level))
    elif state.holder is None:
        bids = words.opening()
    else:
        bids = words.challenge(state.level)
    return [(PASS, state.level), *bids]


def spoken(state: ContestState, words: ContestWords) -> Spoken:
    """What the speaker may say now. The answer depends only on the kind of speaker
    (opening, challenging, holder or challenger answering) and the standing level, so it
    is worked out once per ``words`` and kind and level, and shared."""
    # the kind of speaker and the level, as one int: a tuple costs an allocation
    if state.challenger is not None:
        key = (1 if state.holder_to_answer else 2) << 16 | state.level
    else:
        key = (0 if state.holder is None else 3) << 16 | state.level
    try:
        return words._spoken[key]
    except AttributeError:
        words._spoken = {}
    except KeyError:
        pass
    bids = _words_now(state, words)
    entry = Spoken(tuple(bids), dict(bids), tuple(bid_actions([w for w, _ in bids])))
    words._spoken[key] = entry
    return entry


def say(state: ContestState, words: ContestWords, word: str) -> bool:
    """Apply ``word`` for the speaker now; False (and nothing changed) if it is not
    legal."""
    level = spoken(state, words).levels.get(word)
    if level is None:
        return False
    advance(state, word, level)
    return True


def advance(state: ContestState, word: str, level: int) -> None:
    """Apply ``word``, legal for the speaker now and standing for ``level`` (as
    :func:`spoken` pairs them), without checking it."""
    if state.challenger is not None:
        if word == PASS:
            if state.holder_to_answer:
                state.holder = state.challenger  # the challenger holds at its bid
            state.challenger = None
            state.idx += 1
        else:
            state.level = level
            state.holder_to_answer = not state.holder_to_answer
        return
    if word == PASS:
        state.idx += 1
    elif state.holder is None:
        state.holder, state.level = state.order[state.idx], level  # the speaker: turn()
        state.idx += 1
    else:
        state.challenger, state.level = state.order[state.idx], level
        state.holder_to_answer = True


class ContestVariant(Variant):
    """A variant bid by contests; it supplies :attr:`words` and :meth:`auction_over`."""

    words: ContestWords
    auction_form = "contest"

    def start(self, deal: Deal) -> None:
        deal.auction = ContestState(_ORDERS[deal.n][deal.forehand])

    def auction_turn(self, deal: Deal) -> int:
        state: ContestState = deal.auction  # state.turn(), inline
        if state.challenger is None:
            return state.order[state.idx]
        assert state.holder is not None
        return state.holder if state.holder_to_answer else state.challenger

    def auction_legal(self, deal: Deal, seat: int) -> list[Action]:
        return list(spoken(deal.auction, self.words).actions)

    def auction_apply(self, deal: Deal, seat: int, action: Action) -> None:
        state: ContestState = deal.auction
        if not say(state, self.words, action.value or ""):
            raise IllegalAction(self.auction_refusal(deal, seat, action))
        if state.challenger is None and state.idx >= len(state.order):  # state.done
            self.auction_over(deal, state.holder, state.level)

    def auction_over(self, deal: Deal, holder: int | None, level: int) -> None:
        """The dealer has spoken and no contest runs: fix the contract (or not)."""
        raise NotImplementedError

    def level_contracts(self, level: int) -> tuple[str, ...]:
        """The contracts a declarer whose final bid stands at ``level`` may play."""
        raise NotImplementedError

    def bid_contracts(self, forehand: int, bids: Sequence[Action], word: str
                      ) -> tuple[str, ...]:
        state = ContestState(_ORDERS[self.players][forehand])
        for action in bids:
            if not say(state, self.words, action.value or ""):
                raise IllegalAction("not a legal auction")
        level = spoken(state, self.words).levels.get(word)
        if word == PASS or level is None:
            return ()
        return self.level_contracts(level)


#: speaking order forehand .. dealer, by players and forehand
_ORDERS = {n: tuple(tuple((f + i) % n for i in range(n)) for f in range(n)) for n in range(1, 8)}
