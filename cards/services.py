"""Writes to the card database: the catalog version, creation/update/deletion of entries."""

from __future__ import annotations

import contextlib
import threading
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from django.core.exceptions import ValidationError
from django.db import DEFAULT_DB_ALIAS, models, transaction
from django.db.models import ProtectedError
from django.dispatch import Signal
from django.utils import timezone

from cards.domain.effects import effects_to_json
from cards.domain.specs import CONSUMABLE_TYPES, SpecError
from cards.domain.text_compiler import CompiledText, TextCompiler
from cards.models import (
    MAX_CLASSES,
    MIN_CLASSES,
    Card,
    CardType,
    CatalogEntry,
    CatalogVersion,
    Character,
    CharacterClass,
    EvolutionFamily,
    FamilyKind,
)
from eredan.errors import DomainError

CATALOG_VERSION_PK = 1

_batch = threading.local()

#: Sent (``sender=CatalogVersion``, ``using``: the database) once a transaction that changed the
#: card database has committed — never for one rolled back. Robust: a receiver's error is logged
#: and never undoes the change. The decks app keeps its stored validation results current with it
#: (``decks.services.decks_revalidate_stale``); the card database itself knows nothing of decks.
catalog_changed = Signal()


def _catalog_changed_send(using: str) -> None:
    catalog_changed.send_robust(sender=CatalogVersion, using=using)


def catalog_version_bump(*, using: str | None = None) -> None:
    """Mark the catalog changed, in the current transaction (deferred inside :func:`catalog_batch`)."""
    if getattr(_batch, "depth", 0):
        _batch.dirty = True
        return
    db = using or DEFAULT_DB_ALIAS
    updated = (
        CatalogVersion.objects.using(db)
        .filter(pk=CATALOG_VERSION_PK)
        .update(version=models.F("version") + 1, token=uuid.uuid4(), updated_at=timezone.now())
    )
    if not updated:
        CatalogVersion.objects.using(db).get_or_create(pk=CATALOG_VERSION_PK, defaults={"version": 1})
    transaction.on_commit(lambda: _catalog_changed_send(db), using=db, robust=True)


def catalog_batch_pending() -> bool:
    """Whether this thread is inside a :func:`catalog_batch` that changed rows (bump not yet done)."""
    return bool(getattr(_batch, "depth", 0) and getattr(_batch, "dirty", False))


@contextlib.contextmanager
def catalog_batch() -> Iterator[None]:
    """Many writes, one version bump (at the end, inside the caller's transaction)."""
    depth = getattr(_batch, "depth", 0)
    if depth == 0:
        _batch.dirty = False
    _batch.depth = depth + 1
    try:
        yield
    finally:
        _batch.depth = depth
    if depth == 0 and _batch.dirty:
        _batch.dirty = False
        catalog_version_bump()


# --- characters and cards ----------------------------------------------------------------------


def character_classes_errors(classes: Sequence[CharacterClass]) -> list[ValidationError]:
    """docs/rules/eredan.md §1 — a character has one or two classes (shared by the admin, API and loaders)."""
    if not MIN_CLASSES <= len(classes) <= MAX_CLASSES:
        return [
            ValidationError(
                f"a character has {MIN_CLASSES} or {MAX_CLASSES} classes, not {len(classes)}",
                code="class_count",
            )
        ]
    return []


def required_characters_errors(families: Sequence[EvolutionFamily]) -> list[ValidationError]:
    """A card reserved to named characters names character families, not card families."""
    wrong = sorted(f.slug for f in families if f.kind != FamilyKind.CHARACTER)
    if wrong:
        return [ValidationError(f"not character families: {', '.join(wrong)}", code="not_character_family")]
    return []


RELATION_VALIDATORS: dict[str, Callable[[Sequence[Any]], list[ValidationError]]] = {
    "classes": character_classes_errors,
    "required_characters": required_characters_errors,
}


