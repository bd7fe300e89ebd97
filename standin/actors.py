"""Test users who act through the stand-in the way a Discord client would.

Every action returns the :class:`InteractionRecord`; by default it first waits for the
bot to settle, so the answer is there to read::

    alice = sandbox.create_user("alice", guild)
    ix = await alice.slash(channel, "/tapp table new variant:zuger")
    lobby = ix.response
    await bob.click(lobby, label="Join")
    hand = (await alice.click(lobby, label="My hand")).response   # ephemeral, alice only

What a Discord client would not send, it does not: a click, select, modal or command in
an archived thread (or a command from a member without USE_APPLICATION_COMMANDS there)
returns a record with ``refused`` set (why) that the bot never sees.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from .component_limits import ACTION_ROW, BUTTON, STRING_SELECT, check_component
from .errors import FormErrors
from .invocations import (
    SandboxError,
    click_data,
    command_data,
    forge_options,
    modal_data,
    select_data,
    split_command,
)
from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    Channel,
    InteractionRecord,
    Message,
    User,
)

if TYPE_CHECKING:
    from .sandbox import Sandbox

ChannelRef = Channel | int
MessageRef = Message | int


class Actor:
    """A guild member driven by a test."""

    def __init__(self, sandbox: Sandbox, user: User) -> None:
        self.sandbox = sandbox
        self.user = user

    def __repr__(self) -> str:
        return f"<Actor {self.user.username} {self.user.id}>"

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def name(self) -> str:
        return self.user.username

    @property
    def mention(self) -> str:
        return self.user.mention

    # -- acting --------------------------------------------------------------------------------
    async def slash(
        self, channel: ChannelRef, command: str, /, *, settle: bool = True,
        forged: dict[str, Any] | None = None, **options: Any
    ) -> InteractionRecord:
        """Run ``/command sub option:value`` (options also as keyword arguments).
        ``forged``: option values sent as they are, past Discord's checks of choices and
        ranges, as a modified client could (for tests of hostile input)."""
        target = self._channel(channel)
        path, parsed = split_command(command)
        data = command_data(self.sandbox.state, target.guild_id, path, {**parsed, **options})
        if forged:
            forge_options(data, forged)
        return await self.sandbox.interact(self, target, APPLICATION_COMMAND, data, settle=settle)

    async def autocomplete(
        self, channel: ChannelRef, command: str, /, *, focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        """Type into option ``focused`` and return the choices the bot offers."""
        target = self._channel(channel)
        path, parsed = split_command(command)
        data = command_data(
            self.sandbox.state, target.guild_id, path, {**parsed, **options}, focused=focused
        )
        record = await self.sandbox.interact(self, target, AUTOCOMPLETE, data, settle=True)
        if record.choices is None:
            raise SandboxError(
                f"the bot did not answer autocomplete for {command!r} "
                f"(response type {record.response_type})"
            )
        return record.choices

    async def click(
        self,
        message: MessageRef,
        *,
        label: str | None = None,
        custom_id: str | None = None,
        settle: bool = True,
    ) -> InteractionRecord:
        """Click a button found by its label or custom_id."""
        target = self._message(message)
        data = click_data(target, label=label, custom_id=custom_id)
        return await self._use_component(target, data, settle)

    async def forge_click(
        self, message: MessageRef, custom_id: str, *, settle: bool = True
    ) -> InteractionRecord:
        """Click a button carrying ``custom_id`` on ``message``, which has no such button:
        the bot is told of the click with the message showing that button, as if Discord
        delivered it (Discord's own checks make this hard, not impossible). For tests of
        hostile input; ``click`` finds real buttons only."""
        button = {"type": BUTTON, "style": 2, "label": "?", "custom_id": custom_id}
        data = {"custom_id": custom_id, "component_type": BUTTON}
        return await self._forge(message, button, data, settle)

    async def forge_select(
        self, message: MessageRef, custom_id: str, values: list[str], *, settle: bool = True
    ) -> InteractionRecord:
        """Choose ``values`` in a string select carrying ``custom_id`` on ``message``,
        which has no such select (as :meth:`forge_click`): the select offers exactly those
        values, with ``min_values`` 0, so an empty choice is one too. What Discord would
        refuse to show (an id or a value of more than 100 characters, an empty one, more
        than 25) raises :class:`SandboxError`."""
        select = {
            "type": STRING_SELECT,
            "custom_id": custom_id,
            "options": [{"label": value or "?", "value": value} for value in values]
            or [{"label": "?", "value": "?"}],
            "min_values": 0,
            "max_values": max(1, len(values)),
        }
        data = {"custom_id": custom_id, "component_type": STRING_SELECT, "values": list(values)}
        return await self._forge(message, select, data, settle)

    async def select(
        self,
        message: MessageRef,
        values: list[Any],
        *,
        custom_id: str | None = None,
        placeholder: str | None = None,
        settle: bool = True,
    ) -> InteractionRecord:
        """Pick ``values`` (option values or labels; users for a user select)."""
        target = self._message(message)
        data = select_data(
            self.sandbox.state,
            target.guild_id,
            target,
            list(values),
            custom_id=custom_id,
            placeholder=placeholder,
        )
        return await self._use_component(target, data, settle)

    async def submit_modal(
        self,
        values: dict[str, str] | None = None,
        *,
        opened_by: InteractionRecord | None = None,
        settle: bool = True,
    ) -> InteractionRecord:
        """Fill in and submit the modal the bot last opened for this user."""
        parent = opened_by or self.open_modal()
        if parent is None or parent.modal is None:
            raise SandboxError(f"{self.name} has no open modal")
        data = modal_data(parent.modal, dict(values or {}))
        parent.modal_submitted = True
        message = self.sandbox.state.messages.get(parent.message_id) if parent.message_id else None
        return await self.sandbox.interact(
            self,
            self._channel(parent.channel_id),
            MODAL_SUBMIT,
            data,
            message=message,
            parent=parent,
            settle=settle,
        )

    async def say(self, channel: ChannelRef, content: str) -> Message:
        """Post a plain message as this user."""
        target = self._channel(channel)
        state = self.sandbox.state
        return state.add_message(state.new_message(target, self.user, content=content))

    # -- seeing --------------------------------------------------------------------------------
    def open_modal(self) -> InteractionRecord | None:
        """The latest interaction of this user that opened a modal not yet submitted."""
        for record in reversed(list(self.sandbox.state.interactions.values())):
            if (
                record.user.id == self.id
                and record.modal is not None
                and not record.modal_submitted
            ):
                return record
        return None

    def visible_messages(self, channel: ChannelRef) -> list[Message]:
        """Public messages plus the ephemeral ones addressed to this user, oldest first."""
        return self.sandbox.state.visible_messages(self._channel(channel).id, self.id)

    def ephemeral_messages(self, channel: ChannelRef | None = None) -> list[Message]:
        """Ephemeral messages this user sees (in one channel, or anywhere)."""
        messages = self.sandbox.state.messages.values()
        wanted = self._channel(channel).id if channel is not None else None
        return [
            m
            for m in messages
            if m.ephemeral_to == self.id
            and not m.deleted
            and (wanted is None or m.channel_id == wanted)
        ]

    def last_message(self, channel: ChannelRef) -> Message | None:
        visible = self.visible_messages(channel)
        return visible[-1] if visible else None

    def can_see(self, message: Message) -> bool:
        return message.visible_to(self.id)

    # -- helpers -------------------------------------------------------------------------------
    async def _forge(
        self, message: MessageRef, component: dict[str, Any], data: dict[str, Any], settle: bool
    ) -> InteractionRecord:
        """Use ``component``, shown on ``message`` in a row of its own, if Discord would
        let a message carry it."""
        target = self._message(message)
        errors = FormErrors()
        check_component(component, ("components", 0, "components", 0), self.sandbox.limits, errors)
        if errors:
            raise SandboxError(f"Discord would not show that component: {errors.tree}")
        row = {"type": ACTION_ROW, "components": [component]}
        shown = dataclasses.replace(target, components=[*target.components, row])
        channel = self._channel(target.channel_id)
        return await self.sandbox.interact(
            self, channel, MESSAGE_COMPONENT, data, message=shown, settle=settle
        )

    async def _use_component(
        self, message: Message, data: dict[str, Any], settle: bool
    ) -> InteractionRecord:
        channel = self._channel(message.channel_id)
        return await self.sandbox.interact(
            self, channel, MESSAGE_COMPONENT, data, message=message, settle=settle
        )

    def _channel(self, channel: ChannelRef) -> Channel:
        return self.sandbox.state.channel(channel if isinstance(channel, int) else channel.id)

    def _message(self, message: MessageRef) -> Message:
        found = self.sandbox.state.messages.get(message if isinstance(message, int) else message.id)
        if found is None or not found.visible_to(self.id):
            raise SandboxError(f"{self.name} cannot see message {getattr(found, 'id', message)}")
        return found
