"""Building the interactions a Discord client would send: slash commands with options
(and autocomplete), component clicks and selects, modal submissions.

The client enforces what Discord's UI enforces (required options, choices, disabled
components, select bounds, required modal fields); a test asking for something a real
user could not do gets a :class:`SandboxError`.
"""

from __future__ import annotations

from typing import Any

from .limits import ACTION_ROW, LABEL, STRING_SELECT, TEXT_INPUT, USER_SELECT
from .models import ALL_PERMISSIONS, Channel, Command, Member, Message, User
from .permissions import base_permissions
from .state import SandboxState

SUBCOMMAND, GROUP = 1, 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER = 3, 4, 5, 6, 7, 8, 9, 10


class SandboxError(AssertionError):
    """The test asked the stand-in for something a Discord user could not do."""


def split_command(text: str) -> tuple[list[str], dict[str, str]]:
    """``"/tapp table new variant:zuger"`` -> (["tapp", "table", "new"],
    {"variant": "zuger"})."""
    path: list[str] = []
    options: dict[str, str] = {}
    for token in text.strip().lstrip("/").split():
        if ":" in token:
            name, value = token.split(":", 1)
            options[name] = value
        else:
            path.append(token)
    if not path:
        raise SandboxError(f"no command name in {text!r}")
    return path, options


def command_data(
    state: SandboxState,
    guild_id: int | None,
    path: list[str],
    options: dict[str, Any],
    *,
    focused: str | None = None,
) -> dict[str, Any]:
    """The ``data`` of an APPLICATION_COMMAND (or AUTOCOMPLETE) interaction."""
    command = _find_command(state, guild_id, path[0])
    definitions: list[dict[str, Any]] = list(command.data.get("options") or [])
    chain: list[tuple[int, str]] = []
    for name in path[1:]:
        found = next(
            (
                o
                for o in definitions
                if o.get("name") == name and o.get("type") in (SUBCOMMAND, GROUP)
            ),
            None,
        )
        if found is None:
            raise SandboxError(
                f"/{' '.join(path)}: no subcommand {name!r}; "
                f"there are {_names(definitions, (SUBCOMMAND, GROUP))}"
            )
        chain.append((int(found["type"]), name))
        definitions = list(found.get("options") or [])
    if any(o.get("type") in (SUBCOMMAND, GROUP) for o in definitions):
        raise SandboxError(
            f"/{' '.join(path)} needs a subcommand: {_names(definitions, (SUBCOMMAND, GROUP))}"
        )
    resolved: dict[str, dict[str, Any]] = {}
    values = _option_values(state, guild_id, path, definitions, options, resolved, focused)
    nested: list[dict[str, Any]] = values
    for kind, name in reversed(chain):
        nested = [{"type": kind, "name": name, "options": nested}]
    data: dict[str, Any] = {
        "id": str(command.id),
        "name": command.name,
        "type": 1,
        "options": nested,
    }
    if command.guild_id is not None:
        data["guild_id"] = str(command.guild_id)
    if resolved:
        data["resolved"] = resolved
    return data


def forge_options(data: dict[str, Any], values: dict[str, Any]) -> None:
    """Put ``values`` into a command's ``data`` as they are, past every check of choices
    and ranges (the innermost subcommand's options): what a modified client could send."""
    options: list[dict[str, Any]] = data["options"]
    while options and options[0].get("type") in (SUBCOMMAND, GROUP):
        options = options[0].setdefault("options", [])
    kinds = {bool: BOOLEAN, int: INTEGER, float: NUMBER, str: STRING}
    for name, value in values.items():
        options[:] = [o for o in options if o.get("name") != name]
        options.append({"type": kinds[type(value)], "name": name, "value": value})


def _find_command(state: SandboxState, guild_id: int | None, name: str) -> Command:
    for command in state.commands_for(guild_id):
        if command.name == name and command.type == 1:
            return command
    known = sorted({c.name for c in state.commands_for(guild_id)})
    raise SandboxError(f"no slash command /{name} is registered here (registered: {known})")


def _names(definitions: list[dict[str, Any]], kinds: tuple[int, ...]) -> list[str]:
    return [str(o.get("name")) for o in definitions if o.get("type") in kinds]


