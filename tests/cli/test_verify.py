"""``python -m bot verify``: a deal recomputed from its seed, checked against the
commitment and a record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli.verify import main
from bot.engine import Deal
from bot.engine.shuffle import commitment

SEED = bytes(range(100, 132))


def test_the_seed_gives_the_record_and_the_commitment(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = Deal.new("dapp", players=4, seed=SEED, dealer=2)
    record = tmp_path / "deal.json"
    record.write_text(json.dumps(deal.to_record()))
    assert main(["--seed", SEED.hex(), "--record", str(record),
                 "--commitment", commitment(SEED)]) == 0
    out = capsys.readouterr().out
    assert "the commitment matches" in out and "the record was dealt from this seed" in out
    for seat, hand in enumerate(deal.to_record()["hands"]):
        assert f"seat {seat}: " in out and all(card in out for card in hand)


def test_another_seed_or_commitment_is_caught(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "deal.json"
    record.write_text(json.dumps(Deal.new("zuger", seed=SEED).to_record()))
    other = bytes(32)
    assert main(["--seed", other.hex(), "--record", str(record)]) == 1
    assert "NOT dealt from this seed" in capsys.readouterr().out
    assert main(["--seed", SEED.hex(), "--variant", "zuger", "--commitment", "ab"]) == 1
    assert main(["--seed", "xyz", "--variant", "zuger"]) == 2
    assert main(["--seed", "ab", "--variant", "zuger"]) == 2
    assert main(["--seed", SEED.hex()]) == 2  # no variant, no record


@pytest.mark.parametrize("text", [
    "[1, 2]", '{"options": "abc"}', "null", '"deal"', "42", "{}", '{"variant": "zuger"}',
    '{"variant": "skat", "dealer": 0, "hands": [], "talon": []}',
    '{"variant": "zuger", "dealer": 0, "hands": 5, "talon": []}',
    '{"variant": "zuger", "dealer": 0, "hands": [["AH"]], "talon": []}',
    '{"variant": "zuger", "dealer": 0, "hands": [], "talon": [], "options": {"players": "x"}}',
    "not json", "[" * 100_000,
])
def test_a_file_that_is_not_a_deal_record_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> None:
    """Exit 1 means "does not match": a file that is not a deal record is a usage error
    (exit 2) told in one line, never a traceback."""
    record = tmp_path / "deal.json"
    record.write_text(text)
    assert main(["--seed", SEED.hex(), "--record", str(record)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_record_with_an_illegal_action_is_not_a_deal_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = Deal.new("zuger", seed=SEED).to_record()
    data["actions"] = [{"seat": 0, "action": "play", "card": "AH"}] * 3
    record = tmp_path / "deal.json"
    record.write_text(json.dumps(data))
    assert main(["--seed", SEED.hex(), "--record", str(record)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("invalid record: ") and len(err.strip().splitlines()) == 1


def test_a_missing_record_file_is_one_line(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--seed", SEED.hex(), "--record", str(tmp_path / "none.json")]) == 2
    assert capsys.readouterr().err.startswith("cannot read ")
