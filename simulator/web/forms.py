"""The "new simulation" form: it only parses what the browser sent (whole numbers, lists); every
rule (decks yours or demo, valid decks, policies, bounds of games and seed) is the service's
(:func:`simulator.services.requests.simulation_prepare`), whose problems come back beside the fields here.

One shape for every kind of job: a **first** entrant and its **opponents**. A matchup is the first
against one opponent, a gauntlet the first against each opponent, a round robin the first and the
opponents all against each other. Eredan entrants are decks (the first with its own AI policy,
the opponents with theirs); the classic games' entrants are AI policies.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.forms import BoundField

from eredan.errors import DomainError
from simulator.engine.batch import GAUNTLET, MATCHUP, ROUND_ROBIN
from simulator.engine.registry import GameSpec
from simulator.error_codes import SimulationErrorCode as Code
from simulator.limits import DEFAULT_RECORD_GAMES, MAX_RECORD_GAMES
from simulator.models import SimulationJob
from simulator.services.requests import EntrantInput

KIND_CHOICES = [
    (MATCHUP, "Matchup"),
    (GAUNTLET, "Gauntlet"),
    (ROUND_ROBIN, "Round robin"),
]
#: What each kind does with the first entrant and the opponents (shown beside the choice).
KIND_HINTS = {
    MATCHUP: "the first against one opponent",
    GAUNTLET: "the first against each opponent",
    ROUND_ROBIN: "the first and the opponents, every pair once",
}
#: A guard on the request's shape (the service's own bound, 16 entrants, is reported as usual).
MAX_VALUES = 100
#: The default number of games per pairing: about two seconds of greedy Eredan per pairing.
DEFAULT_GAMES = 1000
#: The form field of each game option (``GameSpec.options``): ``option_<name>``.
OPTION_PREFIX = "option_"


class ValuesField(forms.Field):
    """Every value of a repeated form key (checkboxes), as stripped non-empty strings."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        if not value:
            return []
        if not isinstance(value, list | tuple):
            value = [value]
        values = [str(v).strip() for v in value if str(v).strip()]
        if len(values) > MAX_VALUES:
            raise forms.ValidationError(f"At most {MAX_VALUES} values.", code="invalid")
        return values

    def validate(self, value: Any) -> None:
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")


def is_number(value: str, digits: int = 18) -> bool:
    """Whether ``value`` is a whole number of ASCII digits (``str.isdigit`` also admits "²")."""
    return 0 < len(value) <= digits and value.isascii() and value.isdigit()


def _ref(value: str) -> int | str:
    """A deck reference as the service takes it: an id (digits) or a demo deck's slug."""
    return int(value) if is_number(value) else value


