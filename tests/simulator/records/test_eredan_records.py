"""Eredan game records (docs/game-records.md, "Eredan"): written while a game is played, replayed
without the seed or an RNG, and refused — with a stable code, the action and the rule — at the
first thing wrong. Also: the engine's chance interface leaves seeded games exactly as they were."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from cards.domain.cardset import CardSet, load_cardset
from cards.domain.specs import Catalog, DeckSpec, deck_from_counts
from decks.validator import validate_deck_spec
from simulator.engine.runner import play_game
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.policies import make_policy
from simulator.games.eredan.rules import DEFAULT_RULES, RECORD_V1_RULES, EredanRules
from simulator.records import eredan as codec
from simulator.records.base import (
    RecordError,
    codec_for,
    dumps,
    loads,
    play_recorded,
    replay_record,
    validate_shape,
)
from tests.simulator.games.eredan.factories import character, prepare_game, sample_decks

Record = dict[str, Any]

DECK_PAIRS = [
    ("kotoba-voie-du-sabre", "zil-golems"),
    ("noz-garde-du-dragon", "nehantistes-corruption"),
    ("mercenaires-errants", "noz-ailes-du-dragon"),
    ("zil-lames-de-l-ombre", "zil-lames-de-l-ombre"),  # a mirror: the same slugs on both sides
    ("nomades-du-desert", "kotoba-aez"),
    ("noz-mercenaires", "kotoba-voie-du-sabre"),
]


@pytest.fixture(scope="module")
def cardset() -> CardSet:
    return load_cardset()


@pytest.fixture(scope="module")
def catalog(cardset: CardSet) -> Catalog:
    return cardset.catalog


@pytest.fixture(scope="module")
def chancy_deck(cardset: CardSet) -> DeckSpec:
    """A legal deck whose cards leave everything to chance that can be: random discards
    (panique-1), random targets (chaine-d-eclairs-1, eclairs-2), rolled amounts."""
    base = cardset.decks["noz-garde-du-dragon"]
    counts = {card.slug: n for card, n in base.cards}
    counts.update({"panique-1": 3, "chaine-d-eclairs-1": 3})
    deck = deck_from_counts("Noz — chance", list(base.characters), counts, cardset.cards, slug="noz-chance")
    assert validate_deck_spec(deck, catalog=cardset.catalog).valid
    return deck


def record_game(
    decks: tuple[DeckSpec, DeckSpec],
    seed: int,
    policies: tuple[str, str],
    rules: EredanRules | None = None,
    **policy_options: Any,
) -> tuple[Any, Record]:
    game = EredanGame(rules=rules)
    state = game.new_initial_state(random.Random(seed), decks)
    players = tuple(make_policy(p, **policy_options) if p == "ismcts" else make_policy(p) for p in policies)
    return play_recorded(
        "eredan",
        game,
        state,
        (players[0], players[1]),
        (random.Random(seed + 1), random.Random(seed + 2)),
        seed=seed,
        players=list(policies),
    )


@pytest.fixture(scope="module")
def game_record(cardset: CardSet) -> Record:
    """One greedy game, the source of the hand-edited records below."""
    decks = (cardset.decks["kotoba-voie-du-sabre"], cardset.decks["zil-golems"])
    return record_game(decks, 0, ("greedy", "greedy"))[1]


def refusal(record: Record, catalog: Catalog) -> RecordError:
    with pytest.raises(RecordError) as info:
        replay_record(record, context=catalog)
    return info.value


def edited(record: Record, change: Callable[[Record], None]) -> Record:
    bad = copy.deepcopy(record)
    change(bad)
    return bad


def actions_of(record: Record) -> list[dict[str, Any]]:
    actions: list[dict[str, Any]] = record["deals"][0]["actions"]
    return actions


def first(record: Record, kind: str, **fields: Any) -> int:
    for i, entry in enumerate(actions_of(record)):
        if entry["action"] == kind and all(entry.get(k) == v for k, v in fields.items()):
            return i
    raise AssertionError(f"no {kind} {fields} in the record")


# --- round trips ------------------------------------------------------------------------------


@pytest.mark.parametrize("policies", [("random", "random"), ("greedy", "greedy"), ("random", "greedy")])
def test_recorded_games_replay_to_the_same_result(cardset, catalog, policies):
    for seed in range(24):
        a, b = DECK_PAIRS[seed % len(DECK_PAIRS)]
        final, record = record_game((cardset.decks[a], cardset.decks[b]), seed, policies)
        text = dumps(record)
        again = loads(text)
        assert again == record  # plain JSON: nothing lost in the text
        validate_shape(again)
        replayed = replay_record(again, context=catalog)
        assert replayed.result == record["result"]
        assert replayed.result["scores"] == final.score
        assert replayed.summary == dict(final.summary())
        assert replayed.actions == len(actions_of(record))
        deal = record["deals"][0]
        assert deal["end"] == {"reason": final.end_reason, "turns": final.turn}
        assert record["options"] == DEFAULT_RULES.to_options()  # every rule decision, by name
        assert record["seed"] == seed and record["players"] == list(policies)
        assert replayed.transcript[-1].startswith(f"End after turn {final.turn}:")


def test_a_record_carries_the_rules_it_was_played_with_and_replays_with_them(cardset, catalog):
    """docs/rules/eredan.md §3 Decisions — a game played with other rule decisions records them
    (every field, in ``options``) and replays with them; the same actions under other rules are
    refused at the first thing that differs."""
    rules = EredanRules.from_options(
        {"turn_cap": 12, "negative_reduction_adds_damage": True, "amount_rolled_once_per_effect": False}
    )
    decks = (cardset.decks["kotoba-voie-du-sabre"], cardset.decks["zil-golems"])
    refused = 0
    for seed in range(6):
        final, record = record_game(decks, seed, ("greedy", "random"), rules=rules)
        assert record["options"] == rules.to_options()
        validate_shape(record)
        replayed = replay_record(loads(dumps(record)), context=catalog)
        assert replayed.summary == dict(final.summary()) and final.turn <= 12
        default = edited(record, lambda r: r["options"].update(DEFAULT_RULES.to_options()))
        try:
            other = replay_record(default, context=catalog)
        except RecordError as exc:
            refused += 1
            assert exc.code in {
                "wrong_chance",
                "wrong_result",
                "unfinished",
                "extra_actions",
                "illegal_action",
            }
        else:
            assert other.result == record["result"]  # a game the rules' difference did not touch
    assert refused > 0


def test_the_schema_lists_every_rule_decision():
    """The JSON Schema of the records' ``options`` (simulator/records/schemas/eredan.json) names
    every field of EredanRules with its type and bounds, and nothing else."""
    from dataclasses import fields

    from simulator.records.base import SCHEMA_DIR

    schema = json.loads((SCHEMA_DIR / "eredan.json").read_text(encoding="utf-8"))
    options = schema["properties"]["options"]
    assert options["additionalProperties"] is False
    assert set(options["properties"]) == {f.name for f in fields(EredanRules)}
    for f in fields(EredanRules):
        prop = options["properties"][f.name]
        if isinstance(f.default, bool):
            assert prop["type"] == "boolean"
        else:
            assert (prop["type"], prop["minimum"], prop["maximum"]) == (
                "integer",
                f.metadata["lo"],
                f.metadata["hi"],
            )
    bad = edited(
        record_game((cardset_decks()[0], cardset_decks()[1]), 0, ("random", "random"))[1],
        lambda r: r["options"].update(mage_chain=True),
    )
    with pytest.raises(RecordError) as info:
        validate_shape(bad)
    assert info.value.code == "malformed"


def cardset_decks() -> tuple[DeckSpec, DeckSpec]:
    cs = load_cardset()
    return cs.decks["zil-golems"], cs.decks["kotoba-aez"]


def test_record_holds_the_deal_as_dealt(cardset, game_record):
    """docs/rules/eredan.md §3 Start — the decks in draw order (the first five are the opening hand),
    the characters in Line order, the initiative dice until one player is higher."""
    deal = game_record["deals"][0]
    decks = (cardset.decks["kotoba-voie-du-sabre"], cardset.decks["zil-golems"])
    for seat, deck in enumerate(decks):
        assert deal["characters"][seat] == [ch.slug for ch in deck.characters]
        assert sorted(deal["decks"][seat]) == sorted(card.slug for card in deck.card_list())
        assert deal["deck_names"][seat] == deck.name
    game = EredanGame(log=True)
    state = game.new_initial_state(random.Random(0), decks)
    setup, initiative, dealt = state.log[:3]
    assert setup["draw_piles"] == deal["decks"]
    assert dealt["hands"] == [deal["decks"][0][:5], deal["decks"][1][:5]]
    assert initiative["rolls"] == deal["initiative"]
    b0, b1 = initiative["bonus"]
    *ties, last = deal["initiative"]
    assert all(r0 + b0 == r1 + b1 for r0, r1 in ties) and last[0] + b0 != last[1] + b1


def test_the_transcript_tells_the_game(catalog, game_record):
    replayed = replay_record(game_record, context=catalog)
    text = "\n".join(replayed.transcript)
    assert replayed.transcript[0] == "seat 0: Kotoba — la voie du sabre (greedy)"
    assert "Initiative:" in text and "Turn 1 — " in text
    assert " attacks: " in text and " hits " in text and " dies" in text
    assert replayed.deals == 1 and replayed.game == "eredan"


def test_every_kind_of_chance_is_recorded_and_replayed(cardset, catalog, chancy_deck):
    kinds: dict[str, int] = {}
    opponents = [cardset.decks["zil-golems"], cardset.decks["kotoba-voie-du-sabre"], chancy_deck]
    for seed in range(30):
        decks = (chancy_deck, opponents[seed % 3])
        _, record = record_game(decks, seed, ("random", "greedy") if seed % 2 else ("greedy", "random"))
        for entry in actions_of(record):
            kind = entry["action"] + (f":{entry['why']}" if "why" in entry else "")
            kinds[kind] = kinds.get(kind, 0) + 1
        assert replay_record(loads(dumps(record)), context=catalog).result == record["result"]
    for kind in (
        "roll:attack",
        "roll:amount",
        "target",
        "random_discard",
        "fight",
        "play",
        "pass",
        "discard",
    ):
        assert kinds.get(kind, 0) > 0, kinds


def test_an_artisan_attaching_a_card_to_an_ally_is_recorded_with_on(cardset):
    """docs/rules/eredan.md §3 Classes — an Artisan attaches the cards reserved to artisans to any
    living character of its side: the record names that character (``on``). The card database is
    the codec's context: here a catalog with a character the bundled set does not have."""
    smith = character("forgeronne-test", classes=("artisan",), guild="non_affilies", hp=12, attack=(2, 4))
    catalog = Catalog(characters={**cardset.characters, smith.slug: smith}, cards=cardset.cards)
    base = cardset.decks["mercenaires-errants"]
    counts = {card.slug: n for card, n in base.cards} | {"no-dashi-1": 3}  # reserved to artisans
    characters = [base.characters[0], smith, base.characters[2]]
    deck = deck_from_counts("Artisans", characters, counts, cardset.cards)
    assert validate_deck_spec(deck, catalog=catalog).valid
    attached = []
    for seed in range(30):
        _, record = record_game((deck, cardset.decks["zil-golems"]), seed, ("random", "random"))
        attached += [e for e in actions_of(record) if e["action"] == "play" and "on" in e]
        assert replay_record(record, context=catalog).result == record["result"]
        if attached:
            break
    assert attached and all(e["card"] == "no-dashi-1" and e["player"] == 0 for e in attached)
    with pytest.raises(RecordError) as info:  # the bundled set does not know the Artisan
        replay_record(record, context=cardset.catalog)
    assert (info.value.code, info.value.path) == ("unknown_card", "/deals/0/characters/0/1")
    i = first(record, "play", on=attached[0]["on"])
    bad = edited(record, lambda r: actions_of(r)[i].update(on="marlok-1"))  # an enemy
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("illegal_action", i, "docs/rules/eredan.md §3 step 2")


