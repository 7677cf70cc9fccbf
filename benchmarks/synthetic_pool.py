"""Games between random legal decks of the whole imported card pool (issue 15 §4).

A developer check, not part of the test suite: after ``manage.py import_cards`` of a full-size dump
(``fixtures/tools/build_synthetic_dump.py`` builds one from a ``card-texts.tsv``; never committed),

    DATABASE_URL=… .venv/bin/python benchmarks/synthetic_pool.py [--games 1000] [--decks 100] [--seed 1]

1. reads the catalog from the database (``cards.specs.get_catalog``);
2. sorts out what the engine plays: each character and card is compiled by the engine in a small
   game's tables (``compile_tables``); those it refuses by name (a construct it does not play yet)
   are counted by reason and left out of the draws;
3. draws ``--decks`` random **legal** decks from the rest (three characters, then cards added one
   copy at a time, each kept only if the validator reports nothing but the deck's size, up to a
   size drawn from 20–50);
4. plays ``--games`` games between random pairs of them (random and greedy policies alternately,
   seeds from the run's seed and the game's index), counting every exception as an engine error
   (its traceback written to ``var/synthetic_pool_errors.txt``). A pair the engine refuses by name
   at set-up (each deck is playable alone, not beside the other) is counted apart and drawn again,
   as a job refuses such a pair when it is submitted.

It prints the pool's playable share, the refusal reasons, the decks drawn, the games, the errors and
the games per second. Exit status 1 when a game raised.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
import traceback
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "eredan.settings")

import django  # noqa: E402

django.setup()

from cards.domain.specs import Catalog, CharacterSpec, DeckSpec, deck_from_counts  # noqa: E402
from cards.specs import get_catalog  # noqa: E402
from decks.validator import validate_deck  # noqa: E402
from simulator.engine.runner import Side, play_match_game  # noqa: E402
from simulator.games.eredan.compiled import compile_tables  # noqa: E402
from simulator.games.eredan.game import EredanGame  # noqa: E402
from simulator.games.eredan.ops import UnsupportedSpecError  # noqa: E402
from simulator.games.eredan.policies import make_policy  # noqa: E402

ERRORS = ROOT / "var" / "synthetic_pool_errors.txt"
SIZE_CODES = frozenset({"deck_size"})


def _probe_deck(catalog: Catalog, characters: tuple[CharacterSpec, ...], counts: dict[str, int]) -> DeckSpec:
    return deck_from_counts("probe", characters, counts, catalog.cards)


def playable_pool(catalog: Catalog) -> tuple[list[str], list[str], Counter[str]]:
    """The characters and cards the engine compiles, and the refusal reasons of the others."""
    reasons: Counter[str] = Counter()
    # three characters the engine plays, to carry each card in a probe
    base: list[CharacterSpec] = []
    characters: list[str] = []
    for slug in sorted(catalog.characters):
        ch = catalog.characters[slug]
        try:
            trio = (ch, ch, ch)
            deck = _probe_deck(catalog, trio, {})
            compile_tables([deck, deck])
        except UnsupportedSpecError as exc:
            reasons[f"character: {exc.message}"] += 1
            continue
        except Exception as exc:  # a refusal of another kind is counted too
            reasons[f"character: {type(exc).__name__}: {exc}"[:160]] += 1
            continue
        characters.append(slug)
        if len(base) < 3:
            base.append(ch)
    cards: list[str] = []
    for slug, card in sorted(catalog.cards.items()):
        if not card.playable or (card.type_path and card.type_path[0] == "personnage"):
            continue
        try:
            deck = _probe_deck(catalog, tuple(base), {slug: 1})
            compile_tables([deck, deck])
        except UnsupportedSpecError as exc:
            reasons[f"card: {exc.message}"] += 1
            continue
        except Exception as exc:  # counted as well
            reasons[f"card: {type(exc).__name__}: {exc}"[:160]] += 1
            continue
        cards.append(slug)
    return characters, cards, reasons


def draw_deck(
    catalog: Catalog, characters: list[str], cards: list[str], rng: random.Random
) -> DeckSpec | None:
    """A random legal deck (or None after too many tries)."""
    for _ in range(200):
        trio = rng.sample(characters, 3)
        result = validate_deck(characters=trio, cards={}, catalog=catalog)
        if set(result.codes) - SIZE_CODES:
            continue
        target = rng.randint(20, 50)
        counts: dict[str, int] = {}
        tries = 0
        while sum(counts.values()) < target and tries < target * 40:
            tries += 1
            slug = rng.choice(cards)
            counts[slug] = counts.get(slug, 0) + 1
            result = validate_deck(characters=trio, cards=counts, catalog=catalog)
            if set(result.codes) - SIZE_CODES:
                counts[slug] -= 1
                if not counts[slug]:
                    del counts[slug]
        if validate_deck(characters=trio, cards=counts, catalog=catalog).valid:
            return deck_from_counts(
                f"random-{len(counts)}", [catalog.characters[s] for s in trio], counts, catalog.cards
            )
    return None


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--decks", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    t0 = time.perf_counter()
    catalog = get_catalog()
    characters, cards, reasons = playable_pool(catalog)
    n_chars = len(catalog.characters)
    n_cards = sum(
        1
        for c in catalog.cards.values()
        if c.playable and not (c.type_path and c.type_path[0] == "personnage")
    )
    print(f"catalog: {n_chars} characters, {n_cards} deckable cards ({time.perf_counter() - t0:.1f} s)")
    print(
        f"the engine plays {len(characters)} characters ({len(characters) / max(n_chars, 1):.1%}) and "
        f"{len(cards)} cards ({len(cards) / max(n_cards, 1):.1%})"
    )
    print("most frequent refusals:")
    for reason, count in reasons.most_common(15):
        print(f"  {count:5d}  {reason}")
    rng = random.Random(args.seed)
    decks: list[DeckSpec] = []
    t1 = time.perf_counter()
    while len(decks) < args.decks:
        deck = draw_deck(catalog, characters, cards, rng)
        if deck is None:
            print("could not draw a legal deck in 200 tries")
            return 2
        decks.append(deck)
    sizes = [d.size for d in decks]
    print(
        f"{len(decks)} random legal decks drawn ({time.perf_counter() - t1:.1f} s): sizes "
        f"{min(sizes)}-{max(sizes)}, {len({s for d in decks for s, _ in ((c.slug, n) for c, n in d.cards)})} "
        f"distinct cards, {len({c.slug for d in decks for c in d.characters})} distinct characters"
    )
    game = EredanGame()
    errors = 0
    ends: Counter[str] = Counter()
    pairs_refused: Counter[str] = Counter()
    checks = [0.0, 0.0]
    ERRORS.parent.mkdir(parents=True, exist_ok=True)
    cpu0, wall0 = time.process_time(), time.perf_counter()
    with ERRORS.open("w", encoding="utf-8") as log:
        for i in range(args.games):
            a, b = rng.sample(decks, 2)
            # a pair the engine refuses by name at set-up (each deck alone is playable: a standing
            # grant by class beside a card that changes classes) is refused by a job at submission
            # too (simulator/services/requests.py): counted apart, and another pair drawn
            check0 = time.process_time(), time.perf_counter()
            for _ in range(100):
                try:
                    game.new_initial_state(random.Random(0), (a, b))
                    break
                except UnsupportedSpecError as exc:
                    pairs_refused[str(exc).split(": ", 2)[-1]] += 1
                    a, b = rng.sample(decks, 2)
            checks[0] += time.process_time() - check0[0]  # not counted in the games' speed
            checks[1] += time.perf_counter() - check0[1]
            policy = "random" if i % 2 == 0 else "greedy"
            sides = (Side("A", make_policy(policy), a), Side("B", make_policy(policy), b))
            try:
                result = play_match_game(game, sides, args.seed, i)
            except Exception:  # every exception is an engine error here
                errors += 1
                log.write(f"game {i} ({policy}): {a.name} vs {b.name}\n{traceback.format_exc()}\n")
                continue
            ends[result.summary["end_reason"]] += 1
    cpu, wall = time.process_time() - cpu0 - checks[0], time.perf_counter() - wall0 - checks[1]
    print(
        f"{args.games} games (random and greedy alternately): {errors} engine errors; ends {dict(ends)}; "
        f"{args.games / cpu:,.0f} games/s CPU ({args.games / wall:,.0f} wall)"
    )
    if pairs_refused:
        print(f"{sum(pairs_refused.values())} pairs of decks refused by name at set-up (drawn again):")
        for reason, n in pairs_refused.most_common():
            print(f"  {n:5d}  {reason}")
    if errors:
        print(f"tracebacks in {ERRORS}")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
