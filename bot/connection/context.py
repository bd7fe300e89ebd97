"""One interaction as the bot answers it (:class:`Context`): the member's language, the
public (server) language, the answer and the refusal; after RoboDanny's
``cogs/utils/context.py``.

Its home is here, with the rest of the bot's side of the Discord connection, and not in
``cogs/``: the command tree's last-resort error handler (:mod:`bot.connection.client`)
refuses with it too, and imports go one way (``cogs`` -> ``bot``, never back). It knows
Discord, the catalogue and the refusals' words, nothing of the store or the display: a
cog hands it what it read (a server's stored ``language`` setting).
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import AsyncIterator
from typing import TYPE_CHECKING, Any

import discord

from bot.engine import TappError
from bot.i18n import language_of, t
from bot.i18n.words import Words
from bot.tables.errors import user_message

from . import replies

if TYPE_CHECKING:
    from .replies import Reply


def member_language(interaction: discord.Interaction) -> str:
    """The catalogue language of the member who interacts (their Discord locale)."""
    return language_of(str(interaction.locale))


def server_language(interaction: discord.Interaction, stored: str | None = None) -> str:
    """The language of public messages: the server's ``language`` setting (``stored``)
    when it names one, else the server's Discord locale."""
    if stored and stored != "auto":
        return language_of(stored)
    locale = interaction.guild_locale
    return language_of(str(locale) if locale is not None else None)


class Context:
    """One interaction: who asks, in which language, and how they are answered.

    ``language`` is the member's (every ephemeral answer, refusals included);
    :meth:`public_language` the server's (what others read too). :meth:`send` answers
    whatever was answered before (a deferred answer is filled by editing it);
    :meth:`tell` and :meth:`refuse` answer a short text, always ephemerally;
    :meth:`reply` is an answer deferred if it is not ready in time.
    """

    __slots__ = ("_held", "interaction", "language")

    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction
        self.language = member_language(interaction)
        self._held = False

    @property
    def user(self) -> discord.User | discord.Member:
        return self.interaction.user

    @property
    def guild_id(self) -> int | None:
        return self.interaction.guild_id

    def public_language(self, stored: str | None = None) -> str:
        """See :func:`server_language`."""
        return server_language(self.interaction, stored)

    def words(self, variant: str, style: str) -> Words:
        """The game's words (cards, actions) for ``variant`` in the member's language."""
        return Words(self.language, variant, style)

    def text(self, key: str, /, **values: Any) -> str:
        """Catalogue text ``key`` in the member's language."""
        return t(key, self.language, **values)

    @property
    def asked(self) -> bool:
        """A click on a message that answered this member (not someone else)."""
        message = self.interaction.message
        meta = message.interaction_metadata if message else None
        return meta is not None and meta.user.id == self.interaction.user.id

    @property
    def on_private(self) -> bool:
        """A click on an ephemeral message (the member's own)."""
        message = self.interaction.message
        return bool(message and message.flags.ephemeral)

    # -- answers -----------------------------------------------------------------------
    def reply(self, *, update: bool = False, ephemeral: bool = True,
              grace: float = 2.0) -> Reply:
        """An answer with a rendered message, deferred if it is not ready ``grace``
        seconds after the interaction reached the bot (see :class:`Reply`)."""
        return replies.Reply(self.interaction, update=update, ephemeral=ephemeral,
                             grace=grace)

    async def send(self, *, ephemeral: bool, **kwargs: Any) -> None:
        """Answer (``kwargs`` as for ``send_message``): the first answer, the deferred
        loading message filled with it, or a follow-up."""
        await replies.send(self.interaction, ephemeral=ephemeral, **kwargs)

    async def update(self, **kwargs: Any) -> None:
        """Answer in place of the message the clicked component sits on (a page turned);
        ``kwargs`` as for ``edit_message``."""
        await self.interaction.response.edit_message(**kwargs)

    async def edit(self, **kwargs: Any) -> None:
        """Edit the answer given (a held progress line, a filled deferral); ``kwargs``
        as for ``edit_original_response``."""
        await self.interaction.edit_original_response(**kwargs)

    async def follow_up(self, *, ephemeral: bool, **kwargs: Any) -> None:
        """A further message after the answer (a follow-up, never in its place);
        ``kwargs`` as for ``followup.send``."""
        await self.interaction.followup.send(ephemeral=ephemeral, **kwargs)

    async def defer(self, *, ephemeral: bool = False) -> None:
        """Say "thinking..." now; :meth:`send` fills it. Nothing is acknowledged to the
        member before it is committed: a deferral says only "working on it"."""
        await self.interaction.response.defer(ephemeral=ephemeral, thinking=True)

    async def hold(self, text: str) -> None:
        """A first answer (ephemeral) standing for the one to come, such as a progress
        line; edited by the one who owns it, and :meth:`tell` takes its place."""
        await self.interaction.response.send_message(text, ephemeral=True)
        self._held = True

    async def tell(self, text: str) -> None:
        """A short ephemeral text (a confirmation, a refusal) whatever was answered
        before: see :func:`bot.connection.replies.tell`."""
        await replies.tell(self.interaction, text, held=self._held)

    def refusal(self, error: BaseException) -> str:
        """What the member is told of ``error``, in their language (see
        :func:`bot.tables.errors.user_message`: never an error's own English, which may
        name a card)."""
        return user_message(error, self.language)

    @contextlib.asynccontextmanager
    async def refusals(self, reply: Reply, what: str, logger: logging.Logger
                       ) -> AsyncIterator[None]:
        """Around a command's work: a refusal (a :class:`TappError`, a busy store's among
        them) answered privately through ``reply`` in the member's words (:meth:`refusal`);
        anything else logged to ``logger`` by ``what`` was asked (never by its cards) and
        answered generically."""
        try:
            yield
        except TappError as error:
            await reply.text(self.refusal(error))
        except Exception:
            logger.exception("%s failed", what)
            with contextlib.suppress(discord.HTTPException):
                await reply.text(self.text("error.generic"))

    async def refuse(self, error: BaseException) -> None:
        """Tell the member why ``error`` refused what they did (:meth:`refusal`)."""
        await self.tell(self.refusal(error))

