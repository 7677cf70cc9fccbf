"""The decisions of an Eredan game as typed values: :class:`Fight`, :class:`Play`, :class:`Discard`
and :data:`PASS`.

Each is an ``int`` subclass with named fields: an action compares, hashes, sorts and serialises
as its int (fast membership tests over the legal actions, cheap dictionary keys for the players),
and reads as what it is (``action.card``, ``action.carrier``). The encoding of the int is private
to this module: build actions with the constructors (``Play.of(card, carrier)``, which hand out one
shared object per value) and read them through their fields. Characters are named by their index
in the game's tables (0–2: seat 0's Line, 3–5: seat 1's), cards by their id in the tables.

- ``Fight(fighter, opponent)`` — docs/rules/eredan.md §3 step 1, the active player's choice;
- ``Play(card, carrier)`` — §3 step 2, a card from hand, played by the fighter on ``carrier``
  (the fighter itself, or — an Artisan with a card reserved to artisans — any living character);
- ``Discard(mask)`` — §3 step 5, the cards of the hand (sorted by card id) whose positions are the
  bits of ``mask``; one decision per player and turn;
- ``Pick(value)`` — a choice an effect asks for as it resolves (a triggered effect's "choisissez un
  personnage", an Ordre's): the character ``value`` (0–5), or the option ``value`` of a ``one_of``;
- ``PASS`` — no (further) card, or no discard.

A ``Play`` also carries the choices its card asks for as it is played (``Play.of(card, carrier,
choice)``: ``choice`` packs one digit per choice of the card, see :func:`pack_choices`).
"""

from __future__ import annotations

from typing import ClassVar, TypeAlias

# The int encoding (private: read actions through their fields).
_FIGHT = 1  # 1 + 6 * fighter + opponent
_PICK = 100  # 100 + value
_PLAY = 1000  # 1000 * (1 + carrier) + card (+ _CHOICE * choice)
_DISCARD = 10000  # 10000 + mask
_CHOICE = 1_000_000  # a Play's choices: its int's millions
#: Cards a game's tables may hold (the Play encoding's room).
MAX_CARDS = _PLAY - 1
#: Values a Pick may take (characters 0–5, options of a one_of).
MAX_PICK = 63
#: Choices one card may ask for, and the values of one (characters 0–5 or options 0–6).
MAX_CHOICES, CHOICE_BASE = 4, 8


def pack_choices(values: tuple[int, ...]) -> int:
    """The ``choice`` of a Play from its choices' values, in the order of the card's choices
    (``CompiledCard.choices``): a character (0–5) or an option (0–6) each, -1 for none."""
    choice = 0
    for i, value in enumerate(values):
        choice += (value + 1) * CHOICE_BASE**i
    return choice


