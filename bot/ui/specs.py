"""The plain data every message of the bot is built from (no Discord objects: the
display turns them into those, :mod:`bot.ui.outgoing`): buttons and selects with their
``custom_id``, images to render, one message's embed, content and components, and the
laying out of components in Discord's rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from bot.engine import SeatView, TrickView
from bot.usertext import safe

PRIMARY, SECONDARY, SUCCESS, DANGER = "primary", "secondary", "success", "danger"
ROW_WIDTH, MAX_ROWS, MAX_OPTIONS = 5, 5, 25
#: colours of the table embeds
COLOUR_LOBBY, COLOUR_PLAY, COLOUR_RESULT, COLOUR_CLOSED = 0x3B82F6, 0x15803D, 0xCA8A04, 0x6B7280
#: Discord's most characters in an embed's description
DESCRIPTION_MAX = 4096


def clip(lines: Sequence[str], limit: int = DESCRIPTION_MAX) -> str:
    """Lines joined, cut at a line end with an ellipsis to stay within ``limit``."""
    out: list[str] = []
    size = 0
    for line in lines:
        if size + len(line) + 1 > limit - 2:
            out.append("…")
            break
        out.append(line)
        size += len(line) + 1
    return "\n".join(out)


@dataclass(frozen=True, slots=True)
class ButtonSpec:
    custom_id: str
    label: str
    style: str = SECONDARY
    disabled: bool = False
    row: int | None = None


@dataclass(frozen=True, slots=True)
class SelectSpec:
    custom_id: str
    placeholder: str
    options: tuple[tuple[str, str], ...]  # (label, value)
    min_values: int = 1
    max_values: int = 1
    row: int | None = None
    chosen: frozenset[str] = frozenset()  # the values shown as chosen


Component = ButtonSpec | SelectSpec


class ImageKind(StrEnum):
    HAND = "hand"
    TABLE = "table"
    TRICK = "trick"
    RESULT = "result"
    HANDS = "hands"  # a finished deal's hands as dealt


@dataclass(frozen=True, slots=True)
class ImageSpec:
    """An image to render."""

    kind: ImageKind
    view: SeatView
    names: tuple[str, ...]
    style: str
    language: str | None = None
    chips: tuple[int, ...] | None = None
    trick: TrickView | None = None
    show_hands: bool = False


@dataclass(frozen=True, slots=True)
class EmbedModel:
    """One embed: title, description, inline fields, footer, an image to render."""

    description: str
    title: str | None = None
    colour: int | None = None
    image: ImageSpec | None = None
    footer: str | None = None
    fields: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True, slots=True)
class MessageModel:
    """One message: an embed (title, description, fields), optional plain content (used
    for mentions), an image and components."""

    description: str
    title: str | None = None
    fields: tuple[tuple[str, str], ...] = ()
    content: str | None = None
    colour: int | None = None
    image: ImageSpec | None = None
    components: tuple[Component, ...] = ()
    view: SeatView | None = None  # the view the text and image come from
    shown: frozenset[int] = frozenset()  # cards named in text and components
    mentions: tuple[int, ...] = ()  # members the content mentions
    silent: bool = False  # posted without a notification (a member in quiet hours)

    @property
    def embed(self) -> EmbedModel | None:
        """The message's embed (None: a message of plain content, such as a ping)."""
        if not self.description and not self.title and self.image is None:
            return None
        return EmbedModel(self.description, self.title, self.colour, self.image,
                          fields=self.fields)


def shown_names(names: Sequence[str]) -> tuple[str, ...]:
    """Seat names as message text may show them (see :func:`bot.usertext.safe`); images
    take the names as they are."""
    return tuple(safe(name) for name in names)


def rows(buttons: Sequence[ButtonSpec], selects: Sequence[SelectSpec] = (),
          trailing: Sequence[ButtonSpec] = ()) -> tuple[Component, ...]:
    """Lay components out: each select on a row of its own, buttons five to a row,
    ``trailing`` buttons on a last row. Raises if Discord's five rows do not suffice."""
    out: list[Component] = []
    row = 0
    for select in selects:
        out.append(_with_row(select, row))
        row += 1
    for i, button in enumerate(buttons):
        out.append(_with_row(button, row + i // ROW_WIDTH))
    row += -(-len(buttons) // ROW_WIDTH)
    for i, button in enumerate(trailing):
        out.append(_with_row(button, row + i // ROW_WIDTH))
    row += -(-len(trailing) // ROW_WIDTH)
    if row > MAX_ROWS:
        raise ValueError(f"{row} rows of components; Discord allows {MAX_ROWS}")
    return tuple(out)


def _with_row(component: Component, row: int) -> Component:
    if isinstance(component, ButtonSpec):
        return ButtonSpec(component.custom_id, component.label, component.style,
                          component.disabled, row)
    return SelectSpec(component.custom_id, component.placeholder, component.options,
                      component.min_values, component.max_values, row)


# -- the lobby and the table message --------------------------------------------------
