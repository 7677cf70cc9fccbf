"""The card database: reference tables, evolution families, characters and cards.

Structured data (a card's effects, a character's Ordres and abilities, the chain a card grants) is
stored as JSON and validated with the pure parsers of :mod:`cards.domain` on ``clean()`` **and** on
``save()``: invalid data is refused with the path of the bad value (``effects[1].amount``) and is
never stored. It is stored in its canonical form (``effects_to_json(parse_effects(...))``).

Every write to these tables bumps :class:`CatalogVersion` in the same transaction (see
``cards/signals.py``), so the per-process catalog cache (``cards/specs.py``) knows when to rebuild.
"""

from __future__ import annotations

import unicodedata
import uuid
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar

from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q

from cards.domain.specs import (
    SpecError,
    parse_abilities,
    parse_card_effects,
    parse_chain,
    parse_orders,
    parse_play_rules,
)

#: Highest evolution level. docs/rules/eredan.md §1 Experience — the XP table has ten levels (evolutions 0–9).
MAX_LEVEL = 10
#: Bound on any stat, so hand-edited absurd numbers are refused by the database itself.
MAX_STAT = 999
#: A character has one or two classes (docs/rules/eredan.md §1).
MIN_CLASSES, MAX_CLASSES = 1, 2
#: ``stats_source`` of numbers that no source gives (docs/rules/eredan.md §4 — the data must say so).
STATS_ESTIMATED = "estimated"
#: Bound on the XP an "+N XP" card gives (the XP table's last threshold is 200,000).
MAX_XP_VALUE = 1_000_000
#: Error code of invalid effects, Ordres, abilities or chain (not "invalid": a form would replace the
#: message with its own "Enter a valid JSON").
STRUCTURED_ERROR_CODE = "invalid_effects"
SLUG_MAX = 100
NAME_MAX = 200


def search_key(text: str) -> str:
    """Text folded for accent- and case-insensitive search: ``"Éclairs"`` -> ``"eclairs"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


# --- reference tables ---------------------------------------------------------------------------


class ReferenceEntry(models.Model):
    """A row of one of the game's reference tables (``reference/eredan/*.json``)."""

    slug = models.SlugField(max_length=SLUG_MAX, unique=True)
    ref_id = models.PositiveIntegerField(
        null=True, blank=True, unique=True, help_text="Id in the game's own reference table."
    )
    name_fr = models.CharField("name (French)", max_length=NAME_MAX)
    name_en = models.CharField("name (English)", max_length=NAME_MAX)

    class Meta:
        abstract = True
        ordering: ClassVar[list[str]] = ["name_en"]

    def __str__(self) -> str:
        return self.name_en or self.slug


class Guild(ReferenceEntry):
    """A guild (affiliation). Mercenaires (``non_affilies``) is the absence of affiliation."""

    color = models.CharField(max_length=6, blank=True, help_text="Hex colour, without #.")
    is_mercenary = models.BooleanField(
        default=False, help_text="Mercenaires: go with any guild (docs/rules/eredan.md §2.2)."
    )

    class Meta(ReferenceEntry.Meta):
        verbose_name = "guild"


class Caste(ReferenceEntry):
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="children"
    )
    multi_guild = models.BooleanField(
        default=False,
        help_text="Belongs to several guilds at once, like Courtisan (docs/rules/eredan.md §2.3).",
    )

    class Meta(ReferenceEntry.Meta):
        verbose_name = "caste"


class CharacterClass(ReferenceEntry):
    class Meta(ReferenceEntry.Meta):
        verbose_name = "class"
        verbose_name_plural = "classes"


class CardType(ReferenceEntry):
    """A node of the card type tree (Objet → Arme → à une main → Épée; Sort → Feu; …)."""

    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="children"
    )
    persistent = models.BooleanField(default=False, help_text="Stays in play (weapons, armors, amulets…).")
    playable = models.BooleanField(default=True, help_text="Can be played in a game (XP cards cannot).")
    character_type = models.BooleanField(default=False, help_text="A character type (Personnage).")

    class Meta(ReferenceEntry.Meta):
        verbose_name = "card type"


