"""Readable rules text, in English and French, generated from the structured data.

The wording is the project's own: it is derived from the effect schema (:mod:`cards.domain.effects`),
never copied from the publisher's card texts. Slugs are turned into names with a :class:`Names`
table (built from the reference tables and the evolution families); an unknown slug is shown as is.

    >>> card_text(spec, "fr", names)
    'Réservée à : Mage.\\nInflige 2 à 3 dégâts magiques (réduits par l'Esprit) à l'adversaire.'
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from cards.domain.effects import (
    MARKERS_ALL,
    ActsNow,
    AdvanceTurns,
    AllyFilter,
    Amount,
    Attach,
    AttackKind,
    Become,
    Bound,
    CardMatch,
    CardsLast,
    CardTo,
    Carry,
    Chain,
    ChainOn,
    Compare,
    Condition,
    Cost,
    Count,
    Counter,
    CreateCard,
    Damage,
    DamageDealt,
    DamageTaken,
    Discard,
    DiscardAttached,
    Double,
    Draw,
    DrawPhase,
    Duration,
    Effect,
    Event,
    ExtraAttack,
    Forbid,
    GrantOrder,
    Heal,
    HealDealt,
    Immune,
    LoseHp,
    Marker,
    MayAttach,
    MayPlay,
    Mill,
    Modify,
    MoveCards,
    OneOf,
    Pay,
    PlayCard,
    Revive,
    Scaled,
    Selector,
    SetStat,
    Swap,
    Tap,
    Target,
    Traits,
    Trigger,
    Turns,
    Untap,
    effect_target,
)
from cards.domain.specs import CardSpec, CharacterSpec, Order, PlayRules, PlayVariant, Starts, Stays

Lang = Literal["en", "fr"]
LANGS: tuple[Lang, ...] = ("en", "fr")
NameTable = Mapping[str, tuple[str, str]]  # slug -> (English, French)


@dataclass(frozen=True)
class Names:
    """Display names by slug, per kind of thing a rule can name."""

    classes: NameTable = field(default_factory=dict)
    races: NameTable = field(default_factory=dict)
    guilds: NameTable = field(default_factory=dict)
    types: NameTable = field(default_factory=dict)
    families: NameTable = field(default_factory=dict)
    castes: NameTable = field(default_factory=dict)

    @staticmethod
    def _get(table: NameTable, slug: str, lang: Lang) -> str:
        names = table.get(slug)
        if names is None:
            return slug
        return names[0] if lang == "en" else names[1]

    def cls(self, slug: str, lang: Lang) -> str:
        return self._get(self.classes, slug, lang)

    def race(self, slug: str, lang: Lang) -> str:
        return self._get(self.races, slug, lang)

    def guild(self, slug: str, lang: Lang) -> str:
        return self._get(self.guilds, slug, lang)

    def type(self, slug: str, lang: Lang) -> str:
        return self._get(self.types, slug, lang)

    def family(self, slug: str, lang: Lang) -> str:
        return self._get(self.families, slug, lang)

    def caste(self, slug: str, lang: Lang) -> str:
        return self._get(self.castes, slug, lang)


def names_from_reference(
    reference: Mapping[str, Sequence[Mapping[str, object]]],
    families: Mapping[str, tuple[str, str]] | None = None,
) -> Names:
    """A :class:`Names` table from ``reference.json``-shaped tables (and family names by slug)."""

    def table(key: str) -> dict[str, tuple[str, str]]:
        return {str(r["slug"]): (str(r["name_en"]), str(r["name_fr"])) for r in reference.get(key, [])}

    return Names(
        classes=table("classes"),
        races=table("races"),
        guilds=table("guilds"),
        types=table("card_types"),
        families=dict(families or {}),
        castes=table("castes"),
    )


STAT_NAMES: Mapping[str, tuple[str, str]] = {
    "attack": ("Attack", "Attaque"),
    "defense": ("Defense", "Défense"),
    "spirit": ("Spirit", "Esprit"),
    "initiative": ("Initiative", "Initiative"),
    "attack_min": ("Attack min.", "Attaque min."),
    "attack_max": ("Attack max.", "Attaque max."),
    "hp_max": ("HP max.", "PV max."),
    "hp": ("HP", "PV"),
    "hp_missing": ("HP lost", "PV perdus"),
    "level": ("level", "niveau"),
}
#: The French article before a stat's name ("l'Esprit", "la Défense", "les PV").
_FR_ARTICLES: Mapping[str, str] = {
    "attack": "l'",
    "defense": "la ",
    "spirit": "l'",
    "initiative": "l'",
    "attack_min": "l'",
    "attack_max": "l'",
    "hp_max": "les ",
    "hp": "les ",
    "hp_missing": "les ",
    "level": "le ",
}
MODIFY_TARGETS: Mapping[str, tuple[str, str]] = {
    "self": ("", ""),
    "opponent": ("Opponent: ", "Adversaire : "),
    "all_allies": ("All your characters: ", "Tous vos personnages : "),
    "all_enemies": ("All enemy characters: ", "Tous les personnages ennemis : "),
    "other_allies": ("Your other characters: ", "Vos autres personnages : "),
}
DAMAGE_KINDS: Mapping[str, tuple[str, str]] = {
    "physical": ("physical damage (reduced by Defense)", "dégâts physiques (réduits par la Défense)"),
    "magical": ("magic damage (reduced by Spirit)", "dégâts magiques (réduits par l'Esprit)"),
    "direct": ("direct damage (not reduced)", "dégâts directs (non réduits)"),
}
#: The elements of damage (``element`` / ``elements``: "dégâts magiques de type Feu").
ELEMENT_WORDS: Mapping[str, tuple[str, str]] = {
    "feu": ("Fire", "Feu"),
    "air": ("Air", "Air"),
    "eau": ("Water", "Eau"),
    "terre": ("Earth", "Terre"),
    "lumiere": ("Light", "Lumière"),
    "ombre": ("Shadow", "Ombre"),
    "mental": ("Mental", "Mental"),
    "foudre": ("Lightning", "Foudre"),
    "draconique": ("Draconic", "Draconique"),
    "temps": ("Time", "Temps"),
    "nature": ("Nature", "Nature"),
    "guerre": ("War", "Guerre"),
    "nehant": ("Nehantic", "Néhant"),
    "guem": ("Guem", "Guem"),
}
KIND_WORDS: Mapping[str, tuple[str, str]] = {
    "physical": ("physical", "physiques"),
    "magical": ("magic", "magiques"),
    "direct": ("direct", "directs"),
}
DAMAGE_TARGETS: Mapping[str, tuple[str, str]] = {
    "opponent": ("to the opponent", "à l'adversaire"),
    "all_enemies": ("to every enemy character", "à chaque personnage ennemi"),
    "random_other_enemy": ("to another enemy character at random", "à un autre personnage ennemi au hasard"),
}
HEAL_TARGETS: Mapping[str, tuple[str, str]] = {
    "self": ("to this character", "à ce personnage"),
    "all_allies": ("to each of your characters", "à chacun de vos personnages"),
    "most_wounded_ally": ("to your most wounded character", "à votre personnage le plus blessé"),
}
#: Every named target, as the object of a sentence.
TARGET_WORDS: Mapping[str, tuple[str, str]] = {
    "self": ("this character", "ce personnage"),
    "opponent": ("the opponent", "l'adversaire"),
    "all_allies": ("each of your characters", "chacun de vos personnages"),
    "other_allies": ("each of your other characters", "chacun de vos autres personnages"),
    "all_enemies": ("every enemy character", "chaque personnage ennemi"),
    "other_enemies": ("every other enemy character", "chaque autre personnage ennemi"),
    "all_characters": ("every character", "chaque personnage"),
    "ally": ("one of your characters (your choice)", "un de vos personnages (au choix)"),
    "other_ally": ("another of your characters (your choice)", "un autre de vos personnages (au choix)"),
    "enemy": ("an enemy character (your choice)", "un personnage ennemi (au choix)"),
    "character": ("a character (your choice)", "un personnage (au choix)"),
    "random_ally": ("one of your characters at random", "un de vos personnages au hasard"),
    "random_other_ally": ("another of your characters at random", "un autre de vos personnages au hasard"),
    "random_enemy": ("an enemy character at random", "un personnage ennemi au hasard"),
    "random_other_enemy": ("another enemy character at random", "un autre personnage ennemi au hasard"),
    "random_character": ("a character at random", "un personnage au hasard"),
    "most_wounded_ally": ("your most wounded character", "votre personnage le plus blessé"),
    "fewest_hp_ally": ("your character with the fewest HP", "votre personnage qui a le moins de PV"),
    "fighters": ("each character of the combat", "chaque personnage du combat"),
    "event": ("that character", "ce personnage-là"),
    "event_other": (
        "the other character of that damage (the one hurt, or the one who dealt it)",
        "l'autre personnage de ces dégâts (celui qui les subit, ou qui les inflige)",
    ),
}
GROUP_WORDS: Mapping[str, tuple[str, str]] = {
    "allies": ("your characters", "vos personnages"),
    "other_allies": ("your other characters", "vos autres personnages"),
    "enemies": ("the enemy characters", "les personnages ennemis"),
    "other_enemies": ("the other enemy characters", "les autres personnages ennemis"),
    "characters": ("the characters", "les personnages"),
    "fighters": ("the characters of the combat", "les personnages du combat"),
    "event": ("that character", "ce personnage-là"),
    "event_other": (
        "the other character of that damage (the one hurt, or the one who dealt it)",
        "l'autre personnage de ces dégâts (celui qui les subit, ou qui les inflige)",
    ),
}
PICK_WORDS: Mapping[str, tuple[str, str]] = {
    "choice": ("one of {} (your choice)", "un personnage parmi {} (au choix)"),
    "random": ("one of {} at random", "un personnage parmi {} au hasard"),
    "most_wounded": ("the most wounded of {}", "le plus blessé parmi {}"),
    "fewest_hp": ("the one of {} with the fewest HP", "celui qui a le moins de PV parmi {}"),
}
CARRY: Mapping[str, tuple[str, str]] = {
    "weapon": ("a weapon", "une arme"),
    "armor": ("an armor", "une armure"),
}


def _piles_words(first: str, also: tuple[str, ...]) -> tuple[str, str]:
    """``deck`` + (``discard``,) -> ("deck or discard pile", "deck ou défausse")."""
    piles = (first, *also)
    en = [PILE_WORDS[p][0] for p in piles]
    fr = [PILE_WORDS[p][1] for p in piles]
    return ", ".join(en[:-1]) + " or " + en[-1] if also else en[0], (
        ", ".join(fr[:-1]) + " ou " + fr[-1] if also else fr[0]
    )


PILE_WORDS: Mapping[str, tuple[str, str]] = {
    "deck": ("deck", "deck"),
    "hand": ("hand", "main"),
    "discard": ("discard pile", "défausse"),
    "removed": ("out of the game", "hors de la partie"),
    "play": ("in play", "en jeu"),
    "played_turn": ("played this turn", "jouées ce tour"),
    "played_game": ("played this game", "jouées pendant la partie"),
    "opponent_deck": ("the opponent's deck", "le deck adverse"),
    "attach": ("attached", "attachée"),
}
EVENT_WORDS: Mapping[str, tuple[str, str]] = {
    "game_start": ("At the start of the game", "En début de partie"),
    "turn_start": ("At the start of each turn", "Au début de chaque tour"),
    "turn_end": ("At the end of each turn", "À la fin de chaque tour"),
    "combat_start": ("At the start of each of its combats", "Au début de chacun de ses combats"),
    "after_cards": ("After the cards of each of its combats", "Après les cartes de chacun de ses combats"),
    "combat_end": ("At the end of each of its combats", "À la fin de chacun de ses combats"),
    "leaves_play": ("When this card leaves play", "Quand cette carte quitte le jeu"),
}
KEYWORD_WORDS: Mapping[str, tuple[str, str]] = {"enrage": ("Enraged", "Enragé")}
SEX_WORDS: Mapping[str, tuple[str, str]] = {"male": ("male", "masculin"), "female": ("female", "féminin")}
CMP_WORDS: Mapping[str, tuple[str, str]] = {
    "<": ("is below", "est inférieur à"),
    "<=": ("is at most", "est au plus"),
    ">": ("is above", "est supérieur à"),
    ">=": ("is at least", "est au moins"),
    "==": ("is", "vaut"),
    "!=": ("is not", "ne vaut pas"),
}


def _pick(pair: tuple[str, str], lang: Lang) -> str:
    return pair[0] if lang == "en" else pair[1]


def _and(items: Sequence[str], lang: Lang) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {'and' if lang == 'en' else 'et'} {items[-1]}"


def _or(items: Sequence[str], lang: Lang) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {'or' if lang == 'en' else 'ou'} {items[-1]}"


def _cap(text: str) -> str:
    """The first letter upper case (``str.capitalize`` would lower the rest, names included)."""
    return text[:1].upper() + text[1:]


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def _plural(n: int, en: str, fr: str, lang: Lang) -> str:
    word = en if lang == "en" else fr
    return word if n == 1 else f"{word}s"


def _cards(n: int | None, lang: Lang) -> str:
    if n is None:
        return _pick(("every card", "toutes les cartes"), lang)
    return f"{n} {_plural(n, 'card', 'carte', lang)}"


def turns_text(turns: Turns, lang: Lang) -> str:
    """``on turns 2 and 5`` / ``aux tours 2 et 5``, ``on even turns``, ``from turn 5``."""
    if turns.kind == "even":
        return _pick(("on even turns", "aux tours pairs"), lang)
    if turns.kind == "odd":
        return _pick(("on odd turns", "aux tours impairs"), lang)
    if turns.kind == "from":
        return _pick((f"from turn {turns.numbers[0]}", f"à partir du tour {turns.numbers[0]}"), lang)
    numbers = _and([str(n) for n in turns.numbers], lang)
    if len(turns.numbers) == 1:
        return _pick((f"on turn {numbers}", f"au tour {numbers}"), lang)
    return _pick((f"on turns {numbers}", f"aux tours {numbers}"), lang)


def _counted_on_text(on: Target, lang: Lang, names: Names) -> str:
    if on == "target":
        return _pick(("each character reached", "chaque personnage touché"), lang)
    return target_text(on, lang, names)


def count_text(count: Count, lang: Lang, names: Names) -> str:
    """What a scaled amount counts: ``card in your discard pile``, ``Spirit of the opponent``."""
    if count.kind == "stat":
        stat, whose = _stat_words(count, lang, each=True)
        return _pick((f"point of {stat} of {whose}", f"point de {stat} de {whose}"), lang)
    if count.kind == "cards":
        what = (
            match_text(count.match, lang, names)
            if count.match is not None
            else _pick(("card", "carte"), lang)
        )
        if count.other:
            what = _pick((f"other {what}", f"autre {what}"), lang)
        if count.playable:
            what = _pick((f"{what} you may play", f"{what} jouable"), lang)
        assert count.pile is not None
        if count.pile in ("deck", "hand", "discard"):
            owner = {
                "self": ("your", "votre"),
                "opponent": ("the opponent's", "la"),
                "both": ("either", "chaque"),
            }
            pile = _pick(PILE_WORDS[count.pile], lang)
            if count.also:  # several piles together: "dans votre Défausse et votre Deck"
                more = [_pick(PILE_WORDS[p], lang) for p in count.also]
                pile = " and ".join([pile, *more]) if lang == "en" else " et ".join([pile, *more])
            if lang == "en":
                return f"{what} in {owner[count.owner][0]} {pile}"
            suffix = {
                "self": f"de votre {pile}",
                "opponent": f"de la {pile} adverse",
                "both": f"de chaque {pile}",
            }
            return f"{what} {suffix[count.owner]}"
        if count.pile == "play" and count.on is not None:
            on = _counted_on_text(count.on, lang, names)
            return _pick((f"{what} attached to {on}", f"{what} attachée à {on}"), lang)
        pile = _pick(PILE_WORDS[count.pile], lang)
        if count.owner == "self":  # the holder's own cards ("vos cartes en jeu")
            return _pick((f"{what} of yours {pile}", f"{what} à vous {pile}"), lang)
        if count.owner == "opponent":  # "carte adverse active", "jouées par l'adversaire"
            return _pick((f"{what} of the opponent's {pile}", f"{what} adverse {pile}"), lang)
        return f"{what} {pile}"  # either player's
    if count.kind == "characters":
        assert count.characters is not None
        who = _or([target_text(t, lang, names) for t in (count.characters, *count.union)], lang)
        state = _pick(
            ("alive or dead", "vivant ou mort")
            if count.either
            else ("dead", "mort")
            if count.dead
            else ("alive", "en vie"),
            lang,
        )
        return _pick((f"character among {who} ({state})", f"personnage parmi {who} ({state})"), lang)
    if count.kind == "markers":
        assert count.on is not None
        on = _counted_on_text(count.on, lang, names)
        return _pick((f"'{count.marker}' marker on {on}", f"marqueur « {count.marker} » sur {on}"), lang)
    if count.kind == "guilds":
        return _pick(("guild of this character", "guilde de ce personnage"), lang)
    if count.kind == "classes":
        if count.of == "opponent":
            return _pick(("class of the opponent", "classe du personnage adverse"), lang)
        return _pick(("class of this character", "classe de ce personnage"), lang)
    if count.kind == "castes":
        return _pick(("caste of this character", "caste de ce personnage"), lang)
    if count.kind == "turn":
        return _pick(("number of the current turn", "numéro du tour en cours"), lang)
    if count.kind == "common":
        en_kind, fr_kind = SHARED_TRAIT_WORDS[count.trait or "class"]
        return _pick(
            (
                f"{en_kind} this character shares with the opponent",
                f"{fr_kind} en commun entre ce personnage et le personnage adverse",
            ),
            lang,
        )
    if count.kind == "distinct":
        assert count.characters is not None
        who = target_text(count.characters, lang, names)
        trait = {"race": ("race", "race"), "class": ("class", "classe"), "guild": ("guild", "guilde")}[
            count.trait or "race"
        ]
        return _pick(
            (f"different {trait[0]} among {who}", f"{trait[1]} différente parmi {who}"),
            lang,
        )
    if count.kind == "event_damage":
        return _pick(("point of that damage", "point de ces dégâts"), lang)
    if count.kind == "damage_taken":
        if count.of == "opponent":
            return _pick(
                (
                    "point of damage the opponent took this turn",
                    "point de dégâts subis par l'adversaire ce tour",
                ),
                lang,
            )
        return _pick(("point of damage taken this turn", "point de dégâts subis ce tour"), lang)
    if count.of == "opponent":
        return _pick(
            (
                "point of damage the opponent dealt this turn",
                "point de dégâts infligés par l'adversaire ce tour",
            ),
            lang,
        )
    return _pick(("point of damage dealt this turn", "point de dégâts infligés ce tour"), lang)


def scaled_text(value: Scaled, lang: Lang, names: Names, *, signed: bool = False) -> str:
    """``2 + 1 per card in your discard pile (max 6)``; added terms follow (``+ 2 per dead
    character``)."""
    core = _term_text(value, lang, names, signed=signed and not value.plus)
    for term in value.more:
        more = _term_text(replace(term, each=abs(term.each)), lang, names, signed=False)
        core = f"{core} {'-' if term.each < 0 else '+'} {more}"
    if value.plus:
        sign = "-" if value.each < 0 else "+"
        core = f"{_signed(value.plus) if signed else value.plus} {sign} {core.lstrip('-')}"
    bounds = []
    if value.lo is not None:
        bounds.append(f"min {value.lo}")
    if value.hi is not None:
        bounds.append(f"max {value.hi}")
    return f"{core} ({', '.join(bounds)})" if bounds else core


def _term_text(value: Scaled, lang: Lang, names: Names, *, signed: bool) -> str:
    """One term: ``1 per card …``, ``1 par tranche de 2 …``."""
    per = count_text(value.per, lang, names)
    each = _signed(value.each) if signed else str(value.each)
    if value.div != 1:
        rounding = _pick(
            ("rounded up", "arrondi au supérieur")
            if value.round_up
            else ("rounded down", "arrondi à l'inférieur"),
            lang,
        )
        core = _pick(
            (
                f"{each} per {value.div} × {per} ({rounding})",
                f"{each} par tranche de {value.div} {per} ({rounding})",
            ),
            lang,
        )
    else:
        core = _pick((f"{each} per {per}", f"{each} par {per}"), lang)
    return core


def amount_text(amount: Amount | Scaled, lang: Lang, names: Names | None = None) -> str:
    """``2``, ``2 to 3`` / ``2 à 3``, ``Spirit + 2``, ``Spirit + 3 to 5``; ``X`` for a scaled amount
    (:func:`where_x` says what X is)."""
    if isinstance(amount, Scaled):
        return "X"
    if amount.lo == amount.hi:
        bonus = str(abs(amount.lo))
    else:
        bonus = f"{amount.lo} {'to' if lang == 'en' else 'à'} {amount.hi}"
    if amount.stat is None:
        return bonus
    stat = _pick(STAT_NAMES[amount.stat], lang)
    if amount.base:  # the printed Attaque, rolled in its printed range
        stat = _pick((f"base {stat}", f"{stat} de base"), lang)
    if amount.lo == amount.hi == 0:
        return stat
    sign = "-" if amount.lo == amount.hi and amount.lo < 0 else "+"
    return f"{stat} {sign} {bonus}"


def where_x(amount: Amount | Scaled, lang: Lang, names: Names) -> str:
    """``, where X = 1 per …`` for a scaled amount; nothing otherwise."""
    if not isinstance(amount, Scaled):
        return ""
    return _pick((", where X = ", ", où X = "), lang) + scaled_text(amount, lang, names)


def modifier_text(amount: int | Amount | Scaled, lang: Lang, names: Names) -> str:
    """A modifier: ``+2``, ``-1``, ``+1 to +3``, ``+Spirit``, ``+1 per …``."""
    if isinstance(amount, int):
        return _signed(amount)
    if isinstance(amount, Scaled):
        return scaled_text(amount, lang, names, signed=True)
    if amount.stat is None:
        return f"{_signed(amount.lo)} {'to' if lang == 'en' else 'à'} {_signed(amount.hi)}"
    return f"+{amount_text(amount, lang, names)}"


def match_text(match: CardMatch, lang: Lang, names: Names) -> str:
    """What a chain allows: ``any card``, ``Armor``, ``one-handed Weapon``, ``'Wakizashi'``, …"""
    if match.but is not None:
        base = match_text(dataclasses.replace(match, but=None), lang, names)
        return f"{base} {_pick(('except', 'sauf'), lang)} {match_text(match.but, lang, names)}"
    if match.kind == "any":
        return _pick(("any card", "n'importe quelle carte"), lang)
    if match.kind == "any_of":
        return _or([match_text(o, lang, names) for o in match.options], lang)
    if match.kind == "type":
        name = names.type(match.value, lang)
        if match.hands is not None:
            if lang == "en":
                name = f"{'one' if match.hands == 1 else 'two'}-handed {name}"
            else:
                name = f"{name} à {'une main' if match.hands == 1 else 'deux mains'}"
        if match.zone is not None:
            zone = _pick(("zone", "de zone") if match.zone else ("non-zone", "hors zone"), lang)
            name = f"{zone} {name}" if lang == "en" else f"{name} {zone}"
        if match.guild is not None:
            guild = names.guild(match.guild, lang)
            name = _pick((f"{guild} {name}", f"{name} de la guilde {guild}"), lang)
        if match.cursed:
            name = _pick((f"cursed {name}", f"{name} maudit(e)"), lang)
        return name
    if match.kind == "card":
        name = names.family(match.value, lang)
        return f"'{name}'" if lang == "en" else f"« {name} »"
    if match.kind in ("class_reserved", "caste_reserved", "race_reserved", "character_reserved"):
        lookup = {
            "class_reserved": names.cls,
            "caste_reserved": names.caste,
            "race_reserved": names.race,
            "character_reserved": names.family,
        }
        who = lookup[match.kind](match.value, lang)
        if match.kind == "character_reserved":
            what = (
                names.type(match.type_, lang) if match.type_ is not None else _pick(("card", "carte"), lang)
            )
            return _pick((f"a {what} reserved to {who}", f"un(e) {what} réservé(e) à {who}"), lang)
        if match.type_ is not None:
            what = names.type(match.type_, lang)
            return _pick((f"a {what} reserved to {who}", f"un(e) {what} réservé(e) aux {who}"), lang)
        return _pick((f"a card reserved to {who}", f"une carte réservée aux {who}"), lang)
    guild = names.guild(match.value, lang)
    return _pick((f"a {guild} card", f"une carte de la guilde {guild}"), lang)


def _filter_parts(selector: Selector, lang: Lang, names: Names) -> list[str]:
    parts: list[str] = []
    if selector.guild is not None:
        guild = names.guild(selector.guild, lang)
        parts.append(_pick((f"guild {guild}", f"guilde {guild}"), lang))
    if selector.class_ is not None:
        parts.append(names.cls(selector.class_, lang))
    if selector.race is not None:
        parts.append(names.race(selector.race, lang))
    if selector.caste is not None:
        parts.append(names.caste(selector.caste, lang))
    if selector.not_race is not None:
        race = names.race(selector.not_race, lang)
        parts.append(_pick((f"not {race}", f"non {race}"), lang))
    if selector.not_class is not None:
        cls = names.cls(selector.not_class, lang)
        parts.append(_pick((f"not {cls}", f"non {cls}"), lang))
    if selector.not_guild is not None:
        guild = names.guild(selector.not_guild, lang)
        parts.append(_pick((f"not {guild}", f"non {guild}"), lang))
    if selector.family is not None:
        parts.append(names.family(selector.family, lang))
    if selector.sex is not None:
        parts.append(_pick(SEX_WORDS[selector.sex], lang))
    if selector.no_caste is not None:
        parts.append(
            _pick(
                ("without a caste", "sans caste")
                if selector.no_caste
                else ("with a caste", "avec une caste"),
                lang,
            )
        )
    if selector.single_race is not None:
        parts.append(
            _pick(
                ("single-race", "non multi-racé") if selector.single_race else ("multi-race", "multi-racé"),
                lang,
            )
        )
    if selector.single_class is not None:
        parts.append(
            _pick(
                ("single-class", "non multi-classé")
                if selector.single_class
                else ("multi-class", "multi-classé"),
                lang,
            )
        )
    if selector.tapped is not None:
        parts.append(_pick(("tapped", "incliné") if selector.tapped else ("untapped", "relevé"), lang))
    if selector.carrying is not None:
        what = match_text(selector.carrying, lang, names)
        parts.append(_pick((f"carrying {what}", f"portant {what}"), lang))
    if selector.not_carrying is not None:
        what = match_text(selector.not_carrying, lang, names)
        parts.append(_pick((f"carrying no {what}", f"ne portant aucun(e) {what}"), lang))
    for kind, yes in ((selector.shares, True), (selector.not_shares, False)):
        if kind is not None:
            en_kind, fr_kind = SHARED_TRAIT_WORDS[kind]
            parts.append(
                _pick(
                    (
                        f"sharing a {en_kind} with this character"
                        if yes
                        else f"sharing no {en_kind} with this character",
                        f"ayant une {fr_kind} en commun avec ce personnage"
                        if yes
                        else f"n'ayant aucune {fr_kind} en commun avec ce personnage",
                    ),
                    lang,
                )
            )
    if selector.fighting is not None:
        parts.append(
            _pick(
                ("in the combat", "en combat") if selector.fighting else ("out of the combat", "hors combat"),
                lang,
            )
        )
    if selector.hurt_this_turn is not None:
        parts.append(
            _pick(
                ("wounded this turn", "blessé ce tour")
                if selector.hurt_this_turn
                else ("not wounded this turn", "non blessé ce tour"),
                lang,
            )
        )
    if selector.wounded is not None:
        parts.append(_pick(("wounded", "blessé") if selector.wounded else ("unwounded", "non blessé"), lang))
    if selector.stat is not None:
        stat = _pick(STAT_NAMES[selector.stat.stat], lang)
        right = selector.stat.right
        if right == "base":
            right = _pick((f"its printed {stat}", f"{stat} de base"), lang)
        parts.append(f"{stat} {selector.stat.cmp} {right}")
    return parts


def target_text(target: Target, lang: Lang, names: Names | None = None) -> str:
    """A target as the object of a sentence: ``the opponent``, ``your other characters (Mage)``."""
    names = names or Names()
    if isinstance(target, str):
        return _pick(TARGET_WORDS[target], lang)
    group = _pick(GROUP_WORDS.get(target.group, (target.group, target.group)), lang)
    parts = _filter_parts(target, lang, names)
    if parts:
        group = f"{group} ({', '.join(parts)})"
    if target.pick is None:
        return group
    return _pick(PICK_WORDS[target.pick], lang).format(group)


def _with(target: Target, default: str, lang: Lang, names: Names, en: str, fr: str) -> str:
    """`` to the opponent`` style suffix, empty when the target is the op's default."""
    if target == default:
        return ""
    word = target_text(target, lang, names)
    return f" {en if lang == 'en' else fr} {word}"


