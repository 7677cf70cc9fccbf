"""The pure refusal types (eredan/errors.py): one problem, several, and gathering them."""

from __future__ import annotations

import pytest

from eredan.errors import DomainError, DomainErrors, NotFoundError, Problems


def test_a_domain_error_is_one_entry_with_its_details() -> None:
    error = DomainError("No card 'katan'.", code="unknown_card", field="cards.katan", suggestion="katana")
    assert error.status_code == 400
    assert error.errors == [error]
    assert error.as_errors() == [
        {
            "code": "unknown_card",
            "message": "No card 'katan'.",
            "field": "cards.katan",
            "suggestion": "katana",
        }
    ]


def test_not_found_is_a_404_with_its_own_code() -> None:
    error = NotFoundError("No such deck.")
    assert (error.code, error.status_code, error.field) == ("not_found", 404, None)


def test_several_errors_keep_each_problem_and_take_the_first_ones_code_and_status() -> None:
    errors = DomainErrors(
        [
            DomainError("Busy.", code="too_many_active_jobs", status_code=429),
            DomainError("Bad seed.", code="invalid_seed", field="seed"),
        ]
    )
    assert [(e.code, e.field) for e in errors.errors] == [
        ("too_many_active_jobs", None),
        ("invalid_seed", "seed"),
    ]
    assert (errors.code, errors.status_code) == ("too_many_active_jobs", 429)
    assert errors.message == "2 problems: Busy.; seed: Bad seed."


def test_nested_errors_are_flattened() -> None:
    inner = DomainErrors([DomainError("a", code="x", field="f"), DomainError("b", code="y")])
    outer = DomainErrors([inner, DomainError("c", code="z")])
    assert [e.code for e in outer.errors] == ["x", "y", "z"]


def test_problems_raise_nothing_one_error_or_all_of_them() -> None:
    problems = Problems()
    problems.raise_any()  # none: nothing raised
    assert not problems and problems.error() is None

    problems.add("games", "too_few_games", "At least 1.")
    with pytest.raises(DomainError) as one:
        problems.raise_any()
    assert not isinstance(one.value, DomainErrors)
    assert (one.value.code, one.value.field) == ("too_few_games", "games")

    problems.add("options.target", "invalid_option", "Too big.", limit=10)
    with pytest.raises(DomainErrors) as several:
        problems.raise_any()
    assert several.value.as_errors() == [
        {"code": "too_few_games", "message": "At least 1.", "field": "games"},
        {"code": "invalid_option", "message": "Too big.", "field": "options.target", "limit": 10},
    ]


def test_problems_know_which_fields_they_concern() -> None:
    problems = Problems()
    problems.add("options.target", "invalid_option", "Too big.")
    assert problems.on("options") and problems.on("options.target")
    assert not problems.on("option") and not problems.on("games")
