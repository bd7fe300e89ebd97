"""The commands and links of the README and of every page in ``docs/``, as written: each
``python -m bot`` command (``.venv/bin/python -m bot`` in the README, ``bash .ci/bot``,
the README's one set-up-and-run command) names a real subcommand whose ``--help`` works
and knows the options shown, every link and anchor leads somewhere, and the set-up and
test commands are those of ``.ci/bot`` and ``.ci/test``.

The commands run in a subprocess of the current interpreter (standing in for
``.venv/bin/python``); the ``--help`` ones all in one, as ``python -m bot`` runs them
(``runpy``), so that discord.py is imported once: a few seconds in all.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import NamedTuple

import pytest

from bench import BENCHMARKS
from bot.__main__ import SUBCOMMANDS
from bot.cli.parsing import program

REPO = Path(__file__).resolve().parents[1]
README = REPO / "README.md"
DOCS = REPO / "docs"
CI_TEST = REPO / ".ci" / "test"
CI_BOT = REPO / ".ci" / "bot"
VENV_PYTHON = ".venv/bin/python"
BOT = f"{VENV_PYTHON} -m bot"
#: the ways a page may start a bot command: the README's set-up-and-run script, the
#: venv's Python, and (in docs/, such as the records contract) plain ``python -m bot``
LAUNCHERS = ("bash .ci/bot", BOT, "python -m bot")


def readme() -> str:
    return README.read_text(encoding="utf-8")


def pages() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


def shell_blocks(text: str) -> list[list[str]]:
    """The lines of every ```sh block (also those indented in a list item)."""
    blocks = re.findall(r"^( *)```sh\n(.*?)^\1```", text, flags=re.M | re.S)
    return [[line.strip() for line in body.splitlines() if line.strip()]
            for _indent, body in blocks]


def shell_commands(text: str | None = None) -> list[str]:
    return [line for block in shell_blocks(readme() if text is None else text)
            for line in block]


def bot_args(command: str) -> list[str] | None:
    """The arguments after the launcher, or None for a line that runs no bot command;
    leading ``VAR=value`` assignments are passed over."""
    words = shlex.split(command.split("  #", 1)[0])
    while words and re.fullmatch(r"[A-Z_]+=\S*", words[0]):
        words.pop(0)
    line = " ".join(words)
    for launcher in LAUNCHERS:
        if line == launcher or line.startswith(launcher + " "):
            return words[len(launcher.split()):]
    return None


def page_commands(text: str) -> list[list[str]]:
    found = [*shell_commands(text),
             *re.findall(r"`([^`\n]*(?:python -m bot|bash \.ci/bot)[^`\n]*)`", text)]
    return [args for command in found
            if (args := bot_args(command)) is not None and "..." not in command]


def bot_commands() -> list[list[str]]:
    """Every bot command the README and docs/ show, in code blocks or inline code, as
    argument lists after ``-m bot``."""
    return [args for page in pages() for args in page_commands(page.read_text("utf-8"))]


def subcommand_of(args: list[str]) -> tuple[str, ...]:
    """The (sub)command an argument list names: ``()`` for ``python -m bot --help``,
    ``("run",)``, ``("bench", "load")``... (``bench NAME``, a placeholder: ``("bench",)``)"""
    if args[:1] in (["-h"], ["--help"]):
        return ()
    if not args or args[0].startswith("-"):
        return ("run",)
    if args[0] == "bench" and len(args) > 1 and not args[1].startswith("-") and (
            not args[1].isupper()):
        return ("bench", args[1])
    return (args[0],)


class Outcome(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


def run_bot(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "bot", *args], cwd=REPO,
                          capture_output=True, text=True, timeout=120, check=False)


#: runs ``python -m bot ARGS`` for each ARGS of a JSON list in this one process: the exit
#: status, stdout and stderr of each, as JSON
RUN_MANY = """
import contextlib, io, json, runpy, sys
results = []
for args in json.loads(sys.argv[1]):
    sys.argv, out, err, code = ["bot", *args], io.StringIO(), io.StringIO(), 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            runpy.run_module("bot", run_name="__main__", alter_sys=True)
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
    results.append([code, out.getvalue(), err.getvalue()])
print(json.dumps(results))
"""


@cache
def helps() -> dict[tuple[str, ...], Outcome]:
    """``--help`` of every (sub)command the README shows, and of ``python -m bot``."""
    wanted = sorted({subcommand_of(args) for args in bot_commands()} | {()})
    proc = subprocess.run(
        [sys.executable, "-c", RUN_MANY, json.dumps([[*cmd, "--help"] for cmd in wanted])],
        cwd=REPO, capture_output=True, text=True, timeout=120, check=True)
    return {cmd: Outcome(*result)
            for cmd, result in zip(wanted, json.loads(proc.stdout), strict=True)}


def test_the_readme_runs_the_bot_from_the_venv() -> None:
    """The README installs the bot in .venv only: every command it shows runs the
    venv's Python or .ci/bot (in the Docker image the bot is its Python's)."""
    text = readme()
    bare = re.findall(r"(?<!\.venv/bin/)(?<!docker exec tapp )\bpython3? -m bot\b", text)
    assert bare == []
    assert len(page_commands(text)) >= 5
    for command in shell_commands():  # any other Python or pip is the venv's
        if command.startswith(("python", "pip")):
            assert command == "python3 -m venv .venv"
        assert not command.startswith((".venv/bin/pip", "source", ". .venv"))


def test_the_readme_starts_with_its_contents_and_the_demo() -> None:
    """A newcomer reads what it is, the contents, then the demo: before the install,
    the tests and the rest; and the README stays short."""
    text = readme()
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    assert headings[:3] == ["Contents", "Try it: the demo, no token", "Run the bot"]
    assert headings.index("Run the bot") < headings.index("Run the tests")
    assert shell_commands(text)[0] == "bash .ci/bot demo"
    assert len(text.splitlines()) <= 300
    contents = text.split("## Contents", 1)[1].split("\n## ", 1)[0]
    for heading in headings[1:]:
        assert f"(#{anchor(heading)})" in contents, heading


def test_every_subcommand_and_benchmark_is_documented() -> None:
    shown = {subcommand_of(args) for args in bot_commands()}
    for name in SUBCOMMANDS:
        assert (name,) in shown, f"{name} is not documented"
    benchmarks = readme().split("## Benchmarks", 1)[1].split("\n## ", 1)[0]
    for name in BENCHMARKS:
        assert f"`{name}`" in benchmarks
        listed = (DOCS / "benchmarks.md").read_text("utf-8")
        assert f"- `{name}`:" in listed or f"## `{name}`" in listed, name
    assert "bench NAME" in benchmarks and "docs/benchmarks.md" in benchmarks


def test_the_commands_shown_are_real_with_a_working_help() -> None:
    # as python -m bot runs (the runpy above): its help names the interpreter it ran,
    # e.g. .venv/bin/python -m bot
    bot = program(str(REPO / "bot" / "__main__.py"), sys.executable, cwd=str(REPO))
    for command, proc in helps().items():
        shown = " ".join((bot, *command))
        assert proc.returncode == 0, (shown, proc.stderr)
        assert proc.stderr == "", (shown, proc.stderr)
        assert proc.stdout.startswith(f"usage: {shown} "), (shown, proc.stdout)
        assert "``" not in proc.stdout, shown  # plain text, not reST


def test_the_options_shown_are_known_to_their_command() -> None:
    for args in bot_commands():
        help_text = helps()[subcommand_of(args)].stdout
        for option in (a.split("=")[0] for a in args if a.startswith("--")):
            assert f"{option} " in help_text or option == "--help", (args, option)


def test_the_configuration_table_is_in_the_run_help() -> None:
    table = readme().split("### Configuration", 1)[1].split("\n#", 1)[0]
    variables = re.findall(r"^\| `([A-Z_]+)` \|", table, flags=re.M)
    assert "DISCORD_TOKEN" in variables
    run_help = helps()[("run",)].stdout
    for variable in variables:
        assert variable in run_help


def test_the_replay_example_runs_as_written() -> None:
    [args] = [a for a in page_commands(readme() + (DOCS / "commands.md").read_text("utf-8"))
              if a[:1] == ["replay"] and a[1:] != ["-"]]
    proc = run_bot(args)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["status"] == "finished"


def anchor(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to '-'."""
    text = re.sub(r"[`*]", "", heading.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    text = re.sub(r"^```.*?^```", "", page.read_text("utf-8"), flags=re.M | re.S)
    return {anchor(h) for h in re.findall(r"^#+ (.+)$", text, flags=re.M)}