def condition_text(when: Condition, lang: Lang, names: Names) -> str:
    """Every clause of a condition, joined: ``on odd turns, against a Mage``."""
    parts: list[str] = []
    if when.turn is not None:
        parts.append(turns_text(when.turn, lang))
    if when.opponent_class is not None:
        cls = names.cls(when.opponent_class, lang)
        parts.append(_pick((f"against {_a(cls)}", f"contre un personnage {cls}"), lang))
    if when.opponent_race is not None:
        race = names.race(when.opponent_race, lang)
        parts.append(_pick((f"against {_a(race)}", f"contre un personnage {race}"), lang))
    if when.opponent_guild is not None:
        guild = names.guild(when.opponent_guild, lang)
        parts.append(
            _pick((f"against a {guild} character", f"contre un personnage de la guilde {guild}"), lang)
        )
    if when.played_by is not None:
        who = names.family(when.played_by, lang)
        parts.append(_pick((f"if played by {who}", f"si jouée par {who}"), lang))
    if when.played_by_class is not None:
        cls = names.cls(when.played_by_class, lang)
        parts.append(_pick((f"if played by {_a(cls)}", f"si jouée par un personnage {cls}"), lang))
    if when.played_by_guild is not None:
        guild = names.guild(when.played_by_guild, lang)
        parts.append(
            _pick(
                (f"if played by a {guild} character", f"si jouée par un personnage de la guilde {guild}"),
                lang,
            )
        )
    if when.played_by_race is not None:
        race = names.race(when.played_by_race, lang)
        parts.append(_pick((f"if played by {_a(race)}", f"si jouée par un personnage {race}"), lang))
    if when.carrying is not None:
        item = _pick(CARRY[when.carrying], lang)
        parts.append(_pick((f"if carrying {item}", f"s'il porte {item}"), lang))
    if when.opponent_carrying is not None:
        item = _pick(CARRY[when.opponent_carrying], lang)
        parts.append(_pick((f"if the opponent carries {item}", f"si l'adversaire porte {item}"), lang))
    if when.ally_alive is not None:
        ally = names.family(when.ally_alive, lang)
        parts.append(_pick((f"while {ally} is alive", f"tant que {ally} est en vie"), lang))
    parts.extend(_condition_v2_parts(when, lang, names))
    return ", ".join(parts)


