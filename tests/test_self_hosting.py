"""docs/self-hosting.md, as an operator follows it: the packages a fresh Debian or Ubuntu
lacks, the system user the systemd unit names (with the folder it runs in), the token
file readable by that user only, and the daily backup's cron lines, run here as cron
would run them (``%`` escaping, the dated copy, the pruning of old copies only)."""

from __future__ import annotations

import asyncio
import datetime
import os
import re
import shlex
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from bot.store.backend import open_database

REPO = Path(__file__).resolve().parents[1]
GUIDE = (REPO / "docs" / "self-hosting.md").read_text(encoding="utf-8")


def blocks(kind: str, text: str = GUIDE) -> list[list[str]]:
    """The lines of every ```KIND block."""
    found = re.findall(rf"^( *)```{kind}\n(.*?)^\1```", text, flags=re.M | re.S)
    return [[line.strip() for line in body.splitlines() if line.strip()]
            for _indent, body in found]


def section(title: str) -> str:
    return GUIDE.split(f"\n## {title}\n", 1)[1].split("\n## ", 1)[0]


def unit() -> dict[str, str]:
    [lines] = blocks("ini")
    return dict(line.split("=", 1) for line in lines if "=" in line)


def commands() -> list[str]:
    return [line for block in blocks("sh") for line in block]


def test_the_packages_include_venv_before_the_venv_is_made() -> None:
    lines = commands()
    [install] = [line for line in lines if line.startswith("sudo apt-get install")]
    assert {"python3", "python3-venv"} <= set(install.split()[3:])
    assert lines.index("sudo apt-get update") < lines.index(install)
    assert lines.index(install) < lines.index("python3 -m venv .venv")
    assert "ensurepip is not available" in GUIDE  # what its absence looks like


def test_the_user_and_folder_the_service_names_are_made_first() -> None:
    service = unit()
    user, folder = service["User"], service["WorkingDirectory"]
    assert service["ExecStart"] == f"{folder}/.venv/bin/python -m bot"
    assert service["RestartPreventExitStatus"] == "2"
    lines = commands()
    [add] = [shlex.split(line) for line in lines if line.startswith("sudo useradd")]
    assert add[-1] == user and "--system" in add
    home = add[add.index("--home-dir") + 1]
    assert "--create-home" in add and folder.startswith(home + "/")
    assert add[add.index("--shell") + 1] == "/usr/sbin/nologin"  # no logins as the bot
    [clone] = [shlex.split(line) for line in lines if " git clone " in line]
    assert clone[:3] == ["sudo", "-u", user] and clone[-1] == folder
    # the set-up and the token happen as that user, in that folder
    assert f"sudo -u {user} -H bash" in section("Install it on a Linux machine")
    assert lines.index(f"cd {folder}") < lines.index("python3 -m venv .venv")


def test_the_token_file_is_made_private_before_the_token_is_written() -> None:
    for title in ("Install it on a Linux machine", "Docker Compose"):
        [block] = [b for b in blocks("sh", section(title)) if "chmod 600 .env" in b]
        touch, chmod = block.index("touch .env"), block.index("chmod 600 .env")
        editor = next(i for i, line in enumerate(block) if line.endswith(" .env")
                      and not line.startswith(("touch", "chmod")))
        assert touch < chmod < editor, block


def cron_command(line: str) -> tuple[str, str, str]:
    """(schedule, user, command) of a system crontab line, its command as cron hands it
    to the shell: ``\\%`` becomes ``%``; an unescaped ``%`` would end the command."""
    fields = line.split(None, 6)
    assert len(fields) == 7, line
    command = fields[6]
    assert re.search(r"(?<!\\)%", command) is None, f"an unescaped % ends the command: {line}"
    return " ".join(fields[:5]), fields[5], command.replace("\\%", "%")


def cron_lines() -> list[str]:
    return [line for block in blocks("cron") for line in block if not line.startswith("#")]


def test_every_cron_line_runs_daily_with_its_percent_signs_escaped() -> None:
    lines = cron_lines()
    assert len(lines) == 3  # SQLite, SQLite in Docker, PostgreSQL with Compose
    for line in lines:
        schedule, user, command = cron_command(line)
        minute, hour, *every = schedule.split()
        assert every == ["*", "*", "*"] and 0 <= int(minute) < 60 and 0 <= int(hour) < 24
        assert user in (unit()["User"], "root")
        assert "$(date +%Y-%m-%d)" in command and "-mtime +14 -delete" in command


def old(path: Path, days: float) -> Path:
    path.write_bytes(b"")
    stamp = time.time() - days * 86400
    os.utime(path, (stamp, stamp))
    return path


async def test_the_daily_backup_writes_a_dated_copy_and_prunes_only_old_ones(
        tmp_path: Path) -> None:
    """The SQLite cron line, run by the shell as cron runs it, in a copy of the bot's
    folder: today's copy is written and whole, copies past 14 days go, the rest stay."""
    _schedule, user, command = cron_command(cron_lines()[0])
    assert user == unit()["User"]
    folder = tmp_path / "tapp-bot"
    db = await open_database(folder / "data" / "tapp.sqlite3")
    await db.close()
    backups = folder / "backups"
    backups.mkdir()
    stale = old(backups / "tapp-2020-01-01.sqlite3", 20)
    recent = old(backups / "tapp-2020-01-02.sqlite3", 3)
    foreign = old(backups / "notes.txt", 40)
    command = command.replace(unit()["WorkingDirectory"], str(folder)).replace(
        ".venv/bin/python", shlex.quote(sys.executable))
    env = {k: v for k, v in os.environ.items() if not k.startswith("TAPP_")}
    done = await asyncio.to_thread(
        subprocess.run, ["sh", "-c", command], capture_output=True, text=True, env=env,
        timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "" and done.stderr == ""  # nothing for cron to mail
    today = backups / f"tapp-{datetime.date.today().isoformat()}.sqlite3"
    with sqlite3.connect(today) as copy:
        assert copy.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        assert copy.execute("PRAGMA user_version").fetchone()[0] > 0
    assert not stale.exists()
    assert recent.exists() and foreign.exists()
