"""The bot's side of the Discord connection: the client and its shards, keeping under
Discord's rate limits and invalid-request budget, Discord's clock, the permissions the bot
needs, answering interactions, and the one format of every component's ``custom_id``."""