def test_an_artisans_card_on_an_enemy_is_recorded_with_its_seat(cardset):
    """docs/rules/eredan.md §3 Classes — an Artisan attaches its cards to any living character, an
    enemy too: the record names the carrier and its seat (``on``, ``on_seat``), unambiguous even in
    a mirror match where both Lines hold the same slugs; it replays, and moving the card to the
    player's own character of that slug is another game."""
    smith = character("forgeronne-test", classes=("artisan",), guild="non_affilies", hp=12, attack=(2, 4))
    catalog = Catalog(characters={**cardset.characters, smith.slug: smith}, cards=cardset.cards)
    base = cardset.decks["mercenaires-errants"]
    counts = {card.slug: n for card, n in base.cards} | {"no-dashi-1": 3}
    characters = [base.characters[0], smith, base.characters[2]]
    deck = deck_from_counts("Artisans", characters, counts, cardset.cards)
    on_enemy = []
    for seed in range(60):
        final, record = record_game((deck, deck), seed, ("random", "random"))
        entries = [e for e in actions_of(record) if e["action"] == "play" and "on_seat" in e]
        if entries:
            on_enemy.append((record, entries[0]))
            assert all(e["on_seat"] == 1 - e["player"] for e in entries)
            assert replay_record(loads(dumps(record)), context=catalog).summary == dict(final.summary())
        if len(on_enemy) >= 2:
            break
    assert on_enemy
    record, entry = on_enemy[0]
    i = actions_of(record).index(entry)
    mine = edited(record, lambda r: actions_of(r)[i].pop("on_seat"))
    with pytest.raises(RecordError):  # the same slug on the player's own Line: another game
        replay_record(mine, context=catalog)


