"""The tables on Discord: what each message of a table shows (view models, panels), and
the :class:`Display` that sends it (per-table queues and retries, live panels, pings,
notices, the admission of clicks, the answers to them, thread and permission trouble).

The table service (:mod:`bot.tables`) knows nothing of Discord; it hands each change to
the display, which renders off the event loop and sends.
"""

from .answers import Answer
from .disclosure import Disclosure, MessageKind
from .display import Display

__all__ = ["Answer", "Disclosure", "Display", "MessageKind"]
