"""Threads over a day: auto-archiving on the stand-in's clock, locking, unarchiving.

Discord (docs/topics/threads.md): a thread archives itself after ``auto_archive_duration``
minutes without activity ("sending a message, unarchiving a thread, or changing the
auto-archive time"), sooner in busy servers; only a thread's messages may be deleted
while it is archived (editing one: 400, 50083); sending a message unarchives it unless it
is locked (then 160005); without MANAGE_THREADS nobody creates or edits messages in a
locked thread. Clients do not let members use components or commands in an archived
thread (see :meth:`standin.Sandbox.interact`).

Archiving is checked lazily: before every REST request, every interaction and every
settle, :meth:`ThreadLife.sweep` archives each thread whose time has come (as of the
moment it came) and announces it with THREAD_UPDATE. ``Limits.thread_archive_after_s``
makes every thread archive after that much inactivity at most (Discord's early
archiving); :meth:`ThreadLife.archive` archives one now.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from .errors import DiscordError
from .permissions import P

if TYPE_CHECKING:
    from .models import Channel
    from .state import SandboxState

THREAD_ARCHIVED = 50083
THREAD_LOCKED = 160005
GUILDS = 1 << 0


def archived_error() -> DiscordError:
    return DiscordError(400, THREAD_ARCHIVED, "Thread is archived")


def locked_error() -> DiscordError:
    return DiscordError(400, THREAD_LOCKED, "Thread is locked")


class ThreadLife:
    """Archiving, unarchiving and locking the threads of one stand-in."""

    def __init__(self, state: SandboxState) -> None:
        self.state = state

    def touch(self, thread: Channel) -> None:
        """Activity in ``thread``: its inactivity timer starts again."""
        thread.active_at = self.state.clock.now()

    def archives_at(self, thread: Channel) -> datetime | None:
        """When ``thread`` archives itself if nothing happens (None: it is archived)."""
        if thread.archived or thread.deleted:
            return None
        seconds = thread.auto_archive_duration * 60.0
        early = self.state.limits.thread_archive_after_s
        if early is not None:
            seconds = min(seconds, early)
        start = thread.active_at or thread.created_at
        assert start is not None
        return start + timedelta(seconds=seconds)

    def sweep(self) -> list[Channel]:
        """Archive every thread whose inactivity has run out; returns them."""
        now = self.state.clock.now()
        done = []
        for channel in list(self.state.channels.values()):
            if not channel.is_thread:
                continue
            due = self.archives_at(channel)
            if due is not None and due <= now:
                self.archive(channel, at=due)
                done.append(channel)
        return done

    def archive(self, thread: Channel, *, locked: bool | None = None,
                at: datetime | None = None) -> None:
        """Archive ``thread`` (now, or as of ``at``), locking or unlocking it if asked."""
        thread.archived = True
        thread.archived_at = at or self.state.clock.now()
        if locked is not None:
            thread.locked = locked
        self.announce(thread)

    def unarchive(self, thread: Channel) -> None:
        thread.archived = False
        thread.archived_at = self.state.clock.now()
        self.touch(thread)
        self.announce(thread)

    def lock(self, thread: Channel, locked: bool = True) -> None:
        thread.locked = locked
        self.announce(thread)

    def announce(self, thread: Channel) -> None:
        self.state.emit("THREAD_UPDATE", thread.payload(), GUILDS)
        self.state.changed()

    # -- what the bot may do -------------------------------------------------------------------
    def before_post(self, thread: Channel, permissions: int) -> None:
        """A message is about to be posted in ``thread``: refuse it if the thread is
        locked (archived, or without MANAGE_THREADS); unarchive an archived thread."""
        if thread.locked and (thread.archived or not permissions & P.MANAGE_THREADS):
            raise locked_error()
        if thread.archived:
            self.unarchive(thread)

    def before_edit(self, thread: Channel, permissions: int) -> None:
        """A message of ``thread`` is about to be edited: not while it is archived, nor
        while it is locked without MANAGE_THREADS."""
        if thread.archived:
            raise archived_error()
        if thread.locked and not permissions & P.MANAGE_THREADS:
            raise locked_error()

    def before_delete(self, thread: Channel, permissions: int) -> None:
        """Deleting works in an archived thread, unless it is also locked (then only for
        moderators)."""
        if thread.archived and thread.locked and not permissions & P.MANAGE_THREADS:
            raise archived_error()
