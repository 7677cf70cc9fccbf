"""When things happen (issue 15, family "schedule"): the turn counter moved on (``advance_turns``)
and a card that leaves the deck at the start of the game (``play.starts``) —
docs/rules/eredan.md §3 Start."""

from __future__ import annotations

from simulator.games.eredan.ops import DEF
from tests.simulator.games.eredan.factories import (
    card,
    character,
    end_turn,
    fight,
    line,
    play_cards,
    prepare_game,
)

FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
JAB = card("jab", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
PILES = ([FILLER] * 8, [FILLER] * 8)


def test_the_turn_counter_moved_on_numbers_the_next_turn_more_and_the_players_alternate():
    clock = card("clock", effects=[{"op": "advance_turns", "amount": 2}])
    s = prepare_game(line("a"), line("b"), hands=([clock], [JAB]), piles=PILES)
    assert (s.turn, s.active) == (1, 0)
    fight(s, 0, 0)
    play_cards(s, a=[clock])
    assert s.turn == 1  # this turn keeps its number
    end_turn(s)
    assert (s.turn, s.active) == (4, 1)
    assert any(e.get("event") == "advance_turns" and e["turns"] == 2 for e in s.log)


def test_at_the_start_of_the_game_the_first_turn_is_numbered_more_and_its_ordre_applies():
    """ "En début de partie, le compteur de tour avance d'un tour": the first turn is turn 2 (its
    Ordres apply); the first player stays the one the initiative chose."""
    keeper = character(
        "keeper",
        abilities=[{"op": "trigger", "on": "game_start", "effects": [{"op": "advance_turns", "amount": 1}]}],
        orders=[{"turns": [2], "effects": [{"op": "modify", "stat": "defense", "amount": 3}]}],
    )
    s = prepare_game([keeper, *line("a")[1:]], line("b"), hands=([JAB], [JAB]), piles=PILES)
    assert (s.turn, s.active) == (2, 0)
    fight(s, 0, 0)
    assert s.stat(0, DEF) == 4


# --- a card that leaves the deck at the start of the game (play.starts) ------------------------------


GOLEM = {"group": "allies", "pick": "choice", "race": "golem"}


def _dealt(cards_a, seed=3):
    import random

    from simulator.games.eredan.compiled import compile_tables
    from simulator.games.eredan.state import EredanState
    from tests.simulator.games.eredan.factories import deck

    golem = character("golem-1", race="golem")
    tables = compile_tables(
        (deck("d", [golem, *line("a")[1:]], cards_a), deck("e", line("b"), [FILLER] * 10))
    )
    return EredanState.new_game(tables, random.Random(seed))


def test_a_card_starting_attached_leaves_the_deck_and_acts_on_the_one_it_names():
    """docs/rules/eredan.md §3 Start: "En début de partie cette carte s'attache à un de vos
    Golems" — before the opening draw, each copy leaves the deck and comes into play on a Golem
    of its player's (its modifiers hold while it is attached); the opening hand is still 5 cards."""
    rune = card(
        "rune-stone",
        effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}],
        play={
            "stays": "permanent",
            "starts": {"attached": {"group": "allies", "pick": "choice", "race": "golem"}},
        },
    )
    s = _dealt({rune: 2, FILLER: 10})
    k = next(c.id for c in s.cards if c.slug == "rune-stone")
    assert s.items[0] == [k, k]
    assert k not in s.decks[0] and k not in s.hands[0]
    assert len(s.hands[0]) == 5 and len(s.decks[0]) == 5
    assert s.stat(0, DEF) == 1 + 4


def test_a_card_starting_attached_stays_in_the_deck_when_no_character_matches():
    lost = card(
        "lost-charm",
        play={
            "stays": "permanent",
            "starts": {"attached": {"group": "allies", "pick": "choice", "race": "elfine"}},
        },
    )
    s = _dealt({lost: 1, FILLER: 10})
    k = next(c.id for c in s.cards if c.slug == "lost-charm")
    assert not any(s.items[c] for c in range(6))
    assert (s.decks[0] + s.hands[0]).count(k) == 1


def test_a_card_starting_in_the_hand_is_one_card_more_than_the_opening_draw():
    """ "En début de partie, cette carte s'ajoute à votre main": the opening draw then draws its 5."""
    early = card("early-bird", play={"starts": "hand"})
    s = _dealt({early: 2, FILLER: 10})
    k = next(c.id for c in s.cards if c.slug == "early-bird")
    assert s.hands[0].count(k) == 2 and len(s.hands[0]) == 7 and k not in s.decks[0]


def test_a_game_whose_cards_start_attached_is_recorded_and_replayed():
    """The character a card starting attached goes to, drawn with the game's chance before the
    opening draw, is noted for the record (opening_draws) and replayed (docs/game-records.md)."""
    import random

    from cards.domain.cardset import load_cardset
    from cards.domain.specs import Catalog, deck_from_counts
    from simulator.games.eredan.game import EredanGame
    from simulator.games.eredan.policies import make_policy
    from simulator.records.base import play_recorded, replay_record

    cardset = load_cardset()
    charm = card(
        "charm-test",
        effects=[{"op": "modify", "stat": "defense", "amount": 1, "duration": "permanent"}],
        play={"stays": "permanent", "starts": {"attached": "random_ally"}},
    )
    early = card(
        "early-test", effects=[{"op": "modify", "stat": "spirit", "amount": 1}], play={"starts": "hand"}
    )
    catalog = Catalog(
        characters=cardset.characters, cards={**cardset.cards, charm.slug: charm, early.slug: early}
    )
    base = cardset.decks["zil-golems"]
    counts = {c.slug: n for c, n in base.cards}
    for slug in [slug for slug, n in sorted(counts.items()) if n == 3][:2]:
        del counts[slug]
    counts.update({charm.slug: 3, early.slug: 3})
    mine = deck_from_counts("Zil — charms", list(base.characters), counts, catalog.cards, slug="zil-charms")
    game = EredanGame()
    for seed in range(3):
        state = game.new_initial_state(random.Random(seed), (mine, cardset.decks["kotoba-aez"]))
        assert sum(len(state.items[c]) for c in range(3)) == 3
        final, record = play_recorded(
            "eredan",
            game,
            state,
            (make_policy("random"), make_policy("random")),
            (random.Random(seed + 1), random.Random(seed + 2)),
            seed=seed,
            players=["random", "random"],
        )
        assert replay_record(record, context=catalog).summary == dict(final.summary())


def test_the_filter_not_carrying_leaves_out_those_carrying_such_a_card():
    """Selector ``not_carrying`` ("vos personnages sans Arme"): the characters carrying no such card."""
    from simulator.games.eredan.ops import DEF as D
    from tests.simulator.games.eredan.factories import SWORD

    rally = card(
        "rally",
        effects=[
            {
                "op": "modify",
                "stat": "defense",
                "amount": 2,
                "target": {"group": "allies", "not_carrying": {"type": "epee"}},
            }
        ],
    )
    s = prepare_game(
        line("a"), line("b"), hands=([rally], [JAB]), piles=PILES, items=[[SWORD], [], [], [], [], []]
    )
    fight(s, 1, 0)
    play_cards(s, a=[rally])
    assert [s.stat(c, D) for c in range(3)] == [1, 3, 3]
