"""Experience rules of owned copies: evolution thresholds, progress, and XP earned in games.

Pure Python (no Django): the collection services call it with database rows turned into plain
values, and the tests exercise it without a database.

docs/rules/eredan.md §1 Experience — "each owned copy of a card gains experience (XP) from games,
depending on the actions taken, differently for characters and other cards. At a threshold a copy
may evolve into the next level of its family."

Levels here are the project's 1-based evolution levels (``level = evolution + 1``); the game's
tables are keyed by the 0-based ``evolution``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from typing import Any

CHARACTER, CARD = "character", "card"
KINDS = (CHARACTER, CARD)

# Refusal codes of an evolution (stable: the API returns them).
NO_NEXT_LEVEL = "no_next_level"
NO_THRESHOLD = "no_threshold"
NOT_ENOUGH_XP = "not_enough_xp"

#: Bounds of a game summary: anything beyond is not a real Eredan game and is refused.
MAX_SUMMARY_AMOUNT = 100_000  # damage or healing of one character in one game
MAX_TIMES_PLAYED = 1_000  # times one card was played in one game
MAX_SUMMARY_ENTRIES = 200  # characters or cards of one seat


class XpError(ValueError):
    """Data that cannot be used by the XP rules (a bad table, a malformed game summary)."""

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.message = message
        self.field = field


# --- evolution thresholds ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Progress:
    """Where a copy stands on its way to its next level.

    ``threshold`` is the cumulative XP needed to leave ``level`` (``None`` past the end of the
    table); ``floor`` the cumulative XP at which a copy reaches ``level``; ``remaining`` the XP
    still needed (0 once reached); ``fraction`` the share of the way from floor to threshold
    (between 0 and 1; 1 past the end of the table).
    """

    level: int
    xp: int
    floor: int
    threshold: int | None
    remaining: int
    fraction: float

    @property
    def reached(self) -> bool:
        return self.threshold is not None and self.xp >= self.threshold

    def to_json(self) -> dict[str, Any]:
        return {
            "level": self.level,
            "xp": self.xp,
            "floor": self.floor,
            "threshold": self.threshold,
            "remaining": self.remaining,
            "fraction": round(self.fraction, 4),
            "reached": self.reached,
        }


@dataclass(frozen=True, slots=True)
class EvolutionRefusal:
    """Why a copy cannot evolve: a stable ``code`` and a readable ``message``."""

    code: str
    message: str


@dataclass(frozen=True, slots=True)
class XpThresholds:
    """The game's evolution thresholds: ``by_evolution[e]`` is the cumulative XP a copy needs to
    leave the 0-based evolution ``e`` (docs/rules/eredan.md §1 Experience, **[decision: cumulative XP
    needed to leave that level]**).

    Cumulative means XP is never spent: a copy keeps its XP when it evolves, and leaves level 2
    at 480 XP in total whether it was bought at level 1 or at level 2.
    """

    by_evolution: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.by_evolution:
            raise XpError("the XP table is empty", field="xp_thresholds")
        previous = 0
        for evolution, xp in enumerate(self.by_evolution):
            if not isinstance(xp, int) or isinstance(xp, bool) or xp <= previous:
                raise XpError(
                    f"evolution {evolution}: thresholds must be integers increasing from above 0",
                    field="xp_thresholds",
                )
            previous = xp

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, Any]]) -> XpThresholds:
        """From the reference table's rows ``[{"evolution": 0, "xp": 160}, …]`` (any order; the
        evolutions must be 0, 1, 2, … without a gap)."""
        by_evolution: dict[int, int] = {}
        for row in rows:
            try:
                evolution, xp = row["evolution"], row["xp"]
            except (KeyError, TypeError) as exc:
                raise XpError('each row is {"evolution": int, "xp": int}', field="xp_thresholds") from exc
            if not isinstance(evolution, int) or evolution in by_evolution:
                raise XpError(f"bad or repeated evolution {evolution!r}", field="xp_thresholds")
            by_evolution[evolution] = xp
        if sorted(by_evolution) != list(range(len(by_evolution))):
            raise XpError("evolutions must be 0, 1, 2, … without a gap", field="xp_thresholds")
        return cls(tuple(by_evolution[e] for e in range(len(by_evolution))))

    def threshold(self, level: int) -> int | None:
        """Cumulative XP needed to leave the 1-based ``level``; ``None`` past the table's end."""
        if level < 1:
            raise XpError(f"levels start at 1, not {level}", field="level")
        evolution = level - 1
        return self.by_evolution[evolution] if evolution < len(self.by_evolution) else None

    def floor(self, level: int) -> int:
        """Cumulative XP at which a copy reaches the 1-based ``level`` (0 for level 1).

        A new copy added at ``level`` without an explicit XP starts here, so that its progress
        starts at 0 and thresholds stay cumulative.
        """
        if level < 1:
            raise XpError(f"levels start at 1, not {level}", field="level")
        if level == 1:
            return 0
        return self.by_evolution[min(level - 2, len(self.by_evolution) - 1)]

    def progress(self, *, level: int, xp: int) -> Progress:
        floor, threshold = self.floor(level), self.threshold(level)
        if threshold is None:
            return Progress(level, xp, floor, None, 0, 1.0)
        span = threshold - floor
        fraction = min(1.0, max(0.0, (xp - floor) / span))
        return Progress(level, xp, floor, threshold, max(0, threshold - xp), fraction)

    def evolution_refusal(self, *, level: int, xp: int, has_next_level: bool) -> EvolutionRefusal | None:
        """``None`` if a copy at ``level`` with ``xp`` may evolve, else the reason it may not.

        docs/rules/eredan.md §1 Experience — at the threshold exactly, the copy evolves.
        """
        if not has_next_level:
            return EvolutionRefusal(NO_NEXT_LEVEL, f"Level {level} is the last level of its family.")
        threshold = self.threshold(level)
        if threshold is None:
            return EvolutionRefusal(NO_THRESHOLD, f"The XP table has no threshold for level {level}.")
        if xp < threshold:
            return EvolutionRefusal(
                NOT_ENOUGH_XP,
                f"This copy has {xp} XP; leaving level {level} needs {threshold} ({threshold - xp} more).",
            )
        return None


