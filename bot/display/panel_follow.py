"""Members' live panels following the game (see :mod:`.panels`): a member's panel is
edited where the game moved on for them (their turn came, or went), and every panel is
told when the deal or the table is over."""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import discord

from bot.i18n import t
from bot.i18n.words import Words
from bot.tables.state import HandContext, TableState
from bot.ui.hand_messages import hand_panel
from bot.ui.outgoing import Outgoing
from bot.ui.specs import MessageModel

from .availability_messages import away_note
from .disclosure import Disclosure, MessageKind
from .panels import LivePanel, Panels, later
from .public import transient

log = logging.getLogger(__name__)

HAND = MessageKind.HAND


async def edit_through_token(interaction: discord.Interaction, out: Outgoing,
                             table_id: int) -> bool:
    """Edit an ephemeral panel through its interaction's token; False if Discord no
    longer lets the bot (token expired, message gone): the panel is to be dropped.
    A refusal for now (a 5xx, a 429) is raised, for the caller's retries."""
    try:
        await interaction.edit_original_response(**out.edit_kwargs())
    except discord.HTTPException as error:
        if transient(error):
            raise
        log.info("table %d: a panel of member %d cannot be edited (%s); dropped", table_id,
                 interaction.user.id, error)
        return False
    return True


def panel_note(key: str, language: str | None) -> MessageModel:
    """A live panel once there is nothing more for it to show: the deal or the table is
    over (no hand, no buttons)."""
    return MessageModel(description=t(key, language))


@dataclass(eq=False)
class PanelFollower:
    """Edits the live ``panels`` through their interactions' tokens; ``outgoing`` draws a
    model's image, ``disclose`` reports each edit."""

    panels: Panels
    outgoing: Callable[[MessageModel], Awaitable[Outgoing]]
    disclose: Callable[[Disclosure], None]

    async def follow(self, state: TableState, user_id: int, panel: LivePanel,
                     to_act: bool) -> None:
        """Edit a member's live panel where the game moved on for them: their turn came
        (their hand and buttons), or went (no buttons left)."""
        async with panel.lock:
            current = self.panels.get(state.table_id, user_id)
            if current is not panel:  # an answer made a newer one while this waited
                if current is not None:
                    await self.follow(state, user_id, current, to_act)
                return
            if panel.final or state.private is None or state.stamp is None:
                return
            if panel.shown == state.stamp and panel.claim != state.claim:
                pass  # a claim was made, decided on or refused at the moment it shows
            elif to_act:
                if panel.turn and panel.shown == state.stamp:
                    return  # it shows this very turn already
                if later(panel.shown, state.stamp):
                    return  # an answer showed a later moment meanwhile
            elif panel.shown is not None and (not panel.turn
                                              or not later(state.stamp, panel.shown)):
                return  # it offers nothing that went: it stays as it is
            # (a panel that showed no hand yet, a seat's answer in the lobby, shows it)
            view = state.view
            ctx = HandContext(state.table_id, state.stamp, panel.seat,
                              state.private(panel.seat), state.names, state.style,
                              panel.language, state.claim,
                              state.claimable if view and view.actor == panel.seat else ())
            words = Words(panel.language, state.variant, state.style)
            note = away_note(state, panel.seat, panel.language)
            model = hand_panel(ctx, words, note, after_action=not to_act)
            if await self.edit(state.table_id, user_id, panel, model):
                panel.shown, panel.turn = state.stamp, to_act and bool(model.components)
                panel.claim = state.claim
                self.disclose(Disclosure(state.table_id, HAND, user_id, panel.seat,
                                         state.stamp, model))

    async def edit(self, table_id: int, user_id: int, panel: LivePanel,
                   model: MessageModel) -> bool:
        """Edit the panel through its interaction's token; a panel Discord no longer lets
        the bot edit (token expired, message gone) is dropped (the member is pinged)."""
        if panel.content is not None and model.content is None:
            model = dataclasses.replace(model, content=panel.content)
        if await edit_through_token(panel.interaction, await self.outgoing(model), table_id):
            return True
        self.panels.drop(table_id, user_id)
        return False

    async def note(self, table_id: int, key: str, *, final: bool) -> None:
        """Tell every live panel of the table that the deal (or the table) is over."""
        for user_id, panel in self.panels.of_table(table_id).items():
            async with panel.lock:
                if panel.final:
                    continue
                model = panel_note(key, panel.language)
                if await self.edit(table_id, user_id, panel, model):
                    panel.turn, panel.final = False, final
                    self.disclose(Disclosure(table_id, HAND, user_id, panel.seat, None,
                                             model))
        if final:
            self.panels.forget(table_id)
