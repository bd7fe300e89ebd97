"""Catalogue strings: settings."""

EN: dict[str, str] = {
}
