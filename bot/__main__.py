"""Command-line entry: ``python -m bot [COMMAND] [args...]``, ``run`` by default.

Each subcommand lives in its own module and is imported only when used, so
``python -m bot replay`` never imports discord.py or Pillow. ``python -m bot --help``
lists them; ``python -m bot COMMAND --help`` is each one's own help.
"""

from __future__ import annotations

import importlib
import sys
from typing import NamedTuple

from bot.cli.parsing import Parser, command_parser


class Subcommand(NamedTuple):
    target: str  # "module:function"; the function takes the remaining argv, returns a code
    summary: str  # one line for python -m bot --help


SUBCOMMANDS: dict[str, Subcommand] = {
    "run": Subcommand("bot.cli.run:main", "run the bot (the default command)"),
    "demo": Subcommand("bot.demo.session:main",
                       "play every variant on a local stand-in of Discord, no token"),
    "replay": Subcommand("bot.cli.replay:main",
                         "replay a deal record and print its result as JSON"),
    "verify": Subcommand("bot.cli.verify:main",
                         "recompute a deal from its published seed, to check it"),
    "check-ledger": Subcommand("bot.cli.ledger:check_ledger",
                               "check a database's chip ledger against its deals"),
    "rebuild-ratings": Subcommand("bot.store.rebuild_ratings:main",
                                  "replay every skill rating from the chip ledger"),
    "migrate-db": Subcommand("bot.cli.ledger:migrate_db",
                             "copy the database to PostgreSQL (or back) and prove the copy"),
    "backup": Subcommand("bot.store.backup_cli:main",
                         "copy the SQLite database while the bot runs (a backup)"),
    "web": Subcommand("bot.cli.web:main",
                      "serve the servers' standings and replays as web pages"),
    "health": Subcommand("bot.cli.health:main",
                         "say whether the running bot is connected (for Docker)"),
    "render-gallery": Subcommand("renderer.gallery:main",
                                 "draw one of each image the bot posts, into a folder"),
    "bench": Subcommand("bench:main", "run a benchmark and print its figures"),
}

DESCRIPTION = """\
The Tapp bot: a self-hosted Discord bot for the card game Tapp, and its tools.

Without a command (or with options only, such as --env-file) it runs the bot.
"""


def help_parser() -> Parser:
    """The parser of ``python -m bot`` itself: its help and its errors."""
    return command_parser("python -m bot", DESCRIPTION,
                          {name: sub.summary for name, sub in SUBCOMMANDS.items()},
                          usage="%(prog)s [-h] [COMMAND] [ARGS...]")


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in SUBCOMMANDS:
        name = args.pop(0)
    elif not args or (args[0].startswith("-") and args[0] not in ("-h", "--help")):
        name = "run"  # python -m bot [--env-file PATH]
    else:  # --help, or an unknown command: the parser prints the help or the error
        help_parser().parse_args(args)
        return 2  # not reached: parse_args exits
    module_name, func_name = SUBCOMMANDS[name].target.split(":")
    func = getattr(importlib.import_module(module_name), func_name)
    return int(func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
