"""Input and output shapes of the decks API (thin: the rules live in services and the validator).

Inputs are strict: a count must be a JSON integer (not ``"3"``, ``3.0`` or ``true``), a slug a JSON
string, and unknown keys are refused — a malformed body is a 400 with one error per field.
"""

from __future__ import annotations

from typing import Any

from django_stubs_ext import StrOrPromise
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ErrorDetail

from decks.limits import (
    MAX_BULK_DECKS,
    MAX_CARD_ENTRIES,
    MAX_CHARACTER_ENTRIES,
    MAX_COPIES,
    MAX_NAME_LENGTH,
    MAX_SLUG_LENGTH,
    MAX_TEXT_LENGTH,
)
from decks.models import Deck, DeckVersion
from decks.rules import VIOLATION_CODES, ViolationCode
from eredan.api.fields import NoUnknownKeysMixin, StrictBooleanField, StrictCharField, StrictIntegerField


def _slug_field() -> StrictCharField:
    return StrictCharField(max_length=MAX_SLUG_LENGTH, allow_blank=False, trim_whitespace=False)


@extend_schema_field(
    {
        "type": "object",
        "additionalProperties": {"type": "integer", "minimum": 1, "maximum": MAX_COPIES},
        "maxProperties": MAX_CARD_ENTRIES,
        "example": {"katana": 3, "eclairs-3": 1},
    }
)
class CardCountsField(serializers.Field[dict[str, int], Any, dict[str, int], Any]):
    """``{"<card slug>": <count>, …}``: at most MAX_CARD_ENTRIES entries, counts 1..MAX_COPIES."""

    default_error_messages = {
        "not_a_dict": "Expected an object of card slug: count pairs.",
        "too_many": f"At most {MAX_CARD_ENTRIES} different cards.",
        "bad_slug": f"A card slug is a non-empty string of at most {MAX_SLUG_LENGTH} characters.",
        "bad_count": f"A count is a whole number from 1 to {MAX_COPIES}.",
    }

    def to_internal_value(self, data: Any) -> dict[str, int]:
        if not isinstance(data, dict):
            self.fail("not_a_dict")
        if len(data) > MAX_CARD_ENTRIES:
            self.fail("too_many")
        errors: dict[str, list[StrOrPromise]] = {}
        for slug, count in data.items():
            if not slug or len(slug) > MAX_SLUG_LENGTH:
                errors[slug or "''"] = [self.error_messages["bad_slug"]]
            elif type(count) is not int or not 1 <= count <= MAX_COPIES:
                errors[slug] = [self.error_messages["bad_count"]]
        if errors:
            raise serializers.ValidationError(errors)
        return data

    def to_representation(self, value: Any) -> dict[str, int]:
        return dict(value)


# --- validation ---------------------------------------------------------------------------------


def _fail(errors: dict[str, Any], key: str, message: str, code: str = "invalid") -> None:
    errors[key] = [ErrorDetail(message, code=code)]


def _parse_characters(value: Any, errors: dict[str, Any]) -> list[str] | None:
    if not isinstance(value, list):
        _fail(errors, "characters", "Expected a list of character slugs.", "not_a_list")
        return None
    if len(value) > MAX_CHARACTER_ENTRIES:
        _fail(errors, "characters", f"At most {MAX_CHARACTER_ENTRIES} characters.", "max_length")
        return None
    bad = {
        str(i): [ErrorDetail(f"A slug: a string of 1 to {MAX_SLUG_LENGTH} characters.", code="invalid")]
        for i, slug in enumerate(value)
        if type(slug) is not str or not 0 < len(slug) <= MAX_SLUG_LENGTH
    }
    if bad:
        errors["characters"] = bad
        return None
    return value