def test_an_old_record_of_a_mage_combattant_chaining_on_an_item_still_replays(cardset):
    """docs/rules/eredan.md §3 Classes — the engine used to let a Mage/Combattant chain on an item
    (the source's table takes that chain away). A record written then names only ``turn_cap`` and
    replays as it was played; the same actions under today's rules are refused."""
    warrior_mage = character(
        "mage-lame-test",
        classes=("mage", "combattant"),
        guild="non_affilies",
        hp=14,
        attack=(2, 4),
        abilities=[{"op": "chain_on", "match": {"type": "arme"}}],
    )
    catalog = Catalog(characters={**cardset.characters, warrior_mage.slug: warrior_mage}, cards=cardset.cards)
    base = cardset.decks["mercenaires-errants"]
    deck = deck_from_counts(
        "Mage-lame", [warrior_mage, *base.characters[1:]], {c.slug: n for c, n in base.cards}, cardset.cards
    )
    old = RECORD_V1_RULES  # the engine of then (it also counted "N turns" in the game's turns)
    without_item_chain = replace(old, mage_combattant_keeps_item_chain=False).to_options()
    for seed in range(40):
        _, record = record_game((deck, cardset.decks["zil-golems"]), seed, ("random", "random"), rules=old)
        record["options"] = {"turn_cap": 60}  # as the engine before EredanRules wrote it
        try:
            replay_record(
                # Today's reading of the multi-class table, every other rule as then.
                edited(record, lambda r: r["options"].update(without_item_chain)),
                context=catalog,
            )
        except RecordError as exc:
            # A second card no chain allows now (illegal_action), or a pass the engine now takes
            # itself, leaving the record's entries out of step (wrong_chance).
            assert exc.code in {"illegal_action", "wrong_chance"}
            break
    else:
        raise AssertionError("no game where the Mage/Combattant chained on a weapon")
    assert replay_record(record, context=catalog).result == record["result"]


