"""The one name rule (eredan/names.py) for everything users name: decks, collections, simulation
entrants' labels — through the API, the pages and the commands (issue 20: collection names
accepted control characters, newlines, right-to-left overrides and names made only of
zero-width spaces)."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from eredan.errors import DomainError
from eredan.names import name_clean

#: Refused names and the code each gets.
REFUSED = [
    ("Lames\x00", "control_characters"),
    ("two\nlines", "control_characters"),
    ("tab\there", "control_characters"),
    ("crlf\r\n", "control_characters"),
    ("del\x7f", "control_characters"),
    ("c1\x85", "control_characters"),
    ("line\u2028separator", "control_characters"),
    ("gpj\u202eexe", "bidi_override"),
    ("\u202bembedded\u202c", "bidi_override"),
    ("isolate\u2066x\u2069", "bidi_override"),
    ("\u2067", "bidi_override"),
    ("\u200b\u200b\u200b", "invisible"),
    ("\u200b \u2060 \ufeff", "invisible"),
    ("\u3164", "invisible"),
    ("\u0301\u0301", "invisible"),
    ("", "required"),
    ("   ", "required"),
    ("x" * 101, "max_length"),
]
ACCEPTED = [
    ("Lames de Kotoba", "Lames de Kotoba"),
    ("  spaces   inside  ", "spaces inside"),
    ("Éclairs (niveau 3)", "Éclairs (niveau 3)"),
    ("ميدان", "ميدان"),  # right-to-left text itself is fine: only the controls are refused
    ("👨\u200d👩\u200d👧", "👨\u200d👩\u200d👧"),  # a zero-width joiner between visible characters
    ("x" * 100, "x" * 100),
]


@pytest.mark.parametrize(("name", "code"), REFUSED)
def test_refused(name, code):
    with pytest.raises(DomainError) as info:
        name_clean(name, what="collection name", max_length=100)
    assert (info.value.code, info.value.field) == (code, "name")


@pytest.mark.parametrize(("name", "clean"), ACCEPTED)
def test_accepted(name, clean):
    assert name_clean(name, what="deck name", max_length=100) == clean


def test_not_a_string_is_required():
    with pytest.raises(DomainError) as info:
        name_clean(None, what="deck name", max_length=100, missing="A deck needs a name.")
    assert (info.value.code, info.value.message) == ("required", "A deck needs a name.")


# --- every user-named thing follows it -------------------------------------------------------------

SAMPLE = [
    ("two\nlines", "control_characters"),
    ("gpj\u202eexe", "bidi_override"),
    ("\u200b\u200b", "invisible"),
]


@pytest.fixture
def alice(db):
    return get_user_model().objects.create_user("alice")


def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def only_error(response, status=400):
    assert response.status_code == status, response.content
    (error,) = response.json()["errors"]
    return error


@pytest.mark.parametrize(("name", "code"), SAMPLE)
def test_collections_create_and_rename(alice, name, code):
    from cards.collection.models import Collection

    error = only_error(api(alice).post("/api/collections/", {"name": name}, format="json"))
    assert (error["code"], error["field"]) == (code, "name")
    created = api(alice).post("/api/collections/", {"name": "Mine"}, format="json").json()
    error = only_error(api(alice).patch(f"/api/collections/{created['id']}/", {"name": name}, format="json"))
    assert (error["code"], error["field"]) == (code, "name")
    assert list(Collection.objects.values_list("name", flat=True)) == ["Mine"]


@pytest.mark.parametrize(("name", "code"), SAMPLE)
def test_decks_through_the_api(alice, name, code):
    from decks.models import Deck

    body = {"name": name, "characters": [], "cards": {}}
    error = only_error(api(alice).post("/api/decks/", body, format="json"))
    assert (error["code"], error["field"]) == (code, "name")
    assert not Deck.objects.exists()


@pytest.mark.parametrize(("name", "code"), SAMPLE)
def test_a_simulation_entrant_label(alice, name, code):
    from simulator.models import SimulationJob

    body = {
        "game": "ecarte",
        "entrants": [{"policy": "heuristic", "label": name}, {"policy": "random"}],
        "games": 10,
    }
    error = only_error(api(alice).post("/api/simulations/", body, format="json"))
    assert (error["code"], error["field"]) == (code, "entrants.0.label")
    assert not SimulationJob.objects.exists()


def test_the_deck_page_form_says_the_same(alice):
    from decks.web.forms import name_problem

    assert name_problem("gpj\u202eexe") == name_problem_message("gpj\u202eexe")
    assert name_problem("\u200b") == "A deck name needs at least one visible character."
    assert name_problem("Lames") is None


def name_problem_message(name):
    with pytest.raises(DomainError) as info:
        name_clean(name, what="deck name", max_length=100)
    return info.value.message


def test_deck_import_command(alice, tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text("Characters:\n\nCards:\n")
    with pytest.raises(CommandError, match="text-direction control"):
        call_command(
            "deck_import", str(path), "--owner", "alice", "--name", "gpj\u202eexe", stdout=io.StringIO()
        )
