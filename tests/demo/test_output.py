"""The demo owns only what it writes in its output folder: a rerun removes the earlier
run's files (named in its marker) and nothing else; a name the demo would write that is
taken by someone else's file, and every other path problem, is one line and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.demo.output import MARKER, DemoOutput, OutputError
from bot.demo.session import main


def foreign(folder: Path) -> dict[str, bytes]:
    """Files and folders of someone else's, in the folder and in its images/: path ->
    content (b"" for a folder)."""
    made = {"photo.jpg": b"mine", "notes/todo.txt": b"keep", "images/photo.jpg": b"me",
            "images/holiday/001-beach.jpg": b"sun", "images/old-table.jpg": b"x",
            "tapp.sqlite3.bak": b"backup", "images/empty/": b""}
    for name, data in made.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith("/"):
            path.mkdir()
        else:
            path.write_bytes(data)
    return made


def unchanged(folder: Path, made: dict[str, bytes]) -> bool:
    return all((folder / n).is_dir() if n.endswith("/") else (folder / n).read_bytes() == d
               for n, d in made.items())


def a_run(output: DemoOutput, images: int) -> None:
    """What a demo run writes, through the output's own writers."""
    output.prepare()
    database = output.claim_database()
    database.write_bytes(b"SQLite format 3\x00")
    for i in range(images):
        output.write_new(output.images / f"{i + 1:03d}-table.jpg", b"\xff\xd8\xff")
    output.write_new(output.transcript, b"transcript\n")


def test_a_rerun_replaces_only_the_demos_own_files(tmp_path: Path) -> None:
    made = foreign(tmp_path)
    output = DemoOutput(tmp_path)
    a_run(output, images=3)
    assert unchanged(tmp_path, made) and output.image_count() == 3
    a_run(output, images=2)  # the earlier run's three images go, the user's stay
    assert unchanged(tmp_path, made)
    assert sorted(p.name for p in (tmp_path / "images").iterdir()) == [
        "001-table.jpg", "002-table.jpg", "empty", "holiday", "old-table.jpg", "photo.jpg"]
    listed = (tmp_path / MARKER).read_text().splitlines()[1:]
    assert sorted(listed) == sorted([
        "tapp.sqlite3", "tapp.sqlite3-wal", "tapp.sqlite3-shm", "tapp.sqlite3-journal",
        "images/001-table.jpg", "images/002-table.jpg", "transcript.txt"])


@pytest.mark.parametrize("name", ["transcript.txt", "tapp.sqlite3", "tapp.sqlite3-wal",
                                  "images/001-hand.jpg"])
def test_a_name_taken_by_someone_elses_file_is_refused(tmp_path: Path, name: str) -> None:
    (tmp_path / "images").mkdir()
    (tmp_path / name).write_bytes(b"theirs")
    with pytest.raises(OutputError, match="was not written by the demo"):
        DemoOutput(tmp_path).prepare()
    assert (tmp_path / name).read_bytes() == b"theirs"


def test_the_marker_names_nothing_outside_the_folder(tmp_path: Path) -> None:
    folder, outside = tmp_path / "out", tmp_path / "precious.txt"
    folder.mkdir()
    outside.write_text("keep")
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "elsewhere" / "001-table.jpg").write_text("keep")
    (folder / "images").symlink_to(tmp_path / "elsewhere")
    (folder / MARKER).write_text(f"../precious.txt\n{outside}\nimages/001-table.jpg\n")
    with pytest.raises(OutputError):  # (images/ now shows someone else's 001-table.jpg)
        DemoOutput(folder).prepare()
    assert outside.read_text() == "keep"
    assert (tmp_path / "elsewhere" / "001-table.jpg").read_text() == "keep"


def test_a_write_never_replaces_a_file(tmp_path: Path) -> None:
    output = DemoOutput(tmp_path)
    output.prepare()
    (tmp_path / "transcript.txt").write_text("theirs")
    with pytest.raises(FileExistsError):
        output.write_new(output.transcript, b"ours")
    assert (tmp_path / "transcript.txt").read_text() == "theirs"


def one_line_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    return err


def test_path_problems_are_one_line_and_exit_2(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    assert "is a file, not a folder" in one_line_exit_2(capsys, ["--out", str(a_file)])
    assert "cannot write" in one_line_exit_2(capsys, ["--out", str(a_file / "sub")])
    images_file = tmp_path / "with-file"
    images_file.mkdir()
    (images_file / "images").write_text("x")
    assert "is a file, not a folder" in one_line_exit_2(capsys, ["--out", str(images_file)])
    taken = tmp_path / "taken"
    taken.mkdir()
    (taken / "transcript.txt").write_text("mine")
    assert "not written by the demo" in one_line_exit_2(capsys, ["--out", str(taken)])
    assert (taken / "transcript.txt").read_text() == "mine"


def test_an_unwritable_images_folder_is_one_line(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The images folder refuses a file, as a read-only one does (made so by refusing the
    demo's write probe: a read-only folder would not refuse root, as whom CI runs)."""
    import bot.demo.output as output

    (tmp_path / "images").mkdir()
    real = output.tempfile.TemporaryFile

    def refuse(*args: object, dir: object = None, **kwargs: object) -> object:  # noqa: A002
        if dir == tmp_path / "images":
            raise PermissionError(13, "Permission denied")
        return real(*args, dir=dir, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(output.tempfile, "TemporaryFile", refuse)
    err = one_line_exit_2(capsys, ["--out", str(tmp_path)])
    assert f"cannot write in the folder {tmp_path / 'images'}: permission denied" in err
