"""Statistics of a matchup: a tally that can be merged in any order, and the report built from it.

A tally holds only sums and counters, so merging chunk tallies in any order (or grouping) gives
the same result: a job's statistics do not depend on its chunking.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from simulator.engine.runner import SIDES, GameResult

Z_95 = 1.959963984540054


def wilson_interval(successes: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a binomial proportion (95% by default); (0, 1) when n = 0."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    lo, hi = max(0.0, centre - half), min(1.0, centre + half)
    # Exact bounds at the edges (floating point leaves 0.9999… for p = 1).
    return (0.0 if successes == 0 else lo, 1.0 if successes == n else hi)


def median_of_histogram(hist: Mapping[int, int]) -> float | None:
    total = sum(hist.values())
    if total == 0:
        return None
    keys = sorted(hist)
    lo_rank, hi_rank = (total - 1) // 2, total // 2
    lo = hi = None
    seen = 0
    for key in keys:
        nxt = seen + hist[key]
        if lo is None and lo_rank < nxt:
            lo = key
        if hi is None and hi_rank < nxt:
            hi = key
            break
        seen = nxt
    assert lo is not None and hi is not None
    return (lo + hi) / 2


@dataclass
class CardTally:
    games_played: int = 0  # games in which the side played the card at least once
    wins_played: int = 0
    times_played: int = 0


@dataclass
class CharacterTally:
    games: int = 0
    damage: int = 0
    healing: int = 0
    survived: int = 0


#: What a card metric counts (docs/lab.md "Card metrics"), in the order a tally stores them: a
#: copy in the opening hand, drawn after it, either, played, never in hand.
CARD_OBSERVATIONS = ("opening_hand", "drawn", "in_hand", "played", "not_seen")


@dataclass
class CountPair:
    """Observations and the wins among them."""

    games: int = 0
    wins: int = 0

    def add(self, n: int, won: bool) -> None:
        self.games += n
        self.wins += n if won else 0


def _card_row() -> dict[str, CountPair]:
    return {kind: CountPair() for kind in CARD_OBSERVATIONS}


@dataclass
class CardMetricsTally:
    """The card events of one side over its games, **per copy** (17lands' way: two copies drawn
    in a won game are two wins "when drawn"): sums only, mergeable in any order. The lab turns
    them into rates (:mod:`simulator.lab.card_metrics`)."""

    games: int = 0
    wins: int = 0
    #: card slug → kind of observation → counts.
    cards: dict[str, dict[str, CountPair]] = field(default_factory=dict)

    def add_game(self, *, won: bool, seen: Mapping[str, Sequence[int]]) -> None:
        """One game: ``seen[card] = (copies in the deck, copies in the opening hand, copies drawn
        after it, copies played)`` for every card of the deck (a game's ``cards_seen``)."""
        self.games += 1
        self.wins += won
        for card, (copies, opening, drawn, played) in seen.items():
            in_hand = opening + drawn
            if in_hand > copies or played > copies or min(opening, drawn, played) < 0:
                raise ValueError(f"{card}: copies seen or played outside 0..{copies}")
            row = self.cards.get(card)
            if row is None:
                row = self.cards[card] = _card_row()
            row["opening_hand"].add(opening, won)
            row["drawn"].add(drawn, won)
            row["in_hand"].add(in_hand, won)
            row["played"].add(played, won)
            row["not_seen"].add(copies - in_hand, won)

    def merge(self, other: CardMetricsTally) -> CardMetricsTally:
        self.games += other.games
        self.wins += other.wins
        for card, row in other.cards.items():
            mine = self.cards.setdefault(card, _card_row())
            for kind, counts in row.items():
                mine[kind].games += counts.games
                mine[kind].wins += counts.wins
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "cards": {
                card: [v for kind in CARD_OBSERVATIONS for v in (row[kind].games, row[kind].wins)]
                for card, row in sorted(self.cards.items())
            },
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CardMetricsTally:
        cards = {
            card: {
                kind: CountPair(values[2 * i], values[2 * i + 1]) for i, kind in enumerate(CARD_OBSERVATIONS)
            }
            for card, values in data["cards"].items()
        }
        return cls(games=data["games"], wins=data["wins"], cards=cards)


@dataclass
class MatchTally:
    """Sums over the games of one pairing of sides A and B."""

    games: int = 0
    wins: Counter[str] = field(default_factory=Counter)
    draws: int = 0
    first_player_games: int = 0
    first_player_wins: int = 0
    first_player_draws: int = 0
    went_first: Counter[str] = field(default_factory=Counter)
    lengths: Counter[int] = field(default_factory=Counter)
    end_reasons: Counter[str] = field(default_factory=Counter)
    cards: dict[str, dict[str, CardTally]] = field(default_factory=dict)
    characters: dict[str, dict[str, CharacterTally]] = field(default_factory=dict)
    #: Per side, its cards' events per copy, from games whose summary has ``cards_seen``.
    card_metrics: dict[str, CardMetricsTally] = field(default_factory=dict)

    # -- accumulate -----------------------------------------------------------------------
    def add(self, result: GameResult) -> None:
        summary = result.summary
        self.games += 1
        winner = result.winner
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
        first = summary.get("first_player")
        if first is not None:
            self.first_player_games += 1
            self.went_first[result.seats[first]] += 1
            if result.winner_seat is None:
                self.first_player_draws += 1
            elif result.winner_seat == first:
                self.first_player_wins += 1
        self.lengths[int(summary.get("turns", 0))] += 1
        self.end_reasons[str(summary.get("end_reason", "unknown"))] += 1
        for seat_key, played in (summary.get("cards_played") or {}).items():
            side = result.seats[int(seat_key)]
            side_cards = self.cards.setdefault(side, {})
            for card, times in played.items():
                if times <= 0:
                    continue
                tally = side_cards.setdefault(card, CardTally())
                tally.games_played += 1
                tally.times_played += times
                tally.wins_played += winner == side
        for seat_key, chars in (summary.get("characters") or {}).items():
            side = result.seats[int(seat_key)]
            side_chars = self.characters.setdefault(side, {})
            for slug, facts in chars.items():
                ctally = side_chars.setdefault(slug, CharacterTally())
                ctally.games += 1
                ctally.damage += int(facts.get("damage", 0))
                ctally.healing += int(facts.get("healing", 0))
                ctally.survived += bool(facts.get("survived", False))
        for seat_key, seen in (summary.get("cards_seen") or {}).items():
            side = result.seats[int(seat_key)]
            self.card_metrics.setdefault(side, CardMetricsTally()).add_game(won=winner == side, seen=seen)

    def merge(self, other: MatchTally) -> MatchTally:
        """Add ``other`` into this tally (in place) and return self."""
        self.games += other.games
        self.wins.update(other.wins)
        self.draws += other.draws
        self.first_player_games += other.first_player_games
        self.first_player_wins += other.first_player_wins
        self.first_player_draws += other.first_player_draws
        self.went_first.update(other.went_first)
        self.lengths.update(other.lengths)
        self.end_reasons.update(other.end_reasons)
        for side, cards in other.cards.items():
            mine = self.cards.setdefault(side, {})
            for card, t in cards.items():
                m = mine.setdefault(card, CardTally())
                m.games_played += t.games_played
                m.wins_played += t.wins_played
                m.times_played += t.times_played
        for side, chars in other.characters.items():
            mine_c = self.characters.setdefault(side, {})
            for slug, c in chars.items():
                mc = mine_c.setdefault(slug, CharacterTally())
                mc.games += c.games
                mc.damage += c.damage
                mc.healing += c.healing
                mc.survived += c.survived
        for side, metrics in other.card_metrics.items():
            self.card_metrics.setdefault(side, CardMetricsTally()).merge(metrics)
        return self

    # -- serialise ------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": dict(sorted(self.wins.items())),
            "draws": self.draws,
            "first_player_games": self.first_player_games,
            "first_player_wins": self.first_player_wins,
            "first_player_draws": self.first_player_draws,
            "went_first": dict(sorted(self.went_first.items())),
            "lengths": {str(k): v for k, v in sorted(self.lengths.items())},
            "end_reasons": dict(sorted(self.end_reasons.items())),
            "cards": {
                side: {
                    card: [t.games_played, t.wins_played, t.times_played] for card, t in sorted(cards.items())
                }
                for side, cards in sorted(self.cards.items())
            },
            "characters": {
                side: {slug: [c.games, c.damage, c.healing, c.survived] for slug, c in sorted(chars.items())}
                for side, chars in sorted(self.characters.items())
            },
            "card_metrics": {side: m.to_json() for side, m in sorted(self.card_metrics.items())},
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> MatchTally:
        return cls(
            games=data["games"],
            wins=Counter(data["wins"]),
            draws=data["draws"],
            first_player_games=data["first_player_games"],
            first_player_wins=data["first_player_wins"],
            first_player_draws=data.get("first_player_draws", 0),
            went_first=Counter(data["went_first"]),
            lengths=Counter({int(k): v for k, v in data["lengths"].items()}),
            end_reasons=Counter(data["end_reasons"]),
            cards={
                side: {card: CardTally(*values) for card, values in cards.items()}
                for side, cards in data["cards"].items()
            },
            characters={
                side: {slug: CharacterTally(*values) for slug, values in chars.items()}
                for side, chars in data["characters"].items()
            },
            card_metrics={
                side: CardMetricsTally.from_json(m) for side, m in data.get("card_metrics", {}).items()
            },
        )

    # -- report ---------------------------------------------------------------------------
    def report(self) -> dict[str, Any]:
        """Win rates with Wilson 95% intervals, first-player advantage, lengths, per-card stats."""
        n = self.games
        sides: dict[str, Any] = {}
        for side in SIDES:
            wins = self.wins.get(side, 0)
            lo, hi = wilson_interval(wins, n)
            sides[side] = {
                "wins": wins,
                "losses": n - wins - self.draws,
                "draws": self.draws,
                "win_rate": wins / n if n else None,
                "win_rate_ci95": [lo, hi],
                "went_first": self.went_first.get(side, 0),
                "cards": self._card_report(side),
                "characters": {
                    slug: {
                        "games": c.games,
                        "damage_mean": c.damage / c.games if c.games else 0.0,
                        "healing_mean": c.healing / c.games if c.games else 0.0,
                        "survival_rate": c.survived / c.games if c.games else 0.0,
                    }
                    for slug, c in sorted(self.characters.get(side, {}).items())
                },
            }
        fp_n = self.first_player_games
        fp_lo, fp_hi = wilson_interval(self.first_player_wins, fp_n)
        total_len = sum(k * v for k, v in self.lengths.items())
        return {
            "games": n,
            "draws": self.draws,
            "sides": sides,
            "first_player": {
                "games": fp_n,
                "wins": self.first_player_wins,
                "draws": self.first_player_draws,
                "win_rate": self.first_player_wins / fp_n if fp_n else None,
                "win_rate_ci95": [fp_lo, fp_hi],
            },
            "length": {
                "mean": total_len / n if n else None,
                "median": median_of_histogram(self.lengths),
                "min": min(self.lengths) if self.lengths else None,
                "max": max(self.lengths) if self.lengths else None,
            },
            "end_reasons": dict(sorted(self.end_reasons.items())),
        }

    def _card_report(self, side: str) -> dict[str, Any]:
        side_games = self.games
        side_wins = self.wins.get(side, 0)
        out: dict[str, Any] = {}
        for card, t in sorted(self.cards.get(side, {}).items()):
            not_played = side_games - t.games_played
            out[card] = {
                "games_played": t.games_played,
                "times_played": t.times_played,
                "play_rate": t.games_played / side_games if side_games else 0.0,
                "win_rate_when_played": t.wins_played / t.games_played if t.games_played else None,
                "win_rate_when_not_played": (side_wins - t.wins_played) / not_played if not_played else None,
            }
        return out
