"""Reads of the card database: querysets for the API and admin, exports, statistics."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet

from cards.domain.text_compiler import TextCompiler
from cards.domain.vocabulary import Vocabulary, fold, vocabulary_from_reference
from cards.models import (
    Card,
    CardType,
    Caste,
    Character,
    CharacterClass,
    EvolutionFamily,
    Guild,
    Race,
    Rarity,
)


def character_list() -> QuerySet[Character]:
    """Characters with what their list rows show, in a fixed number of queries."""
    return Character.objects.select_related("family", "guild", "race", "rarity", "card_set").prefetch_related(
        Prefetch("classes", queryset=CharacterClass.objects.order_by("slug")),
        Prefetch("castes", queryset=Caste.objects.order_by("slug")),
    )


def card_list() -> QuerySet[Card]:
    return Card.objects.select_related("family", "type", "guild", "rarity", "card_set").prefetch_related(
        "required_classes", "required_characters", "required_races", "required_castes"
    )


def family_list() -> QuerySet[EvolutionFamily]:
    return EvolutionFamily.objects.annotate(
        level_count=Count("characters", distinct=True) + Count("cards", distinct=True)
    ).order_by("name_en", "slug")


def card_type_descendants(*, slugs: Iterable[str]) -> set[str]:
    """The given card types and every type below them in the tree (one query)."""
    children: dict[str | None, list[str]] = {}
    for slug, parent in CardType.objects.values_list("slug", "parent__slug"):
        children.setdefault(parent, []).append(slug)
    found: set[str] = set()
    todo = list(slugs)
    while todo:
        slug = todo.pop()
        if slug in found:
            continue
        found.add(slug)
        todo.extend(children.get(slug, []))
    return found


def cards_of_type(*, queryset: QuerySet[Card], slugs: Iterable[str]) -> QuerySet[Card]:
    """Cards of these types or any of their subtypes (``objet`` = every item)."""
    return queryset.filter(type__slug__in=card_type_descendants(slugs=slugs))


# --- export in the card set file format (loadable with load_cardset) -----------------------------


def _common_row(entry: Character | Card) -> dict[str, Any]:
    return {
        "slug": entry.slug,
        "family": entry.family.slug,
        "level": entry.level,
        "name_en": entry.name_en,
        "name_fr": entry.name_fr,
        "unique": entry.unique,
    }


def _provenance(entry: Character | Card) -> dict[str, Any]:
    return {
        "rarity": entry.rarity.slug if entry.rarity else None,
        "set": entry.card_set.slug if entry.card_set else None,
        "source_seq": list(entry.source_seq),
        "notes": entry.notes,
    }


def character_export_rows(*, characters: Iterable[Character]) -> list[dict[str, Any]]:
    """Characters as ``characters.json`` rows (the card set file format)."""
    return [
        {
            **_common_row(c),
            "guild": c.guild.slug,
            "classes": sorted(k.slug for k in c.classes.all()),
            "race": c.race.slug,
            "castes": sorted(k.slug for k in c.castes.all()),
            "hp": c.hp,
            "attack": [c.attack_min, c.attack_max],
            "defense": c.defense,
            "spirit": c.spirit,
            "orders": c.orders,
            "abilities": c.abilities,
            "stats_source": c.stats_source,
            **_provenance(c),
        }
        for c in characters
    ]


def _requirements_row(card: Card) -> dict[str, list[str]]:
    """A card's requirements as slugs (``castes`` only when it has some: version-1 rows unchanged)."""
    row = {
        "classes": sorted(k.slug for k in card.required_classes.all()),
        "characters": sorted(f.slug for f in card.required_characters.all()),
        "races": sorted(r.slug for r in card.required_races.all()),
    }
    castes = sorted(c.slug for c in card.required_castes.all())
    if castes:
        row["castes"] = castes
    return row


def card_export_rows(*, cards: Iterable[Card]) -> list[dict[str, Any]]:
    """Cards as ``cards.json`` rows (the card set file format)."""
    return [
        {
            **_common_row(c),
            "type": c.type.slug,
            "guild": c.guild.slug if c.guild else None,
            "requirements": _requirements_row(c),
            "zone": c.zone,
            "chain": c.chain,
            "dual_wield": c.dual_wield,
            "effects": c.effects,
            "xp_value": c.xp_value,
            **({"play": c.play} if c.play else {}),
            **_provenance(c),
        }
        for c in cards
    ]


