"""``python -m bot backup``: a copy taken while the bot writes holds every committed
move, also those still in the -wal file; mistakes are one line; a failed backup leaves
an earlier one as it was."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.store import Store
from bot.store.backup_cli import backup


def rows(path: Path) -> int:
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT count(*) FROM moves").fetchone()[0])


def writer(path: Path) -> sqlite3.Connection:
    """A connection as the bot's: WAL mode, and (here) no checkpoint by itself."""
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode = WAL")
    conn.execute("PRAGMA wal_autocheckpoint = 0")
    conn.execute("CREATE TABLE IF NOT EXISTS moves (n INTEGER)")
    return conn


def test_the_backup_holds_the_moves_still_in_the_wal(tmp_path: Path) -> None:
    db = tmp_path / "tapp.sqlite3"
    conn = writer(db)
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.executemany("INSERT INTO moves VALUES (?)", [(n,) for n in range(500)])
    # copying the main file alone (the mistake the README warns of) misses them
    shutil.copyfile(db, tmp_path / "copied.sqlite3")
    assert rows(tmp_path / "copied.sqlite3") == 0
    version, size = backup(db, tmp_path / "backup.sqlite3")
    assert rows(tmp_path / "backup.sqlite3") == 500 and size > 0 and version == 0
    assert not (tmp_path / "backup-wal").exists()
    assert not list(tmp_path.glob(".backup.sqlite3.partial*"))
    conn.close()


async def test_the_command_copies_the_bots_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "data" / "tapp.sqlite3"
    async with await Store.open(db) as store:
        schema = store.schema_version
    monkeypatch.setenv("TAPP_DATABASE", str(db))  # as the bot finds it (Docker: /data)
    target = tmp_path / "backups" / "monday.sqlite3"
    assert main(["backup", str(target)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"backed up {db} (schema version ") and str(target) in out
    with sqlite3.connect(target) as copy:
        assert copy.execute("PRAGMA quick_check").fetchone()[0] == "ok"
        version = copy.execute("PRAGMA user_version").fetchone()[0]
        assert version == schema >= 9
        assert copy.execute("PRAGMA journal_mode").fetchone()[0] == "delete"


def exit_code(argv: list[str]) -> int:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    return int(stopped.value.code or 0)


def test_mistakes_are_one_line_and_exit_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "tapp.sqlite3"
    writer(db).close()
    text = tmp_path / "notes.txt"
    text.write_text("not a database", encoding="utf-8")
    for argv, reason in [
        (["backup", "--db", str(tmp_path / "none.sqlite3"), "b.sqlite3"], "no database at"),
        (["backup", "--db", str(text), str(tmp_path / "b.sqlite3")], "is not an SQLite"),
        (["backup", "--db", str(db), str(tmp_path)], "is a folder, not a file"),
        (["backup", "--db", str(db), "/proc/x/b.sqlite3"], "cannot write in the folder"),
        (["backup", "--db", str(db), str(db)], "is the database itself"),
    ]:
        assert exit_code(argv) == 2, argv
        captured = capsys.readouterr()
        [line] = captured.err.splitlines()
        assert line.startswith("python -m bot backup: ") and reason in line, line
    assert text.read_text(encoding="utf-8") == "not a database"


def test_a_failed_backup_keeps_the_earlier_one(tmp_path: Path) -> None:
    db = tmp_path / "tapp.sqlite3"
    conn = writer(db)
    conn.execute("INSERT INTO moves VALUES (1)")
    target = tmp_path / "backup.sqlite3"
    backup(db, target)
    conn.close()
    damaged = tmp_path / "damaged.sqlite3"  # an SQLite header, then garbage
    damaged.write_bytes(db.read_bytes()[:100] + b"\xff" * 8000)
    with pytest.raises(sqlite3.DatabaseError):
        backup(damaged, target)
    assert rows(target) == 1 and not list(tmp_path.glob(".backup*"))


def test_postgresql_is_backed_up_with_pg_dump(capsys: pytest.CaptureFixture[str],
                                              tmp_path: Path) -> None:
    assert main(["backup", str(tmp_path / "x.sqlite3"), "--db", "postgresql://u:pw@h/tapp"]) == 2
    err = capsys.readouterr().err
    assert "pg_dump" in err and "pw" not in err and not (tmp_path / "x.sqlite3").exists()
