"""``python -m bot demo`` plays a table of every variant through the stand-in, with no
token and no network, and leaves images, a transcript and the standings. The transcript
tells what happened in the order it happened. Its database goes to PostgreSQL and back
with ``migrate-db``, check-ledger saying the same of all three."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.cli.parsing import program, public_program
from tests.postgres import PgServer

REPO = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class DemoRun:
    out: Path
    stdout: str
    transcript: str


#: someone else's files and folders in the demo's output folder and in its images/
#: (path -> content; a folder ends with /): the demo leaves them as they were
FOREIGN = {"photo.jpg": b"mine", "notes/todo.txt": b"keep", "tapp.sqlite3.bak": b"old",
           "images/photo.jpg": b"me", "images/holiday/001-beach.jpg": b"sun",
           "images/empty/": b""}


def place_foreign(out: Path) -> None:
    for name, data in FOREIGN.items():
        path = out / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith("/"):
            path.mkdir()
        else:
            path.write_bytes(data)


def foreign_unchanged(out: Path) -> bool:
    return all((out / n).is_dir() if n.endswith("/") else (out / n).read_bytes() == data
               for n, data in FOREIGN.items())


def run_demo(out: Path, deals: int) -> DemoRun:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(out.parent)}  # no token anywhere
    result = subprocess.run([sys.executable, "-m", "bot", "demo", "--out", str(out),
                             "--deals", str(deals)], cwd=REPO, env=env, capture_output=True,
                            text=True, timeout=180, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    return DemoRun(out, result.stdout, (out / "transcript.txt").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> DemoRun:
    out = tmp_path_factory.mktemp("demo") / "demo-out"
    place_foreign(out)
    return run_demo(out, deals=2)


def demo_images(out: Path) -> list[Path]:
    return sorted(p for p in (out / "images").iterdir() if re.match(r"\d{3}-", p.name))


def test_the_demo_plays_every_variant(demo: DemoRun) -> None:
    lines = demo.stdout.splitlines()
    assert lines[0].startswith("played 4 tables")
    # the computers' level, said: the demo's, and the bot's own default
    said = "the computers play at level easy (the bot's default is normal; --level chooses)"
    assert lines[1] == said and said in demo.transcript
    assert all(" after 1 rated deals" not in line and "(s)" not in line for line in lines)
    tables = [line for line in lines if line.strip().startswith("table ")]
    assert [t.split("(")[1].split(",")[0] for t in tables] == [
        "zuger", "tapp1879", "dapp", "wuerttemberg"]
    assert all("closed" in t and "alice" in t for t in tables)
    assert any("leaderboard" in line and "alice" in line for line in lines)
    rated = [line.strip() for line in lines if line.strip().startswith("rating in zuger #")]
    assert any("alice" in line for line in rated) and any("computer (" in line
                                                          for line in rated)
    # the deal of the day: bob, then alice, on the same cards, ranked on them
    daily = [line for line in lines if line.strip().startswith("deal of the day")]
    assert sorted(line.split(": ")[1].split()[0] for line in daily) == ["alice", "bob"]
    # a small series: both play its first deal on the same cards; alice closes it
    series = [line.strip() for line in lines if line.strip().startswith("series 1 #")]
    assert sorted(line.split(": ")[1].split()[0] for line in series) == ["alice", "bob"]
    assert all(line.endswith("% (matchpoints)") for line in series)
    transcript = demo.transcript
    for words in ("Zuger Tapp", "Tapp 1879", "Dapp", "Württemberg", "only alice sees",
                  "Final chips", "===== Deal of the day", "alice types: /tapp daily play",
                  "only bob sees", "Your place so far:** ", " of 2 · ",
                  "alice types: /tapp daily standings", "===== A series",
                  "alice types: /tapp series open", "bob types: /tapp series play",
                  "Commitment to the deals: ", "The deals' seed: `",
                  # one deal review: the progress line, then the review, alice's alone
                  "alice clicks [Review my play]", "decisions judged",
                  "Review of deal 1 (Zuger Tapp): alice", "**Every decision:**"):
        assert words in transcript, words
    # once the rest is hers whatever the others do, alice claims it, and it is settled
    assert transcript.count("alice clicks [Claim") == 1
    assert "alice claimed" in transcript and "the bot proved it" in transcript
    # her live panel carries alice from action to action: she never opens My hand
    assert "alice clicks [My hand]" not in transcript
    assert transcript.count("(alice's private panel shows her turn: she acts there)") > 20
    images = demo_images(demo.out)
    kinds = {p.name.split("-", 1)[1] for p in images}
    assert {"table.jpg", "hand.jpg", "result.jpg", "series.png"} <= kinds
    assert all(p.read_bytes()[:3] == b"\xff\xd8\xff" for p in images if p.suffix == ".jpg")
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in images
               if p.suffix == ".png")  # the series table: text, lossless


def messages(transcript: str) -> list[str]:
    """The transcript's messages (a header line and the lines indented under it)."""
    return re.split(r"\n(?=\[)", transcript)


def test_each_result_comes_before_the_table_moves_on(demo: DemoRun) -> None:
    """The thread shows a deal's result (with its last trick), then the table's next
    deal, as the bot posts them, and the transcript in that order."""
    sections = demo.transcript.split("\n===== ")[1:5]  # the four tables
    for section in sections:
        shown = messages(section)
        [result] = [i for i, m in enumerate(shown) if "Deal 1: result" in m]
        next_deal = min(i for i, m in enumerate(shown) if "· deal 2\n" in m)
        assert result < next_deal, section.splitlines()[0]
        if "thrown in" not in shown[result]:  # (a deal everybody passed has no trick)
            assert re.search(r"\n    \*\*Trick \d+:\*\* .*; .* takes it\n", shown[result])


