"""Import the community ``cards.json`` dump (the whole real card database) into the card database.

The shape is described in ``docs/cards.md`` (records with ``id``, ``type_id``, ``evolution``,
``life``, ``base_attack``/``high_attack``, ``associations``, ``prerequis``, ``ancestorCards``,
``descendantCards``, ``labels``, …). Ids of types, guilds, classes, races, castes, rarities and sets
are the game's reference ids (``ref_id`` of the reference tables, loaded by ``load_cardset``).

* A record whose type is a character type becomes a :class:`~cards.models.Character`, any other
  a :class:`~cards.models.Card`; both keep the dump's id in ``community_id``, which makes a second
  import update, never duplicate.
* Evolution chains (``ancestorCards`` / ``descendantCards``, in either direction) become evolution
  families; the level is ``evolution + 1``.
* The dump has no structured effects, only each record's rules text (``labels.fr_fr.description``,
  or the English one where there is no French): the importer compiles it
  (``cards.domain.text_compiler``) into the entry's effects — a character's abilities and Ordres, a
  card's effects, chain, play rules and Ambidextrie — and keeps the text in ``source_text`` (the
  user's database holds it; the project ships none). A text with clauses the compiler could not
  read is still imported, marked ``effects_incomplete`` with its ``unread_clauses``, and listed in
  the report. On a re-import, effects are compiled again only while they are still what the
  compiler made of the stored text: effects staff edited by hand are kept (and said so).
* Every record that cannot be mapped is skipped and reported with the reason; the rest is imported.
  A file that is not a list of records is refused as a whole. Everything runs in one transaction.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from cards import models as m
from cards.domain.text_compiler import TextCompiler
from cards.selectors import text_compiler_build
from cards.services import (
    card_type_stays,
    catalog_batch,
    compiled_entry_values,
    entry_compile,
    entry_save,
)
from eredan.errors import DomainError

#: Source recorded on imported characters' stats (docs/rules/eredan.md §4 — where each stat came from).
COMMUNITY_STATS_SOURCE = "community cards.json"
#: ``associations`` / ``prerequis`` kinds.
GUILD, CLASS, RACE, CASTE = "guilde", "classe", "race", "caste"
#: Locales of ``labels`` tried for the French and the English name, in order.
FR_LOCALES = ("fr_fr", "fr")
EN_LOCALES = ("en_us", "en_gb", "en")
#: Race and class given to a character whose record names none (they exist in the reference tables).
UNKNOWN_RACE, UNKNOWN_CLASS = "inconnue", "inconnue"


class ImportFileError(DomainError):
    """The file cannot be imported at all (not JSON, not a list of records, duplicate ids…)."""

    code = "invalid_import_file"


@dataclass
class ImportReport:
    records: int = 0
    counts: dict[str, dict[str, int]] = field(default_factory=dict)
    skipped: list[tuple[str, str, str]] = field(default_factory=list)  # (id, name, reason)
    #: Entries whose rules text has unread clauses: (id, name, the unread clauses).
    incomplete: list[tuple[str, str, list[str]]] = field(default_factory=list)
    #: Entries whose hand-edited effects were kept over a new compilation: (id, name).
    kept: list[tuple[str, str]] = field(default_factory=list)
    compiled: int = 0
    dry_run: bool = False

    def count(self, table: str, status: str) -> None:
        self.counts.setdefault(table, {"created": 0, "updated": 0, "unchanged": 0})[status] += 1

    def skip(self, record_id: str, name: str, reason: str) -> None:
        self.skipped.append((record_id, name, reason))

    def lines(self) -> list[str]:
        out = [f"{self.records} records read" + (" (dry run: nothing was saved)" if self.dry_run else "")]
        for table, c in self.counts.items():
            out.append(f"{table}: {c['created']} created, {c['updated']} updated, {c['unchanged']} unchanged")
        out.append(f"skipped: {len(self.skipped)}")
        out.extend(f"  skipped id={rid} {name!r}: {reason}" for rid, name, reason in self.skipped)
        complete = self.compiled - len(self.incomplete)
        out.append(
            f"rules texts compiled: {self.compiled}; with every clause read: {complete}; "
            f"effects incomplete: {len(self.incomplete)}"
        )
        for rid, name, clauses in self.incomplete:
            out.append(
                f"  incomplete id={rid} {name!r}: {len(clauses)} unread clause(s): {' | '.join(clauses)}"
            )
        if self.kept:
            out.append(f"hand-edited effects kept: {len(self.kept)}")
            out.extend(f"  kept id={rid} {name!r}" for rid, name in self.kept)
        return out


class _Skip(Exception):
    """This record cannot be mapped; the message says why."""


def _slugify(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"-{2,}", "-", re.sub(r"[^a-z0-9]+", "-", ascii_text)).strip("-")[:60] or "card"


def _id(value: Any) -> str:
    if isinstance(value, bool) or not isinstance(value, int | str) or str(value).strip() == "":
        raise _Skip(f"bad id {value!r}")
    return str(value).strip()


def _id_list(value: Any) -> list[str]:
    """``ancestorCards`` / ``descendantCards``: a list of ids or a comma-separated string."""
    if value in (None, "", []):
        return []
    if isinstance(value, str):
        items: Iterable[Any] = [v for v in re.split(r"[,;\s]+", value) if v]
    elif isinstance(value, list):
        items = value
    else:
        raise _Skip(f"evolution chain is not a list of ids: {value!r}")
    return [_id(v) for v in items]


def _int(record: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = record.get(key, default)
    if value is None or isinstance(value, bool):
        raise _Skip(f"{key} is missing")
    try:
        return int(value)
    except (TypeError, ValueError):
        raise _Skip(f"{key} is not a number: {value!r}") from None


def _description(record: Mapping[str, Any]) -> str:
    """The record's rules text: the French description, or the English one where there is none."""
    labels = record.get("labels")
    if not isinstance(labels, Mapping):
        return ""
    for locales in (FR_LOCALES, EN_LOCALES):
        for locale in locales:
            entry = labels.get(locale)
            if isinstance(entry, Mapping) and isinstance(entry.get("description"), str):
                text = str(entry["description"]).strip()
                if text:
                    return text
    return ""


