"""Cards taken from several piles at once (``move`` / ``play_card`` with ``from`` a list: "de votre
Deck ou votre Défausse") and ``play_card`` of a playable card only ("une Arme jouable de votre Main
est jouée") — cards/domain/effects.py, the contract."""

from __future__ import annotations

from dataclasses import replace

from simulator.games.eredan.ops import SPI
from simulator.games.eredan.rules import DEFAULT_RULES
from tests.simulator.games.eredan.factories import (
    card,
    card_id,
    events,
    fight,
    line,
    play_cards,
    prepare_game,
)

JAB = card("jab", effects=[{"op": "modify", "stat": "attack", "amount": 1}])
FILLER = card("filler", effects=[{"op": "modify", "stat": "spirit", "amount": 1}])
SPELL = card("spark", "feu", effects=[{"op": "damage", "kind": "magical", "amount": 2}])
BOLT = card("bolt", "foudre", effects=[{"op": "damage", "kind": "magical", "amount": 6}])


def _played(effects, *, hand=(), deck=(), discard=(), seed=0, rules=None):  # type: ignore[no-untyped-def]
    """Seat 0's fighter plays a card with ``effects`` (its other cards: ``hand``, ``deck``,
    ``discard``) against b-1; the card step resolves."""
    tested = card("tested", effects=effects)
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([tested, *hand], [JAB]),
        piles=(list(deck), [FILLER] * 3),
        extra=(list(discard), ()),
        seed=seed,
        rules=rules,
    )
    s.discards = [[card_id(s, x) for x in discard], []]
    fight(s, 0, 0)
    play_cards(s, a=[tested])
    return s


def test_a_card_of_either_pile_moves_each_card_as_likely():
    """``from: [hand, discard]``: any matching card of either pile, each as likely (chance
    ``card``); the event log names both piles. A card with copies in both is taken from the first
    pile listed (a record naming the card replays the same move)."""
    move = [{"op": "move", "from": ["hand", "discard"], "to": "deck", "cards": {"type": "sort"}}]
    moved = set()
    for seed in range(30):
        s = _played(move, hand=(SPELL, JAB), discard=(BOLT, FILLER), deck=(FILLER,), seed=seed)
        (k,) = [k for k in s.decks[0] if s.cards[k].slug != "filler"]
        moved.add(s.cards[k].slug)
    assert moved == {"spark", "bolt"}
    assert events(s, "move")[0]["from"] == "hand/discard"
    s = _played(move, hand=(SPELL,), discard=(SPELL,), deck=(FILLER,))
    assert s.hands[0] == [] and s.discards[0].count(card_id(s, SPELL)) == 1


def test_a_card_found_in_one_pile_only_is_taken_there():
    s = _played(
        [{"op": "move", "from": ["deck", "discard"], "to": "hand", "cards": {"card": "spark"}}],
        deck=(FILLER, FILLER),
        discard=(SPELL,),
    )
    assert [s.cards[k].slug for k in s.hands[0]] == ["spark"] and card_id(s, SPELL) not in s.discards[0]


def test_play_card_from_several_piles():
    s = _played(
        [{"op": "play_card", "from": ["deck", "hand", "discard"], "cards": {"card": "jab"}}],
        discard=(JAB,),
        deck=(FILLER,),
    )
    assert [e["card"] for e in events(s, "play") if e["seat"] == 0] == ["tested", "jab"]
    assert s.discards[0].count(card_id(s, JAB)) == 1  # played, then discarded as any card


def test_a_playable_card_only_whatever_the_rules_decision():
    """``playable``: only a card its character may play (a Foudre spell needs a Mage), even when
    EredanRules.played_card_needs_requirements lets an effect play any card."""
    lax = replace(DEFAULT_RULES, played_card_needs_requirements=False)
    plain = [{"op": "play_card", "from": "deck", "pick": "top"}]
    playable = [{"op": "play_card", "from": "deck", "pick": "top", "playable": True}]
    for effects, second in ((plain, "bolt"), (playable, "jab")):
        s = _played(effects, deck=(BOLT, JAB), rules=lax)
        assert [e["card"] for e in events(s, "play") if e["seat"] == 0] == ["tested", second]


# --- the opponent's cards into the player's piles, either player's pile, the opponent's pick --------------

SWORD = card(
    "sword", "epee", effects=[{"op": "modify", "stat": "attack", "amount": 5, "duration": "permanent"}]
)


def _against(effects, *, their_hand=(), their_discard=(), my_discard=(), seed=0):  # type: ignore[no-untyped-def]
    """Seat 0 plays a card with ``effects``; seat 1 holds ``their_hand`` (and plays JAB)."""
    tested = card("tested", effects=effects)
    s = prepare_game(
        line("a"),
        line("b"),
        hands=([tested], [JAB, *their_hand]),
        piles=([FILLER] * 3, [FILLER] * 3),
        extra=(list(my_discard), list(their_discard)),
        seed=seed,
    )
    s.discards = [[card_id(s, x) for x in my_discard], [card_id(s, x) for x in their_discard]]
    fight(s, 0, 0)
    play_cards(s, a=[tested], b=[JAB])
    return s


