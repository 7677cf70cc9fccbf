"""Records of games whose cards move cards at random (cards/domain/effects.py ``move``, ``card_to``):
the new chance outcomes — a random card of a pile (``random_card``), a place in a deck (``place``)
— are recorded and replayed, and a record that says otherwise is refused (docs/game-records.md)."""

from __future__ import annotations

import copy
import random

import pytest

from cards.domain.cardset import load_cardset
from cards.domain.specs import Catalog, deck_from_counts
from decks.validator import validate_deck_spec
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.policies import make_policy
from simulator.records.base import RecordError, play_recorded, replay_record
from tests.simulator.games.eredan.factories import card


def _catalog_and_deck():
    cardset = load_cardset()
    recall = card(
        "rappel-test",
        "action",
        effects=[
            {"op": "move", "from": "discard", "to": "hand", "count": 1},
            {"op": "modify", "stat": "attack", "amount": 1},
        ],
    )
    shuffle_back = card(
        "remise-test",
        "action",
        effects=[{"op": "modify", "stat": "defense", "amount": 1}, {"op": "card_to", "to": "deck"}],
    )
    catalog = Catalog(
        characters=cardset.characters,
        cards={**cardset.cards, recall.slug: recall, shuffle_back.slug: shuffle_back},
    )
    base = cardset.decks["zil-golems"]
    counts = {c.slug: n for c, n in base.cards}
    dropped = [slug for slug, n in sorted(counts.items()) if n == 3][:2]
    for slug in dropped:
        del counts[slug]
    counts.update({recall.slug: 3, shuffle_back.slug: 3})
    deck = deck_from_counts(
        "Zil — recycling", list(base.characters), counts, catalog.cards, slug="zil-recycling"
    )
    assert validate_deck_spec(deck, catalog=catalog).valid
    return catalog, deck, cardset.decks["kotoba-aez"]


def _record(decks, seed):
    game = EredanGame()
    state = game.new_initial_state(random.Random(seed), decks)
    players = (make_policy("random"), make_policy("random"))
    return play_recorded(
        "eredan",
        game,
        state,
        players,
        (random.Random(seed + 1), random.Random(seed + 2)),
        seed=seed,
        players=["random", "random"],
    )


def test_random_cards_and_places_in_a_deck_are_recorded_and_replayed():
    catalog, deck, other = _catalog_and_deck()
    found: dict[str, dict] = {}
    for seed in range(40):
        final, record = _record((deck, other), seed)
        kinds = {e["action"] for e in record["deals"][0]["actions"]}
        assert replay_record(record, context=catalog).summary == dict(final.summary())
        for kind in ("random_card", "place"):
            if kind in kinds:
                found.setdefault(kind, record)
        if len(found) == 2:
            break
    assert set(found) == {"random_card", "place"}
    record = found["place"]
    actions = record["deals"][0]["actions"]
    i = next(j for j, e in enumerate(actions) if e["action"] == "place")
    bad = copy.deepcopy(record)
    bad["deals"][0]["actions"][i]["position"] = 150
    with pytest.raises(RecordError) as info:
        replay_record(bad, context=catalog)
    assert (info.value.code, info.value.action) == ("wrong_chance", i)
    record = found["random_card"]
    actions = record["deals"][0]["actions"]
    i = next(j for j, e in enumerate(actions) if e["action"] == "random_card")
    bad = copy.deepcopy(record)
    bad["deals"][0]["actions"][i]["card"] = "no-such-card"
    with pytest.raises(RecordError) as info:
        replay_record(bad, context=catalog)
    assert (info.value.code, info.value.action) == ("wrong_chance", i)