class Race(ReferenceEntry):
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="children"
    )
    element = models.ForeignKey(
        CardType,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The spell type a Guémélite of this race casts (docs/rules/eredan.md §3 Races).",
    )

    class Meta(ReferenceEntry.Meta):
        verbose_name = "race"


class Rarity(ReferenceEntry):
    class Meta(ReferenceEntry.Meta):
        verbose_name = "rarity"
        verbose_name_plural = "rarities"


class CardSet(ReferenceEntry):
    """A set (série): Acte 1, Acte 2, … ."""

    class Meta(ReferenceEntry.Meta):
        verbose_name = "set"


class XpThreshold(models.Model):
    """Cumulative XP a copy needs to leave a (0-based) evolution level
    (docs/rules/eredan.md §1 Experience)."""

    evolution = models.PositiveSmallIntegerField(unique=True)
    xp = models.PositiveIntegerField()

    class Meta:
        ordering: ClassVar[list[str]] = ["evolution"]
        verbose_name = "XP threshold"

    def __str__(self) -> str:
        return f"evolution {self.evolution}: {self.xp} XP"


class CatalogVersion(models.Model):
    """One row, bumped in the same transaction as any change to the card database.

    The catalog cache of every process compares its version with this row (one cheap query).
    """

    version = models.PositiveBigIntegerField(default=0)
    #: A fresh random value on every bump: a version number can repeat after a rolled-back
    #: transaction, a token cannot, so a catalog cached inside a rolled-back transaction is never reused.
    token = models.UUIDField(default=uuid.uuid4)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"catalog v{self.version}"