def test_a_search_player_game_is_recorded_too(cardset, catalog):
    """The search player clones and determinizes the state thousands of times: the copies play on
    their own RNG and never write to the record."""
    decks = (cardset.decks["noz-garde-du-dragon"], cardset.decks["zil-golems"])
    final, record = record_game(decks, 5, ("ismcts", "greedy"), worlds=4, horizon=1)
    assert replay_record(record, context=catalog).summary == dict(final.summary())


def test_recording_never_changes_the_game(cardset, chancy_deck):
    """The recorder's chance draws exactly what the engine's inline seeded path draws."""
    for seed in range(12):
        decks = (chancy_deck, cardset.decks["kotoba-voie-du-sabre"])
        logs = []
        for recorded in (False, True):
            game = EredanGame()
            state = game.new_initial_state(random.Random(seed), decks)
            state.enable_log()
            policies = (make_policy("random"), make_policy("greedy"))
            rngs = (random.Random(seed + 1), random.Random(seed + 2))
            if recorded:
                final, _ = play_recorded("eredan", game, state, policies, rngs, seed=seed, players=["r", "g"])
            else:
                final = play_game(state, policies, rngs)
            logs.append((final.log, final.summary()))
        assert logs[0] == logs[1]


def test_seeded_games_are_the_same_as_before_the_chance_interface():
    """24 seeded games over the test sample set (every chance event: shuffles, initiative, attack
    and amount rolls, random targets and discards); the digest of their event logs was computed
    with the engine before every chance event went through ``Board.roll/pick/shuffle_pile`` — whose
    "N turns" were the game's (``turns_count_the_characters_combats`` false: the sample set's War cry
    lasts 2 turns)."""
    decks = sample_decks()
    game = EredanGame(log=True, turns_count_the_characters_combats=False)
    digests = []
    for seed in range(12):
        for policy in ("random", "greedy"):
            state = game.new_initial_state(random.Random(seed), decks)
            rngs = (random.Random(seed + 100), random.Random(seed + 200))
            final = play_game(state, (make_policy(policy), make_policy(policy)), rngs)
            digests.append(hashlib.sha256(json.dumps(final.log, sort_keys=True).encode()).hexdigest()[:16])
    digest = hashlib.sha256(" ".join(digests).encode()).hexdigest()
    assert digest == "82dc18f451ff535af3041234197cb912a28b149122209c214a8e58187cf6d1b8"