class DeckInputSerializer(serializers.Serializer[Any]):
    """A deck to validate: ``characters`` and ``cards``, or ``text`` (the deck text format).

    The fields below document the shape (OpenAPI); :meth:`to_internal_value` checks it by hand,
    with the same rules and error paths, because this is the hot path of the validation
    endpoints (DRF's generic field machinery costs ten times the validation itself).
    """

    characters = serializers.ListField(
        child=_slug_field(),
        max_length=MAX_CHARACTER_ENTRIES,
        required=False,
        help_text="Character slugs (a deck needs 3).",
    )
    cards = CardCountsField(required=False, help_text="Card slug → number of copies.")
    text = StrictCharField(
        max_length=MAX_TEXT_LENGTH,
        required=False,
        trim_whitespace=False,
        help_text="The deck in the text format (instead of characters and cards); see docs/decks.md.",
    )

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            raise serializers.ValidationError(
                {"non_field_errors": [ErrorDetail("Expected a JSON object.", code="invalid")]}
            )
        errors: dict[str, Any] = {}
        out: dict[str, Any] = {}
        for key in data:
            if key not in self.fields:
                _fail(errors, key, "Unknown field.", "unknown_field")
        if "characters" in data:
            characters = _parse_characters(data["characters"], errors)
            if characters is not None:
                out["characters"] = characters
        if "cards" in data:
            try:
                out["cards"] = self.fields["cards"].to_internal_value(data["cards"])
            except serializers.ValidationError as exc:
                errors["cards"] = exc.detail
        if "text" in data:
            text = data["text"]
            if type(text) is not str:
                _fail(errors, "text", "Expected a string.")
            elif len(text) > MAX_TEXT_LENGTH:
                _fail(errors, "text", f"At most {MAX_TEXT_LENGTH} characters.", "max_length")
            else:
                out["text"] = text
        if "collection" in self.fields and "collection" in data:
            collection = data["collection"]
            if type(collection) is not int or collection < 1:
                _fail(errors, "collection", "A collection id: a whole number from 1.")
            else:
                out["collection"] = collection
        if errors:
            raise serializers.ValidationError(errors)
        return out

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        has_text = "text" in attrs
        has_lists = "characters" in attrs or "cards" in attrs
        if has_text and has_lists:
            raise serializers.ValidationError("Give either text, or characters and cards, not both.")
        if not has_text and not ("characters" in attrs and "cards" in attrs):
            raise serializers.ValidationError("Give characters and cards, or text.")
        return attrs


class ValidateInputSerializer(DeckInputSerializer):
    collection = StrictIntegerField(
        required=False,
        min_value=1,
        help_text="Check ownership against this collection of yours (not_owned violations).",
    )


class BulkValidateInputSerializer(NoUnknownKeysMixin, serializers.Serializer[Any]):
    # DRF passes max_length to the ListSerializer that many=True builds; the stubs do not know it.
    decks = DeckInputSerializer(many=True, max_length=MAX_BULK_DECKS, allow_empty=False)  # type: ignore[call-arg]
    collection = StrictIntegerField(required=False, min_value=1)


class ViolationSerializer(serializers.Serializer[Any]):
    code = serializers.ChoiceField(
        choices=[(c.value, c.value) for c in ViolationCode],
        help_text="Stable violation code: " + ", ".join(VIOLATION_CODES) + ". See docs/decks.md.",
    )
    message = serializers.CharField()
    characters = serializers.ListField(child=serializers.CharField(), help_text="Character slugs concerned.")
    cards = serializers.ListField(child=serializers.CharField(), help_text="Card slugs concerned.")
    missing = serializers.DictField(
        child=serializers.IntegerField(),
        required=False,
        help_text="not_owned only: slug → copies missing from the collection.",
    )


class ValidationResultSerializer(serializers.Serializer[Any]):
    valid = serializers.BooleanField()
    affiliation = serializers.CharField(
        allow_null=True, help_text="The deck's guild slug (non_affilies: Mercenary), or null."
    )
    # A declared field (DRF's metaclass moves it into _declared_fields): Serializer.errors stays.
    errors = ViolationSerializer(  # type: ignore[assignment]
        many=True, help_text="Every rule the deck breaks (empty when valid)."
    )


class BulkValidationResultSerializer(serializers.Serializer[Any]):
    results = ValidationResultSerializer(many=True, help_text="One result per deck, in order.")


# --- saved decks ----------------------------------------------------------------------------------


class DeckWriteSerializer(NoUnknownKeysMixin, serializers.Serializer[Any]):
    """Create (``name`` + ``characters`` + ``cards``, or ``text``) or update (any subset)."""

    name = StrictCharField(max_length=MAX_NAME_LENGTH, required=False)
    characters = serializers.ListField(child=_slug_field(), max_length=MAX_CHARACTER_ENTRIES, required=False)
    cards = CardCountsField(required=False)
    text = StrictCharField(max_length=MAX_TEXT_LENGTH, required=False, trim_whitespace=False)
    is_public = StrictBooleanField(required=False)

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "text" in attrs and ("characters" in attrs or "cards" in attrs):
            raise serializers.ValidationError("Give either text, or characters and cards, not both.")
        return attrs


class DeckOutputSerializer(serializers.ModelSerializer[Deck]):
    owner = serializers.SerializerMethodField()
    characters = serializers.SerializerMethodField()
    cards = serializers.SerializerMethodField()
    size = serializers.SerializerMethodField()
    validation = serializers.SerializerMethodField()

    class Meta:
        model = Deck
        fields = [
            "id",
            "slug",
            "name",
            "owner",
            "is_public",
            "characters",
            "cards",
            "size",
            "validation",
            "created_at",
            "updated_at",
        ]

    def get_owner(self, deck: Deck) -> str | None:
        return deck.owner.get_username() if deck.owner is not None else None

    def get_characters(self, deck: Deck) -> list[str]:
        return [dc.character.slug for dc in sorted(deck.deck_characters.all(), key=lambda dc: dc.position)]

    @extend_schema_field(CardCountsField())
    def get_cards(self, deck: Deck) -> dict[str, int]:
        return {dc.card.slug: dc.count for dc in sorted(deck.deck_cards.all(), key=lambda dc: dc.card.slug)}

    def get_size(self, deck: Deck) -> int:
        return sum(dc.count for dc in deck.deck_cards.all())

    @extend_schema_field(ValidationResultSerializer())
    def get_validation(self, deck: Deck) -> Any:
        return deck.validation


