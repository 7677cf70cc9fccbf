"""Clauses, shapes and the census of card texts (cards/domain/text_compiler.py, vocabulary.py).

The phrases are written for these tests, in the cards' grammar; none is a card's text.
"""

from __future__ import annotations

import io

import pytest

from cards.domain.cardset import load_cardset
from cards.domain.text_compiler import (
    Shaper,
    TextFileError,
    census,
    family_of,
    read_text_rows,
    split_clauses,
)
from cards.domain.vocabulary import Term, fold, vocabulary_from_reference


@pytest.fixture(scope="module")
def vocabulary():
    return vocabulary_from_reference(load_cardset().reference)


def test_fold_removes_case_accents_and_typographic_apostrophes():
    assert fold("  Défense de l’Élu  Cœur ") == "defense de l'elu coeur"


@pytest.mark.parametrize(
    ("text", "clauses"),
    [
        ("Attaque +2. Permanent.", ["Attaque +2", "Permanent"]),
        ("Attaque +2.Permanent", ["Attaque +2", "Permanent"]),  # no space after the stop
        ("Attaque min. +1 et Attaque max. +2.", ["Attaque min. +1 et Attaque max. +2"]),
        ("Enchaînement 'Coup...'. Défense +1.", ["Enchaînement 'Coup…'", "Défense +1"]),
        ("Enchaînement '... du Lac !'. Esprit +1", ["Enchaînement '… du Lac !'", "Esprit +1"]),
        ("Attaque +1 par Rune portée. (maximum 4).", ["Attaque +1 par Rune portée (maximum 4)"]),
        ("  ", []),
        ("Soin 2.\\r\\nDurée 2 tours.", ["Soin 2", "Durée 2 tours"]),
        # a name written with full stops between its capitals ends no sentence
        ("Les B.O.U.M jouées ont +1. Soin 1.", ["Les B.O.U.M jouées ont +1", "Soin 1"]),
        ("Un Z.Y.X de votre Main est joué. A. Soin 1.", ["Un Z.Y.X de votre Main est joué", "A", "Soin 1"]),
        # "Permanent" at a sentence's start, its full stop missing before the next capital
        ("Soin 1. Permanent Une 'Zot' est jouée.", ["Soin 1", "Permanent", "Une 'Zot' est jouée"]),
        ("Permanent Soin 1", ["Permanent", "Soin 1"]),
        ("Soin 1 Permanent Une carte.", ["Soin 1 Permanent Une carte"]),
    ],
)
def test_split_clauses(text, clauses):
    assert split_clauses(text) == clauses


def test_the_vocabulary_knows_labels_plurals_and_short_forms(vocabulary):
    assert vocabulary.lookup("Combattants") == (Term("class", "combattant"),)
    assert vocabulary.lookup("Guémélites de l’Ombre") == (Term("race", "guemelite_ombre"),)
    assert Term("guild", "noz") in vocabulary.lookup("Noz")
    assert Term("type", "feu") in vocabulary.lookup("Sort de Feu")
    assert Term("type", "feu") in vocabulary.lookup("sorts feu")
    assert Term("type", "arme_a_une_main") in vocabulary.lookup("Arme à une main")
    # a bare "Epée" may be either sword type
    assert {t.slug for t in vocabulary.lookup("Epée")} == {"epee", "epee2m"}
    # "personnage" is the word for a character, not a card type
    assert vocabulary.lookup("personnage") == ()


def test_shapes_replace_names_numbers_and_terms(vocabulary):
    shaper = Shaper(vocabulary)
    assert shaper.shape("Tours 2 et 4 : Défense +1") == "tours N et N : defense +N"
    assert shaper.shape("Attaque +1 contre les Prêtres") == "attaque +N contre les CLASS"
    assert shaper.shape("Gagne Enchaînement si vous jouez une Arme à une main") == (
        "gagne enchainement si vous jouez une TYPE"
    )
    assert shaper.shape("Enchaînement 'Épée de Lune'") == "enchainement 'X'"
    assert shaper.shape("Vos Nomades ont Esprit +1") == "vos GUILD ont esprit +N"


@pytest.mark.parametrize(
    ("clause", "family"),
    [
        ("Permanent", "how the card stays"),
        ("Durée 2 combats", "how the card stays"),
        ("Tours 1 et 3 : Attaque +1", "Ordres"),
        ("En fin de combat, Soin 1 Point de vie", "triggers"),
        ("Une Potion de votre Défausse est placée dans votre Main", "cards moved"),
        ("Attaque +1 pour chaque Mage en vie", "scaling"),
        ("Défense +2", "stat modifiers"),
        ("Vous changez de couleur", "other"),
    ],
)
def test_families(clause, family):
    assert family_of(clause).startswith(family)


def test_census_counts_shapes_families_and_top_coverage(vocabulary):
    texts = [
        "Attaque +2. Permanent.",
        "Attaque +3. Permanent.",
        "Défense +1. Vous changez de couleur.",
        "",
    ]
    result = census(texts, vocabulary, tops=(1, 2))
    assert (result.texts, result.clauses) == (3, 6)
    assert result.shapes["attaque +N"] == 2
    assert result.shapes["permanent"] == 2
    assert result.covered_by_top == {1: 0, 2: 2}
    assert result.texts_by_family["other"] == 1
    assert "3 texts, 6 clauses, 4 distinct clause shapes" in result.lines()[0]


def test_read_text_rows_needs_the_columns_of_card_texts():
    rows = read_text_rows(
        io.StringIO("seq\tname_en\tname_fr\ttext_en\ttext_fr\ttooltip_tags\n7\tA\tB\tHeals 2.\t\t\n")
    )
    assert rows[0].seq == "7" and rows[0].text == "Heals 2."
    with pytest.raises(TextFileError, match="missing column"):
        read_text_rows(io.StringIO("seq\tname\n1\tx\n"))


def test_fold_keeps_activated_apart_from_in_play():
    assert fold("Sorts activés") == "sorts activees"
    assert fold("cartes actives") == "cartes actives"
