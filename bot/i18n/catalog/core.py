"""Catalogue strings: shared words (errors, variants, contracts)."""

EN: dict[str, str] = {
    "error.generic": "Something went wrong; nothing was changed. Please try again.",
    "error.command": "Sorry, something went wrong with that command.",
    "variant.zuger": "Zuger Tapp",
    "variant.tapp1879": "Tapp (1879)",
    "variant.dapp": "Dapp",
    "variant.wuerttemberg": "Württemberg Tapp",
}

DE: dict[str, str] = {
    "error.generic": "Etwas ist schiefgegangen; nichts wurde geändert. Bitte versuch es erneut.",
    "error.command": "Leider ist bei diesem Befehl etwas schiefgegangen.",
    "variant.zuger": "Zuger Tapp",
    "variant.tapp1879": "Tapp (1879)",
    "variant.dapp": "Dapp",
    "variant.wuerttemberg": "Württemberger Tapp",
}

SV: dict[str, str] = {
    "error.generic": "Något gick fel; inget ändrades. Försök igen.",
    "error.command": "Tyvärr gick något fel med det kommandot.",
    "variant.zuger": "Zuger Tapp",
    "variant.tapp1879": "Tapp (1879)",
    "variant.dapp": "Dapp",
    "variant.wuerttemberg": "Württembergsk tapp",
}