def _label(record: Mapping[str, Any], locales: Sequence[str]) -> str:
    labels = record.get("labels")
    if not isinstance(labels, Mapping):
        return ""
    for locale in locales:
        entry = labels.get(locale)
        if isinstance(entry, Mapping) and isinstance(entry.get("name"), str) and entry["name"].strip():
            return str(entry["name"]).strip()
    return ""


def _sort_key(record_id: str) -> tuple[int, int | str]:
    return (0, int(record_id)) if record_id.isdigit() else (1, record_id)


class _Importer:
    def __init__(self, records: list[Mapping[str, Any]], report: ImportReport) -> None:
        self.records = {str(r["id"]): r for r in records}
        self.report = report
        self.compiler: TextCompiler = text_compiler_build()
        # Each table by its reference id; looked up with the raw values of records (maybe None).
        self.refs: dict[str, dict[int | None, Any]] = {
            "types": {
                t.ref_id: t for t in m.CardType.objects.select_related("parent") if t.ref_id is not None
            },
            GUILD: {g.ref_id: g for g in m.Guild.objects.all() if g.ref_id is not None},
            CLASS: {c.ref_id: c for c in m.CharacterClass.objects.all() if c.ref_id is not None},
            RACE: {r.ref_id: r for r in m.Race.objects.all() if r.ref_id is not None},
            CASTE: {c.ref_id: c for c in m.Caste.objects.all() if c.ref_id is not None},
            "rarities": {r.ref_id: r for r in m.Rarity.objects.all() if r.ref_id is not None},
            "sets": {s.ref_id: s for s in m.CardSet.objects.all() if s.ref_id is not None},
        }
        self.unknown_race = m.Race.objects.filter(slug=UNKNOWN_RACE).first()
        self.unknown_class = m.CharacterClass.objects.filter(slug=UNKNOWN_CLASS).first()
        self.character_types = {t.pk for t in self.refs["types"].values() if self._is_character_type(t)}
        # Which card types stay in play by default (the compiler's "stays"): once, not per record.
        types_by_pk = {t.pk: t for t in m.CardType.objects.all()}
        self.stays: dict[int, bool] = {pk: card_type_stays(t, types_by_pk) for pk, t in types_by_pk.items()}
        # What the dump already brought in, and the slugs taken: read once, not per record.
        self.families_by_key: dict[str | None, m.EvolutionFamily] = {
            f.community_id: f for f in m.EvolutionFamily.objects.exclude(community_id=None)
        }
        self.existing: dict[str | None, Any] = {
            c.community_id: c
            for c in m.Character.objects.exclude(community_id=None).prefetch_related("classes", "castes")
        }
        self.existing.update(
            (c.community_id, c)
            for c in m.Card.objects.exclude(community_id=None).prefetch_related(
                "required_classes", "required_races"
            )
        )
        self.taken_slugs = {
            "families": set(m.EvolutionFamily.objects.values_list("slug", flat=True)),
            "entries": set(m.Character.objects.values_list("slug", flat=True))
            | set(m.Card.objects.values_list("slug", flat=True)),
        }

    @staticmethod
    def _is_character_type(card_type: m.CardType) -> bool:
        node: m.CardType | None = card_type
        while node is not None:
            if node.character_type:
                return True
            node = node.parent
        return False

    def name(self, record: Mapping[str, Any]) -> str:
        return _label(record, FR_LOCALES) or _label(record, EN_LOCALES)

    # -- evolution chains -> families ------------------------------------------------------------

    def families(self, ids: Iterable[str]) -> dict[str, str]:
        """Record id -> family key (the lowest id of its chain), joining chains in both directions."""
        parent: dict[str, str] = {i: i for i in ids}

        def find(i: str) -> str:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        for record_id in list(parent):
            record = self.records[record_id]
            try:
                linked = _id_list(record.get("ancestorCards")) + _id_list(record.get("descendantCards"))
            except _Skip:
                continue  # reported when the record itself is mapped
            for other in linked:
                if other in parent:
                    a, b = find(record_id), find(other)
                    if a != b:
                        low, high = sorted((a, b), key=_sort_key)
                        parent[high] = low
        return {i: find(i) for i in parent}

    # -- one record ------------------------------------------------------------------------------

    def _associations(
        self, record: Mapping[str, Any], key: str, kind_key: str, id_keys: Sequence[str]
    ) -> dict[str, list[Any]]:
        found: dict[str, list[Any]] = {GUILD: [], CLASS: [], RACE: [], CASTE: []}
        items = record.get(key) or []
        if not isinstance(items, list):
            raise _Skip(f"{key} is not a list")
        for item in items:
            if not isinstance(item, Mapping):
                raise _Skip(f"{key}: an entry is not an object")
            kind = item.get(kind_key)
            if kind not in found:
                raise _Skip(f"{key}: unknown kind {kind!r}")
            ref_id = next((item[k] for k in id_keys if item.get(k) not in (None, "")), None)
            try:
                target = self.refs[kind].get(int(ref_id)) if ref_id is not None else None
            except (TypeError, ValueError):
                target = None
            if target is None:
                raise _Skip(f"{key}: unknown {kind} id {ref_id!r}")
            if target not in found[kind]:
                found[kind].append(target)
        return found

    def common(self, record: Mapping[str, Any], family: m.EvolutionFamily, level: int) -> dict[str, Any]:
        name_fr = _label(record, FR_LOCALES)
        name_en = _label(record, EN_LOCALES)
        rarity = self.refs["rarities"].get(record.get("rare_id"))
        card_set = self.refs["sets"].get(record.get("serie_id"))
        return {
            "family": family,
            "level": level,
            "name_fr": (name_fr or name_en)[: m.NAME_MAX],
            "name_en": (name_en or name_fr)[: m.NAME_MAX],
            "rarity": rarity,
            "card_set": card_set,
            "community_id": str(record["id"]),
        }

    def character_values(
        self, record: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, list[Any]], list[str]]:
        notes: list[str] = []
        found = self._associations(record, "associations", "type_association", ("associe_id",))
        # The first guild the dump lists, an affiliation before Mercenaires.
        guilds = sorted(found[GUILD], key=lambda g: g.is_mercenary)
        if not guilds:
            guild = m.Guild.objects.get(is_mercenary=True)
            notes.append("no guild in the dump: Mercenaires")
        else:
            guild = guilds[0]
            if len(guilds) > 1:
                notes.append("also in guilds: " + ", ".join(g.slug for g in guilds[1:]))
        races = found[RACE]
        if not races:
            if self.unknown_race is None:
                raise _Skip("no race, and no 'inconnue' race to stand for it")
            races = [self.unknown_race]
            notes.append("no race in the dump: Inconnue")
        elif len(races) > 1:
            notes.append("also of races: " + ", ".join(r.slug for r in races[1:]))
        classes = found[CLASS]
        if not classes:
            if self.unknown_class is None:
                raise _Skip("no class, and no 'inconnue' class to stand for it")
            classes = [self.unknown_class]
            notes.append("no class in the dump: Inconnue")
        if len(classes) > m.MAX_CLASSES:
            raise _Skip(f"{len(classes)} classes (a character has at most {m.MAX_CLASSES})")
        values = {
            "guild": guild,
            "race": races[0],
            "hp": _int(record, "life"),
            "attack_min": _int(record, "base_attack"),
            "attack_max": _int(record, "high_attack"),
            "defense": _int(record, "defense", 0),
            "spirit": _int(record, "spirit", 0),
            "stats_source": COMMUNITY_STATS_SOURCE,
        }
        return values, {"classes": classes, "castes": found[CASTE]}, notes

    def card_values(
        self, record: Mapping[str, Any], card_type: m.CardType
    ) -> tuple[dict[str, Any], dict[str, list[Any]], list[str]]:
        notes: list[str] = []
        found = self._associations(record, "associations", "type_association", ("associe_id",))
        required = self._associations(record, "prerequis", "type", ("target", "value"))
        guilds = [g for g in found[GUILD] + required[GUILD] if not g.is_mercenary]
        guild = guilds[0] if guilds else None
        if len({g.pk for g in guilds}) > 1:
            notes.append(
                "also affiliated to: " + ", ".join(sorted({g.slug for g in guilds[1:]} - {guilds[0].slug}))
            )
        values = {"type": card_type, "guild": guild}
        relations = {
            "required_classes": required[CLASS],
            "required_races": required[RACE],
            "required_castes": required[CASTE],
        }
        return values, relations, notes

    # -- the whole file --------------------------------------------------------------------------

    def run(self) -> None:
        usable: dict[str, tuple[m.CardType, int]] = {}
        skipped_reprints: set[str] = set()
        for record_id in sorted(self.records, key=_sort_key):
            record = self.records[record_id]
            try:
                reprint_of = str(record.get("id_reedition") or "").strip()
                if (
                    reprint_of in self.records
                    and _sort_key(reprint_of) < _sort_key(record_id)
                    and reprint_of not in skipped_reprints
                ):
                    skipped_reprints.add(record_id)
                    raise _Skip(f"reprint of id {reprint_of}")
                card_type = self.refs["types"].get(record.get("type_id"))
                if card_type is None:
                    raise _Skip(f"unknown type_id {record.get('type_id')!r}")
                if not self.name(record):
                    raise _Skip("no name in labels")
                evolution = _int(record, "evolution", 0)
                if not 0 <= evolution < m.MAX_LEVEL:
                    raise _Skip(f"evolution {evolution} is out of range 0..{m.MAX_LEVEL - 1}")
                usable[record_id] = (card_type, evolution + 1)
            except _Skip as exc:
                self.report.skip(record_id, self.name(record), str(exc))
        family_of = self.families(usable)
        members: dict[str, list[str]] = {}
        for record_id, key in family_of.items():
            members.setdefault(key, []).append(record_id)
        for key in sorted(members, key=_sort_key):
            self.import_family(key, sorted(members[key], key=lambda i: (usable[i][1], _sort_key(i))))

    def import_family(self, key: str, ids: list[str]) -> None:
        kinds = {self._kind(i) for i in ids}
        if len(kinds) > 1:
            for record_id in ids:
                self.report.skip(
                    record_id,
                    self.name(self.records[record_id]),
                    "its evolution chain mixes characters and cards",
                )
            return
        kind = kinds.pop()
        # One record per level, levels 1..n: keep the first of a level, stop at the first gap.
        by_level: dict[int, str] = {}
        expected = 1
        for record_id in ids:
            level = _int(self.records[record_id], "evolution", 0) + 1
            name = self.name(self.records[record_id])
            if level in by_level:
                self.report.skip(
                    record_id, name, f"level {level} of its chain is already id {by_level[level]}"
                )
            elif level != expected:
                self.report.skip(record_id, name, f"level {level} without level {expected} in its chain")
            else:
                by_level[level] = record_id
                expected += 1
        if not by_level:
            return
        first = self.records[by_level[1]]
        family: m.EvolutionFamily | None = None
        for level, record_id in sorted(by_level.items()):
            record = self.records[record_id]
            try:
                if family is None:
                    family, status = self.family(key, kind, first)
                # Every check runs before anything of the entry is written (entry_save).
                self.import_entry(record, family, level, kind)
                if level == 1:
                    self.report.count("families", status)
            except (_Skip, ValidationError) as exc:
                reason = _messages(exc) if isinstance(exc, ValidationError) else str(exc)
                self.report.skip(record_id, self.name(record), reason)
                if level == 1 and family is not None and status == "created":
                    # A family whose level 1 is refused is not left behind, empty.
                    family.delete()
                    self.families_by_key.pop(key, None)
                break  # later levels would leave a gap

    def _kind(self, record_id: str) -> str:
        card_type = self.refs["types"][self.records[record_id].get("type_id")]
        return m.FamilyKind.CHARACTER if card_type.pk in self.character_types else m.FamilyKind.CARD

    def family(self, key: str, kind: str, first: Mapping[str, Any]) -> tuple[m.EvolutionFamily, str]:
        family = self.families_by_key.get(key)
        name_fr = (_label(first, FR_LOCALES) or _label(first, EN_LOCALES))[: m.NAME_MAX]
        name_en = (_label(first, EN_LOCALES) or name_fr)[: m.NAME_MAX]
        if family is None:
            slug = self.free_slug(_slugify(name_fr), key, self.taken_slugs["families"])
            family = m.EvolutionFamily(slug=slug, community_id=key)
            self.families_by_key[key] = family
        adding = family._state.adding
        changed = adding or (family.kind, family.name_fr, family.name_en) != (kind, name_fr, name_en)
        if changed:
            family.kind, family.name_fr, family.name_en = kind, name_fr, name_en
            # A new family's slug is free (free_slug) and its community id new: no unique query.
            family.full_clean(validate_unique=not adding, validate_constraints=not adding)
            family.save()
        return family, "created" if adding else "updated" if changed else "unchanged"

    @staticmethod
    def free_slug(base: str, key: str, taken: set[str]) -> str:
        """``base``, or ``base-<dump id>`` when taken; the slug is then marked taken."""
        for candidate in (base, f"{base}-{_slugify(key)}"):
            if candidate not in taken:
                taken.add(candidate)
                return candidate
        raise _Skip(f"no free slug for {base!r}")

    def rules_text(
        self,
        record: Mapping[str, Any],
        model: type[m.Character] | type[m.Card],
        instance: Any,
        values: dict[str, Any],
        card_type: m.CardType,
    ) -> None:
        """Put the effects compiled from the record's rules text into ``values`` (see the module
        docstring: hand-edited effects of an earlier import are kept)."""
        text = _description(record)
        entry = model(**{k: v for k, v in values.items() if k in ("name_fr", "name_en")})
        stays = self.stays.get(card_type.pk, False)
        compiled = entry_compile(entry=entry, compiler=self.compiler, text=text, stays=stays)
        new = compiled_entry_values(compiled=compiled, source_text=text)
        if instance is not None and instance.source_text:
            before = entry_compile(
                entry=entry, compiler=self.compiler, text=instance.source_text, stays=stays
            )
            made = compiled_entry_values(compiled=before, source_text=instance.source_text)
            if not _same_effects(instance, {k: v for k, v in made.items() if k != "source_text"}):
                self.report.kept.append((str(record["id"]), self.name(record)))
                return
        values.update(new)
        if text:
            self.report.compiled += 1
            if compiled.unread:
                self.report.incomplete.append((str(record["id"]), self.name(record), list(compiled.unread)))

    def import_entry(
        self, record: Mapping[str, Any], family: m.EvolutionFamily, level: int, kind: str
    ) -> None:
        model: type[m.Character] | type[m.Card] = m.Character if kind == m.FamilyKind.CHARACTER else m.Card
        card_type = self.refs["types"][record.get("type_id")]
        if kind == m.FamilyKind.CHARACTER:
            values, relations, notes = self.character_values(record)
        else:
            values, relations, notes = self.card_values(record, card_type)
        values.update(self.common(record, family, level))
        instance = self.existing.get(str(record["id"]))
        if instance is not None and not isinstance(instance, model):
            raise _Skip(
                f"id {record['id']} was imported as a {instance._meta.verbose_name}; its type changed kind"
            )
        synthetic = record.get("synthetic")
        if isinstance(synthetic, Mapping):  # fixtures/tools/build_synthetic_dump.py marks its guesses
            notes.append(
                "synthetic record: " + ", ".join(f"{k} {v}" for k, v in synthetic.items() if k != "built_by")
            )
        self.rules_text(record, model, instance, values, card_type)
        text = "effects compiled from its rules text" if _description(record) else "it has no rules text"
        note = f"Imported from the community cards.json (id {record['id']}); {text}."
        if notes:
            note += " " + "; ".join(notes) + "."
        if instance is None:
            base = family.slug if level == 1 else f"{family.slug}-{level}"
            values["slug"] = self.free_slug(base, str(record["id"]), self.taken_slugs["entries"])
            values["notes"] = note
        elif instance.notes.startswith("Imported from the community cards.json"):
            values["notes"] = note
        _, written = entry_save(
            model=model, instance=instance, values=values, relations=relations, trusted_keys=instance is None
        )
        table = "characters" if kind == m.FamilyKind.CHARACTER else "cards"
        self.report.count(table, "unchanged" if not written else "created" if instance is None else "updated")


