"""Stable error codes of the collections API (never rename one: clients match on them)."""

from __future__ import annotations

from enum import StrEnum

from cards.collection import xp


class CollectionErrorCode(StrEnum):
    # collections
    DUPLICATE_NAME = "duplicate_name"
    """The owner already has a collection with this name."""
    DEFAULT_REQUIRED = "default_required"
    """The default collection cannot be un-defaulted or deleted: make another one the default."""
    TOO_MANY_COLLECTIONS = "too_many_collections"
    # copies
    UNKNOWN_CARD = "unknown_card"
    """A slug that is neither a card nor a character of the card database."""
    KIND_MISMATCH = "kind_mismatch"
    """A row says ``card`` for a character (or the reverse)."""
    LEVEL_MISMATCH = "level_mismatch"
    """A CSV row's ``level`` is not the level of the card its slug names."""
    INVALID_COUNT = "invalid_count"
    """A count that is not a whole number from 1 to the limit."""
    INVALID_ACQUIRED_AT = "invalid_acquired_at"
    """An acquisition date before 2000 or in the future."""
    INVALID_XP = "invalid_xp"
    """An XP that is not a whole number from 0 to the limit."""
    TOO_MANY_COPIES = "too_many_copies"
    """The request, or the collection after it, would exceed its size limit."""
    NOT_ENOUGH_COPIES = "not_enough_copies"
    """Removing more copies of a card than the collection holds."""
    NOT_OWNER = "not_owner"
    """A copy named in the request body is not in this collection."""
    # experience
    NO_NEXT_LEVEL = xp.NO_NEXT_LEVEL
    """Evolve: the copy is at the last level of its family. Consume (an XP card): the target is at
    the last level of its family, so the XP would be lost; the XP card is kept."""
    NO_THRESHOLD = xp.NO_THRESHOLD
    """Evolve: the XP table has no threshold for the copy's level."""
    NOT_ENOUGH_XP = xp.NOT_ENOUGH_XP
    """Evolve: the copy's XP is below its level's threshold."""
    NOT_XP_CARD = "not_xp_card"
    """Consume: the copy consumed is not a "+N XP" card."""
    XP_CARD_TARGET = "xp_card_target"
    """Consume: XP cards cannot receive XP (an XP card on an XP card)."""
    INVALID_AMOUNT = "invalid_amount"
    """A grant of XP that is not a whole number from 1 to the limit."""
    INVALID_SUMMARY = "invalid_summary"
    """XP from games: a malformed game summary."""
    # formats
    INVALID_CSV = "invalid_csv"
    """A CSV import with a bad header or bad rows (every bad row is listed under ``rows``)."""
    INVALID_DECK_TEXT = "invalid_deck_text"
    """A deck in the text format that does not parse (every bad line is listed under ``lines``)."""
