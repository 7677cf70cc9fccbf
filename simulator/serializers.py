"""Input and output shapes of the simulation API (thin: every rule is checked in services).

Inputs are strict (a number must be a JSON integer, unknown keys are refused); what the values
mean — game, kind, counts, decks, policies, bounds — is checked by
:func:`simulator.services.requests.simulation_prepare`, which reports every problem at once.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.reverse import reverse

from decks.limits import MAX_CHARACTER_ENTRIES, MAX_SLUG_LENGTH
from decks.serializers import CardCountsField
from eredan.api.fields import NoUnknownKeysMixin, StrictBooleanField, StrictCharField, StrictIntegerField
from simulator import selectors
from simulator.engine.registry import available_games
from simulator.limits import MAX_LABEL_INPUT_LENGTH
from simulator.models import GameRecord, SimulationEntrant, SimulationJob
from simulator.services.requests import DeckComposition, EntrantInput

#: A guard on the request's shape; the real bound (MAX_ENTRANTS) is checked by the service.
MAX_ENTRANTS_IN_REQUEST = 100


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string"}], "example": "zil-golems"})
class DeckRefField(serializers.Field[int | str, Any, Any, Any]):
    """A deck: its id (a JSON integer) or a public demo deck's slug (a string)."""

    default_error_messages = {"invalid": "A deck is a deck id (integer) or a demo deck slug (string)."}

    def to_internal_value(self, data: Any) -> int | str:
        if (
            isinstance(data, bool)
            or not isinstance(data, int | str)
            or (isinstance(data, str) and not data.strip())
        ):
            self.fail("invalid")
        if isinstance(data, str) and len(data) > 100:
            self.fail("invalid")
        return data

    def to_representation(self, value: Any) -> Any:
        return value