# --- XP earned in games ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameXpTable:
    """How much XP one game earns each copy used in it.

    docs/rules/eredan.md §1 Experience — XP comes "depending on the actions taken", differently for
    characters and other cards; the real amounts are unknown **[decision: a documented,
    configurable table]**. These defaults are the project's own guesses, sized so that a level 1
    copy used in every game evolves after roughly ten games (160 XP). Override any of them with
    the ``COLLECTION_GAME_XP_TABLE`` setting (a dict of these field names).
    """

    #: a character that took part in the game
    character_played: int = 5
    #: a character whose side won
    character_win: int = 5
    #: a character still alive at the end of the game
    character_survived: int = 3
    #: per point of damage a character dealt to enemy characters
    character_per_damage: int = 1
    #: per point of healing a character did to its side's characters
    character_per_healing: int = 1
    #: per time a card was played
    card_per_play: int = 4
    #: a card played at least once by the winning side
    card_win: int = 4
    #: most XP one copy may earn from one game (0 = no cap)
    max_per_copy: int = 60

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100_000:
                raise XpError("must be an integer from 0 to 100000", field=f.name)

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None) -> GameXpTable:
        """The defaults overridden by ``data`` (unknown keys are refused, not ignored)."""
        if not data:
            return cls()
        if not isinstance(data, Mapping):
            raise XpError("expected a mapping of amounts", field="COLLECTION_GAME_XP_TABLE")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise XpError(f"unknown keys {unknown}; known: {sorted(known)}", field="COLLECTION_GAME_XP_TABLE")
        return cls(**dict(data))

    def to_json(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


@dataclass(frozen=True, slots=True)
class CharacterGameStats:
    slug: str
    damage: int = 0
    healing: int = 0
    survived: bool = False


@dataclass(frozen=True, slots=True)
class SeatSummary:
    """What one seat's characters and cards did in one game."""

    characters: tuple[CharacterGameStats, ...] = ()
    cards_played: tuple[tuple[str, int], ...] = ()  # (card slug, times played), sorted by slug


@dataclass(frozen=True, slots=True)
class GameSummary:
    """A finished Eredan game, as far as experience is concerned: per seat, per character the
    damage dealt, healing done and survival; per card the times played; the winning seat
    (``None`` for a draw)."""

    seats: tuple[SeatSummary, SeatSummary]
    winner: int | None


def _count(value: Any, field: str, maximum: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= maximum:
        raise XpError(f"expected an integer from 0 to {maximum}", field=field)
    return value


def _seat_key(data: Mapping[Any, Any], seat: int) -> Any:
    """Seats are ints in Python and strings once through JSON: accept both, not both at once."""
    if seat in data and str(seat) in data:
        raise XpError(f"seat {seat} is given twice", field=str(seat))
    return data.get(seat, data.get(str(seat)))


def _slug(value: Any, field: str) -> str:
    if not isinstance(value, str) or not value or len(value) > 200:
        raise XpError("expected a card or character slug", field=field)
    return value


def _mapping(value: Any, field: str) -> Mapping[Any, Any]:
    if not isinstance(value, Mapping):
        raise XpError("expected an object", field=field)
    if len(value) > MAX_SUMMARY_ENTRIES:
        raise XpError(f"at most {MAX_SUMMARY_ENTRIES} entries", field=field)
    return value


def _seat_entries(data: Mapping[Any, Any], seat: int, field: str) -> list[tuple[str, Any]]:
    """One seat's ``{slug: value}`` entries, validated and sorted by slug (absent = none)."""
    value = _seat_key(data, seat)
    if value is None:
        return []
    entries = _mapping(value, field)
    return sorted((_slug(slug, field), item) for slug, item in entries.items())


def game_summary_from_json(data: Any) -> GameSummary:
    """Read the summary the game engine produces (``State.summary()`` plus the winning seat):

    ``{"winner": 0 | 1 | null, "characters": {seat: {slug: {"damage", "healing", "survived"}}},
    "cards_played": {seat: {slug: times}}}`` — seats as ``0``/``1`` or ``"0"``/``"1"``; other keys
    (``turns``, ``end_reason``…) are ignored. Raise :class:`XpError` naming the bad field.
    """
    if not isinstance(data, Mapping):
        raise XpError("a game summary is an object", field="summary")
    winner = data.get("winner")
    if winner is not None and (isinstance(winner, bool) or winner not in (0, 1)):
        raise XpError("the winner is seat 0, seat 1 or null (a draw)", field="winner")
    characters = _mapping(data.get("characters") or {}, "characters")
    cards_played = _mapping(data.get("cards_played") or {}, "cards_played")
    extra = {str(k) for k in (*characters, *cards_played)} - {"0", "1"}
    if extra:
        raise XpError(f"unknown seats {sorted(extra)}; seats are 0 and 1", field="summary")
    seats = []
    for seat in (0, 1):
        chars = []
        seat_chars = _seat_entries(characters, seat, f"characters.{seat}")
        for slug, stats in seat_chars:
            path = f"characters.{seat}.{slug}"
            if not isinstance(stats, Mapping) or not set(stats) <= {"damage", "healing", "survived"}:
                raise XpError('expected {"damage", "healing", "survived"}', field=path)
            survived = stats.get("survived", False)
            if not isinstance(survived, bool):
                raise XpError("expected true or false", field=f"{path}.survived")
            chars.append(
                CharacterGameStats(
                    slug=slug,
                    damage=_count(stats.get("damage", 0), f"{path}.damage", MAX_SUMMARY_AMOUNT),
                    healing=_count(stats.get("healing", 0), f"{path}.healing", MAX_SUMMARY_AMOUNT),
                    survived=survived,
                )
            )
        played = tuple(
            (slug, _count(times, f"cards_played.{seat}.{slug}", MAX_TIMES_PLAYED))
            for slug, times in _seat_entries(cards_played, seat, f"cards_played.{seat}")
        )
        seats.append(SeatSummary(characters=tuple(chars), cards_played=played))
    return GameSummary(seats=(seats[0], seats[1]), winner=winner)


def game_xp_awards(summary: GameSummary, table: GameXpTable) -> tuple[dict[tuple[str, str], int], ...]:
    """Per seat, the XP each (kind, slug) earns from the game by ``table``; entries earning 0 are
    left out. A character always earns ``character_played``; a card earns only if played."""
    result: list[dict[tuple[str, str], int]] = []
    for seat, side in enumerate(summary.seats):
        won = summary.winner == seat
        awards: dict[tuple[str, str], int] = {}
        for char in side.characters:
            amount = (
                table.character_played
                + (table.character_win if won else 0)
                + (table.character_survived if char.survived else 0)
                + table.character_per_damage * char.damage
                + table.character_per_healing * char.healing
            )
            awards[(CHARACTER, char.slug)] = amount
        for slug, times in side.cards_played:
            if times:
                awards[(CARD, slug)] = table.card_per_play * times + (table.card_win if won else 0)
        if table.max_per_copy:
            awards = {key: min(amount, table.max_per_copy) for key, amount in awards.items()}
        result.append({key: amount for key, amount in awards.items() if amount > 0})
    return tuple(result)
