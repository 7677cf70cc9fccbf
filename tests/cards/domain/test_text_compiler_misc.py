"""The rules-text compiler's readings of markers and of clauses of no other family
(cards/domain/grammar_markers.py, grammar_misc.py and their hooks).

Every text here is written for these tests, in the cards' grammar (other numbers, names and
combinations); none is a card's text.
"""

from __future__ import annotations

import pytest


def card(compiler, text, **kw):
    result = compiler.compile(text, subject="card", **kw)
    assert result.complete, result.clauses
    return result.to_json()["effects"]


def character(compiler, text, **kw):
    result = compiler.compile(text, subject="character", **kw)
    assert result.complete, result.clauses
    return result.to_json()["abilities"]


def unread(compiler, text, subject="card"):
    return list(compiler.compile(text, subject=subject).unread)


def test_a_trigger_said_after_the_scaling(compiler):
    """ "Attaque +3 par tranche de 3 Runes en jeu au début du combat": counted when the combat
    starts, for that combat (docs/rules/eredan.md §3 step 2)."""
    assert character(compiler, "Attaque +3 par tranche de 3 Corruptions en jeu au début du combat.") == [
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [
                {
                    "op": "modify",
                    "stat": "attack",
                    "amount": {
                        "per": {"cards": "play", "owner": "both", "match": {"type": "corruption"}},
                        "each": 3,
                        "div": 3,
                    },
                }
            ],
        }
    ]


# --- markers -------------------------------------------------------------------------------------

POWDER_ON_SELF = {"markers": "poudre", "on": "self"}


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        # "reçoivent" / "ajoute … à" are "gagne"
        (
            "Tous les personnages reçoivent 3 marqueurs poudre.",
            [{"op": "marker", "name": "poudre", "count": 3, "target": "all_characters"}],
        ),
        (
            "Ajoute 2 Marqueurs 'suie' à votre adversaire.",
            [{"op": "marker", "name": "suie", "count": 2, "target": "opponent"}],
        ),
        ("Vous ajoute 1 Marqueur Poudre.", [{"op": "marker", "name": "poudre", "count": 1}]),
        # markers counted then spent: the count first, then every one of them leaves
        (
            "Esprit +X où X est égal au nombre de Marqueurs 'suie' que vous portez, puis vous les perdez.",
            [
                {"op": "modify", "stat": "spirit", "amount": {"per": {"markers": "suie", "on": "self"}}},
                {"op": "marker", "name": "suie", "count": "all"},
            ],
        ),
        # at most N lost, a bonus for each one lost (so at most N bonuses)
        (
            "Vous perdez jusqu'à 3 Marqueurs 'suie' et avez Défense +2 pour chacun d'eux.",
            [
                {
                    "op": "modify",
                    "stat": "defense",
                    "amount": {"per": {"markers": "suie", "on": "self"}, "each": 2, "max": 6},
                },
                {"op": "marker", "name": "suie", "count": -3},
            ],
        ),
    ],
)
def test_markers_on_a_card(compiler, text, effects):
    assert card(compiler, text) == effects


def test_markers_of_both_fighters_counted_then_removed(compiler):
    """ "… pour chaque marqueur porté par votre adversaire et vous, ces marqueurs sont supprimés":
    the two characters of the combat (``fighters``), in the same trigger."""
    assert character(
        compiler,
        "Défense +1 en début de combat pour chaque Marqueur 'suie' porté par votre adversaire et vous, "
        "ces Marqueurs sont supprimés.",
    ) == [
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [
                {"op": "modify", "stat": "defense", "amount": {"per": {"markers": "suie", "on": "fighters"}}},
                {"op": "marker", "name": "suie", "count": "all", "target": "fighters"},
            ],
        }
    ]


def test_a_staying_card_spends_markers_only_for_a_bonus_of_this_turn(compiler):
    """A standing modifier reads its count whenever the stat is read: markers it spent would take
    its bonus away at once, so it is not read; one said to last this turn is given once."""
    spent = "X est égal au nombre de Marqueurs 'suie' que vous portez, puis vous les perdez."
    text = f"Permanent. Attaque +X où {spent}"
    assert len(unread(compiler, text)) == 1
    once = card(
        compiler,
        "Permanent. A l'activation vous perdez jusqu'à 2 Marqueurs 'suie' et avez Esprit +1 "
        "jusqu'à la fin du tour par marqueur ainsi perdu.",
    )
    assert once[-1] == {"op": "marker", "name": "suie", "count": -2}
    assert (
        len(
            unread(
                compiler,
                f"Défense +X où {spent}",
                "character",
            )
        )
        == 1
    )


def test_markers_spent_must_be_those_counted(compiler):
    assert unread(
        compiler,
        "Attaque +X où X est égal au nombre de Marqueurs 'suie' que vous portez, "
        "puis il perd ses Marqueurs 'suie'.",
    )
    assert unread(compiler, "Attaque +1, puis vous les perdez.")


# --- a cap changed under a condition -----------------------------------------------------------------

PER_ITEM = {"cards": "play", "owner": "both", "match": {"type": "objet"}, "on": "self"}


