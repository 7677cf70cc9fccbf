"""What to get next (simulator/lab/acquire.py, docs/lab.md "What to get next") on real games of the
bundled card set: every deck raced is legal with only the candidate's copies granted; a deck the
collection cannot build ranks its missing cards by what replacing them costs; the gains come
from games the selection never played; the same ranking whatever the chunking and processes."""

from __future__ import annotations

from typing import Any

import pytest

from decks.validator import validate_deck
from simulator.lab.acquire import (
    COMPLETE,
    DONE,
    EVALUATE,
    IMPROVE,
    SELECT,
    AcquireError,
    AcquireProblem,
    Acquirer,
    AcquireSettings,
    AcquireState,
    run_acquire_local,
)
from simulator.lab.moves import Composition, Constraints
from simulator.lab.search import Work, run_search_local
from tests.simulator.lab.test_optimize import CATALOG, composition, field_of

#: Three candidates with two decks each, raced on 20 games, evaluated on 60: 380 games.
TINY = AcquireSettings(cards=3, moves_per_card=2, first_round_games=20, evaluate_games=60)
GOLEMS = composition("zil-golems")
FIELD = field_of("noz-garde-du-dragon", "kotoba-voie-du-sabre")


def owned_of(deck: Composition, **extra: int) -> dict[str, int]:
    owned = dict(deck.counts) | dict.fromkeys(deck.characters, 1)
    for slug, n in extra.items():
        owned[slug.replace("_", "-")] = n
    return owned


def problem(**overrides: Any) -> AcquireProblem:
    values: dict[str, Any] = {
        "base": GOLEMS,
        "constraints": Constraints(catalog=CATALOG, owned=owned_of(GOLEMS)),
        "field": FIELD,
        "budget": 400,
        "seed": 3,
        "settings": TINY,
    }
    values.update(overrides)
    return AcquireProblem(**values)


def test_the_cost_of_a_ranking() -> None:
    s = AcquireSettings()
    assert s.rounds([4, 4, 1]) == [(8, 100), (4, 200)]
    assert s.cost([4, 4, 1]) == 9 * 100 + 5 * 200 + 4 * 1_000
    assert s.rounds([1, 1]) == [] and s.cost([1, 1]) == 3 * 1_000
    assert TINY.cost([2, 2, 2]) == 7 * 20 + 4 * 60 == 380


def test_improving_a_deck_the_collection_builds() -> None:
    """docs/rules/eredan.md §2, §2.9: every deck raced passes the rules once the candidate's copies
    are granted, and uses no other unowned copy; every candidate is a card the collection lacks."""
    p = problem()
    assert p.target == IMPROVE and p.missing == {}
    seen: list[Work] = []
    acquirer, state = run_search_local(Acquirer, p, processes=1, on_work=lambda w, _s: seen.append(w))
    assert [w.phase for w in seen] == [SELECT, EVALUATE] and state.phase == DONE
    assert seen[0].seed != seen[1].seed  # the gains come from games the selection never played
    owned = p.owned
    for work in seen:
        for deck in work.arms[1:]:
            lacking = {s for s, n in deck.cards if n > owned.get(s, 0)}
            assert len(lacking) == 1, deck
            (card,) = lacking
            granted = dict(owned) | {card: 3}
            assert validate_deck(
                characters=deck.characters, cards=deck.counts, catalog=CATALOG, owned=granted
            ).valid
    report = acquirer.report(state)
    ranking = report["ranking"]
    assert report["ranked"] == len(ranking) == 3 and report["candidates"] > 3
    assert [r["rank"] for r in ranking] == [1, 2, 3]
    assert [r["estimate"] for r in ranking] == sorted((r["estimate"] for r in ranking), reverse=True)
    for r in ranking:
        assert r["games"] == 60 and r["ci95"][0] <= r["estimate"] <= r["ci95"][1]
        assert r["copies_to_get"] >= 1 and r["owned"] < 3
        assert Composition.from_json(r["deck"]).count(r["card"]) == r["owned"] + r["copies_to_get"]
        assert r["selection"]["biased"] is True and r["selection"]["games"] == 20
    assert report["games"] == {"select": 140, "evaluate": 240, "total": 380}


def test_completing_a_deck_ranks_its_missing_cards() -> None:
    """The collection lacks both Éclairs of three and the Foudre-lames: the replacement decks use
    owned copies only (the other missing copies granted); the gain of getting a card is the deck's
    win rate minus its best replacement's."""
    owned = owned_of(GOLEMS, eclairs_1=1, foudre_lame_1=0, tornade_1=3, pansement_beni_1=3)
    p = problem(constraints=Constraints(catalog=CATALOG, owned=owned))
    assert p.target == COMPLETE and p.missing == {"eclairs-1": 2, "foudre-lame-1": 2}
    seen: list[Work] = []
    acquirer, state = run_search_local(Acquirer, p, processes=1, on_work=lambda w, _s: seen.append(w))
    for work in seen:
        assert work.arms[0] == GOLEMS
        for deck in work.arms[1:]:
            replaced = [s for s in p.missing if deck.count(s) < GOLEMS.count(s)]
            assert len(replaced) == 1
            granted = dict(owned) | {s: GOLEMS.count(s) for s in p.missing if s not in replaced}
            assert validate_deck(
                characters=deck.characters, cards=deck.counts, catalog=CATALOG, owned=granted
            ).valid
    report = acquirer.report(state)
    assert {r["card"] for r in report["ranking"]} == {"eclairs-1", "foudre-lame-1"}
    for r in report["ranking"]:
        assert r["deck"] == GOLEMS.to_json() and r["copies_to_get"] == 2
        evaluation = state.evaluation[state.items.index(r["card"])]
        assert r["estimate"] == pytest.approx(-evaluation["estimate"])


def test_the_same_ranking_whatever_the_chunking_and_processes(disturb_global_random: Any) -> None:
    one, a = run_acquire_local(problem(), processes=1, chunk_games=1_000)
    disturb_global_random()
    two, b = run_acquire_local(problem(), processes=2, chunk_games=6)
    assert one.report(a) == two.report(b)
    assert AcquireState.from_json(a.to_json()).to_json() == a.to_json()


def test_a_small_budget_ranks_fewer_cards_and_refusals() -> None:
    acquirer = Acquirer(problem(budget=260))  # one candidate of two decks: 3 × 20 + 2 × 60 = 180
    state = acquirer.start()
    assert len(state.items) == 1
    with pytest.raises(AcquireError, match="too small"):
        Acquirer(problem(budget=100)).start()
    with pytest.raises(AcquireError, match="needs a collection"):
        Acquirer(problem(constraints=Constraints(catalog=CATALOG))).start()
    with pytest.raises(AcquireError, match="seat-swapped pairs"):
        AcquireSettings(evaluate_games=3)
