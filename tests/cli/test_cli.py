"""The command line as a self-hoster meets it: ``--help`` of every command in plain text,
the commands listed one a line, usage errors in one line with exit status 2 (numbers that
make no sense included), ``--env-file`` naming a missing file, and no warning about voice
libraries the bot never uses."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from bench import BENCHMARKS, SUMMARIES
from bot.__main__ import SUBCOMMANDS, main
from bot.cli import run as runner
from bot.cli.parsing import (
    non_negative,
    positive,
    positive_seconds,
    program,
    public_program,
    spoken,
    whole_number,
)
from bot.config import ConfigError, Settings, read_env_file
from bot.engine.shuffle import verify_command

REPO = Path(__file__).resolve().parents[2]
COMMANDS = [[name] for name in SUBCOMMANDS] + [["bench", name] for name in BENCHMARKS]


@pytest.fixture(autouse=True)
def terminal_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")  # argparse wraps the help to the terminal


def exit_code(argv: list[str]) -> int:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    code = stopped.value.code
    return code if isinstance(code, int) else 1


def test_the_top_help_lists_every_command_on_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(["--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: python -m bot ")
    lines = out.splitlines()
    for name, sub in SUBCOMMANDS.items():
        [line] = [line for line in lines if line.split()[:1] == [name]]
        assert line.split(None, 1)[1] == sub.summary
    assert all(len(line) < 80 for line in lines)


def test_the_bench_help_lists_every_benchmark_on_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code(["bench", "--help"]) == 0
    lines = capsys.readouterr().out.splitlines()
    for name in BENCHMARKS:
        [line] = [line for line in lines if line.split()[:1] == [name]]
        assert line.split(None, 1)[1] == SUMMARIES[name]


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_every_command_has_a_plain_text_help(
        command: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert exit_code([*command, "--help"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: " + " ".join(["python -m bot", *command]))
    description = out.split("\n\n")[1]  # after the usage, before the options
    assert len(description.split()) >= 8 and not description.startswith("options:")
    assert "``" not in out and ":mod:" not in out
    assert all(len(line) < 80 for line in out.splitlines())


#: path options naming a file where a folder is wanted, a folder that cannot be made, a
#: file that is no database... (one command line each)
PATH_ERRORS = [line.split() for line in """\
demo --out /proc/x
demo --out README.md
demo --out README.md/sub
render-gallery README.md
render-gallery /proc/x
bench store --db /proc/x/bench.sqlite3
bench store --db README.md
bench store --db bot
bench load --db README.md
bench load --profile bot
bench load --profile-standin /proc/x/standin.prof""".splitlines()]


@pytest.mark.parametrize("argv", [
    ["nonsense"],
    ["bench"],
    ["bench", "nonsense"],
    ["replay"],
    ["replay", "a.json", "b.json"],
    ["demo", "--deals", "0"],
    ["demo", "--deals", "-1"],
    ["demo", "--deals", "two"],
    ["demo", "--deals", "101"],
    ["demo", "--seed", "-1"],
    ["render-gallery"],
    ["check-ledger", "--db"],
    ["rebuild-ratings", "--db"],
    ["run", "--no-such-option"],
    ["bench", "engine", "--seconds", "0"],
    ["bench", "engine", "--runs", "0"],
    ["bench", "render", "--repeat", "0"],
    ["bench", "ai", "--deals", "0"],
    ["bench", "ai", "--workers", "0"],
    ["bench", "ai", "--bound-deals", "-1"],
    ["bench", "ai", "--seed", "x"],
    ["bench", "store", "--members", "0"],
    ["bench", "load", "--global-limit", "-1"],
    ["bench", "load", "--render-processes", "-1"],
    ["bench", "load", "--runs", "0"],
    *PATH_ERRORS,
], ids=" ".join)
def test_a_usage_error_is_one_line_and_exit_status_2(
        argv: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO)  # README.md and bot/ as in a clone
    assert exit_code(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    [line] = captured.err.splitlines()
    assert line.startswith("python -m bot") and line.endswith("--help)")
    option = next((a for a in argv if a.startswith("--")), None)
    if argv in PATH_ERRORS:  # the path, or its folder that cannot be made
        path = Path(argv[-1])
        assert any(f" {shown}{after}" in line for shown in (path, path.parent)
                   for after in (" ", ":"))
        assert not Path("/proc/x").exists()
    elif option is not None and option != "--no-such-option" and argv[-1] != option:
        assert f"argument {option}: expected " in line


def test_checked_numbers() -> None:
    assert positive("3") == 3 and non_negative("0") == 0 and whole_number(1, 5)("5") == 5
    assert positive_seconds("0.5") == 0.5
    for parse, text in [(positive, "0"), (positive, "-2"), (positive, "1.5"),
                        (non_negative, "-1"), (whole_number(1, 5), "6"),
                        (positive_seconds, "0"), (positive_seconds, "-1"),
                        (positive_seconds, "nan"), (positive_seconds, "inf"),
                        (positive_seconds, "soon")]:
        with pytest.raises(argparse.ArgumentTypeError):
            parse(text)


# -- --env-file --------------------------------------------------------------------------

def test_a_missing_env_file_is_one_line_and_exit_status_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "prod.env"
    assert runner.main(["--env-file", str(missing)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == f"configuration error: env file {missing} does not exist\n"
    assert runner.main(["--env-file", str(tmp_path)]) == 2
    assert capsys.readouterr().err == (
        f"configuration error: env file {tmp_path} is a directory, not a file\n")


def test_a_named_env_file_is_read(tmp_path: Path) -> None:
    env = tmp_path / "prod.env"
    env.write_text("DISCORD_TOKEN=from-file\nTAPP_LOG_LEVEL=debug\n", encoding="utf-8")
    settings = Settings.from_env({}, env_file=env, env_file_required=True)
    assert settings.token == "from-file" and settings.log_level == "DEBUG"
    env.write_bytes(b"DISCORD_TOKEN=\xff\n")
    with pytest.raises(ConfigError, match="not UTF-8"):
        read_env_file(env, required=True)


def test_the_default_env_file_stays_optional(tmp_path: Path) -> None:
    assert read_env_file(tmp_path / ".env") == {}
    (tmp_path / ".env").mkdir()  # a virtual environment called .env: not a settings file
    assert read_env_file(tmp_path / ".env") == {}
    settings = Settings.from_env({"DISCORD_TOKEN": "t"}, env_file=tmp_path / ".env")
    assert settings.token == "t"


# -- the voice warnings ------------------------------------------------------------------

RUN_WITHOUT_DISCORD = textwrap.dedent("""
    import logging, sys
    import discord
    from bot.cli import run as runner
    if sys.argv[1:] == ["unsilenced"]:
        runner.silence_voice_warnings = lambda: None

    async def serve(settings, **options):  # what the real serve does first: make a client
        assert options == {"settle_memory": True}  # as deployed: see bot/collector.py
        discord.Client(intents=discord.Intents.none())
        logging.getLogger("discord.client").warning("another warning")

    runner.serve = serve
    sys.exit(runner.main([]))
