"""A finished deal shown in full: images and the steps before play (blocking work).

:func:`render_replay` rebuilds the deal from its record with the engine and draws, from
the public view of the finished deal (everything may be shown once it is over): the
result with every hand as dealt and the talon, the table as the auction ended (last
bids beside the seats), and every trick. Run it with ``asyncio.to_thread``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from bot.engine import Action, ActionType, Deal, Phase, SeatView, TappError, deal_from_record
from bot.engine.cards import SUITS, iter_bits
from bot.i18n import DEFAULT, strings, t
from bot.usertext import Where, safe
from renderer import DeckStyle, Labels, RenderedImage, render_result, render_table, render_trick
from renderer.describe import card_name

from .errors import BrokenRecord
from .models import DealReplay
from .words import mention

AUCTION = frozenset({ActionType.BID, ActionType.DECLARE, ActionType.CONTRACT})


@dataclass(frozen=True, slots=True)
class Picture:
    """An image with the file name it is sent under."""

    filename: str
    image: RenderedImage


@dataclass(frozen=True, slots=True)
class ReplayImages:
    overview: tuple[Picture, ...]  # the hands as dealt with the result; the auction's end
    tricks: tuple[Picture, ...]  # one per trick, in order


def auction_end(record: dict[str, object]) -> int:
    """The number of actions up to and including the last bid or declaration."""
    actions = record.get("actions")
    end = 0
    for i, entry in enumerate(actions if isinstance(actions, list) else []):
        if Action.from_record(entry)[1].type in AUCTION:
            end = i + 1
    return end


def auction_view(deal: Deal) -> SeatView:
    """The public view just after the last bid, drawn as the auction: each seat shows its
    last bid and the centre the highest bid and its holder (the contract and declarer
    that follow are left out, and nobody is marked to act)."""
    return dataclasses.replace(deal.public_view(), phase=Phase.AUCTION, contract=None,
                               declarer=None, to_act=(), actor=None)


def _file(replay: DealReplay, name: str, image: RenderedImage) -> Picture:
    ext = image.filename.rsplit(".", 1)[-1]
    return Picture(f"deal-{replay.deal_id}-{name}.{ext}", image)


def render_replay(replay: DealReplay, labels: Labels | None = None) -> ReplayImages:
    """Every image of the replay, in the words of ``labels`` (drawn, alt text and file
    names; blocking, tens of milliseconds)."""
    lab = labels or Labels()
    style = DeckStyle(replay.deck_style)
    names = list(replay.names)
    try:
        deal = deal_from_record(replay.record)
        bidding = deal_from_record(replay.record, stop_at=auction_end(replay.record))
    except TappError as exc:
        raise BrokenRecord() from exc
    if deal.outcome() is None:
        raise BrokenRecord()
    view = deal.public_view()
    overview = (
        _file(replay, lab("file.hands"), render_result(view, names, style=style, labels=lab,
                                                       show_hands=True)),
        _file(replay, lab("file.auction"), render_table(auction_view(bidding), names,
                                                        style=style, labels=lab)),
    )
    tricks = tuple(
        _file(replay, f"{lab('file.trick')}-{i:02d}",
              render_trick(view, trick, style=style, names=names, labels=lab))
        for i, trick in enumerate(view.tricks, 1))
    return ReplayImages(overview, tricks)


def steps(replay: DealReplay, language: str | None, labels: Labels | None = None, *,
          plain: bool = False) -> list[str]:
    """The deal's actions other than card play, one line each, in the catalogue's words
    (contracts and cards in the game's words from the renderer's labels); members as
    mentions, or with ``plain`` by the names they played under, as plain text (a web
    page, which escapes them itself)."""
    lab = labels or Labels()
    style = DeckStyle(replay.deck_style)
    lines = []
    for entry in replay.record.get("actions") or []:
        seat, action = Action.from_record(entry)
        if not 0 <= seat < len(replay.names):
            name = lab.seat(seat)
        elif plain:
            name = safe(replay.names[seat], Where.PLAIN)
        else:
            name = mention(replay.user_ids[seat], replay.names[seat])
        kind = action.type
        if kind is ActionType.PLAY:
            continue
        if kind is ActionType.TRUMP:
            suit = "" if action.suit is None else lab(f"suit.{style.value}.{SUITS[action.suit]}")
            lines.append(t("standings.replay.step.trump", language, name=name, suit=suit))
        elif kind is ActionType.DISCARD:
            cards = ", ".join(card_name(c, style, lab) for c in iter_bits(action.cards or 0))
            lines.append(t("standings.replay.step.discard", language, name=name, cards=cards))
        elif kind is ActionType.CALL and action.card is None:
            lines.append(t("standings.replay.step.call.none", language, name=name))
        elif kind in (ActionType.CALL, ActionType.GIVE):
            card = card_name(action.card or 0, style, lab)
            lines.append(t(f"standings.replay.step.{kind.value}", language, name=name, card=card))
        elif kind in (ActionType.KONTRA, ActionType.REKONTRA):
            lines.append(t("standings.replay.step", language, name=name, word=lab(kind.value)))
        else:
            key = f"standings.replay.announce.{action.value}"
            word = (t(key, language) if kind is ActionType.ANNOUNCE and key in strings(DEFAULT)
                    else lab.bid(replay.variant, action.value))
            lines.append(t("standings.replay.step", language, name=name, word=word))
    return lines