class CatalogSnapshot(models.Model):
    """The card catalog as it was at one moment, frozen: the document every character's and card's
    spec is built from (``cards.specs.catalog_document_build``), keyed by its content hash.

    A simulation job names the snapshot it was submitted with and its workers play that, never
    the live tables: a staff edit to a card while the job runs changes nothing of it. Jobs (and
    game records) submitted with the same cards share one row. Rows are written once and never
    changed (``cards/snapshots.py``).
    """

    digest = models.CharField(
        max_length=64, unique=True, editable=False, help_text="SHA-256 of the document's canonical JSON."
    )
    document = models.JSONField(editable=False)
    characters = models.PositiveIntegerField(default=0, editable=False)
    cards = models.PositiveIntegerField(default=0, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"catalog {self.digest[:12]} ({self.characters} characters, {self.cards} cards)"


# --- evolution families, characters and cards ---------------------------------------------------


class FamilyKind(models.TextChoices):
    CHARACTER = "character", "character"
    CARD = "card", "card"


class EvolutionFamily(models.Model):
    """The levels of one card (docs/rules/eredan.md §1 Evolutions): the unit of copy limits (§2.5).

    One member per level; levels are 1, 2, … without gaps. Members are :class:`Character` rows
    for a ``character`` family and :class:`Card` rows for a ``card`` family.
    """

    slug = models.SlugField(max_length=SLUG_MAX, unique=True)
    name_fr = models.CharField("name (French)", max_length=NAME_MAX)
    name_en = models.CharField("name (English)", max_length=NAME_MAX)
    kind = models.CharField(max_length=10, choices=FamilyKind.choices)
    community_id = models.CharField(
        max_length=40,
        null=True,
        blank=True,
        unique=True,
        help_text="Id of the family's first card in the community cards.json dump (import_cards).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["name_en"]
        verbose_name = "evolution family"
        verbose_name_plural = "evolution families"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=Q(kind__in=FamilyKind.values), name="family_kind_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.name_en} ({self.kind})"

    def clean(self) -> None:
        super().clean()
        if self.pk is not None:
            stored = EvolutionFamily.objects.filter(pk=self.pk).values_list("kind", flat=True).first()
            if stored is not None and stored != self.kind:
                members = Character if stored == FamilyKind.CHARACTER else Card
                if members.objects.filter(family_id=self.pk).exists():
                    raise ValidationError(
                        {
                            "kind": ValidationError(
                                "the family has levels: its kind cannot change", code="kind_locked"
                            )
                        }
                    )

    def members(self) -> models.QuerySet[Any]:
        manager = self.characters if self.kind == FamilyKind.CHARACTER else self.cards
        return manager.order_by("level")


def _spec_error(field: str, exc: SpecError) -> ValidationError:
    """A ValidationError on model field ``field`` that keeps the path of the bad value."""
    path = exc.field or field
    return ValidationError(
        {
            field: ValidationError(
                "%(path)s: %(message)s",
                code=STRUCTURED_ERROR_CODE,
                params={"path": path, "message": exc.message},
            )
        }
    )


def _validate_source_seq(value: Any) -> list[int]:
    if not isinstance(value, list) or not all(
        isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in value
    ):
        raise ValidationError(
            {
                "source_seq": ValidationError(
                    "expected a list of row numbers of card-texts.tsv", code="invalid"
                )
            }
        )
    return value


class CatalogEntry(models.Model):
    """What characters and cards share: identity, evolution, provenance."""

    FAMILY_KIND: ClassVar[str]
    #: JSON fields and their parsers: value -> canonical JSON (raise SpecError).
    STRUCTURED: ClassVar[dict[str, Callable[[Any], Any]]] = {}

    slug = models.SlugField(max_length=SLUG_MAX, unique=True, help_text="Unique across characters and cards.")
    family = models.ForeignKey(EvolutionFamily, on_delete=models.CASCADE, related_name="%(class)ss")
    level = models.PositiveSmallIntegerField(
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_LEVEL)],
        help_text=f"Evolution level, 1 to {MAX_LEVEL}.",
    )
    name_fr = models.CharField("name (French)", max_length=NAME_MAX)
    name_en = models.CharField("name (English)", max_length=NAME_MAX)
    unique = models.BooleanField(
        default=False, help_text="At most one copy in a deck (docs/rules/eredan.md §2.6)."
    )
    rarity = models.ForeignKey(Rarity, null=True, blank=True, on_delete=models.PROTECT, related_name="+")
    card_set = models.ForeignKey(
        CardSet, null=True, blank=True, on_delete=models.PROTECT, related_name="+", verbose_name="set"
    )
    source_seq = models.JSONField(
        default=list, blank=True, help_text="Rows of the reference card-texts.tsv this entry was read from."
    )
    notes = models.TextField(blank=True, help_text="What was inferred, estimated or simplified.")
    source_text = models.TextField(
        blank=True,
        default="",
        help_text="The printed rules text its effects were compiled from (imported data; French, or "
        "English where there is no French). Empty for the bundled set, which ships no card text.",
    )
    effects_incomplete = models.BooleanField(
        default=False,
        help_text="The rules text has clauses the compiler could not read (unread_clauses): the "
        "effects say less than the card.",
    )
    unread_clauses = models.JSONField(
        default=list,
        blank=True,
        help_text="The clauses of the rules text the compiler could not read.",
    )
    community_id = models.CharField(
        max_length=40,
        null=True,
        blank=True,
        unique=True,
        help_text="Id of the record in the community cards.json dump it was imported from (import_cards).",
    )
    search_text = models.TextField(
        blank=True,
        editable=False,
        default="",
        help_text="Names and slug, lower case, accents removed (search).",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True
        ordering: ClassVar[list[str]] = ["family__slug", "level"]

    def __str__(self) -> str:
        return f"{self.name_en} ({self.level})" if self.level > 1 else self.name_en

    # -- validation -------------------------------------------------------------------------

    def save(self, *args: Any, **kwargs: Any) -> None:
        # Never store invalid structured data, even when clean() was not called.
        self.normalize_structured()
        self.search_text = search_key(" ".join((self.name_en, self.name_fr, self.slug)))
        update_fields = kwargs.get("update_fields")
        if update_fields is not None:
            kwargs["update_fields"] = {*update_fields, "search_text"}
        super().save(*args, **kwargs)

    def get_constraints(self) -> list[tuple[type[models.Model], Sequence[models.BaseConstraint]]]:
        """Constraints ``full_clean()`` checks: the unique ones. The check constraints are mirrored in
        Python by the field validators and ``clean()``, which need no query (Django would run one
        query per check constraint and instance)."""
        return [
            (model, [c for c in constraints if not isinstance(c, models.CheckConstraint)])
            for model, constraints in super().get_constraints()
        ]

    def normalize_structured(self) -> None:
        """Parse every structured JSON field and store it canonically; ValidationError if invalid."""
        errors: dict[str, list[ValidationError]] = {}
        for name, parser in self.STRUCTURED.items():
            try:
                setattr(self, name, parser(getattr(self, name)))
            except SpecError as exc:
                errors.setdefault(name, []).extend(_spec_error(name, exc).error_dict[name])
        try:
            self.source_seq = _validate_source_seq(self.source_seq)
        except ValidationError as exc:
            errors.setdefault("source_seq", []).extend(exc.error_dict["source_seq"])
        if errors:
            raise ValidationError(errors)

    def clean(self) -> None:
        super().clean()
        self.normalize_structured()
        errors: dict[str, list[ValidationError]] = {}
        if self.family_id is not None and self.family.kind != self.FAMILY_KIND:
            errors["family"] = [
                ValidationError(
                    f"a {self._meta.verbose_name} belongs to a {self.FAMILY_KIND} family", code="kind"
                )
            ]
        # The importer vouches for the slug and the levels (``entry_save(trusted_keys=True)``).
        trusted = getattr(self, "_trusted_keys", False)
        if self.slug and not trusted:
            other = Card if isinstance(self, Character) else Character
            if other.objects.filter(slug=self.slug).exists():
                errors["slug"] = [
                    ValidationError(
                        f"a {other._meta.verbose_name} already has the slug {self.slug!r}", code="unique"
                    )
                ]
        if (
            self.family_id is not None
            and self.level
            and 1 <= self.level <= MAX_LEVEL
            and "family" not in errors
            and not trusted
        ):
            errors.update(self._level_errors())
        if errors:
            raise ValidationError(errors)

    def _level_errors(self) -> dict[str, list[ValidationError]]:
        """docs/rules/eredan.md §1 Evolutions — one member per level, levels 1..n without gaps."""
        manager = type(self)._default_manager
        siblings = set(
            manager.filter(family_id=self.family_id).exclude(pk=self.pk).values_list("level", flat=True)
        )
        if self.level in siblings:
            return {}  # the unique (family, level) constraint reports it
        levels = sorted(siblings | {self.level})
        if levels != list(range(1, len(levels) + 1)):
            return {
                "level": [
                    ValidationError(
                        f"levels of a family are 1, 2, … without gaps; family {self.family.slug!r} would "
                        f"have levels {levels}",
                        code="level_gap",
                    )
                ]
            }
        if self.pk is not None:
            old_family = manager.filter(pk=self.pk).values_list("family_id", flat=True).first()
            if old_family is not None and old_family != self.family_id:
                left = sorted(
                    manager.filter(family_id=old_family).exclude(pk=self.pk).values_list("level", flat=True)
                )
                if left != list(range(1, len(left) + 1)):
                    return {
                        "family": [
                            ValidationError(
                                f"moving this level out would leave its family with levels {left}",
                                code="level_gap",
                            )
                        ]
                    }
        return {}


def _canonical_orders(value: Any) -> list[dict[str, Any]]:
    return [order.to_json() for order in parse_orders(value)]


def _canonical_abilities(value: Any) -> list[dict[str, Any]]:
    from cards.domain.effects import effects_to_json

    return effects_to_json(parse_abilities(value))


def _canonical_effects(value: Any) -> list[dict[str, Any]]:
    from cards.domain.effects import effects_to_json

    return effects_to_json(parse_card_effects(value))


def _canonical_play(value: Any) -> dict[str, Any]:
    return parse_play_rules(value).to_json()


def _canonical_chain(value: Any) -> dict[str, Any] | None:
    match = parse_chain(value)
    return match.to_json() if match is not None else None


def _stat_checks(prefix: str, fields: Iterable[str]) -> list[models.BaseConstraint]:
    return [
        models.CheckConstraint(
            condition=Q(**{f"{f}__gte": 0, f"{f}__lte": MAX_STAT}), name=f"{prefix}_{f}_range"
        )
        for f in fields
    ]


class Character(CatalogEntry):
    """A Personnage (docs/rules/eredan.md §1)."""

    FAMILY_KIND = FamilyKind.CHARACTER
    STRUCTURED: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "orders": _canonical_orders,
        "abilities": _canonical_abilities,
    }

    guild = models.ForeignKey(Guild, on_delete=models.PROTECT, related_name="characters")
    classes = models.ManyToManyField(
        CharacterClass, related_name="characters", help_text="One or two classes."
    )
    race = models.ForeignKey(Race, on_delete=models.PROTECT, related_name="characters")
    castes = models.ManyToManyField(Caste, blank=True, related_name="characters")
    hp = models.PositiveSmallIntegerField(
        "HP", validators=[MinValueValidator(1), MaxValueValidator(MAX_STAT)], help_text="Points de vie."
    )
    attack_min = models.PositiveSmallIntegerField(
        validators=[MaxValueValidator(MAX_STAT)], help_text="Attack range (fourchette): lowest roll."
    )
    attack_max = models.PositiveSmallIntegerField(
        validators=[MaxValueValidator(MAX_STAT)], help_text="Attack range (fourchette): highest roll."
    )
    defense = models.PositiveSmallIntegerField(validators=[MaxValueValidator(MAX_STAT)])
    spirit = models.PositiveSmallIntegerField(
        validators=[MaxValueValidator(MAX_STAT)], help_text="Esprit: reduces spell and theurgy damage."
    )
    orders = models.JSONField(
        "Ordres",
        default=list,
        blank=True,
        help_text='[{"turns": [2, 5] | "even" | "odd" | {"from": N}, "effects": […]}]',
    )
    abilities = models.JSONField(default=list, blank=True, help_text="Passive abilities (modify / chain_on).")
    stats_source = models.CharField(
        max_length=200,
        default=STATS_ESTIMATED,
        help_text=f'Where HP, attack, defense and spirit come from: "{STATS_ESTIMATED}" or a source.',
    )

    class Meta(CatalogEntry.Meta):
        verbose_name = "character"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["family", "level"], name="character_family_level_unique"),
            models.CheckConstraint(
                condition=Q(level__gte=1, level__lte=MAX_LEVEL), name="character_level_range"
            ),
            models.CheckConstraint(condition=Q(hp__gte=1, hp__lte=MAX_STAT), name="character_hp_range"),
            *_stat_checks("character", ["attack_min", "attack_max", "defense", "spirit"]),
            models.CheckConstraint(
                condition=Q(attack_min__lte=models.F("attack_max")), name="character_attack_min_le_max"
            ),
            models.CheckConstraint(condition=~Q(stats_source=""), name="character_stats_source_set"),
        ]

    def clean(self) -> None:
        errors: dict[str, list[ValidationError]] = {}
        try:
            super().clean()
        except ValidationError as exc:
            errors.update(exc.update_error_dict({}))
        if self.attack_min is not None and self.attack_max is not None and self.attack_min > self.attack_max:
            errors.setdefault("attack_max", []).append(
                ValidationError(
                    f"attack max ({self.attack_max}) is below attack min ({self.attack_min})",
                    code="attack_range",
                )
            )
        if errors:
            raise ValidationError(errors)