def test_replay_needs_neither_the_seed_nor_an_rng(catalog, game_record, disturb_global_random):
    first_run = replay_record(game_record, context=catalog)
    disturb_global_random()
    anonymous = edited(game_record, lambda r: r.update(seed=None, players=["human", "human"]))
    second_run = replay_record(anonymous, context=catalog)
    assert second_run.result == first_run.result
    assert second_run.transcript[2:] == first_run.transcript[2:]  # the first two name the players


def test_the_codec_is_found_by_game_name_and_reads_the_bundled_cards_by_default(cardset, game_record):
    assert codec_for("eredan") is codec
    assert replay_record(game_record).result == game_record["result"]  # no context: the bundled set
    assert replay_record(game_record, context=cardset).result == game_record["result"]
    with pytest.raises(TypeError):
        replay_record(game_record, context={"not": "a catalog"})


def test_the_recorder_starts_from_a_freshly_dealt_game(cardset):
    game = EredanGame()
    decks = (cardset.decks["zil-golems"], cardset.decks["kotoba-aez"])
    state = game.new_initial_state(random.Random(1), decks)
    state.apply(state.legal_actions()[0])
    with pytest.raises(ValueError, match="before any action"):
        codec.recorder(game=game, state=state, seed=1, players=["a", "b"])
    position = prepare_game(decks[0].characters, decks[1].characters)
    with pytest.raises(ValueError):
        codec.recorder(game=game, state=position, seed=1, players=["a", "b"])
    with pytest.raises(TypeError):
        codec.recorder(game=game, state=object(), seed=1, players=["a", "b"])  # type: ignore[arg-type]


# --- refused records: the first thing wrong, with its code, place and rule --------------------------


def test_an_attack_roll_outside_the_range_is_wrong_chance(catalog, game_record):
    i = first(game_record, "roll", why="attack")
    character = catalog.characters[actions_of(game_record)[i]["character"]]
    bad = edited(game_record, lambda r: actions_of(r)[i].update(value=character.attack_max + 5))
    error = refusal(bad, catalog)
    assert (error.code, error.deal, error.action, error.rule) == (
        "wrong_chance",
        0,
        i,
        "docs/rules/eredan.md §3 step 3",
    )
    assert "outside the range" in error.message


