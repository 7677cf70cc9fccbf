"""Standard playing cards shared by Cribbage, Écarté and Crapette.

Notation (see the rules pages): two characters, rank ``A 2 3 4 5 6 7 8 9 T J Q K`` then suit
``C D H S`` — ``5H``, ``TS``, ``JD``. Parsers also accept ``10`` for ten and lower case, and
reject anything else with an error that names the bad card. Ranks are ints 1 (ace) … 13 (king);
each game applies its own rank order on top.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from simulator.engine.protocol import GameError

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "CDHS"
ACE, JACK, QUEEN, KING = 1, 11, 12, 13


class CardParseError(GameError, ValueError):
    """A card string that is not in the project's notation (or a duplicate where not allowed)."""

    def __init__(self, message: str, *, card: str) -> None:
        super().__init__(message)
        self.card = card


@dataclass(frozen=True, slots=True, order=True)
class Card:
    rank: int  # 1 = ace … 13 = king
    suit: str  # one of "CDHS"

    @property
    def index(self) -> int:
        """0..51, suit-major: a compact int for tables and bitsets."""
        return SUIT_CHARS.index(self.suit) * 13 + self.rank - 1

    @classmethod
    def from_index(cls, index: int) -> Card:
        return cls(index % 13 + 1, SUIT_CHARS[index // 13])

    def __str__(self) -> str:
        return RANK_CHARS[self.rank - 1] + self.suit

    def __repr__(self) -> str:
        return f"Card({self})"


def parse_card(text: str) -> Card:
    """Parse ``5H``, ``TS``, ``10S`` or ``jd``; anything else raises :class:`CardParseError`."""
    raw = text
    text = text.strip().upper()
    if len(text) == 3 and text.startswith("10"):
        text = "T" + text[2]
    if len(text) != 2 or text[0] not in RANK_CHARS or text[1] not in SUIT_CHARS:
        raise CardParseError(
            f"bad card {raw!r}: expected a rank (A 2-9 T/10 J Q K) then a suit (C D H S), e.g. 5H or TS",
            card=raw,
        )
    return Card(RANK_CHARS.index(text[0]) + 1, text[1])


def parse_cards(texts: Iterable[str], *, allow_duplicates: bool = False) -> list[Card]:
    """Parse several cards; a card given twice is an error unless ``allow_duplicates``."""
    cards: list[Card] = []
    seen: set[Card] = set()
    for text in texts:
        card = parse_card(text)
        if not allow_duplicates and card in seen:
            raise CardParseError(f"duplicate card {text!r}", card=text)
        seen.add(card)
        cards.append(card)
    return cards


def format_cards(cards: Iterable[Card]) -> str:
    return " ".join(map(str, cards))


def full_deck(ranks: Sequence[int] = tuple(range(1, 14)), copies: int = 1) -> list[Card]:
    """A deck in a fixed order: every suit × ``ranks``, ``copies`` times."""
    return [Card(rank, suit) for _ in range(copies) for suit in SUIT_CHARS for rank in ranks]


def shuffled(cards: Sequence[Card], rng: random.Random) -> list[Card]:
    deck = list(cards)
    rng.shuffle(deck)
    return deck
