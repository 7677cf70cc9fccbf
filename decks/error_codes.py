"""Stable error codes of the decks API beyond the validator's violation codes (never rename one).

The rule violations themselves (``guild_conflict``, ``copy_limit``, …) are
:class:`decks.rules.ViolationCode`: they are data in a 200 response, not HTTP errors.
"""

from __future__ import annotations

from enum import StrEnum


class DeckErrorCode(StrEnum):
    UNKNOWN_CHARACTER = "unknown_character"
    """Saving a deck: a character slug that the card database does not know (400)."""
    UNKNOWN_CARD = "unknown_card"
    """Saving a deck: a card slug that the card database does not know (400)."""
    INVALID_DECK_TEXT = "invalid_deck_text"
    """A deck text with bad lines; ``lines`` lists ``{"line", "message"}`` for each (400)."""
    TOO_LARGE = "too_large"
    """The request body is over the endpoint's limit (400)."""
    DEMO_DECKS_INVALID = "demo_decks_invalid"
    """``demo_decks_load``: the demo decks file names unknown characters or cards."""
    VERSION_CURRENT = "version_current"
    """Restoring the version a deck already holds: nothing would change (409)."""
    INVALID_VERSION = "invalid_version"
    """A version number that is not a whole number from 1, in a query or body (400)."""
