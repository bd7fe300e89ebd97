"""``python -m bot replay FILE|-``: replay a deal record and print its result as JSON.

Exit 0 with one JSON object on stdout; exit 2 with one line on stderr (nothing on stdout)
for an illegal action, a malformed record or an unknown option (``records.md``).
"""

from __future__ import annotations

import json
import sys
from typing import Any

from bot.cli.parsing import Parser
from bot.engine.errors import TappError
from bot.engine.record import replay

DESCRIPTION = """\
Replay a deal record (a JSON object: the variant, the hands dealt and every action
taken) and print its result as one JSON object: the contract, points, tricks, payments,
and for an unfinished deal who is to act and what they may do.

Exit status 0; or 2, with one line on standard error and nothing on standard output,
for an illegal action or a malformed record. The format is described in
docs/records.md.

examples:
  python -m bot replay tests/engine/examples/example-zuger-0.json
  python -m bot replay - < deal.json
"""


def one_line(text: str) -> str:
    """Escape control characters (a record's strings may hold newlines)."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class RecordUnreadable(Exception):
    """A record file that cannot be read as JSON (its message is one line)."""


def read_record(path: str) -> Any:
    """The JSON of a record file (``-``: standard input); raises
    :class:`RecordUnreadable` with one line saying why it cannot be read."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as exc:
        raise RecordUnreadable(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise RecordUnreadable("invalid record: not UTF-8 text") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise RecordUnreadable("invalid record: JSON nested too deeply") from None
    except ValueError as exc:
        raise RecordUnreadable(f"invalid record: not JSON ({one_line(str(exc))})") from None


def main(argv: list[str]) -> int:
    parser = Parser(prog="python -m bot replay", description=DESCRIPTION)
    parser.add_argument("record", metavar="FILE",
                        help="the deal record, a JSON file; - reads it from standard input")
    path: str = parser.parse_args(argv).record
    try:
        record = read_record(path)
    except RecordUnreadable as exc:
        print(exc, file=sys.stderr)
        return 2
    try:
        out = replay(record)
    except RecursionError:
        print("invalid record: nested too deeply", file=sys.stderr)
        return 2
    except TappError as exc:
        msg = str(exc)
        if not msg.startswith("action "):
            msg = f"invalid record: {msg}"
        print(one_line(msg), file=sys.stderr)
        return 2
    print(json.dumps(out))
    return 0
