"""Words come from one replaceable mapping; the gallery and the benchmark run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import render as bench_render
from renderer import Labels, render_hand, render_result
from renderer.gallery import main as gallery_main
from renderer.labels import DEFAULT_LABELS
from renderer.samples import sample_names

from .conftest import VIEWS


def test_labels_fall_back_and_accept_overrides() -> None:
    labels = Labels({"contract.solo": "Solo!", "waiting_for": "Warte auf {name}"})
    assert labels.contract("zuger", "solo") == "Solo!"
    assert labels.contract("wuerttemberg", "herz") == "Farbspiel Herz"
    assert labels.contract("dapp", "herz") == "Herz-Spiel"
    assert labels.contract("dapp", "something_new") == "Something new"
    assert labels("no.such.key") == "Key"
    assert labels("waiting_for", name="Anna") == "Warte auf Anna"
    assert labels("waiting_for", wrong="x") == "Warte auf {name}"
    assert all(isinstance(v, str) for v in DEFAULT_LABELS.values())


def test_a_caller_catalogue_changes_the_words_drawn() -> None:
    view = VIEWS["zuger-play"]
    plain = render_hand(view, names=sample_names(4))
    german = render_hand(view, names=sample_names(4),
                         labels={"play_card": "Spiel eine Karte", "card": "{suit}-{rank}"})
    assert plain.data != german.data
    assert "Spiel" not in german.description and "-" in german.description


def test_result_before_the_end_is_an_error() -> None:
    with pytest.raises(ValueError):
        render_result(VIEWS["zuger-play"])


def test_gallery_writes_every_kind(tmp_path: Path) -> None:
    assert gallery_main([str(tmp_path)]) == 0
    images = [p for p in tmp_path.iterdir() if p.suffix in (".jpg", ".png", ".webp")]
    kinds = {p.name.split("_", 1)[0] for p in images}
    assert {"hand", "trick", "table", "result", "result+hands", "hands", "cards",
            "chip"} <= kinds
    world = {p.name.split("_", 1)[0] for p in images if "world" in p.name}
    assert {"hand", "trick", "table", "result", "hands", "chip"} <= world
    assert (tmp_path / "index.html").read_text(encoding="utf-8").count("<img") == len(images)


def test_bench_json_has_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_render.main(["--json", "--repeat", "1"]) == 0
    data = json.loads(capsys.readouterr().out)
    for kind in ("hand", "trick", "table", "result"):
        figures = data["images"][kind]
        assert figures["ms"] > 0 and figures["floor_ms"] > 0 and figures["bytes"] > 1000
        assert figures["format"] == "jpeg"
    assert data["images"]["chart"]["format"] == "png"
    assert data["images"]["hands"]["format"] == "jpeg"
    for kind in ("table-world", "chart-world", "result+hands"):
        assert data["images"][kind]["cold_text_ms"] > 0
    assert data["images"]["table-world"]["cold_world_ms"] > 0


def test_rank_indices_can_be_localised() -> None:
    from renderer.hand import draw_hand

    view = VIEWS["tapp1879-discard"]  # 14 cards incl. courts
    plain = draw_hand(view)
    german = draw_hand(view, labels={"index.french": "6 7 8 9 B D K 10 A"})
    assert plain.tobytes() != german.tobytes()
    assert Labels({"index.swiss": "too few"}).indices("swiss") is None
    same = draw_hand(view, labels={"index.french": "6 7 8 9 J Q K 10 A"})
    assert same.tobytes() == plain.tobytes()