# --- statistics ---------------------------------------------------------------------------------


#: The key of ``cardset_stats`` counts for entries without a guild or a rarity.
NONE = "(none)"


def cardset_stats() -> dict[str, Any]:
    """Counts of the card database: characters and cards per guild and per rarity, cards per type
    and per kind. An entry without a guild or a rarity (the bundled set's rarities are unknown)
    counts under ``"(none)"``."""
    guild_names = dict(Guild.objects.values_list("slug", "name_en"))
    characters_per_guild = Counter(dict(Character.objects.values_list("guild__slug").annotate(n=Count("id"))))
    cards_per_guild = Counter(
        {(k or NONE): n for k, n in Card.objects.values_list("guild__slug").annotate(n=Count("id"))}
    )
    cards_per_type = Counter(dict(Card.objects.values_list("type__slug").annotate(n=Count("id"))))
    characters_per_rarity, cards_per_rarity = (
        Counter(
            {(k or NONE): n for k, n in model.objects.values_list("rarity__slug").annotate(n=Count("id"))}
        )
        for model in (Character, Card)
    )
    roots: dict[str, str] = {}
    parents = dict(CardType.objects.values_list("slug", "parent__slug"))
    for slug in cards_per_type:
        node = slug
        while parents.get(node):
            node = parents[node]
        roots[slug] = node
    cards_per_root: Counter[str] = Counter()
    for slug, n in cards_per_type.items():
        cards_per_root[roots[slug]] += n
    families = EvolutionFamily.objects.annotate(
        n=Count("characters", distinct=True) + Count("cards", distinct=True)
    ).filter(n__gte=2)
    return {
        "characters": Character.objects.count(),
        "cards": Card.objects.count(),
        "characters_per_guild": dict(sorted(characters_per_guild.items())),
        "cards_per_guild": dict(sorted(cards_per_guild.items())),
        "cards_per_type": dict(sorted(cards_per_type.items())),
        "cards_per_root_type": dict(sorted(cards_per_root.items())),
        "characters_per_rarity": dict(sorted(characters_per_rarity.items())),
        "cards_per_rarity": dict(sorted(cards_per_rarity.items())),
        "rarity_names": dict(Rarity.objects.values_list("slug", "name_en")),
        "families_with_levels": families.count(),
        "unique": {
            "characters": Character.objects.filter(unique=True).count(),
            "cards": Card.objects.filter(unique=True).count(),
        },
        "estimated_stats": Character.objects.filter(Q(stats_source="estimated")).count(),
        "guild_names": guild_names,
    }


# --- the vocabulary of the rules-text compiler -------------------------------------------------


def text_vocabulary() -> Vocabulary:
    """The card texts' words (guilds, classes, races, castes, card types) from the reference tables
    of the database (loaded by ``load_cardset``): a fixed number of queries."""
    reference: dict[str, list[dict[str, Any]]] = {
        "guilds": [dict(row) for row in Guild.objects.values("slug", "name_fr")],
        "classes": [dict(row) for row in CharacterClass.objects.values("slug", "name_fr")],
        "races": [
            {"slug": slug, "name_fr": name, "parent": parent}
            for slug, name, parent in Race.objects.values_list("slug", "name_fr", "parent__slug")
        ],
        "castes": [dict(row) for row in Caste.objects.values("slug", "name_fr")],
        "card_types": [
            {"slug": slug, "name_fr": name, "parent": parent, "character_type": character_type}
            for slug, name, parent, character_type in CardType.objects.values_list(
                "slug", "name_fr", "parent__slug", "character_type"
            )
        ],
    }
    return vocabulary_from_reference(reference)


def text_compiler_build() -> TextCompiler:
    """The rules-text compiler with the database's words and card names (two small queries)."""
    return TextCompiler(text_vocabulary(), text_families())


def text_families() -> dict[str, str]:
    """Folded card and character names -> their evolution family slugs (one query): the quoted
    names of a rules text ("Enchaînement 'Wakizashi'") become these families."""
    out: dict[str, str] = {}
    for slug, name_fr, name_en in EvolutionFamily.objects.values_list("slug", "name_fr", "name_en"):
        for name in (name_en, name_fr):
            out.setdefault(fold(name), slug)
    return out
