"""``python -m bot.ai [N]``: baseline self-play measurements (see :mod:`bot.ai.selfplay`)."""

import sys

from .selfplay import main

sys.exit(main())
