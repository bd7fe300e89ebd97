"""What a page refuses with: a status and a text from the catalogue, shown as a page in
the visitor's language. None names more than the visitor asked for: an unknown server,
a server whose pages are off, a deal of another server and a deal still in play are the
same "not found"."""

from __future__ import annotations


class PageError(Exception):
    """A refusal: ``status`` and the catalogue key of its text (``title`` and ``text``
    keys are ``<key>.title`` and ``<key>``)."""

    status = 404
    key = "web.error.not_found"

    def __init__(self, key: str | None = None) -> None:
        super().__init__(key or self.key)
        if key is not None:
            self.key = key


class NotFound(PageError):
    """Nothing to show there (unknown, off, forged, of another server, not over)."""


class SignInNeeded(PageError):
    """A members-only server's page, and the visitor is not signed in."""

    status = 403
    key = "web.error.sign_in"


class MembersOnly(PageError):
    """A members-only server's page, and the signed-in visitor is no member there."""

    status = 403
    key = "web.error.members"
