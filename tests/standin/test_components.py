"""Buttons, selects and modals, clicked and filled in by test users."""

from __future__ import annotations

import discord
import pytest

from standin import Sandbox, SandboxError
from standin.harness import World

from .conftest import ProbeBot


def board(disabled: bool = False) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Join", custom_id="tapp:1:0:join"))
    view.add_item(discord.ui.Button(label="Leave", custom_id="tapp:1:0:leave", disabled=disabled))
    view.add_item(discord.ui.Button(label="Rules", url="https://example.invalid/rules"))
    select = discord.ui.Select(
        custom_id="tapp:1:0:card",
        placeholder="Play a card",
        min_values=1,
        max_values=2,
        options=[discord.SelectOption(label=f"Card {c}", value=c) for c in ("TH", "KS", "9D")],
    )
    view.add_item(select)
    return view


async def post_board(world: World, probe: ProbeBot, *, disabled: bool = False) -> int:
    async def show(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("lobby", view=board(disabled))

    probe.on_command = show
    ix = await world.players[0].slash(world.channel, "/probe")
    assert ix.response is not None
    return ix.response.id


async def test_click_updates_the_message_in_place(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    message_id = await post_board(world, probe)
    seen: list[str] = []

    async def update(interaction: discord.Interaction) -> None:
        assert interaction.data is not None
        seen.append(str(interaction.data.get("custom_id")))
        await interaction.response.edit_message(content=f"joined: {interaction.user.name}")

    probe.on_component = update
    ix = await world.players[1].click(message_id, label="Join")
    assert probe.errors == [] and seen == ["tapp:1:0:join"]
    message = sandbox.message(message_id)
    assert ix.response is message and message.content == "joined: bob"
    assert message.edit_count == 1 and message.edited_at is not None
    assert message.button_labels() == ["Join", "Leave", "Rules"]


async def test_disabled_and_link_buttons_cannot_be_clicked(world: World, probe: ProbeBot) -> None:
    message_id = await post_board(world, probe, disabled=True)
    bob = world.players[1]
    with pytest.raises(SandboxError, match="disabled"):
        await bob.click(message_id, label="Leave")
    with pytest.raises(SandboxError, match="link"):
        await bob.click(message_id, label="Rules")
    with pytest.raises(SandboxError, match="no button"):
        await bob.click(message_id, label="Nope")


async def test_select_sends_the_picked_values(
    sandbox: Sandbox, world: World, probe: ProbeBot
) -> None:
    message_id = await post_board(world, probe)
    picked: list[list[str]] = []

    async def play(interaction: discord.Interaction) -> None:
        assert interaction.data is not None
        picked.append(list(interaction.data.get("values", [])))  # type: ignore[arg-type]
        await interaction.response.send_message("played", ephemeral=True)

    probe.on_component = play
    await world.players[2].select(message_id, ["TH", "Card KS"])
    assert picked == [["TH", "KS"]]
    with pytest.raises(SandboxError, match="takes 1..2 values"):
        await world.players[2].select(message_id, ["TH", "KS", "9D"])
    with pytest.raises(SandboxError, match="no option"):
        await world.players[2].select(message_id, ["AS"])


async def test_modal_round_trip(sandbox: Sandbox, world: World, probe: ProbeBot) -> None:
    message_id = await post_board(world, probe)

    class Rename(discord.ui.Modal, title="Name your table"):
        name = discord.ui.TextInput(label="Table name", custom_id="name", max_length=30)

        async def on_submit(self, interaction: discord.Interaction) -> None:
            await interaction.response.send_message(f"renamed to {self.name.value}")

    async def open_modal(interaction: discord.Interaction) -> None:
        if interaction.type is discord.InteractionType.component:
            await interaction.response.send_modal(Rename())

    probe.on_component = open_modal
    alice = world.players[0]
    opened = await alice.click(message_id, label="Join")
    assert opened.modal is not None and opened.modal["title"] == "Name your table"
    assert alice.open_modal() is opened
    with pytest.raises(SandboxError, match="required"):
        await alice.submit_modal({})
    submitted = await alice.submit_modal({"name": "Friday table"})
    assert probe.errors == []
    assert (
        submitted.response is not None and submitted.response.content == "renamed to Friday table"
    )
    assert alice.open_modal() is None


async def test_a_message_cannot_be_clicked_by_who_cannot_see_it(
    world: World, probe: ProbeBot
) -> None:
    async def private(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("your hand", view=board(), ephemeral=True)

    probe.on_command = private
    ix = await world.players[0].slash(world.channel, "/probe")
    assert ix.response is not None
    with pytest.raises(SandboxError, match="cannot see"):
        await world.players[1].click(ix.response, label="Join")
