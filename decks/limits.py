"""Bounds on deck input (API bodies, saved decks, deck texts): beyond them a request is malformed
(400), not a deck that breaks the rules. Pure Python."""

from __future__ import annotations

from decks.text_format import MAX_COPIES_PER_LINE

#: Most characters one deck may list (a deck needs 3; up to this many is a ``character_count``
#: violation, beyond it a malformed request).
MAX_CHARACTER_ENTRIES = 10
#: Most distinct cards one deck may list (a legal deck has at most 50 cards).
MAX_CARD_ENTRIES = 200
#: Highest count of one card (a legal deck holds 3 at most; beyond this it is a typo).
MAX_COPIES = MAX_COPIES_PER_LINE
#: Longest slug accepted in a body (the card database's slugs are at most 100 characters).
MAX_SLUG_LENGTH = 100
#: Longest deck text (a 50-card deck with long names is under 3,000 characters).
MAX_TEXT_LENGTH = 20_000
#: Most decks in one bulk validation call.
MAX_BULK_DECKS = 500
#: Largest body of ``POST /api/decks/validate/`` and of the deck create/update calls, in bytes.
MAX_BODY_BYTES = 64 * 1024
#: Largest body of ``POST /api/decks/validate/bulk/``, in bytes.
MAX_BULK_BODY_BYTES = 2 * 1024 * 1024
#: Longest deck name.
MAX_NAME_LENGTH = 100
