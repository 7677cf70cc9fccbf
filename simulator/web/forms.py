"""The "new simulation" form: it only parses what the browser sent (whole numbers, lists); every
rule (decks yours or demo, valid decks, policies, bounds of games and seed) is the service's
(:func:`simulator.services.requests.simulation_prepare`), whose problems come back beside the fields here.

One shape for every kind of job: a **first** entrant and its **opponents**. A matchup is the first
against one opponent, a gauntlet the first against each opponent, a round robin the first and the
opponents all against each other. Eredan entrants are decks (the first with its own AI policy,
the opponents with theirs); the classic games' entrants are AI policies.
"""

from __future__ import annotations

import dataclasses
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
            self.fields["first"].error_messages["required"] = "Choose the first entrant's AI policy."
        # The game's options, each with its default: the same options the API takes.
        for name, option in spec.options.items():
            label = name.replace("_", " ").capitalize()
            field: forms.Field
            if option.type is bool:
                field = forms.BooleanField(
                    required=False, initial=option.default, label=label, help_text=option.help
                )
            else:
                field = forms.IntegerField(
                    required=False, initial=option.default, label=label, help_text=option.help
                )
            self.fields[OPTION_PREFIX + name] = field

    def option_fields(self) -> list[tuple[BoundField, bool]]:
        """The game's option fields, each with whether it is a yes/no option."""
        return [
            (self[OPTION_PREFIX + name], option.type is bool) for name, option in self.spec.options.items()
        ]

    def options(self) -> dict[str, Any]:
        """The options given (an empty number field takes the game's default)."""
        chosen: dict[str, Any] = {}
        for name, option in self.spec.options.items():
            value = self.cleaned_data.get(OPTION_PREFIX + name)
            if option.type is bool:
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


# --- a compare (docs/lab.md "Compare") ------------------------------------------------------------

#: The default games per arm of a compare: a difference of a few points becomes visible.
DEFAULT_COMPARE_GAMES = 2000


