"""Shared sample views for the renderer tests (hand-built and engine-produced)."""

from __future__ import annotations

import pytest

from bot.engine.view import SeatView
from renderer.samples import engine_views, sample_views

BUILT = sample_views()
ENGINE = engine_views()
ALL_VIEWS: dict[str, SeatView] = {**{f"built:{k}": v for k, v in BUILT.items()},
                                  **{f"engine:{k}": v for k, v in ENGINE.items()}}


@pytest.fixture(params=sorted(ALL_VIEWS), ids=str)
def named_view(request: pytest.FixtureRequest) -> tuple[str, SeatView]:
    return request.param, ALL_VIEWS[request.param]