class Card(CatalogEntry):
    """Any other card: Action, Sortilège, Théurgie, Objet… (docs/rules/eredan.md §1)."""

    FAMILY_KIND = FamilyKind.CARD
    STRUCTURED: ClassVar[dict[str, Callable[[Any], Any]]] = {
        "effects": _canonical_effects,
        "chain": _canonical_chain,
        "play": _canonical_play,
    }

    type = models.ForeignKey(CardType, on_delete=models.PROTECT, related_name="cards")
    guild = models.ForeignKey(
        Guild,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="cards",
        help_text="Affiliation; empty = the card goes in any deck (docs/rules/eredan.md §2.4).",
    )
    required_classes = models.ManyToManyField(
        CharacterClass, blank=True, related_name="reserved_cards", help_text="Reserved to these classes."
    )
    required_characters = models.ManyToManyField(
        EvolutionFamily,
        blank=True,
        related_name="reserved_cards",
        limit_choices_to={"kind": FamilyKind.CHARACTER},
        help_text='Reserved to these named characters ("if played by …").',
    )
    required_races = models.ManyToManyField(
        Race, blank=True, related_name="reserved_cards", help_text="Reserved to these races (or elements)."
    )
    required_castes = models.ManyToManyField(
        Caste, blank=True, related_name="reserved_cards", help_text="Reserved to these castes."
    )
    zone = models.BooleanField(default=False, help_text="Spells: hits every enemy character.")
    chain = models.JSONField(
        null=True,
        blank=True,
        help_text='The Enchaînement it grants: {"any": true} | {"type": slug} | {"card": family} | …',
    )
    dual_wield = models.BooleanField(
        "Ambidextrie", default=False, help_text="May be carried beside another one-handed weapon."
    )
    effects = models.JSONField(default=list, blank=True, help_text="Structured effects (see docs/cards.md).")
    play = models.JSONField(
        default=dict,
        blank=True,
        help_text="How it comes into play, when it acts, how long it stays, where its text differs from "
        'its type\'s default: {"acts": "now" | "after_combat", "stays": "permanent" | {"turns": N} | '
        '{"combats": N}, "attach": target, "one_per_character": true, "dual_wield_with": [family]}.',
    )
    xp_value = models.PositiveIntegerField(
        default=0,
        validators=[MaxValueValidator(MAX_XP_VALUE)],
        help_text='"+N XP" cards: the experience they give.',
    )

    class Meta(CatalogEntry.Meta):
        verbose_name = "card"
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["family", "level"], name="card_family_level_unique"),
            models.CheckConstraint(condition=Q(level__gte=1, level__lte=MAX_LEVEL), name="card_level_range"),
            models.CheckConstraint(
                condition=Q(xp_value__gte=0, xp_value__lte=MAX_XP_VALUE), name="card_xp_value_range"
            ),
        ]

    def clean(self) -> None:
        errors: dict[str, list[ValidationError]] = {}
        try:
            super().clean()
        except ValidationError as exc:
            errors.update(exc.update_error_dict({}))
        if self.type_id is not None:
            errors.update(self._type_errors())
        if self.guild is not None and self.guild.is_mercenary:
            errors.setdefault("guild", []).append(
                ValidationError(
                    "Mercenaires is no affiliation: leave the guild empty for a card any deck may hold",
                    code="mercenary_card",
                )
            )
        if errors:
            raise ValidationError(errors)

    def _type_errors(self) -> dict[str, list[ValidationError]]:
        path = self.type_path()
        errors: dict[str, list[ValidationError]] = {}
        if any(t.character_type for t in path):
            errors["type"] = [
                ValidationError("a character type: characters are not cards", code="character_type")
            ]
        slugs = [t.slug for t in path]
        if self.zone and slugs[0] != "sort":
            errors["zone"] = [ValidationError("only spells (Sort) can be zone spells", code="zone_not_spell")]
        if self.dual_wield and "arme_a_une_main" not in slugs:
            errors["dual_wield"] = [
                ValidationError("only one-handed weapons have Ambidextrie", code="dual_wield_not_one_handed")
            ]
        return errors

    def type_path(self) -> list[CardType]:
        """The card's type and its ancestors, root first."""
        path: list[CardType] = []
        node: CardType | None = self.type
        while node is not None and node not in path:
            path.append(node)
            node = node.parent
        return list(reversed(path))