def test_another_attack_roll_in_the_range_changes_the_game(catalog, game_record):
    """A different die makes a different game: the record's result (or its actions) no longer
    follow — unless the blow changed nothing (a blow already fatal, or stopped by the Défense)."""
    verdicts = []
    rolls = [
        i for i, e in enumerate(actions_of(game_record)) if e["action"] == "roll" and e["why"] == "attack"
    ]
    for i in rolls[-4:]:
        entry = actions_of(game_record)[i]
        character = catalog.characters[entry["character"]]
        for value in range(character.attack_min, character.attack_max + 1):
            if value == entry["value"]:
                continue
            bad = edited(game_record, lambda r, i=i, value=value: actions_of(r)[i].update(value=value))
            try:
                assert replay_record(bad, context=catalog).result == game_record["result"]
                verdicts.append("same result")
            except RecordError as error:
                verdicts.append(error.code)
                if error.code == "wrong_result":
                    assert (error.deal, error.action, error.rule) == (0, None, "docs/rules/eredan.md §3 End")
                elif error.code == "unfinished":  # a character the record had killed survives
                    assert error.action == len(actions_of(bad))
                else:
                    assert error.code in ("wrong_chance", "illegal_action", "extra_actions"), error
                    assert error.action is not None and error.action > i
    assert "wrong_result" in verdicts, verdicts


def test_a_roll_the_engine_does_not_make_is_wrong_chance(catalog, game_record):
    actions = actions_of(game_record)
    i = next(  # a clash where both fighters roll their Attaque
        k
        for k in range(len(actions) - 1)
        if actions[k]["action"] == actions[k + 1]["action"] == "roll"
        and actions[k]["why"] == actions[k + 1]["why"] == "attack"
    )
    # A roll removed: the engine needs it and finds the next entry instead.
    bad = edited(game_record, lambda r: actions_of(r).pop(i))
    error = refusal(bad, catalog)
    assert (error.code, error.action) == ("wrong_chance", i)
    # A roll for the other fighter.
    other = actions[i + 1]
    assert other["player"] != actions[i]["player"]
    bad = edited(
        game_record, lambda r: actions_of(r)[i].update(player=other["player"], character=other["character"])
    )
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("wrong_chance", i, "docs/rules/eredan.md §3 step 3")
    # A roll where a player decides.
    fight = first(game_record, "fight")
    extra = dict(actions_of(game_record)[i])
    bad = edited(game_record, lambda r: actions_of(r).insert(fight, extra))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("wrong_chance", fight, "docs/rules/eredan.md §3 step 1")


def test_random_targets_and_discards_must_be_possible(cardset, catalog, chancy_deck):
    """A random target is a living enemy other than the fighter; a random discard a card of the
    hand (docs/rules/eredan.md §3 step 2: the cards' effects)."""
    found = {}
    for seed in range(40):
        _, record = record_game((chancy_deck, cardset.decks["zil-golems"]), seed, ("random", "random"))
        for kind in ("target", "random_discard"):
            if kind not in found and any(e["action"] == kind for e in actions_of(record)):
                found[kind] = record
        if len(found) == 2:
            break
    assert set(found) == {"target", "random_discard"}
    record = found["target"]
    i = first(record, "target")
    seat = actions_of(record)[i]["player"]
    enemies, allies = record["deals"][0]["characters"][1 - seat], record["deals"][0]["characters"][seat]
    assert actions_of(record)[i]["character"] in enemies
    bad = edited(record, lambda r: actions_of(r)[i].update(character=allies[0]))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("wrong_chance", i, "docs/rules/eredan.md §3 step 2")
    record = found["random_discard"]
    i = first(record, "random_discard")
    bad = edited(record, lambda r: actions_of(r)[i].update(card="katana-1"))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("wrong_chance", i, "docs/rules/eredan.md §3 step 2")


def test_playing_a_card_that_is_not_in_the_hand_is_illegal(catalog, game_record):
    """docs/rules/eredan.md §3 step 2 — each player plays a card from its hand."""
    i = first(game_record, "play")
    seat = actions_of(game_record)[i]["player"]
    deck = game_record["deals"][0]["decks"][seat]
    fights = [k for k, e in enumerate(actions_of(game_record)) if e["action"] == "fight"]
    assert i < fights[1]  # turn 1: no draw yet, the hand is the top five cards of the deck
    later = next(slug for slug in deck[5:] if slug not in deck[:5])  # in the deck, not drawn yet
    bad = edited(game_record, lambda r: actions_of(r)[i].update(card=later))
    error = refusal(bad, catalog)
    assert (error.code, error.deal, error.action, error.rule) == (
        "illegal_action",
        0,
        i,
        "docs/rules/eredan.md §3 step 2",
    )
    assert "not in seat" in error.message
    # A card of the database that is in neither deck.
    bad = edited(game_record, lambda r: actions_of(r)[i].update(card="panique-1"))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("illegal_action", i, "docs/rules/eredan.md §3 step 2")