def test_the_first_private_message_does_not_send_alice_to_my_hand(demo: DemoRun) -> None:
    panels = [m for m in messages(demo.transcript)
              if "only alice sees" in m and "Your hand (seat 1)" in m]
    assert panels and all("Use *My hand*" not in m for m in panels)
    assert "    The game has started.\n    Your hand (seat 1)" in demo.transcript


def test_the_last_trick_button_waits_for_a_trick(demo: DemoRun) -> None:
    tables = [m for m in messages(demo.transcript) if "[buttons: My hand" in m]
    bidding = [m for m in tables if "**Trick " not in m]
    assert bidding and all("Last trick" not in m for m in bidding)
    assert any("Last trick" in m for m in tables if "**Trick 1:** " in m and "takes it" in m)


def test_amounts_have_one_minus_sign_and_add_up(demo: DemoRun) -> None:
    results = [m for m in messages(demo.transcript) if ": result\n" in m and "This deal:" in m]
    assert results
    for message in results:
        assert not re.search(r" -\d", message.split("[image")[0]), message
    # Tapp 1879 ends with the pot shared: its last result adds up its deals; the closing
    # message adds the share
    tapp = demo.transcript.split("===== Tapp 1879")[1].split("=====")[0]
    totals: dict[str, int] = {}
    for message in messages(tapp):
        if "This deal:" not in message:
            continue
        for name, amount in re.findall(r"(alice|Computer \d) ([+\u2212]?\d+)",
                                       message.split("This deal:")[1].split("\n")[0]):
            totals[name] = totals.get(name, 0) + int(amount.replace("\u2212", "-"))
        so_far = message.split("Session so far:")[1].split("\n")[0]
        shown = {n: int(a.replace("\u2212", "-"))
                 for n, a in re.findall(r"(alice|Computer \d) ([+\u2212]?\d+)", so_far)}
        assert shown == totals, message


def test_the_verify_hint_is_a_whole_command(demo: DemoRun,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Named as the demo ran (the venv's Python, from the clone: ``.venv/bin/python -m
    bot`` as the README writes it; never a full path of the host)."""
    commands = re.findall(r"Check the deal: `([^`]+)`", demo.transcript)
    assert len(commands) == 8  # 4 tables of 2 deals
    monkeypatch.setenv("PATH", "/usr/bin:/bin")  # the demo's
    bot = public_program(program(str(REPO / "bot" / "__main__.py"), sys.executable,
                                 cwd=str(REPO)))
    assert bot.endswith("python -m bot") and not bot.startswith("/")
    for command in commands:
        assert re.fullmatch(re.escape(bot) + r" verify --variant \w+ --players \d"
                            r"( --deck \d+)? --seed [0-9a-f]{64} --commitment [0-9a-f]{64}",
                            command), command


def bot(*args: str) -> str:
    """``python -m bot ARGS``'s output; it must succeed."""
    done = subprocess.run([sys.executable, "-m", "bot", *args], cwd=REPO, text=True,
                          capture_output=True, timeout=300, check=False)
    assert done.returncode == 0, (args, done.stdout, done.stderr[-3000:])
    return done.stdout


async def round_trip(server: PgServer, database: Path, back: Path) -> list[str]:
    """check-ledger of the demo's database, of its copy in PostgreSQL and of the copy
    of that back in SQLite."""
    async with server.database(empty=True) as url:
        there = await asyncio.to_thread(bot, "migrate-db", "--from", str(database), "--to", url)
        home = await asyncio.to_thread(bot, "migrate-db", "--from", url, "--to", str(back))
        assert there.endswith(": proven\n") and home.endswith(": proven\n")
        checked = await asyncio.to_thread(bot, "check-ledger", "--db", url)
    return [bot("check-ledger", "--db", str(database)), checked,
            bot("check-ledger", "--db", str(back))]


def test_the_demo_database_goes_to_postgresql_and_back(demo: DemoRun, pg_server: PgServer,
                                                       tmp_path: Path) -> None:
    checks = asyncio.run(round_trip(pg_server, demo.out / "tapp.sqlite3",
                                    tmp_path / "back.sqlite3"))
    assert checks[0] == checks[1] == checks[2]
    assert checks[0].startswith("checked ") and checks[0].endswith(" settled deals: OK\n")


def test_the_demo_leaves_other_files_as_they_were_and_replaces_its_own(demo: DemoRun) -> None:
    """A rerun in the same folder replaces the earlier run's output, and only that.
    (Last in the module: it reruns the demo in the folder the other tests read.)"""
    out = demo.out
    assert foreign_unchanged(out)
    first = demo_images(out)
    again = run_demo(out, deals=1)
    assert foreign_unchanged(out)
    images = demo_images(out)
    shown = int(again.stdout.split("; ")[1].split()[0])  # "...; N images and ..."
    assert len(images) == shown < len(first)  # the earlier run's images are gone
    assert "Deal 2: result" not in again.transcript  # a transcript of this run
    listed = set((out / ".tapp-demo").read_text().splitlines()[1:])
    assert {f"images/{p.name}" for p in images} | {"transcript.txt", "tapp.sqlite3"} <= listed
    assert not any(name.rstrip("/") in listed for name in FOREIGN)
