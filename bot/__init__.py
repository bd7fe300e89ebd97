"""The Tapp bot: a self-hosted Discord bot for the trick-taking card game Tapp."""

__version__ = "0.1.0"
