"""The command line: ``python -m bot`` (or the installed ``tapp-bot``) and its commands
that are not a feature's own: running the bot, replaying and verifying a deal, the health
check, and the argument parsing they share. Each command's module is imported only when
that command runs."""
