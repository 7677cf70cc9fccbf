"""The Écarté pack: 32 cards ranked K Q J A 10 9 8 7 in each suit.

Cards are the shared :class:`simulator.engine.playing_cards.Card` (notation ``KH``, ``TS``); this
module adds Écarté's pack and rank order on top (docs/rules/ecarte.md §1).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from simulator.engine.playing_cards import ACE, JACK, KING, QUEEN, Card, CardParseError, full_deck, parse_card

RANKS_HIGH_TO_LOW: Final[tuple[int, ...]] = (KING, QUEEN, JACK, ACE, 10, 9, 8, 7)
"""docs/rules/ecarte.md §1 — rank within a suit, high to low: K Q J A 10 9 8 7
(the ace ranks between the Jack and the ten)."""

STRENGTH: Final[dict[int, int]] = {
    rank: len(RANKS_HIGH_TO_LOW) - 1 - i for i, rank in enumerate(RANKS_HIGH_TO_LOW)
}
"""Rank -> strength within its suit: King 7, Queen 6, Jack 5, Ace 4, ten 3 … seven 0."""

DECK: Final[tuple[Card, ...]] = tuple(full_deck(ranks=tuple(sorted(RANKS_HIGH_TO_LOW))))
"""The 32-card pack in a fixed order (docs/rules/ecarte.md §1 — 2 to 6 removed)."""

DECK_SIZE: Final = len(DECK)

SUIT_CARDS: Final[dict[str, tuple[Card, ...]]] = {
    suit: tuple(Card(rank, suit) for rank in RANKS_HIGH_TO_LOW) for suit in "CDHS"
}
"""The eight cards of each suit, from the King down: ``SUIT_CARDS[s][:n]`` are the n strongest."""

SUIT_NAMES: Final[dict[str, str]] = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}

_IN_DECK: Final[frozenset[Card]] = frozenset(DECK)


def strength(card: Card) -> int:
    """The card's strength within its suit (higher wins); see :data:`STRENGTH`."""
    return STRENGTH[card.rank]


def beats(card: Card, led: Card, trump: str) -> bool:
    """True when ``card``, played second, takes the trick led by ``led``.

    docs/rules/ecarte.md §2.6 — the highest trump wins the trick; without a trump, the highest card
    of the suit led.
    """
    if card.suit == led.suit:
        return STRENGTH[card.rank] > STRENGTH[led.rank]
    return card.suit == trump


def sort_key(card: Card) -> tuple[str, int]:
    """Display order of a hand: by suit, then from the highest card down."""
    return (card.suit, -STRENGTH[card.rank])


def sorted_hand(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=sort_key)


def parse_ecarte_card(text: str) -> Card:
    """Parse a card in the shared notation and check it belongs to the 32-card pack.

    ``5H`` is a real card but not an Écarté one: it raises :class:`CardParseError` naming it.
    """
    card = parse_card(text)
    if card not in _IN_DECK:
        raise CardParseError(
            f"{text.strip()!r} is not in the Écarté pack: ranks are K Q J A T 9 8 7 (2 to 6 are removed)",
            card=text,
        )
    return card


def parse_ecarte_cards(texts: Iterable[str]) -> list[Card]:
    """Parse several cards of the pack; a card given twice is an error that names it."""
    cards: list[Card] = []
    for text in texts:
        card = parse_ecarte_card(text)
        if card in cards:
            raise CardParseError(f"duplicate card {text!r}", card=text)
        cards.append(card)
    return cards
