"""Catalogue strings: settings."""

EN: dict[str, str] = {
}

DE: dict[str, str] = {
}

SV: dict[str, str] = {
}
