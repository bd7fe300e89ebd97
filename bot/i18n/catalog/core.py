"""Catalogue strings: shared words (errors, variants, contracts)."""

EN: dict[str, str] = {
    "error.generic": "Something went wrong; nothing was changed. Please try again.",
    "error.command": "Sorry, something went wrong with that command.",
    "variant.zuger": "Zuger Tapp",
    "variant.tapp1879": "Tapp (1879)",
    "variant.dapp": "Dapp",
    "variant.wuerttemberg": "Württemberg Tapp",
}
