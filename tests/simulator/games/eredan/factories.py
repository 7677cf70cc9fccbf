"""Specs built in tests, and ``prepare_game()``: a small Eredan position set up exactly.

Characters and cards go through the same JSON readers as the bundled card set
(:mod:`cards.domain.cardset`), with the committed reference tables (card types, races, castes).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import Any

from cards.domain.cardset import (
    DEFAULT_CARDSET_DIR,
    card_from_json,
    character_from_json,
    type_tree_from_reference,
)
from cards.domain.specs import CardSpec, CharacterSpec, DeckSpec, TypeTree
from simulator.games.eredan.actions import Fight, Play
from simulator.games.eredan.game import EredanGame
from simulator.games.eredan.rules import EredanRules
from simulator.games.eredan.state import EredanState


@cache
def reference() -> dict[str, Any]:
    with (DEFAULT_CARDSET_DIR / "reference.json").open(encoding="utf-8") as fh:
        data: dict[str, Any] = json.load(fh)
    return data


@cache
def types() -> TypeTree:
    return type_tree_from_reference(reference())


def character(
    slug: str,
    *,
    classes: Sequence[str] = ("combattant",),
    race: str = "humain",
    guild: str = "non_affilies",
    hp: int = 12,
    attack: tuple[int, int] = (3, 3),
    defense: int = 1,
    spirit: int = 1,
    orders: list[dict[str, Any]] | None = None,
    abilities: list[dict[str, Any]] | None = None,
    castes: Sequence[str] = (),
) -> CharacterSpec:
    ref = reference()
    return character_from_json(
        {
            "slug": slug,
            "family": slug,
            "level": 1,
            "name_en": slug.replace("-", " ").title(),
            "name_fr": slug.replace("-", " ").title(),
            "guild": guild,
            "classes": list(classes),
            "race": race,
            "castes": list(castes),
            "hp": hp,
            "attack": list(attack),
            "defense": defense,
            "spirit": spirit,
            "orders": orders or [],
            "abilities": abilities or [],
        },
        races={r["slug"]: r for r in ref["races"]},
        castes={c["slug"]: c for c in ref["castes"]},
    )


def card(
    slug: str,
    type: str = "action",
    *,
    effects: list[dict[str, Any]] | None = None,
    chain: dict[str, Any] | None = None,
    requirements: dict[str, list[str]] | None = None,
    zone: bool = False,
    dual_wield: bool = False,
    guild: str | None = None,
    family: str | None = None,
    play: dict[str, Any] | None = None,
) -> CardSpec:
    return card_from_json(
        {
            "slug": slug,
            "family": family or slug,
            "level": 1,
            "name_en": slug.replace("-", " ").title(),
            "name_fr": slug.replace("-", " ").title(),
            "type": type,
            "guild": guild,
            "requirements": requirements,
            "zone": zone,
            "chain": chain,
            "dual_wield": dual_wield,
            "effects": effects or [],
            "play": play,
        },
        types=types(),
    )


def deck(
    name: str, characters: Sequence[CharacterSpec], cards: Mapping[CardSpec, int] | Iterable[CardSpec]
) -> DeckSpec:
    counts: dict[CardSpec, int] = {}
    if isinstance(cards, Mapping):
        counts.update(cards)
    else:
        for c in cards:
            counts[c] = counts.get(c, 0) + 1
    return DeckSpec(
        name=name,
        characters=tuple(characters),
        cards=tuple(sorted(counts.items(), key=lambda kv: kv[0].slug)),
        slug=name,
    )


def fighter_a(**kw: Any) -> CharacterSpec:
    return character(kw.pop("slug", "alpha"), **kw)


def line(prefix: str, **kw: Any) -> list[CharacterSpec]:
    """Three plain characters ``<prefix>-1..3`` with the same stats."""
    return [character(f"{prefix}-{i}", **kw) for i in (1, 2, 3)]


def prepare_game(
    chars_a: Sequence[CharacterSpec],
    chars_b: Sequence[CharacterSpec],
    *,
    hands: tuple[Sequence[CardSpec], Sequence[CardSpec]] = ((), ()),
    piles: tuple[Sequence[CardSpec], Sequence[CardSpec]] = ((), ()),
    items: Sequence[Sequence[CardSpec]] | None = None,
    extra: tuple[Sequence[CardSpec], Sequence[CardSpec]] = ((), ()),
    first_player: int = 0,
    turn: int = 1,
    hp: Sequence[int] | None = None,
    tapped: Sequence[bool] | None = None,
    seed: int = 0,
    turn_cap: int | None = None,
    rules: EredanRules | None = None,
    log: bool = True,
) -> EredanState:
    """A game between ``chars_a`` (seat 0) and ``chars_b`` (seat 1), set up exactly: the given hands,
    draw piles (top first), carried items (per character 0..5) and state, at the start of ``turn``.
    Each seat's deck holds exactly the cards given for it (so the tables know them). ``rules``: the
    rule decisions (default: the rules page's); ``turn_cap`` changes that one."""
    per_seat: list[list[CardSpec]] = [[], []]
    for seat in (0, 1):
        per_seat[seat].extend(hands[seat])
        per_seat[seat].extend(piles[seat])
        per_seat[seat].extend(extra[seat])
        if items is not None:
            for c in range(seat * 3, seat * 3 + 3):
                per_seat[seat].extend(items[c])
    decks = (deck("deck-a", chars_a, per_seat[0]), deck("deck-b", chars_b, per_seat[1]))
    game = EredanGame(rules=rules, log=log, **({} if turn_cap is None else {"turn_cap": turn_cap}))
    return game.state_from_position(
        random.Random(seed),
        decks,
        first_player=first_player,
        hands=[[c.slug for c in h] for h in hands],
        draw_piles=[[c.slug for c in p] for p in piles],
        turn=turn,
        hp=hp,
        tapped=tapped,
        items=None if items is None else [[c.slug for c in i] for i in items],
    )


# --- a small sample set: every op, target, duration and condition, two legal-looking decks -------

HEAL_POTION = card("healing-potion", "potion", effects=[{"op": "heal", "amount": [2, 3]}])
FIREBALL = card(
    "fireball",
    "feu",
    effects=[{"op": "damage", "kind": "magical", "amount": {"stat": "spirit", "plus": [3, 5]}}],
)
LIGHTNING_ZONE = card(
    "lightning-zone",
    "foudre",
    zone=True,
    effects=[
        {"op": "damage", "kind": "magical", "amount": {"stat": "spirit", "plus": 2}, "target": "all_enemies"}
    ],
)
SWORD = card(
    "long-sword",
    "epee",
    effects=[{"op": "modify", "stat": "attack", "amount": 2, "duration": "permanent"}],
)
DAGGER = card(
    "dagger",
    "dague",
    dual_wield=True,
    effects=[{"op": "modify", "stat": "attack", "amount": 1, "duration": "permanent"}],
)
GREAT_AXE = card(
    "great-axe", "hache", effects=[{"op": "modify", "stat": "attack", "amount": 3, "duration": "permanent"}]
)
ARMOR = card(
    "chain-mail",
    "armure",
    effects=[{"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent"}],
)
SHIELD = card(
    "round-shield",
    "bouclier",
    effects=[{"op": "modify", "stat": "defense", "amount": 1, "duration": "permanent"}],
)
AMULET = card(
    "spirit-amulet",
    "amulette",
    effects=[
        {"op": "modify", "stat": "spirit", "amount": 1, "duration": "permanent"},
        {"op": "modify", "stat": "defense", "amount": 2, "duration": "permanent", "when": {"turn": "even"}},
    ],
)
CHARGE = card(
    "charge", "action", chain={"any": True}, effects=[{"op": "modify", "stat": "attack", "amount": 2}]
)
WAR_CRY = card(
    "war-cry",
    "action",
    effects=[
        {"op": "modify", "stat": "defense", "amount": -1, "target": "all_enemies", "duration": {"turns": 2}}
    ],
)
RALLY = card(
    "rally",
    "action",
    effects=[
        {"op": "modify", "stat": "defense", "amount": 1, "target": "all_allies", "duration": "permanent"}
    ],
)
BLESSING = card(
    "blessing",
    "foi",
    effects=[{"op": "heal", "amount": {"stat": "spirit", "plus": 1}, "target": "all_allies"}],
)
SMITE = card("smite", "colere_divine", effects=[{"op": "damage", "kind": "magical", "amount": [2, 4]}])
MENDING = card("mending", "foi", effects=[{"op": "heal", "amount": 3, "target": "most_wounded_ally"}])
SCROLL = card(
    "scroll-of-insight",
    "parchemin",
    effects=[
        {"op": "draw", "count": 2},
        {"op": "damage", "kind": "direct", "amount": 1, "target": "random_other_enemy"},
    ],
)
PICKPOCKET = card(
    "pickpocket", "action", effects=[{"op": "discard", "count": 1}], requirements={"classes": ["maraudeur"]}
)
SABOTAGE = card("sabotage", "action", effects=[{"op": "mill", "count": 2}])
RESURRECTION = card("resurrection", "destin", effects=[{"op": "revive", "hp": 4}])
AMBUSH = card(
    "ambush",
    "action",
    effects=[
        {"op": "damage", "kind": "physical", "amount": [2, 4], "when": {"opponent_class": "mage"}},
        {"op": "modify", "stat": "attack", "amount": 1, "when": {"played_by_class": "maraudeur"}},
        {"op": "modify", "stat": "defense", "amount": 1, "when": {"carrying": "armor"}},
        {"op": "modify", "stat": "attack", "amount": 1, "when": {"opponent_carrying": "weapon"}},
        {"op": "modify", "stat": "spirit", "amount": 1, "when": {"ally_alive": "sage"}},
        {
            "op": "modify",
            "stat": "spirit",
            "amount": 1,
            "target": "opponent",
            "when": {"opponent_race": "humain"},
        },
        {
            "op": "modify",
            "stat": "attack",
            "amount": 1,
            "when": {"opponent_guild": "kotoba", "turn": {"from": 3}},
        },
        {
            "op": "modify",
            "stat": "defense",
            "amount": 1,
            "when": {"played_by": "brute", "played_by_guild": "kotoba", "played_by_race": "humain"},
        },
    ],
)

WARRIORS = [
    character(
        "brute",
        classes=("combattant",),
        guild="kotoba",
        hp=16,
        attack=(3, 5),
        defense=2,
        spirit=0,
        abilities=[{"op": "chain_on", "match": {"type": "armure"}}],
        orders=[{"turns": [1, 4], "effects": [{"op": "modify", "stat": "attack", "amount": 1}]}],
    ),
    character(
        "rogue",
        classes=("maraudeur",),
        guild="kotoba",
        hp=12,
        attack=(2, 5),
        defense=1,
        spirit=1,
        abilities=[{"op": "modify", "stat": "attack", "amount": 1, "when": {"opponent_class": "mage"}}],
        orders=[{"turns": "even", "effects": [{"op": "modify", "stat": "defense", "amount": 1}]}],
    ),
    character(
        "cleric",
        classes=("pretre",),
        guild="kotoba",
        hp=12,
        attack=(2, 3),
        defense=1,
        spirit=2,
        orders=[{"turns": {"from": 5}, "effects": [{"op": "modify", "stat": "spirit", "amount": 1}]}],
    ),
]
MAGES = [
    character("sage", classes=("mage",), guild="non_affilies", hp=11, attack=(1, 3), defense=1, spirit=3),
    character(
        "battle-mage",
        classes=("mage", "combattant"),
        guild="non_affilies",
        hp=14,
        attack=(2, 4),
        defense=1,
        spirit=2,
    ),
    character(
        "golem",
        classes=("combattant",),
        race="golem",
        guild="non_affilies",
        hp=15,
        attack=(2, 4),
        defense=2,
        spirit=0,
    ),
]
SAMPLE_CARDS = [
    HEAL_POTION,
    FIREBALL,
    LIGHTNING_ZONE,
    SWORD,
    DAGGER,
    GREAT_AXE,
    ARMOR,
    SHIELD,
    AMULET,
    CHARGE,
    WAR_CRY,
    RALLY,
    BLESSING,
    SMITE,
    MENDING,
    SCROLL,
    PICKPOCKET,
    SABOTAGE,
    RESURRECTION,
    AMBUSH,
]


def sample_decks() -> tuple[DeckSpec, DeckSpec]:
    """Two decks of 20 cards over the sample set (each card playable by someone in some deck)."""
    war = dict.fromkeys(SAMPLE_CARDS, 1)
    mage = dict.fromkeys(SAMPLE_CARDS, 1)
    return deck("warriors", WARRIORS, war), deck("mages", MAGES, mage)


# --- driving a prepared game ------------------------------------------------------------------


def card_id(state: EredanState, card: CardSpec) -> int:
    for compiled in state.cards:
        if compiled.slug == card.slug:
            return compiled.id
    raise KeyError(card.slug)


def fight_of(state: EredanState, mine: int, theirs: int) -> Fight:
    """The choice of the active player's character ``mine`` (0..2) against enemy ``theirs`` (0..2)."""
    a = state.active
    return Fight.of(a * 3 + mine, (1 - a) * 3 + theirs)


def fight(state: EredanState, mine: int, theirs: int) -> None:
    """The active player sends its character ``mine`` (0..2) against enemy ``theirs`` (0..2)."""
    from simulator.games.eredan.state import P_CHOICE

    assert state.phase == P_CHOICE, state
    state.apply(fight_of(state, mine, theirs))


def play(state: EredanState, card: CardSpec, *, on: int | None = None) -> None:
    """The player to move plays ``card`` (on its fighter, or on the character ``on``, 0..5)."""
    from simulator.games.eredan.state import P_CARD

    assert state.phase == P_CARD, state
    carrier = state.fighters[state.to_move] if on is None else on
    state.apply(Play.of(card_id(state, card), carrier))


def playable(state: EredanState) -> set[str]:
    """The cards the player to move may play now (by slug)."""
    return {state.cards[a.card].slug for a in state.legal_actions() if isinstance(a, Play)}


def play_cards(state: EredanState, a: Sequence[CardSpec] = (), b: Sequence[CardSpec] = ()) -> None:
    """The card step: seat 0 plays ``a`` and seat 1 plays ``b`` (in order), passing otherwise."""
    from simulator.games.eredan.actions import PASS
    from simulator.games.eredan.state import P_CARD

    queues = {0: list(a), 1: list(b)}
    while state.phase == P_CARD:
        seat = state.to_move
        if queues[seat]:
            play(state, queues[seat].pop(0))
        else:
            state.apply(PASS)
    assert not queues[0] and not queues[1], f"cards not played: {queues}"


def end_turn(state: EredanState) -> None:
    """The discard step: both players keep their hands (when allowed)."""
    from simulator.games.eredan.actions import PASS
    from simulator.games.eredan.state import P_DISCARD

    while state.phase == P_DISCARD:
        state.apply(PASS)


def events(state: EredanState, kind: str) -> list[dict[str, Any]]:
    assert state.log is not None
    return [e for e in state.log if e["event"] == kind]