@pytest.mark.parametrize("page", pages(), ids=lambda p: str(p.relative_to(REPO)))
def test_the_links_and_anchors_exist(page: Path) -> None:
    text = re.sub(r"^```.*?^```", "", page.read_text("utf-8"), flags=re.M | re.S)
    for target, fragment in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]*))?\)", text):
        if "://" in target or target.startswith("mailto:"):
            continue
        path = (page.parent / target).resolve() if target else page
        assert path.exists(), (page.name, target)
        if fragment and path.suffix == ".md":
            assert fragment in anchors(path), (page.name, target, fragment)


def ci_commands(script: Path = CI_TEST) -> list[str]:
    lines = [line.strip() for line in script.read_text(encoding="utf-8").splitlines()]
    return [line for line in lines
            if line and not line.startswith(("#", "set ", "cd "))]


def test_the_set_up_is_that_of_ci_bot_and_ci_test() -> None:
    """The README's set-up lines are what .ci/bot does (which adds --quiet), and
    .ci/test's but for the test extras."""
    [setup] = [block for block in shell_blocks(readme()) if block[0].startswith("python3")]
    assert setup == ["python3 -m venv .venv",
                     f"{VENV_PYTHON} -m pip install --require-hashes -r requirements/bot.txt",
                     f"{VENV_PYTHON} -m pip install --no-deps -e .",
                     BOT]
    bot_script = [line.replace('"$VENV/bin/python"', VENV_PYTHON).replace('"$VENV"', ".venv")
                  .replace('"$ROOT/', "").replace('"$ROOT"', ".").replace('.txt"', ".txt")
                  .replace("--quiet ", "") for line in ci_commands(CI_BOT)]
    for line in setup[:3]:
        assert line in bot_script, line
    assert bot_script[-1] == f'exec {BOT} "$@"'
    ci = ci_commands()
    assert setup[0] in ci
    installs = [line.replace("--quiet ", "").replace("'.[test]'", ".").replace(
        "requirements/test.txt", "requirements/bot.txt") for line in ci
        if line.startswith(f"{VENV_PYTHON} -m pip install") and "--upgrade" not in line]
    assert installs == setup[1:3]
    # the self-hosting guide sets the bot up the same way, in the clone of its own user
    guide = (DOCS / "self-hosting.md").read_text("utf-8")
    assert ["cd /home/tapp/tapp-bot", *setup[:3]] in shell_blocks(guide)
    # the upgrade steps install the same way
    upgrades = [page.read_text("utf-8").split("## Upgrade", 1)[1].split("\n## ", 1)[0]
                for page in pages() if "## Upgrade\n" in page.read_text("utf-8")]
    assert upgrades and shell_blocks(upgrades[0])[0][:3] == ["git pull", *setup[1:3]]


def test_the_test_command_is_ci_and_described_as_it_is() -> None:
    section = readme().split("## Run the tests", 1)[1].split("\n## ", 1)[0]
    assert shell_blocks(section) == [["bash .ci/test"]]
    ci = ci_commands()
    for tool in ("ruff", "mypy", "pytest"):
        assert f"`{tool}`" in section
        assert any(line.startswith(f"{VENV_PYTHON} -m {tool}") for line in ci), tool
    assert "test extras" in section and any("'.[test]'" in line for line in ci)
    # "arguments go to pytest, e.g. bash .ci/test tests/e2e"
    assert ci[-1] == f'{VENV_PYTHON} -m pytest "$@"'
    assert "`bash .ci/test tests/e2e`" in section and (REPO / "tests" / "e2e").is_dir()


@pytest.mark.parametrize("block", [b for page in pages()
                                   for b in shell_blocks(page.read_text("utf-8"))],
                         ids=lambda b: b[0][:40])
def test_shell_blocks_hold_commands_only(block: list[str]) -> None:
    """One command a line, no prompts or comments to copy by mistake."""
    for line in block:
        assert not line.startswith(("$", "#", ">")), line
