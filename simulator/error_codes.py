"""Stable error codes of the simulation API (never rename one). See docs/simulation.md."""

from __future__ import annotations

from enum import StrEnum


class SimulationErrorCode(StrEnum):
    UNKNOWN_GAME = "unknown_game"
    """``game`` names no game of the simulator (400)."""
    UNKNOWN_KIND = "unknown_kind"
    """``kind`` is not matchup, gauntlet, round_robin, compare or optimize (400); an optimize of a
    game played without decks (400)."""
    ENTRANTS = "invalid_entrants"
    """Wrong number or shape of entrants for the kind of job (400)."""
    UNKNOWN_POLICY = "unknown_policy"
    """An AI policy the game does not have (400)."""
    INVALID_OPTION = "invalid_option"
    """An unknown game option, or a value of the wrong type or out of range (400)."""
    DECK_REQUIRED = "deck_required"
    """A game played with decks (Eredan) and an entrant without one (400)."""
    DECK_NOT_ALLOWED = "deck_not_allowed"
    """A deck given for a game played without decks (the classic games) (400)."""
    DECK_NOT_FOUND = "deck_not_found"
    """No deck of yours and no public demo deck has this id or slug (400; someone else's deck
    gets the same answer, so its existence does not leak)."""
    DECK_INVALID = "deck_invalid"
    """The deck breaks a deck-building rule; ``violations`` lists them (400)."""
    DECK_UNSUPPORTED = "deck_unsupported"
    """The engine cannot play a card of the deck (400)."""
    INVALID_GAMES = "invalid_games"
    """Games per pairing is not a whole number (400)."""
    TOO_FEW_GAMES = "too_few_games"
    """Games per pairing below 1 (400)."""
    TOO_MANY_GAMES = "too_many_games"
    """Games per pairing over 1,000,000, or the whole job over 1,000,000 games (400)."""
    BAD_CHUNK_SIZE = "invalid_chunk_size"
    """Chunk size out of range, too many chunks, or chunks too long for the broker (400)."""
    BAD_SEED = "invalid_seed"
    """Seed outside 0 .. 2**63-1 (400)."""
    BAD_RECORD_GAMES = "invalid_record_games"
    """Recorded games per pairing outside 0 .. 20 (400)."""
    EXPERIENCE = "invalid_experience"
    """``award_experience`` where it cannot apply (a classic game, no deck of yours) (400)."""
    COLLECTION_NOT_FOUND = "collection_not_found"
    """``collection``: no collection of yours has this id (400)."""
    TOO_MANY_JOBS = "too_many_active_jobs"
    """Too many of your jobs are pending or running (429)."""
    JOB_FINISHED = "job_finished"
    """Cancelling a job that has already ended (409)."""
    BROKER_UNAVAILABLE = "broker_unavailable"
    """The job was recorded but could not be queued: the task broker is unreachable (503)."""
    INVALID_FIELD = "invalid_field"
    """A compare's ``field``: missing, empty, too large, a weight that is not a positive number,
    ``"demo"`` for a game without decks (400)."""
    INVALID_STOP = "invalid_stop"
    """A compare's ``stop``: not ``{"margin": 0 < m ≤ 0.5, "first_round": even games}`` (400)."""
    INVALID_SWAP = "invalid_swap"
    """A variant's ``swaps``: not ``{"out": {slug: n}, "in": {slug: n}}`` with positive counts, a
    card both out and in, swaps for the base or in a game without decks (400)."""
    SWAP_CARD_MISSING = "swap_card_missing"
    """A variant's swaps take out more copies of a card than the base has (400)."""
    CATALOG_CHANGED = "catalog_changed"
    """Why a job failed: the card database changed while it ran (its results would mix two
    versions of the cards)."""
    INVALID_KEEP = "invalid_keep"
    """An optimize's ``keep``: not a list of slugs, or a slug that is neither a card nor a
    character of the starting deck; ``keep`` in another kind of job (400)."""
    INVALID_SETTINGS = "invalid_settings"
    """An optimize's ``settings`` (an unknown name, a value out of its bounds, settings that
    contradict each other) or ``characters_may_change`` (not true or false); either in another
    kind of job (400)."""
    DECK_NOT_OWNED = "deck_not_owned"
    """An optimize with a ``collection``: the starting deck uses copies the collection does not
    hold; ``violations`` lists them (400)."""
    VERSION_NOT_FOUND = "version_not_found"
    """An entrant's ``version``: the deck has no saved version of this number (400)."""
    COLLECTION_REQUIRED = "collection_required"
    """A ranking of what to get next (kind acquire) without a ``collection`` (400)."""