def _same_effects(instance: Any, values: Mapping[str, Any]) -> bool:
    """Whether the instance's effect fields hold exactly what ``values`` (a compilation) says."""
    return all(getattr(instance, k) == v for k, v in values.items())


def _messages(exc: ValidationError) -> str:
    if hasattr(exc, "error_dict"):
        return "; ".join(f"{name}: {' '.join(msgs)}" for name, msgs in exc.message_dict.items())
    return " ".join(exc.messages)


def community_file_read(*, path: Path | str) -> list[Mapping[str, Any]]:
    """The records of a community dump; :class:`ImportFileError` if the file is not one."""
    try:
        with Path(path).open(encoding="utf-8") as fh:
            data = json.load(fh)
    except FileNotFoundError:
        raise ImportFileError(f"{path}: no such file") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ImportFileError(f"{path}: not a JSON file: {exc}") from None
    if isinstance(data, Mapping) and isinstance(data.get("cards"), list):
        data = data["cards"]
    if not isinstance(data, list):
        raise ImportFileError(f"{path}: expected a list of card records, got {type(data).__name__}")
    seen: set[str] = set()
    for index, record in enumerate(data):
        if not isinstance(record, Mapping):
            raise ImportFileError(f"{path}: record [{index}] is not an object")
        if (
            isinstance(record.get("id"), bool)
            or not isinstance(record.get("id"), int | str)
            or record["id"] == ""
        ):
            raise ImportFileError(f"{path}: record [{index}] has no id")
        record_id = str(record["id"]).strip()
        if record_id in seen:
            raise ImportFileError(f"{path}: id {record_id} appears twice")
        seen.add(record_id)
    return data


def community_import(*, path: Path | str, dry_run: bool = False) -> ImportReport:
    """Import a community ``cards.json`` in one transaction (rolled back when ``dry_run``).

    Idempotent: the dump's ids are kept (``community_id``), so a second import updates and never
    duplicates. The reference tables must be loaded first (``load_cardset``).
    """
    records = community_file_read(path=path)
    if not m.CardType.objects.exists():
        raise ImportFileError("the reference tables are empty: run load_cardset first")
    report = ImportReport(records=len(records), dry_run=dry_run)
    with transaction.atomic():
        with catalog_batch():
            _Importer(records, report).run()
        if dry_run:
            transaction.set_rollback(True)
    return report
