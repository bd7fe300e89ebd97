"""What the messages show, over seeded random deals of every setting: the hand panel
offers exactly the seat's legal actions within Discord's limits, and no model names a
card its view may not see."""

from __future__ import annotations

import random
from dataclasses import replace

from bot.ai.selfplay import SETTINGS
from bot.display.table_messages import (
    last_trick_message,
    lobby_message,
    result_message,
    table_message,
    turn_ping,
)
from bot.engine import ActionType, Deal, Phase, SeatView
from bot.engine.playout import random_action
from bot.i18n.words import Words
from bot.store import TableStatus
from bot.tables.ids import ComponentId, Stamp
from bot.tables.state import DealOver, HandContext, SeatInfo, TableOver, TableState
from bot.ui.hand_messages import hand_panel
from bot.ui.specs import ButtonSpec, SelectSpec

NAMES = ("Anna", "Bo", "Cleo", "Dan", "Eve", "Fay")


def offered(components: tuple[ButtonSpec | SelectSpec, ...]) -> set[str]:
    out = set()
    for c in components:
        cid = ComponentId.parse(c.custom_id)
        assert cid is not None
        if isinstance(c, ButtonSpec):
            out.add(cid.token)
        elif cid.pick_kind == "discard":
            assert c.min_values == c.max_values
            out.add(f"discard:{c.min_values}")
        else:
            out |= {f"{cid.pick_kind}:{value}" for _, value in c.options}
    return out


def check_limits(components: tuple[ButtonSpec | SelectSpec, ...]) -> None:
    rows: dict[int, list[ButtonSpec | SelectSpec]] = {}
    for c in components:
        assert c.row is not None and 0 <= c.row < 5
        rows.setdefault(c.row, []).append(c)
        assert len(c.custom_id) <= 100
        if isinstance(c, SelectSpec):
            assert 1 <= len(c.options) <= 25 and len(c.placeholder) <= 150
            assert all(len(label) <= 100 for label, _ in c.options)
        else:
            assert 1 <= len(c.label) <= 80
    for row in rows.values():
        assert len(row) <= 5
        assert len(row) == 1 or all(isinstance(c, ButtonSpec) for c in row)


def check_shown(model_shown: frozenset[int], view: SeatView) -> None:
    assert set(model_shown) <= set(view.visible_cards()), (model_shown, view.seat)


def state_of(deal: Deal, stamp: Stamp) -> TableState:
    n = deal.n
    return TableState(
        table_id=3, guild_id=1, channel_id=2, thread_id=4, host_id=10, variant=deal.variant,
        options={k: v for k, v in deal.options.items()
                 if k not in ("closing_ramsch", "forced_ramsch")},
        status=TableStatus.PLAYING, players=n,
        seats=tuple(SeatInfo(s, 10 + s, NAMES[s], s == n - 1) for s in range(n)),
        language=None, style="french", stamp=stamp, view=deal.public_view(),
        chips=tuple(range(n)), kontra="kontra", actor_user=10)


def test_panels_and_table_messages_over_random_deals() -> None:
    rng = random.Random(11)
    seen_kinds: set[ActionType] = set()
    for _label, variant, players, options in SETTINGS:
        for number in range(6):
            deal = Deal.new(variant, players=players, dealer=number % players, rng=rng,
                            **options)
            names = NAMES[:players]
            while True:
                stamp = Stamp(number, deal.ply)
                for seat in range(players):
                    view = deal.view(seat)
                    words = Words(None, variant, "german")
                    model = hand_panel(HandContext(3, stamp, seat, view, names, "german"),
                                       words)
                    assert offered(model.components) == {a.token for a in view.legal}
                    seen_kinds |= {a.type for a in view.legal}
                    check_limits(model.components)
                    check_shown(model.shown, view)
                public = deal.public_view()
                table = table_message(state_of(deal, stamp), Words(None, variant))
                check_shown(table.shown, public)
                check_limits(table.components)
                for c in table.components:
                    assert "play:" not in c.custom_id and "give:" not in c.custom_id
                if deal.tricks:
                    check_shown(last_trick_message(public, names, Words(None, variant),
                                                   "french").shown, public)
                if deal.is_over:
                    break
                seat, action = random_action(deal, rng)
                deal.apply(seat, action)
            over = DealOver(3, number + 1, Stamp(number, deal.ply), deal.public_view(), names,
                            tuple([0] * players))
            result = result_message(over, Words(None, variant), "swiss")
            assert result.view is not None and result.view.is_over
            # the phone-sized result, the hands as dealt one click away, and the review
            assert result.image is not None and not result.image.show_hands
            [hands, review] = result.components
            assert isinstance(hands, ButtonSpec) and hands.custom_id.endswith(":hands")
            assert isinstance(review, ButtonSpec) and review.custom_id.endswith(":review")
    assert seen_kinds == set(ActionType)


def test_the_lobby_and_the_ping() -> None:
    deal = Deal.new("zuger", rng=random.Random(1))
    state = state_of(deal, Stamp(0, 0))
    lobby = lobby_message(replace(state, status=TableStatus.LOBBY, seats=state.seats[:2],
                                  view=None, stamp=None), Words(None, "zuger"))
    assert [c.label for c in lobby.components] == ["Join", "Leave", "Add computer", "Start",
                                                   "Cancel"]
    start = next(c for c in lobby.components if c.label == "Start")
    assert isinstance(start, ButtonSpec) and start.disabled
    ping = turn_ping(state, Words(None, "zuger"))
    assert ping is not None and ping.content is not None
    assert ping.content.startswith("<@10>") and ping.mentions == (10,)
    assert deal.public_view().phase is Phase.AUCTION


def test_a_cancelled_table_and_final_chips() -> None:
    from bot.display.table_messages import closed_message

    words = Words(None, "tapp1879")
    closed = closed_message(TableOver(1, False, ("A", "B", "C"), (5, -2, -3), (1, 1, 0)), words)
    assert closed.description.splitlines()[1:4] == ["1. A +5", "2. B \u22122", "3. C \u22123"]
    assert "pot was shared" in closed.description
    cancelled = closed_message(TableOver(1, True, ("A",), None, None), words)
    assert cancelled.title == "Table cancelled" and not cancelled.components

