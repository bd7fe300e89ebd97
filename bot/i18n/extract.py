"""Development tool: ``python -m bot.i18n.extract`` writes the template
``bot/i18n/locale/tapp.pot`` from the English catalogue, the first step of the
translation workflow (``docs/translations.md``): then ``pybabel update`` brings every
language's .po file up to date with it. The English texts live in
``locale/en/LC_MESSAGES/tapp.po`` (not in the code, which names keys), so this takes the
place of ``pybabel extract``.
"""

from __future__ import annotations

import sys

from .pofiles import TEMPLATE, read_entries, write_template


def main() -> int:
    count = write_template(read_entries("en"))
    print(f"wrote {count} entries to {TEMPLATE}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