#: The kinds of condition ``opponent_shares``, in English and French.
SHARED_TRAIT_WORDS = {
    "class": ("class", "Classe"),
    "guild": ("guild", "Guilde"),
    "race": ("race", "Race"),
    "caste": ("caste", "Caste"),
}


def _condition_v2_parts(when: Condition, lang: Lang, names: Names) -> list[str]:
    parts: list[str] = []
    if when.played_by_caste is not None:
        caste = names.caste(when.played_by_caste, lang)
        parts.append(_pick((f"if played by {_a(caste)}", f"si jouée par un personnage {caste}"), lang))
    if when.opponent_caste is not None:
        caste = names.caste(when.opponent_caste, lang)
        parts.append(_pick((f"against {_a(caste)}", f"contre un personnage {caste}"), lang))
    if when.played_by_single_class is not None:
        parts.append(
            _pick(
                ("if played by a single-class character", "si jouée par un personnage non multi-classé")
                if when.played_by_single_class
                else ("if played by a multi-class character", "si jouée par un personnage multi-classé"),
                lang,
            )
        )
    if when.opponent_single_class is not None:
        parts.append(
            _pick(
                ("against a single-class character", "contre un personnage non multi-classé")
                if when.opponent_single_class
                else ("against a multi-class character", "contre un personnage multi-classé"),
                lang,
            )
        )
    if when.opponent_is is not None:
        who = names.family(when.opponent_is, lang)
        parts.append(_pick((f"against {who}", f"contre {who}"), lang))
    if when.opponent_sex is not None:
        sex = _pick(SEX_WORDS[when.opponent_sex], lang)
        parts.append(_pick((f"against a {sex} character", f"contre un personnage {sex}"), lang))
    if when.played_by_sex is not None:
        sex = _pick(SEX_WORDS[when.played_by_sex], lang)
        parts.append(_pick((f"if played by a {sex} character", f"si jouée par un personnage {sex}"), lang))
    if when.opponent_shares is not None:
        en_kind, fr_kind = SHARED_TRAIT_WORDS[when.opponent_shares]
        parts.append(
            _pick(
                (
                    f"if the opponent shares a {en_kind} with this character",
                    f"si le personnage adverse a une {fr_kind} en commun avec ce personnage",
                ),
                lang,
            )
        )
    for key, en, fr in (
        ("carrying_match", "if carrying {}", "s'il porte : {}"),
        ("opponent_carrying_match", "if the opponent carries {}", "si l'adversaire porte : {}"),
        ("plays", "if this character plays {}", "si ce personnage joue : {}"),
        ("opponent_plays", "if the opponent plays {}", "si l'adversaire joue : {}"),
        ("follows", "if played after {}", "si jouée après : {}"),
        ("followed_by", "if followed by {}", "si suivie de : {}"),
    ):
        match = getattr(when, key)
        if match is not None:
            what = match_text(match, lang, names)
            parts.append((en if lang == "en" else fr).format(what))
    if when.chained is not None:
        parts.append(
            _pick(
                ("if played as a chained card", "si jouée en Enchaînement")
                if when.chained
                else ("if played first", "si jouée en premier"),
                lang,
            )
        )
    if when.ally is not None:
        who = ", ".join(_filter_parts(when.ally, lang, names))
        parts.append(
            _pick(
                (f"if one of your other characters is {who}", f"si un de vos autres personnages est {who}"),
                lang,
            )
        )
    if when.ally_dead is not None:
        ally = names.family(when.ally_dead, lang)
        parts.append(_pick((f"while {ally} is dead", f"tant que {ally} est mort"), lang))
    if when.ally_present is not None:
        ally = names.family(when.ally_present, lang)
        parts.append(
            _pick((f"if {ally} is one of your characters", f"si {ally} fait partie de vos personnages"), lang)
        )
    for key, yes, no in (
        (
            "tapped",
            ("if this character is tapped", "si ce personnage est incliné"),
            ("if this character is untapped", "si ce personnage est relevé"),
        ),
        (
            "opponent_tapped",
            ("if the opponent is tapped", "si l'adversaire est incliné"),
            ("if the opponent is untapped", "si l'adversaire est relevé"),
        ),
        (
            "fighting",
            ("if this character fights this turn", "si ce personnage est en combat"),
            ("if this character does not fight this turn", "si ce personnage est hors combat"),
        ),
        (
            "active",
            ("if you are the active player", "si vous êtes le joueur actif"),
            ("if you are the passive player", "si vous êtes le joueur passif"),
        ),
        (
            "ordre",
            ("if this character gets its Ordre bonus", "si ce personnage bénéficie de son bonus d'Ordre"),
            (
                "if this character does not get its Ordre bonus",
                "si ce personnage ne bénéficie pas de son bonus d'Ordre",
            ),
        ),
        (
            "opponent_ordre",
            ("if the opponent gets its Ordre bonus", "si l'adversaire bénéficie de son bonus d'Ordre"),
            (
                "if the opponent does not get its Ordre bonus",
                "si l'adversaire ne bénéficie pas de son bonus d'Ordre",
            ),
        ),
        (
            "dead",
            ("while this character is dead", "tant que ce personnage est mort"),
            ("while this character is alive", "tant que ce personnage est en vie"),
        ),
        (
            "fought_before",
            (
                "if this character has already fought the opponent this game",
                "si ce personnage a déjà combattu le personnage adverse pendant la partie",
            ),
            (
                "if this character has never fought the opponent this game",
                "si ce personnage n'a jamais combattu le personnage adverse pendant la partie",
            ),
        ),
    ):
        value = getattr(when, key)
        if value is not None:
            parts.append(_pick(yes if value else no, lang))
    if when.compare is not None:
        parts.append(compare_text(when.compare, lang, names))
    if when.keyword is not None:
        word = _pick(KEYWORD_WORDS[when.keyword], lang)
        parts.append(_pick((f"if this character is {word}", f"si ce personnage est {word}"), lang))
    if when.any is not None:
        alternatives = [condition_text(c, lang, names) for c in when.any]
        parts.append(f"({_or(alternatives, lang)})")
    if when.all is not None:
        parts.append(f"({_and([condition_text(c, lang, names) for c in when.all], lang)})")
    if when.not_ is not None:
        parts.append(
            _pick(
                (
                    f"unless {condition_text(when.not_, lang, names)}",
                    f"sauf {condition_text(when.not_, lang, names)}",
                ),
                lang,
            )
        )
    return parts