def _differs(instance: models.Model, name: str, value: Any) -> bool:
    field = instance._meta.get_field(name)
    if isinstance(field, models.Field) and (field.many_to_one or field.one_to_one):
        current = getattr(instance, field.attname)
        return bool(current != (value.pk if value is not None else None))
    return bool(getattr(instance, name) != value)


def _canonical(model: type[CatalogEntry], values: Mapping[str, Any]) -> dict[str, Any]:
    """Structured JSON values in canonical form (invalid ones are left for full_clean to report)."""
    out = dict(values)
    for name, parser in model.STRUCTURED.items():
        if name in out:
            with contextlib.suppress(SpecError):
                out[name] = parser(out[name])
    return out


E = TypeVar("E", bound=CatalogEntry)


def entry_save(
    *,
    model: type[E],
    instance: E | None = None,
    values: Mapping[str, Any],
    relations: Mapping[str, Sequence[models.Model]] | None = None,
    trusted_keys: bool = False,
) -> tuple[E, bool]:
    """Create or update a character or card with exactly the admin's validation.

    ``values`` are model field values (foreign keys as objects), ``relations`` the many-to-many
    relations to set (``classes``, ``castes``, ``required_classes``, …). Nothing is written when
    nothing differs. Raises :class:`django.core.exceptions.ValidationError` (every problem, keyed by
    field; structured-data errors carry the path of the bad value in ``params["path"]``).
    Returns the instance and whether it was written.

    ``trusted_keys``: the caller guarantees what the database's unique keys check (the slug is
    free in both tables, the community id is new, the family's levels stay contiguous) — the
    importer, which picks free slugs and builds each family level by level — so those checks are
    not queried again for a new entry (every other check runs; the database constraints still hold).
    """
    relations = relations or {}
    obj: E = instance if instance is not None else model()
    values = _canonical(model, values)
    adding = obj._state.adding
    # .all() uses a prefetch when the caller made one (the loaders do): no query per entry.
    current = {name: set() if adding else {o.pk for o in getattr(obj, name).all()} for name in relations}
    changed = (
        adding
        or any(_differs(obj, name, value) for name, value in values.items())
        or any(current[name] != {o.pk for o in objs} for name, objs in relations.items())
    )
    if not changed:
        return obj, False
    for name, value in values.items():
        setattr(obj, name, value)
    errors: dict[str, list[ValidationError]] = {}
    for name, objs in relations.items():
        validator = RELATION_VALIDATORS.get(name)
        if validator is not None and (problems := validator(list(objs))):
            errors[name] = problems
    # Foreign keys given as rows read from the database need no existence query each.
    known = [
        name
        for name, value in values.items()
        if isinstance(value, models.Model)
        and not value._state.adding
        and obj._meta.get_field(name).many_to_one
    ]
    trusted = trusted_keys and adding
    obj._trusted_keys = trusted  # type: ignore[attr-defined]  # read by CatalogEntry.clean
    checks: list[Callable[[], None]] = [
        lambda: obj.full_clean(exclude=known, validate_unique=False, validate_constraints=False),
    ]
    if not trusted:
        checks += [
            # Uniqueness over every field (an excluded foreign key would skip (family, level)).
            lambda: obj.validate_unique(exclude=set(errors)),
            lambda: obj.validate_constraints(exclude=set(errors)),
        ]
    for check in checks:
        try:
            check()
        except ValidationError as exc:
            for name, problems in exc.update_error_dict({}).items():
                errors.setdefault(name, []).extend(problems)
    if errors:
        raise ValidationError(errors)
    # No savepoint of its own: the callers run in a transaction (the loaders', a request's).
    with transaction.atomic(savepoint=False):
        obj.save()
        for name, objs in relations.items():
            if adding:
                if objs:
                    # A new entry has no rows yet: insert them at once (its own save bumped the
                    # catalog version already, in this transaction).
                    manager = getattr(obj, name)
                    source, target = manager.source_field_name, manager.target_field_name
                    manager.through.objects.bulk_create(
                        [
                            manager.through(**{f"{source}_id": obj.pk, f"{target}_id": o.pk})
                            for o in dict.fromkeys(objs)
                        ]
                    )
            else:
                getattr(obj, name).set(objs)
    return obj, True


