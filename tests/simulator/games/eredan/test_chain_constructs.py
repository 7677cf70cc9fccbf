"""Chain constructs the engine plays (issue 15 §3, helper "chain"): a chain given to a group for the
rest of the game, ``may_play`` in an Ordre. Short made-up cards (cards/domain/effects.py is the
contract)."""

from __future__ import annotations

from tests.simulator.games.eredan.factories import (
    card,
    character,
    events,
    fight,
    line,
    play,
    play_cards,
    playable,
    prepare_game,
)

FILLER = card("filler", effects=[{"op": "modify", "stat": "defense", "amount": 1}])
PILES = ([FILLER] * 8, [FILLER] * 8)
GEAR = card("gear", "objet", effects=[{"op": "modify", "stat": "defense", "amount": 1}])
SPELL = card("spark", "feu", effects=[{"op": "damage", "kind": "magical", "amount": 2}])


def test_a_chain_given_to_a_group_for_the_game_holds_after_its_giver_dies():
    """cards/domain/effects.py ``chain_on`` with ``duration: "game"`` ("Vos Prêtres gagnent
    Enchaînement s'ils jouent un Objet, jusqu'à la fin de la partie"): the group keeps the chain,
    its giver dead or alive; without it, the chain ends with its giver."""
    for lasting, second_card_when_dead in ((True, True), (False, False)):
        drill = {
            "op": "chain_on",
            "match": {"type": "objet"},
            "target": {"group": "allies", "class": "pretre"},
        }
        if lasting:
            drill["duration"] = "game"
        chars = [
            character("a-1", classes=("pretre",)),
            character("sergeant", abilities=[drill]),
            character("a-3"),
        ]
        for giver_hp, chains in ((12, True), (0, second_card_when_dead)):
            s = prepare_game(
                chars,
                line("b"),
                hands=([GEAR, FILLER], [FILLER]),
                piles=PILES,
                hp=[12, giver_hp, 12, 12, 12, 12],
            )
            fight(s, 0, 0)
            play(s, GEAR)
            assert (s.to_move == 0) is chains, (lasting, giver_hp)


def test_may_play_in_an_ordre_holds_on_the_turns_it_names():
    """cards/domain/effects.py ``may_play`` as an Ordre's effect ("Tours 1 et 3 : vous pouvez jouer
    des Sorts de Feu"): on those turns a Combattant may play a fire spell; on others, not."""
    for orders in (
        [{"turns": [1, 3], "effects": [{"op": "may_play", "cards": {"type": "feu"}}]}],
        [  # of two Ordres, the one naming the turn
            {"turns": [1, 3], "effects": [{"op": "may_play", "cards": {"type": "feu"}}]},
            {"turns": [2], "effects": [{"op": "modify", "stat": "attack", "amount": 1}]},
        ],
    ):
        pyro = character("pyro", orders=orders)
        for turn, plays in ((1, True), (2, False)):
            s = prepare_game(
                [pyro, *line("a")[1:]], line("b"), hands=([SPELL, FILLER], [FILLER]), piles=PILES, turn=turn
            )
            fight(s, 0, 0)
            assert ("spark" in playable(s)) is plays, (orders, turn)