def compare_text(compare: Compare, lang: Lang, names: Names) -> str:
    left = _count_total(compare.left, lang, names)
    right = str(compare.right) if isinstance(compare.right, int) else _count_total(compare.right, lang, names)
    return _pick(
        (f"if {left} {CMP_WORDS[compare.cmp][0]} {right}", f"si {left} {CMP_WORDS[compare.cmp][1]} {right}"),
        lang,
    )


def _stat_words(count: Count, lang: Lang, *, each: bool) -> tuple[str, str]:
    """A stat count's stat ("printed Spirit" with ``base``) and whose it is (``each``: a scaled
    amount reads each character reached in turn; a comparison, the one character reached)."""
    assert count.stat is not None
    stat = _pick(STAT_NAMES[count.stat], lang)
    if count.base:
        stat = _pick((f"printed {stat}", f"{stat} de base"), lang)
    target = (
        ("each character reached", "chaque personnage touché")
        if each
        else ("the character reached", "le personnage touché")
    )
    whose = {"self": ("this character", "ce personnage"), "opponent": ("the opponent", "l'adversaire")}
    return stat, _pick(whose.get(count.of, target), lang)


def _count_total(count: Count, lang: Lang, names: Names) -> str:
    if count.kind == "stat":
        assert count.stat is not None
        stat, whose = _stat_words(count, lang, each=False)
        return _pick((f"the {stat} of {whose}", f"{_FR_ARTICLES[count.stat]}{stat} de {whose}"), lang)
    return _pick(
        (f"the number of {count_text(count, lang, names)}", f"le nombre de {count_text(count, lang, names)}"),
        lang,
    )


def _a(noun: str) -> str:
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def ally_filter_text(allies: AllyFilter, lang: Lang, names: Names) -> str:
    """Who an aura affects: ``guild Zil, Warrior, Human`` / ``guilde Zil, Combattant, Humain``."""
    parts: list[str] = []
    if allies.guild is not None:
        guild = names.guild(allies.guild, lang)
        parts.append(_pick((f"guild {guild}", f"guilde {guild}"), lang))
    if allies.class_ is not None:
        parts.append(names.cls(allies.class_, lang))
    if allies.race is not None:
        parts.append(names.race(allies.race, lang))
    return ", ".join(parts)


def _aura_text(effect: Modify, lang: Lang, names: Names) -> str:
    """``Aura — your other characters (guild Zil): Attack +1, while this character is alive``."""
    stat = _pick(STAT_NAMES[effect.stat], lang)
    if effect_target(effect) == "other_allies":
        who = _pick(("your other characters", "vos autres personnages"), lang)
    else:
        who = target_text(effect_target(effect), lang, names)
    if effect.allies is not None:
        who = f"{who} ({ally_filter_text(effect.allies, lang, names)})"
    return _pick(
        (
            f"Aura — {who}: {stat} {modifier_text(effect.amount, lang, names)} when they fight, while this "
            "character is alive",
            f"Aura — {who} : {stat} {modifier_text(effect.amount, lang, names)} quand ils combattent, tant "
            "que ce personnage est en vie",
        ),
        lang,
    )


#: First words of a group's name in the rules text (lowercased after "Aura — ").
GROUP_FIRST_WORDS = frozenset(
    {"All", "Your", "Each", "The", "Tous", "Toutes", "Vos", "Chacun", "Chacune", "Les"}
)


def _standing_aura_text(
    effect: DamageTaken | DamageDealt | HealDealt | Immune, lang: Lang, names: Names
) -> str:
    """A character's standing damage, heal or immunity bonus given to others: an aura, which holds
    while its owner lives (or, with the condition ``dead``, while it is dead: the condition says so).
    ``Aura — all your characters: -1 to damage taken, while this character is alive``."""
    core = _effect_core(effect, lang, names)
    if core.split(" ", 1)[0] in GROUP_FIRST_WORDS:  # "All your characters: …", not a character's name
        core = core[:1].lower() + core[1:]
    text = f"Aura — {core}"
    if effect.when is not None and effect.when.dead:
        return text
    return text + _pick((", while this character is alive", ", tant que ce personnage est en vie"), lang)


def _duration(duration: Duration, lang: Lang) -> str:
    if duration.kind == "combat":
        return ""
    if duration.kind == "permanent":
        return _pick((" (permanent)", " (permanent)"), lang)
    if duration.kind == "game":
        return _pick((" until the end of the game", " jusqu'à la fin de la partie"), lang)
    n = duration.turns
    if duration.kind == "combats":
        return _pick(
            (
                f" for {n} {'combat' if n == 1 else 'combats'}",
                f" pendant {n} {_plural(n, 'combat', 'combat', lang)}",
            ),
            lang,
        )
    return _pick(
        (f" for {n} {'turn' if n == 1 else 'turns'}", f" pendant {n} {_plural(n, 'tour', 'tour', lang)}"),
        lang,
    )


def _who_prefix(target: Target, lang: Lang, names: Names) -> str:
    """``Opponent: `` and the like, for a modifier's target ("" for the holder)."""
    if isinstance(target, str) and target in MODIFY_TARGETS:
        return _pick(MODIFY_TARGETS[target], lang)
    word = target_text(target, lang, names)
    word = word[:1].upper() + word[1:]
    return f"{word}: " if lang == "en" else f"{word} : "


def _kinds_text(kinds: Sequence[str], lang: Lang, elements: Sequence[str] = ()) -> str:
    """`` physical or magic`` (English: before "damage") / `` physiques ou magiques`` (French: after
    "dégâts"); with ``elements``, `` Fire`` / `` de type Feu`` too."""
    text = " " + _or([_pick(KIND_WORDS[k], lang) for k in kinds], lang) if kinds else ""
    if elements:
        words = _or([_pick(ELEMENT_WORDS[e], lang) for e in elements], lang)
        text = f" {words}{text}" if lang == "en" else f"{text} de type {words}"
    return text


