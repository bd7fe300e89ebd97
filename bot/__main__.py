"""Command-line entry: ``python -m bot [run|replay|bench|demo|render-gallery|check-ledger]``.

Each subcommand lives in its own module and is imported only when used, so
``python -m bot replay`` never imports discord.py or Pillow.
"""

from __future__ import annotations

import importlib
import sys

# name -> "module:function"; each function takes the remaining argv and returns an exit code.
SUBCOMMANDS: dict[str, str] = {
    "run": "bot.runner:main",
    "replay": "bot.replay_cli:main",
    "bench": "bench:main",
    "demo": "bot.demo:main",
    "render-gallery": "renderer.gallery:main",
    "check-ledger": "bot.store.check_ledger:main",
}

USAGE = "usage: python -m bot [" + "|".join(SUBCOMMANDS) + "] [args...]"


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    name = "run"
    if args and not args[0].startswith("-"):
        name = args.pop(0)
    elif args and args[0] in ("-h", "--help"):
        print(USAGE)
        return 0
    target = SUBCOMMANDS.get(name)
    if target is None:
        print(f"unknown command {name!r}; {USAGE}", file=sys.stderr)
        return 2
    module_name, func_name = target.split(":")
    func = getattr(importlib.import_module(module_name), func_name)
    return int(func(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