class SimulationForm(forms.Form):
    kind = forms.ChoiceField(choices=KIND_CHOICES, initial=MATCHUP, widget=forms.RadioSelect)
    first = forms.CharField(
        max_length=100,
        error_messages={"required": "Choose the first entrant."},
    )
    opponents = ValuesField(required=True, error_messages={"required": "Choose at least one opponent."})
    policy_a = forms.CharField(max_length=40, required=False)
    policy_b = forms.CharField(max_length=40, required=False)
    games = forms.IntegerField(
        initial=DEFAULT_GAMES,
        error_messages={"required": "Say how many games each pairing plays."},
    )
    seed = forms.IntegerField(required=False)
    award_experience = forms.BooleanField(required=False)
    record_games = forms.IntegerField(
        required=False,
        initial=DEFAULT_RECORD_GAMES,
        label="Games recorded per pairing",
        help_text=f"0 to {MAX_RECORD_GAMES}: games 0..n-1 of each pairing are kept as game records, "
        "replayable move by move.",
    )

    def __init__(self, *args: Any, spec: GameSpec, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spec = spec
        self.fields["policy_a"].initial = spec.default_policy
        self.fields["policy_b"].initial = spec.default_policy
        if not spec.uses_decks:
            self.fields["first"].error_messages["required"] = "Choose the first player's AI policy."
        # The game's options, each with its default: the same options the API takes.
        for name, (kind, default, help_text) in spec.options.items():
            label = name.replace("_", " ").capitalize()
            field: forms.Field
            if kind is bool:
                field = forms.BooleanField(required=False, initial=default, label=label, help_text=help_text)
            else:
                field = forms.IntegerField(required=False, initial=default, label=label, help_text=help_text)
            self.fields[OPTION_PREFIX + name] = field

    def option_fields(self) -> list[tuple[BoundField, bool]]:
        """The game's option fields, each with whether it is a yes/no option."""
        return [
            (self[OPTION_PREFIX + name], kind is bool) for name, (kind, _, _) in self.spec.options.items()
        ]

    def options(self) -> dict[str, Any]:
        """The options given (an empty number field takes the game's default)."""
        chosen: dict[str, Any] = {}
        for name, (kind, _, _) in self.spec.options.items():
            value = self.cleaned_data.get(OPTION_PREFIX + name)
            if kind is bool:
                chosen[name] = bool(value)
            elif value is not None:
                chosen[name] = value
        return chosen

    # --- to the service ------------------------------------------------------------------------

    def entrants(self) -> list[EntrantInput]:
        """The entrants of the job, the first one first (call once the form is valid)."""
        data = self.cleaned_data
        values = [data["first"], *data["opponents"]]
        if not self.spec.uses_decks:
            return [EntrantInput(policy=value) for value in values]
        policies = [data["policy_a"] or None] + [data["policy_b"] or None] * len(data["opponents"])
        return [
            EntrantInput(deck=_ref(value), policy=policy)
            for value, policy in zip(values, policies, strict=True)
        ]

    def job_arguments(self) -> dict[str, Any]:
        """Keyword arguments of :func:`simulator.services.jobs.job_create` (but the owner)."""
        data = self.cleaned_data
        return {
            "game": self.spec.name,
            "kind": data["kind"],
            "entrants": self.entrants(),
            "games": data["games"],
            "seed": data["seed"],
            "award_experience": bool(data["award_experience"]) and self.spec.uses_decks,
            "options": self.options(),
            "record_games": data["record_games"],
        }

    # --- from the service ----------------------------------------------------------------------

    def add_service_errors(self, error: DomainError) -> None:
        """Put each problem the service reported beside the field it concerns."""
        for problem in error.errors:
            message = problem.message or "Invalid value."
            field = self._form_field(problem.field, message)
            if problem.code == Code.ENTRANTS:
                kind = self.cleaned_data.get("kind", "")
                hint = KIND_HINTS.get(kind, "")
                message = f"{message[:1].upper()}{message[1:]} A {self._kind_name()} is {hint}."
            self.add_error(field, message)

    def _kind_name(self) -> str:
        return dict(KIND_CHOICES).get(self.cleaned_data.get("kind", ""), "job").lower()

    def _form_field(self, path: Any, message: str = "") -> str | None:
        """The form field of a service problem's ``field`` (a dotted path into the API request)."""
        if not isinstance(path, str):
            return None
        parts = path.split(".")
        if parts[0] == "options":
            if len(parts) > 1 and parts[1] in self.spec.options:
                return OPTION_PREFIX + parts[1]
            # The game refused a value: beside the option its message names (or the only one).
            named = [name for name in self.spec.options if message.startswith(name)]
            if named or len(self.spec.options) == 1:
                return OPTION_PREFIX + (named or list(self.spec.options))[0]
            return None
        if parts[0] == "entrants" and len(parts) >= 2 and is_number(parts[1]):
            first = parts[1] == "0"
            attribute = parts[2] if len(parts) > 2 else "deck"
            if attribute == "policy" and self.spec.uses_decks:
                return "policy_a" if first else "policy_b"
            return "first" if first else "opponents"
        return {
            "entrants": "opponents",
            "kind": "kind",
            "policy": "policy_a",
            "games": "games",
            "seed": "seed",
            "award_experience": "award_experience",
            "collection": "award_experience",
            "record_games": "record_games",
        }.get(parts[0])


def initial_from_job(job: SimulationJob) -> dict[str, Any]:
    """The form filled with the settings of ``job`` (same entrants, policies, games and seed: the
    same games again). A deck deleted since is left out."""
    entrants = list(job.entrants.order_by("index"))
    if not entrants:
        return {}
    uses_decks = any(e.characters for e in entrants)

    def value(entrant: Any) -> str:
        if uses_decks:
            return "" if entrant.deck_id is None else str(entrant.deck_id)
        return str(entrant.policy)

    initial: dict[str, Any] = {
        "kind": job.kind,
        "first": value(entrants[0]),
        "opponents": [v for v in (value(e) for e in entrants[1:]) if v],
        "games": job.games,
        "seed": job.seed,
        "award_experience": job.award_experience,
        "record_games": job.record_games,
        **{OPTION_PREFIX + name: value for name, value in job.options.items()},
    }
    if uses_decks:
        initial["policy_a"] = entrants[0].policy
        if len(entrants) > 1:
            initial["policy_b"] = entrants[1].policy
    return initial
