"""What every ``python -m bot`` command line shares: a parser whose help keeps its
paragraphs and whose errors are one line and which names the commands as this process
was started (:func:`program`), a parser for a command with subcommands, the checked
number types of the numeric options, and the checks of path options.

Only the standard library is imported, so ``python -m bot replay`` stays light.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
import tempfile
import textwrap
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, NoReturn

#: the commands as the code's own texts write them (help, examples, errors)
MODULE_COMMAND = "python -m bot"
#: the installed script (``[project.scripts]`` in pyproject.toml)
SCRIPT = "tapp-bot"
_WRITTEN = re.compile(r"(?<![\w/.-])python -m bot\b")


def program(argv0: str | None = None, executable: str | None = None, *,
            cwd: str | None = None) -> str:
    """The bot's command as this process was started, for the hints it prints: the
    installed ``tapp-bot`` script, or the interpreter actually used with ``-m bot``
    (e.g. ``.venv/bin/python -m bot``: a bare ``python`` may be another one, without the
    bot). Each is shown as a person would type it (:func:`typed`). A process that is not
    the bot's command line (a test, another program) gets :data:`MODULE_COMMAND`."""
    argv0 = sys.argv[0] if argv0 is None else argv0
    executable = sys.executable if executable is None else executable
    if os.path.basename(argv0) in (SCRIPT, f"{SCRIPT}.exe"):
        return typed(argv0, SCRIPT, cwd=cwd)
    if argv0.replace(os.sep, "/").endswith("/bot/__main__.py") and executable:
        return f"{typed(executable, os.path.basename(executable), cwd=cwd)} -m bot"
    return MODULE_COMMAND


def public_program(command: str | None = None) -> str:
    """``command`` (by default :func:`program`'s) as it may be shown to anyone (a Discord
    message): a command in a full path of this machine (its folders are nobody's
    business) becomes its bare name, ``tapp-bot`` or ``python -m bot``."""
    command = program() if command is None else command
    if not os.path.isabs(command.split(" ", 1)[0]):
        return command
    return MODULE_COMMAND if command.endswith(" -m bot") else SCRIPT


def typed(path: str, name: str, *, cwd: str | None = None) -> str:
    """``path`` as a person would type it: ``name`` alone where the ``PATH`` finds that
    very file, else relative to the working folder when inside it, else in full."""
    full = os.path.abspath(path)
    found = shutil.which(name)
    if found is not None and os.path.abspath(found) == full:
        return name
    here = os.path.abspath(cwd or os.getcwd())
    return os.path.relpath(full, here) if full.startswith(here + os.sep) else full


def spoken(text: str, command: str | None = None) -> str:
    """``text`` with the commands it writes ``python -m bot ...`` named as ``command``
    (by default :func:`program`'s)."""
    command = program() if command is None else command
    return text if command == MODULE_COMMAND else _WRITTEN.sub(command, text)


class HelpFormatter(argparse.HelpFormatter):
    """argparse's formatter, but a description or epilog keeps its paragraphs (blank
    lines), and a paragraph with a line starting with two spaces (a list, an example) is
    kept as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        blocks = []
        for block in textwrap.dedent(text).strip().split("\n\n"):
            lines = block.splitlines()
            if any(line.startswith("  ") for line in lines):
                blocks.append("\n".join(indent + line for line in lines))
            else:
                blocks.append(super()._fill_text(block, width, indent))
        return "\n\n".join(blocks)


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` whose usage errors are one line on stderr, exit status 2,
    and whose texts name the commands as this process was started (:func:`spoken`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        for key in ("prog", "usage", "description", "epilog"):
            if isinstance(kwargs.get(key), str):
                kwargs[key] = spoken(kwargs[key])
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def command_parser(prog: str, description: str, commands: Mapping[str, str], *,
                   metavar: str = "COMMAND", title: str = "commands",
                   usage: str | None = None) -> Parser:
    """A parser for the help and the errors of a command with subcommands: its help lists
    ``commands`` (name -> one line); each subcommand parses its own arguments."""
    width = max(map(len, commands)) + 2
    listing = "\n".join(f"  {name:<{width}}{summary}" for name, summary in commands.items())
    parser = Parser(prog=prog, usage=usage or f"%(prog)s [-h] {metavar} [ARGS...]",
                    description=f"{description}\n\n{title}:\n{listing}",
                    epilog=f"ARGS: the options of {metavar} (see {prog} {metavar} --help)")
    parser.add_argument("command", metavar=metavar, choices=list(commands),
                        help=f"one of the {title} above")
    return parser


def whole_number(minimum: int, maximum: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number from ``minimum`` (to ``maximum``)."""
    if maximum is not None:
        wanted = f"a whole number from {minimum} to {maximum}"
    elif minimum == 1:
        wanted = "a positive whole number"
    else:
        wanted = f"a whole number >= {minimum}"

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected {wanted}, not {text!r}") from None
        if value < minimum or (maximum is not None and value > maximum):
            raise argparse.ArgumentTypeError(f"expected {wanted}, not {text}")
        return value

    return parse


def positive_seconds(text: str) -> float:
    """An argparse ``type``: a number of seconds greater than 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected a number of seconds > 0, not {text!r}") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, not {text}")
    return value


positive = whole_number(1)
non_negative = whole_number(0)


# -- paths -------------------------------------------------------------------------------
# A path option's mistake (a file where a folder is wanted, a folder that cannot be made,
# a file in a missing or read-only folder) is a usage error like any other: one line
# naming the path and the reason, exit status 2, before anything is written.

def _reason(error: OSError) -> str:
    return (error.strerror or str(error)).lower()


def output_folder(parser: argparse.ArgumentParser, path: Path) -> Path:
    """``path`` as a folder to write in, made if missing, or a usage error."""
    if path.exists() and not path.is_dir():
        parser.error(f"{path} is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=path):
            pass
    except OSError as error:
        parser.error(f"cannot write in the folder {path}: {_reason(error)}")
    return path


def output_file(parser: argparse.ArgumentParser, path: Path) -> Path:
    """``path`` as a file to write (its folder made if missing), or a usage error."""
    if path.is_dir():
        parser.error(f"{path} is a folder, not a file")
    output_folder(parser, path.parent)
    return path


SQLITE_HEADER = b"SQLite format 3\x00"


def sqlite_file(parser: argparse.ArgumentParser, path: Path, *,
                must_exist: bool = False) -> Path:
    """``path`` as an SQLite database: missing (unless ``must_exist``: then an error),
    empty, or a file that starts as SQLite files do; anything else is a usage error."""
    if not path.exists():
        if must_exist:
            parser.error(f"no database at {path}")
        return output_file(parser, path)
    if path.is_dir():
        parser.error(f"{path} is a folder, not a database file")
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_HEADER))
    except OSError as error:
        parser.error(f"cannot read {path}: {_reason(error)}")
    if head and head != SQLITE_HEADER:
        parser.error(f"{path} is not an SQLite database")
    return path
