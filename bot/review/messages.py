"""A review in words and pictures: the costliest moments on the trick they were in (or,
before play, on the member's hand as it was then), every decision in a list.

Everything shown is of a finished deal the member played: its tricks are public by now,
and a hand before play is the member's own view at that moment."""

from __future__ import annotations

from dataclasses import dataclass

from bot.ai.judge import Judgement
from bot.engine import Phase, deal_from_record
from bot.i18n import t
from bot.i18n.words import Words
from renderer import DeckStyle, Labels, RenderedImage, render_hand, render_trick

from .core import DealReview, Reviewed
from .service import ReviewJob

#: the longest list the message holds (Discord: 4096 characters a description)
DESCRIPTION_MAX = 4000


@dataclass(frozen=True, slots=True)
class Picture:
    filename: str
    image: RenderedImage


def chips(value: float) -> str:
    return f"{value:+.2f}".replace("-", "−")


def where(item: Reviewed, words: Words) -> str:
    """``Trick 4`` or ``Auction``: where in the deal the moment was."""
    view = item.moment.view
    if view.phase is Phase.PLAY:
        return words("review.where.trick", n=len(view.tricks) + 1)
    return words(f"review.where.{view.phase.value}")


def line(item: Reviewed, words: Words) -> str:
    """One decision: what was done, and the verdict."""
    j = item.judgement
    did = words.action(item.moment.taken)
    if not j.judged:
        return words("review.line.forced", where=where(item, words), did=did)
    if not j.mistake:
        return words("review.line.good", where=where(item, words), did=did,
                     value=chips(j.value_of(j.taken) or 0.0))
    return words("review.line.mistake", where=where(item, words), did=did,
                 best=words.action(j.best), loss=f"{j.loss:.2f}",
                 value=chips(j.value_of(j.taken) or 0.0), best_value=chips(_best(j)))


def _best(j: Judgement) -> float:
    return j.values[0][1] if j.values else 0.0


def review_text(job: ReviewJob, review: DealReview, words: Words) -> tuple[str, str]:
    """The title and the description of the review's message."""
    title = words("review.title", n=job.number + 1, variant=words.variant_name(),
                  name=job.names[job.seat] or words("review.you"))
    judged = [r for r in review.items if r.judgement.judged]
    bad = review.costliest(len(review.items))
    lines = [words("review.intro"), ""]
    if not review.items:
        lines.append(words("review.nothing"))
        return title, "\n".join(lines)
    lines.append(words("review.summary", n=len(review.items), judged=len(judged),
                       mistakes=len(bad), loss=f"{review.total_loss:.2f}"))
    costly = review.costliest()
    if costly:
        lines += ["", words("review.costliest")]
        lines += [f"{i}. {line(r, words)}" for i, r in enumerate(costly, 1)]
    lines += ["", words("review.all")]
    body = [f"· {line(r, words)}" for r in review.items]
    text = "\n".join(lines)
    for i, entry in enumerate(body):
        if len(text) + len(entry) + 40 > DESCRIPTION_MAX:
            text += "\n" + words("review.more", n=len(body) - i)
            break
        text += "\n" + entry
    return title, text


def review_pictures(job: ReviewJob, review: DealReview, style: str,
                    labels: Labels) -> list[Picture]:
    """The costliest moments' images (blocking: run it off the event loop)."""
    final = deal_from_record(job.record).public_view()
    deck = DeckStyle(style)
    names = list(job.names)
    out = []
    for i, item in enumerate(review.costliest(), 1):
        view = item.moment.view
        number = len(view.tricks)
        if view.phase is Phase.PLAY and number < len(final.tricks):
            image = render_trick(final, final.tricks[number], style=deck, names=names,
                                 labels=labels)
        else:  # before play: the member's hand as it was (their own view)
            image = render_hand(view, style=deck, names=names, labels=labels)
        ext = image.filename.rsplit(".", 1)[-1]
        out.append(Picture(f"review-{job.deal_id}-{i}.{ext}", image))
    return out


def progress_text(done: int, total: int, language: str | None) -> str:
    return t("review.progress", language, done=done, total=total)


__all__ = ["Picture", "line", "progress_text", "review_pictures", "review_text"]
