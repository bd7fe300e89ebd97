"""Random legal play through the engine's own rules code (benchmarks and property tests;
the hosting bot does not run it: computer players use ``bot/ai/rollout.py``). Draws from
:meth:`Deal.legal_actions` and takes the draw with :meth:`Deal.apply_unchecked`, and in
trick play draws from :meth:`Deal.legal_play_mask` for :meth:`Deal.play_unchecked`: the
very code ``apply`` runs after its check. :func:`play_out` makes the same draws with
less work: the auction's bids straight from the variant (a contest auction with one
lookup of the speaker's words per bid), the first trick's plays and announcements from
the legal mask and :meth:`Variant.announcers`, and the tricks after it with their state
in local variables (``tests/engine/test_fast_path.py`` compares it with the plain way).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .actions import Action, ActionType
from .cards import _CHUNK_POINTS, CARDS, SUIT_MASKS, SUIT_OF, iter_bits
from .deal import Deal
from .legal import SEATS_OF
from .variants.contest import ContestVariant, advance, spoken
from .view import Phase, TrickView

_PLAY, _AUCTION, _DECLARE, _FINISHED = Phase.PLAY, Phase.AUCTION, Phase.DECLARE, Phase.FINISHED
_DISCARD = ActionType.DISCARD
_KONTRA, _REKONTRA = Action.kontra(), Action.rekontra()
_new_tuple = tuple.__new__
_SUIT_MASK_OF = tuple(SUIT_MASKS[SUIT_OF[c]] for c in range(36))
#: the seat after each seat, by the number of players
_NEXT_SEAT = {n: (*range(1, n), 0) for n in range(1, 8)}


def random_bit(mask: int, rng: random.Random) -> int:
    """A uniformly random card index from a non-empty mask."""
    k = int(rng.random() * mask.bit_count())
    while k:
        mask &= mask - 1
        k -= 1
    return (mask & -mask).bit_length() - 1


def random_action(deal: Deal, rng: random.Random) -> tuple[int, Action]:
    """A random legal (seat, action) among all seats that may act (kontra included)."""
    seats = deal.to_act()
    seat = seats[int(rng.random() * len(seats))]
    actions = deal.legal_actions(seat)
    action = actions[int(rng.random() * len(actions))]
    if action.type is ActionType.DISCARD:
        hand = list(iter_bits(deal.hands[seat]))
        action = Action.discard(rng.sample(hand, action.count or 0))
    return seat, action


def play_out(deal: Deal, rng: random.Random) -> Deal:
    """Finish ``deal`` with random legal actions; returns it. Every choice is drawn as
    :func:`random_action` and :func:`random_bit` draw it (the same calls on ``rng``).
    (Once the first trick is complete nobody may announce anything, so only plays
    remain.)"""
    rand = rng.random
    v = deal.v
    has_kontra = v.has_kontra
    contest = v if isinstance(v, ContestVariant) else None
    to_act, legal_actions, apply = deal.to_act, deal.legal_actions, deal.apply_unchecked
    auction_turn, auction_legal, auction_apply = v.auction_turn, v.auction_legal, v.auction_apply
    while True:
        ph = deal.phase
        if ph is _FINISHED:
            return deal
        if ph is _PLAY:
            if not deal.tricks and has_kontra:
                _first_trick(deal, rand)
            break
        if (ph is _AUCTION or ph is _DECLARE) and deal.contract is None:
            if contest is not None:
                _contest_auction(deal, contest, rand)
                continue
            # the auction: to_act() is the speaker alone (the draw among one seat is
            # still made) and legal_actions(seat) their bids
            seat = auction_turn(deal)
            rand()
            actions = auction_legal(deal, seat)
            action = actions[int(rand() * len(actions))]
            entry = (seat, action)  # apply_unchecked(seat, action) of a bid, inline
            deal.log.append(entry)
            deal.bids.append(entry)
            auction_apply(deal, seat, action)
            continue
        seats = to_act()
        seat = seats[int(rand() * len(seats))]
        actions = legal_actions(seat)
        action = actions[int(rand() * len(actions))]
        if action.type is _DISCARD:
            hand = list(iter_bits(deal.hands[seat]))
            action = Action.discard(rng.sample(hand, action.count or 0))
        apply(seat, action)
    _play_to_end(deal, rand)
    return deal


def _contest_auction(deal: Deal, v: ContestVariant, rand: Callable[[], float]) -> None:
    """A contest auction to its end, drawn as the plain loop draws bids (a draw among
    the one speaker, then one among :meth:`ContestVariant.auction_legal`) and taken as
    ``auction_apply`` takes them, with one :func:`spoken` per bid: the drawn word's level
    is read from the same entry instead of looked up again."""
    state = deal.auction
    words, order = v.words, state.order
    log, bids = deal.log, deal.bids
    while True:
        challenger = state.challenger  # auction_turn(), inline
        if challenger is None:
            seat = order[state.idx]
        else:
            seat = state.holder if state.holder_to_answer else challenger
        rand()
        said = spoken(state, words)
        i = int(rand() * len(said.actions))
        entry = (seat, said.actions[i])
        log.append(entry)
        bids.append(entry)
        word, level = said.bids[i]
        advance(state, word, level)
        if state.challenger is None and state.idx >= len(order):  # state.done
            v.auction_over(deal, state.holder, state.level)
            return


def _first_trick(deal: Deal, rand: Callable[[], float]) -> None:
    """The first trick while kontra may still come, drawn as :func:`random_action`
    draws: to_act() is the seat to play and those that may announce, and
    legal_actions(seat) the cards of the seat's mask, low to high, then its announcement
    (as kontra_actions). Plays go as :meth:`Deal.play_unchecked` makes them, inline but
    for the trick's last card; who may announce changes only with an announcement or the
    trick's first card, so :meth:`Variant.announcers` is asked again only then."""
    v = deal.v
    hands, log, trick, n = deal.hands, deal.log, deal.trick, deal.n
    trump_mask = deal.trump_mask
    after = _NEXT_SEAT[n]
    kontra, rekontra = v.announcers(deal)
    while True:
        turn = deal.turn
        either = kontra | rekontra
        seats = SEATS_OF[either | 1 << turn]
        seat = seats[int(rand() * len(seats))]
        hand = hands[turn]
        if seat != turn:
            mask = 0
        elif trick:  # legal_play_mask(), inline
            mask = hand & deal.led_mask or hand & trump_mask or hand
        else:
            mask = hand
        count = mask.bit_count()
        k = int(rand() * (count + (either >> seat & 1)))
        if k >= count:
            deal.apply_unchecked(seat, _KONTRA if kontra >> seat & 1 else _REKONTRA)
            kontra, rekontra = v.announcers(deal)
            continue
        while k:
            mask &= mask - 1
            k -= 1
        bit = mask & -mask
        card = bit.bit_length() - 1
        if len(trick) == n - 1:  # the trick's last card: play_unchecked completes it
            deal.play_unchecked(card)
            return
        hands[turn] = hand ^ bit  # play_unchecked(card), inline
        log.append((turn, card))
        trick.append(CARDS[card])
        if len(trick) == 1:
            deal.led_mask = _SUIT_MASK_OF[card]
            deal.trick_mask = bit
            kontra, rekontra = v.announcers(deal)
        else:
            deal.trick_mask |= bit
        deal.turn = after[turn]


