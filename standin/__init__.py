"""A local stand-in for Discord that the real bot (real discord.py) runs against.

An aiohttp server speaking API v10: the gateway (identify, resume, dispatches) and the
REST routes this bot uses, with Discord's limits and Discord-shaped errors, a clock
tests can advance, and an API to act as users and read what each one sees.
Entry points: :class:`Sandbox`, :class:`Actor` (from ``Sandbox.create_user``),
:func:`discord_pointed_at` (in :mod:`standin.wiring`).

What it models, and the switches tests use (defaults keep everything permitted, so a
test that does not care sees no difference):

- **Permissions** (:mod:`standin.permissions`, :mod:`standin.access`): roles, channel
  overwrites, Discord's overwrite algorithm, threads inheriting their parent's; every
  route the bot uses answers 403 (50001 without VIEW_CHANNEL, else 50013) where Discord
  does; embeds without EMBED_LINKS are dropped (``Sandbox.embeds_dropped``); interaction
  payloads carry the computed ``app_permissions`` and ``member.permissions``. Switches:
  ``Sandbox.take_from_bot(channel_or_guild, P.EMBED_LINKS, ...)``,
  ``Sandbox.overwrite(channel, role|guild|actor|None, allow=, deny=)``,
  ``Sandbox.create_role``, ``Sandbox.set_role_permissions``, ``Sandbox.give_role``,
  ``create_guild(everyone=DEFAULT_EVERYONE, bot_permissions=...)``;
  ``Sandbox.permissions(channel, who)`` reads them.
- **Threads over a day** (:mod:`standin.threads`): auto-archive after
  ``auto_archive_duration`` of inactivity on the stand-in's clock
  (``Sandbox.advance(seconds)``), sooner with ``Limits.thread_archive_after_s`` or at once
  with ``Sandbox.archive_thread(thread, locked=...)``; ``Sandbox.lock_thread``; editing in
  an archived thread fails with 50083, posting unarchives it (160005 if locked); clicks
  and commands in an archived thread are not sent (``InteractionRecord.refused``).
- **Rate limits** (:mod:`standin.ratelimits`): 5 message creates and 5 edits per 5 s per
  channel (one ``X-RateLimit-Bucket``, separate counts), Discord's 429, the global 50/s.
  Switches: ``Sandbox.rate_limits.realistic = False``, ``.set_route(...)``,
  ``.set_global(...)``.
- **The daily command-create limit** (:mod:`standin.commands`): 200 creates per day per
  scope, only new commands counted (``Limits.command_creates_per_day``,
  ``state.command_creates``); ``Sandbox.calls`` counts the bot's requests per route.
- **Clock skew** (:mod:`standin.clock`): ``Sandbox.set_skew(-2.5)`` makes snowflakes and
  timestamps 2.5 s behind the bot's clock; the 3 s answer window is still measured from
  the dispatch. Every answer's ``Date`` header is on the stand-in's clock.
- **Places going away** (:mod:`standin.departures`): ``Sandbox.delete_channel``,
  ``remove_bot`` / ``add_bot``, ``outage`` / ``outage_over``, ``member_leaves``; a slow
  gateway (``gateway.delay``) and a slow RESUME replaying missed interactions
  (``gateway.resume_delay``).
- **Invalid requests** (:mod:`standin.invalid_requests`): every 401/403/429 answered,
  per 10 minutes (``Sandbox.invalid``), and Cloudflare's ban past Discord's 10,000
  (``invalid.limit``) or at once (``invalid.ban(seconds)``).
"""

from .actors import Actor
from .clock import Clock
from .invocations import SandboxError
from .limits import Limits
from .models import (
    Attachment,
    Channel,
    Command,
    Guild,
    InteractionRecord,
    Message,
    MessageVersion,
    User,
)
from .permissions import DEFAULT_EVERYONE, P, Role
from .sandbox import Sandbox, SettleTimeout
from .wiring import discord_pointed_at

__all__ = [
    "Actor",
    "Attachment",
    "Channel",
    "Clock",
    "Command",
    "DEFAULT_EVERYONE",
    "Guild",
    "InteractionRecord",
    "Limits",
    "Message",
    "MessageVersion",
    "P",
    "Role",
    "Sandbox",
    "SandboxError",
    "SettleTimeout",
    "User",
    "discord_pointed_at",
]