def _option_values(
    state: SandboxState,
    guild_id: int | None,
    path: list[str],
    definitions: list[dict[str, Any]],
    options: dict[str, Any],
    resolved: dict[str, dict[str, Any]],
    focused: str | None,
) -> list[dict[str, Any]]:
    by_name = {str(o["name"]): o for o in definitions}
    unknown = set(options) - set(by_name)
    if unknown:
        raise SandboxError(
            f"/{' '.join(path)} has no option(s) {sorted(unknown)}; it has {sorted(by_name)}"
        )
    if focused is not None and focused not in by_name:
        raise SandboxError(f"/{' '.join(path)} has no option {focused!r} to autocomplete")
    result = []
    for name, definition in by_name.items():
        if name == focused:
            text = options.get(name, "")
            result.append(
                {"type": definition["type"], "name": name, "value": str(text), "focused": True}
            )
            continue
        if name not in options:
            if definition.get("required") and focused is None:
                raise SandboxError(f"/{' '.join(path)}: option {name!r} is required")
            continue
        value = _convert(state, guild_id, definition, options[name], resolved)
        result.append({"type": definition["type"], "name": name, "value": value})
    return result


def _convert(
    state: SandboxState,
    guild_id: int | None,
    definition: dict[str, Any],
    raw: Any,
    resolved: dict[str, dict[str, Any]],
) -> Any:
    kind = definition["type"]
    name = definition["name"]
    if kind in (STRING, INTEGER, NUMBER):
        caster = {STRING: str, INTEGER: int, NUMBER: float}[kind]
        value = caster(raw)
        choices = definition.get("choices") or []
        if choices:
            match = next(
                (c["value"] for c in choices if c["value"] == value or str(c["name"]) == str(raw)),
                None,
            )
            if match is None:
                raise SandboxError(
                    f"option {name!r} must be one of {[c['value'] for c in choices]}, not {raw!r}"
                )
            value = match
        if kind == STRING:
            low, high = definition.get("min_length", 0), definition.get("max_length", 6000)
            if not low <= len(value) <= high:
                raise SandboxError(f"option {name!r}: length must be within {low}..{high}")
        elif ("min_value" in definition and value < definition["min_value"]) or (
            "max_value" in definition and value > definition["max_value"]
        ):
            raise SandboxError(f"option {name!r} out of range: {value}")
        return value
    if kind == BOOLEAN:
        return raw if isinstance(raw, bool) else str(raw).lower() in ("true", "1", "yes")
    if kind in (USER, MENTIONABLE):
        user = state.user(_id_of(raw))
        _resolve_user(state, guild_id, user, resolved)
        return str(user.id)
    if kind == CHANNEL:
        channel = state.channel(_id_of(raw))
        resolved.setdefault("channels", {})[str(channel.id)] = {
            **channel.payload(),
            "permissions": str(ALL_PERMISSIONS),
        }
        return str(channel.id)
    raise SandboxError(f"option type {kind} of {name!r} is not supported by the stand-in")


def _resolve_user(
    state: SandboxState, guild_id: int | None, user: User, resolved: dict[str, dict[str, Any]]
) -> None:
    resolved.setdefault("users", {})[str(user.id)] = user.payload()
    member = state.guilds[guild_id].members.get(user.id) if guild_id else None
    if member is not None:
        # Discord sends the member's permissions in the interaction's channel; the
        # stand-in's resolved members carry their guild-wide (base) permissions
        guild = state.guilds[guild_id]  # type: ignore[index]
        resolved.setdefault("members", {})[str(user.id)] = member.payload(
            with_user=False, permissions=base_permissions(guild, member)
        )


def _id_of(thing: Any) -> int:
    return int(getattr(thing, "id", thing))


def click_data(message: Message, *, label: str | None, custom_id: str | None) -> dict[str, Any]:
    button = message.find_button(label, custom_id)
    if button is None:
        raise SandboxError(
            f"no button label={label!r} custom_id={custom_id!r} on message "
            f"{message.id}; buttons: {message.button_labels()}"
        )
    if button.get("disabled"):
        raise SandboxError(f"button {button.get('label')!r} is disabled")
    if message.is_link_button(button) or "custom_id" not in button:
        raise SandboxError(f"button {button.get('label')!r} is a link, not an interaction")
    return {"custom_id": button["custom_id"], "component_type": 2}