def unpack_choices(choice: int, n: int) -> tuple[int, ...]:
    """The ``n`` values :func:`pack_choices` packed (-1: none)."""
    return tuple(choice // CHOICE_BASE**i % CHOICE_BASE - 1 for i in range(n))


class Pass(int):
    """No (further) card in the card step, or nothing discarded in the discard step."""

    __slots__ = ()
    kind: ClassVar[str] = "pass"

    def __repr__(self) -> str:
        return "PASS"


PASS = int.__new__(Pass, 0)


class Fight(int):
    """The active player sends ``fighter`` against the enemy ``opponent`` (characters 0–5)."""

    __slots__ = ()
    kind: ClassVar[str] = "fight"
    _made: ClassVar[dict[tuple[int, int], Fight]] = {}

    @classmethod
    def of(cls, fighter: int, opponent: int) -> Fight:
        made = cls._made.get((fighter, opponent))
        if made is None:
            if not (0 <= fighter < 6 and 0 <= opponent < 6 and fighter // 3 != opponent // 3):
                raise ValueError(f"no fight between characters {fighter} and {opponent}")
            made = cls._made[(fighter, opponent)] = int.__new__(cls, _FIGHT + 6 * fighter + opponent)
        return made

    @property
    def fighter(self) -> int:
        return (self - _FIGHT) // 6

    @property
    def opponent(self) -> int:
        return (self - _FIGHT) % 6

    def __repr__(self) -> str:
        return f"Fight(fighter={self.fighter}, opponent={self.opponent})"


class Play(int):
    """The player to move plays card ``card`` (an id of the tables), played by its fighter, on the
    character ``carrier`` (0–5), with the choices ``choice`` its card asks for (0: none; see
    :func:`pack_choices`)."""

    __slots__ = ()
    kind: ClassVar[str] = "play"
    _made: ClassVar[dict[tuple[int, int, int], Play]] = {}

    @classmethod
    def of(cls, card: int, carrier: int, choice: int = 0) -> Play:
        made = cls._made.get((card, carrier, choice))
        if made is None:
            if not (0 <= card <= MAX_CARDS and 0 <= carrier < 6 and 0 <= choice < CHOICE_BASE**MAX_CHOICES):
                raise ValueError(f"no card {card} to play on character {carrier} (choice {choice})")
            value = _PLAY * (1 + carrier) + card + _CHOICE * choice
            made = cls._made[(card, carrier, choice)] = int.__new__(cls, value)
        return made

    @property
    def card(self) -> int:
        return self % _PLAY

    @property
    def carrier(self) -> int:
        return self % _CHOICE // _PLAY - 1

    @property
    def choice(self) -> int:
        return self // _CHOICE

    def __repr__(self) -> str:
        choice = f", choice={self.choice}" if self >= _CHOICE else ""
        return f"Play(card={self.card}, carrier={self.carrier}{choice})"


class Pick(int):
    """A choice an effect asks for as it resolves: the character ``value`` (0–5), or the option
    ``value`` of a ``one_of``."""

    __slots__ = ()
    kind: ClassVar[str] = "pick"
    _made: ClassVar[dict[int, Pick]] = {}

    @classmethod
    def of(cls, value: int) -> Pick:
        made = cls._made.get(value)
        if made is None:
            if not 0 <= value <= MAX_PICK:
                raise ValueError(f"no pick {value}")
            made = cls._made[value] = int.__new__(cls, _PICK + value)
        return made

    @property
    def value(self) -> int:
        return self - _PICK

    def __repr__(self) -> str:
        return f"Pick(value={self.value})"


class Discard(int):
    """The player to move discards the cards of its sorted hand at the bits of ``mask`` (never 0:
    discarding nothing is :data:`PASS`)."""

    __slots__ = ()
    kind: ClassVar[str] = "discard"
    _made: ClassVar[dict[int, Discard]] = {}

    @classmethod
    def of(cls, mask: int) -> Discard:
        made = cls._made.get(mask)
        if made is None:
            if mask <= 0:
                raise ValueError(f"no discard of mask {mask}")
            made = cls._made[mask] = int.__new__(cls, _DISCARD + mask)
        return made

    @property
    def mask(self) -> int:
        return self - _DISCARD

    def __repr__(self) -> str:
        return f"Discard(mask={self.mask:#b})"


#: An Eredan decision.
Action: TypeAlias = Pass | Fight | Play | Discard | Pick


def decode(value: int) -> Action | None:
    """The action an int stands for (``None`` if none): for actions that went through plain ints
    (a test, a cache); the engine itself only hands out typed actions."""
    if isinstance(value, Pass | Fight | Play | Discard | Pick):
        return value
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        return None
    if value == 0:
        return PASS
    if value < _PICK:
        n = value - _FIGHT
        fighter, opponent = divmod(n, 6)
        return Fight.of(fighter, opponent) if fighter < 6 and fighter // 3 != opponent // 3 else None
    if value < _PLAY:
        return Pick.of(value - _PICK) if value - _PICK <= MAX_PICK else None
    if value >= _CHOICE:
        choice, rest = divmod(value, _CHOICE)
        carrier, card = divmod(rest, _PLAY)
        if not 1 <= carrier <= 6 or choice >= CHOICE_BASE**MAX_CHOICES:
            return None
        return Play.of(card, carrier - 1, choice)
    if value < _DISCARD:
        carrier, card = divmod(value, _PLAY)
        return Play.of(card, carrier - 1) if carrier <= 6 else None
    return Discard.of(value - _DISCARD)