def _effects_inline(effects: Sequence[Effect], lang: Lang, names: Names) -> str:
    return "; ".join(effect_text(e, lang, names).rstrip(".") for e in effects)


def event_text(event: Event, lang: Lang, names: Names) -> str:
    if event.kind in EVENT_WORDS:
        return _pick(EVENT_WORDS[event.kind], lang)
    who = target_text(event.who, lang, names)
    if event.kind == "plays":
        assert event.match is not None
        what = match_text(event.match, lang, names)
        return _pick((f"Each time {who} plays {what}", f"Chaque fois que {who} joue : {what}"), lang)
    if event.kind == "dies":
        return _pick((f"When {who} dies", f"Quand {who} meurt"), lang)
    kinds = _kinds_text(event.kinds, lang, event.elements)
    # damage of at least N HP at once: "6 or more … damage", "au moins 6 dégâts …"
    en_much = f" {event.at_least} or more" if event.at_least else ""
    fr_much = f"au moins {event.at_least} dégâts" if event.at_least else "des dégâts"
    if event.kind == "deals":
        to = ""
        if event.to is not None:
            to = _pick((" to ", " à "), lang) + target_text(event.to, lang, names)
        return _pick(
            (
                f"Each time {who} deals{en_much}{kinds} damage{to}",
                f"Chaque fois que {who} inflige {fr_much}{kinds}{to}",
            ),
            lang,
        )
    return _pick(
        (
            f"Each time {who} takes{en_much}{kinds} damage",
            f"Chaque fois que {who} subit {fr_much}{kinds}",
        ),
        lang,
    )


def effect_text(effect: Effect, lang: Lang, names: Names | None = None, context: str | None = None) -> str:
    """One effect as one sentence (with its condition), ending with a full stop.

    ``context`` (``card``, ``ability``, ``order``) says where the effect is: a character's standing
    modifier on others is an aura; without it, only ``other_allies`` reads as an aura (version 1).
    """
    names = names or Names()
    if (
        isinstance(effect, Modify)
        and effect_target(effect) != "self"
        and effect.duration.kind == "combat"
        and (context == "ability" or (context is None and effect_target(effect) == "other_allies"))
    ):
        text = _aura_text(effect, lang, names)
    elif (
        context == "ability"
        and isinstance(effect, DamageTaken | DamageDealt | HealDealt | Immune)
        and effect_target(effect) != "self"
        and effect.duration.kind == "combat"
    ):
        text = _standing_aura_text(effect, lang, names)
    else:
        text = _effect_core(effect, lang, names)
    if isinstance(effect, Damage | Heal | LoseHp | ExtraAttack):
        text += where_x(effect.amount, lang, names)
    if effect.when is not None:
        text = f"{text}, {condition_text(effect.when, lang, names)}"
    return f"{text}."


def _to(target: str, lang: Lang) -> str:
    """ "to the opponent" / "à l'adversaire", "aux personnages ennemis" (à + les: aux, à + le: au)."""
    if lang == "en":
        return f"to {target}"
    for article, contracted in (("les ", "aux "), ("le ", "au ")):
        if target.startswith(article):
            return contracted + target[len(article) :]
    return f"à {target}"


def _effect_core(effect: Effect, lang: Lang, names: Names) -> str:
    if isinstance(effect, Modify):
        stat = _pick(STAT_NAMES[effect.stat], lang)
        target = _who_prefix(effect_target(effect), lang, names)
        stat = stat if target else _cap(stat)
        return f"{target}{stat} {modifier_text(effect.amount, lang, names)}{_duration(effect.duration, lang)}"
    if isinstance(effect, Damage):
        amount = amount_text(effect.amount, lang, names)
        aim = effect_target(effect)
        if isinstance(aim, str) and aim in DAMAGE_TARGETS:
            to = _pick(DAMAGE_TARGETS[aim], lang)
        else:
            to = _to(target_text(aim, lang, names), lang)
        en_kind, fr_kind = DAMAGE_KINDS[effect.kind]
        if effect.element is not None:  # "3 Fire magic damage", "3 dégâts magiques de type Feu (…)"
            en, fr = ELEMENT_WORDS[effect.element]
            en_kind = f"{en} {en_kind}"
            fr_kind = fr_kind.replace(" (", f" de type {fr} (", 1)
        return _pick(
            (
                f"Deals {amount} {en_kind} {to}",
                f"Inflige {amount} {fr_kind} {to}",
            ),
            lang,
        )
    if isinstance(effect, Heal):
        amount = amount_text(effect.amount, lang, names)
        aim = effect_target(effect)
        if isinstance(aim, str) and aim in HEAL_TARGETS:
            to = _pick(HEAL_TARGETS[aim], lang)
        else:
            to = _to(target_text(aim, lang, names), lang)
        return _pick((f"Heals {amount} HP {to}", f"Soigne {amount} PV {to}"), lang)
    if isinstance(effect, Draw):
        n = effect.count
        return _pick(
            (f"Draw {n} {'card' if n == 1 else 'cards'}", f"Piochez {n} {_plural(n, '', 'carte', lang)}"),
            lang,
        )
    if isinstance(effect, Discard):
        n = effect.count
        return _pick(
            (
                f"The opponent discards {n} random {'card' if n == 1 else 'cards'}",
                f"L'adversaire défausse {n} {_plural(n, '', 'carte', lang)} au hasard",
            ),
            lang,
        )
    if isinstance(effect, Mill):
        n = effect.count
        return _pick(
            (
                "The top card of the opponent's deck goes to the discard pile"
                if n == 1
                else f"The top {n} cards of the opponent's deck go to the discard pile",
                f"{'La première carte' if n == 1 else f'Les {n} premières cartes'} du deck adverse "
                f"{'part' if n == 1 else 'partent'} à la défausse",
            ),
            lang,
        )
    if isinstance(effect, Revive):
        return _pick(
            (
                f"One of your dead characters comes back with {effect.hp} HP",
                f"Un de vos personnages morts revient avec {effect.hp} PV",
            ),
            lang,
        )
    if isinstance(effect, ChainOn):
        what = match_text(effect.match, lang, names)
        aim = effect_target(effect)
        if aim != "self":
            who = _cap(target_text(aim, lang, names))
            lasting = effect.duration is not None
            return _pick(
                (
                    f"{who} gain Chain when they play {what}"
                    + (" until the end of the game (this character dead or alive)" if lasting else ""),
                    f"{who} gagnent Enchaînement s'ils jouent : {what}"
                    + (" jusqu'à la fin de la partie (ce personnage mort ou vivant)" if lasting else ""),
                ),
                lang,
            )
        return _pick(
            (f"Gains Chain when you play {what}", f"Gagne Enchaînement si vous jouez : {what}"), lang
        )
    return _effect_core_v2(effect, lang, names)


