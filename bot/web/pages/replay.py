"""A finished deal step by step: its result, the bidding, the hands as dealt, each trick
as the renderer draws it, the published seed and the ``verify`` command, the record.

A deal in play is "not found" like any unknown deal: the standings service returns a
settled deal only. The pictures of a deal are drawn once, for every visitor."""

from __future__ import annotations

import json
from typing import Any

from aiohttp import web

from bot.cli.parsing import public_program
from bot.engine.shuffle import verify_command
from bot.i18n import signed, t
from bot.i18n.words import render_labels
from bot.settings import WebAccess
from bot.standings import StandingsService
from bot.standings.errors import StandingsError
from bot.standings.models import DealReplay
from bot.standings.replay import ReplayImages, render_replay, steps
from bot.standings.words import contract_name, variant_name
from renderer import Labels, RenderedImage

from ..access import known_id
from ..errors import NotFound
from ..pictures import Drawings
from .shared import (
    Site,
    Visit,
    cache_control,
    image_language,
    picture,
    settled_image,
    shown_name,
    when,
)

#: finished deals whose pictures are kept (one deal's: about 0.6 MB, a Zuger deal's as JPEG)
REPLAYS_KEPT = 48


class Replays:
    """``/servers/{guild}/deals/{deal}``, its tricks, images and record; and the same
    pages for any finished deal another page kind hands over (:meth:`deal_page` ...)."""

    def __init__(self, site: Site, standings: StandingsService,
                 drawings: Drawings[ReplayImages]) -> None:
        self.site = site
        self.standings = standings
        self.drawings = drawings

    # -- a table's deal ------------------------------------------------------------------
    async def _replay(self, visit: Visit, request: web.Request) -> DealReplay:
        deal_id = known_id(request.match_info["deal"])
        try:
            return await self.standings.replay(visit.guild_id, deal_id)
        except StandingsError:  # unknown, of another server, in play, abandoned: the same
            raise NotFound("web.error.no_deal") from None

    def _base(self, visit: Visit, replay: DealReplay) -> str:
        return f"{visit.server_url}/deals/{replay.deal_id}"

    async def deal(self, request: web.Request) -> web.Response:
        visit = await self.site.enter(request)
        if (kept := self.site.kept(visit)) is not None:
            return kept
        replay = await self._replay(visit, request)
        return await self.deal_page(visit, replay, self._base(visit, replay))

    async def trick(self, request: web.Request) -> web.Response:
        visit = await self.site.enter(request)
        if (kept := self.site.kept(visit)) is not None:
            return kept
        replay = await self._replay(visit, request)
        return await self.trick_page(visit, replay, self._base(visit, replay),
                                     request.match_info["trick"])

    async def deal_image(self, request: web.Request) -> web.Response:
        visit = await self.site.enter(request)
        replay = await self._replay(visit, request)
        return await self.image(visit, replay, request)

    async def record(self, request: web.Request) -> web.Response:
        """The deal's record, as ``python -m bot replay`` and ``verify --record`` read it."""
        visit = await self.site.enter(request)
        return self.record_file(visit, await self._replay(visit, request))

    # -- any finished deal ---------------------------------------------------------------
    async def pictures(self, replay: DealReplay, language: str, kind: str = "deal"
                       ) -> ReplayImages:
        """The deal's pictures in ``language``, drawn once; ``kind`` tells whose ids
        ``replay.deal_id`` holds (a table's deal, a series' run: the ids may meet)."""
        labels = Labels(render_labels(language))
        return await self.drawings.get(
            ("replay", kind, replay.deal_id, language, replay.deck_style),
            lambda: render_replay(replay, labels))

    async def deal_page(self, visit: Visit, replay: DealReplay, base: str, *,
                        kind: str = "deal", heading: str | None = None, **extra: Any
                        ) -> web.Response:
        """The deal's page at ``base`` (its tricks at ``base/tricks/N``, its images at
        ``base/images/NAME.jpg``, its record at ``base/record.json``)."""
        lang = visit.language
        pictures = await self.pictures(replay, lang, kind)
        labels = Labels(render_labels(lang))
        contract = replay.result.get("contract")
        seats = []
        for seat, (name, user, chips) in enumerate(zip(replay.names, replay.user_ids,
                                                       replay.chips, strict=False)):
            seats.append({"seat": seat + 1, "name": shown_name(name, lang),
                          "chips": signed(chips),
                          "href": None if user is None
                          else f"{visit.server_url}/members/{user}"})
        command = None
        if replay.seed and replay.commitment:
            command = verify_command(replay.variant, len(replay.record.get("hands") or ()),
                                     replay.record.get("options") or {}, replay.seed,
                                     replay.commitment, program=public_program())
        overview = [picture(f"{base}/images/{n}.jpg", lang, p.image)
                    for n, p in zip(("hands", "auction"), pictures.overview, strict=True)]
        tricks = [{"n": i, "href": f"{base}/tricks/{i}"}
                  for i in range(1, len(pictures.tricks) + 1)]
        return self.site.html(
            visit, "deal.html", section="deal",
            heading=heading or t("standings.replay.title", lang, deal=replay.deal_id,
                                 variant=variant_name(replay.variant, lang),
                                 contract=contract_name(replay.variant, contract, lang)),
            when=when(replay.ended_at), seats=seats,
            pot=None if replay.pot_change is None else signed(replay.pot_change),
            steps=steps(replay, lang, labels, plain=True), overview=overview, tricks=tricks,
            seed=replay.seed, commitment=replay.commitment, command=command,
            record=f"{base}/record.json", **extra)

    async def trick_page(self, visit: Visit, replay: DealReplay, base: str, text: str, *,
                         kind: str = "deal", title: str | None = None, **extra: Any
                         ) -> web.Response:
        """Trick ``text`` (its number, from the path) of the deal at ``base``."""
        lang = visit.language
        pictures = await self.pictures(replay, lang, kind)
        count = len(pictures.tricks)
        number = trick_number(text, count)
        return self.site.html(
            visit, "trick.html", section="deal",
            heading=t("web.trick.title", lang, number=number,
                      deal=replay.deal_id if title is None else title),
            picture=picture(f"{base}/images/trick-{number:02d}.jpg", lang,
                            pictures.tricks[number - 1].image),
            deal_href=base, number=number, count=count,
            previous=f"{base}/tricks/{number - 1}" if number > 1 else None,
            next=f"{base}/tricks/{number + 1}" if number < count else None, **extra)

    async def image(self, visit: Visit, replay: DealReplay, request: web.Request, *,
                    kind: str = "deal", public: bool = True) -> web.Response:
        """The image the path names (``hands``, ``auction``, ``trick-NN``), cached as a
        settled deal's picture: by every cache where the server's pages are public and
        ``public`` (the deal is open to every visitor), else by the visitor's browser
        only."""
        pictures = await self.pictures(replay, image_language(request), kind)
        name = request.match_info["image"]
        image: RenderedImage
        if name == "hands":
            image = pictures.overview[0].image
        elif name == "auction":
            image = pictures.overview[1].image
        elif name.startswith("trick-"):
            image = pictures.tricks[trick_number(name[6:], len(pictures.tricks)) - 1].image
        else:
            raise NotFound()
        return settled_image(request, image, public=public and visit.admission.access
                             is WebAccess.PUBLIC)

    def record_file(self, visit: Visit, replay: DealReplay, *, name: str | None = None
                    ) -> web.Response:
        response = web.Response(
            text=json.dumps(replay.record, indent=2, ensure_ascii=False),
            content_type="application/json", charset="utf-8")
        response.headers["Cache-Control"] = cache_control(visit)
        response.headers["Content-Disposition"] = \
            f'attachment; filename="{name or f"deal-{replay.deal_id}"}.json"'
        return response


def trick_number(text: str, count: int) -> int:
    if not text.isascii() or not text.isdigit() or len(text) > 3:
        raise NotFound("web.error.no_trick")
    number = int(text)
    if not 1 <= number <= count:
        raise NotFound("web.error.no_trick")
    return number
