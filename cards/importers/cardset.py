"""Load the bundled card set (``fixtures/cardset/*.json``) into the database.

The files are first read and checked by the pure reader (:func:`cards.domain.cardset.load_cardset`),
then every table is upserted by slug in one transaction, with the same model validation the admin
and the API apply. A second load of the same files writes nothing. Rows that are in the database
but not in the files are left alone (the load never deletes: owned copies may point at them).
The demo decks of ``decks.json`` belong to the decks app and are not loaded here.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction

from cards.domain.cardset import DEFAULT_CARDSET_DIR, CardSet, load_cardset
from cards.domain.specs import SpecError
from cards.models import (
    Card,
    CardType,
    Caste,
    CatalogEntry,
    Character,
    CharacterClass,
    EvolutionFamily,
    FamilyKind,
    Guild,
    Race,
    Rarity,
    ReferenceEntry,
    XpThreshold,
)
from cards.models import (
    CardSet as SetModel,
)
from cards.services import catalog_batch, catalog_version_bump, entry_save
from eredan.errors import DomainError

CREATED, UPDATED, UNCHANGED = "created", "updated", "unchanged"
#: Tables in load order (parents before children), with their key in reference.json.
REFERENCE_TABLES: tuple[tuple[str, type[ReferenceEntry]], ...] = (
    ("guilds", Guild),
    ("castes", Caste),
    ("classes", CharacterClass),
    ("card_types", CardType),
    ("races", Race),
    ("rarities", Rarity),
    ("sets", SetModel),
)
R = TypeVar("R", bound=models.Model)
_SINGULAR = {"classes": "class", "families": "family", "rarities": "rarity", "card_types": "card type"}


class CardsetError(DomainError):
    """The card set files cannot be loaded; nothing was changed."""

    code = "invalid_cardset"


@dataclass
class LoadReport:
    """What a load did, per table: created / updated / unchanged counts."""

    counts: dict[str, Counter[str]] = field(default_factory=dict)

    def count(self, table: str, status: str) -> None:
        self.counts.setdefault(table, Counter())[status] += 1

    @property
    def changed(self) -> int:
        return sum(c[CREATED] + c[UPDATED] for c in self.counts.values())

    def lines(self) -> list[str]:
        return [
            f"{table}: {c[CREATED]} created, {c[UPDATED]} updated, {c[UNCHANGED]} unchanged"
            for table, c in self.counts.items()
        ]


def _by_depth(rows: Sequence[Mapping[str, Any]]) -> list[list[Mapping[str, Any]]]:
    """Rows of a tree table in generations: roots, then their children, … (cycles end up last)."""
    parents = {r["slug"]: r.get("parent") for r in rows}

    def depth(slug: str) -> int:
        seen = 0
        node = parents.get(slug)
        while node is not None and seen <= len(parents):
            seen += 1
            node = parents.get(node)
        return seen

    generations: dict[int, list[Mapping[str, Any]]] = {}
    for row in rows:
        generations.setdefault(depth(row["slug"]), []).append(row)
    return [generations[d] for d in sorted(generations)]


def _save(instance: R, values: Mapping[str, Any], what: str, new_rows: list[R] | None = None) -> str:
    """Write ``values`` into ``instance`` when they differ, with model validation.

    A new instance is appended to ``new_rows`` (for one ``bulk_create``) when that list is given.
    """
    adding = instance._state.adding
    changed = adding
    for name, value in values.items():
        f = instance._meta.get_field(name)
        # a foreign key: compare its column, not the related object (no query)
        current = (
            getattr(instance, f.attname)
            if isinstance(f, models.Field) and f.many_to_one
            else getattr(instance, name)
        )
        wanted = value.pk if f.many_to_one and value is not None else value
        if current != wanted:
            changed = True
            setattr(instance, name, value)
    if not changed:
        return UNCHANGED
    try:
        # Uniqueness is left to the database (one query per row saved on a load of hundreds).
        # Foreign keys hold rows just read from the database: no existence query per key.
        fks = [f.name for f in instance._meta.concrete_fields if f.many_to_one]
        instance.full_clean(exclude=fks, validate_unique=False, validate_constraints=False)
        if adding and new_rows is not None:
            new_rows.append(instance)
            return CREATED
        with transaction.atomic():
            instance.save()
    except ValidationError as exc:
        raise CardsetError(f"{what}: {_messages(exc)}") from exc
    except IntegrityError as exc:
        raise CardsetError(f"{what}: {exc}") from exc
    return CREATED if adding else UPDATED


def _messages(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return "; ".join(f"{name}: {' '.join(msgs)}" for name, msgs in exc.message_dict.items())
    return " ".join(exc.messages)


class _Loader:
    def __init__(self, cardset: CardSet, report: LoadReport) -> None:
        self.cardset = cardset
        self.report = report
        self.refs: dict[str, dict[str, Any]] = {}

    def ref(self, table: str, slug: str | None, what: str, field_name: str) -> Any:
        if slug is None or slug == "":
            return None
        obj = self.refs[table].get(slug)
        if obj is None:
            raise CardsetError(f"{what}: {field_name}: unknown {_SINGULAR.get(table, table)} {slug!r}")
        return obj

    def refs_list(self, table: str, slugs: Iterable[str], what: str, field_name: str) -> list[Any]:
        return [self.ref(table, slug, what, field_name) for slug in slugs]

    # -- reference tables ---------------------------------------------------------------------

    def load_reference(self) -> None:
        reference = self.cardset.reference
        for table, model in REFERENCE_TABLES:
            existing = {o.slug: o for o in model._default_manager.all()}
            self.refs[table] = existing
            for generation in _by_depth(reference.get(table, [])):
                new_rows: list[Any] = []
                for row in generation:
                    instance = existing.get(row["slug"]) or model(slug=row["slug"])
                    what = f"{table} {row['slug']!r}"
                    self.report.count(
                        table, _save(instance, self._reference_values(model, row, what), what, new_rows)
                    )
                    existing[row["slug"]] = instance
                self._bulk_create(model, new_rows, table)

        xp = {o.evolution: o for o in XpThreshold.objects.all()}
        for row in reference.get("xp_thresholds", []):
            threshold = xp.get(row["evolution"]) or XpThreshold(evolution=row["evolution"])
            self.report.count(
                "xp_thresholds", _save(threshold, {"xp": row["xp"]}, f"xp threshold {row['evolution']}")
            )

    def _reference_values(
        self, model: type[ReferenceEntry], row: Mapping[str, Any], what: str
    ) -> dict[str, Any]:
        values: dict[str, Any] = {
            "ref_id": row.get("ref_id"),
            "name_fr": row["name_fr"],
            "name_en": row["name_en"],
        }
        if model is Guild:
            values.update(color=row.get("color") or "", is_mercenary=bool(row.get("is_mercenary")))
        elif model is Caste:
            values.update(
                parent=self.ref("castes", row.get("parent"), what, "parent"),
                multi_guild=bool(row.get("multi_guild")),
            )
        elif model is CardType:
            values.update(
                parent=self.ref("card_types", row.get("parent"), what, "parent"),
                persistent=bool(row.get("persistent")),
                playable=bool(row.get("playable", True)),
                character_type=bool(row.get("character_type")),
            )
        elif model is Race:
            values.update(
                parent=self.ref("races", row.get("parent"), what, "parent"),
                element=self.ref("card_types", row.get("element"), what, "element"),
            )
        return values

    @staticmethod
    def _bulk_create(model: type[models.Model], rows: list[Any], table: str) -> None:
        if not rows:
            return
        try:
            with transaction.atomic():
                model._default_manager.bulk_create(rows)
        except IntegrityError as exc:
            raise CardsetError(f"{table}: {exc}") from exc
        catalog_version_bump()  # bulk_create sends no post_save signal

    # -- families, characters and cards ----------------------------------------------------------

    def load_families(self) -> None:
        self._check_levels()
        wanted: dict[str, tuple[str, Mapping[str, Any]]] = {}
        for kind, rows in (
            (FamilyKind.CHARACTER, self.cardset.raw["characters"]),
            (FamilyKind.CARD, self.cardset.raw["cards"]),
        ):
            for row in rows:
                slug = row["family"]
                known = wanted.get(slug)
                if known is not None and known[0] != kind:
                    raise CardsetError(f"family {slug!r} holds both characters and cards")
                if known is None or int(row["level"]) < int(known[1]["level"]):
                    wanted[slug] = (kind, row)
        existing = {f.slug: f for f in EvolutionFamily.objects.all()}
        for slug, (family_kind, first) in sorted(wanted.items()):
            instance = existing.get(slug) or EvolutionFamily(slug=slug)
            values = {"kind": family_kind, "name_fr": first["name_fr"], "name_en": first["name_en"]}
            self.report.count("families", _save(instance, values, f"family {slug!r}"))
            existing[slug] = instance
        self.refs["families"] = existing

    def _check_levels(self) -> None:
        """docs/rules/eredan.md §1 Evolutions — one entry per (family, level), levels 1..n: checked on the
        files as a whole, so a bad set is refused before any entry is written."""
        levels: dict[str, list[int]] = {}
        for rows in (self.cardset.raw["characters"], self.cardset.raw["cards"]):
            for row in rows:
                levels.setdefault(row["family"], []).append(int(row["level"]))
        for family, found in sorted(levels.items()):
            if sorted(found) != list(range(1, len(found) + 1)):
                raise CardsetError(f"family {family!r}: levels {sorted(found)} are not 1, 2, … without gaps")
        slugs = Counter(
            r["slug"] for rows in (self.cardset.raw["characters"], self.cardset.raw["cards"]) for r in rows
        )
        if dupes := sorted(s for s, n in slugs.items() if n > 1):
            raise CardsetError(f"slugs used twice among characters and cards: {', '.join(dupes)}")

    def _common(self, row: Mapping[str, Any], what: str) -> dict[str, Any]:
        return {
            "family": self.ref("families", row["family"], what, "family"),
            "level": int(row["level"]),
            "name_fr": row["name_fr"],
            "name_en": row["name_en"],
            "unique": bool(row.get("unique", False)),
            "rarity": self.ref("rarities", row.get("rarity"), what, "rarity"),
            "card_set": self.ref("sets", row.get("set"), what, "set"),
            "source_seq": list(row.get("source_seq") or []),
            "notes": row.get("notes") or "",
        }

    def _entry(
        self,
        model: type[CatalogEntry],
        table: str,
        existing: Mapping[str, CatalogEntry],
        row: Mapping[str, Any],
        values: Mapping[str, Any],
        relations: Mapping[str, Sequence[models.Model]],
    ) -> None:
        what = f"{model._meta.verbose_name} {row['slug']!r}"
        instance = existing.get(row["slug"])
        try:
            _, written = entry_save(
                model=model, instance=instance or model(slug=row["slug"]), values=values, relations=relations
            )
        except ValidationError as exc:
            raise CardsetError(f"{what}: {_messages(exc)}") from exc
        self.report.count(table, UNCHANGED if not written else CREATED if instance is None else UPDATED)

    def load_characters(self) -> None:
        existing = {c.slug: c for c in Character.objects.prefetch_related("classes", "castes")}
        for row in sorted(self.cardset.raw["characters"], key=lambda r: (r["family"], int(r["level"]))):
            what = f"character {row['slug']!r}"
            attack = row["attack"]
            values = {
                **self._common(row, what),
                "guild": self.ref("guilds", row["guild"], what, "guild"),
                "race": self.ref("races", row["race"], what, "race"),
                "hp": int(row["hp"]),
                "attack_min": int(attack[0]),
                "attack_max": int(attack[1]),
                "defense": int(row["defense"]),
                "spirit": int(row["spirit"]),
                "orders": row.get("orders") or [],
                "abilities": row.get("abilities") or [],
                "stats_source": row.get("stats_source") or "estimated",
            }
            relations = {
                "classes": self.refs_list("classes", row["classes"], what, "classes"),
                "castes": self.refs_list("castes", row.get("castes", []), what, "castes"),
            }
            self._entry(Character, "characters", existing, row, values, relations)

    def load_cards(self) -> None:
        existing = {
            c.slug: c
            for c in Card.objects.prefetch_related(
                "required_classes", "required_characters", "required_races", "required_castes"
            )
        }
        for row in sorted(self.cardset.raw["cards"], key=lambda r: (r["family"], int(r["level"]))):
            what = f"card {row['slug']!r}"
            requirements = row.get("requirements") or {}
            values = {
                **self._common(row, what),
                "type": self.ref("card_types", row["type"], what, "type"),
                "guild": self.ref("guilds", row.get("guild"), what, "guild"),
                "zone": bool(row.get("zone", False)),
                "chain": row.get("chain"),
                "dual_wield": bool(row.get("dual_wield", False)),
                "effects": row.get("effects") or [],
                "xp_value": int(row.get("xp_value") or 0),
                "play": row.get("play") or {},
            }
            relations = {
                "required_classes": self.refs_list(
                    "classes", requirements.get("classes", []), what, "requirements"
                ),
                "required_characters": self.refs_list(
                    "families", requirements.get("characters", []), what, "requirements"
                ),
                "required_races": self.refs_list(
                    "races", requirements.get("races", []), what, "requirements"
                ),
                "required_castes": self.refs_list(
                    "castes", requirements.get("castes", []), what, "requirements"
                ),
            }
            self._entry(Card, "cards", existing, row, values, relations)


def cardset_read(*, directory: Path | str = DEFAULT_CARDSET_DIR) -> CardSet:
    """Read and check the card set files (no database); :class:`CardsetError` if they are bad."""
    try:
        return load_cardset(directory)
    except FileNotFoundError as exc:
        raise CardsetError(f"card set {directory}: missing file {exc.filename}") from exc
    except json.JSONDecodeError as exc:
        raise CardsetError(f"card set {directory}: malformed JSON: {exc}") from exc
    except (SpecError, KeyError, TypeError, ValueError) as exc:
        raise CardsetError(f"card set {directory}: {exc}") from exc


def cardset_load(*, directory: Path | str = DEFAULT_CARDSET_DIR) -> LoadReport:
    """Upsert the card set's reference tables, families, characters and cards, in one transaction.

    Idempotent: loading the same files twice writes nothing the second time. Raises
    :class:`CardsetError` (and changes nothing) if a file is missing, malformed or inconsistent.
    """
    cardset = cardset_read(directory=directory)
    report = LoadReport()
    loader = _Loader(cardset, report)
    try:
        with transaction.atomic(), catalog_batch():
            loader.load_reference()
            loader.load_families()
            loader.load_characters()
            loader.load_cards()
    except (KeyError, TypeError, ValueError) as exc:
        raise CardsetError(f"card set {directory}: malformed record: {exc!r}") from exc
    return report