def test_a_second_card_needs_an_enchainement(catalog, game_record):
    """docs/rules/eredan.md §3 step 2 — one card each; a second one only with an Enchaînement."""
    actions = actions_of(game_record)
    i = next(
        k
        for k in range(len(actions) - 1)
        if actions[k]["action"] == "play" and actions[k + 1]["player"] != actions[k]["player"]
    )
    again = {"player": actions[i]["player"], "action": "play", "card": actions[i]["card"]}
    bad = edited(game_record, lambda r: actions_of(r).insert(i + 1, again))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == (
        "illegal_action",
        i + 1,
        "docs/rules/eredan.md §3 step 2",
    )


def test_a_card_unknown_to_the_database_is_unknown_card(catalog, game_record):
    i = first(game_record, "play")
    bad = edited(game_record, lambda r: actions_of(r)[i].update(card="excalibur-9"))
    error = refusal(bad, catalog)
    assert (error.code, error.action) == ("unknown_card", i)
    bad = edited(game_record, lambda r: r["deals"][0]["decks"][1].__setitem__(7, "excalibur-9"))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.path) == ("unknown_card", None, "/deals/0/decks/1/7")
    bad = edited(game_record, lambda r: r["deals"][0]["characters"][0].__setitem__(2, "nobody-1"))
    error = refusal(bad, catalog)
    assert (error.code, error.path) == ("unknown_card", "/deals/0/characters/0/2")


def test_a_fourth_copy_of_a_card_is_duplicate_card(catalog, game_record):
    """docs/rules/eredan.md §2.5 — at most 3 copies of a card."""
    deck = game_record["deals"][0]["decks"][0]
    tripled = next(slug for slug in deck if deck.count(slug) == 3)
    other = next(k for k, slug in enumerate(deck) if deck.count(slug) < 3)
    bad = edited(game_record, lambda r: r["deals"][0]["decks"][0].__setitem__(other, tripled))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("duplicate_card", None, "docs/rules/eredan.md §2.5")


def test_decks_the_rules_cannot_build_are_bad_deals(catalog, game_record):
    """docs/rules/eredan.md §2.1 (20 to 50 cards) and §2.2 (guilds)."""
    bad = edited(game_record, lambda r: r["deals"][0]["decks"][1].__delitem__(slice(12, None)))
    error = refusal(bad, catalog)
    assert (error.code, error.rule, error.path) == (
        "bad_deal",
        "docs/rules/eredan.md §2.1",
        "/deals/0/decks/1",
    )
    bad = edited(game_record, lambda r: r["deals"][0]["characters"][1].__setitem__(0, "iro-1"))
    error = refusal(bad, catalog)
    assert (error.code, error.rule) == ("bad_deal", "docs/rules/eredan.md §2.2")


def test_a_truncated_record_is_unfinished(catalog, game_record):
    n = len(actions_of(game_record))
    fight = first(game_record, "fight")
    for cut in (n - 1, fight + 1, 0):
        bad = edited(game_record, lambda r, cut=cut: actions_of(r).__delitem__(slice(cut, None)))
        error = refusal(bad, catalog)
        assert (error.code, error.deal, error.action) == ("unfinished", 0, cut)
    assert error.rule == "docs/rules/eredan.md §3 End"


def test_actions_after_the_end_are_extra(catalog, game_record):
    n = len(actions_of(game_record))
    bad = edited(game_record, lambda r: actions_of(r).append({"player": 0, "action": "pass"}))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("extra_actions", n, "docs/rules/eredan.md §3 End")


def test_a_result_the_actions_do_not_give_is_wrong_result(catalog, game_record):
    """docs/rules/eredan.md §3 End — the score is the damage dealt plus the healing done."""
    for change in (
        lambda r: r["result"]["scores"].__setitem__(0, r["result"]["scores"][0] + 1),
        lambda r: r["result"].update(winner=None),
        lambda r: r["deals"][0]["end"].update(turns=r["deals"][0]["end"]["turns"] + 1),
        lambda r: r["deals"][0]["end"].update(reason="turn_cap"),
    ):
        error = refusal(edited(game_record, change), catalog)
        assert (error.code, error.action, error.rule) == ("wrong_result", None, "docs/rules/eredan.md §3 End")


