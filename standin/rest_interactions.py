"""REST: interaction callbacks and the interaction webhook (follow-ups, @original).

Discord's rules: one initial response per interaction, within 3 seconds of its
creation; the token then allows follow-ups and edits for 15 minutes; a response or
follow-up with flag 64 is seen by the invoking user only; the first follow-up after a
deferred ("thinking") response replaces that response. They take no channel
permissions (an app may answer where it cannot post), but threads still rule: a
follow-up in an archived thread unarchives it (160005 if locked), and no message of an
archived thread can be edited (50083), as with the bot's own messages.
"""

from __future__ import annotations

from typing import Any

from aiohttp import web

from . import errors as e
from .errors import DiscordError, FormErrors, not_found
from .limits import FLAG_LOADING, check_choices, check_modal
from .messages import ensure_not_empty, message_fields, wants_ephemeral
from .models import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
    Message,
)
from .payloads import Body
from .routing import Endpoints, body_of, no_content, query_flag, reply, sandbox_of, snowflake
from .state import SandboxState

endpoints = Endpoints()

PONG, MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, CHOICES, MODAL = 1, 4, 5, 6, 7, 8, 9
ALLOWED: dict[int, frozenset[int]] = {
    APPLICATION_COMMAND: frozenset({MESSAGE, DEFERRED_MESSAGE, MODAL}),
    MESSAGE_COMPONENT: frozenset({MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE, MODAL}),
    AUTOCOMPLETE: frozenset({CHOICES}),
    MODAL_SUBMIT: frozenset({MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE}),
}


@endpoints.route("POST", "/interactions/{interaction_id}/{interaction_token}/callback", auth=False)
async def create_interaction_response(request: web.Request) -> web.Response:
    sandbox = sandbox_of(request)
    state = sandbox.state
    record = state.interactions.get(snowflake(request, "interaction_id"))
    if record is None or record.token != request.match_info["interaction_token"]:
        raise not_found(e.UNKNOWN_INTERACTION, "interaction")
    if record.acknowledged:
        raise DiscordError(
            400, e.ALREADY_ACKNOWLEDGED, "Interaction has already been acknowledged."
        )
    if (state.clock.now() - record.created_at).total_seconds() > state.limits.initial_response_s:
        raise not_found(e.UNKNOWN_INTERACTION, "interaction")
    body = body_of(request)
    payload = body.object()
    kind = payload.get("type")
    data = payload.get("data") or {}
    if kind not in ALLOWED[record.type] or (
        kind in (DEFERRED_UPDATE, UPDATE) and record.message_id is None
    ):
        raise DiscordError(
            400,
            40043,
            "Interaction response type is not valid for this interaction",
            {
                "type": {
                    "_errors": [
                        {
                            "code": "INTERACTION_RESPONSE_TYPE_INVALID",
                            "message": "Invalid interaction response type",
                        }
                    ]
                }
            },
        )
    message: Message | None = None
    if kind == MESSAGE:
        data_body = Body(json=data, files=body.files, multipart=body.multipart)
        fields = message_fields(state, data_body)
        ensure_not_empty(fields)
        message = _new_response_message(state, record, fields, ephemeral=wants_ephemeral(data_body))
        record.original_message_id = message.id
    elif kind == DEFERRED_MESSAGE:
        ephemeral = bool(int(data.get("flags") or 0) & 64)
        message = _new_response_message(state, record, {"flags": FLAG_LOADING}, ephemeral=ephemeral)
        record.original_message_id = message.id
    elif kind in (DEFERRED_UPDATE, UPDATE):
        assert record.message_id is not None
        message = state.messages[record.message_id]
        record.original_message_id = message.id
        if kind == UPDATE:
            _before_edit(state, message)
            data_body = Body(json=data, files=body.files, multipart=body.multipart)
            fields = message_fields(state, data_body, existing=message)
            ensure_not_empty(fields, message)
            state.check_edit_allowed(message)
            state.commit_edit(message, fields)
    elif kind == CHOICES:
        errors = FormErrors()
        check_choices(data, state.limits, errors)
        errors.raise_if_any()
        record.choices = list(data.get("choices") or [])
    elif kind == MODAL:
        errors = FormErrors()
        check_modal(data, state.limits, errors)
        errors.raise_if_any()
        record.modal = data
    record.response_type = kind
    record.responded_at = state.clock.now()
    state.changed()
    if not query_flag(request, "with_response"):
        return no_content()
    return reply(_callback_response(state, record, kind, message))


