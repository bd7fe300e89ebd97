"""``python -m bot demo`` plays a table of every variant through the stand-in, with no
token and no network, and leaves images, a transcript and the standings."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def test_the_demo_plays_every_variant(tmp_path: Path) -> None:
    out = tmp_path / "demo-out"
    env = {"PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}  # no token anywhere
    result = subprocess.run([sys.executable, "-m", "bot", "demo", "--out", str(out),
                             "--deals", "1"], cwd=REPO, env=env, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr[-3000:]
    lines = result.stdout.splitlines()
    assert lines[0].startswith("played 4 tables")
    tables = [line for line in lines if line.strip().startswith("table ")]
    assert [t.split("(")[1].split(",")[0] for t in tables] == [
        "zuger", "tapp1879", "dapp", "wuerttemberg"]
    assert all("closed" in t and "alice" in t for t in tables)
    assert any("leaderboard" in line and "alice" in line for line in lines)
    # the deal of the day: bob, then alice, on the same cards, ranked on them
    daily = [line for line in lines if line.strip().startswith("deal of the day")]
    assert sorted(line.split(": ")[1].split()[0] for line in daily) == ["alice", "bob"]
    transcript = (out / "transcript.txt").read_text(encoding="utf-8")
    for words in ("Zuger Tapp", "Tapp 1879", "Dapp", "Württemberg", "only alice sees",
                  "Final chips", "===== Deal of the day", "alice types: /tapp daily",
                  "only bob sees", "Your place so far:** ", " of 2 · ",
                  "alice types: /tapp daily-standings"):
        assert words in transcript, words
    # once the rest is hers whatever the others do, alice claims it, and it is settled
    assert transcript.count("alice clicks [Claim") == 1
    assert "alice claimed" in transcript and "the bot proved it" in transcript
    # her live panel carries alice from action to action: she never opens My hand
    assert "alice clicks [My hand]" not in transcript
    assert transcript.count("(alice's private panel shows her turn: she acts there)") > 20
    images = sorted((out / "images").iterdir())
    kinds = {p.name.split("-", 1)[1] for p in images}
    assert {"table.jpg", "hand.jpg", "result.jpg"} <= kinds
    assert all(p.read_bytes()[:3] == b"\xff\xd8\xff" for p in images)
