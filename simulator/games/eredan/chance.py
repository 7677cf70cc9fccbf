"""Every chance event of an Eredan game, behind one small interface.

The engine draws at random in four places only: the shuffle of each draw pile, the initiative
rolls, rolls in a range (a fighter's Attaque, an effect's amount, how long a card stays) and random
choices (the target of ``random_other_enemy``, the card lost to a ``discard`` effect, a random card
of a pile or among attached cards, the place a card is put at in a deck). Each goes through
:class:`~simulator.games.eredan.interpreter.Board` (``roll``, ``attack_roll``, ``pick``,
``shuffle_pile``), which either draws from the game's seeded RNG itself — the default, ``chance is
None``: the same draws as ever, inline, so a seeded game is unchanged and the hot path stays as
fast — or asks the board's :class:`Chance` object. A ``Chance`` may be:

- :class:`SeededChance` — the same draws from a ``random.Random`` as the inline path (a test plays
  games both ways and compares the event logs); subclassed by the game-record writer to note every
  outcome as it happens (``simulator.records.eredan``);
- a script — the record replayer returns the outcomes a record lists, and refuses when the engine
  asks for something else.

A range of one value is never rolled (no call, no draw). A pick among one option is forced: a
script answers it without reading the record, but the inline path still draws from the RNG for it,
as it always has, and so does :class:`SeededChance` — recording a game never changes it.

Clones (:meth:`~simulator.games.eredan.state.EredanState.clone`, ``determinize``) never inherit a
``Chance``: a search plays its own futures on its own RNG.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

#: Why the engine rolls or picks (the ``why`` argument; records keep these names).
DECK = "deck"  # shuffle a draw pile (who: the seat)
INITIATIVE = "initiative"  # a six-sided initiative die (who: the seat)
ATTACK = "attack"  # a character's Attaque in its range (who: the character, 0–5)
AMOUNT = "amount"  # an effect's amount in a range (who: the character playing or carrying the card)
TARGET = "target"  # random_other_enemy (who: the character playing the card; options: characters)
DISCARD = "discard"  # a discard effect's random card (who: the seat losing it; options: its hand)
OPTION = "option"  # a one_of's option drawn at random (who: the character it is for; options: 0..n-1)
#: A random card of a pile or among attached cards (``move``, ``play_card``, ``discard_attached``;
#: who: the seat whose cards they are; options: card ids).
CARD = "card"
#: The place in a deck a card is put at (``move``/``card_to``/``create`` to a deck; who: the seat
#: whose deck; options: the positions 0..len, 0 the bottom of the pile).
PLACE = "place"

WHY = (DECK, INITIATIVE, ATTACK, AMOUNT, TARGET, DISCARD, OPTION, CARD, PLACE)


class Chance(Protocol):
    """Where a game's chance outcomes come from, when not the inline seeded RNG."""

    def roll(self, lo: int, hi: int, why: str, who: int) -> int:
        """A value in ``lo..hi`` (``lo < hi``)."""
        ...

    def pick(self, options: Sequence[int], why: str, who: int) -> int:
        """An index into ``options`` (at least one; with one, the answer is 0)."""
        ...

    def shuffle(self, items: list[int], why: str, who: int) -> None:
        """Put ``items`` (card ids, the top of the pile last) in a random order, in place."""
        ...


def shuffle(items: list[int], rng: random.Random) -> None:
    """Fisher–Yates with ``rng.random()`` (uniform, and cheaper than ``Random.shuffle``)."""
    rand = rng.random
    for i in range(len(items) - 1, 0, -1):
        j = int(rand() * (i + 1))
        items[i], items[j] = items[j], items[i]


class SeededChance:
    """The engine's own draws from ``rng``, exactly as its inline path makes them."""

    __slots__ = ("rng",)

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def roll(self, lo: int, hi: int, why: str, who: int) -> int:
        return lo + int(self.rng.random() * (hi - lo + 1))

    def pick(self, options: Sequence[int], why: str, who: int) -> int:
        return int(self.rng.random() * len(options))

    def shuffle(self, items: list[int], why: str, who: int) -> None:
        shuffle(items, self.rng)


class NotingChance(SeededChance):
    """The seeded draws, each noted (``draws``: (``"roll"``, why, who, (lo, hi), value) or
    (``"pick"``, why, who, options, index)): what the opening of a game draws before a record's
    writer exists (triggers of the game's start and of its first turn), for the writer to copy."""

    __slots__ = ("draws",)

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.draws: list[tuple[str, str, int, tuple[int, ...], int]] = []

    def roll(self, lo: int, hi: int, why: str, who: int) -> int:
        value = super().roll(lo, hi, why, who)
        self.draws.append(("roll", why, who, (lo, hi), value))
        return value

    def pick(self, options: Sequence[int], why: str, who: int) -> int:
        index = super().pick(options, why, who)
        self.draws.append(("pick", why, who, tuple(options), index))
        return index
