"""Spectators: a table option; a member not seated follows one seat's hand in a private
panel, one trick behind, never during the auction; the seated are told it is on."""

from __future__ import annotations

from bot.connection.client import TappBot
from bot.display import MessageKind
from bot.engine import Phase
from bot.tables import ComponentId
from standin import Actor, Message, Sandbox
from standin.harness import World

from .driver import Game, Watch, open_table


def watch_clicks(game: Game, spectator: Actor, panels: list[Message]) -> None:
    """After every member action: the spectator clicks *Watch* on the table message,
    or a seat on their panel (the next seat each time)."""
    async def look(g: Game) -> None:
        await g.quiet()
        if not panels or len(panels) % 3 == 0:
            ix = await spectator.click(g.table_message(), label="Watch")
        else:
            seat_buttons = panels[-1].buttons()
            button = seat_buttons[len(panels) % len(seat_buttons)]
            ix = await spectator.click(panels[-1], custom_id=button["custom_id"])
        assert ix.response is not None and ix.response.ephemeral_to == spectator.id, ix.errors
        panels.append(ix.response)

    game.on_action = look


async def test_a_spectator_follows_a_hand_one_trick_behind(
        sandbox: Sandbox, world: World, table_bot: TappBot, watch: Watch) -> None:
    alice, bob, carol = world.players[:3]
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger",
                            joiners=(carol,), computers=2, spectators=True, start=False)
    await game.quiet()
    assert "spectators on (one trick behind)" in game.table_message().text  # the lobby
    ix = await alice.click(game.table_message(), label="Start")
    assert ix.response is not None
    game.panels[alice.id] = ix.response
    await game.quiet()
    table = game.table_message()
    assert "spectators on (one trick behind)" in table.text  # the seated are told
    assert "Watch" in table.button_labels()

    ix = await carol.click(table, label="Watch")  # seated: not a spectator
    assert ix.response is not None and "your own hand" in ix.response.text

    panels: list[Message] = []
    watch_clicks(game, bob, panels)
    await game.play(until=lambda g: g.deals_settled() >= 2)
    spectated = [d for d in watch.seen if d.kind is MessageKind.SPECTATE]
    assert len(panels) >= 20 and all(d.audience == bob.id for d in spectated)
    assert all(p.ephemeral_to == bob.id and not alice.can_see(p) and not carol.can_see(p)
               for p in panels)
    # the panels follow the game by themselves (edited once a trick), beside the clicks
    assert len(spectated) > len(panels)
    # shown during the auction: nothing but words; in play: a hand and complete tricks
    blank = [d for d in spectated if d.model.view is None]
    shown = [d for d in spectated if d.model.view is not None]
    assert blank and shown
    assert all("auction" in d.model.description and d.model.image is None for d in blank)
    assert any(d.model.view.tricks for d in shown)  # type: ignore[union-attr]
    assert {d.model.view.seat for d in shown} >= {0, 1, 2}  # type: ignore[union-attr]
    # a panel's seat buttons turn it in place
    assert any(p.ephemeral_to == bob.id and p.attachments for p in panels)
    assert await watch.check(game.bot.database) > 0  # type: ignore[arg-type]


async def test_no_spectators_unless_the_table_allows_them(
        sandbox: Sandbox, world: World, table_bot: TappBot) -> None:
    alice, bob = world.players[:2]
    game = await open_table(sandbox, table_bot, world.channel, alice, "zuger", computers=3)
    table = game.table_message()
    assert "Watch" not in table.button_labels() and "spectators" not in table.text
    # a crafted click on a watch button of this table is refused
    hand = next(b for b in table.buttons() if b["label"] == "My hand")
    cid = ComponentId.parse(hand["custom_id"])
    assert cid is not None
    crafted = ComponentId(cid.table_id, None, "watch.1").encode()
    ix = await bob.forge_click(table, crafted)
    assert ix.response is not None and "Spectators are off" in ix.response.text
    live = game.live
    assert live is not None and live.deal is not None and live.deal.phase is not Phase.FINISHED
