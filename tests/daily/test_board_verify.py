"""A past day's table publishes the day's seed in a ``verify`` command to paste as it
is: the layout, the seed and the commitment the panels showed that day."""

from __future__ import annotations

import hashlib
import re
import shlex
from datetime import date
from fractions import Fraction

import pytest

from bot.cli import verify as verify_cli
from bot.daily.board_messages import day_message
from bot.daily.models import DayBoard
from bot.daily.scoring import Placing
from bot.store.daily import DailyScore

SEED = bytes(range(32))


@pytest.mark.parametrize("language", [None, "de", "sv"])
def test_the_day_s_seed_comes_in_a_whole_verify_command(
        language: str | None, capsys: pytest.CaptureFixture[str]) -> None:
    score = DailyScore(day="2026-11-26", user_id=1, chips=3, finished_at=0.0, run_id=1,
                       result={})
    placing = Placing(score=score, rank=1, matchpoints=2, percent=Fraction(1))
    board = DayBoard(day=date(2026, 11, 26), is_today=False, variant="zuger", seat=0,
                     finished=1, playing=0, placings=(placing,), viewer_finished=True,
                     seed=SEED.hex(), commitment=hashlib.sha256(SEED).hexdigest())
    text = "\n".join(e.description for e in day_message(board, language).embeds)
    [command] = re.findall(r"`(python -m bot verify [^`]+)`", text)
    args = shlex.split(command)[4:]
    assert args == ["--variant", "zuger", "--seed", SEED.hex(),
                    "--commitment", hashlib.sha256(SEED).hexdigest()]
    assert verify_cli.main(args) == 0
    capsys.readouterr()
