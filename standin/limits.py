"""Discord's size limits on what a bot sends, checked with Discord-shaped form errors.

The numbers live in :class:`Limits` so a test can tighten one; the checks add to a
:class:`~standin.errors.FormErrors` and the caller raises it (400, code 50035). They live
in :mod:`standin.message_limits` (message bodies, message flags),
:mod:`standin.component_limits` (components, modals, component types) and
:mod:`standin.command_limits` (application commands, autocomplete choices), and are
re-exported here.
"""

from __future__ import annotations

from dataclasses import dataclass

from .command_limits import (
    LOCALES,
    check_choices,
    check_command_counts,
    check_commands,
    command_name_ok,
    command_size,
)
from .component_limits import (
    ACTION_ROW,
    BUTTON,
    CHANNEL_SELECT,
    CONTAINER,
    FILE,
    LABEL,
    LINK_STYLE,
    MEDIA_GALLERY,
    MENTIONABLE_SELECT,
    PREMIUM_STYLE,
    ROLE_SELECT,
    SECTION,
    SELECTS,
    SEPARATOR,
    STRING_SELECT,
    TEXT_DISPLAY,
    TEXT_INPUT,
    THUMBNAIL,
    USER_SELECT,
    check_component,
    check_components,
    check_modal,
    walk_components,
)
from .form_checks import Path
from .message_limits import (
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    check_embeds,
    check_message,
)

__all__ = [
    "ACTION_ROW",
    "BUTTON",
    "CHANNEL_SELECT",
    "CONTAINER",
    "FILE",
    "FLAG_COMPONENTS_V2",
    "FLAG_EPHEMERAL",
    "FLAG_LOADING",
    "LABEL",
    "LINK_STYLE",
    "LOCALES",
    "MEDIA_GALLERY",
    "MENTIONABLE_SELECT",
    "PREMIUM_STYLE",
    "ROLE_SELECT",
    "SECTION",
    "SELECTS",
    "SEPARATOR",
    "STRING_SELECT",
    "TEXT_DISPLAY",
    "TEXT_INPUT",
    "THUMBNAIL",
    "USER_SELECT",
    "Limits",
    "Path",
    "check_choices",
    "check_command_counts",
    "check_commands",
    "command_name_ok",
    "check_component",
    "check_components",
    "check_embeds",
    "check_message",
    "check_modal",
    "command_size",
    "walk_components",
]


@dataclass
class Limits:
    """Discord's numbers (as documented in 2024-2025); adjustable per stand-in."""

    content: int = 2000
    embeds: int = 10
    embed_total: int = 6000
    embed_title: int = 256
    embed_description: int = 4096
    embed_fields: int = 25
    embed_field_name: int = 256
    embed_field_value: int = 1024
    embed_footer: int = 2048
    embed_author: int = 256
    attachments: int = 10
    attachment_bytes: int = 10 * 1024 * 1024
    action_rows: int = 5
    buttons_per_row: int = 5
    v2_components: int = 40
    select_options: int = 25
    custom_id: int = 100
    button_label: int = 80
    select_placeholder: int = 150
    option_text: int = 100
    modal_title: int = 45
    modal_components: int = 5
    text_input_label: int = 45
    text_input_value: int = 4000
    autocomplete_choices: int = 25
    # Commands per scope (global, or one guild) by type: 100 CHAT_INPUT, 5 USER,
    # 5 MESSAGE (past them error 30032); a bulk overwrite's list itself holds at most
    # ``command_list`` entries (a form error past it).
    commands: int = 100
    context_commands: int = 5
    command_list: int = 130
    command_options: int = 25
    command_description: int = 100
    choice_name: int = 100
    # A chat input command's names, descriptions and choice names and values together,
    # each field counted by its longest localization (the default included).
    command_total: int = 8000
    # Edits of messages older than an hour: at most this many per channel per rolling hour
    # (Discord does not publish the number; error 30046 when exceeded).
    old_message_edits_per_hour: int = 3
    old_message_age_s: float = 3600.0
    # Interaction windows.
    initial_response_s: float = 3.0
    token_lifetime_s: float = 15 * 60.0
    # Threads archive after this many seconds without activity at most, sooner than their
    # auto_archive_duration (Discord archives earlier in busy servers); None: never sooner.
    thread_archive_after_s: float | None = None
    # Application command creates per day per scope (global, or one guild): Discord's
    # documented 200; a bulk overwrite counts only the commands it creates (error 30034).
    command_creates_per_day: int = 200