def _callback_response(
    state: SandboxState, record: InteractionRecord, kind: int, message: Message | None
) -> dict[str, Any]:
    interaction: dict[str, Any] = {"id": str(record.id), "type": record.type}
    if message is not None and kind in (MESSAGE, DEFERRED_MESSAGE, UPDATE):
        interaction.update(
            response_message_id=str(message.id),
            response_message_loading=message.loading,
            response_message_ephemeral=message.ephemeral,
        )
    result: dict[str, Any] = {"interaction": interaction}
    if message is not None and kind in (MESSAGE, UPDATE):
        result["resource"] = {"type": kind, "message": message.payload(state)}
    elif kind in (MODAL, DEFERRED_MESSAGE, DEFERRED_UPDATE):
        result["resource"] = {"type": kind}
    return result


def _new_response_message(
    state: SandboxState, record: InteractionRecord, fields: dict[str, Any], *, ephemeral: bool
) -> Message:
    channel = state.channel(record.channel_id)
    message = state.new_message(
        channel,
        state.bot,
        webhook_id=state.application_id,
        application_id=state.application_id,
        interaction_id=record.id,
        type=20 if record.type == APPLICATION_COMMAND else 0,
        ephemeral_to=record.user.id if ephemeral else None,
        **fields,
    )
    return state.add_message(message)


def _before_edit(state: SandboxState, message: Message) -> None:
    channel = state.channel(message.channel_id)
    if channel.is_thread and not message.ephemeral:  # ephemeral ones are the user's alone
        state.thread_life.before_edit(channel, state.access.bot_in(channel))


def _record(request: web.Request) -> InteractionRecord:
    state = sandbox_of(request).state
    return state.interaction_for_token(
        snowflake(request, "webhook_id"), request.match_info["webhook_token"]
    )


def _owned_message(request: web.Request, record: InteractionRecord) -> Message:
    state = sandbox_of(request).state
    raw = request.match_info.get("message_id", "@original")
    message_id = (
        record.original_message_id if raw == "@original" else snowflake(request, "message_id")
    )
    owned = message_id is not None and (
        message_id == record.original_message_id or message_id in record.followup_ids
    )
    message = state.messages.get(message_id) if owned and message_id is not None else None
    if message is None or message.deleted:
        raise not_found(e.UNKNOWN_MESSAGE, "Message")
    return message


@endpoints.route("POST", "/webhooks/{webhook_id}/{webhook_token}", auth=False)
async def execute_webhook(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    record = _record(request)
    body = body_of(request)
    fields = message_fields(state, body)
    original = record.response
    if record.response_type == DEFERRED_MESSAGE and original is not None and original.loading:
        # Discord still fills the "thinking" answer with the first follow-up, but calls
        # it deprecated: edit @original instead. Recorded as a problem so tests see it.
        sandbox_of(request).problems.append(
            "POST /webhooks/{webhook_id}/{webhook_token}: a follow-up filled the deferred"
            " answer (deprecated: edit the original response)")
        ensure_not_empty(fields, None)
        message = state.commit_edit(original, fields)
    else:
        ensure_not_empty(fields)
        channel = state.channel(record.channel_id)
        if channel.is_thread:
            state.thread_life.before_post(channel, state.access.bot_in(channel))
        message = _new_response_message(state, record, fields, ephemeral=wants_ephemeral(body))
        record.followup_ids.append(message.id)
        state.changed()
    if not query_flag(request, "wait"):
        return no_content()
    return reply(message.payload(state))


@endpoints.route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", auth=False)
@endpoints.route("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", auth=False)
async def get_webhook_message(request: web.Request) -> web.Response:
    record = _record(request)
    return reply(_owned_message(request, record).payload(sandbox_of(request).state))


@endpoints.route("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", auth=False)
@endpoints.route(
    "PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", auth=False
)
async def edit_webhook_message(request: web.Request) -> web.Response:
    state = sandbox_of(request).state
    record = _record(request)
    message = _owned_message(request, record)
    _before_edit(state, message)
    fields = message_fields(state, body_of(request), existing=message)
    ensure_not_empty(fields, message)
    state.check_edit_allowed(message)
    return reply(state.commit_edit(message, fields).payload(state))


@endpoints.route("DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", auth=False)
@endpoints.route(
    "DELETE", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}", auth=False
)
async def delete_webhook_message(request: web.Request) -> web.Response:
    record = _record(request)
    sandbox_of(request).state.delete_message(_owned_message(request, record))
    return no_content()
