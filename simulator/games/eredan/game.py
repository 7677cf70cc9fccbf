"""The Eredan game: options, and initial states built from two decks.

Compiling the decks (:func:`~simulator.games.eredan.compiled.compile_tables`) happens once per pair
of decks and is cached on the game, so a batch of games between the same decks compiles once.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cards.domain.specs import DeckSpec
from simulator.games.eredan.compiled import Tables, compile_tables
from simulator.games.eredan.rules import DEFAULT_RULES, EredanRules
from simulator.games.eredan.state import EredanState

#: How many compiled deck pairs a game object keeps (a gauntlet or round robin reuses a few).
TABLES_CACHE_SIZE = 64


class EredanGame:
    """Eredan iTCG combat (docs/rules/eredan.md §3) between two decks.

    ``rules``: the rule decisions (default :data:`~simulator.games.eredan.rules.DEFAULT_RULES`);
    the keyword ``options`` change fields of it by name (``EredanGame(turn_cap=30)``: the game's
    options, as a simulation job gives them). ``log``: record the event log of every game.
    """

    name = "eredan"

    def __init__(self, *, rules: EredanRules | None = None, log: bool = False, **options: Any) -> None:
        self.rules = EredanRules.from_options(options, base=rules) if options else (rules or DEFAULT_RULES)
        self.log = log
        # id(deck a), id(deck b) -> (the decks, kept alive so the ids stay theirs; the tables)
        self._tables: dict[tuple[int, int], tuple[tuple[DeckSpec, DeckSpec], Tables]] = {}

    def tables(self, decks: Sequence[DeckSpec]) -> Tables:
        """The compiled tables of two decks (cached); raises on a card the engine cannot play."""
        if len(decks) != 2:
            raise ValueError("an Eredan game needs two decks")
        key = (id(decks[0]), id(decks[1]))
        hit = self._tables.get(key)
        if hit is not None and hit[0][0] is decks[0] and hit[0][1] is decks[1]:
            return hit[1]
        tables = compile_tables(decks, self.rules)
        if len(self._tables) >= TABLES_CACHE_SIZE:
            self._tables.pop(next(iter(self._tables)))
        self._tables[key] = ((decks[0], decks[1]), tables)
        return tables

    def new_initial_state(self, rng: random.Random, entrants: tuple[Any, Any] = (None, None)) -> EredanState:
        decks = _decks(entrants)
        return EredanState.new_game(self.tables(decks), rng, rules=self.rules, log=self.log)

    def state_from_position(
        self,
        rng: random.Random,
        entrants: tuple[Any, Any],
        *,
        first_player: int,
        hands: Sequence[Sequence[str]],
        draw_piles: Sequence[Sequence[str]],
        **position: Any,
    ) -> EredanState:
        """A game set up exactly as given (cards by slug, draw piles top first; see
        :meth:`EredanState.from_position` for the other fields)."""
        decks = _decks(entrants)
        tables = self.tables(decks)
        index = {card.slug: card.id for card in tables.cards}

        def ids(slugs: Sequence[str]) -> list[int]:
            try:
                return [index[slug] for slug in slugs]
            except KeyError as exc:
                raise ValueError(f"card {exc.args[0]!r} is in neither deck") from None

        items = position.pop("items", None)
        discards = position.pop("discards", None)
        return EredanState.from_position(
            tables,
            rng,
            first_player=first_player,
            hands=[ids(h) for h in hands],
            draw_piles=[ids(p) for p in draw_piles],
            items=None if items is None else [ids(i) for i in items],
            discards=None if discards is None else [ids(d) for d in discards],
            rules=self.rules,
            log=self.log,
            **position,
        )


def _decks(entrants: tuple[Any, Any]) -> tuple[DeckSpec, DeckSpec]:
    if len(entrants) != 2 or not all(isinstance(d, DeckSpec) for d in entrants):
        raise TypeError("an Eredan game needs a DeckSpec for each seat")
    return (entrants[0], entrants[1])


def play_one(
    decks: tuple[DeckSpec, DeckSpec],
    *,
    seed: int,
    policies: tuple[str, str] = ("greedy", "greedy"),
    rules: EredanRules = DEFAULT_RULES,
    record: bool = False,
) -> dict[str, Any]:
    """Play one game, deck A in seat 0, with its event log: ``{"seed", "decks", "policies",
    "rules", "summary", "log", "names"}`` (``rules``: the rule decisions that differ from the
    defaults; ``names``: slug -> English name, for display) and, with ``record``, its game record
    (``"record"``, docs/game-records.md). The same arguments always give the same log."""
    from simulator.engine.runner import Side, play_match_game
    from simulator.games.eredan.policies import make_policy
    from simulator.records import recorder_factory

    game = EredanGame(rules=rules)
    sides = (
        Side("A", make_policy(policies[0]), decks[0]),
        Side("B", make_policy(policies[1]), decks[1]),
    )
    recorder = recorder_factory("eredan", game) if record else None
    result = play_match_game(game, sides, seed, 0, record_log=True, recorder=recorder)
    tables = game.tables(decks)
    names = {c.slug: c.spec.name_en for c in tables.cards}
    names.update({ch.slug: ch.spec.name_en for ch in tables.chars})
    return {
        "seed": seed,
        "decks": [d.slug or d.name for d in decks],
        "policies": list(policies),
        "rules": rules.changed(),
        "summary": dict(result.summary),
        "log": result.log or [],
        "names": names,
        **({"record": result.record} if record else {}),
    }