# --- versions (docs/lab.md "Deck versions") -----------------------------------------------------


class CardChangeSerializer(serializers.Serializer[Any]):
    card = serializers.CharField()
    before = serializers.IntegerField(help_text="Copies before (0: not in the deck).")
    after = serializers.IntegerField(help_text="Copies after (0: taken out).")
    delta = serializers.IntegerField()


class CharacterChangeSerializer(serializers.Serializer[Any]):
    position = serializers.IntegerField(help_text="0, 1 or 2: the character's place in the deck.")
    before = serializers.CharField(allow_null=True)
    after = serializers.CharField(allow_null=True)


class NameChangeSerializer(serializers.Serializer[Any]):
    before = serializers.CharField()
    after = serializers.CharField()


class SizeChangeSerializer(serializers.Serializer[Any]):
    before = serializers.IntegerField()
    after = serializers.IntegerField()


class DeckDiffSerializer(serializers.Serializer[Any]):
    """What changed between two versions (``decks.history.DeckDiff.to_json``)."""

    name = NameChangeSerializer(allow_null=True, help_text="Set when the deck was renamed.")
    characters = CharacterChangeSerializer(many=True)
    cards = CardChangeSerializer(many=True, help_text="Every card whose count changed, by slug.")
    size = SizeChangeSerializer()
    added = serializers.IntegerField(help_text="Copies added.")
    removed = serializers.IntegerField(help_text="Copies taken out.")
    summary = serializers.CharField(help_text="The changes in one line, cards and characters by name.")


class DeckVersionSerializer(serializers.Serializer[Any]):
    """One version of a deck: its content, who saved it, when, how, and what changed since the
    version before."""

    number = serializers.IntegerField()
    name = serializers.CharField()
    characters = serializers.ListField(child=serializers.CharField())
    cards = CardCountsField()
    size = serializers.IntegerField()
    author = serializers.CharField(allow_null=True, help_text="Who saved it (null: the project).")
    # A declared field (DRF's metaclass moves it into _declared_fields): Field.source stays.
    source = serializers.ChoiceField(  # type: ignore[assignment]
        choices=DeckVersion.Source.choices,
        help_text="How it was saved: created, edited, restored, the bundled demo decks, the "
        "optimizer, or an existing deck when versions began.",
    )
    restored_from = serializers.IntegerField(allow_null=True, help_text="A restore: the version restored.")
    created_at = serializers.DateTimeField()
    current = serializers.BooleanField(help_text="The deck's content now.")
    changes = DeckDiffSerializer(help_text="Since the version before (the first: everything is new).")
    url = serializers.CharField()


class DeckVersionDetailSerializer(DeckVersionSerializer):
    validation = ValidationResultSerializer(help_text="The version checked against today's card database.")
    links = serializers.DictField(child=serializers.CharField())


class DeckVersionDiffSerializer(serializers.Serializer[Any]):
    deck = serializers.IntegerField()
    before = DeckVersionSerializer()
    after = DeckVersionSerializer()
    diff = DeckDiffSerializer()


# --- a deck and a collection: can I build it, add its cards ---------------------------------------


class DeckRefInput(serializers.Serializer[Any]):
    """A deck: ``deck`` (the id of a saved deck you can read), or ``characters`` and ``cards``, or
    ``text`` (the deck text format, see docs/decks.md)."""

    deck = StrictIntegerField(required=False, min_value=1, help_text="A saved deck's id.")
    characters = serializers.ListField(child=StrictCharField(max_length=100), required=False, max_length=10)
    cards = serializers.DictField(child=StrictIntegerField(), required=False)
    text = StrictCharField(required=False, trim_whitespace=False, max_length=20_000)


class DeckImportInput(DeckRefInput):
    only_missing = StrictBooleanField(
        default=False, help_text="Add only the copies the collection lacks to build the deck."
    )


class DeckOptionsInput(serializers.Serializer[Any]):
    deck = StrictIntegerField(required=False, min_value=1)
    only_missing = StrictBooleanField(default=False)


class BuildCheckOutput(serializers.Serializer[Any]):
    can_build = serializers.BooleanField()
    missing = serializers.DictField(child=serializers.IntegerField(), help_text="Slug → copies missing.")
    missing_total = serializers.IntegerField()
    validation = serializers.DictField(help_text="The deck's validation result, ownership included.")


class DeckImportOutput(serializers.Serializer[Any]):
    added = serializers.IntegerField()
    copies = serializers.DictField(child=serializers.IntegerField(), help_text="Slug → copies added.")
