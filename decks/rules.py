"""The deck-building rules as named settings (docs/rules/eredan.md §2), and the stable violation codes.

Every decision the validator takes is a field of :class:`DeckRules`; :data:`DEFAULT_RULES` is the
game as the rules page describes it. Pure Python: imports no Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from cards.domain.specs import MAGE, MERCENARY_GUILD, NEHANTIST_GUILD, PRIEST


class ViolationCode(StrEnum):
    """Stable machine-readable violation codes (docs/rules/eredan.md §2). Never rename one."""

    UNKNOWN_CHARACTER = "unknown_character"
    """A character slug (or name) that the catalog does not know, or that names a non-character."""
    UNKNOWN_CARD = "unknown_card"
    """A card slug that the catalog does not know, a character given as a card, or a card that
    cannot go in a deck (non-playable: XP cards, lottery tickets… — see
    :attr:`DeckRules.unplayable_cards_allowed`)."""
    CHARACTER_COUNT = "character_count"
    """§2.1: not exactly :attr:`DeckRules.character_count` characters."""
    DUPLICATE_CHARACTER = "duplicate_character"
    """§2.1: two characters of the same evolution family ("three different families")."""
    DECK_SIZE = "deck_size"
    """§2.1: fewer than :attr:`DeckRules.min_cards` or more than :attr:`DeckRules.max_cards` cards."""
    GUILD_CONFLICT = "guild_conflict"
    """§2.2: characters of different guilds (Mercenaries aside)."""
    MERCENARY_NEHANTISTE = "mercenary_nehantiste"
    """§2.3: a Mercenary character beside a Néhantiste character."""
    CARD_AFFILIATION = "card_affiliation"
    """§2.4: a card affiliated to another guild than the deck's (any affiliated card in a
    Mercenary deck)."""
    COPY_LIMIT = "copy_limit"
    """§2.5: more than :attr:`DeckRules.copy_limit` copies of a card, evolutions of one family
    counted together."""
    UNIQUE_LIMIT = "unique_limit"
    """§2.6: more than :attr:`DeckRules.unique_limit` copy of a unique card."""
    UNIQUE_EVOLUTION = "unique_evolution"
    """§2.7: a unique evolution beside any other evolution of its family."""
    CLASS_REQUIREMENT = "class_requirement"
    """§2.8: no character of the deck can play the card (spell without a Mage or a Guémélite of the
    element, theurgy without a Prêtre, class- or character-reserved card without that class or
    character; a Golem may carry any item)."""
    NOT_OWNED = "not_owned"
    """§2.9: the collection validated against holds fewer copies than the deck uses."""


#: Every code, in the order the validator checks them (and reports them).
VIOLATION_CODES: tuple[str, ...] = tuple(code.value for code in ViolationCode)


@dataclass(frozen=True, slots=True)
class DeckRules:
    """Every rule decision of deck building (docs/rules/eredan.md §2), one named setting each.

    Build a variant with ``dataclasses.replace(DEFAULT_RULES, max_cards=40)``.
    """

    character_count: int = 3
    """§2.1 "Exactly 3 characters"."""

    min_cards: int = 20
    """§2.1 "a deck of 20 to 50 other cards" — the source says a deck of 20 cards; the game's glossary
    gives 20 as the minimum."""

    max_cards: int = 50
    """§2.1 — the game's glossary gives 50 cards as the maximum."""

    copy_limit: int = 3
    """§2.5 "At most 3 copies of a card"."""

    evolutions_share_copy_limit: bool = True
    """§2.5 "Evolutions count as copies of the same card": the copy limit applies to the sum of the
    counts of every evolution level of a family (2× Éclairs 1 + 2× Éclairs 2 = 4 copies). When
    False the limit applies to each card (level) on its own."""

    unique_limit: int = 1
    """§2.6 "Unique cards: 1 copy at most"."""

    unique_evolution_exclusive: bool = True
    """§2.7 "if one evolution of a family is unique, no other evolution of that family may be in the
    deck beside it"."""

    mercenary_guild: str = MERCENARY_GUILD
    """§2.2 — the guild slug of the Mercenaries, who go with any guild and give no affiliation."""

    mercenary_excluded_guilds: frozenset[str] = frozenset({NEHANTIST_GUILD})
    """§2.3 "Mercenary characters cannot be used with Néhantiste characters": guilds whose
    characters may not share a deck with a Mercenary character (``mercenary_nehantiste``)."""

    multi_guild_joins_any_guild: bool = True
    """§2.3 "A Courtisan (a caste) belongs to several guilds at once and may join any of them".
    **[decision]** The data records one printed guild per character and a ``multi_guild`` flag on
    its caste, not the list of its guilds; so a multi-guild character never causes a
    ``guild_conflict`` and takes the guild of the deck's other (non-Mercenary, non-multi-guild)
    characters. When the deck has no such character, the affiliation is the multi-guild
    characters' printed guild; if they print different guilds, the deck takes the one of those
    guilds that its affiliated cards name most (ties: the first slug alphabetically), so the
    result never depends on the order of the characters. A multi-guild character printed
    Néhantiste still counts as Néhantiste for ``mercenary_nehantiste``.
    When False, a multi-guild character is an ordinary character of its printed guild."""

    mercenary_deck_takes_affiliated_cards: bool = False
    """§2.4 "A Mercenary deck takes no affiliated card" (a card affiliated to the Mercenary guild
    itself does fit a Mercenary deck)."""

    spell_classes: frozenset[str] = frozenset({MAGE})
    """§2.8 "a Sortilège needs a Mage in the deck" — the classes whose characters cast any spell."""

    guemelite_casts_own_element: bool = True
    """§2.8 "(or a Guémélite of the spell's element)" and §3 Races: a Guémélite whose race has an
    element casts the spells of that element (the spell's type under ``sort``, e.g. ``eau``)."""

    theurgy_classes: frozenset[str] = frozenset({PRIEST})
    """§2.8 "a Théurgie needs a Prêtre"."""

    golem_carries_any_item: bool = True
    """§2.8 and §3 Races "a Golem may carry any Objet regardless of restrictions": an item whose
    class or character reservation no character meets is still legal beside a Golem."""

    multi_class_plays_all_classes: bool = True
    """§3 Classes, multi-class table: every multi-class character "plays both classes' cards"
    (Mage/Combattant, Mage/Prêtre, …). When False only a character's first class counts."""

    requirement_same_character: bool = True
    """**[decision]** §3 "played by": a card is played by one character, so the kind rule (spell,
    theurgy) and the card's own reservation (class, named character, race) must be met by the
    *same* character. When False, each condition may be met by a different character."""

    unplayable_cards_allowed: bool = False
    """**[decision]** Non-playable cards (``non_jouable`` types: XP cards, lottery, runes, treasures…)
    and cards of types that are not deck cards are refused as ``unknown_card``."""


#: The game as the rules page describes it.
DEFAULT_RULES = DeckRules()

#: English guild names for messages (facts from the game's reference table ``guild.json``); the
#: Django side may pass the database's names instead.
GUILD_NAMES: dict[str, str] = {
    "noz": "Noz'Dingard Envoys",
    "zil": "Zil Warriors",
    "kotoba": "Kotoba",
    "coeur_de_seve": "Sap Heart",
    "pirates": "Pirates",
    "nameades": "Desert Nomads",
    "non_affilies": "Mercenaries",
    "nehantistes": "Nehantists",
    "legion_runique": "Runic Legion",
    "lieurs_de_pierres": "Stone linkers",
}

#: Class names for messages (facts from the game's reference table ``classes.json``).
CLASS_NAMES: dict[str, str] = {
    "combattant": "Combattant",
    "mage": "Mage",
    "maraudeur": "Maraudeur",
    "pretre": "Prêtre",
    "artisan": "Artisan",
    "inconnue": "Inconnue",
    "berserker": "Berserker",
    "barde": "Barde",
}
