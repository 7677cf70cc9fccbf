"""The forgiving name search (cards/domain/search.py): "did you mean", on hand-checked cases."""

from __future__ import annotations

import difflib

from cards.domain.search import FUZZY_CUTOFF, fold, name_index, suggest, words

INDEX = name_index(
    [
        ("telendar-1", ("Telendar", "Télendar")),
        ("lame-noire-1", ("Telendar's Black Blade", "Lame noire de Télendar")),
        ("eclairs-1", ("Lightning", "Éclairs")),
        ("iro-1", ("Iro the Duelist", "Iro le duelliste")),
        ("orb-1", ("Orb", "Orbe")),
    ]
)


def test_fold_and_words_ignore_accents_case_and_punctuation() -> None:
    assert fold("Éclairs") == "eclairs"
    assert words("Telendar's Black-Blade") == ["telendar", "s", "black", "blade"]


def test_a_typo_finds_the_name_it_most_likely_means() -> None:
    """issue 19 §4: ``telendr`` finds Télendar (ratio 2·7/15 = 0.93)."""
    found = suggest(INDEX, "telendr")
    assert [slug for slug, _ in found.ids] == ["lame-noire-1", "telendar-1"]  # equal scores: by id
    assert found.corrected == "telendar"
    assert found.ids[0][1] == difflib.SequenceMatcher(None, "telendr", "telendar").ratio() > FUZZY_CUTOFF


def test_every_word_must_match_exactly_or_closely() -> None:
    found = suggest(INDEX, "blak telendar")  # 'blak' is a typo of 'black'; 'telendar' is exact
    assert [slug for slug, _ in found.ids] == ["lame-noire-1"]
    assert found.corrected == "black telendar"
    assert round(found.ids[0][1], 4) == round(difflib.SequenceMatcher(None, "blak", "black").ratio(), 4)


def test_a_french_name_with_a_typo_is_found_too() -> None:
    found = suggest(INDEX, "eclars")
    assert [slug for slug, _ in found.ids] == ["eclairs-1"]
    assert found.corrected == "eclairs"


def test_nothing_is_suggested_for_exact_words_far_words_or_short_words() -> None:
    assert not suggest(INDEX, "telendar")  # found by the plain search already
    assert not suggest(INDEX, "xylophone")  # close to nothing
    assert not suggest(INDEX, "orv")  # too short to correct (under 4 letters)
    assert not suggest(INDEX, "")
    assert not suggest(INDEX, "telendr xylophone")  # one word close to nothing: no guess


def test_the_best_matches_come_first_and_the_limit_holds() -> None:
    index = name_index([("a", ("Tempête",)), ("b", ("Tempêtes",)), ("c", ("Tempêtesss",))])
    found = suggest(index, "tempte", limit=2)
    assert [slug for slug, _ in found.ids] == ["a", "b"]  # tempete 12/13 = 0.92, tempetes 12/14 = 0.86
    assert round(found.ids[0][1], 3) == round(12 / 13, 3) and round(found.ids[1][1], 3) == round(12 / 14, 3)