def test_a_tapped_or_absent_fighter_is_illegal(catalog, game_record):
    """docs/rules/eredan.md §3 step 1 — the active player sends an untapped living character."""
    fights = [i for i, e in enumerate(actions_of(game_record)) if e["action"] == "fight"]
    turn1, turn2 = actions_of(game_record)[fights[0]], fights[1]
    # Turn 2: the other player may not send its turn-1 fighter (tapped, docs/rules/eredan.md §3 step 4).
    assert actions_of(game_record)[turn2]["player"] == 1 - turn1["player"]
    bad = edited(game_record, lambda r: actions_of(r)[turn2].update(fighter=turn1["opponent"]))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == (
        "illegal_action",
        turn2,
        "docs/rules/eredan.md §3 step 1",
    )
    assert "tapped" in error.message
    enemy = game_record["deals"][0]["characters"][1 - turn1["player"]][0]
    bad = edited(game_record, lambda r: actions_of(r)[fights[0]].update(fighter=enemy))
    error = refusal(bad, catalog)
    assert (error.code, error.action) == ("illegal_action", fights[0])


def test_a_decision_by_the_wrong_player_or_of_the_wrong_kind_is_illegal(catalog, game_record):
    i = first(game_record, "fight")
    seat = actions_of(game_record)[i]["player"]
    bad = edited(game_record, lambda r: actions_of(r)[i].update(player=1 - seat))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("illegal_action", i, "docs/rules/eredan.md §3 step 1")
    bad = edited(game_record, lambda r: actions_of(r).__setitem__(i, {"player": seat, "action": "pass"}))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("illegal_action", i, "docs/rules/eredan.md §3 step 1")


def test_discarding_cards_not_in_the_hand_is_illegal(catalog, game_record):
    """docs/rules/eredan.md §3 step 5 — a player discards cards of its hand."""
    i = first(game_record, "discard")
    bad = edited(game_record, lambda r: actions_of(r)[i].update(cards=["excalibur-9"]))
    assert refusal(bad, catalog).code == "unknown_card"
    bad = edited(game_record, lambda r: actions_of(r)[i].update(cards=["panique-1"]))
    error = refusal(bad, catalog)
    assert (error.code, error.action, error.rule) == ("illegal_action", i, "docs/rules/eredan.md §3 step 5")


def test_initiative_rolls_must_settle_the_initiative(cardset, catalog, game_record):
    """docs/rules/eredan.md §3 Start — a six-sided die each; ties are rolled again."""
    n = len(game_record["deals"][0]["initiative"])
    decks = (cardset.decks["kotoba-voie-du-sabre"], cardset.decks["zil-golems"])
    b0, b1 = EredanGame(log=True).new_initial_state(random.Random(0), decks).log[1]["bonus"]
    tie = [2 + b1, 2 + b0]  # equal once each side's initiative abilities are added
    for change, path in (
        (lambda r: r["deals"][0]["initiative"].__setitem__(n - 1, tie), "/deals/0/initiative"),
        (lambda r: r["deals"][0]["initiative"].__setitem__(n - 1, [7, 1]), f"/deals/0/initiative/{n - 1}/0"),
        (lambda r: r["deals"][0]["initiative"].append([2, 3]), f"/deals/0/initiative/{n}"),
    ):
        error = refusal(edited(game_record, change), catalog)
        assert (error.code, error.action, error.rule, error.path) == (
            "wrong_chance",
            None,
            "docs/rules/eredan.md §3 Start",
            path,
        )


def test_a_record_of_the_wrong_shape_is_malformed(catalog, game_record):
    for change, path in (
        (lambda r: r["deals"][0].pop("decks"), "/deals/0"),
        (lambda r: actions_of(r)[0].update(action="surrender"), "/deals/0/actions/0/action"),
        (lambda r: actions_of(r)[0].update(extra=1), "/deals/0/actions/0"),
        (lambda r: r["options"].update(turn_cap=0), "/options/turn_cap"),
        (lambda r: r["deals"].append(r["deals"][0]), "/deals"),
    ):
        error = refusal(edited(game_record, change), catalog)
        assert (error.code, error.path) == ("malformed", path)