def _effect_core_v2(effect: Effect, lang: Lang, names: Names) -> str:
    if isinstance(effect, SetStat):
        stat = _pick(STAT_NAMES[effect.stat], lang)
        value = effect.value
        if isinstance(value, tuple):
            shown = f"{value[0]}–{value[1]}"
        elif isinstance(value, Scaled):
            shown = scaled_text(value, lang, names)
        else:
            shown = str(value)
        prefix = _who_prefix(effect_target(effect), lang, names)
        return f"{prefix}{stat} = {shown}{_duration(effect.duration, lang)}"
    if isinstance(effect, LoseHp):
        amount = amount_text(effect.amount, lang, names)
        who = target_text(effect_target(effect), lang, names)
        who = _cap(who)
        return _pick(
            (
                f"{who} loses {amount} HP (not damage, not scored)",
                f"{who} perd {amount} PV (ni dégâts, ni score)",
            ),
            lang,
        )
    if isinstance(effect, DamageTaken):
        kinds = _kinds_text(effect.kinds, lang, effect.elements)
        return (
            _who_prefix(effect_target(effect), lang, names)
            + _pick(
                (
                    f"{modifier_text(effect.amount, lang, names)} to{kinds} damage taken",
                    f"{modifier_text(effect.amount, lang, names)} aux dégâts{kinds} subis",
                ),
                lang,
            )
            + _duration(effect.duration, lang)
        )
    if isinstance(effect, DamageDealt | HealDealt):
        if isinstance(effect, DamageDealt):
            what = _pick(
                (
                    f"{_kinds_text(effect.kinds, lang, effect.elements)} damage dealt".lstrip(),
                    f"dégâts{_kinds_text(effect.kinds, lang, effect.elements)} infligés",
                ),
                lang,
            )
        else:
            what = _pick(("heals given", "soins prodigués"), lang)
        if effect.cards is not None:
            by = match_text(effect.cards, lang, names)
            what += _pick((f" by {by}", f" par : {by}"), lang)
        to = _pick(("to", "aux"), lang)
        prefix = _who_prefix(effect_target(effect), lang, names)
        bonus = modifier_text(effect.amount, lang, names)
        return f"{prefix}{bonus} {to} {what}{_duration(effect.duration, lang)}"
    if isinstance(effect, Immune):
        if effect.cards is not None:
            what = match_text(effect.cards, lang, names)
            core = _pick((f"Immune to {what}", f"Immunité : {what}"), lang)
        else:
            core = _pick(
                (
                    f"Immune to{_kinds_text(effect.kinds, lang, effect.elements)} damage",
                    f"Immunité aux dégâts{_kinds_text(effect.kinds, lang, effect.elements)}",
                ),
                lang,
            )
            if effect.by is not None:  # "… dealt by the cards of its player", "… par les Objets qu'il joue"
                cards = (
                    _pick(("cards", "cartes"), lang)
                    if effect.by_cards is None
                    else match_text(effect.by_cards, lang, names)
                )
                core += _pick(
                    (
                        f" dealt by {cards} of its player"
                        if effect.by == "player"
                        else f" dealt by {cards} it plays or carries",
                        f" infligés par : {cards} de son joueur"
                        if effect.by == "player"
                        else f" infligés par : {cards} qu'il joue ou porte",
                    ),
                    lang,
                )
        return f"{_who_prefix(effect_target(effect), lang, names)}{core}{_duration(effect.duration, lang)}"
    if isinstance(effect, Marker):
        n = abs(effect.count)
        on = _cap(target_text(effect_target(effect), lang, names))
        if effect.count == MARKERS_ALL:
            return _pick(
                (
                    f"{on} loses every '{effect.name}' marker",
                    f"{on} perd tous ses marqueurs « {effect.name} »",
                ),
                lang,
            )
        markers_en = "marker" if n == 1 else "markers"
        markers_fr = _plural(n, "marqueur", "marqueur", lang)
        verb = _pick(("gains", "gagne") if effect.count > 0 else ("loses", "perd"), lang)
        return _pick(
            (
                f"{on} {verb} {n} '{effect.name}' {markers_en}",
                f"{on} {verb} {n} {markers_fr} « {effect.name} »",
            ),
            lang,
        )
    if isinstance(effect, Tap | Untap):
        who = target_text(effect_target(effect), lang, names)
        who = _cap(who)
        if isinstance(effect, Tap):
            return _pick((f"{who} is tapped", f"{who} est incliné"), lang)
        return _pick((f"{who} is untapped", f"{who} est relevé"), lang)
    if isinstance(effect, Chain):
        what = match_text(effect.match, lang, names)
        return _pick((f"Chain: {what}", f"Enchaînement : {what}"), lang)
    if isinstance(effect, MoveCards):
        what = (
            match_text(effect.cards, lang, names)
            if effect.cards is not None
            else _pick(("card", "carte"), lang)
        )
        count = "every" if effect.count is None else str(effect.count)
        if lang == "fr":
            count = "toutes les cartes :" if effect.count is None else str(effect.count)
        whose_en, whose_fr, adverse = {
            "self": ("your", "votre", ""),
            "opponent": ("the opponent's", "la", " adverse"),
            "any": ("either player's", "n'importe quelle", ""),
        }[effect.owner]
        to_en, to_fr, to_adverse = (
            ("your", "votre", "")
            if effect.into == "self"
            else ("its owner's", "le" if effect.to == "deck" else "la", " de son propriétaire")
            if effect.owner == "any"
            else (whose_en, whose_fr, adverse)
        )
        pick = {
            "random": ("at random", "au hasard"),
            "choice": ("of your choice", "au choix"),
            "top": ("from the top", "du dessus"),
            "opponent": ("chosen by the opponent", "au choix de l'adversaire"),
        }[effect.pick]
        src_en, src_fr = _piles_words(effect.from_, effect.also)
        if effect.to == "attach":
            on = target_text(effect_target(effect), lang, names)
            dst_en_full = dst_fr_full = _pick(
                (f"into play, attached to {on}", f"en jeu, attachée(s) à {on}"), lang
            )
        else:
            dst_en, dst_fr = PILE_WORDS[effect.to]
            dst_en_full = dst_en if effect.to == "removed" else f"to {to_en} {dst_en}"
            dst_fr_full = dst_fr if effect.to == "removed" else f"dans {to_fr} {dst_fr}{to_adverse}"
        go = "go" if effect.count != 1 else "goes"
        return _cap(
            _pick(
                (
                    f"{count} {what} ({pick[0]}) from {whose_en} {src_en} {go} {dst_en_full}",
                    f"{count} {what} ({pick[1]}) de {whose_fr} {src_fr}{adverse} : {dst_fr_full}",
                ),
                lang,
            )
        )
    if isinstance(effect, CardTo):
        where = {
            "hand": ("to your hand", "dans votre main"),
            "deck": ("to your deck", "dans votre deck"),
            "opponent_deck": ("to the opponent's deck", "dans le deck adverse"),
            "opponent_deck_top": ("on top of the opponent's deck", "sur le dessus du deck adverse"),
            "discard": ("to your discard pile", "dans votre défausse"),
            "removed": ("out of the game", "hors de la partie"),
        }[effect.to]
        return _pick((f"This card then goes {where[0]}", f"Cette carte va ensuite {where[1]}"), lang)
    if isinstance(effect, DiscardAttached):
        what = match_text(effect.cards, lang, names) if effect.cards is not None else ""
        on = target_text(effect_target(effect), lang, names)
        cards = _cards(effect.count, lang)
        if effect.may:  # the player may take fewer, none
            cards = _pick(("up to ", "jusqu'à "), lang) + cards
        owner = {
            "any": ("", ""),
            "self": (" of yours", " à vous"),
            "opponent": (" of the opponent's", " adverse" if effect.count == 1 else " adverses"),
        }[effect.owner]
        kind = f" ({what})" if what else ""
        if effect.other:
            kind += _pick((" other than this one", " autre(s) que celle-ci"), lang)
        # who picks them: the player ("au choix") or chance; among the cards of every character of
        # a group target, not from each of them (issue 15 hand check: "Choisissez une carte
        # attachée à un personnage" read "1 card attached to every character is discarded")
        pick = {"choice": (", of your choice,", ", au choix,"), "random": (", at random,", ", au hasard,")}[
            effect.pick
        ]
        kind += _pick(pick, lang)
        among = _pick(("among those attached to", "parmi celles attachées à"), lang)
        is_are = "is" if effect.count == 1 else "are"
        whose = "its owner's" if effect.count == 1 else "their owners'"
        gone = {
            "discard": ("discarded", "défaussée(s)"),
            "deck": (f"put into {whose} deck", "placée(s) dans le deck de son propriétaire"),
            "hand": (f"put into {whose} hand", "placée(s) dans la main de son propriétaire"),
            "removed": ("removed from the game", "retirée(s) de la partie"),
        }[effect.to]
        if effect.into == "self":  # the player's own pile, whoever owns the card
            gone = {
                "discard": ("put into your discard pile", "placée(s) dans votre défausse"),
                "deck": ("put into your deck", "placée(s) dans votre deck"),
                "hand": ("put into your hand", "placée(s) dans votre main"),
            }[effect.to]
        return _cap(
            _pick(
                (
                    f"{cards}{owner[0]}{kind} {among} {on} {is_are} {gone[0]}",
                    f"{cards}{owner[1]}{kind} {among} {on} : {gone[1]}",
                ),
                lang,
            )
        )
    if isinstance(effect, CreateCard):
        name = names.family(effect.card, lang)
        where = {
            "hand": ("into your hand", "dans votre main"),
            "deck": ("into your deck", "dans votre deck"),
            "discard": ("into your discard pile", "dans votre défausse"),
            "play": (
                "and played by " + target_text(effect_target(effect), "en", names),
                "et jouée par " + target_text(effect_target(effect), "fr", names),
            ),
            "attach": (
                "and attached to " + target_text(effect_target(effect), "en", names),
                "et attachée à " + target_text(effect_target(effect), "fr", names),
            ),
        }[effect.to]
        n = effect.count
        return _pick(
            (
                f"{n} '{name}' {'is' if n == 1 else 'are'} created {where[0]}",
                f"{n} « {name} » {'est créée' if n == 1 else 'sont créées'} {where[1]}",
            ),
            lang,
        )
    if isinstance(effect, PlayCard):
        what = (
            match_text(effect.cards, lang, names)
            if effect.cards is not None
            else _pick(("a card", "une carte"), lang)
        )
        pile = _piles_words(effect.from_, effect.also)
        by = target_text(effect_target(effect), lang, names)
        if effect.playable:
            what += _pick((f" that {by} may play", f" jouable par {by}"), lang)
        if effect.unrestricted:
            what += _pick((" (whatever its requirements)", " (en ignorant ses prérequis)"), lang)
        if effect.now:
            by += _pick((" and acts at once", " et s'active immédiatement"), lang)
        if effect.pick != "random":
            what += _pick(
                {"choice": (" (of your choice)", " (au choix)"), "top": (" (from the top)", " (du dessus)")}[
                    effect.pick
                ],
                lang,
            )
        return _cap(
            _pick(
                (
                    f"{what} from your {pile[0]} is played by {by} after the cards of the turn",
                    f"{what} de votre {pile[1]} est jouée par {by} après les cartes du tour",
                ),
                lang,
            )
        )
    if isinstance(effect, Forbid):
        who = target_text(effect_target(effect), lang, names)
        who = _cap(who)
        if effect.what == "attack":
            core = _pick((f"{who} makes no clash attack", f"{who} ne fait pas d'attaque"), lang)
        elif effect.what == "healed":
            core = _pick((f"{who} cannot be healed", f"{who} ne peut pas être soigné"), lang)
        else:
            what = (
                match_text(effect.cards, lang, names)
                if effect.cards is not None
                else _pick(("any card", "aucune carte"), lang)
            )
            verb = _pick(("play", "jouer") if effect.what == "play" else ("chain", "enchaîner"), lang)
            core = _pick((f"{who} cannot {verb} {what}", f"{who} ne peut pas {verb} : {what}"), lang)
        return core + _duration(effect.duration, lang)
    if isinstance(effect, CardsLast):
        what = match_text(effect.cards, lang, names)
        by = target_text(effect_target(effect), lang, names)
        lasts = effect.lasts
        if lasts.kind == "permanent":
            how = _pick(("stay in play (permanent)", "sont permanentes"), lang)
        else:
            unit = _pick(("turns", "tours") if lasts.kind == "turns" else ("combats", "combats"), lang)
            how = _pick((f"stay in play for {lasts.turns} {unit}", f"durent {lasts.turns} {unit}"), lang)
            if effect.longer:
                how += _pick((" more than they say", " supplémentaires"), lang)
        return _pick(
            (f"Cards: {what}, played by {by}, {how}", f"Cartes : {what}, jouées par {by}, {how}"), lang
        )
    if isinstance(effect, ActsNow):
        what = _pick(("cards", "cartes"), lang)
        if effect.cards is not None:
            what = _pick(("cards: ", "cartes : "), lang) + match_text(effect.cards, lang, names)
        chained = _pick((" as a chained card", " en Enchaînement"), lang) if effect.chained else ""
        by = target_text(effect_target(effect), lang, names)
        core = _pick(
            (
                f"{_cap(what)}, played{chained} by {by}, act as soon as played",
                f"{_cap(what)}, jouées{chained} par {by}, s'activent immédiatement",
            ),
            lang,
        )
        return core + _duration(effect.duration, lang)
    if isinstance(effect, Bound):
        return _bound_text(effect, lang, names)
    if isinstance(effect, Double):
        return _double_text(effect, lang, names)
    if isinstance(effect, Swap):
        whose = target_text(effect_target(effect), lang, names)
        first, second = (STAT_NAMES[s] for s in effect.stats)
        core = _pick(
            (
                f"{_cap(whose)} swaps its {first[0]} and its {second[0]}",
                f"{_cap(whose)} échange son {first[1]} et sa {second[1]}"
                if effect.stats == ("spirit", "defense")
                else f"{_cap(whose)} échange sa {first[1]} et son {second[1]}",
            ),
            lang,
        )
        return core + _duration(effect.duration, lang)
    if isinstance(effect, ExtraAttack):
        amount = amount_text(effect.amount, lang, names)
        kind = _pick(("physical", "physique") if effect.kind == "physical" else ("magic", "magique"), lang)
        on = _with(effect_target(effect), "opponent", lang, names, "on", "sur")
        return _pick(
            (f"An extra {kind} attack of {amount}{on}", f"Une attaque {kind} supplémentaire de {amount}{on}"),
            lang,
        )
    if isinstance(effect, Attach):
        who = target_text(effect_target(effect), lang, names)
        return _pick((f"This card is attached to {who}", f"Cette carte s'attache à {who}"), lang)
    if isinstance(effect, AdvanceTurns):
        turns = effect.amount
        span = f"{turns[0]} {_pick(('to', 'à'), lang)} {turns[1]}" if isinstance(turns, tuple) else str(turns)
        plural = isinstance(turns, tuple) or turns > 1
        unit = _pick(("turns" if plural else "turn", "tours" if plural else "tour"), lang)
        return _pick(
            (
                f"The turn counter moves on {span} more {unit}",
                f"Le compteur de tours avance de {span} {unit} supplémentaire{'s' if plural else ''}",
            ),
            lang,
        )
    if isinstance(effect, Become):
        who = _cap(target_text(effect_target(effect), lang, names))
        new = names.family(effect.card, lang)
        return _pick((f"{who} is replaced by {new}", f"{who} est remplacé par {new}"), lang)
    if isinstance(effect, GrantOrder):
        who = target_text(effect_target(effect), lang, names)
        return _pick(
            (
                f"{_cap(who)} gets its Ordre bonus this combat",
                f"{_cap(who)} obtient son bonus d'Ordre ce combat",
            ),
            lang,
        )
    if isinstance(effect, OneOf):
        options = [_effects_inline(o, lang, names) for o in effect.options]
        how = _pick(
            ("your choice", "au choix") if effect.pick == "choice" else ("at random", "au hasard"), lang
        )
        return _pick(
            (f"One of ({how}): {' | '.join(options)}", f"Un de ({how}) : {' | '.join(options)}"), lang
        )
    if isinstance(effect, Trigger):
        when = event_text(effect.on, lang, names)
        limit = ""
        if effect.limit is not None and effect.times != 1:
            n = effect.times
            limit = _pick(
                (f" (at most {n} times per turn)", f" ({n} fois par tour au plus)")
                if effect.limit == "once_per_turn"
                else (f" (at most {n} times per game)", f" ({n} fois par partie au plus)"),
                lang,
            )
        elif effect.limit is not None:
            limit = _pick(
                (" (once per turn)", " (une fois par tour)")
                if effect.limit == "once_per_turn"
                else (" (once per game)", " (une fois par partie)"),
                lang,
            )
        return (
            f"{when}{limit}: {_effects_inline(effect.effects, lang, names)}"
            if lang == "en"
            else f"{when}{limit} : {_effects_inline(effect.effects, lang, names)}"
        )
    if isinstance(effect, Traits | AttackKind | Pay | Counter | DrawPhase):
        return _effect_core_more(effect, lang, names)
    assert isinstance(effect, MayPlay | MayAttach | Carry)
    what = match_text(effect.cards, lang, names)
    aim = effect_target(effect)
    who = "" if aim == "self" else _cap(target_text(aim, lang, names)) + _pick((": ", " : "), lang)
    if isinstance(effect, Carry):
        return who + _pick(
            (f"May carry {effect.count} × {what} at once", f"Peut porter {effect.count} × {what} à la fois"),
            lang,
        )
    if isinstance(effect, MayAttach):
        onto = {
            "characters": ("any living character in play", "n'importe quel personnage en jeu encore en vie"),
            "allies": ("any of its living characters", "n'importe lequel de ses personnages en vie"),
            "other_allies": ("any of its other living characters", "un de ses autres personnages en vie"),
            "enemies": ("any living opposing character", "n'importe quel personnage adverse en vie"),
        }[effect.onto]
        return who + _pick(
            (f"May attach {what} to {onto[0]}", f"Peut attacher : {what}, à {onto[1]}"),
            lang,
        )
    assert isinstance(effect, MayPlay)
    return who + _pick(
        (
            f"May play {what} whatever its requirements",
            f"Peut jouer : {what}, sans tenir compte des prérequis",
        ),
        lang,
    )


