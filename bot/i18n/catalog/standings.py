"""Catalogue strings: standings."""

EN: dict[str, str] = {
}
