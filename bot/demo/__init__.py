"""``python -m bot demo``: the one place in ``bot/`` that reaches the local Discord
stand-in (``standin/``), to show the bot without a token or a network. Nothing else in
``bot/`` imports the stand-in."""