""")


def run_without_discord(tmp_path: Path, *args: str) -> str:
    """``python -m bot run`` up to the making of the client; its stderr."""
    env = {**os.environ, "DISCORD_TOKEN": "not-a-real-token",
           "PYTHONPATH": str(REPO), "PYTHONWARNINGS": "ignore"}
    proc = subprocess.run([sys.executable, "-c", RUN_WITHOUT_DISCORD, *args], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=60, check=False)
    assert proc.returncode == 0, proc.stderr
    assert "WARNING discord.client: another warning" in proc.stderr  # others still shown
    return proc.stderr


def test_the_runner_logs_no_voice_warning_but_other_warnings(tmp_path: Path) -> None:
    assert "voice will NOT be supported" not in run_without_discord(tmp_path)


def test_without_silencing_discord_would_warn_about_voice(tmp_path: Path) -> None:
    """The test above would see the warning if there were one to see."""
    from discord.voice_client import has_nacl

    if has_nacl:
        pytest.skip("PyNaCl is installed: discord.py has nothing to warn about")
    stderr = run_without_discord(tmp_path, "unsilenced")
    assert "PyNaCl is not installed, voice will NOT be supported" in stderr


# -- path options ------------------------------------------------------------------------

def test_the_demo_refuses_a_folder_it_cannot_write_in(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An images/ that is a file in the output folder is found before anything runs."""
    (tmp_path / "images").write_text("not a folder", encoding="utf-8")
    assert exit_code(["demo", "--out", str(tmp_path)]) == 2
    [line] = capsys.readouterr().err.splitlines()
    assert f"{tmp_path / 'images'} is a file, not a folder" in line
    assert (tmp_path / "images").read_text(encoding="utf-8") == "not a folder"


