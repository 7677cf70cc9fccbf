"""The deck optimizer (simulator/lab/optimize.py) on real games of the bundled card set: every
candidate it plays is legal (with a collection, only owned copies); the same seed gives the same
final deck whatever the chunking and processes; a sabotaged deck improves, confirmed on fresh
seeds (docs/lab.md "Optimizer")."""

from __future__ import annotations

from typing import Any

import pytest

from cards.domain.cardset import load_cardset
from decks.validator import validate_deck
from simulator.lab.compare import FieldEntry
from simulator.lab.moves import Composition, Constraints
from simulator.lab.optimize import (
    CONFIRM,
    DONE,
    SEARCH,
    STOP_PATIENCE,
    VERIFY,
    OptimizeError,
    OptimizeProblem,
    Optimizer,
    OptimizerSettings,
    OptimizerState,
    run_optimize_local,
)
from simulator.lab.search import Work, play_work

CARDSET = load_cardset()
CATALOG = CARDSET.catalog
DECKS = {d["slug"]: d for d in CARDSET.raw["decks"]}

#: Small races so a test plays a few thousand games (the defaults are 16 candidates, 100 games…).
SMALL = OptimizerSettings(
    candidates=6,
    first_round_games=40,
    verify_games=300,
    min_confirm_games=400,
    confirm_share=0.25,
    patience=3,
)


#: The same, accepting every finalist: the search moves for sure (tests of the machinery).
EAGER = OptimizerSettings(**{**SMALL.to_json(), "accept_margin": -0.5})


def composition(slug: str) -> Composition:
    d = DECKS[slug]
    return Composition.of(d["characters"], d["cards"])


def sabotaged(slug: str, out: dict[str, int], into: dict[str, int]) -> Composition:
    """A demo deck with copies of its own cards swapped for weak ones."""
    cards = composition(slug).counts
    for s, n in out.items():
        cards[s] -= n
    for s, n in into.items():
        cards[s] = cards.get(s, 0) + n
    return Composition.of(DECKS[slug]["characters"], cards)


def field_of(*slugs: str) -> tuple[FieldEntry, ...]:
    return tuple(FieldEntry(s, "greedy", composition(s).spec(CATALOG, s)) for s in slugs)


#: zil-golems with five copies of its spells and sword swapped for a 1-HP bandage and a one-turn
#: +1 Defense potion (both legal in the deck, both about the weakest cards of the set).
WEAK_GOLEMS = sabotaged(
    "zil-golems",
    {"eclairs-1": 2, "electrochoc-1": 2, "epee-d-emeraude-1": 1},
    {"pansement-beni-1": 3, "potion-de-seduction-1": 2},
)
FIELD = field_of("noz-garde-du-dragon", "kotoba-voie-du-sabre", "nomades-du-desert")


def problem(**overrides: Any) -> OptimizeProblem:
    values: dict[str, Any] = {
        "start": WEAK_GOLEMS,
        "constraints": Constraints(catalog=CATALOG),
        "field": FIELD,
        "budget": 5_000,
        "seed": 11,
        "settings": SMALL,
    }
    values.update(overrides)
    return OptimizeProblem(**values)


def test_the_sabotage_is_a_legal_deck():
    assert validate_deck(characters=WEAK_GOLEMS.characters, cards=WEAK_GOLEMS.counts, catalog=CATALOG).valid


def test_every_deck_played_is_legal_and_kept_cards_stay():
    """docs/rules/eredan.md §2: the validator passes every arm of every work; a kept card is in
    every candidate with at least its starting count."""
    keep = frozenset({"tornade-1", "marlok-1"})
    seen: list[Work] = []
    _, state = run_optimize_local(
        problem(
            constraints=Constraints(catalog=CATALOG, keep=keep, characters_may_change=True),
            budget=3_000,
            settings=EAGER,  # every phase is played, whatever the finalists' gains
        ),
        processes=1,
        on_work=lambda work, _state: seen.append(work),
    )
    assert seen and {w.phase for w in seen} == {SEARCH, VERIFY, CONFIRM}
    decks = {deck for work in seen for deck in work.arms}
    assert len(decks) > 5
    for deck in decks:
        assert validate_deck(characters=deck.characters, cards=deck.counts, catalog=CATALOG).valid, deck
        assert deck.count("tornade-1") >= 1 and "marlok-1" in deck.characters
    assert state.phase == DONE