_TRAIT_WORDS: Mapping[str, tuple[str, str]] = {
    "classes": ("class", "classe"),
    "races": ("race", "race"),
    "guilds": ("guild", "guilde"),
    "castes": ("caste", "caste"),
    "keywords": ("", ""),
}


def _keyword_name(slug: str, lang: Lang) -> str:
    return _pick(KEYWORD_WORDS.get(slug, (slug, slug)), lang)


def _trait_names(kind: str, slugs: Sequence[str], lang: Lang, names: Names) -> str:
    lookup: Mapping[str, Callable[[str, Lang], str]] = {
        "classes": names.cls,
        "races": names.race,
        "guilds": names.guild,
        "castes": names.caste,
        "keywords": _keyword_name,
    }
    shown = _and([lookup[kind](s, lang) for s in slugs], lang)
    word = _pick(_TRAIT_WORDS[kind], lang)
    if not word:
        return shown
    plural = len(slugs) > 1
    word = f"{word}{'es' if plural and word == 'class' else 's' if plural else ''}"
    return f"{word} {shown}" if lang == "en" else f"{'les' if plural else 'la'} {word} {shown}"


def cost_text(cost: Cost, lang: Lang, names: Names) -> str:
    n = cost.count
    if cost.kind == "hand":
        if cost.to == "removed":
            return _pick(
                (
                    f"remove {n} {'card' if n == 1 else 'cards'} of its hand from the game",
                    f"retirer {n} {_plural(n, '', 'carte', lang)} de sa main de la partie",
                ),
                lang,
            )
        return _pick(
            (
                f"discard {n} {'card' if n == 1 else 'cards'} from hand",
                f"défausser {n} {_plural(n, '', 'carte', lang)} de sa main",
            ),
            lang,
        )
    if cost.kind == "attached":
        assert cost.match is not None
        what = match_text(cost.match, lang, names)
        return _pick(
            (f"discard {n} × {what} attached to the payer", f"défausser {n} × {what} attachée(s) au payeur"),
            lang,
        )
    markers = "marker" if n == 1 else "markers"
    return _pick(
        (
            f"remove {n} '{cost.marker}' {markers} from the payer",
            f"retirer {n} {_plural(n, 'marqueur', 'marqueur', lang)} « {cost.marker} » au payeur",
        ),
        lang,
    )


_BOUND_STAT_WORDS = {
    "attack": ("Attack", "Attaque"),
    "defense": ("Defense", "Défense"),
    "spirit": ("Spirit", "Esprit"),
}


def _double_text(effect: Double, lang: Lang, names: Names) -> str:
    """``Doubles the current Defense bonuses of the opponent``, ``Double les bonus et malus d'Attaque
    de votre personnage donnés par une Arme``."""
    whose = target_text(effect_target(effect), lang, names)
    stats_en = _and([_pick(_BOUND_STAT_WORDS[s], "en") for s in effect.stats], "en")
    stats_fr = " et ".join(
        ("d'" if s == "attack" or s == "spirit" else "de ") + _pick(_BOUND_STAT_WORDS[s], "fr")
        for s in effect.stats
    )
    kinds = {
        "bonus": ("bonuses", "bonus"),
        "malus": ("maluses", "malus"),
        "both": ("bonuses and maluses", "bonus et malus"),
    }
    kind_en, kind_fr = kinds[effect.sign]
    now_en, now_fr = (" current", " en cours") if effect.current else ("", "")
    core = _pick(
        (
            f"Doubles the{now_en} {stats_en} {kind_en} of {whose}",
            f"Double les {kind_fr} {stats_fr}{now_fr} de {whose}",
        ),
        lang,
    )
    if effect.cards is not None:
        what = match_text(effect.cards, lang, names)
        core += _pick((f" given by {what}", f" donnés par {what}"), lang)
    return core + _duration(effect.duration, lang)


def _bound_text(effect: Bound, lang: Lang, names: Names) -> str:
    """``Attack and Defense of X: cannot be lowered by more than 2 in total``."""
    whose = target_text(effect_target(effect), lang, names)
    stats = _and([_pick(_BOUND_STAT_WORDS[s], lang) for s in effect.stats], lang)
    one = len(effect.stats) == 1
    # French: "ne peut pas être réduite" (l'Attaque, la Défense), "réduit" (l'Esprit), "réduits"
    ending = ("e" if effect.stats[0] != "spirit" else "") if one else "s"
    can = "ne peut" if one else "ne peuvent"

    def limit(word_en: str, word_fr: str, n: int | None) -> str | None:
        if n is None:
            return None
        if n == 0:
            return _pick((f"cannot be {word_en}", f"{can} pas être {word_fr}{ending}"), lang)
        return _pick(
            (
                f"cannot be {word_en} by more than {n} in total",
                f"{can} pas être {word_fr}{ending} de plus de {n} au total",
            ),
            lang,
        )

    if effect.below == 0 and effect.above == 0:
        parts = [_pick(("cannot be changed", f"{can} pas être modifié{ending}"), lang)]
    else:
        parts = [
            p
            for p in (limit("lowered", "réduit", effect.below), limit("raised", "augmenté", effect.above))
            if p is not None
        ]
    core = _pick((f"{stats} of {whose}: ", f"{stats} de {whose} : "), lang) + _and(parts, lang)
    return core + _duration(effect.duration, lang)