class EntrantInputSerializer(NoUnknownKeysMixin, serializers.Serializer[Any]):
    deck = DeckRefField(required=False, help_text="Eredan: your deck's id or a public demo deck's slug.")
    characters = serializers.ListField(
        child=StrictCharField(max_length=MAX_SLUG_LENGTH),
        max_length=MAX_CHARACTER_ENTRIES,
        required=False,
        help_text="Eredan, instead of a saved deck: the deck's character slugs (with cards).",
    )
    cards = CardCountsField(required=False, help_text="Eredan, with characters: card slug → copies.")
    version = StrictIntegerField(
        required=False,
        min_value=1,
        help_text="With deck: one of its saved versions (its number), played as it was saved — a compare "
        "of two versions measures a change (docs/lab.md).",
    )
    policy = StrictCharField(required=False, max_length=40, help_text="AI policy (default: the job's).")
    # A declared field (DRF's metaclass moves it into _declared_fields): Field.label stays.
    label = StrictCharField(  # type: ignore[assignment]
        required=False,
        max_length=MAX_LABEL_INPUT_LENGTH,
        help_text="Name in the results (default: the deck's).",
    )
    # Checked by the service (every problem at once, with its path): any JSON here.
    swaps = serializers.JSONField(
        required=False,
        help_text='A compare\'s variant made from the base: {"out": {slug: n}, "in": {slug: n}}.',
    )
    weight = serializers.JSONField(
        required=False,
        help_text="A compare's opponent: its weight in the field; a round robin's entrant: its share of "
        "the field the metagame scores against. A number above 0 (default 1).",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "version" in attrs and "deck" not in attrs:
            raise serializers.ValidationError("A version is one of a deck's: give the deck too.")
        composed = "characters" in attrs or "cards" in attrs
        if composed and "deck" in attrs:
            raise serializers.ValidationError("Give a deck, or characters and cards, not both.")
        if composed and not ("characters" in attrs and "cards" in attrs):
            raise serializers.ValidationError("A deck given by its contents has characters and cards.")
        return attrs


def entrant_input(data: dict[str, Any]) -> EntrantInput:
    """An entrant as the services take it (characters and cards: a composition)."""
    data = dict(data)
    characters, cards = data.pop("characters", None), data.pop("cards", None)
    if characters is not None and cards is not None:
        data["composition"] = DeckComposition(
            name=data.get("label") or "Deck", characters=tuple(characters), cards=dict(cards)
        )
    return EntrantInput(**data)


@extend_schema_field(
    {
        "oneOf": [
            {"type": "string", "enum": ["demo"]},
            {"type": "array", "items": {"$ref": "#/components/schemas/EntrantInput"}},
        ]
    }
)
class CompareFieldField(serializers.Field[Any, Any, Any, Any]):
    """A compare's field: ``"demo"`` (every public demo deck) or a list of opponents."""

    default_error_messages = {"invalid": 'The field is "demo" or a list of opponents (decks or policies).'}

    def to_internal_value(self, data: Any) -> Any:
        if data == "demo":
            return data
        if not isinstance(data, list) or len(data) > MAX_ENTRANTS_IN_REQUEST:
            self.fail("invalid")
        items = EntrantInputSerializer(data=data, many=True)
        if not items.is_valid():
            raise serializers.ValidationError(items.errors)
        return [entrant_input(item) for item in items.validated_data]

    def to_representation(self, value: Any) -> Any:
        return value


class JobCreateSerializer(NoUnknownKeysMixin, serializers.Serializer[Any]):
    game = StrictCharField(max_length=40, help_text=f"One of {', '.join(available_games())}.")
    kind = StrictCharField(
        required=False,
        default="matchup",
        help_text="matchup, gauntlet, round_robin, compare or optimize (docs/lab.md).",
    )
    entrants = serializers.ListField(
        child=EntrantInputSerializer(),
        max_length=MAX_ENTRANTS_IN_REQUEST,
        help_text="matchup: 2; gauntlet: the challenger then its opponents; round robin: 2 to 16; "
        "compare: the base then 1 to 8 variants (decks, or swaps of the base); optimize: the starting "
        "deck.",
    )
    field = CompareFieldField(
        required=False, help_text='A compare\'s opponents (with weights), or "demo": every public demo deck.'
    )
    stop = serializers.JSONField(
        required=False,
        help_text='A sequential compare: {"margin": m, "first_round": games per arm} (docs/lab.md).',
    )
    games = StrictIntegerField(
        help_text="Games per pairing (a compare: per arm, even; an optimize: the budget, every game "
        "played), 1 to 1,000,000 (a whole job at most 1,000,000)."
    )
    seed = StrictIntegerField(
        required=False, allow_null=True, help_text="0 to 2**63-1; default: a random one."
    )
    chunk_size = StrictIntegerField(
        required=False, allow_null=True, help_text="Games per chunk; default: about 2 s."
    )
    policy = StrictCharField(required=False, max_length=40, help_text="Default policy of the entrants.")
    options = serializers.DictField(required=False, help_text="The game's options (e.g. eredan turn_cap).")
    award_experience = StrictBooleanField(required=False, default=False)
    collection = StrictIntegerField(
        required=False,
        allow_null=True,
        help_text="The collection earning the XP; an optimize: the collection whose copies bound every deck.",
    )
    # An optimize's (docs/lab.md "Optimizer"); checked by the service, every problem at once.
    keep = serializers.JSONField(
        required=False,
        help_text="An optimize: card or character slugs of the starting deck every candidate keeps.",
    )
    characters_may_change = serializers.JSONField(
        required=False, help_text="An optimize: whether the search may swap characters (default false)."
    )
    settings = serializers.JSONField(
        required=False,
        help_text="An optimize: the algorithm's parameters (candidates, first_round_games, halving, "
        "verify_games, confirm_share, min_confirm_games, patience, accept_margin, proposal_sharpness, "
        "kind_weights).",
    )
    record_games = StrictIntegerField(
        required=False,
        allow_null=True,
        help_text="Games 0..n-1 of each pairing are recorded (0 to 20; default 2): /records/.",
    )


class EntrantOutputSerializer(serializers.ModelSerializer[SimulationEntrant]):
    deck = serializers.SerializerMethodField()

    class Meta:
        model = SimulationEntrant
        fields = ("index", "label", "policy", "deck", "earns_experience", "role", "weight", "swaps")

    def get_deck(self, obj: SimulationEntrant) -> dict[str, Any] | None:
        if not obj.characters:
            return None
        return {
            "id": obj.deck_id,
            "name": obj.deck_name,
            "slug": obj.deck_slug or None,
            "characters": obj.characters,
            "cards": obj.cards,
            "version": obj.deck_version,
        }


class ProgressSerializer(serializers.Serializer[Any]):
    games_done = serializers.IntegerField()
    total_games = serializers.IntegerField()
    chunks_done = serializers.IntegerField()
    total_chunks = serializers.IntegerField()
    fraction = serializers.FloatField()
    elapsed_seconds = serializers.FloatField(allow_null=True)
    games_per_second = serializers.FloatField(allow_null=True)
    eta_seconds = serializers.FloatField(allow_null=True)


class JobOutputSerializer(serializers.ModelSerializer[SimulationJob]):
    url = serializers.SerializerMethodField()
    progress = serializers.SerializerMethodField()
    status_hint = serializers.SerializerMethodField(
        help_text="What the status alone does not say, or null: `no_worker` when the job is still "
        "pending a while after it was submitted (SIMULATION_NO_WORKER_AFTER seconds): no worker has "
        "picked it up."
    )
    search = serializers.SerializerMethodField()
    error = serializers.SerializerMethodField()
    links = serializers.SerializerMethodField()

    class Meta:
        model = SimulationJob
        fields: tuple[str, ...] = (
            "id", "url", "game", "kind", "status", "status_hint", "options", "games", "seed", "chunk_size",
            "award_experience", "collection", "record_games", "stop", "stop_reason", "progress", "search",
            "error", "created_at", "started_at", "finished_at", "links",
        )  # fmt: skip

    def _url(self, name: str, obj: SimulationJob) -> str:
        return str(reverse(name, kwargs={"pk": obj.pk}, request=self.context.get("request")))

    def get_url(self, obj: SimulationJob) -> str:
        return self._url("simulation-detail", obj)

    @extend_schema_field(ProgressSerializer)
    def get_progress(self, obj: SimulationJob) -> dict[str, Any]:
        return selectors.job_progress(job=obj).to_json()

    @extend_schema_field(
        {
            "type": "object",
            "nullable": True,
            "description": "An optimize: where the search stands — phase, step, the current best deck and "
            "its estimated gain (biased upward; the confirmation is the one to trust), the last step.",
        }
    )
    def get_search(self, obj: SimulationJob) -> dict[str, Any] | None:
        return selectors.optimize_progress(job=obj)

    @extend_schema_field(
        {
            "type": "object",
            "nullable": True,
            "properties": {
                "code": {"type": "string", "enum": [selectors.NO_WORKER]},
                "message": {"type": "string"},
            },
            "required": ["code", "message"],
        }
    )
    def get_status_hint(self, obj: SimulationJob) -> dict[str, str] | None:
        hint = selectors.job_status_hint(job=obj)
        return None if hint is None else hint.to_json()

    @extend_schema_field({"type": "object", "nullable": True, "properties": {"code": {}, "message": {}}})
    def get_error(self, obj: SimulationJob) -> dict[str, str] | None:
        if not obj.error:
            return None
        return {"code": obj.error_code or "job_failed", "message": obj.error}

    @extend_schema_field({"type": "object", "additionalProperties": {"type": "string"}})
    def get_links(self, obj: SimulationJob) -> dict[str, str]:
        if obj.kind in (SimulationJob.Kind.OPTIMIZE, SimulationJob.Kind.ACQUIRE):  # no tables
            return {
                "cancel": self._url("simulation-cancel", obj),
                "results": self._url("simulation-results", obj),
            }
        links = {
            "cancel": self._url("simulation-cancel", obj),
            "results": self._url("simulation-results", obj),
            "results_csv": self._url("simulation-results-csv", obj),
            "heatmap_png": self._url("simulation-heatmap-png", obj),
            "heatmap_svg": self._url("simulation-heatmap-svg", obj),
            "records": self._url("simulation-records", obj),
        }
        if obj.kind == SimulationJob.Kind.COMPARE:
            links["forest_png"] = self._url("simulation-forest-png", obj)
            links["forest_svg"] = self._url("simulation-forest-svg", obj)
        return links


class JobDetailSerializer(JobOutputSerializer):
    entrants = EntrantOutputSerializer(many=True, read_only=True)
    results = serializers.SerializerMethodField()
    catalog = serializers.CharField(
        source="catalog_version",
        read_only=True,
        help_text="The card catalog the job plays (games with decks): the digest of its catalog snapshot, "
        'which its game records name too (docs/simulation.md "The card catalog of a job"); empty for '
        "games without decks.",
    )

    class Meta(JobOutputSerializer.Meta):
        fields = (*JobOutputSerializer.Meta.fields, "entrants", "results", "catalog")

    @extend_schema_field({"type": "object", "nullable": True})
    def get_results(self, obj: SimulationJob) -> dict[str, Any] | None:
        if not self.context.get("with_results", True):
            return None
        return selectors.job_results(job=obj)


class RecordedGameSerializer(serializers.ModelSerializer[GameRecord]):
    """One recorded game of a job, without its record (follow ``url``)."""

    pairing = serializers.IntegerField(source="pairing.index")
    url = serializers.SerializerMethodField()

    class Meta:
        model = GameRecord
        fields = ("pairing", "index", "seats", "winner", "url")

    def get_url(self, obj: GameRecord) -> str:
        kwargs = {"pk": obj.job_id, "pairing": obj.pairing.index, "index": obj.index}
        return str(reverse("simulation-record", kwargs=kwargs, request=self.context.get("request")))


class RecordVerdictSerializer(serializers.Serializer[Any]):
    """What ``POST /api/records/verify/`` answers for a well-formed record."""

    valid = serializers.BooleanField()
    game = serializers.CharField()
    error = serializers.DictField(allow_null=True, help_text="code, message, deal, action, rule, path")
    result = serializers.DictField(allow_null=True, help_text='{"winner": 0 | 1 | null, "scores": [a, b]}')
    deals = serializers.IntegerField(allow_null=True)
    actions = serializers.IntegerField(allow_null=True)
    transcript = serializers.ListField(child=serializers.CharField(), allow_null=True)