def test_with_a_collection_no_deck_uses_an_unowned_copy():
    """§2.9: every copy of every deck played is in the collection (its own copies, and two more
    cards it holds one copy of)."""
    owned = dict(WEAK_GOLEMS.counts) | {"eclairs-1": 1, "tornade-1": 2, "pluie-incandescente-1": 1}
    owned.update(dict.fromkeys(WEAK_GOLEMS.characters, 1))
    constraints = Constraints(catalog=CATALOG, owned=owned)
    seen: list[Work] = []
    run_optimize_local(
        problem(constraints=constraints, budget=3_000), processes=1, on_work=lambda w, _s: seen.append(w)
    )
    for deck in {d for work in seen for d in work.arms}:
        assert all(n <= owned.get(s, 0) for s, n in deck.cards), deck
        assert constraints.legal(deck)


def test_same_seed_same_final_deck_whatever_the_chunking_and_processes(disturb_global_random):
    one, a = run_optimize_local(problem(budget=3_000), processes=1, chunk_games=1_000)
    disturb_global_random()
    two, b = run_optimize_local(problem(budget=3_000), processes=2, chunk_games=30)
    assert a.incumbent == b.incumbent
    assert one.report(a) == two.report(b)
    other, c = run_optimize_local(problem(budget=3_000, seed=12), processes=1)
    assert other.report(c)["steps"] != one.report(a)["steps"]


@pytest.mark.slow
def test_a_sabotaged_deck_improves_confirmed_on_fresh_seeds():
    """The issue's "Done when": within 8,000 games in all (the SMALL settings: four steps of six
    candidates), the confirmation — games the search never played — puts the final deck above
    the sabotaged one with its 95 % interval above 0. Seed 14; with these settings and budget,
    three seeds of four (11, 13, 14, 15) end with a confirmed gain (docs/lab.md "Optimizer")."""
    optimizer, state = run_optimize_local(problem(budget=8_000, seed=14), processes=2)
    report = optimizer.report(state)
    assert report["games"]["total"] <= 8_000
    assert report["path"], "no move was accepted"
    confirmation = report["confirmation"]
    assert confirmation["played"] and confirmation["games"] == report["confirm_games"]
    assert confirmation["ci95"][0] > 0.0
    assert report["final"] != report["start"]


def test_a_state_round_trips_through_json():
    optimizer = Optimizer(problem())
    state = optimizer.start()
    assert OptimizerState.from_json(state.to_json()).to_json() == state.to_json()
    work = optimizer.work(state)
    assert work is not None and work.phase == SEARCH and work.arms[0] == WEAK_GOLEMS
    assert len(work.arms) == 1 + SMALL.candidates


def test_no_accepted_move_means_a_zero_difference_without_playing():
    """Identical decks play identical games: with nothing accepted, the confirmed difference is
    exactly 0 and the confirmation plays nothing."""
    never = OptimizerSettings(**{**SMALL.to_json(), "accept_margin": 1.0, "patience": 1})
    optimizer = Optimizer(problem(settings=never))
    state = optimizer.start()
    while (work := optimizer.work(state)) is not None and work.phase != CONFIRM:
        state = optimizer.advance(state, work, play_work(optimizer, work, work.start, work.stop))
    assert state.phase == DONE and state.stop_reason == STOP_PATIENCE
    assert state.confirmation["estimate"] == 0.0 and state.confirmation["played"] is False
    lo, hi = state.confirmation["ci95"]
    assert lo < 0.0 < hi
    assert state.games[CONFIRM] == 0


def test_bad_problems_are_refused():
    illegal = Composition.of(WEAK_GOLEMS.characters, {"eclairs-1": 3})
    with pytest.raises(OptimizeError, match="breaks the deck-building rules"):
        Optimizer(problem(start=illegal)).start()
    with pytest.raises(OptimizeError, match="too small"):
        Optimizer(problem(budget=100)).start()
    with pytest.raises(OptimizeError, match="seat-swapped pairs"):
        OptimizerSettings(first_round_games=3)


def test_a_tally_of_other_games_is_refused():
    optimizer = Optimizer(problem())
    state = optimizer.start()
    work = optimizer.work(state)
    partial = play_work(optimizer, work, work.start, work.start + 2)
    with pytest.raises(OptimizeError, match="every game"):
        optimizer.advance(state, work, partial)


def test_the_cost_of_a_step():
    s = OptimizerSettings()
    assert s.rounds(16) == [(16, 100), (8, 200), (4, 400), (2, 800)]
    assert s.step_cost(16) == 17 * 100 + 9 * 200 + 5 * 400 + 3 * 800 + 2 * 1_000
    assert s.rounds(1) == [] and s.step_cost(1) == 2_000
    assert s.rounds(3) == [(3, 100), (2, 200)]