def entries_delete_check(*, entries: Iterable[CatalogEntry]) -> None:
    """Refuse (``level_gap``) a deletion that would leave a family with a gap in its levels.

    docs/rules/eredan.md §1 Evolutions — levels 1..n without gaps: delete a family's top levels first (or
    the whole family).
    """
    doomed: dict[tuple[type[CatalogEntry], int], set[int]] = {}
    for entry in entries:
        doomed.setdefault((type(entry), entry.family_id), set()).add(entry.pk)
    for (model, family_id), pks in doomed.items():
        left = sorted(
            model._default_manager.filter(family_id=family_id)
            .exclude(pk__in=pks)
            .values_list("level", flat=True)
        )
        if left != list(range(1, len(left) + 1)):
            family = EvolutionFamily.objects.get(pk=family_id)
            raise DomainError(
                f"deleting this would leave family {family.slug!r} with levels {left}: "
                "delete its highest levels first, or the whole family",
                code="level_gap",
            )


def entries_delete(*, entries: Iterable[CatalogEntry]) -> int:
    """Delete characters or cards (checked by :func:`entries_delete_check`), in one transaction.

    Raises :class:`DomainError`: ``level_gap``, or ``in_use`` (409) when something still points at
    them (an owned copy, a deck).
    """
    entries = list(entries)
    entries_delete_check(entries=entries)
    try:
        with transaction.atomic(), catalog_batch():
            for entry in entries:
                entry.delete()
    except ProtectedError as exc:
        names = sorted({str(o) for o in exc.protected_objects})[:5]
        raise DomainError(
            f"still in use (e.g. by {', '.join(names)}): cannot delete", code="in_use", status_code=409
        ) from exc
    return len(entries)


# --- writes from the API (validated input: relations already resolved to rows) --------------------

CHARACTER_RELATIONS = ("classes", "castes")
#: API requirement keys -> Card relations.
REQUIREMENT_RELATIONS = {
    "classes": "required_classes",
    "characters": "required_characters",
    "races": "required_races",
    "castes": "required_castes",
}


def character_save(*, character: Character | None = None, data: Mapping[str, Any]) -> Character:
    """Create (``character=None``) or update a character from validated input.

    ``data`` holds model field values (relations as rows); only the keys given are changed.
    Raises :class:`ValidationError` exactly as the admin would.
    """
    values = {k: v for k, v in data.items() if k not in CHARACTER_RELATIONS}
    relations = {k: list(data[k]) for k in CHARACTER_RELATIONS if k in data}
    if character is None and "classes" not in relations:
        raise ValidationError({"classes": [ValidationError("This field is required.", code="required")]})
    obj, _ = entry_save(model=Character, instance=character, values=values, relations=relations)
    return obj


def card_save(*, card: Card | None = None, data: Mapping[str, Any]) -> Card:
    """Create (``card=None``) or update a card from validated input (``requirements`` as a mapping
    of ``classes`` / ``characters`` (families) / ``races`` / ``castes`` rows). Raises
    :class:`ValidationError`."""
    values = {k: v for k, v in data.items() if k != "requirements"}
    relations: dict[str, Sequence[models.Model]] = {}
    requirements = data.get("requirements")
    if requirements is not None:
        for key, relation in REQUIREMENT_RELATIONS.items():
            if key in requirements or card is None:
                relations[relation] = list(requirements.get(key, []))
    obj, _ = entry_save(model=Card, instance=card, values=values, relations=relations)
    return obj


def family_save(*, family: EvolutionFamily | None = None, data: Mapping[str, Any]) -> EvolutionFamily:
    """Create or update an evolution family (its kind is fixed once it has levels)."""
    obj = family if family is not None else EvolutionFamily()
    for name, value in data.items():
        setattr(obj, name, value)
    obj.full_clean()
    obj.save()
    return obj