@pytest.mark.parametrize(
    ("said", "cap"),
    [("Prêtre : aucun maximum.", None), ("Prêtre : pas de maximum.", None), ("Prêtre : maximum 5.", 5)],
)
def test_a_cap_lifted_or_changed_under_a_condition(compiler, said, cap):
    """The capped effect when the condition does not hold, the one with the new cap when it does:
    one or the other."""
    effects = card(compiler, f"Esprit +1 par Objet que vous portez (maximum 2). Enchaînement. {said}")
    new = {"per": PER_ITEM} if cap is None else {"per": PER_ITEM, "max": cap}
    assert effects == [
        {
            "op": "modify",
            "stat": "spirit",
            "amount": {"per": PER_ITEM, "max": 2},
            "when": {"not": {"played_by_class": "pretre"}},
        },
        {"op": "modify", "stat": "spirit", "amount": new, "when": {"played_by_class": "pretre"}},
    ]


def test_a_cap_changed_must_be_the_only_one(compiler):
    text = "Attaque +1 par Sort en jeu (max 3). Défense +1 par Objet en jeu (max 2). Mage : aucun maximum."
    assert unread(compiler, text) == ["Mage : aucun maximum"]
    assert unread(compiler, "Attaque +2. Mage : aucun maximum.") == ["Mage : aucun maximum"]


def test_a_cap_changed_after_a_sentence_not_read_is_not_read(compiler):
    """The sentence not read may have had the maximum the clause speaks of."""
    text = "Défense +1 par Objet en jeu (max 2). Vous changez de couleur. Mage : aucun maximum."
    assert unread(compiler, text) == ["Vous changez de couleur", "Mage : aucun maximum"]


def test_more_to_the_effects_of_this_card(compiler):
    """ "Zil : +1 aux effets de cette carte": each number one further from 0 for a Zil (a malus
    lower, damage higher), the card as printed otherwise."""
    effects = card(
        compiler,
        "Défense +2. Le personnage adverse a Attaque -1 et subit 2 dégâts directs. "
        "Zil : +1 aux effets de cette carte.",
    )
    zil, other = {"played_by_guild": "zil"}, {"not": {"played_by_guild": "zil"}}
    assert effects == [
        {"op": "modify", "stat": "defense", "amount": 2, "when": other},
        {"op": "modify", "stat": "defense", "amount": 3, "when": zil},
        {"op": "modify", "stat": "attack", "amount": -1, "target": "opponent", "when": other},
        {"op": "modify", "stat": "attack", "amount": -2, "target": "opponent", "when": zil},
        {"op": "damage", "kind": "direct", "amount": 2, "when": other},
        {"op": "damage", "kind": "direct", "amount": 3, "when": zil},
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Piochez 2 cartes. Zil : +1 aux effets de cette carte.",  # one more card? not said
        "Inflige 2 à 4 dégâts magiques. Zil : +1 aux effets de cette carte.",  # a range
        "Enchaînement. Zil : +1 aux effets de cette carte.",  # no number
    ],
)
def test_more_to_the_effects_not_read_when_the_numbers_are_not_plain(compiler, text):
    assert unread(compiler, text) == ["Zil : +1 aux effets de cette carte"]


# --- notes: the online game around the card ------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Ces trois tickets de tombola vous permettent de participer à un tirage au sort.",
        "Vous êtes l'heureux gagnant d'une affiche. "
        "Nous vous contacterons en mars pour l'expédition de votre lot.",
        "Permet d'acheter des récompenses dans le Hall des Sages.",
        "Tant qu'elle est dans votre collection, cette carte vous fait gagner 3 fois plus d'or "
        "lors de vos parties.",
        "Peut être évoluée en une Pierre de votre choix.",
        "Pierre Rouge + ??? = Bâton du sage. Pierre Rouge X2 = ???",
        "Pierre Noire *4 = Bâton du sage",
        "Ce bon d'achat vous permet d'acheter un familier à la boutique.",
    ],
)
def test_what_the_online_game_around_the_card_does_is_a_note(compiler, text):
    """Tickets, prizes, rewards, the collection, evolution recipes: no effect in a game, read as notes
    (the compiled text says so) rather than effects."""
    result = compiler.compile(text, subject="card")
    assert result.complete and result.effects == () and result.notes


def test_otherwise_as_sinon(compiler):
    """ "Autrement …" after a sentence "Si …, …" is its "sinon"."""
    effects = card(compiler, "Si vous avez un Mage mort, Attaque +2. Autrement Défense +1.")
    assert [e.get("when") for e in effects] == [
        {
            "compare": {
                "left": {"characters": {"group": "allies", "class": "mage"}, "dead": True},
                "cmp": ">=",
                "right": 1,
            }
        },
        {
            "not": {
                "compare": {
                    "left": {"characters": {"group": "allies", "class": "mage"}, "dead": True},
                    "cmp": ">=",
                    "right": 1,
                }
            }
        },
    ]


def test_eggs_gathered_are_a_note_the_card_removed_an_effect(compiler):
    result = compiler.compile(
        "Activation : Vous ramassez 4 Oeufs de l'équinoxe et cette carte est retirée de la partie.",
        subject="card",
    )
    assert result.complete and result.notes
    assert result.to_json()["effects"] == [{"op": "card_to", "to": "removed"}]


def test_both_fighters_lose_their_markers_a_bonus_for_each(compiler):
    assert character(
        compiler,
        "En début de combat, votre adversaire et vous perdez vos marqueurs 'suie' et vous avez "
        "Défense +1 jusqu'à la fin du tour pour chaque marqueur ainsi perdu.",
    ) == [
        {
            "op": "trigger",
            "on": "combat_start",
            "effects": [
                {"op": "modify", "stat": "defense", "amount": {"per": {"markers": "suie", "on": "fighters"}}},
                {"op": "marker", "name": "suie", "count": "all", "target": "fighters"},
            ],
        }
    ]
