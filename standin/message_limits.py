"""Discord's limits on a message body (create, edit, interaction response): content,
embeds, attachments, and (through :mod:`standin.component_limits`) components; and the
message flags.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .component_limits import check_components
from .errors import FormErrors
from .form_checks import Path, check_count, check_length

if TYPE_CHECKING:
    from .limits import Limits

FLAG_EPHEMERAL = 64
FLAG_LOADING = 128
FLAG_COMPONENTS_V2 = 1 << 15


def check_message(
    payload: dict[str, Any], limits: Limits, errors: FormErrors, *, file_sizes: list[int]
) -> None:
    """Content, embeds, attachments and components of a message body (create or edit)."""
    content = payload.get("content")
    if content is not None:
        check_length(errors, ("content",), content, 0, limits.content)
    embeds = payload.get("embeds")
    if embeds is not None:
        check_embeds(check_count(errors, ("embeds",), embeds, 0, limits.embeds), limits, errors)
    if len(file_sizes) > limits.attachments:
        errors.add(
            ("files",), "BASE_TYPE_BAD_LENGTH", f"Must be {limits.attachments} or fewer in length."
        )
    for index, size in enumerate(file_sizes):
        if size > limits.attachment_bytes:
            errors.add(
                (f"files[{index}]",),
                "BASE_TYPE_MAX_LENGTH",
                f"File cannot be larger than {limits.attachment_bytes} bytes.",
            )
    components = payload.get("components")
    if components is not None:
        v2 = bool(int(payload.get("flags") or 0) & FLAG_COMPONENTS_V2)
        check_components(components, limits, errors, v2=v2)


def check_embeds(embeds: list[Any], limits: Limits, errors: FormErrors) -> None:
    total = 0
    for i, embed in enumerate(embeds):
        if not isinstance(embed, dict):
            errors.add(
                ("embeds", i), "MODEL_TYPE_CONVERT", "Only dictionaries may be used in a ModelType"
            )
            continue
        parts: list[tuple[Path, Any, int]] = [
            (("embeds", i, "title"), embed.get("title"), limits.embed_title),
            (("embeds", i, "description"), embed.get("description"), limits.embed_description),
            (
                ("embeds", i, "footer", "text"),
                (embed.get("footer") or {}).get("text"),
                limits.embed_footer,
            ),
            (
                ("embeds", i, "author", "name"),
                (embed.get("author") or {}).get("name"),
                limits.embed_author,
            ),
        ]
        fields = embed.get("fields") or []
        check_count(errors, ("embeds", i, "fields"), fields, 0, limits.embed_fields)
        for j, field in enumerate(fields):
            parts.append(
                (("embeds", i, "fields", j, "name"), field.get("name"), limits.embed_field_name)
            )
            parts.append(
                (("embeds", i, "fields", j, "value"), field.get("value"), limits.embed_field_value)
            )
            for key in ("name", "value"):
                if not field.get(key):
                    errors.add(
                        ("embeds", i, "fields", j, key),
                        "BASE_TYPE_REQUIRED",
                        "This field is required",
                    )
        for path, text, high in parts:
            if text is not None:
                check_length(errors, path, text, 0, high)
                total += len(text) if isinstance(text, str) else 0
    if total > limits.embed_total:
        errors.add(
            ("embeds",), "MAX_EMBED_SIZE_EXCEEDED", "Embed size exceeds maximum size of 6000"
        )