class CompareForm(forms.Form):
    """A base, its variants (decks, or swap lines: ``out:SLUG=N,…;in:SLUG=N,…``) and a field (decks
    or policies, or every demo deck), games per arm, and an optional sequential stop rule."""

    first = forms.CharField(max_length=100, error_messages={"required": "Choose the base."})
    variants = ValuesField(required=False)
    swaps = forms.CharField(
        required=False,
        max_length=4000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text="One variant per line, the base with these cards taken out and put in: "
        "out:eclairs-1=2,foudre-lame-1=1;in:tornade-1=3",
    )
    field = ValuesField(required=False)
    field_demo = forms.BooleanField(required=False)
    policy_a = forms.CharField(max_length=40, required=False)
    policy_b = forms.CharField(max_length=40, required=False)
    games = forms.IntegerField(
        initial=DEFAULT_COMPARE_GAMES, error_messages={"required": "Say how many games each arm plays."}
    )
    seed = forms.IntegerField(required=False)
    stop_margin = forms.FloatField(
        required=False,
        label="Stop at a margin of (points)",
        help_text="Empty: play every game. A number: rounds of games until every difference is resolved "
        "(its interval excludes 0, or is narrower than ± this many points), at most the games above.",
    )
    first_round = forms.IntegerField(required=False, label="Games per arm of the first round")

    def __init__(self, *args: Any, spec: GameSpec, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spec = spec
        self.fields["policy_a"].initial = spec.default_policy
        self.fields["policy_b"].initial = spec.default_policy

    def clean_swaps(self) -> list[dict[str, dict[str, int]]]:
        from simulator.cli import CliError, parse_swap

        lines = [line.strip() for line in self.cleaned_data["swaps"].splitlines() if line.strip()]
        swaps = []
        for n, line in enumerate(lines, start=1):
            try:
                swaps.append(parse_swap(line))
            except CliError as exc:
                raise forms.ValidationError(
                    f"Line {n}: {str(exc).removeprefix('--swap ')}", code="invalid"
                ) from None
        return swaps

    def typed_weights(self) -> dict[str, str]:
        """The weights typed beside the field's boxes (``weight_<value>``), by value, as typed."""
        if not self.is_bound:
            return {}
        prefix = "weight_"
        return {
            key.removeprefix(prefix): str(self.data.get(key, "")).strip()
            for key in self.data
            if key.startswith(prefix)
        }

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("variants") and not data.get("swaps") and not self.has_error("swaps"):
            self.add_error("variants", "Choose a variant (a deck, or swap lines for the base).")
        if not data.get("field") and not data.get("field_demo"):
            self.add_error("field", "Choose the field the arms play against.")
        # A chosen opponent's weight: a number (the service checks its bounds), empty for 1.
        typed = self.typed_weights()
        weights: list[float | None] = []
        for value in data.get("field") or []:
            raw = typed.get(value, "")
            try:
                weights.append(float(raw) if raw else None)
            except ValueError:
                self.add_error("field", f"The weight of {value} is not a number: {raw!r}.")
                weights.append(None)
        data["field_weights"] = weights
        return data

    def job_arguments(self) -> dict[str, Any]:
        """Keyword arguments of :func:`simulator.services.jobs.job_create` (but the owner)."""
        data = self.cleaned_data
        uses_decks = self.spec.uses_decks
        arm_policy, field_policy = data["policy_a"] or None, data["policy_b"] or None

        def entrant(value: str, policy: str | None) -> EntrantInput:
            return EntrantInput(deck=_ref(value), policy=policy) if uses_decks else EntrantInput(policy=value)

        entrants = [entrant(v, arm_policy) for v in (data["first"], *data["variants"])]
        entrants += [EntrantInput(swaps=s) for s in data["swaps"]]
        field: object = (
            "demo"
            if data["field_demo"]
            else [
                dataclasses.replace(entrant(v, field_policy), weight=w)
                for v, w in zip(data["field"], data["field_weights"], strict=True)
            ]
        )
        stop = None
        if data["stop_margin"] is not None:
            stop = {"margin": data["stop_margin"] / 100}
            if data["first_round"] is not None:
                stop["first_round"] = data["first_round"]
        return {
            "game": self.spec.name,
            "kind": "compare",
            "entrants": entrants,
            "field": field,
            "games": data["games"],
            "seed": data["seed"],
            "stop": stop,
        }

    def add_service_errors(self, error: DomainError) -> None:
        """Put each problem the service reported beside the field it concerns."""
        decks = 1 + len(self.cleaned_data.get("variants") or [])
        for problem in error.errors:
            parts = (problem.field or "").split(".")
            name: str | None = {
                "games": "games",
                "seed": "seed",
                "field": "field",
                "policy": "policy_a",
                "entrants": "variants",
            }.get(parts[0])
            if parts[0] == "entrants" and len(parts) > 1 and is_number(parts[1]):
                index = int(parts[1])
                name = "first" if index == 0 else ("variants" if index < decks else "swaps")
                if len(parts) > 2 and parts[2] == "policy" and self.spec.uses_decks:
                    name = "policy_a"
            elif parts[0] == "field" and len(parts) > 2 and parts[2] == "policy" and self.spec.uses_decks:
                name = "policy_b"
            elif parts[0] == "stop":
                name = "first_round" if parts[-1] == "first_round" else "stop_margin"
            message = problem.message or "Invalid value."
            if name == "stop_margin" and parts[-1] == "margin":
                message = "A margin above 0, at most 50 points."
            self.add_error(name, message)


# --- an optimize (docs/lab.md "Optimizer") ----------------------------------------------------------

#: The default budget: four steps of the default search and its confirmation (about 40,000 games,
#: some ten minutes of greedy Eredan on one core).
DEFAULT_OPTIMIZE_BUDGET = 40_000


class OptimizeForm(forms.Form):
    """A starting deck, a field (decks, or every demo deck), a budget of games, a seed, and the
    constraints: a collection of yours, kept cards and characters, whether characters may change."""

    first = forms.CharField(max_length=100, error_messages={"required": "Choose the deck to improve."})
    field = ValuesField(required=False)
    field_demo = forms.BooleanField(required=False)
    policy = forms.CharField(max_length=40, required=False)
    budget = forms.IntegerField(
        initial=DEFAULT_OPTIMIZE_BUDGET,
        error_messages={"required": "Say how many games the search may play."},
    )
    seed = forms.IntegerField(required=False)
    collection = forms.IntegerField(required=False)
    keep = forms.CharField(
        required=False,
        max_length=2000,
        help_text="Card or character slugs of the deck, separated by spaces or commas: no move takes "
        "them out.",
    )
    characters_may_change = forms.BooleanField(required=False)

    def __init__(self, *args: Any, spec: GameSpec, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.spec = spec
        self.fields["policy"].initial = spec.default_policy

    def clean_keep(self) -> list[str]:
        return [s for s in self.cleaned_data["keep"].replace(",", " ").split() if s]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("field") and not data.get("field_demo"):
            self.add_error("field", "Choose the field the deck should beat.")
        return data

    def job_arguments(self) -> dict[str, Any]:
        """Keyword arguments of :func:`simulator.services.jobs.job_create` (but the owner)."""
        data = self.cleaned_data
        policy = data["policy"] or None
        field: object = "demo"
        if not data["field_demo"]:
            field = [EntrantInput(deck=_ref(v), policy=policy) for v in data["field"]]
        return {
            "game": self.spec.name,
            "kind": "optimize",
            "entrants": [EntrantInput(deck=_ref(data["first"]), policy=policy)],
            "field": field,
            "games": data["budget"],
            "seed": data["seed"],
            "collection_id": data["collection"],
            "keep": data["keep"] or None,
            "characters_may_change": data["characters_may_change"],
        }

    def add_service_errors(self, error: DomainError) -> None:
        """Put each problem the service reported beside the field it concerns."""
        names = {
            "entrants": "first",
            "field": "field",
            "games": "budget",
            "seed": "seed",
            "collection": "collection",
            "keep": "keep",
            "characters_may_change": "characters_may_change",
            "policy": "policy",
        }
        for problem in error.errors:
            parts = (problem.field or "").split(".")
            name = names.get(parts[0])
            if parts[0] in ("entrants", "field") and parts[-1] == "policy":
                name = "policy"
            self.add_error(name, problem.message or "Invalid value.")
