"""Readable rules text, in English and French, generated from the structured data.

The wording is the project's own: it is derived from the effect schema (:mod:`cards.domain.effects`),
never copied from the publisher's card texts. Slugs are turned into names with a :class:`Names`
table (built from the reference tables and the evolution families); an unknown slug is shown as is.

    >>> card_text(spec, "fr", names)
    'Réservée à : Mage.\\nInflige 2 à 3 dégâts magiques (réduits par l'Esprit) à l'adversaire.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from cards.domain.effects import (
    AllyFilter,
    Amount,
    CardMatch,
    ChainOn,
    Condition,
    Damage,
    Discard,
    Draw,
    Duration,
    Effect,
    Heal,
    Mill,
    Modify,
    Revive,
    Turns,
)
from cards.domain.specs import CardSpec, CharacterSpec, Order

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
    )


STAT_NAMES: Mapping[str, tuple[str, str]] = {
    "attack": ("Attack", "Attaque"),
    "defense": ("Defense", "Défense"),
    "spirit": ("Spirit", "Esprit"),
    "initiative": ("Initiative", "Initiative"),
    "attack_min": ("Attack min.", "Attaque min."),
    "attack_max": ("Attack max.", "Attaque max."),
}
MODIFY_TARGETS: Mapping[str, tuple[str, str]] = {
    "self": ("", ""),
    "opponent": ("Opponent: ", "Adversaire : "),
    "all_allies": ("All your characters: ", "Tous vos personnages : "),
    "all_enemies": ("All enemy characters: ", "Tous les personnages ennemis : "),
    "other_allies": ("Aura — your other characters: ", "Aura — vos autres personnages : "),
}
DAMAGE_KINDS: Mapping[str, tuple[str, str]] = {
    "physical": ("physical damage (reduced by Defense)", "dégâts physiques (réduits par la Défense)"),
    "magical": ("magic damage (reduced by Spirit)", "dégâts magiques (réduits par l'Esprit)"),
    "direct": ("direct damage (not reduced)", "dégâts directs (non réduits)"),
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
CARRY: Mapping[str, tuple[str, str]] = {
    "weapon": ("a weapon", "une arme"),
    "armor": ("an armor", "une armure"),
}


def _pick(pair: tuple[str, str], lang: Lang) -> str:
    return pair[0] if lang == "en" else pair[1]


def _and(items: Sequence[str], lang: Lang) -> str:
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {'and' if lang == 'en' else 'et'} {items[-1]}"


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"-{-n}"


def _plural(n: int, en: str, fr: str, lang: Lang) -> str:
    word = en if lang == "en" else fr
    return word if n == 1 else f"{word}s"


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


def amount_text(amount: Amount, lang: Lang) -> str:
    """``2``, ``2 to 3`` / ``2 à 3``, ``Spirit + 2``, ``Spirit + 3 to 5``."""
    if amount.lo == amount.hi:
        bonus = str(abs(amount.lo))
    else:
        bonus = f"{amount.lo} {'to' if lang == 'en' else 'à'} {amount.hi}"
    if amount.stat is None:
        return bonus
    stat = _pick(STAT_NAMES[amount.stat], lang)
    if amount.lo == amount.hi == 0:
        return stat
    sign = "-" if amount.lo == amount.hi and amount.lo < 0 else "+"
    return f"{stat} {sign} {bonus}"


def match_text(match: CardMatch, lang: Lang, names: Names) -> str:
    """What a chain allows: ``any card``, ``Armor``, ``one-handed Weapon``, ``'Wakizashi'``, …"""
    if match.kind == "any":
        return _pick(("any card", "n'importe quelle carte"), lang)
    if match.kind == "type":
        name = names.type(match.value, lang)
        if match.hands is None:
            return name
        if lang == "en":
            return f"{'one' if match.hands == 1 else 'two'}-handed {name}"
        return f"{name} à {'une main' if match.hands == 1 else 'deux mains'}"
    if match.kind == "card":
        name = names.family(match.value, lang)
        return f"'{name}'" if lang == "en" else f"« {name} »"
    if match.kind == "class_reserved":
        cls = names.cls(match.value, lang)
        return _pick((f"a card reserved to {cls}", f"une carte réservée aux {cls}"), lang)
    guild = names.guild(match.value, lang)
    return _pick((f"a {guild} card", f"une carte de la guilde {guild}"), lang)


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
    return ", ".join(parts)


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
    who = _pick(("your other characters", "vos autres personnages"), lang)
    if effect.allies is not None:
        who = f"{who} ({ally_filter_text(effect.allies, lang, names)})"
    return _pick(
        (
            f"Aura — {who}: {stat} {_signed(effect.amount)} when they fight, while this character is alive",
            f"Aura — {who} : {stat} {_signed(effect.amount)} quand ils combattent, tant que ce "
            "personnage est en vie",
        ),
        lang,
    )


def _duration(duration: Duration, lang: Lang) -> str:
    if duration.kind == "combat":
        return ""
    if duration.kind == "permanent":
        return _pick((" (permanent)", " (permanent)"), lang)
    n = duration.turns
    return _pick(
        (f" for {n} {'turn' if n == 1 else 'turns'}", f" pendant {n} {_plural(n, 'tour', 'tour', lang)}"),
        lang,
    )


def effect_text(effect: Effect, lang: Lang, names: Names | None = None) -> str:
    """One effect as one sentence (with its condition), ending with a full stop."""
    names = names or Names()
    text: str
    if isinstance(effect, Modify) and effect.target == "other_allies":
        text = _aura_text(effect, lang, names)
    elif isinstance(effect, Modify):
        stat = _pick(STAT_NAMES[effect.stat], lang)
        target = _pick(MODIFY_TARGETS[effect.target], lang)
        text = f"{target}{stat} {_signed(effect.amount)}{_duration(effect.duration, lang)}"
    elif isinstance(effect, Damage):
        amount = amount_text(effect.amount, lang)
        text = _pick(
            (
                f"Deals {amount} {DAMAGE_KINDS[effect.kind][0]} {DAMAGE_TARGETS[effect.target][0]}",
                f"Inflige {amount} {DAMAGE_KINDS[effect.kind][1]} {DAMAGE_TARGETS[effect.target][1]}",
            ),
            lang,
        )
    elif isinstance(effect, Heal):
        amount = amount_text(effect.amount, lang)
        text = _pick(
            (
                f"Heals {amount} HP {HEAL_TARGETS[effect.target][0]}",
                f"Soigne {amount} PV {HEAL_TARGETS[effect.target][1]}",
            ),
            lang,
        )
    elif isinstance(effect, Draw):
        n = effect.count
        text = _pick(
            (f"Draw {n} {'card' if n == 1 else 'cards'}", f"Piochez {n} {_plural(n, '', 'carte', lang)}"),
            lang,
        )
    elif isinstance(effect, Discard):
        n = effect.count
        text = _pick(
            (
                f"The opponent discards {n} random {'card' if n == 1 else 'cards'}",
                f"L'adversaire défausse {n} {_plural(n, '', 'carte', lang)} au hasard",
            ),
            lang,
        )
    elif isinstance(effect, Mill):
        n = effect.count
        text = _pick(
            (
                "The top card of the opponent's deck goes to the discard pile"
                if n == 1
                else f"The top {n} cards of the opponent's deck go to the discard pile",
                f"{'La première carte' if n == 1 else f'Les {n} premières cartes'} du deck adverse "
                f"{'part' if n == 1 else 'partent'} à la défausse",
            ),
            lang,
        )
    elif isinstance(effect, Revive):
        text = _pick(
            (
                f"One of your dead characters comes back with {effect.hp} HP",
                f"Un de vos personnages morts revient avec {effect.hp} PV",
            ),
            lang,
        )
    else:
        assert isinstance(effect, ChainOn)
        what = match_text(effect.match, lang, names)
        text = _pick(
            (f"Gains Chain when you play {what}", f"Gagne Enchaînement si vous jouez : {what}"), lang
        )
    if effect.when is not None:
        text = f"{text}, {condition_text(effect.when, lang, names)}"
    return f"{text}."


def effects_lines(effects: Sequence[Effect], lang: Lang, names: Names | None = None) -> list[str]:
    return [effect_text(e, lang, names) for e in effects]


def order_text(order: Order, lang: Lang, names: Names | None = None) -> str:
    """An Ordre: ``Ordre — on turns 1 and 3: Attack +2.``"""
    bonus = "; ".join(effect_text(e, lang, names).rstrip(".") for e in order.effects)
    when = turns_text(order.turns, lang)
    return _pick((f"Ordre — {when}: {bonus}.", f"Ordre — {when} : {bonus}."), lang)


def character_lines(character: CharacterSpec, lang: Lang, names: Names | None = None) -> list[str]:
    """A character's abilities, then its Ordres, one line each."""
    return [
        *effects_lines(character.abilities, lang, names),
        *(order_text(o, lang, names) for o in character.orders),
    ]


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
    if card.attaches:
        lines.append(
            _pick(
                (
                    "Carried: acts after the combat, for the rest of the game.",
                    "Équipement : agit après le combat, jusqu'à la fin de la partie.",
                ),
                lang,
            )
        )
    elif card.is_consumable:
        lines.append(
            _pick(("Acts at once, then is discarded.", "Agit aussitôt, puis part à la défausse."), lang)
        )
    lines.extend(effects_lines(card.effects, lang, names))
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
