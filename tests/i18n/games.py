"""A table played through the stand-in on a server with another language, and the check
that no English reached its public messages (shared by the German and Swedish game
tests).

The English words looked for come from the catalogue itself: every word of four or
more letters in an English string that no string of the other language uses (so the
game's words, names and words both languages share are left out), and the few shorter
words the earlier hand-written list had (``the``, ``and``, ...). Every version of every
public message is read, with everything players see of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import cache

from bot.connection.client import TappBot
from bot.engine import Action, ActionType, SeatView
from bot.i18n import strings, t
from standin import Channel, MessageVersion, Sandbox
from standin.actors import Actor
from standin.harness import World
from standin.limits import walk_components
from standin.models import Message
from tests.e2e.tables.driver import Game, offered_tokens

WORD = re.compile(r"[^\W\d_]{2,}")  # two or more letters
FIELD = re.compile(r"\{[^{}]*\}")  # a str.format field
CODE = re.compile(r"`[^`]*`")  # inline code: commands and hex, the same in every language
#: words shorter than four letters that are looked for all the same
SHORT = frozenset({"the", "and", "of", "is", "pot"})


def words(text: str) -> set[str]:
    """The words (two or more letters) in ``text``, casefolded."""
    return {w.casefold() for w in WORD.findall(text)}


def _catalogue_words(language: str) -> set[str]:
    found: set[str] = set()
    for text in strings(language).values():
        found |= words(CODE.sub(" ", FIELD.sub(" ", text)))
    return found


@cache
def english_words(language: str) -> frozenset[str]:
    """Words of the English catalogue (four or more letters, or in :data:`SHORT`) that
    the ``language`` catalogue never uses."""
    english = {w for w in _catalogue_words("en") if len(w) >= 4 or w in SHORT}
    return frozenset(english - _catalogue_words(language))


def seen_texts(version: MessageVersion) -> Iterator[str]:
    """Everything a version of a message shows: content, embeds (title, description,
    fields, footer, author), components (labels, placeholders, texts, options) and
    attachments (file names and alt text)."""
    yield version.content
    for embed in version.embeds:
        yield embed.get("title") or ""
        yield embed.get("description") or ""
        for f in embed.get("fields") or []:
            yield f.get("name") or ""
            yield f.get("value") or ""
        yield (embed.get("footer") or {}).get("text") or ""
        yield (embed.get("author") or {}).get("name") or ""
    for component in walk_components(version.components):
        for key in ("label", "placeholder", "content"):
            yield component.get(key) or ""
        for option in component.get("options") or []:
            yield option.get("label") or ""
            yield option.get("description") or ""
    for filename, description in version.attachments:
        yield filename
        yield description or ""


def english_in(texts: Iterable[str], language: str,
               names: Iterable[str] = ()) -> list[tuple[str, str]]:
    """(word, text) for each English word (see :func:`english_words`) in ``texts``;
    ``names`` (of players, of the bot) are not words, nor is code (a command in
    backticks is the same in every language)."""
    vocabulary = english_words(language) - {n.casefold() for n in names}
    return [(word, text) for text in texts
            for word in sorted(words(CODE.sub(" ", text)) & vocabulary)]


def public_english(sandbox: Sandbox, channels: Iterable[Channel], language: str,
                   names: Iterable[str] = ()) -> tuple[int, list[tuple[str, str]]]:
    """How many public message versions ``channels`` had, and the English words in
    them or in the channels' names."""
    versions = [v for c in channels for v in sandbox.message_history(c)]
    texts = [text for v in versions for text in seen_texts(v) if text]
    texts += [name for c in channels for name in sandbox.channel_names(c)]
    return len(versions), english_in(texts, language, names)


class LocalGame(Game):
    """A :class:`Game` whose members click the buttons by their ``language`` labels."""

    language: str = "en"

    async def open_hand(self, actor: Actor, view: SeatView) -> Message:
        ix = await actor.click(self.table_message(), label=t("button.hand", self.language))
        panel = ix.response
        assert panel is not None and panel.ephemeral_to == actor.id, ix.errors
        assert offered_tokens(panel) == {a.token for a in view.legal}
        return panel


async def open_local_table(sandbox: Sandbox, world: World, bot: TappBot, language: str,
                           variant: str = "zuger") -> LocalGame:
    """``/tapp table new`` by the first player in a server whose public language is already
    ``language`` (its locale or its setting); three computers join and the table starts."""
    host = world.players[0]
    ix = await host.slash(world.channel, "/tapp table new", variant=variant)
    assert ix.response is not None and not ix.errors, ix.errors
    thread = sandbox.threads(world.channel)[-1]
    assert bot.tables is not None
    live = bot.tables.registry.located_in(thread.id)
    assert live is not None and live.language == language
    game = LocalGame(sandbox, bot, thread, live.table_id, {host.id: host})
    game.language = language
    for _ in range(3):
        await host.click(game.table_message(), label=t("button.computer", language))
    ix = await host.click(game.table_message(), label=t("button.start", language))
    assert ix.response is not None and not ix.errors
    return game


def bid_tapp(view: SeatView) -> Action | None:
    """A member who bids Tapp whenever it is offered (to get to discarding), else passes."""
    bids = [a for a in view.legal if a.type is ActionType.BID]
    if not bids:
        return None
    return next((a for a in bids if a.value == "tapp"),
                next((a for a in bids if a.value == "pass"), None))


async def a_deal_in(sandbox: Sandbox, world: World, bot: TappBot,
                    language: str) -> tuple[LocalGame, list[str], list[tuple[str, str]]]:
    """A Zuger Tapp table (the first player and three computers) played through one
    settled deal on a server whose public language is ``language``; the game, every
    public text of the channel and the thread (every version of every message, the
    channels' names), and the English words found in them."""
    game = await open_local_table(sandbox, world, bot, language)
    await game.play(until=lambda g: g.deals_settled() >= 1)
    await game.quiet()
    channels = (world.channel, game.thread)
    texts = [text for c in channels for v in sandbox.message_history(c)
             for text in seen_texts(v) if text]
    names = [p.name for p in world.players] + [sandbox.state.bot.username]
    versions, english = public_english(sandbox, channels, language, names)
    assert versions > 20, versions  # the lobby, the table message's edits, the result...
    return game, texts, english