def family_delete(*, family: EvolutionFamily) -> None:
    """Delete a family and its levels; ``in_use`` (409) when a level is still owned or in a deck."""
    try:
        with transaction.atomic(), catalog_batch():
            family.delete()
    except ProtectedError as exc:
        names = sorted({str(o) for o in exc.protected_objects})[:5]
        raise DomainError(
            f"still in use (e.g. by {', '.join(names)}): cannot delete", code="in_use", status_code=409
        ) from exc


# --- effects compiled from the rules text (issue 15 §4) ---------------------------------------------


def compiled_entry_values(*, compiled: CompiledText, source_text: str) -> dict[str, Any]:
    """The model fields a compiled rules text sets on its character or card: the effects (a
    character's abilities and Ordres; a card's effects, chain, play rules, Ambidextrie), the text
    they came from, and whether (and which) clauses were not read."""
    values: dict[str, Any] = {
        "source_text": source_text,
        "effects_incomplete": not compiled.complete,
        "unread_clauses": list(compiled.unread),
    }
    if compiled.subject == "character":
        values["abilities"] = effects_to_json(compiled.effects)
        values["orders"] = [order.to_json() for order in compiled.orders]
    else:
        values["effects"] = effects_to_json(compiled.effects)
        values["chain"] = compiled.chain.to_json() if compiled.chain is not None else None
        values["play"] = compiled.play.to_json()
        values["dual_wield"] = compiled.dual_wield
    return values


def card_type_stays(card_type: CardType, types: Mapping[int, CardType] | None = None) -> bool:
    """Whether a card of this type stays in play by default (docs/rules/eredan.md §3 Items: the
    persistent Objets that are not potions or scrolls). ``types`` (by primary key) spares the
    queries of walking up the tree."""
    path: list[str] = []
    node: CardType | None = card_type
    while node is not None and node.slug not in path:
        path.append(node.slug)
        if node.parent_id is None:
            break
        node = types[node.parent_id] if types is not None else node.parent
    return card_type.persistent and path[-1] == "objet" and not CONSUMABLE_TYPES.intersection(path)


def entry_compile(
    *, entry: CatalogEntry, compiler: TextCompiler, text: str | None = None, stays: bool | None = None
) -> CompiledText:
    """Compile an entry's rules text (``text``, or its stored ``source_text``); ``stays``: whether
    its card type stays in play by default (computed from the type when not given)."""
    source = entry.source_text if text is None else text
    if isinstance(entry, Character):
        return compiler.compile(source, subject="character", name=entry.name_fr or entry.name_en)
    assert isinstance(entry, Card)
    if stays is None:
        stays = card_type_stays(entry.type)
    return compiler.compile(source, subject="card", name=entry.name_fr or entry.name_en, stays=stays)


def entries_fill_effects(
    *, entries: Iterable[CatalogEntry], compiler: TextCompiler
) -> tuple[list[CatalogEntry], list[CatalogEntry], dict[str, str]]:
    """Replace the effects of each entry with those compiled from its stored rules text (the
    admin's "fill effects from the rules text"). Returns (filled, without a rules text, refused:
    slug -> why). Each entry is saved with the admin's validation, in its own transaction."""
    filled: list[CatalogEntry] = []
    without: list[CatalogEntry] = []
    refused: dict[str, str] = {}
    with catalog_batch():
        for entry in entries:
            if not entry.source_text.strip():
                without.append(entry)
                continue
            compiled = entry_compile(entry=entry, compiler=compiler)
            values = compiled_entry_values(compiled=compiled, source_text=entry.source_text)
            try:
                entry_save(model=type(entry), instance=entry, values=values)
            except ValidationError as exc:
                refused[entry.slug] = "; ".join(exc.messages)
                continue
            filled.append(entry)
    return filled, without, refused
