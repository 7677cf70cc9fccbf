"""The deck validator (docs/rules/eredan.md §2): every violation of a deck at once, each with a stable code.

Pure Python over the card specs of :mod:`cards.domain.specs`; imports no Django.

Entry points
------------
:func:`validate_deck`
    ``validate_deck(characters=["iro", …], cards={"katana": 3, …}, catalog=catalog)`` — slugs,
    looked up in a :class:`~cards.domain.specs.Catalog` (unknown slugs are violations
    ``unknown_character`` / ``unknown_card``). Optional ``owned`` (slug → owned copies) adds the
    ownership check (``not_owned``, with the missing counts); ``rules`` swaps the rule settings.
:func:`validate_specs` / :func:`validate_deck_spec`
    The same checks on specs already looked up (a :class:`~cards.domain.specs.DeckSpec`).

The result is a :class:`ValidationResult`: ``valid``, the deck's ``affiliation`` (a guild slug, or
``None`` when the characters do not determine one) and every :class:`Violation`, in a stable order:
by code (the order of :data:`decks.rules.VIOLATION_CODES`), then by the slugs concerned. Reordering
the characters or the cards never changes the result.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from cards.domain.specs import SPELL, THEURGY, CardSpec, Catalog, CharacterSpec, DeckSpec
from decks.rules import CLASS_NAMES, DEFAULT_RULES, GUILD_NAMES, DeckRules, ViolationCode

__all__ = [
    "ValidationResult",
    "Violation",
    "card_label",
    "validate_deck",
    "validate_deck_spec",
    "validate_specs",
]

_CHARACTER_TYPE_ROOT = "personnage"


class Violation(NamedTuple):
    """One broken rule: a stable ``code``, a readable ``message`` and the slugs concerned.

    ``missing`` is set for ``not_owned`` only: ``((slug, copies missing), …)``. (A named tuple:
    immutable, and the cheapest value object to build on the validator's hot path.)
    """

    code: str
    message: str
    characters: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()
    missing: tuple[tuple[str, int], ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "code": self.code,
            "message": self.message,
            "characters": list(self.characters),
            "cards": list(self.cards),
        }
        if self.missing:
            data["missing"] = dict(self.missing)
        return data


class ValidationResult(NamedTuple):
    valid: bool
    affiliation: str | None
    violations: tuple[Violation, ...] = ()

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(v.code for v in self.violations)

    def to_json(self) -> dict[str, Any]:
        """The API shape: ``{"valid", "affiliation", "errors": [{"code", "message", …}]}``."""
        return {
            "valid": self.valid,
            "affiliation": self.affiliation,
            "errors": [v.to_json() for v in self.violations],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ValidationResult:
        return cls(
            valid=bool(data["valid"]),
            affiliation=data.get("affiliation"),
            violations=tuple(
                Violation(
                    code=e["code"],
                    message=e["message"],
                    characters=tuple(e.get("characters", ())),
                    cards=tuple(e.get("cards", ())),
                    missing=tuple(sorted((e.get("missing") or {}).items())),
                )
                for e in data.get("errors", ())
            ),
        )


# --- labels for messages --------------------------------------------------------------------------

_multi_level_cache: tuple[Catalog, frozenset[str]] | None = None


def _multi_level_families(catalog: Catalog) -> frozenset[str]:
    """Card families with more than one evolution level in ``catalog`` (cached for the last one)."""
    global _multi_level_cache
    cached = _multi_level_cache
    if cached is not None and cached[0] is catalog:
        return cached[1]
    seen: set[str] = set()
    multi: set[str] = set()
    for card in catalog.cards.values():
        if card.family in seen:
            multi.add(card.family)
        seen.add(card.family)
    result = frozenset(multi)
    _multi_level_cache = (catalog, result)
    return result


def card_label(card: CardSpec, catalog: Catalog | None = None) -> str:
    """A card's French name, with its level when its family has several (``Éclairs (niveau 3)``).

    Without a catalog, the level is shown for any level above 1.
    """
    if catalog is not None:
        show_level = card.family in _multi_level_families(catalog)
    else:
        show_level = card.level != 1
    return f"{card.name_fr} (niveau {card.level})" if show_level else card.name_fr


def _join(labels: Iterable[str]) -> str:
    items = list(labels)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _guild(slug: str, names: Mapping[str, str]) -> str:
    return names.get(slug, slug)


# --- the checks -----------------------------------------------------------------------------------


# Per card, what the checks need, computed once per catalog: (spec, family, guild, unique, check,
# unplayable). ``check``: 0 anyone may play it; 1 a spell, 2 a theurgy (no reservation); 3 a
# reserved card (docs/rules/eredan.md §2.8).
_CardInfo = tuple[CardSpec, str, "str | None", bool, int, bool]
_NO_CHECK, _SPELL_CHECK, _THEURGY_CHECK, _FULL_CHECK = 0, 1, 2, 3

_info_cache: tuple[Catalog, dict[str, _CardInfo]] | None = None


def _card_info(card: CardSpec) -> _CardInfo:
    kind = card.kind
    if not card.requirements.empty:
        check = _FULL_CHECK
    elif kind == SPELL:
        check = _SPELL_CHECK
    elif kind == THEURGY:
        check = _THEURGY_CHECK
    else:
        check = _NO_CHECK
    unplayable = not card.playable or card.type_path[0] == _CHARACTER_TYPE_ROOT
    return (card, card.family, card.guild, card.unique, check, unplayable)


def _card_infos(catalog: Catalog) -> dict[str, _CardInfo]:
    """Slug → card info for every card of ``catalog`` (built once for the catalog last used)."""
    global _info_cache
    cached = _info_cache
    if cached is not None and cached[0] is catalog:
        return cached[1]
    infos = {slug: _card_info(card) for slug, card in catalog.cards.items()}
    _info_cache = (catalog, infos)
    return infos


def validate_deck(
    *,
    characters: Sequence[str],
    cards: Mapping[str, int],
    catalog: Catalog,
    owned: Mapping[str, int] | None = None,
    rules: DeckRules = DEFAULT_RULES,
    guild_names: Mapping[str, str] = GUILD_NAMES,
) -> ValidationResult:
    """Validate a deck given as slugs (docs/rules/eredan.md §2).

    ``characters``: the character slugs (a deck needs three). ``cards``: card slug → number of
    copies (each ≥ 1; ``ValueError`` otherwise: reject bad input before calling). ``owned``: when
    given, card or character slug → copies owned by the collection checked against (docs/rules/eredan.md
    §2.9); a deck needs one copy of each character and ``count`` copies of each card.
    """
    char_specs: list[CharacterSpec] = []
    unknown_chars: list[str] = []
    known_characters = catalog.characters
    for slug in characters:
        spec = known_characters.get(slug)
        if spec is None:
            unknown_chars.append(slug)
        else:
            char_specs.append(spec)
    items: list[tuple[_CardInfo, int]] = []
    unknown_cards: list[str] = []
    infos = _card_infos(catalog)
    size = 0
    for slug, count in cards.items():
        if type(count) is not int or count < 1:
            raise ValueError(f"card {slug!r}: a count must be a positive integer, not {count!r}")
        size += count
        info = infos.get(slug)
        if info is None:
            unknown_cards.append(slug)
        else:
            items.append((info, count))
    return _validate(
        char_specs,
        items,
        n_characters=len(characters),
        size=size,
        unknown_chars=unknown_chars,
        unknown_cards=unknown_cards,
        owned=owned,
        rules=rules,
        guild_names=guild_names,
        catalog=catalog,
    )


def validate_specs(
    *,
    characters: Sequence[CharacterSpec],
    cards: Iterable[tuple[CardSpec, int]],
    owned: Mapping[str, int] | None = None,
    rules: DeckRules = DEFAULT_RULES,
    guild_names: Mapping[str, str] = GUILD_NAMES,
    catalog: Catalog | None = None,
) -> ValidationResult:
    """Validate a deck given as specs (``cards``: (spec, count) pairs; one pair per card)."""
    merged: dict[str, tuple[CardSpec, int]] = {}
    size = 0
    for card, count in cards:
        if type(count) is not int or count < 1:
            raise ValueError(f"card {card.slug!r}: a count must be a positive integer, not {count!r}")
        size += count
        previous = merged.get(card.slug)
        merged[card.slug] = (card, count + (previous[1] if previous else 0))
    return _validate(
        list(characters),
        [(_card_info(card), count) for card, count in merged.values()],
        n_characters=len(characters),
        size=size,
        unknown_chars=[],
        unknown_cards=[],
        owned=owned,
        rules=rules,
        guild_names=guild_names,
        catalog=catalog,
    )


def validate_deck_spec(
    deck: DeckSpec,
    *,
    owned: Mapping[str, int] | None = None,
    rules: DeckRules = DEFAULT_RULES,
    catalog: Catalog | None = None,
) -> ValidationResult:
    """Validate a :class:`~cards.domain.specs.DeckSpec` (e.g. a bundled demo deck)."""
    return validate_specs(
        characters=deck.characters, cards=deck.cards, owned=owned, rules=rules, catalog=catalog
    )


def _validate(
    chars: list[CharacterSpec],
    items: list[tuple[_CardInfo, int]],
    *,
    n_characters: int,
    size: int,
    unknown_chars: list[str],
    unknown_cards: list[str],
    owned: Mapping[str, int] | None,
    rules: DeckRules,
    guild_names: Mapping[str, str],
    catalog: Catalog | None,
) -> ValidationResult:
    """Every check of docs/rules/eredan.md §2. One pass over the cards gathers what the checks need; the
    messages are built (and the offenders sorted, so the order of the input never matters) only
    when a rule is broken."""
    out: list[Violation] = []
    add = out.append
    code = ViolationCode
    # One pass over the cards.
    family_totals: dict[str, int] = {}
    shared_families: set[str] = set()  # families with several levels in the deck
    affiliated: list[tuple[_CardInfo, int]] = []
    unique_over: list[tuple[CardSpec, int]] = []
    to_check: list[_CardInfo] = []
    unplayable: list[CardSpec] = []
    unique_limit = rules.unique_limit
    for item in items:
        info, count = item
        family = info[1]
        total = family_totals.get(family)
        if total is None:
            family_totals[family] = count
        else:
            family_totals[family] = total + count
            shared_families.add(family)
        if info[2] is not None:
            affiliated.append(item)
        if info[3] and count > unique_limit:
            unique_over.append((info[0], count))
        if info[4]:
            to_check.append(info)
        if info[5]:
            unplayable.append(info[0])

    # docs/rules/eredan.md §2 — unknown slugs are reported first: the other checks ignore them.
    if unknown_chars:
        for slug in sorted(set(unknown_chars)):
            add(Violation(code.UNKNOWN_CHARACTER, f"Unknown character {slug!r}.", characters=(slug,)))
    if rules.unplayable_cards_allowed:
        unplayable = []
    if unknown_cards or unplayable:
        bad = [(slug, f"Unknown card {slug!r}.") for slug in unknown_cards]
        bad += [(c.slug, f"{card_label(c, catalog)} cannot go in a deck.") for c in unplayable]
        for slug, message in sorted(bad):
            add(Violation(code.UNKNOWN_CARD, message, cards=(slug,)))

    # docs/rules/eredan.md §2.1 — exactly three characters, of three different families.
    if n_characters != rules.character_count:
        add(
            Violation(
                code.CHARACTER_COUNT,
                f"A deck needs exactly {rules.character_count} characters, not {n_characters}.",
                characters=tuple(sorted([c.slug for c in chars] + unknown_chars)),
            )
        )
    char_families = {c.family for c in chars}
    repeated_unknown = (
        sorted({s for s in unknown_chars if unknown_chars.count(s) > 1}) if len(unknown_chars) > 1 else []
    )
    if len(char_families) != len(chars) or repeated_unknown:
        families: dict[str, list[CharacterSpec]] = {}
        for character in chars:
            families.setdefault(character.family, []).append(character)
        for _, same_family in sorted(families.items()):
            if len(same_family) > 1:
                same_family.sort(key=_slug_of)
                add(
                    Violation(
                        code.DUPLICATE_CHARACTER,
                        f"{_join(c.name_fr for c in same_family)}: the three characters must be of "
                        "different families.",
                        characters=tuple(c.slug for c in same_family),
                    )
                )
        for slug in repeated_unknown:
            add(Violation(code.DUPLICATE_CHARACTER, f"{slug!r} is given more than once.", characters=(slug,)))

    # docs/rules/eredan.md §2.1 — 20 to 50 other cards.
    if not rules.min_cards <= size <= rules.max_cards:
        add(
            Violation(
                code.DECK_SIZE,
                f"A deck has {rules.min_cards} to {rules.max_cards} cards; this one has {size}.",
            )
        )

    # docs/rules/eredan.md §2.2–2.3 — guilds and the deck's affiliation.
    merc_guild = rules.mercenary_guild
    mercs: list[CharacterSpec] = []
    multi: list[CharacterSpec] = []
    plain_guilds: dict[str, list[CharacterSpec]] = {}
    multi_joins = rules.multi_guild_joins_any_guild
    for character in chars:
        guild = character.guild
        if guild == merc_guild:
            mercs.append(character)
        elif multi_joins and character.multi_guild:
            multi.append(character)
        elif guild in plain_guilds:
            plain_guilds[guild].append(character)
        else:
            plain_guilds[guild] = [character]
    affiliation: str | None = None
    if len(plain_guilds) > 1:
        involved = sorted((c for group in plain_guilds.values() for c in group), key=_slug_of)
        add(
            Violation(
                code.GUILD_CONFLICT,
                "Characters of different guilds cannot be mixed (Mercenaries aside): "
                + _join(f"{c.name_fr} ({_guild(c.guild, guild_names)})" for c in involved)
                + ".",
                characters=tuple(c.slug for c in involved),
            )
        )
    elif plain_guilds:
        affiliation = next(iter(plain_guilds))
    elif multi:
        affiliation = _multi_guild_affiliation(multi, affiliated)
    elif mercs:
        affiliation = merc_guild
    if mercs and rules.mercenary_excluded_guilds:
        excluded = sorted((c for c in chars if c.guild in rules.mercenary_excluded_guilds), key=_slug_of)
        if excluded:
            mercs.sort(key=_slug_of)
            involved = sorted(mercs + excluded, key=_slug_of)
            add(
                Violation(
                    code.MERCENARY_NEHANTISTE,
                    f"Mercenary characters ({_join(c.name_fr for c in mercs)}) cannot be used with "
                    f"{_join(c.name_fr for c in excluded)} "
                    f"({_join(sorted({_guild(c.guild, guild_names) for c in excluded}))}).",
                    characters=tuple(c.slug for c in involved),
                )
            )

    # docs/rules/eredan.md §2.4 — affiliated cards match the deck's affiliation.
    if chars and affiliated:
        allowed: set[str] | None
        if affiliation is None:
            allowed = set(plain_guilds)  # a guild conflict: refuse only cards of none of the guilds
        elif affiliation == merc_guild:
            allowed = None if rules.mercenary_deck_takes_affiliated_cards else {merc_guild}
        else:
            allowed = {affiliation}
        if allowed is not None:
            offenders = [info[0] for info, _ in affiliated if info[2] not in allowed]
            if affiliation is None:
                deck = "none of the characters' guilds"
            elif affiliation == merc_guild:
                deck = "a Mercenary deck takes no affiliated card"
            else:
                deck = f"this deck is {_guild(affiliation, guild_names)}"
            for card in sorted(offenders, key=_slug_of_card) if offenders else ():
                add(
                    Violation(
                        code.CARD_AFFILIATION,
                        f"{card_label(card, catalog)} is affiliated to "
                        f"{_guild(card.guild or '', guild_names)}; {deck}.",
                        cards=(card.slug,),
                    )
                )

    # docs/rules/eredan.md §2.5–2.7 — copies, unique cards, unique evolutions.
    limit = rules.copy_limit
    if rules.evolutions_share_copy_limit:
        over = [family for family, total in family_totals.items() if total > limit]
        if over:
            members_of = _members(items, set(over))
            for family in sorted(over, key=lambda f: members_of[f][0][0].slug):
                members = members_of[family]
                total = family_totals[family]
                what = (
                    f"{_join(f'{count}× {card_label(card, catalog)}' for card, count in members)} "
                    f"are {total} copies of one card (evolutions count together)"
                    if len(members) > 1
                    else f"{total}× {card_label(members[0][0], catalog)}"
                )
                add(
                    Violation(
                        code.COPY_LIMIT,
                        f"At most {limit} copies of a card: {what}.",
                        cards=tuple(card.slug for card, _ in members),
                    )
                )
    else:
        for card, count in sorted(((i[0], n) for i, n in items if n > limit), key=_first_slug):
            add(
                Violation(
                    code.COPY_LIMIT,
                    f"At most {limit} copies of a card: {count}× {card_label(card, catalog)}.",
                    cards=(card.slug,),
                )
            )
    if unique_over:
        for card, count in sorted(unique_over, key=_first_slug):
            add(
                Violation(
                    code.UNIQUE_LIMIT,
                    f"{card_label(card, catalog)} is unique: {unique_limit} copy at most, not {count}.",
                    cards=(card.slug,),
                )
            )
    if rules.unique_evolution_exclusive and shared_families:
        members_of = _members(items, shared_families)
        for family in sorted(shared_families, key=lambda f: members_of[f][0][0].slug):
            members = members_of[family]
            uniques = [card for card, _ in members if card.unique]
            if uniques:
                add(
                    Violation(
                        code.UNIQUE_EVOLUTION,
                        f"{_join(card_label(c, catalog) for c in uniques)} "
                        f"{'is' if len(uniques) == 1 else 'are'} unique: no other evolution of "
                        "the family may be beside it "
                        f"({_join(card_label(c, catalog) for c, _ in members)}).",
                        cards=tuple(card.slug for card, _ in members),
                    )
                )

    # docs/rules/eredan.md §2.8 — some character of the deck can play each card.
    if chars and to_check:
        _check_requirements(chars, to_check, rules, catalog, add)

    # docs/rules/eredan.md §2.9 — the collection holds every copy.
    if owned is not None:
        needed: dict[str, int] = {}
        for character in chars:
            needed[character.slug] = needed.get(character.slug, 0) + 1
        for slug, need in sorted(needed.items()):
            have = owned.get(slug, 0)
            if have < need:
                add(
                    Violation(
                        code.NOT_OWNED,
                        f"The collection holds {have} of the {need} {_character_name(chars, slug)} needed "
                        f"({need - have} missing).",
                        characters=(slug,),
                        missing=((slug, need - have),),
                    )
                )
        short = [(info[0], count) for info, count in items if owned.get(info[0].slug, 0) < count]
        for card, count in sorted(short, key=_first_slug):
            have = owned.get(card.slug, 0)
            add(
                Violation(
                    code.NOT_OWNED,
                    f"The collection holds {have} of the {count} {card_label(card, catalog)} needed "
                    f"({count - have} missing).",
                    cards=(card.slug,),
                    missing=((card.slug, count - have),),
                )
            )

    return ValidationResult(valid=not out, affiliation=affiliation, violations=tuple(out))


def _slug_of(character: CharacterSpec) -> str:
    return character.slug


def _slug_of_card(card: CardSpec) -> str:
    return card.slug


def _first_slug(item: tuple[CardSpec, int]) -> str:
    return item[0].slug


def _members(items: list[tuple[_CardInfo, int]], families: set[str]) -> dict[str, list[tuple[CardSpec, int]]]:
    """The (card, count) of the deck in each of ``families``, sorted by slug."""
    out: dict[str, list[tuple[CardSpec, int]]] = {}
    for info, count in items:
        if info[1] in families:
            out.setdefault(info[1], []).append((info[0], count))
    for members in out.values():
        members.sort(key=_first_slug)
    return out


def _character_name(chars: list[CharacterSpec], slug: str) -> str:
    return next(c.name_fr for c in chars if c.slug == slug)


def _multi_guild_affiliation(multi: list[CharacterSpec], affiliated: list[tuple[_CardInfo, int]]) -> str:
    """docs/rules/eredan.md §2.3 Courtisan — see :attr:`DeckRules.multi_guild_joins_any_guild`."""
    candidates = sorted({c.guild for c in multi})
    if len(candidates) == 1:
        return candidates[0]
    weight = dict.fromkeys(candidates, 0)
    for info, count in affiliated:
        guild = info[2]
        if guild in weight:
            weight[guild] += count
    return min(candidates, key=lambda g: (-weight[g], g))


def _check_requirements(
    chars: list[CharacterSpec],
    to_check: list[_CardInfo],
    rules: DeckRules,
    catalog: Catalog | None,
    add: Callable[[Violation], None],
) -> None:
    all_classes = rules.multi_class_plays_all_classes
    spell_classes = rules.spell_classes
    theurgy_classes = rules.theurgy_classes
    guemelites = rules.guemelite_casts_own_element
    # who may play a card by its kind (docs/rules/eredan.md §2.8), for the whole deck
    any_mage = any_priest = False
    deck_elements: set[str] = set()
    for c in chars:
        cls = c.classes if all_classes else c.classes[:1]
        if not any_mage and not spell_classes.isdisjoint(cls):
            any_mage = True
        if not any_priest and not theurgy_classes.isdisjoint(cls):
            any_priest = True
        if guemelites and c.element is not None and c.is_guemelite:
            deck_elements.add(c.element)
    failed: list[CardSpec] = []
    for info in to_check:
        card, check = info[0], info[4]
        if check == _SPELL_CHECK:
            ok = any_mage or card.element in deck_elements
        elif check == _THEURGY_CHECK:
            ok = any_priest
        else:
            ok = _reserved_card_playable(card, chars, rules)
        if not ok:
            failed.append(card)
    for card in sorted(failed, key=_slug_of_card):
        add(
            Violation(
                ViolationCode.CLASS_REQUIREMENT,
                f"No character of this deck can play {card_label(card, catalog)}: "
                f"{_requirement_text(card, rules)}.",
                cards=(card.slug,),
            )
        )


def _reserved_card_playable(card: CardSpec, chars: list[CharacterSpec], rules: DeckRules) -> bool:
    """Whether a character of ``chars`` can play a card with a reservation (docs/rules/eredan.md §2.8)."""
    all_classes = rules.multi_class_plays_all_classes
    classes = [c.classes if all_classes else c.classes[:1] for c in chars]
    kind = card.kind
    if kind == SPELL:
        casters = [
            not rules.spell_classes.isdisjoint(classes[i])
            or (
                rules.guemelite_casts_own_element
                and c.element is not None
                and c.is_guemelite
                and c.element == card.element
            )
            for i, c in enumerate(chars)
        ]
    elif kind == THEURGY:
        casters = [not rules.theurgy_classes.isdisjoint(cls) for cls in classes]
    else:
        casters = [True] * len(chars)
    # who meets the card's own reservation
    requirements = card.requirements
    golem_item = rules.golem_carries_any_item and card.is_item
    allowed = [
        not requirements.classes.isdisjoint(classes[i])
        or c.family in requirements.characters
        or c.race in requirements.races
        or (c.race_parent is not None and c.race_parent in requirements.races)
        or (golem_item and c.is_golem)
        for i, c in enumerate(chars)
    ]
    if rules.requirement_same_character:
        return any(a and b for a, b in zip(casters, allowed, strict=True))
    return any(casters) and any(allowed)


def _requirement_text(card: CardSpec, rules: DeckRules) -> str:
    needs: list[str] = []
    if card.kind == SPELL:
        what = "a " + " or ".join(sorted(CLASS_NAMES.get(c, c) for c in rules.spell_classes))
        if rules.guemelite_casts_own_element and card.element:
            what += f" or a Guémélite of its element ({card.element})"
        needs.append(f"a spell needs {what}")
    elif card.kind == THEURGY:
        priests = " or ".join(sorted(CLASS_NAMES.get(c, c) for c in rules.theurgy_classes))
        needs.append(f"a theurgy needs a {priests}")
    req = card.requirements
    if not req.empty:
        parts = [f"class {CLASS_NAMES.get(s, s)}" for s in sorted(req.classes)]
        parts += [f"character {s}" for s in sorted(req.characters)]
        parts += [f"race {s}" for s in sorted(req.races)]
        text = "it is reserved to " + " or ".join(parts)
        if card.is_item and rules.golem_carries_any_item:
            text += " (or a Golem)"
        needs.append(text)
    if len(needs) > 1 and rules.requirement_same_character:
        return "; ".join(needs) + " — the same character"
    return "; ".join(needs)