def test_the_helps_say_what_the_commands_do(capsys: pytest.CaptureFixture[str]) -> None:
    """demo: alice plays on her panel (she never opens My hand); check-ledger: it
    changes no chip, and says when it migrates an old database."""
    exit_code(["demo", "--help"])
    demo = " ".join(capsys.readouterr().out.split())
    assert "she never needs My hand" in demo and "opens My hand" not in demo
    exit_code(["check-ledger", "--help"])
    ledger = " ".join(capsys.readouterr().out.split())
    assert "It changes no chip, table or deal" in ledger
    assert "changes nothing" not in ledger and "older version" in ledger


# -- the commands named as the user runs them ---------------------------------------------

def executable(folder: Path, name: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("#!/bin/sh\n")
    path.chmod(0o755)
    return path


def test_the_installed_script_is_named_as_typed(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    script = executable(tmp_path / "venv" / "bin", "tapp-bot")
    monkeypatch.setenv("PATH", str(script.parent))
    assert program(str(script), "/usr/bin/python3", cwd="/") == "tapp-bot"
    monkeypatch.setenv("PATH", "/nowhere")  # not on the PATH: as run, from the folder
    assert program(str(script), "/usr/bin/python3", cwd=str(tmp_path)) == "venv/bin/tapp-bot"
    assert program(str(script), "/usr/bin/python3", cwd="/") == str(script)


def test_python_dash_m_names_the_interpreter_actually_used(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``.venv/bin/python -m bot`` (a bare ``python`` may be another one, without the
    bot: ``ModuleNotFoundError``); ``python`` alone where the PATH finds that one."""
    main_py = str(REPO / "bot" / "__main__.py")
    venv_python = executable(tmp_path / ".venv" / "bin", "python")
    monkeypatch.setenv("PATH", "/nowhere")
    assert program(main_py, str(venv_python), cwd=str(tmp_path)) == ".venv/bin/python -m bot"
    monkeypatch.setenv("PATH", str(venv_python.parent))  # an activated venv
    assert program(main_py, str(venv_python), cwd=str(tmp_path)) == "python -m bot"


def test_another_program_gets_the_modules_words() -> None:
    assert program("/usr/bin/pytest", "/usr/bin/python3") == "python -m bot"
    assert spoken("see python -m bot run --help", "tapp-bot") == "see tapp-bot run --help"
    assert spoken("x .venv/bin/python -m bot run", "tapp-bot") == "x .venv/bin/python -m bot run"


@pytest.mark.parametrize("how", ["module", "script"])
def test_the_help_and_the_errors_name_the_command_as_it_ran(
        how: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """As run here: the venv's Python (``-m bot``) or its ``tapp-bot`` script (the
    script's name differs from the code's ``python -m bot``: the words are replaced)."""
    script = Path(sys.executable).parent / "tapp-bot"
    if how == "script" and not script.exists():
        pytest.skip("the tapp-bot script is not installed beside this Python")
    command = [str(script)] if how == "script" else [sys.executable, "-m", "bot"]
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    env = {**os.environ, "PATH": "/usr/bin:/bin"}
    result = subprocess.run([*command, "replay", "--bogus", "x"], cwd=REPO, env=env,
                            capture_output=True, text=True, timeout=60, check=False)
    shown = (program(str(script), sys.executable, cwd=str(REPO)) if how == "script"
             else program(str(REPO / "bot" / "__main__.py"), sys.executable, cwd=str(REPO)))
    assert shown.endswith("tapp-bot" if how == "script" else " -m bot")
    assert result.returncode == 2
    assert result.stderr.startswith(f"{shown} replay: unrecognized arguments: --bogus "), \
        result.stderr


def test_a_hint_shown_to_players_never_holds_a_full_path_of_the_host() -> None:
    assert public_program("/home/tapp/tapp-bot/.venv/bin/python -m bot") == "python -m bot"
    assert public_program("/opt/tapp/bin/tapp-bot") == "tapp-bot"
    assert public_program(".venv/bin/python -m bot") == ".venv/bin/python -m bot"
    assert public_program("tapp-bot") == "tapp-bot"


def test_the_verify_hint_names_the_program_given() -> None:
    command = verify_command("zuger", None, {}, "ab" * 32, None, program="tapp-bot")
    assert command == f"tapp-bot verify --variant zuger --seed {'ab' * 32}"
