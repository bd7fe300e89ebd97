"""Hostile names: members whose names are markdown, links, mentions, bidirectional
overrides and control characters play a whole Tapp 1879 session; no version of any
public message, no thread name, no attachment turns their names into formatting, a
link or a mention in the bot's own voice."""

from __future__ import annotations

import re
from typing import Any

from bot.connection.client import TappBot
from standin import Sandbox
from standin.harness import World

from .driver import Watch, open_table

HOSTILE = (
    "[free nitro](https://evil.example/x)",
    "**boss** ||spoiler|| `code` @everyone",
    "\u202egnp.exe <@1234567890123456789> # head\n> quote",
)
#: what would be formatting, a link or a mention if a name were pasted as it is
RAW = ("](http", "https://", "**boss**", "||spoiler||", "`code`", "@everyone",
       "<@1234567890123456789>", "\u202e", "\n> quote")


def _texts(embed: dict[str, Any]) -> list[str]:
    out = [embed.get("title") or "", embed.get("description") or ""]
    out += [f.get(k) or "" for f in embed.get("fields", []) for k in ("name", "value")]
    out.append((embed.get("footer") or {}).get("text") or "")
    return out


async def test_hostile_names_never_become_markdown_links_or_mentions(
        sandbox: Sandbox, world: World, table_bot: TappBot, watch: Watch) -> None:
    members = [sandbox.create_user(f"hostile{i}", world.guild, nick=nick)
               for i, nick in enumerate(HOSTILE)]
    host, *others = members
    game = await open_table(sandbox, table_bot, world.channel, host, "tapp1879",
                            joiners=tuple(others))
    await game.play(until=lambda g: g.deals_settled() >= 2)
    await host.click(game.table_message(), label="End table")
    await game.play()
    assert game.live is None

    versions = [*sandbox.message_history(world.channel), *sandbox.message_history(game.thread)]
    seen_names = 0
    for version in versions:
        texts = [version.content, *(t for e in version.embeds for t in _texts(e))]
        for text in texts:
            for raw in RAW:
                assert raw not in text, (raw, text)
            assert not re.search(r"(?<!\\)\[[^\]]*\]\((?!\s)", text), text  # a masked link
            seen_names += "boss" in text
        for filename, description in version.attachments:
            assert re.fullmatch(r"[A-Za-z0-9._-]+", filename), filename
            assert not any(ch in (description or "") for ch in "\u202e\n\r"), description
    assert seen_names > 10  # the names were shown, escaped, in many messages
    for name in sandbox.channel_names(game.thread):
        assert "\u202e" not in name and "\n" not in name