def test_what_an_ordre_plays_is_played_after_the_cards_of_the_turn():
    """cards/domain/effects.py ``play_card`` / ``create`` … ``play``: "after the cards of the turn"
    ("Tour 1 : un 'X' de votre Deck est joué à la suite de vos cartes") — in an Ordre too, which
    applies before the cards (docs/rules/eredan.md §3 step 1); with no card played, it is played all
    the same."""
    drill = card("drill", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
    orders = [
        {"turns": [1], "effects": [{"op": "play_card", "from": "deck", "cards": {"card": "drill"}}]},
    ]
    for hand_card in (True, False):
        s = prepare_game(
            [character("caller", orders=orders), *line("a")[1:]],
            line("b"),
            hands=([FILLER], [FILLER]),
            piles=([drill, *[FILLER] * 7], [FILLER] * 8),
        )
        fight(s, 0, 0)
        assert not events(s, "play")  # not yet: the cards of the turn come first
        play_cards(s, a=[FILLER] if hand_card else [])
        assert [e["card"] for e in events(s, "play")] == (["filler", "drill"] if hand_card else ["drill"])


# --- acts_now -------------------------------------------------------------------------------------

PLATE = card("plate", "armure", effects=[{"op": "modify", "stat": "defense", "amount": 2}])


def _hp_after_clash(first, abilities=None, seat_plays=None):
    """Seat 0 plays ``first`` then (chained) the armour (or ``seat_plays``); its fighter's HP once
    the clash is over: the armour's Défense +2 counts in the clash only when it came into play at
    once, not after the clash."""
    s = prepare_game(
        [character("a-1", abilities=abilities, defense=0), *line("a")[1:]],
        line("b"),
        hands=([first, PLATE] if first is not None else [PLATE], [FILLER]),
        piles=PILES,
    )
    fight(s, 0, 0)
    play_cards(s, a=seat_plays if seat_plays is not None else [first, PLATE])
    assert events(s, "attack"), "the clash is over"
    return s.hp[0]


def test_acts_now_makes_an_item_act_as_soon_as_played():
    """cards/domain/effects.py ``acts_now``: "l'Armure jouée en Enchaînement s'active
    immédiatement" (chained) — the armour chained after this card comes into play at once instead
    of after the clash; without it, it waits for the clash; as a character's ability ("ses
    Armures sont activées immédiatement"), every such card it plays."""
    ready = card(
        "ready",
        chain={"type": "armure"},
        effects=[{"op": "acts_now", "cards": {"type": "armure"}, "chained": True, "target": "self"}],
    )
    plain = card("plain", chain={"type": "armure"}, effects=[{"op": "modify", "stat": "attack", "amount": 1}])
    assert _hp_after_clash(ready) == _hp_after_clash(plain) + 2
    # an ability: its own armours, first card or second
    quick = [{"op": "acts_now", "cards": {"type": "armure"}, "target": "self"}]
    assert (
        _hp_after_clash(None, abilities=quick, seat_plays=[PLATE])
        == _hp_after_clash(None, seat_plays=[PLATE]) + 2
    )


def test_acts_now_given_to_allies_holds_while_its_giver_lives():
    """``acts_now`` on a group as a character's ability ("les Armures jouées par vos alliés sont
    activées immédiatement"): an ally that fights has its armours act at once while the giver
    lives; once the giver is dead, not."""
    giver = character(
        "giver", abilities=[{"op": "acts_now", "cards": {"type": "armure"}, "target": "other_allies"}]
    )

    def hp_after(giver_hp):
        s = prepare_game(
            [character("a-1", defense=0), giver, character("a-3")],
            line("b"),
            hands=([PLATE], [FILLER]),
            piles=PILES,
            hp=[12, giver_hp, 12, 12, 12, 12],
        )
        fight(s, 0, 0)
        play_cards(s, a=[PLATE])
        return s.hp[0]

    assert hp_after(12) == hp_after(0) + 2


def test_a_copy_of_the_game_keeps_what_waits_for_the_cards_of_the_turn():
    """docs/rules/eredan.md §3 step 2 — what an Ordre played "à la suite de vos cartes" waits
    through the card step (its decisions): a copy of the game made then (``clone``, what the
    policies search) plays it after the cards too."""
    drill = card("drill", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
    orders = [
        {"turns": [1], "effects": [{"op": "play_card", "from": "deck", "cards": {"card": "drill"}}]},
    ]
    s = prepare_game(
        [character("caller", orders=orders), *line("a")[1:]],
        line("b"),
        hands=([FILLER], [FILLER]),
        piles=([drill, *[FILLER] * 7], [FILLER] * 8),
    )
    fight(s, 0, 0)
    copy = s.clone()
    play_cards(s, a=[FILLER])
    play_cards(copy, a=[FILLER])
    k = next(k for k, c in enumerate(s.cards) if c.slug == "drill")
    assert s.played[0].get(k) == copy.played[0].get(k) == 1