def _play_to_end(deal: Deal, rand: Callable[[], float]) -> None:
    """Random trick play to the end of the deal: :meth:`Deal.legal_play_mask` and a
    :func:`random_bit` draw, then :meth:`Deal.play_unchecked`, card after card, with the
    deal's trick state held in local variables; the deal ends as those calls leave it."""
    if deal.phase is not _PLAY:
        return
    hands, log, tricks = deal.hands, deal.log, deal.tricks
    points, tricks_won = deal.points, deal.tricks_won
    n, trump_mask, declarer = deal.n, deal.trump_mask, deal.declarer
    win_all = declarer is not None and deal.must_win_all
    lose_all = declarer is not None and deal.must_lose_all
    seat, leader, trick = deal.turn, deal.leader, deal.trick
    trick_mask, led_mask = deal.trick_mask, deal.led_mask
    p = _CHUNK_POINTS
    after = _NEXT_SEAT[n]
    while True:
        if not trick:  # the lead: any card of the hand
            hand = hands[seat]
            mask = hand
            k = int(rand() * mask.bit_count())  # random_bit, inline
            while k:
                mask &= mask - 1
                k -= 1
            bit = mask & -mask
            card = bit.bit_length() - 1
            hands[seat] = hand ^ bit  # play_unchecked(card), inline
            log.append((seat, card))
            trick = [CARDS[card]]
            led_mask = _SUIT_MASK_OF[card]
            trick_mask = bit
            seat = after[seat]
        for _ in range(n - len(trick)):  # the others follow suit, else trump, else any
            hand = hands[seat]
            mask = hand & led_mask or hand & trump_mask or hand
            k = int(rand() * mask.bit_count())
            while k:
                mask &= mask - 1
                k -= 1
            bit = mask & -mask
            card = bit.bit_length() - 1
            hands[seat] = hand ^ bit
            log.append((seat, card))
            trick.append(CARDS[card])
            trick_mask |= bit
            seat = after[seat]
        w = trick_mask & trump_mask or trick_mask & led_mask
        winner = (leader + trick.index(CARDS[w.bit_length() - 1])) % n
        tm = trick_mask
        points[winner] += p[tm & 0x1FF] + p[tm >> 9 & 0x1FF] + p[tm >> 18 & 0x1FF] + p[tm >> 27]
        tricks_won[winner] += 1
        tricks.append(_new_tuple(TrickView, (leader, tuple(trick), winner)))
        trick = []
        leader = seat = winner
        if not hands[winner] or (win_all and winner != declarer) or (
                lose_all and winner == declarer):
            break
    deal.trick, deal.leader, deal.turn = trick, leader, seat
    deal.trick_mask, deal.led_mask = trick_mask, led_mask
    deal._finish()