def test_the_opponents_card_goes_into_the_players_own_hand():
    """``into: self`` ("une carte de la Main adverse est placée dans votre Main"): taken from the
    opponent's pile, put into the player's; the player's pick is the best card (card worth)."""
    steal = [
        {"op": "move", "from": "hand", "to": "hand", "owner": "opponent", "into": "self", "pick": "choice"}
    ]
    s = _against(steal, their_hand=(FILLER, SWORD))
    assert [s.cards[k].slug for k in s.hands[0]] == ["sword"]
    assert sorted(s.cards[k].slug for k in s.hands[1]) == ["filler"]
    (event,) = events(s, "move")
    assert event["seat"] == 1 and event["into"] == 0 and event["cards"] == ["sword"]


def test_the_opposing_player_picks_what_it_gives_and_what_it_keeps():
    """``pick: opponent``: the opposing player picks among its own cards — its worst when they go to
    the player ("le joueur adverse choisit une carte de sa Main, elle est placée dans la vôtre"), its
    best when the move is good for it ("… de sa Défausse, celle-ci est placée dans sa Main")."""
    give = [
        {"op": "move", "from": "hand", "to": "hand", "owner": "opponent", "pick": "opponent", "into": "self"}
    ]
    s = _against(give, their_hand=(FILLER, SWORD))
    assert [s.cards[k].slug for k in s.hands[0]] == ["filler"]
    back = [{"op": "move", "from": "discard", "to": "hand", "owner": "opponent", "pick": "opponent"}]
    s = _against(back, their_discard=(FILLER, SWORD))
    assert "sword" in [s.cards[k].slug for k in s.hands[1]]


def test_a_card_of_either_discard_pile_back_to_its_owner():
    """``owner: any`` (pick choice): to a better pile, the player's own card (back to its owner); to
    a worse one, the opponent's; when that pile has none, the other player's."""
    back = [{"op": "move", "from": "discard", "to": "hand", "owner": "any", "pick": "choice"}]
    s = _against(back, my_discard=(SWORD,), their_discard=(SWORD,))
    assert card_id(s, SWORD) in s.hands[0] and card_id(s, SWORD) in s.discards[1]
    s = _against(back, their_discard=(SWORD,))
    assert card_id(s, SWORD) in s.hands[1]  # none of the player's: the opponent's, to its owner
    gone = [{"op": "move", "from": "discard", "to": "removed", "owner": "any", "pick": "choice"}]
    s = _against(gone, my_discard=(SWORD,), their_discard=(SWORD,))
    assert [s.cards[k].slug for k in s.removed[1]] == ["sword"] and card_id(s, SWORD) in s.discards[0]


def test_a_card_played_now_acts_before_the_clash():
    """``now`` ("est jouée et activée immédiatement"): an item, which acts after the combat, acts
    as soon as it is played — its Attaque +5 counts in this clash (else: from the next one)."""
    hp = {}
    for now in (False, True):
        effects = [{"op": "play_card", "from": "deck", "cards": {"type": "epee"}, "now": now}]
        s = _played(effects, deck=(SWORD, FILLER), seed=3)
        assert card_id(s, SWORD) in s.items[0]
        hp[now] = s.hp[3]
    assert hp[True] == hp[False] - 5


def test_this_card_on_top_of_the_opponents_deck():
    """``card_to`` ``opponent_deck_top`` ("cette carte est placée sur le dessus du Deck adverse"):
    the next card the other player draws."""
    s = _played([{"op": "card_to", "to": "opponent_deck_top"}])
    tested = next(c.id for c in s.cards if c.slug == "tested")
    assert s.decks[1][-1] == tested and tested not in s.discards[0]


def test_a_count_of_playable_cards_counts_only_those_the_holder_may_play():
    """Count ``playable`` ("si vous avez 2 Actions jouables en Main, l'une d'elles est jouée"): the
    cards of the holder's pile it may play, as ``play_card`` ``playable`` takes them (a Foudre
    spell needs a Mage)."""
    two = {"left": {"cards": "hand", "playable": True}, "cmp": ">=", "right": 2}
    effects = [{"op": "play_card", "from": "hand", "playable": True, "when": {"compare": two}}]
    s = _played(effects, hand=(JAB, BOLT))
    assert [e["card"] for e in events(s, "play") if e["seat"] == 0] == ["tested"]
    s = _played(effects, hand=(JAB, JAB, BOLT))
    assert [e["card"] for e in events(s, "play") if e["seat"] == 0] == ["tested", "jab"]


def test_a_count_of_several_piles_adds_them_up():
    """Count ``cards`` a list ("s'il y a plus de 2 Sorts dans votre Défausse et votre Deck"): the
    cards of those piles together."""
    three = {"left": {"cards": ["discard", "deck"], "match": {"type": "sort"}}, "cmp": ">=", "right": 3}
    effects = [{"op": "modify", "stat": "spirit", "amount": 4, "when": {"compare": three}}]
    s = _played(effects, discard=(SPELL, BOLT), deck=(SPELL, FILLER))
    assert s.stat(0, SPI) == 1 + 4
    s = _played(effects, discard=(SPELL,), deck=(SPELL, FILLER))
    assert s.stat(0, SPI) == 1
