"""Catalogue strings: tables."""

EN: dict[str, str] = {
}
