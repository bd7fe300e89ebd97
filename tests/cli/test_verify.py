"""``python -m bot verify``: a deal recomputed from its seed, checked against the
commitment and a record."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bot.cli.verify import main
from bot.engine import Deal
from bot.engine.cards import iter_bits
from bot.engine.shuffle import commitment
from bot.i18n.words import Words

SEED = bytes(range(100, 132))


def test_the_seed_gives_the_record_and_the_commitment(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deal = Deal.new("dapp", players=4, seed=SEED, dealer=2)
    record = tmp_path / "deal.json"
    record.write_text(json.dumps(deal.to_record()))
    assert main(["--seed", SEED.hex(), "--record", str(record),
                 "--commitment", commitment(SEED), "--notation", "record"]) == 0
    out = capsys.readouterr().out
    assert "the commitment matches" in out and "the record was dealt from this seed" in out
    lines = out.splitlines()
    for seat, hand in enumerate(deal.to_record()["hands"]):  # as the record has them
        assert f"seat {seat}: {' '.join(hand)}" in lines
    assert f"talon: {' '.join(deal.to_record()['talon'])}" in lines


@pytest.mark.parametrize("variant,style", [("zuger", "swiss"), ("dapp", "german"),
                                           ("tapp1879", "french"),
                                           ("wuerttemberg", "german")])
def test_the_hands_are_told_as_the_table_tells_them(
        variant: str, style: str, capsys: pytest.CaptureFixture[str]) -> None:
    """By default the seats are numbered from 1, as the table's "Seat 1", and the cards
    are named as the table names them, in the variant's own deck."""
    deal = Deal.new(variant, seed=SEED)
    assert main(["--seed", SEED.hex(), "--variant", variant]) == 0
    lines = capsys.readouterr().out.splitlines()
    words = Words(None, variant, style)
    seats = [f"Seat {seat + 1}: {words.cards(iter_bits(hand))}"
             for seat, hand in enumerate(deal.dealt)]
    assert lines[1:] == [*seats, f"Talon: {words.cards(iter_bits(deal.dealt_talon))}"]
    record = {*deal.to_record()["talon"], *(c for h in deal.to_record()["hands"] for c in h)}
    assert not any(card in " ".join(lines[1:]).split() for card in record)
    assert lines[0] == f"commitment {commitment(SEED)}"


def test_another_deck_style_names_the_cards_of_that_deck(
        capsys: pytest.CaptureFixture[str]) -> None:
    deal = Deal.new("zuger", seed=SEED)
    assert main(["--seed", SEED.hex(), "--variant", "zuger", "--deck-style", "french"]) == 0
    out = capsys.readouterr().out
    assert f"Seat 1: {Words(None, 'zuger', 'french').cards(iter_bits(deal.dealt[0]))}\n" in out
    assert "\u2663" in out and "\U0001f330" not in out  # clubs, not acorns


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


def test_a_series_deal_is_dealt_again_from_the_series_seed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from bot.series import SeriesSpec, series_deal

    spec = SeriesSpec.build("wuerttemberg", players=4, deals=12, days=7, level="easy",
                            options={"deck": 32})
    deal = series_deal(spec, SEED, 7)
    record = tmp_path / "deal.json"
    record.write_text(json.dumps(deal.to_record()))
    assert main(["--seed", SEED.hex(), "--series-deal", "7", "--record", str(record),
                 "--commitment", commitment(SEED), "--notation", "record"]) == 0
    out = capsys.readouterr().out
    assert "the commitment matches" in out and "the record was dealt from this seed" in out
    for seat, hand in enumerate(deal.to_record()["hands"]):
        assert f"seat {seat}: {' '.join(hand)}" in out.splitlines()
    assert main(["--seed", SEED.hex(), "--series-deal", "6", "--record", str(record)]) == 1
    capsys.readouterr()
    assert main(["--seed", SEED.hex(), "--variant", "zuger", "--series-deal", "0"]) == 2
    assert capsys.readouterr().err.startswith("--series-deal: ")
