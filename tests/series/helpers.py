"""Members playing their series deals through the service, as the baseline computer
would in their seat."""

from __future__ import annotations

from bot.ai import make_player
from bot.series import SeriesSpec
from bot.series.models import SeriesRunView
from bot.series.service import SeriesService

GUILD = 1


def baseline(run: SeriesRunView) -> str:
    if run.may_decline:
        return "decline"
    return make_player("easy").choose(run.view).token


def spec(deals: int = 6, variant: str = "tapp1879", **kw: object) -> SeriesSpec:
    return SeriesSpec.build(variant, deals=deals, days=7, level="easy", **kw)  # type: ignore[arg-type]


async def play_deal(service: SeriesService, series_id: int, user_id: int,
                    guild_id: int = GUILD, max_steps: int = 300) -> SeriesRunView:
    """Start the member's next deal and play it to its end."""
    run = await service.play(guild_id, series_id, user_id)
    for _ in range(max_steps):
        if run.finished:
            return run
        run = await service.act(guild_id, user_id, run.run_id, run.step, baseline(run))
    raise AssertionError("the deal did not end")