def _effect_core_more(
    effect: Traits | AttackKind | Pay | Counter | DrawPhase, lang: Lang, names: Names
) -> str:
    if isinstance(effect, Traits) and effect.of is not None:
        # copied: "copie les Guildes de vos autres personnages (à la place des siennes)"
        who = _cap(target_text(effect_target(effect), lang, names))
        kinds = [k for k in ("guilds", "classes", "races", "castes") if getattr(effect, k) is not None]
        plural = {
            "guilds": ("guilds", "guildes"),
            "classes": ("classes", "classes"),
            "races": ("races", "races"),
        }
        words = _and([_pick(plural.get(k, ("castes", "castes")), lang) for k in kinds], lang)
        of = target_text(effect.of, lang, names)
        if effect.mode == "set":
            core = _pick(
                (
                    f"{who} has the {words} of {of} instead of its own",
                    f"{who} a les {words} de {of} à la place des siennes",
                ),
                lang,
            )
        else:
            core = _pick((f"{who} also has the {words} of {of}", f"{who} a aussi les {words} de {of}"), lang)
        return core + _duration(effect.duration, lang)
    if isinstance(effect, Traits):
        who = _cap(target_text(effect_target(effect), lang, names))
        parts: list[str] = []
        for kind in ("guilds", "classes", "races", "castes", "keywords"):
            value = getattr(effect, kind)
            if value is None:
                continue
            if value == "all":
                word = _pick(_TRAIT_WORDS[kind], lang) or _pick(("keyword", "mot-clé"), lang)
                parts.append(_pick((f"every {word}", f"toutes ses {word}s"), lang))
            else:
                parts.append(_trait_names(kind, value, lang, names))
        what = _and(parts, lang)
        verb = {
            "add": ("also has", "a aussi"),
            "set": ("has only", "a seulement"),
            "remove": ("loses", "perd"),
        }[effect.mode]
        return f"{who} {_pick(verb, lang)} {what}{_duration(effect.duration, lang)}"
    if isinstance(effect, AttackKind):
        who = _cap(target_text(effect_target(effect), lang, names))
        kind = _pick(("magic", "magique") if effect.kind == "magical" else ("direct", "directe"), lang)
        return _pick(
            (
                f"{who} makes a {kind} clash attack instead of a physical one",
                f"{who} fait une attaque {kind} à la place de son attaque physique",
            ),
            lang,
        ) + _duration(effect.duration, lang)
    if isinstance(effect, Pay):
        mine = effect.by == "self"
        payer = _pick(("you", "vous") if mine else ("the opponent", "l'adversaire"), lang)
        can = _pick(("can", "pouvez") if mine else ("can", "peut"), lang)
        may = _pick(("may", "pouvez") if mine else ("may", "peut"), lang)
        cost = cost_text(effect.cost, lang, names)
        then = _effects_inline(effect.effects, lang, names)
        if effect.may:
            return _pick(
                (
                    f"{_cap(payer)} {may} {cost}: if so, {then}",
                    f"{_cap(payer)} {may} {cost} : si c'est fait, {then}",
                ),
                lang,
            )
        return _pick(
            (
                f"If {payer} {can} {cost}, it is done, then {then}",
                f"Si {payer} {can} {cost}, c'est fait, puis {then}",
            ),
            lang,
        )
    if isinstance(effect, Counter):
        what = (
            match_text(effect.cards, lang, names)
            if effect.cards is not None
            else _pick(("card", "carte"), lang)
        )
        who = target_text(effect_target(effect), lang, names)
        pile = {
            "discard": ("its owner's discard pile", "la défausse de son propriétaire"),
            "hand": ("its owner's hand", "la main de son propriétaire"),
            "deck": ("its owner's deck", "le deck de son propriétaire"),
        }[effect.to]
        return _pick(
            (
                f"The next {what} played by {who} does not resolve and goes to {pile[0]}",
                f"La prochaine carte ({what}) jouée par {who} est sans effet et va dans {pile[1]}",
            ),
            lang,
        )
    you = effect.owner == "self"
    whose = {
        "self": ("you", "vous"),
        "opponent": ("the opponent", "l'adversaire"),
        "both": ("each player", "chaque joueur"),
    }[effect.owner]
    if effect.amount is None:
        drawn = _pick(
            ("draw no card", "ne piochez aucune carte")
            if you
            else ("draws no card", "ne pioche aucune carte"),
            lang,
        )
    else:
        n = abs(effect.amount)
        more = _pick(("more", "de plus") if effect.amount > 0 else ("fewer", "de moins"), lang)
        cards = (
            f"{n} {'card' if n == 1 else 'cards'} {more}",
            f"{n} {_plural(n, 'carte', 'carte', lang)} {more}",
        )
        verb = ("draw", "piochez") if you else ("draws", "pioche")
        drawn = _pick((f"{verb[0]} {cards[0]}", f"{verb[1]} {cards[1]}"), lang)
    return _cap(f"{_pick(whose, lang)} {drawn} {_draw_when(effect, lang)}")


def _draw_when(effect: DrawPhase, lang: Lang) -> str:
    if effect.phases is None:
        return _pick(("at each draw phase", "à chaque phase de pioche"), lang)
    if effect.phases == 1:
        return _pick(("at the next draw phase", "à la prochaine phase de pioche"), lang)
    n = effect.phases
    return _pick((f"at the next {n} draw phases", f"aux {n} prochaines phases de pioche"), lang)


def effects_lines(
    effects: Sequence[Effect], lang: Lang, names: Names | None = None, context: str | None = None
) -> list[str]:
    return [effect_text(e, lang, names, context) for e in effects]


def order_text(order: Order, lang: Lang, names: Names | None = None) -> str:
    """An Ordre: ``Ordre — on turns 1 and 3: Attack +2.``"""
    bonus = "; ".join(effect_text(e, lang, names, "order").rstrip(".") for e in order.effects)
    when = turns_text(order.turns, lang)
    return _pick((f"Ordre — {when}: {bonus}.", f"Ordre — {when} : {bonus}."), lang)


def character_lines(character: CharacterSpec, lang: Lang, names: Names | None = None) -> list[str]:
    """A character's abilities, then its Ordres, one line each."""
    return [
        *effects_lines(character.abilities, lang, names, "ability"),
        *(order_text(o, lang, names) for o in character.orders),
    ]


def _stays_text(stays: Stays, lang: Lang) -> str:
    if stays.kind == "permanent":
        return _pick(("stays in play", "reste en jeu"), lang)
    span = str(stays.lo) if stays.lo == stays.hi else f"{stays.lo} {_pick(('to', 'à'), lang)} {stays.hi}"
    unit = _pick(("turns", "tours") if stays.kind == "turns" else ("combats", "combats"), lang)
    return _pick((f"stays in play for {span} {unit}", f"reste en jeu pendant {span} {unit}"), lang)


def play_lines(card: CardSpec, lang: Lang, names: Names) -> list[str]:
    """How the card comes into play (its type's default, or what its text says)."""
    play: PlayRules = card.play
    lines: list[str] = []
    if play.dual_wield_with:
        partners = _or(
            [
                f"'{names.family(f, lang)}'" if lang == "en" else f"« {names.family(f, lang)} »"
                for f in play.dual_wield_with
            ],
            lang,
        )
        lines.append(
            _pick(
                (f"Ambidexterity only beside {partners}.", f"Ambidextrie uniquement avec {partners}."), lang
            )
        )
    if card.attaches and play.default:
        lines.append(
            _pick(
                (
                    "Carried: acts after the combat, for the rest of the game.",
                    "Équipement : agit après le combat, jusqu'à la fin de la partie.",
                ),
                lang,
            )
        )
    elif card.attaches:
        acts = _pick(
            ("acts after the combat", "agit après le combat")
            if card.acts_after_combat
            else ("acts at once", "agit aussitôt"),
            lang,
        )
        assert play.stays is not None or card.attaches
        stays = (
            _stays_text(play.stays, lang)
            if play.stays is not None
            else _pick(("stays in play", "reste en jeu"), lang)
        )
        on = ""
        if play.attach is not None:
            on = _pick(
                (
                    f", attached to {target_text(play.attach, 'en', names)}",
                    f", attachée à {target_text(play.attach, 'fr', names)}",
                ),
                lang,
            )
        lines.append(_pick((f"Stays: {acts}, {stays}{on}.", f"En jeu : {acts}, {stays}{on}."), lang))
    elif card.is_consumable and play.acts is None:
        lines.append(
            _pick(("Acts at once, then is discarded.", "Agit aussitôt, puis part à la défausse."), lang)
        )
    elif play.acts is not None:
        acts = _pick(
            ("Acts after the combat, then is discarded.", "Agit après le combat, puis part à la défausse.")
            if play.acts == "after_combat"
            else ("Acts at once, then is discarded.", "Agit aussitôt, puis part à la défausse."),
            lang,
        )
        lines.append(acts)
    if play.one_per_character:
        lines.append(_pick(("One copy per character at most.", "Un seul exemplaire par personnage."), lang))
    lines.extend(_variant_text(v, lang, names) for v in play.variants)
    if play.starts is not None:
        lines.append(_starts_text(play.starts, lang, names))
    return lines


def _starts_text(starts: Starts, lang: Lang, names: Names) -> str:
    """A card that leaves the deck at the start of the game (cards.domain.specs.Starts)."""
    if starts.kind == "hand":
        return _pick(
            (
                "At the start of the game, this card goes from your deck to your hand.",
                "En début de partie, cette carte passe de votre deck à votre main.",
            ),
            lang,
        )
    assert starts.target is not None
    who = target_text(starts.target, lang, names)
    return _pick(
        (
            f"At the start of the game, this card leaves your deck and is attached to {who}"
            " (if there is none, it stays in the deck).",
            f"En début de partie, cette carte quitte votre deck et s'attache à {who}"
            " (s'il n'y en a aucun, elle reste dans le deck).",
        ),
        lang,
    )


def _variant_text(variant: PlayVariant, lang: Lang, names: Names) -> str:
    parts: list[str] = []
    if variant.acts is not None:
        parts.append(
            _pick(
                ("acts after the combat", "agit après le combat")
                if variant.acts == "after_combat"
                else ("acts at once", "agit aussitôt"),
                lang,
            )
        )
    if variant.stays is not None:
        parts.append(
            _stays_text(variant.stays, lang)
            if variant.stays.kind != "no"
            else _pick(("does not stay", "ne reste pas"), lang)
        )
    if variant.attach is not None:
        who = target_text(variant.attach, lang, names)
        parts.append(_pick((f"is attached to {who}", f"est attachée à {who}"), lang))
    if variant.longer is not None:
        span = _stays_text(variant.longer, lang)
        parts.append(_pick((f"{span} more", f"{span} de plus"), lang))
    cond = condition_text(variant.when, lang, names)
    return _cap(f"{cond}: {', '.join(parts)}." if lang == "en" else f"{cond} : {', '.join(parts)}.")


def card_lines(card: CardSpec, lang: Lang, names: Names | None = None) -> list[str]:
    """A card's play rules (who may play it, how it acts, its chain) and its effects, one line each."""
    names = names or Names()
    lines: list[str] = []
    req = card.requirements
    if not req.empty:
        who = [
            *(names.cls(s, lang) for s in sorted(req.classes)),
            *(names.family(s, lang) for s in sorted(req.characters)),
            *(names.race(s, lang) for s in sorted(req.races)),
            *(names.caste(s, lang) for s in sorted(req.castes)),
        ]
        lines.append(_pick((f"Reserved to: {', '.join(who)}.", f"Réservée à : {', '.join(who)}."), lang))
    if not card.playable:
        lines.append(_pick(("Cannot be played in a game.", "Ne se joue pas en partie."), lang))
    if card.zone:
        lines.append(
            _pick(("Zone: hits every enemy character.", "Zone : touche chaque personnage ennemi."), lang)
        )
    if card.dual_wield:
        lines.append(
            _pick(
                (
                    "Ambidexterity: may be carried beside another one-handed weapon.",
                    "Ambidextrie : peut être portée avec une autre arme à une main.",
                ),
                lang,
            )
        )
    lines.extend(play_lines(card, lang, names))
    lines.extend(effects_lines(card.effects, lang, names, "card"))
    if card.chain is not None:
        what = match_text(card.chain, lang, names)
        lines.append(_pick((f"Chain: {what}.", f"Enchaînement : {what}."), lang))
    if card.xp_value:
        lines.append(
            _pick(
                (
                    f"Gives {card.xp_value} XP to one of your copies.",
                    f"Donne {card.xp_value} XP à l'un de vos exemplaires.",
                ),
                lang,
            )
        )
    return lines


def card_text(card: CardSpec, lang: Lang, names: Names | None = None) -> str:
    return "\n".join(card_lines(card, lang, names))


def character_text(character: CharacterSpec, lang: Lang, names: Names | None = None) -> str:
    return "\n".join(character_lines(character, lang, names))


def rules_text(spec: CardSpec | CharacterSpec, names: Names | None = None) -> dict[str, str]:
    """``{"en": …, "fr": …}`` for a card or a character."""
    if isinstance(spec, CardSpec):
        return {lang: card_text(spec, lang, names) for lang in LANGS}
    return {lang: character_text(spec, lang, names) for lang in LANGS}
