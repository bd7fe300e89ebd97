"""Shared sample views for the renderer tests (the rules engine's own views)."""

from __future__ import annotations

import pytest

from bot.engine.view import SeatView
from renderer.samples import sample_views

VIEWS: dict[str, SeatView] = sample_views()


@pytest.fixture(params=sorted(VIEWS), ids=str)
def named_view(request: pytest.FixtureRequest) -> tuple[str, SeatView]:
    return request.param, VIEWS[request.param]