def select_data(
    state: SandboxState,
    guild_id: int | None,
    message: Message,
    values: list[Any],
    *,
    custom_id: str | None,
    placeholder: str | None,
) -> dict[str, Any]:
    selects = message.selects()
    if custom_id is None and placeholder is None and len(selects) > 1:
        raise SandboxError(
            f"message {message.id} has {len(selects)} selects; name one by custom_id"
        )
    select = message.find_select(custom_id, placeholder)
    if select is None:
        raise SandboxError(f"no select custom_id={custom_id!r} on message {message.id}")
    if select.get("disabled"):
        raise SandboxError(f"select {select['custom_id']!r} is disabled")
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not low <= len(values) <= high:
        raise SandboxError(
            f"select {select['custom_id']!r} takes {low}..{high} values, got {len(values)}"
        )
    data: dict[str, Any] = {"custom_id": select["custom_id"], "component_type": select["type"]}
    if select["type"] == STRING_SELECT:
        options = select.get("options") or []
        picked = []
        for value in values:
            option = next((o for o in options if o["value"] == value), None) or next(
                (o for o in options if o["label"] == value), None
            )
            if option is None:
                raise SandboxError(
                    f"select {select['custom_id']!r} has no option {value!r}; "
                    f"options: {[o['value'] for o in options]}"
                )
            picked.append(option["value"])
        data["values"] = picked
    elif select["type"] == USER_SELECT:
        resolved: dict[str, dict[str, Any]] = {}
        users = [state.user(_id_of(v)) for v in values]
        for user in users:
            _resolve_user(state, guild_id, user, resolved)
        data.update(values=[str(u.id) for u in users], resolved=resolved)
    else:
        raise SandboxError(f"select type {select['type']} is not supported by the stand-in")
    return data


def modal_data(modal: dict[str, Any], values: dict[str, str]) -> dict[str, Any]:
    """The submitted modal: every text input with the given (or pre-filled) value."""
    inputs: dict[str, dict[str, Any]] = {}
    components: list[dict[str, Any]] = []
    for top in modal.get("components") or []:
        if top.get("type") == ACTION_ROW:
            row = [
                _text_input(c, values, inputs)
                for c in top.get("components") or []
                if c.get("type") == TEXT_INPUT
            ]
            components.append({"type": ACTION_ROW, "components": row})
        elif top.get("type") == LABEL and (top.get("component") or {}).get("type") == TEXT_INPUT:
            components.append(
                {"type": LABEL, "component": _text_input(top["component"], values, inputs)}
            )
    unknown = set(values) - set(inputs)
    if unknown:
        raise SandboxError(
            f"modal {modal.get('custom_id')!r} has no inputs {sorted(unknown)}; "
            f"it has {sorted(inputs)}"
        )
    return {"custom_id": modal["custom_id"], "components": components}


def _text_input(
    component: dict[str, Any], values: dict[str, str], inputs: dict[str, dict[str, Any]]
) -> dict[str, Any]:
    custom_id = component["custom_id"]
    inputs[custom_id] = component
    value = str(values.get(custom_id, component.get("value") or ""))
    if component.get("required", True) and not value:
        raise SandboxError(f"modal input {custom_id!r} is required")
    low, high = component.get("min_length", 0), component.get("max_length", 4000)
    if value and not low <= len(value) <= high:
        raise SandboxError(f"modal input {custom_id!r} takes {low}..{high} characters")
    return {"type": TEXT_INPUT, "custom_id": custom_id, "value": value}


def envelope(
    state: SandboxState,
    *,
    interaction_id: int,
    token: str,
    kind: int,
    data: dict[str, Any],
    channel: Channel,
    member: Member,
    message: Message | None,
) -> dict[str, Any]:
    """The INTERACTION_CREATE payload around ``data``: ``app_permissions`` is the bot's
    permissions in the channel, ``member.permissions`` (and ``channel.permissions``) the
    member's, both computed from roles and overwrites (:mod:`standin.permissions`)."""
    guild = state.guilds[channel.guild_id]
    permissions = state.access.of(member, channel)
    payload: dict[str, Any] = {
        "id": str(interaction_id),
        "application_id": str(state.application_id),
        "type": kind,
        "data": data,
        "guild_id": str(guild.id),
        "guild": {"id": str(guild.id), "locale": guild.locale, "features": []},
        "channel_id": str(channel.id),
        "channel": {**channel.payload(), "permissions": str(permissions)},
        "member": member.payload(permissions=permissions),
        "token": token,
        "version": 1,
        "app_permissions": str(state.access.bot_in(channel)),
        "locale": member.user.locale,
        "guild_locale": guild.locale,
        "entitlements": [],
        "entitlement_sku_ids": [],
        "authorizing_integration_owners": {"0": str(guild.id)},
        "context": 0,
        "attachment_size_limit": state.limits.attachment_bytes,
    }
    if message is not None:
        payload["message"] = message.payload(state)
    return payload
