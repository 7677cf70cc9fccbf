"""The grammar of the rules-text compiler: one French clause -> what it says in the effect language.

Pure Python (no Django); used by :mod:`cards.domain.text_compiler`. A clause is read by a small
grammar whose parts combine, in this order (each part optional):

    [Ordre "Tours 2 et 5 :"] [prefix condition "Mage :", "Si joué par 'X' :"]
    [trigger "En fin de combat,"] [condition "si …,"] [subject "le personnage adverse"]
    predicate ["et" predicate …] [duration "jusqu'à la fin de la partie"] [scaling "pour chaque …"]
    [condition "si …", "contre les Mages"]

plus the card-level phrases ("Permanent", "Durée 2 combats", "S'active après le combat",
"Ambidextrie", "Enchaînement Sort", "S'attache à votre adversaire", "Un seul exemplaire par
personnage"). **A clause is read completely or not at all**: when any part of it is not understood
the reader raises :class:`NotRead` and the whole clause is reported unread — never half-read, never
dropped. Patterns are anchored on both ends for that reason.

The reader works on a *normalised* clause: quoted names become ``@0@``, ``@1@`` … (kept aside, in
the text's own spelling), the rest is folded (lower case, no accents) and a few spellings are
unified (``points de vie`` -> ``pv``, ``dégât`` -> ``degats``, ``&`` -> ``et``, ``aléatoirement`` ->
``aleatoire``). Guilds, classes, races, castes and card types are recognised with the
:class:`~cards.domain.vocabulary.Vocabulary`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from cards.domain import (
    grammar_cards,
    grammar_cards_if,
    grammar_chain,
    grammar_damage,
    grammar_life,
    grammar_markers,
    grammar_order,
    grammar_scale,
    grammar_schedule,
)
from cards.domain import regex as re
from cards.domain.effects import (
    Amount,
    AttackKind,
    Bound,
    CardMatch,
    CardTo,
    Carry,
    Chain,
    ChainOn,
    Compare,
    Condition,
    Count,
    CreateCard,
    Damage,
    DamageDealt,
    DamageTaken,
    Discard,
    DiscardAttached,
    Double,
    Draw,
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
    Modify,
    MoveCards,
    OneOf,
    PlayCard,
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
    target_group,
    target_to_json,
)
from cards.domain.grammar_errors import NotRead as NotRead
from cards.domain.grammar_triggers import group_of, named_character, trigger_phrase
from cards.domain.vocabulary import Term, TermKind, Vocabulary, fold

Subject = Literal["card", "character"]


def slugify(name: str) -> str:
    """A family slug from a card's name, as the importers make them (``'Épée de Lune'`` ->
    ``epee-de-lune``)."""
    ascii_text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"-{2,}", "-", re.sub(r"[^a-z0-9]+", "-", ascii_text)).strip("-")[:60] or "card"


# --- what a clause says ------------------------------------------------------------------------


#: Filter keys of a selector that a ``played_by_*`` condition says of the holder.
HOLDER_KEYS = frozenset({"class", "race", "guild", "caste"})


@dataclass
class Reading:
    """What one clause says: effects (card effects, or a character's abilities), Ordres, and
    card-level facts (its unconditional chains, how it stays, Ambidextrie)."""

    effects: list[Effect] = field(default_factory=list)
    orders: list[tuple[Turns, list[Effect]]] = field(default_factory=list)
    chains: list[CardMatch] = field(default_factory=list)
    play: dict[str, Any] = field(default_factory=dict)
    dual_wield: bool = False
    dual_wield_with: list[str] = field(default_factory=list)
    #: The clause says only what the type already does (e.g. "S'active après le combat" on an item).
    note: str = ""


@dataclass(frozen=True)
class Ctx:
    """Where a phrase is read: a card's or a character's text; inside a trigger or an Ordre (where
    a character's effects happen once); ``names``: the tokens that name the card itself (its own
    name, which a character's text uses for itself); ``stays``: the card stays in play (its
    modifiers last while it is attached, ``permanent``, unless the text says otherwise)."""

    subject: Subject = "card"
    happens: bool = False  # inside a trigger or an Ordre
    names: tuple[str, ...] = ()
    stays: bool = False
    #: The card attaches to the opponent ("S'attache à votre adversaire"): its text speaks of its
    #: carrier (the holder) as "il" / "votre adversaire", and of the player's character as "vous".
    on_opponent: bool = False
    #: Whom "il" / "elle" / "celui-ci" / "ce dernier" names after "Choisissez un personnage, …".
    pronoun: Target | None = None
    #: Whom "les autres" / "un autre" names in the body of a trigger on a death among a group
    #: ("Quand un de vos Mages meurt, les autres …": the group, the dead one being no longer alive).
    others: Target | None = None

    @property
    def standing(self) -> bool:
        """A character's standing ability (not inside a trigger or an Ordre)."""
        return self.subject == "character" and not self.happens

    def inside(self) -> Ctx:
        return replace(self, happens=True)


# --- normalised clauses -----------------------------------------------------------------------

_QUOTED = re.compile(r"(?<![\w])'(?=\S)(.+?)'(?![\w])|\"([^\"]+)\"|«\s*([^»]+?)\s*»|“([^”]+)”")
_SPELLINGS: tuple[tuple[str, str], ...] = (
    (r"\s*&\s*", " et "),
    (r"\bpoints? ?(?:\(s\) )?de vies?\b", "pv"),
    (r"\bpvs\b", "pv"),
    # the future of the texts ("il aura Attaque +1", "il gagnera 2 PV") as their present
    (r"\baura\b", "a"),
    (r"\bauront\b", "ont"),
    (r"\bgagnera\b", "gagne"),
    (r"\bgagneront\b", "gagnent"),
    (r"\bgagnerez\b", "gagnez"),
    (r"\bperdra\b", "perd"),
    (r"\bperdront\b", "perdent"),
    (r"\bsubiront\b", "subissent"),
    (r"\binfligera\b", "inflige"),
    (r"\ble joueur adverse (?=joue\b|a joue\b)", "le personnage adverse "),  # (only its fighter plays)
    (r"\bsi vous joue\b", "si vous jouez"),  # a misspelt "si vous jouez"
    (r"\bne possedez\b", "n'avez"),  # "si vous (ne) possédez …" = "si vous (n')avez …"
    (r"\bpossedez\b", "avez"),
    (r"\bdegats?\b", "degats"),
    (r"\benchain(e)?ments?\b", "enchainement"),
    (r"\benchainemento bjet\b", "enchainement objet"),  # a space misplaced
    (r"\bmulti[ -]?class(e|es|ee|ees)?\b", "multi-classe"),
    (r"\bnon[ -]zone\b", "non zone"),
    (r"\ba 2 mains\b", "a deux mains"),
    (r"\ba 1 main\b", "a une main"),
    (r"\bautre personnages\b", "autres personnages"),
    (r"\b(vos|ses|leurs) personnage\b", r"\1 personnages"),
    (r"\bpersonnages en combats\b", "personnages en combat"),
    (r"\b(attachee?s?) sur (?=@\d+@)", r"\1 a "),  # "chaque Arme attachée sur 'X'"
    (r"\b(fait|font) parti de\b", r"\1 partie de"),
    # "si vous mourez" (also misspelt "mourrez"): the character dies, as "si votre personnage meurt"
    (r"\bsi vous mourr?ez\b", "si votre personnage meurt"),
    (r"\bsera (?=(?:defaussee?|placee?|attachee?|jouee?|retiree?)\b)", "est "),
    (r"\bseront (?=(?:defaussee?|placee?|attachee?|jouee?|retiree?)s\b)", "sont "),
    (r"\b(attachee?s?) a l'(une?) de vos\b", r"\1 a \2 de vos"),
    # "si vous avez un Objet Runique attaché": you carry one
    (r"\bsi vous avez (une?) ([^,.:]+?) attachee?\b", r"si vous portez \1 \2"),
    # "si un seul de vos personnages est Archonte", "si vous avez un seul Capitaine (en vie)"
    (r"\bsi un seul de vos personnages est (?:une? )?", "si vous n'avez qu'un seul "),
    (r"\bsi vous avez (?:un seul|une seule) ", "si vous n'avez qu'un seul "),
    # "par carte … en jeu (maximum 5, personnages exclus)": the cards in play are the attached ones
    (r"(\bcartes? [^()]*\ben jeu \(max(?:imum)? \d+), personnages exclus\)", r"\1)"),
    # "jouée à la suite de vos cartes" / "après vos cartes": when a card played by an effect is
    # played (play_card, create … play: after the cards of the turn, cards.domain.effects)
    (
        r"(\bjouee?s?\b[^.:]*?),? (?:a la suite (?:de vos (?:autres )?cartes|des cartes deja jouees)"
        r"|apres vos (?:autres )?cartes)\b",
        r"\1",
    ),
    (
        r"\b(est|sera|sont|seront) (jouee?s?) depuis ((?:votre|vos|la|sa|son) (?:deck|defausse|main)"
        r"(?: ou (?:de )?(?:votre|vos|la|sa|son) (?:deck|defausse|main))?)\b",
        r"de \3 \1 \2",
    ),
    (r" egalement\b", ""),
    (r"\bdeck \(pioche\)", "deck"),  # "votre Deck (pioche)": the deck, glossed
    # "choisissez une carte en jeu non Arme ni Armure, …": "une carte non Arme ni Armure en jeu"
    (r"\bchoisissez une carte en jeu (non [^,]+),", r"choisissez une carte \1 en jeu,"),
    # "gagnent (définitivement) 1 Niveau et 1 PV max": the verb of both
    (
        r"\b(gagnent|gagne) (definitivement )?(\d+|un|une) niveaux? et (\d+) pv max\b",
        r"\1 \2\3 niveau et \1 \4 pv max",
    ),
    *grammar_markers.SPELLINGS,  # "reçoivent 2 marqueurs", "ajoute 2 marqueurs … à …"
    # "Si votre adversaire est Humain vous avez …": the comma the condition lacks
    (r"\b(si votre adversaire est [^,:.]+?) (vous avez|votre personnage a) ", r"\1, \2 "),
    (r"\bchevaliers?-dragons?\b", "chevalier dragon"),
    (r"\b(determinee?s? )?aleatoirement\b|\bau hasard\b|\baleatoires?\b", "aleatoire"),
    (r"\s*:\s*", " : "),
    (r"\s*,\s*", ", "),
    (r"\(\s+", "("),
    (r"\s+\)", ")"),
    (r"\bcontres les\b", "contre les"),
    (r"\bjouer ni activer\b", "jouer"),  # a card is activated when it is played
    (r"\bau degats\b", "aux degats"),
    (r"\bau soins\b", "aux soins"),
    # "+1 aux soins des Théurgies, des Actions et des Objets": one list of cards, not 3 predicates
    (r"\b(aux (?:soins|degats) des [^,]+?), des ([^,]+?) et des ", r"\1 ou \2 ou "),
    # "n'effectue aucune attaque physique": no clash attack
    (r"\bn'effectu(?:e|ez|erez|ent|era|eront) aucune attaque(?: physique)?\b", "ne peut pas attaquer"),
    (r"\bl'attaque\b", "attaque"),
    (r"\bla defense\b", "defense"),
    (r"\bl'esprit\b", "esprit"),
    (r"\s+", " "),
)


@dataclass(frozen=True)
class Clause:
    text: str  # normalised (see the module docstring)
    names: tuple[str, ...]  # the quoted names, as written

    @staticmethod
    def of(raw: str) -> Clause:
        names: list[str] = []

        def keep(match: re.Match[str]) -> str:
            names.append(next(g for g in match.groups() if g is not None).strip())
            return f" @{len(names) - 1}@ "

        text = raw.replace("’", "'").replace("‘", "'").replace("`", "'").replace("…", "...")
        text = _QUOTED.sub(keep, text)
        text = fold(text)
        for pattern, repl in _SPELLINGS:
            text = re.sub(pattern, repl, text)
        text = text.strip().rstrip(".!").strip()
        return Clause(text, tuple(names))


_FRENCH_NUMBERS = {
    "un": 1,
    "une": 1,
    "deux": 2,
    "trois": 3,
    "quatre": 4,
    "cinq": 5,
    "six": 6,
    "sept": 7,
    "huit": 8,
    "neuf": 9,
    "dix": 10,
}
NUM = r"(\d+|une?|deux|trois|quatre|cinq|six|sept|huit|neuf|dix)"


def number(text: str) -> int:
    text = text.strip()
    if text.isdigit():
        return int(text)
    if text in _FRENCH_NUMBERS:
        return _FRENCH_NUMBERS[text]
    raise NotRead(f"not a number: {text!r}")


# --- the reader -------------------------------------------------------------------------------------


STAT_WORDS: tuple[tuple[str, str], ...] = (
    (r"attaque min(?:\.|imum|imale)?", "attack_min"),
    (r"attaque max(?:\.|imum|imale)?", "attack_max"),
    (r"(?:pv|points? de vie) max(?:\.|imum|imaux)?|pv maximum", "hp_max"),
    (r"attaques?", "attack"),
    (r"defenses?", "defense"),
    (r"esprits?", "spirit"),
    (r"initiative|initative", "initiative"),
)
STAT_RE = "|".join(f"(?:{p})" for p, _ in STAT_WORDS)
DAMAGE_KIND_WORDS = {
    "physique": "physical",
    "physiques": "physical",
    "magique": "magical",
    "magiques": "magical",
    "direct": "direct",
    "directs": "direct",
}
KIND_RE = r"(physiques?|magiques?|directs?)"
#: The piles of cards, as the texts name them.
PILES = {"deck": "deck", "main": "hand", "defausse": "discard"}

#: Words naming the character just chosen ("Choisissez un personnage adverse, il subit …").
PRONOUNS = ("il", "elle", "celui-ci", "celle-ci", "ce dernier", "cette derniere", "ils", "elles")
#: Subjects (who a predicate is about), as the texts write them, and the target they name.
SUBJECTS: tuple[tuple[str, str], ...] = (
    (
        r"(?:votre |ce |le )?personnage adverse|votre adversaire|l'adversaire|le personnage en combat adverse",
        "opponent",
    ),
    (r"votre personnage|ce personnage|le porteur|son porteur|vous|il|elle|celui-ci|celle-ci", "self"),
    (
        r"tous les personnages adverses|les personnages adverses|vos adversaires|tous vos adversaires|les adversaires",
        "all_enemies",
    ),
    (r"les allies du personnage adverse|les autres personnages adverses", "other_enemies"),
    (
        r"tous vos personnages|vos personnages|tous vos personnages en vie|vos personnages en vie",
        "all_allies",
    ),
    (
        r"tous vos autres personnages|vos autres personnages|vos allies|tous vos allies|vos autres allies",
        "other_allies",
    ),
    (
        r"les (?:deux )?personnages en combat|les deux personnages(?: du combat)?|chaque personnage en combat|les combattants"
        r"|(?:chaque personnage|les personnages) ayant participe au combat",  # the turn's fighters
        "fighters",
    ),
    (
        r"tous les personnages|les personnages|tous les personnages en vie|les personnages en vie|chaque personnage"
        r"|chaque personnage (?:en jeu|en vie)|tous les personnages en jeu",
        "all_characters",
    ),
    (r"un autre personnage adverse|un autre adversaire", "other_enemy_choice"),
    (r"un de vos allies|un de vos autres personnages|un autre de vos personnages|un allie", "other_ally"),
    (r"un de vos personnages|un personnage allie", "ally"),
    (
        r"un personnage adverse aleatoire|un adversaire aleatoire|un des personnages adverses aleatoire",
        "random_enemy",
    ),
    (r"un autre personnage adverse aleatoire", "random_other_enemy"),
    (
        r"un de vos allies aleatoire|un allie aleatoire|un autre de vos personnages aleatoire",
        "random_other_ally",
    ),
    (r"un de vos personnages aleatoire", "random_ally"),
    (r"un personnage aleatoire", "random_character"),
    (r"un personnage adverse|un adversaire|un des personnages adverses", "enemy"),
    (r"un personnage", "character"),
)


#: The stats a ``set`` may give a value to (cards.domain.effects.SET_STATS).
SET_STAT_NAMES = ("attack", "defense", "spirit", "attack_min", "attack_max")

#: The stats a Count may read (the rolled Attaque is not one).
COUNT_STAT_NAMES = ("defense", "spirit", "attack_min", "attack_max", "hp", "hp_max", "hp_missing", "level")

#: The subject a predicate used when it had several ("'X' et vos Mages ont …"): none to inherit.
_SEVERAL = "__several__"

#: "X" in an amount before the text says what X is ("Attaque +X où X est égal à …").
_X = Amount(0, 0, "__x__")
_X_AMOUNT = _X
#: "-X" in a modifier ("Attaque -X où X est égal à votre Esprit").
_NEG_X = Amount(0, 0, "__-x__")


def _negated(value: Scaled | Amount) -> Scaled:
    """−value, as a scaled amount (its bounds swapped)."""
    if isinstance(value, Amount):
        if value.stat is None or value.lo != value.hi:
            raise NotRead("-X of a rolled amount")
        value = Scaled(per=Count("stat", stat=value.stat), plus=value.lo)
    return replace(
        value,
        each=-value.each,
        more=tuple(replace(t, each=-t.each) for t in value.more),
        plus=-value.plus,
        lo=None if value.hi is None else -value.hi,
        hi=None if value.lo is None else -value.lo,
    )


@dataclass(frozen=True)
class _Per:
    """A count taken "par tranche de N" (per N of them): divided by ``div``, rounded down."""

    count: Count
    div: int


def _scaled(per: Count | _Per, *, each: int = 1, plus: int = 0, hi: int | None = None) -> Scaled:
    """``plus + each × count``; ``hi`` is the cap the text gives ("(max 6)"): a bound of the
    total's size — an upper bound for a bonus, a lower one (−6) for a malus."""
    lo = None
    if hi is not None and each < 0 and plus <= 0:
        lo, hi = -abs(hi), None
    if isinstance(per, _Per):
        return Scaled(per=per.count, each=each, plus=plus, div=per.div, lo=lo, hi=hi)
    return Scaled(per=per, each=each, plus=plus, lo=lo, hi=hi)


def _cap_on_bonus(effect: Effect) -> Effect:
    """A signed cap ("4 dégâts +1 par marqueur (+3 maximum)") bounds the bonus, not the total:
    the bound of the scaled amount moves by its fixed part (at most 4 + 3 here)."""
    amount = getattr(effect, "amount", None)
    if not isinstance(amount, Scaled) or not amount.plus:
        return effect
    hi = None if amount.hi is None else amount.hi + amount.plus
    lo = None if amount.lo is None else amount.lo + amount.plus
    return replace(effect, amount=replace(amount, hi=hi, lo=lo))  # type: ignore[arg-type]


#: A duration the text says ("jusqu'à la fin du tour", "à l'activation"): the same value as the
#: default ``combat``, but a distinct object, so that the compiler does not turn it into
#: ``permanent`` on a card that stays (its modifiers otherwise last while it is attached).
THIS_TURN = Duration("combat")


def _at_activation(effects: Sequence[Effect]) -> list[Effect]:
    """Effects said to happen at the card's activation: a modifier among them lasts this turn,
    even on a card that stays (see :data:`THIS_TURN`)."""
    out: list[Effect] = []
    for e in effects:
        if (
            isinstance(
                e,
                Modify
                | SetStat
                | DamageTaken
                | DamageDealt
                | HealDealt
                | Immune
                | Forbid
                | Traits
                | AttackKind
                | Bound
                | Double
                | Swap,
            )
            and e.duration.kind == "combat"
        ):
            e = replace(e, duration=THIS_TURN)
        elif isinstance(e, OneOf):
            e = replace(e, options=tuple(tuple(_at_activation(o)) for o in e.options))
        out.append(e)
    return out


def _lasts_longer_than_the_combat(effect: Effect) -> bool:
    return (
        isinstance(
            effect,
            Modify
            | SetStat
            | DamageTaken
            | DamageDealt
            | HealDealt
            | Immune
            | Forbid
            | Traits
            | AttackKind
            | Bound
            | Double
            | Swap,
        )
        and effect.duration.kind != "combat"
    )


def _DURABLE(effect: Effect) -> bool:
    """Whether an effect has a duration (a modifier, a restriction…)."""
    return isinstance(
        effect,
        Modify
        | SetStat
        | DamageTaken
        | DamageDealt
        | HealDealt
        | Immune
        | Forbid
        | Traits
        | AttackKind
        | Bound
        | Double
        | Swap,
    )


def _durable_option(effect: Effect) -> bool:
    """A ``one_of`` with an option that has a duration ("Attaque +1 ou Défense +1 jusqu'à …")."""
    return isinstance(effect, OneOf) and any(_DURABLE(e) for o in effect.options for e in o)


def _merge_conditions(a: Condition | None, b: Condition | None) -> Condition | None:
    """Both conditions (every key of each must hold); :class:`NotRead` when they set one key twice."""
    if a is None:
        return b
    if b is None:
        return a
    values: dict[str, Any] = {}
    for cond in (a, b):
        for key in cond.__dataclass_fields__:
            value = getattr(cond, key)
            if value is None:
                continue
            if key == "not_" and key in values and values[key] != value:
                # neither this nor that: not (this or that)
                values[key] = Condition(any=(values[key], value))
                continue
            if key in values and values[key] != value:
                if key == "compare":  # two counts compared: both must hold

                    def parts(c: Condition) -> tuple[Condition, ...]:
                        return c.all if c.all is not None and c == Condition(all=c.all) else (c,)

                    return Condition(all=(*parts(a), *parts(b)))
                raise NotRead(f"condition {key} given twice")
            values[key] = value
    return Condition(**values)


_SHARED_KINDS = {"classe": "class", "guilde": "guild", "race": "race", "caste": "caste"}


def _shared_condition(t: str, me: str, him: str, *, fighters: bool) -> Condition | None:
    """``le personnage adverse a une / n'a aucune Classe en commun avec votre personnage`` (or the
    holder's side first) -> ``opponent_shares`` (under ``not``); ``fighters``: also ``les deux
    personnages en combat ont une …`` (a card's text: played by one of them)."""
    kinds = "(classe|guilde|race|caste)s?"
    m = re.fullmatch(
        rf"(?:{him} (?P<no1>n'a aucune|a une|a au moins une) (?P<k1>{kinds}) en commun avec {me}"
        rf"|{me} (?P<no2>n'a aucune|n'avez aucune|a une|avez une|a au moins une|avez au moins une) "
        rf"(?P<k2>{kinds}) en commun avec {him}"
        rf"|les (?:deux |2 )personnages en combat (?P<no3>ont une|n'ont aucune) (?P<k3>{kinds}) en commun)",
        t,
    )
    if not m or (m.group("k3") and not fighters):
        return None
    kind = _SHARED_KINDS[(m.group("k1") or m.group("k2") or m.group("k3")).rstrip("s")]
    said = Condition(opponent_shares=kind)
    return (
        Condition(not_=said)
        if (m.group("no1") or m.group("no2") or m.group("no3")).startswith("n'")
        else said
    )


def _condition_keys(cond: Condition) -> list[str]:
    """The keys a condition sets (those of its ``any`` / ``not`` parts included)."""
    out: list[str] = []
    for key in cond.__dataclass_fields__:
        value = getattr(cond, key)
        if value is None:
            continue
        if key in ("any", "all"):
            for part in value:
                out.extend(_condition_keys(part))
        elif key == "not_":
            out.extend(_condition_keys(value))
        else:
            out.append(key)
    return out


def with_condition(effects: Sequence[Effect], when: Condition | None) -> list[Effect]:
    if when is None:
        return list(effects)
    return [replace(e, when=_merge_conditions(e.when, when)) for e in effects]


def _merged(readings: Sequence[Reading]) -> Reading:
    """The readings of the sentences of one clause, together (a play rule said twice differently is
    not read)."""
    out = Reading()
    for reading in readings:
        out.effects += reading.effects
        out.orders += reading.orders
        out.chains += reading.chains
        for key, value in reading.play.items():
            if key == "if":  # play variants: each one under its own condition
                out.play["if"] = [*out.play.get("if", []), *value]
                continue
            if key in out.play and out.play[key] != value:
                raise NotRead(f"the card says {key} twice")
            out.play[key] = value
        out.dual_wield = out.dual_wield or reading.dual_wield
        out.dual_wield_with += reading.dual_wield_with
        out.note = "; ".join(n for n in (out.note, reading.note) if n)
    return out


def _target_fields(target: Target) -> dict[str, Any]:
    """The ``target`` / ``selector`` fields of an op for a target (see cards.domain.effects)."""
    if isinstance(target, Selector):
        return {"target": "group", "selector": target}
    return {"target": target, "selector": None}


def _with_target(effect: Effect, target: Target) -> Effect:
    return replace(effect, **_target_fields(target))


class Reader:
    """Reads clauses with a vocabulary; ``families`` maps folded card names to family slugs (a
    quoted name of no known family is slugified)."""

    def __init__(self, vocabulary: Vocabulary, families: Mapping[str, str] | None = None) -> None:
        self.vocabulary = vocabulary
        self.families = dict(families or {})
        bound_l, bound_r = r"(?<![\w'@-])", r"(?![\w-])"

        def alternation(kinds: Sequence[TermKind]) -> str:
            pattern = vocabulary.pattern(kinds)
            return f"{bound_l}(?:{pattern}){bound_r}" if pattern else r"(?!x)x"

        self.term_re: dict[str, str] = {
            k: alternation([k]) for k in ("guild", "class", "race", "caste", "type")
        }
        self.who_re = alternation(["guild", "class", "race", "caste"])
        self.subjects = [(re.compile(p), t) for p, t in SUBJECTS]
        #: the tokens naming the text's own card (``Ctx.names`` of the clause being read), for the
        #: phrases read without a Ctx (counts: "par Sort attaché à 'X'" in X's own text is itself)
        self._own: tuple[str, ...] = ()

    # -- names and terms ------------------------------------------------------------------------

    def family(self, clause: Clause, token: str) -> str:
        """``@0@`` -> the family slug of that quoted name."""
        m = re.fullmatch(r"@(\d+)@", token.strip())
        if not m:
            raise NotRead(f"not a quoted name: {token!r}")
        name = clause.names[int(m.group(1))]
        if re.match(r"(?:…|\.\.\.)", name.strip()) and fold(name) not in self.families:
            # "une carte '… du Cherchefaille'": every card whose name ends so, not one card (a
            # card whose name starts so, "… prépare la guerre", is that card)
            raise NotRead(f"a part of a name: {name!r}")
        return self.families.get(fold(name), slugify(name))

    def terms(self, text: str, kind: TermKind) -> list[str]:
        """The slugs of ``kind`` a whole phrase names (``"Mages"`` -> ``["mage"]``)."""
        return list(self.vocabulary.of_kind(text, kind))

    def term(self, text: str, kind: TermKind) -> str:
        slugs = self.terms(text, kind)
        if len(slugs) != 1:
            raise NotRead(f"not one {kind}: {text!r}")
        return slugs[0]

    def who_filter(self, text: str) -> dict[str, Any]:
        """A phrase of guilds, classes, races, castes (``"Combattants Runiques"``, ``"Prêtre
        Nomade"``, ``"Guémélites de l'Ombre"``, ``"Mages non multi-classés"``) -> selector filter
        keys; NotRead otherwise."""
        text = text.strip()
        out: dict[str, Any] = {}
        if "non-" in text:  # "les non-Humains" (but the race "Non-mort" is one word)
            text = re.sub(r"\bnon-(?!morte?s?\b)", "non ", text)
        without = (
            re.fullmatch(r"(.+?) sans (?!castes?\b)(?:une? |d'|de )?(.+)", text) if " sans " in text else None
        )
        if without:
            # "vos Combattants sans Bouclier": carrying no card of that type (not_carrying)
            kinds = {t.slug for t in self.vocabulary.lookup(without.group(2)) if t.kind == "type"}
            if len(kinds) != 1:
                raise NotRead(f"without what? {without.group(2)!r}")
            found = self.who_filter(without.group(1))
            return {**found, "not_carrying": CardMatch("type", kinds.pop())}
        common = (
            re.fullmatch(
                r"(?:(.+?) )?(?:(?P<no>qui n'a aucune|qui n'ont aucune|n'ayant aucune)|qui a une|qui ont une|ayant une) "
                r"(?P<kind>classe|guilde|race|caste)s? en commun avec (?:vous|votre personnage)",
                text,
            )
            if "en commun" in text
            else None
        )
        if common:
            # "un personnage qui n'a aucune Race en commun avec vous": with the holder
            rest = (common.group(1) or "").strip()
            found = {} if re.fullmatch(r"(?:(?:un |les )?personnages?)?", rest) else self.who_filter(rest)
            key = "not_shares" if common.group("no") else "shares"
            return {**found, key: _SHARED_KINDS[common.group("kind")]}
        sexed = re.fullmatch(r"(?:(.+?) )?(?:de sexe )?(masculine?s?|feminine?s?|sans castes?)", text)
        if sexed:
            # "masculins" / "féminins" (the character's sex), "sans caste" (no caste at all)
            word = sexed.group(2)
            extra: dict[str, Any] = (
                {"no_caste": True}
                if word.startswith("sans")
                else {"sex": "male" if word[0] == "m" else "female"}
            )
            rest = (sexed.group(1) or "").strip()
            if rest and not re.fullmatch(r"personnages?", rest):
                found = self.who_filter(rest)
                if set(extra) & set(found):
                    raise NotRead(f"{word!r} twice")
                extra = {**found, **extra}
            elif "no_caste" in extra:
                raise NotRead("characters without a caste, of no other kind")  # (read by a count)
            return extra
        neg = (
            re.fullmatch(r"(?:(.+?) )?non (?!multi|mono|incline|releve|blesse|morte?s?\b)(.+)", text)
            if "non" in text
            else None
        )
        if neg:
            # "non Démon", "Mages non Humains": a race or a class the characters are not
            negated = neg.group(2)
            negated_terms = [
                t for t in self.vocabulary.lookup(negated) if t.kind in ("race", "class", "guild")
            ]
            if len(negated_terms) != 1:
                raise NotRead(f"not one race, class or guild after 'non': {negated!r}")
            not_key, not_slug = f"not_{negated_terms[0].kind}", negated_terms[0].slug
            rest = neg.group(1) or ""
            if rest and not re.fullmatch(r"personnages?", rest):
                out = self.who_filter(rest)
            if negated_terms[0].kind in out or not_key in out:
                raise NotRead(f"a {negated_terms[0].kind} and one it is not")
            out[not_key] = not_slug
            return out
        fight = re.fullmatch(r"(?:(.+?) )?(hors[- ]combat|en combat)", text)
        if fight:
            out["fighting"] = fight.group(2) == "en combat"
            text = fight.group(1) or ""
            if not text or re.fullmatch(r"personnages?", text):
                return out
        hurt = re.fullmatch(r"(?:(.+?) )??(non )?blessee?s?", text)
        if hurt:
            # "vos Immortels blessés": wounded (HP below the maximum) when the effect applies
            out["wounded"] = hurt.group(2) is None
            text = hurt.group(1) or ""
            if not text or re.fullmatch(r"personnages?", text):
                return out
        tap = re.fullmatch(r"(?:(.+?) )??(non )?(inclinee?s?|relevee?s?)", text)
        if tap:  # "non inclinés": relevés
            out["tapped"] = tap.group(3).startswith("incline") != bool(tap.group(2))
            text = tap.group(1) or ""
            if not text or re.fullmatch(r"personnages?", text):
                return out
        stated = grammar_damage.stat_filter(text)
        if stated is not None:  # "ayant plus de 1 en Défense": its current stat compared
            out["stat"], text = stated
            if not text or re.fullmatch(r"personnages?", text):
                return out
        races = re.fullmatch(r"(.+?) \(?(non multi-? ?race|multi-? ?race)e?s?\)?", text)
        if races:  # "(non multi racés)": of one race (none given by traits)
            out["single_race"] = races.group(2).startswith("non")
            text = races.group(1)
        single = re.fullmatch(r"(.+?) (non multi-classe|mono-classe|multi-classe)s?", text)
        if single:
            out["single_class"] = single.group(2) != "multi-classe"
            text = single.group(1)
        pos = 0
        pattern = re.compile(self.who_re)
        for m in pattern.finditer(text):
            if text[pos : m.start()].strip() not in ("", "de", "du", "des"):
                raise NotRead(f"unknown words in {text!r}")
            terms = self.vocabulary.lookup(m.group(0))
            # a word naming a guild and a class (Runique: the guild; Combattants de Zil) -> the first
            chosen: Term | None = None
            for kind in ("class", "race", "caste", "guild"):
                for t in terms:
                    if t.kind == kind and kind not in out:
                        chosen = t
                        break
                if chosen is not None:
                    break
            if chosen is None:
                raise NotRead(f"{m.group(0)!r} twice")
            out[chosen.kind] = chosen.slug
            pos = m.end()
        if (
            not set(out) - {"single_class", "single_race", "fighting", "tapped", "wounded"}
            or text[pos:].strip()
        ):
            raise NotRead(f"not a group of characters: {text!r}")
        return out

    # -- card matches ---------------------------------------------------------------------------

    def match(self, clause: Clause, text: str) -> CardMatch:
        """A phrase naming cards: ``une Arme à une main``, ``un Objet Pirate``, ``'Katana'``,
        ``une carte Zil``, ``un Sort (non zone)``, ``une Lance ou une Epée``."""
        text = text.strip()
        rune = grammar_cards.rune_match(text)
        if rune is not None:
            return rune
        excepted = grammar_cards.match_but(self, clause, text)
        if excepted is not None:
            return excepted
        parts = re.split(r",? (?:ou|ni) (?:un |une |des |les |d'|de )?|, (?:un |une )?", text)
        if len(parts) > 1 and re.match(r"(?:une? |des |les )?cartes? ", parts[0]):
            # "une carte Elfe de Glace ou Berserker": a card of either
            parts = [parts[0]] + [f"carte {p}" if re.fullmatch(self.who_re, p) else p for p in parts[1:]]
        if len(parts) > 1:
            options: list[CardMatch] = []
            for p in parts:
                option = self.match(clause, p)
                options.extend(option.options if option.kind == "any_of" else (option,))
            return CardMatch("any_of", options=tuple(dict.fromkeys(options)))
        text = re.sub(r"^(?:un |une |des |les |le |la |l'|d'|de |du |aucune? |n'importe quelle )", "", text)
        if text in ("carte", "cartes", "n'importe quelle carte"):
            return CardMatch("any")
        if re.fullmatch(r"@\d+@", text):
            return CardMatch("card", self.family(clause, text))
        m = re.fullmatch(r"cartes? (.+)", text)
        if m:
            rest = m.group(1)
            rest = re.sub(r"^reservees? aux ", "", rest)
            if re.fullmatch(r"@\d+@", rest):
                return CardMatch("card", self.family(clause, rest))
            for kind, match_kind in (
                ("guild", "guild"),
                ("class", "class_reserved"),
                ("caste", "caste_reserved"),
                ("race", "race_reserved"),
            ):
                slugs = self.terms(rest, kind)  # type: ignore[arg-type]
                if len(slugs) == 1:
                    return CardMatch(match_kind, slugs[0])  # type: ignore[arg-type]
            if re.fullmatch(self.term_re["type"], rest) or self._element(rest):
                return self.match(clause, rest)
            raise NotRead(f"cards of {rest!r}")
        zone: bool | None = None
        zm = re.fullmatch(r"(.+?) ?\((non zone|zone)\)|(.+?) (non zone|de zone)", text)
        if zm:
            text = (zm.group(1) or zm.group(3)).strip()
            zone = (zm.group(2) or zm.group(4)) in ("zone", "de zone")
        # a type, then maybe a guild, a class ("Objet Artisan") or the hands
        tm = re.match(self.term_re["type"], text)
        if not tm:
            element = self._element(text)
            if element is not None:
                return CardMatch("type", element, zone=zone)
            raise NotRead(f"no card type in {text!r}")
        types = self.terms(tm.group(0), "type")
        rest = text[tm.end() :].strip()
        guild: str | None = None
        class_reserved: str | None = None
        if rest:
            guilds = self.terms(rest, "guild")
            classes = self.terms(rest, "class")
            if len(guilds) == 1:
                guild = guilds[0]
            elif len(classes) == 1:
                class_reserved = classes[0]
            else:
                found = grammar_chain.match_rest(self, clause, types, rest, zone)
                if found is None:
                    found = self._reserved_to(types, rest, zone)
                if found is None:
                    raise NotRead(f"what follows the type in {text!r}")
                return found
        out = []
        for slug in types:
            if class_reserved is not None:
                out.append(CardMatch("class_reserved", class_reserved, type_=slug))
            else:
                out.append(CardMatch("type", slug, zone=zone, guild=guild))
        if len(out) == 1:
            return out[0]
        return CardMatch("any_of", options=tuple(out))

    def _reserved_to(self, types: Sequence[str], rest: str, zone: bool | None) -> CardMatch | None:
        """``Sorts réservés aux Guémélites de l'Ombre``: cards of one type reserved to one race,
        class or caste (None: not such a phrase)."""
        m = re.fullmatch(r"reservee?s? (?:aux?|a la|a l') ?(.+)", rest)
        if not m or len(types) != 1 or zone is not None:
            return None
        for kind in ("race", "class", "caste"):
            slugs = self.terms(m.group(1), kind)
            if len(slugs) == 1:
                return CardMatch(f"{kind}_reserved", slugs[0], type_=types[0])  # type: ignore[arg-type]
        return None

    def _element(self, text: str) -> str | None:
        """A spell or theurgy kind named alone (``Immunité Foudre``): the type whose label it is."""
        found = [
            term.slug
            for term, label in self.vocabulary.labels.items()
            if term.kind == "type"
            and self.vocabulary.type_parents.get(term.slug) in ("sort", "theurgie")
            and fold(label) == text
        ]
        if not found and text.endswith("s"):  # "Sorts Feu et Draconiques": a plural
            return self._element(text[:-1])
        return found[0] if len(found) == 1 else None

    def _chosen(self, c: Clause, text: str) -> Target | None:
        """The character a "Choisissez …" picks, as a pick target (None: not a character)."""
        t = text.strip()
        if t.endswith(" en vie") and t not in ("personnage en vie", "de vos personnages en vie"):
            t = t[: -len(" en vie")]  # "un de vos Mages en vie": effects reach the living only
        tapped = grammar_cards.chosen_state(t)
        if tapped is not None:
            chosen = self._chosen(c, tapped[0])
            return None if chosen is None else grammar_cards.with_tapped(chosen, tapped[1])
        words = {
            "personnage": "character",
            "personnage adverse": "enemy",
            "personnage en vie": "character",
            "de vos personnages en vie": "ally",
            "autre de vos personnages": "other_ally",
            "adversaire": "enemy",
            "de vos personnages": "ally",
            "personnage allie": "ally",
            "de vos allies": "other_ally",
            "allie": "other_ally",
            "de vos autres personnages": "other_ally",
        }
        if t in words:
            return words[t]
        m = re.fullmatch(r"de vos (autres |allies )?(.+)", t)
        if m:
            try:
                found = self.who_filter(m.group(2))
            except NotRead:
                return None
            return Selector(
                group="other_allies" if m.group(1) else "allies", pick="choice", **self._filter_keys(found)
            )
        m = re.fullmatch(r"(?:personnage )?(.+?) adverse", t)
        if m:
            try:
                found = self.who_filter(m.group(1))
            except NotRead:
                return None
            return Selector(group="enemies", pick="choice", **self._filter_keys(found))
        m = re.fullmatch(r"(?:personnage )?(.+)", t)
        if m:
            try:
                found = self.who_filter(m.group(1))
            except NotRead:
                return None
            return Selector(group="characters", pick="choice", **self._filter_keys(found))
        return None

    # -- subjects -------------------------------------------------------------------------------

    def subject(self, clause: Clause, text: str, name_tokens: Sequence[str] = ()) -> Target:
        """A phrase naming characters -> a target; the text's own name (``name_tokens``, by default
        those of the clause being read) is the character itself, not its family on either side."""
        name_tokens = name_tokens or self._own
        text = text.strip()
        text = re.sub(
            r"^(vos |tous vos |un de vos )(?:autres )?allies (?:de (?:la |l')?)?(?=\S)", r"\1autres ", text
        )
        text = re.sub(r"^(?:un allie|une alliee) (?=\S)", "un de vos autres ", text)  # "un allié Golem"
        for pattern, target in self.subjects:
            if pattern.fullmatch(text):
                if target == "other_enemy_choice":
                    return Selector(group="other_enemies", pick="choice")
                return target
        if text in name_tokens:
            return "self"
        # the card's own name, quoted ('Kébek' : the character itself)
        if re.fullmatch(r"@\d+@", text) and self.family(clause, text) in name_tokens:
            return "self"
        try:
            m = re.fullmatch(r"(tous )?vos (autres )?(allies )?(.+?)( en vie)?", text)
            if m:
                group = "other_allies" if (m.group(2) or m.group(3)) else "allies"
                return Selector(group=group, **self._filter_keys(self.who_filter(m.group(4))))
            m = re.fullmatch(
                r"(tous )?les (?:personnages adverses|adversaires) (.+)|(tous )?les (.+) adverses", text
            )
            if m:
                return Selector(
                    group="enemies", **self._filter_keys(self.who_filter(m.group(2) or m.group(4)))
                )
            m = re.fullmatch(r"un des porteurs (?:de |d')(.+)", text)
            if m:  # "un des porteurs de 'X'": one the player chooses among those carrying X
                return Selector(group="characters", pick="choice", carrying=self.match(clause, m.group(1)))
            m = re.fullmatch(r"un personnage (non[- ].+)", text)
            if m:  # "un personnage non Golem": one of those, on either side (a choice, as "un personnage")
                return Selector(
                    group="characters", pick="choice", **self._filter_keys(self.who_filter(m.group(1)))
                )
            m = re.fullmatch(r"un de vos (autres )?(.+?)( aleatoire)?", text)
            if m:
                group = "other_allies" if m.group(1) else "allies"
                pick = "random" if m.group(3) else "choice"
                return Selector(group=group, pick=pick, **self._filter_keys(self.who_filter(m.group(2))))
        except NotRead:
            pass
        found = self.group_subject(clause, text, name_tokens)
        if found is not None:
            return found
        raise NotRead(f"who is {text!r}?")

    def _unquote_terms(self, clause: Clause, text: str) -> str:
        """A quoted guild, class, race or caste (``vos alliés 'La Meute'``) written plainly."""

        def plain(m: re.Match[str]) -> str:
            name = fold(clause.names[int(m.group(1))])
            return name if any(t.kind != "type" for t in self.vocabulary.lookup(name)) else m.group(0)

        return re.sub(r"@(\d+)@", plain, text)

    def group_subject(self, clause: Clause, text: str, name_tokens: Sequence[str] = ()) -> Target | None:
        """Groups of characters written with a filter: ``les Humains Pirates`` (every character
        in play), ``vos personnages Dompteurs``, ``vos Bêtes alliées``, ``chacun de vos alliés``,
        ``vos personnages portant une Lance``, ``les alliés du porteur`` (None: not one of these)."""
        t = self._unquote_terms(clause, text.strip())
        fm = re.fullmatch(r"(.+?) (?:en vie )?(hors[- ]combat)(?: en vie)?", t)
        if fm:
            # "les personnages adverses hors-combat", "un de vos personnages hors combat"
            base = self.subject(clause, fm.group(1), name_tokens)
            group, pick = target_group(base)
            if group in ("self", "opponent", "fighters"):
                raise NotRead("a fighter out of the combat")
            if isinstance(base, Selector):
                if base.fighting is not None:
                    raise NotRead("in and out of the combat")
                return replace(base, fighting=False)
            return Selector(group=group, pick=pick, fighting=False)
        t = re.sub(r"^(?:chacun|chacune) (?:de |des )(?=vos |tous |les )", "", t)
        t = re.sub(r"^chaque (?=personnage)", "les ", t)
        if re.match(r"chaque ", t) and re.fullmatch(self.who_re, t[len("chaque ") :]):
            t = f"les {t[len('chaque ') :]}"  # "chaque Gardien du Temple": every one in play
        t = re.sub(r" en vie$", "", t)
        if t != text.strip():
            for pattern, target in self.subjects:
                if pattern.fullmatch(t) and target != "other_enemy_choice":
                    return target
        if re.fullmatch(r"(?:les |tous les )?allies (?:du porteur|de votre personnage|de ce personnage)", t):
            return "other_allies"
        if re.fullmatch(r"@\d+@", t) or (t in self.families and " " in t):
            # another character, by its name
            fam = self.family(clause, t) if t.startswith("@") else self.families[t]
            if fam in name_tokens:
                return "self"
            return Selector(group="characters", family=fam)
        if t in ("les personnages adverse", "les personnage adverses", "les personnage adverse"):
            return "all_enemies"
        if " non" in t:
            found = self._enemies_not(t)
            if found is not None:
                return found
        carrying: CardMatch | None = None
        m = re.fullmatch(r"(.+?) (?:portant|qui portent|qui porte) (?:au moins )?(.+)", t) or re.fullmatch(
            r"(.+?) ayant (?:au moins )?(une? .+?) attachee?", t
        )
        if m:  # "vos personnages portant une Lance", "… ayant un Pantin attaché"
            carrying = self._carried_match(clause, m.group(2))
            t = m.group(1)
        m = re.fullmatch(
            r"(?:tous )?vos (autres )?(?:personnages |allies )?(?:de (?:la |l')?)?(.+?)( allie(?:e)?s)?", t
        )
        if m:
            group = "other_allies" if (m.group(1) or m.group(3)) else "allies"
            if m.group(2) in ("personnages", "allies"):
                keys: dict[str, Any] = {}
                if m.group(2) == "allies":
                    group = "other_allies"
            else:
                keys = self._filter_keys(self.who_filter(m.group(2)))
            if carrying is None and not keys:
                return None
            return Selector(group=group, carrying=carrying, **keys)
        m = re.fullmatch(
            r"(?:tous )?les (?:autres )?personnages adverses (.+)|(?:tous )?les (.+?) adverses", t
        )
        if m and carrying is not None:
            rest = m.group(1) or m.group(2)
            keys = {} if rest == "personnages" else self._filter_keys(self.who_filter(rest))
            return Selector(group="enemies", carrying=carrying, **keys)
        m = re.fullmatch(r"(?:tous )?les (?:personnages )?(.+)", t)
        if m and not re.search(r"\badverses?\b|\ballie", m.group(1)):
            if m.group(1) in ("personnages", "personnage"):
                keys = {}
            else:
                keys = self._filter_keys(self.who_filter(m.group(1)))
            if carrying is None and not keys:
                return None
            return Selector(group="characters", carrying=carrying, **keys)
        return None

    def _enemies_not(self, t: str) -> Selector | None:
        """``tous les non Humains adverses``, ``les personnages adverses non Démons``."""
        m = re.fullmatch(
            r"(?:tous )?les (?:personnages )?(non .+?) adverses|(?:tous )?les personnages adverses (non .+)",
            t,
        )
        if not m:
            return None
        return Selector(group="enemies", **self._filter_keys(self.who_filter(m.group(1) or m.group(2))))

    @staticmethod
    def _filter_keys(found: Mapping[str, Any]) -> dict[str, Any]:
        return {("class_" if k == "class" else k): v for k, v in found.items()}

    # -- conditions -----------------------------------------------------------------------------

    def who_condition(self, text: str, prefix: str) -> Condition:
        """``Mage`` / ``Guémélite du feu`` / ``Sorcelame`` / ``Nomade`` as ``played_by_*`` (prefix
        ``played_by``) or ``opponent_*`` keys; ``X ou Y`` as ``any``; ``non multi-classé``."""
        text = text.strip()
        parts = re.split(r" ou | et |, ", text)
        if len(parts) > 1 and " et " not in text:
            return Condition(any=tuple(self.who_condition(p, prefix) for p in parts))
        m = re.fullmatch(r"non (?!multi)(.+)", text)
        if m:  # "Non Prêtre :"
            return Condition(not_=self.who_condition(m.group(1), prefix))
        m = re.fullmatch(r"(classe|race) (\S+)", text)
        if m:  # "Classe inconnue", "Race Inconnue": the word says which kind
            named: TermKind = "class" if m.group(1) == "classe" else "race"
            key = f"{prefix}_{named}" if prefix == "played_by" else f"opponent_{named}"
            return Condition(**{key: self.term(m.group(2), named)})  # type: ignore[arg-type]
        if text in ("sans caste", "sans castes") and prefix == "played_by":
            return Condition(compare=Compare(Count("castes"), "==", 0))
        single = None
        m = re.fullmatch(r"(.+?) (non multi-classe|mono-classe|multi-classe)", text)
        if m:
            text, single = m.group(1), m.group(2) != "multi-classe"
        no_caste = False
        m = re.fullmatch(r"(.+?) sans castes?", text)
        if m:
            text, no_caste = m.group(1), True
        found = {} if no_caste and text == "personnage" else self.who_filter(text)
        values: dict[str, Any] = {}
        for kind, slug in found.items():
            key = f"{prefix}_{kind}" if prefix == "played_by" else f"opponent_{kind}"
            if key not in Condition.__dataclass_fields__:
                raise NotRead(f"no condition for {kind}")
            values[key] = slug
        if single is not None:
            values[f"{prefix}_single_class" if prefix == "played_by" else "opponent_single_class"] = single
        cond = Condition(**values)
        if no_caste:
            if prefix != "played_by":
                raise NotRead("'sans caste' of the opponent (no count of its castes)")
            cond = replace(cond, compare=Compare(Count("castes"), "==", 0))
        return cond

    def condition(self, clause: Clause, text: str, ctx: Ctx) -> Condition:
        """The condition of a ``si …`` (or ``tant que …``, ``s'il …``) phrase.

        On a card attached to the opponent the text's "vous" and "le personnage adverse" swap
        sides (its holder is the carrier): only conditions that do not depend on the side (the
        turn) are read there."""
        if re.match(r"tant qu", text.strip()) and (ctx.happens or (ctx.subject == "card" and not ctx.stays)):
            # "as long as": a lasting effect that ends when the condition stops holding; only a
            # standing effect (a character's ability, a carried card's modifier) is checked so
            raise NotRead("'tant que' on an effect that happens once")
        text = self._self_named(clause, text, ctx)
        other = (
            grammar_cards.other_attached(self, clause, re.sub(r"^(?:si|tant que) ", "", text.strip()))
            if " autre " in text
            else None
        )
        cond = (
            other or self.stat_condition(clause, text, ctx) or grammar_cards.carried_count(self, clause, text)
        )
        if cond is None:
            try:
                cond = self._base_condition(clause, text, ctx)
            except NotRead:
                # the comparisons on counts of grammar_scale
                t = re.sub(r"^(?:si |s'il |s'ils |s'elle |tant que |lorsque |quand )", "", text.strip())
                if text.strip().startswith("s'il y a ") and t.startswith("y a "):
                    t = f"il {t}"
                found = grammar_scale.compare_condition(self, clause, t, ctx)
                if found is None:
                    raise
                cond = found
        if ctx.on_opponent and set(_condition_keys(cond)) - {"turn"}:
            raise NotRead("a condition on a card attached to the opponent (whose side?)")
        if cond.ally_dead is not None and cond.ally_dead in ctx.names:
            # "tant que 'X' est mort" in X's own text: an ability that holds while its holder is dead
            if ctx.subject != "character" or set(_condition_keys(cond)) != {"ally_dead"}:
                raise NotRead("an effect of a character while it is dead")
            return Condition(dead=True)
        return cond

    # the holder, as a condition's subject says it
    _ME = r"(?:votre personnage|ce personnage|le porteur|son porteur|il|elle|vous|celui-ci|celle-ci)"
    _HIM = r"(?:le personnage adverse|votre adversaire|l'adversaire|son adversaire)"

    def _named(self, clause: Clause, text: str, ctx: Ctx) -> str | None:
        """A character named in a condition (quoted, or a known name written plainly) -> its family;
        ``"self"`` when it is the text's own character."""
        t = text.strip()
        if re.fullmatch(r"@\d+@", t):
            fam = self.family(clause, t)
            return "self" if fam in ctx.names else fam
        if t in ctx.names:
            return "self"
        return self.families.get(t)

    def _self_named(self, clause: Clause, text: str, ctx: Ctx) -> str:
        """A condition whose subject is the text's own character by its name (``si Vaerzar porte
        …``, ``si 'Eikytan' joue …``) speaks of "il"."""
        m = re.match(
            r"(si |tant que |lorsque |quand )?(@\d+@|[a-z][\w' -]*?) (?=porte |joue |a |ne porte )",
            text.strip(),
        )
        if m and self._named(clause, m.group(2), ctx) == "self":
            return f"{m.group(1) or ''}il {text.strip()[m.end() :]}"
        # "si la Défense de Kébek est supérieure à 3" in Kébek's text: its own Défense
        m = re.search(
            r"\b(?:attaque|defense|esprit)(?: min\.?| max\.?)? de (@\d+@|[a-z][\w' -]*?) (?=est )", text
        )
        if m and self._named(clause, m.group(1), ctx) == "self":
            return f"{text[: m.start(1)]}votre personnage {text[m.end() :]}"
        return text

    def _stat_count(self, text: str) -> Count | None:
        """``la Défense du personnage adverse``, ``votre Attaque max.``, ``son Esprit de base``,
        ``ses PV`` -> a Count of that stat (None: not a stat phrase)."""
        t = re.sub(r"^(?:la |l'|le |les |votre |vos |son |sa |ses |leur )", "", text.strip())
        m = re.fullmatch(
            rf"({STAT_RE}|pv|niveau)( de base)?(?: (de votre personnage|de ce personnage|du porteur|"
            r"du personnage adverse|de votre adversaire|de l'adversaire|adverse))?( de base)?",
            t,
        )
        if not m:
            return None
        word = m.group(1)
        stat = "level" if word == "niveau" else "hp" if word == "pv" else self._stat(word)
        if stat not in COUNT_STAT_NAMES:
            return None  # the rolled Attaque is not a count
        of = "opponent" if m.group(3) and "adver" in m.group(3) else "self"
        return Count("stat", stat=stat, of=of, base=bool(m.group(2) or m.group(4)))

    def stat_condition(self, clause: Clause, text: str, ctx: Ctx) -> Condition | None:
        """Conditions on stats, on what the holder carries, on the player's characters (None: not
        one of these; the other forms are :meth:`_base_condition`'s)."""
        t = text.strip()
        t = re.sub(r"^(?:si |tant que |tant qu'(?=un|une|il|elle))", "", t)
        t = re.sub(r"^s'(?=ils? |elles? )", "", t)
        me, him = self._ME, self._HIM
        # "si la Défense du personnage adverse est supérieure à celle de votre personnage / à 3"
        m = re.fullmatch(
            r"(.+?) est (superieure?|inferieure?|egale?|strictement superieure?|strictement inferieure?)"
            r"( ou egale?)? (?:a|au|aux) (.+)",
            t,
        )
        if m:
            left = self._stat_count(m.group(1))
            if left is not None:
                right_text = m.group(4).strip()
                right: int | Count | None = None
                if re.fullmatch(r"\d+", right_text):
                    right = int(right_text)
                else:
                    rm = re.fullmatch(r"(?:celle|celui) (de .+|du .+)", right_text)
                    if rm:
                        # "celui de l'adversaire": the same stat ("votre Esprit" / "l'Esprit de …")
                        said = re.search(rf"\b(?:{STAT_RE})\b", m.group(1))
                        right = self._stat_count(f"{said.group(0) if said else ''} {rm.group(1)}")
                    else:
                        right = self._stat_count(right_text)
                if right is None:
                    raise NotRead(f"compared with {right_text!r}")
                if right == left:
                    # "le personnage adverse a … si sa Défense est supérieure à celle de votre
                    # personnage": "sa" is the other one (a stat compared with itself says nothing)
                    if not re.match(r"(?:sa|son|ses) ", m.group(1)) or not isinstance(right, Count):
                        raise NotRead("a stat compared with itself")
                    left = replace(left, of="opponent" if right.of == "self" else "self")
                word = m.group(2).replace("strictement ", "")
                cmp = {"superieur": ">", "inferieur": "<", "egal": "=="}[word.rstrip("e")]
                if m.group(3):
                    if cmp == "==":
                        raise NotRead("égal ou égal")
                    cmp += "="
                return Condition(compare=Compare(left, cmp, right))
        # "si votre personnage a plus de PV que le personnage adverse"
        m = re.fullmatch(rf"{me} (?:a|avez) (plus|moins) de ({STAT_RE}|pv) que {him}", t)
        if m:
            stat = "hp" if m.group(2) == "pv" else self._stat(m.group(2))
            if stat not in COUNT_STAT_NAMES:
                raise NotRead("the rolled Attaque compared")
            return Condition(
                compare=Compare(
                    Count("stat", stat=stat),
                    ">" if m.group(1) == "plus" else "<",
                    Count("stat", stat=stat, of="opponent"),
                )
            )
        # "si le personnage adverse n'a aucune Classe en commun avec votre personnage": the two
        # fighters have (not) one of that kind in common
        shared = _shared_condition(t, me, him, fighters=ctx.subject == "card") if "commun" in t else None
        if shared is not None:
            return shared
        # "si 'X' est votre seul Mage" in X's own text: it is one, and the only one
        m = re.fullmatch(r"(.+?) est (?:votre|le) seule? (.+?)(?: en vie)?", t)
        if m and self._named(clause, m.group(1), ctx) == "self":
            kind = self.who_condition(m.group(2), "played_by")
            group = self._group("allies", m.group(2))
            return _merge_conditions(
                kind, Condition(compare=Compare(Count("characters", characters=group), "==", 1))
            )
        # "si votre personnage porte une autre 'Hache'" in the Hache's own text: another copy
        m = re.fullmatch(rf"{me} (?:porte|portez) (?:un |une )autre (@\d+@)", t)
        if m and self.family(clause, m.group(1)) in ctx.names:
            copy = CardMatch("card", self.family(clause, m.group(1)))
            attached = Count("cards", pile="play", owner="both", match=copy, on="self", other=True)
            return Condition(compare=Compare(attached, ">=", 1))
        # what the holder does not carry; a carried card is in play ("actif" says nothing more)
        m = re.fullmatch(
            rf"{me} ne (?:porte|portez) (?:aucune? |pas d'|pas de |plus d'|plus de )(?!autres? )(.+?)"
            r"(?: actifs?| actives?)?",
            t,
        )
        if m:
            return Condition(not_=self._carrying(clause, m.group(1), "carrying"))
        m = re.fullmatch(
            rf"{him} ne porte (?:aucune? |pas d'|pas de |plus d'|plus de )(.+?)(?: actifs?| actives?)?", t
        )
        if m:
            return Condition(not_=self._carrying(clause, m.group(1), "opponent_carrying"))
        m = re.fullmatch(
            rf"(?:{me} (?:porte|portez)|{me} a) (?:deja |au moins )?(?!deux |trois |quatre |\d)(.+?) (?:actifs?|actives?|attachee?s? a (?:lui|elle|vous))",
            t,
        )
        if m:
            return self._carrying(clause, m.group(1), "carrying")
        m = re.fullmatch(rf"{him} porte (?:deja |au moins )?(.+?) (?:actifs?|actives?)", t)
        if m:
            return self._carrying(clause, m.group(1), "opponent_carrying")
        m = re.fullmatch(
            r"(?:un |une |au moins une? )(.+?) (?:est|sont) attachee?s? (?:a |sur |au (?=personnage ))(.+)", t
        )
        if m:
            named = self._named(clause, m.group(2), ctx)
            if re.fullmatch(me, m.group(2)) or named == "self":
                return self._carrying(clause, m.group(1), "carrying")
            if re.fullmatch(him, m.group(2)) or m.group(2) == "personnage adverse":
                return self._carrying(clause, m.group(1), "opponent_carrying")
            # "à un de vos personnages": to any of them (no one is chosen)
            whom = re.sub(
                r"^(?:l')?un (?:de vos|des) personnages( en combat)?$", r"les personnages\1", m.group(2)
            )
            whom = "vos personnages" if whom == "les personnages" and "vos" in m.group(2) else whom
            on: Target
            if named is not None and named != "self" and "@" in whom:
                # "attachée à 'X'" (another of the player's characters, by its name)
                on = Selector(group="allies", family=named)
            else:
                on = self.subject(clause, re.sub(r"^au ", "le ", whom), ctx.names)
            if target_group(on)[1] is not None or target_group(on)[0] in ("self", "opponent"):
                raise NotRead(f"attached to {m.group(2)!r}")
            # "si une carte est attachée à un de vos personnages": one at least on those characters
            held = Count(
                "cards", pile="play", owner="both", match=self._count_match(clause, m.group(1)), on=on
            )
            return Condition(compare=Compare(held, ">=", 1))
        # one of the player's characters carries…: the holder or another of them
        m = re.fullmatch(
            r"(?:un de vos personnages|l'un de vos personnages|un personnage allie) porte (?:au moins )?(.+)",
            t,
        )
        if m:
            mine = self._carrying(clause, m.group(1), "carrying")
            carried = self._carried_match(clause, m.group(1))
            return Condition(any=(mine, Condition(ally=Selector(group="other_allies", carrying=carried))))
        # the player's characters
        m = re.fullmatch(r"vos autres personnages sont (?:tous )?morts", t) or re.fullmatch(
            rf"{me} (?:est|etes) (?:votre|le) (?:seul|dernier) personnage (?:en vie|vivant)", t
        )
        if m:
            return Condition(compare=Compare(Count("characters", characters="other_allies"), "==", 0))
        m = re.fullmatch(
            r"(?:tous )?(les personnages adverses|vos autres personnages|vos allies)( hors[- ]combat)?"
            r" sont (?:tous )?(inclines|releves) ou morts",
            t,
        )
        if m:
            # "si les personnages adverses hors-combat sont inclinés ou morts": none of them alive
            # and not in that state
            group = self.subject(clause, m.group(1) + (m.group(2) or ""))
            living = grammar_cards.with_tapped(group, m.group(3) != "inclines")
            return Condition(compare=Compare(Count("characters", characters=living), "==", 0))
        m = re.fullmatch(
            r"(?:vous avez|il y a) (?:au moins )?(un|une|\d+) (.+?) (morte?s?|en vie)(?: parmi vos personnages| dans votre equipe)?",
            t,
        ) or re.fullmatch(r"(un|une) de vos (.+?) est (morte?|en vie)", t)
        if m and not m.group(2).startswith("des "):
            n = number(m.group(1))
            group = self._group("allies", m.group(2))
            dead = m.group(3).startswith("mort")
            return Condition(compare=Compare(Count("characters", characters=group, dead=dead), ">=", n))
        m = re.fullmatch(r"vous avez (?:au moins )?(un|une|\d+) (.+?)", t)
        if (
            m
            and not m.group(2).startswith("des ")
            and not re.search(r"\b(?:pv|cartes?|marqueurs?|bonus|classes?|guildes?)\b", m.group(2))
        ):
            try:
                having = self._group("allies", m.group(2))
            except NotRead:
                pass
            else:
                return Condition(
                    compare=Compare(Count("characters", characters=having), ">=", number(m.group(1)))
                )
        m = re.fullmatch(r"vous n'avez qu'une? (?:seule? )?(.+?)( en vie)?", t)
        if m:
            if re.fullmatch(r"classes?", m.group(1)):
                return Condition(compare=Compare(Count("classes"), "==", 1))
            if re.fullmatch(r"guildes?", m.group(1)):
                return Condition(compare=Compare(Count("guilds"), "==", 1))
            group = self._group("allies", m.group(1))
            alive = Count("characters", characters=group)
            if m.group(2):
                return Condition(compare=Compare(alive, "==", 1))
            # one in the team: alive, or dead
            dead = Count("characters", characters=group, dead=True)
            return Condition(
                any=(
                    Condition(
                        compare=Compare(alive, "==", 1), not_=Condition(compare=Compare(dead, ">=", 1))
                    ),
                    Condition(
                        compare=Compare(dead, "==", 1), not_=Condition(compare=Compare(alive, ">=", 1))
                    ),
                )
            )
        m = re.fullmatch(rf"(?:{me}|(.+?)) (?:est|etes|n'est pas|n'etes pas) (hors[- ]combat|en combat)", t)
        if m and (m.group(1) is None or self._named(clause, m.group(1), ctx) == "self"):
            negated = " pas " in f" {t} "
            return Condition(fighting=(m.group(2) == "en combat") != negated)
        # a stat against a number: "si le personnage adverse a 2 d'Esprit ou plus"
        m = re.fullmatch(
            rf"(.+?) (?:a|avez) (?:(plus|moins) de (\d+) (?:d'|de )?({STAT_RE}|pv)|(\d+) (?:d'|de )?({STAT_RE}|pv) ou (plus|moins))",
            t,
        )
        if m:
            whose = m.group(1)
            of = "opponent" if re.fullmatch(him, whose) else "self" if re.fullmatch(me, whose) else None
            if of is not None:
                word = m.group(4) or m.group(6)
                stat = "hp" if word == "pv" else self._stat(word)
                if stat in COUNT_STAT_NAMES:
                    if m.group(2):
                        cmp, n = (">" if m.group(2) == "plus" else "<"), int(m.group(3))
                    else:
                        cmp, n = (">=" if m.group(7) == "plus" else "<="), int(m.group(5))
                    return Condition(compare=Compare(Count("stat", stat=stat, of=of), cmp, n))
        # how many cards the holder carries
        m = re.fullmatch(rf"{me} ne (?:porte|portez) qu'une? (?:seule? )?(.+?)(?: actifs?| actives?)?", t)
        if m:
            held = Count(
                "cards", pile="play", owner="both", match=self._carried_match(clause, m.group(1)), on="self"
            )
            return Condition(compare=Compare(held, "==", 1))
        m = re.fullmatch(
            rf"{me} (?:porte|portez) (?:au moins )?(deux|trois|quatre|\d+) (?!marqueur)(.+?)(?: actifs?| actives?)?",
            t,
        )
        if m:
            held = Count(
                "cards", pile="play", owner="both", match=self._count_match(clause, m.group(2)), on="self"
            )
            return Condition(compare=Compare(held, ">=", number(m.group(1))))
        m = re.fullmatch(rf"{me} (?:porte|portez) (plus|moins) (?:d'|de )(.+?) que {him}", t)
        if m:
            match = self._count_match(clause, m.group(2))
            mine_count = Count("cards", pile="play", owner="both", match=match, on="self")
            theirs = Count("cards", pile="play", owner="both", match=match, on="opponent")
            return Condition(compare=Compare(mine_count, ">" if m.group(1) == "plus" else "<", theirs))
        # one of the enemy characters is a Mage: a count of them
        m = re.fullmatch(
            r"(?:un personnage adverse|un de vos adversaires|un des personnages adverses|l'un des personnages adverses)"
            r" est (?:un |une )?(.+)",
            t,
        )
        if m:
            kinds = [self._filter_keys(self.who_filter(p)) for p in re.split(r" ou ", m.group(1))]
            conds = [
                Condition(
                    compare=Compare(Count("characters", characters=Selector(group="enemies", **k)), ">=", 1)
                )
                for k in kinds
            ]
            return conds[0] if len(conds) == 1 else Condition(any=tuple(conds))
        # "au moins 5 de vos cartes sont en jeu"
        m = re.fullmatch(rf"(?:au moins )?{NUM} de vos cartes (?:sont|se trouvent) en jeu", t)
        if m:
            return Condition(compare=Compare(Count("cards", pile="play"), ">=", number(m.group(1))))
        if re.fullmatch(
            r"(?:vous n'avez|il n'a|votre personnage n'a) (?:joue|active) aucune carte apres (?:celle-ci|cette carte)",
            t,
        ):
            return Condition(not_=Condition(followed_by=CardMatch("any")))
        m = re.fullmatch(r"(?:cette carte est |elle est |il est )?jouee? apres (.+)", t)
        if m:
            return Condition(follows=self.match(clause, m.group(1)))
        m = re.fullmatch(r"(?:vous activez|il active|elle active|active|votre personnage active) (.+)", t)
        if m:  # a card "s'active" when it is played
            return Condition(plays=self.match(clause, m.group(1)))
        # "tant que Boucan est relevé": the character itself
        m = re.fullmatch(r"(.+?) (?:est|etes) (incline|releve)e?s?", t)
        if m and self._named(clause, m.group(1), ctx) == "self":
            return Condition(tapped=m.group(2) == "incline")
        m = re.fullmatch(
            r"(?:jouee?|elle est jouee|cette carte est jouee) (?:au|aux|durant le|durant les|pendant le|pendant les) tours? (.+)",
            t,
        )
        if m:
            return Condition(turn=self.turns(re.sub(r" ou ", " et ", m.group(1))))
        m = re.fullmatch(r"(.+?) (?:fait|font) partie? de vos personnages( et (?:est|sont) en vie)?", t)
        if m and "@" not in m.group(1):
            fams = [self._named(clause, x, ctx) for x in re.split(r", | ou ", m.group(1))]
            if all(f is not None and f != "self" for f in fams):
                conds = [Condition(ally_alive=f) if m.group(2) else Condition(ally_present=f) for f in fams]
                return conds[0] if len(conds) == 1 else Condition(any=tuple(conds))
        m = re.fullmatch(
            r"(@\d+@(?:, @\d+@)*) ou (@\d+@) (?:fait|font) partie? de vos personnages( et (?:est|sont) en vie)?",
            t,
        )
        if m:
            fams = [self.family(clause, x) for x in re.findall(r"@\d+@", t)]
            return Condition(
                any=tuple(Condition(ally_alive=f) if m.group(3) else Condition(ally_present=f) for f in fams)
            )
        return None

    def _base_condition(self, clause: Clause, text: str, ctx: Ctx) -> Condition:
        t = text.strip()
        t = re.sub(
            r"^(?:si |s'il |s'ils |s'elle |tant que |lorsque |quand )",
            lambda m: "il " if m.group(0).startswith("s'") else "",
            t,
        )
        if t.endswith(" en vie"):  # "si votre adversaire est encore en vie" (before "est <class>")
            alive = grammar_life.condition(self, clause, t, ctx)
            if alive is not None:
                return alive
        m = re.fullmatch(
            r"(?:vous jouez|il joue|elle joue|joue|votre personnage joue|ils jouent) (.+?)( en enchainement)?",
            t,
        )
        if m and not re.search(r"\bapres cette carte\b", t):
            cond = Condition(plays=self.match(clause, m.group(1)))
            return replace(cond, chained=True) if m.group(2) else cond
        m = re.fullmatch(r"(?:vous jouez|il joue) (.+?) apres cette carte", t)
        if m:
            return Condition(followed_by=self.match(clause, m.group(1)))
        m = re.fullmatch(r"(?:cette carte est|elle est) jouee apres (.+)|jouee apres (.+)", t)
        if m:
            return Condition(follows=self.match(clause, m.group(1) or m.group(2)))
        if re.fullmatch(r"(?:cette carte est |elle est )?jouee en enchainement", t):
            return Condition(chained=True)
        m = re.fullmatch(rf"(?:le personnage adverse|votre adversaire|l'adversaire) joue {NUM} cartes", t)
        if m:  # "si votre adversaire joue 2 cartes": this turn
            played = Count("cards", pile="played_turn", owner="opponent")
            return Condition(compare=Compare(played, ">=", number(m.group(1))))
        m = re.fullmatch(r"(?:le personnage adverse|votre adversaire|l'adversaire) joue (.+)", t)
        if m:
            return Condition(opponent_plays=self.match(clause, m.group(1)))
        m = re.fullmatch(
            r"(?:vous portez|il porte|elle porte|votre personnage porte|ce personnage porte|porte) (?:deja |au moins )?(.+)",
            t,
        )
        if m:
            return self._carrying(clause, m.group(1), "carrying")
        m = re.fullmatch(
            r"(?:le personnage adverse|votre adversaire|l'adversaire) porte (?:au moins )?(.+)", t
        )
        if m:
            return self._carrying(clause, m.group(1), "opponent_carrying")
        m = re.fullmatch(
            r"(?:le personnage adverse|votre adversaire|l'adversaire|il) (n'est (?:pas|ni) )?(.+)", t
        )
        if m and (m.group(1) or re.match(r"est ", m.group(2))):
            who = re.sub(r"^est ", "", m.group(2))
            who = re.sub(r"^(?:un |une |de la guilde |de |d')", "", who)
            if m.group(1):
                parts = re.split(r" ni | ou ", who)
                conds = [self.who_condition(p, "opponent") for p in parts]
                return Condition(not_=conds[0] if len(conds) == 1 else Condition(any=tuple(conds)))
            return self.who_condition(who, "opponent")
        m = re.fullmatch(r"(@\d+@) (?:fait|font) partie de vos personnages( et (?:est|sont) en vie)?", t)
        if m:
            fam = self.family(clause, m.group(1))
            return Condition(ally_alive=fam) if m.group(2) else Condition(ally_present=fam)
        m = re.fullmatch(r"(@\d+@(?:, @\d+@)*) (?:ou|et) (@\d+@) (?:fait|font) partie de vos personnages", t)
        if m:
            tokens = re.findall(r"@\d+@", t)
            return Condition(any=tuple(Condition(ally_present=self.family(clause, x)) for x in tokens))
        m = re.fullmatch(r"(@\d+@) (?:est|fait partie de) (?:un de )?vos allies", t)
        if m:
            return Condition(ally_present=self.family(clause, m.group(1)))
        m = re.fullmatch(r"(@\d+@) est en vie", t)
        if m:
            return Condition(ally_alive=self.family(clause, m.group(1)))
        m = re.fullmatch(r"(@\d+@(?:, @\d+@)*) ou (@\d+@) (?:est|sont) en vie", t)
        if m:  # "si 'X', 'Y' ou 'Z' est en vie": one of them among the player's living characters
            tokens = re.findall(r"@\d+@", t)
            return Condition(any=tuple(Condition(ally_alive=self.family(clause, x)) for x in tokens))
        if re.fullmatch(
            r"(?:votre personnage|il|vous|ce personnage) (?:a|avez) (?:son|votre) bonus de rage", t
        ):  # "a son bonus de Rage": Enragé (a character's "Rage :" bonus)
            return Condition(keyword="enrage")

        m = re.fullmatch(r"(?:tant qu')?(.+?) est (?:encore )?en vie", t)
        if m and ctx.names and m.group(1) in ctx.names:
            # "tant que Malyss est en vie" in Malyss's text, its name unquoted: as "'Malyss'"
            return Condition(ally_alive=self.families.get(ctx.names[0], slugify(ctx.names[0])))
        m = re.fullmatch(r"(@\d+@) est morte?", t)
        if m:
            return Condition(ally_dead=self.family(clause, m.group(1)))
        m = re.fullmatch(
            r"(?:(?:l')?un de vos allies est|(?:l')?un de vos personnages est|vous avez un allie"
            r"|un des personnages allies est) (?:un |une )?(.+)"
            r"|(?:un |une )(.+?) fait partie de vos (?:personnages|allies)",
            t,
        )
        if m:
            found = self.who_filter(m.group(1) or m.group(2))
            others = Condition(ally=Selector(group="other_allies", **self._filter_keys(found)))
            if not re.match(r"(?:l')?un de vos personnages est", t):
                return others
            # "l'un de vos personnages est Daïs": the holder is one of them too
            holder = {f"played_by_{k}": v for k, v in found.items() if k in HOLDER_KEYS}
            if found and len(holder) == len(found):
                return Condition(any=(Condition(**holder), others))
        m = re.fullmatch(r"(?:votre personnage|il|vous|ce personnage) (?:a|avez) (moins|plus) de (\d+) pv", t)
        if m:
            n = int(m.group(2))
            return Condition(
                compare=Compare(Count("stat", stat="hp"), "<" if m.group(1) == "moins" else ">", n)
            )
        m = re.fullmatch(r"(?:votre personnage|il|vous|ce personnage) (?:a|avez) (\d+) pv ou (moins|plus)", t)
        if m:
            n = int(m.group(1))
            return Condition(
                compare=Compare(Count("stat", stat="hp"), "<=" if m.group(2) == "moins" else ">=", n)
            )
        m = re.fullmatch(
            rf"(?:il y a (?:au moins )?{NUM} |un |une |au moins {NUM} )?(.+?) (?:est|sont|se trouvent?) (?:dans|en) "
            r"(votre|la) (defausse|main|deck)( adverse)?",
            t,
        ) or re.fullmatch(
            rf"il y a (?:au moins )?{NUM} (.+?) (?:dans|en) (votre|la) (defausse|main|deck)( adverse)?", t
        )
        if m:
            groups = m.groups()
            n = next((number(g) for g in groups[:-4] if g), 1)
            owner = "opponent" if groups[-1] else "self"
            if groups[-3] == "la" and not groups[-1]:
                raise NotRead("whose pile?")
            count = Count(
                "cards", pile=PILES[groups[-2]], owner=owner, match=self._count_match(clause, groups[-4])
            )
            return Condition(compare=Compare(count, ">=", n))
        m = re.fullmatch(r"(?:un |une |au moins une? )?(.+?) (?:est|sont) (?:en jeu|actif|active|actives)", t)
        if m:
            count = Count("cards", pile="play", owner="both", match=self._count_match(clause, m.group(1)))
            return Condition(compare=Compare(count, ">=", 1))
        if re.fullmatch(r"vous etes (?:l')?attaquant", t):
            return Condition(active=True)
        if re.fullmatch(r"vous etes (?:le )?defenseur", t):
            return Condition(active=False)
        # "si vous (n')avez (pas) l'initiative": the player who has it this turn is the active one
        # (docs/rules/eredan.md §3: the players alternate as the active player)
        m = re.fullmatch(r"vous (n')?avez (?:pas )?l'initiative", t)
        if m and ("pas" in t.split()) == bool(m.group(1)):
            return Condition(active=not m.group(1))
        m = re.fullmatch(r"(?:votre personnage|il|ce personnage|vous) (?:est|etes) (incline|releve)e?s?", t)
        if m:
            return Condition(tapped=m.group(1) == "incline")
        m = re.fullmatch(r"(?:le personnage adverse|votre adversaire) est (incline|releve)e?", t)
        if m:
            return Condition(opponent_tapped=m.group(1) == "incline")
        m = re.fullmatch(r"joue par (@\d+@)|jouee par (@\d+@)", t)
        if m:
            return Condition(played_by=self.family(clause, m.group(1) or m.group(2)))
        extra = grammar_cards.condition(self, clause, t, ctx)
        if extra is not None:
            return extra
        extra = grammar_life.condition(self, clause, t, ctx)
        if extra is not None:
            return extra
        raise NotRead(f"condition {t!r}")

    def _carrying(self, clause: Clause, text: str, key: str) -> Condition:
        text = text.strip()
        mine = key == "carrying"
        m = re.fullmatch(r"(?:une? )?autres? (.+)", text)
        if m and mine:  # "s'il (ne) porte (pas d')autre Objet maudit": besides this card
            other = grammar_cards.other_attached(self, clause, f"il porte un autre {m.group(1)}")
            if other is not None:
                return other
        if re.fullmatch(r"(?:une |un )?armes?", text):
            return Condition(carrying="weapon") if mine else Condition(opponent_carrying="weapon")
        if re.fullmatch(r"(?:une |un )?armures?", text):
            return Condition(carrying="armor") if mine else Condition(opponent_carrying="armor")
        match = self.match(clause, text)
        return Condition(carrying_match=match) if mine else Condition(opponent_carrying_match=match)

    def _carried_match(self, clause: Clause, text: str) -> CardMatch:
        """What a "porte …" names, as a card match (a carried card is in play: "actif" is dropped)."""
        t = re.sub(r" (?:actifs?|actives?)$", "", text.strip())
        return self.match(clause, re.sub(r"^(?:deja |au moins )", "", t))

    def prefix_condition(self, clause: Clause, text: str, ctx: Ctx | None = None) -> Condition:
        """The condition before a colon: ``Mage :``, ``Guémélite du feu :``, ``Si joué par 'X' :``,
        ``'Jorus' :``, ``Mage non multi-classé :``, ``Humain ou Elfine :``, ``Attaquant :``, and any
        ``si …`` condition (``Si le personnage adverse est Mage :``)."""
        ctx = ctx if ctx is not None else Ctx()
        t = text.strip()
        if re.match(r"si (?:jouee?s? )?(?:apres|en enchainement)", t) or re.match(
            r"si (?:vous jouez|joue) (?!par)", t
        ):
            return self.condition(clause, t, ctx)
        if t in ("activation", "a l'activation"):
            raise NotRead("at activation")  # read by the caller as plain effects
        m = re.fullmatch(r"si (?:jouee?|jouee?s) par (.+)", t)
        if m:
            t = m.group(1)
            if re.fullmatch(r"(?:un |une )(.+)", t):
                t = re.sub(r"^(?:un |une )", "", t)
        tokens = re.findall(r"@\d+@", t)
        if tokens and re.fullmatch(r"@\d+@(?:(?:, | ou | et )@\d+@)*", t):
            fams = [self.family(clause, x) for x in tokens]
            if len(fams) == 1:
                return Condition(played_by=fams[0])
            return Condition(any=tuple(Condition(played_by=f) for f in fams))
        if t in ("rage", "si rage"):
            # "Rage : …": while the character is Enragé (its Rage bonus)
            return Condition(keyword="enrage")
        if t in ("attaquant", "si attaquant", "si vous etes attaquant"):
            return Condition(active=True)
        if t in ("defenseur", "si defenseur", "si vous etes defenseur"):
            return Condition(active=False)
        m = re.fullmatch(r"(?:de )?niveau (\d+) ou (plus|moins)", t)
        if m:  # "Niveau 4 ou plus :"
            level = Count("stat", stat="level")
            return Condition(compare=Compare(level, ">=" if m.group(2) == "plus" else "<=", int(m.group(1))))
        if t.startswith(("si ", "tant qu")):
            return self.condition(clause, t, ctx)
        named = grammar_cards.named_prefix(self, clause, t)
        if named is not None:
            return named
        m = re.fullmatch(
            r"(personnage .+?|.+?) (ne portant pas (?:d'|de )|portant (?:un |une |des )?)(.+)", t
        )
        if m and not re.search(r"@\d+@", m.group(1)):
            # "Personnage sans caste ne portant pas d'arme à une main :", "Mage portant une Armure :"
            carried = Condition(carrying_match=self._carried_match(clause, m.group(3)))
            if m.group(2).startswith("ne "):
                carried = Condition(not_=carried)
            who = m.group(1)
            base = None if who == "personnage" else self.who_condition(who, "played_by")
            merged = _merge_conditions(base, carried)
            assert merged is not None
            return merged
        return self.who_condition(t, "played_by")

    # -- amounts, durations, scaling ------------------------------------------------------------

    def amount(self, text: str) -> Amount | str:
        """``3``, ``3 a 5``, ``de 3 a 5``, ``entre 2 et 5`` -> an Amount; ``x`` -> "x" (said later)."""
        t = text.strip()
        if t == "x":
            return "x"
        m = re.fullmatch(rf"(?:de |entre )?{NUM}(?: (?:a|et) {NUM})?", t)
        if not m:
            raise NotRead(f"amount {t!r}")
        lo = number(m.group(1))
        hi = number(m.group(2)) if m.group(2) else lo
        if lo > hi:
            raise NotRead("a range upside down")
        return Amount(lo, hi)

    def stat_mods(self, text: str) -> list[tuple[str, int | Amount | str]]:
        """``Attaque +2``, ``Attaque +1 et Défense -1``, ``Défense et Esprit +1``, ``Attaque +3/+2``
        (min +3, max +2), ``Attaque +1 à +2``, ``Attaque +X`` -> (stat, amount) pairs."""
        t = text.strip()
        t = re.sub(r" supplementaires?$| supplementaires?(?= et |, )", "", t)
        t = re.sub(r"^(?:leurs?|ses|sa|son) ", "", t)
        t = re.sub(rf"^([+-] ?\d+) ({STAT_RE})$", r"\2 \1", t)  # "+1 pv maximum"
        t = re.sub(rf"^({STAT_RE}) ([+-] ?\d+) a (?:{STAT_RE}) ([+-] ?\d+)$", r"\1 \2 a \3", t)
        sign = r"([+-]) ?(\d+|x)"
        shared = re.fullmatch(
            rf"((?:{STAT_RE})(?:(?:, | et )(?:{STAT_RE}))+) {sign}(?: a ([+-])? ?(\d+))?", t
        )
        if shared:
            stats = [self._stat(s) for s in re.split(r", | et ", shared.group(1))]
            value: int | Amount | str = self._signed(shared.group(2), shared.group(3))
            if shared.group(5):  # "Attaque et Défense +1 à +2": each one rolled
                high = self._signed(shared.group(4) or shared.group(2), shared.group(5))
                if (
                    not isinstance(value, int)
                    or not isinstance(high, int)
                    or value == high
                    or (value < 0) != (high < 0)
                ):
                    raise NotRead("a rolled modifier")
                value = Amount(min(value, high), max(value, high))
            return [(s, value) for s in stats]
        out: list[tuple[str, int | Amount | str]] = []
        for part in re.split(r", | et ", t):
            m = re.fullmatch(rf"({STAT_RE}) ?(?:de )?{sign}(?: ?/ ?{sign}| a ([+-])? ?(\d+))?", part.strip())
            if not m:
                raise NotRead(f"stat modifier {part!r}")
            stat = self._stat(m.group(1))
            first = self._signed(m.group(2), m.group(3))
            if m.group(4):  # "+3/+2": the two ends of the Attaque range
                if stat != "attack" or first in ("x", "-x"):
                    raise NotRead("a range modifier on another stat than the Attaque")
                second = self._signed(m.group(4), m.group(5))
                if first:
                    out.append(("attack_min", first))
                if second:
                    out.append(("attack_max", second))
                continue
            if m.group(7):  # "+1 a +2", "+1 a 2", "-2 a -3": rolled
                second = self._signed(m.group(6) or m.group(2), m.group(7))
                if not isinstance(first, int) or not isinstance(second, int) or first == second:
                    raise NotRead("a rolled modifier")
                if (first < 0) != (second < 0) and m.group(6) is None:
                    raise NotRead("a rolled modifier")
                out.append((stat, Amount(min(first, second), max(first, second))))
                continue
            out.append((stat, first))
        if not out:
            raise NotRead("no stat modifier")
        return out

    @staticmethod
    def _stat(text: str) -> str:
        for pattern, stat in STAT_WORDS:
            if re.fullmatch(pattern, text.strip()):
                return stat
        raise NotRead(f"stat {text!r}")

    @staticmethod
    def _signed(sign: str, value: str) -> int | str:
        if value == "x":
            return "x" if sign == "+" else "-x"
        n = int(value)
        return n if sign == "+" else -n

    def duration(self, text: str) -> Duration:
        t = text.strip()
        if re.fullmatch(r"jusqu'a la fin de (?:la )?partie", t):
            return Duration("game")
        if re.fullmatch(
            r"jusqu'a la fin (?:du|de ce) (?:tour|combat)(?:-ci)?|(?:pendant |durant |pour )?(?:le|ce) (?:tour|combat)(?:-ci)?"
            r"|(?:pendant |durant |pour )?ce tour-ci",
            t,
        ):
            return THIS_TURN
        if re.fullmatch(
            r"jusqu'a la fin du (?:prochain tour|tour suivant)"
            r"|(?:pendant |durant |pour )?ce tour(?:-ci)? et le (?:tour )?(?:suivant|prochain)",
            t,
        ):
            return Duration("turns", 2)
        m = re.fullmatch(
            rf"(?:(?:pendant|durant|pour) (?:les )?|les (?=\S+ prochains ))"
            rf"{NUM} (?:prochains )?(tours|combats)(?: suivants)?",
            t,
        )
        if m:
            return Duration("turns" if m.group(2) == "tours" else "combats", number(m.group(1)))
        raise NotRead(f"duration {t!r}")

    #: The durations :meth:`duration` reads, as they end (or begin) a phrase.
    DURATION_RE = (
        r"jusqu'a la fin (?:de la partie|de partie|du tour|du combat|de ce tour|de ce combat|du prochain tour"
        r"|du tour suivant)(?:-ci)?"
        r"|(?:pendant |durant |pour )?(?:le |ce )(?:tour|combat)(?:-ci)?(?: et le (?:tour )?(?:suivant|prochain))?"
        r"|(?:pendant|durant|pour) (?:les )?(?:\d+|une?|deux|trois|quatre|cinq|six) (?:prochains )?(?:tours|combats)"
        r"(?: suivants)?"
        r"|les (?:\d+|deux|trois|quatre|cinq|six) prochains (?:tours|combats)"
    )

    def count(self, clause: Clause, text: str) -> tuple[Count, bool]:
        """What ``pour chaque …`` / ``par …`` / ``le nombre de …`` counts; the bool says the text
        excludes the card itself (``autre``, not expressible: NotRead). The phrases of
        :func:`grammar_scale.count` are tried when these are not understood."""
        try:
            return self._count(clause, text)
        except NotRead:
            t = re.sub(
                r"^(?:chaque |chacun de |chacune de |chacun des |chacune des |les |le |la |l')",
                "",
                text.strip(),
            )
            found = (
                grammar_markers.count(self, clause, t)
                or grammar_scale.count(self, clause, t)
                or grammar_cards.count(self, clause, t)
            )
            if found is None:
                raise
            return found, False

    def _count(self, clause: Clause, text: str) -> tuple[Count, bool]:
        t = text.strip()
        t = re.sub(r"^(?:chaque |chacun de |chacune de |chacun des |chacune des |les |le |la |l')", "", t)
        m = re.fullmatch(
            r"(.+?) (?:dans|de) (votre|la|le|toutes les|les|vos|n'importe quelle) (defausse|main|deck)s?"
            r"( adverses?)?",
            t,
        )
        if m:
            owner = "self" if m.group(2) in ("votre", "vos") else "opponent" if m.group(4) else "both"
            if m.group(2) in ("la", "le") and not m.group(4):
                raise NotRead("whose pile?")
            match = self._count_match(clause, m.group(1))
            return Count("cards", pile=PILES[m.group(3)], owner=owner, match=match), False
        m = re.fullmatch(r"(?:de )?vos autres (@\d+@) en jeu", t)
        if m:  # "pour chacune de vos autres 'Lame' en jeu": the player's copies, this one left out
            copy = CardMatch("card", self.family(clause, m.group(1)))
            return Count("cards", pile="play", match=copy, other=True), False
        m = re.fullmatch(r"(.+?) en jeu", t)
        if m and not re.search(r"\bpersonnages?\b", m.group(1)):
            if m.group(1).startswith("autre"):
                raise NotRead("another card in play (the card itself excluded)")
            return Count(
                "cards", pile="play", owner="both", match=self._count_match(clause, m.group(1))
            ), False
        m = re.fullmatch(r"(.+?) (?:attachee?s?|portee?s?) (?:a|au|par) (.+)", t)
        if m:
            on = self.subject(
                clause,
                re.sub(r"^(?:a |au |par )", "", m.group(2)).replace(
                    "personnage adverse", "le personnage adverse"
                )
                if not m.group(2).startswith(("le ", "la ", "votre", "vos", "un", "ce"))
                else m.group(2),
                self._own,
            )
            if m.group(1).startswith(("marqueur", "marqueurs")):
                name = re.fullmatch(r"marqueurs? (@\d+@)", m.group(1))
                if not name:
                    raise NotRead("which marker?")
                return Count(
                    "markers", marker=slugify(clause.names[int(name.group(1).strip("@"))]), on=on
                ), False
            return Count(
                "cards", pile="play", owner="both", match=self._count_match(clause, m.group(1)), on=on
            ), False
        found = grammar_damage.own_count(self, clause, t)
        if found is not None:  # "vos Sorts Nature actifs", "vos Classes"
            return found, False
        m = re.fullmatch(r"(?:de |d')?(vos autres|vos|autres?) (.+?)(?: en vie|( morte?s?))?", t)
        if m and m.group(1) != "autre":
            group = "other_allies" if "autre" in m.group(1) else "allies"
            counted = self._group(group, m.group(2))
            return Count("characters", characters=counted, dead=bool(m.group(3))), False
        m = re.fullmatch(
            r"(.+?) (en vie|morts?) (?:dans votre equipe|parmi vos personnages)", t
        ) or re.fullmatch(r"(.+?) (en vie|morts?)", t)
        if m:
            who = m.group(1)
            dead = m.group(2).startswith("mort")
            if re.fullmatch(r"personnages?", who):
                return Count("characters", characters="all_characters", dead=dead), False
            if re.fullmatch(r"personnages? adverses?", who):
                return Count("characters", characters="all_enemies", dead=dead), False
            if re.fullmatch(r"de vos personnages|personnages? allies?", who):
                return Count("characters", characters="all_allies", dead=dead), False
            return Count(
                "characters",
                characters=Selector(group="characters", **self._filter_keys(self.who_filter(who))),
                dead=dead,
            ), False
        if re.fullmatch(r"personnages? adverses?", t):
            return Count("characters", characters="all_enemies"), False
        if re.fullmatch(r"guildes? (?:de votre personnage|de ce personnage|du personnage)", t):
            return Count("guilds"), False
        if re.fullmatch(r"classes? (?:de votre personnage|de ce personnage|du personnage)", t):
            return Count("classes"), False
        m = re.fullmatch(r"cartes? (?:dans|de) la main (?:adverse|de votre adversaire)", t)
        if m:
            return Count("cards", pile="hand", owner="opponent"), False
        raise NotRead(f"count {t!r}")

    def _group(self, group: str, text: str) -> Target:
        text = text.strip()
        if text.startswith("autres "):
            group, text = "other_allies" if group == "allies" else group, text[len("autres ") :]
        text = re.sub(r"^personnages? ", "", text)
        if re.fullmatch(r"personnages?", text):
            return "other_allies" if group == "other_allies" else "all_allies"
        return Selector(group=group, **self._filter_keys(self.who_filter(text)))

    def _count_match(self, clause: Clause, text: str) -> CardMatch | None:
        t = re.sub(r"^(?:un |une |les |des )", "", text.strip())
        if re.fullmatch(r"cartes?", t):
            return None
        return self.match(clause, t)

    def x_value(self, clause: Clause, text: str) -> Scaled | Amount:
        """What ``X`` is (``où X est égal à …``): a stat, a count, half or double of it, plus N."""
        t = text.strip()
        t = re.sub(r"^(?:a |au |aux |a la |a l'|le |la |l'|de )", "", t)
        hi = lo = None
        t, hi = grammar_scale.rounding_and_cap(t)
        m = re.fullmatch(
            r"(.+?) ?\((?:max(?:imum)?|max\.) \+?(\d+)\)|(.+?),? (?:max(?:imum)?|max\.) \+?(\d+)", t
        )
        if m and hi is None:
            t = (m.group(1) or m.group(3)).strip()
            hi = int(m.group(2) or m.group(4))
        m = re.fullmatch(r"(.+?) ?\((?:[a-z. ]+ )?[+-]?(\d+) max(?:imum)?\)", t)
        if m and hi is None:  # "(Attaque +8 maximum)", "(+7 maximum)"
            t, hi = m.group(1).strip(), int(m.group(2))
        m = re.fullmatch(r"(.+?) ?\(min(?:imum|\.)? (\d+)\)", t)
        if m:
            t, lo = m.group(1).strip(), int(m.group(2))
        m = re.fullmatch(
            r"(?:votre |le )?bonus (?:de |d')(defense|esprit)( du personnage adverse| de votre adversaire)?",
            t,
        )
        if m:
            # "votre bonus d'Esprit": the Esprit now less the printed one (its net modifiers), at
            # least 0 (a malus is no bonus)
            stat = "defense" if m.group(1) == "defense" else "spirit"
            of = "opponent" if m.group(2) else "self"
            return Scaled(
                per=Count("stat", stat=stat, of=of),
                more=(Scaled(per=Count("stat", stat=stat, of=of, base=True), each=-1),),
                lo=0 if lo is None else lo,
                hi=hi,
            )
        compound = grammar_scale.x_compound(self, clause, t)
        if compound is not None:
            return replace(
                compound, lo=lo if lo is not None else compound.lo, hi=hi if hi is not None else compound.hi
            )
        m = re.fullmatch(r"compris entre (\d+) et (\d+)", t)
        if m and hi is None and lo is None:  # "X est compris entre 2 et 4": a rolled amount
            low, high = int(m.group(1)), int(m.group(2))
            if low >= high:
                raise NotRead(f"X = {text!r}")
            return Amount(low, high)
        plus = 0
        m = re.fullmatch(r"(.+?) ?\+ ?(\d+) a \+?(\d+)", t)
        if m and hi is None and lo is None:  # "votre Esprit +3 à 5": the stat plus a rolled bonus
            stat, of = self._stat_of(m.group(1))
            low, high = int(m.group(2)), int(m.group(3))
            if of != "self" or stat not in ("defense", "spirit") or low >= high:
                raise NotRead(f"X = {text!r}")
            return Amount(low, high, stat)
        m = re.fullmatch(r"(.+?) ?([+-]) ?(\d+)", t)
        if m:
            t, plus = m.group(1).strip(), int(m.group(3)) * (1 if m.group(2) == "+" else -1)
        each, div, up = 1, 1, False
        m = re.fullmatch(
            r"(.+?),? divisee?s? par (\d+|deux|trois|quatre)(?:,? \(?(?:arrondie?s? )?(a l'inferieur|au superieur)\)?)?",
            t,
        )
        if m:
            t, div, up = m.group(1).strip(), number(m.group(2)), m.group(3) == "au superieur"
        m = re.fullmatch(r"(\d+|deux|trois) fois (.+)", t)
        if m:
            t, each = m.group(2).strip(), number(m.group(1))
        m = re.fullmatch(
            r"(?:la )?moitie (?:de |du |de la |de l')(.+?)(?:,? \(?(?:arrondie?s? )?(a l'inferieur|au superieur)\)?)?",
            t,
        )
        if m:
            t, div, up = m.group(1).strip(), 2, m.group(2) == "au superieur"
        m = re.fullmatch(r"(?:au )?double (?:de |du |de la |de l')(.+)", t)
        if m:
            t, each = m.group(1).strip(), 2
        m = re.fullmatch(
            r"(?:au |le )?(tiers|quart) (?:de |du |de la |de l'|des )(.+?)(?:,? \(?(?:arrondie?s? )?(a l'inferieur|au superieur)\)?)?",
            t,
        )
        if m and div == 1:  # "au quart de votre Attaque min. (arrondi à l'inférieur)"
            t, div, up = m.group(2).strip(), 3 if m.group(1) == "tiers" else 4, m.group(3) == "au superieur"
        m = re.fullmatch(r"(\d+) moins (?:le nombre de |le nombre d')(.+)", t)
        if m:
            per, _ = self.count(clause, m.group(2))
            return Scaled(per=per, each=-1, plus=int(m.group(1)) + plus, lo=0 if lo is None else lo, hi=hi)
        m = re.fullmatch(r"(?:nombre de |nombre d')(.+)", t)
        if m:
            per, _ = self.count(clause, m.group(1))
            return Scaled(per=per, each=each, plus=plus, div=div, round_up=up, lo=lo, hi=hi)
        m = re.fullmatch(r"(\d+) (?:moins|-) (.+)", t)
        if m and each == 1 and div == 1:  # "10 moins le numéro du tour", "6 moins sa Défense" (at least 0)
            less = self.x_value(clause, m.group(2))
            if not isinstance(less, Scaled) or less.plus or less.lo is not None or less.hi is not None:
                if isinstance(less, Amount) and less.stat is not None and less.lo == less.hi == 0:
                    less = Scaled(per=Count("stat", stat=less.stat))
                else:
                    raise NotRead(f"X = {text!r}")
            if less.each != 1 or less.div != 1:
                raise NotRead(f"X = {text!r}")
            return Scaled(
                per=less.per, each=-1, plus=int(m.group(1)) + plus, lo=0 if lo is None else lo, hi=hi
            )
        source = grammar_scale.x_source(self, clause, t)
        if source is not None:
            return Scaled(per=source, each=each, plus=plus, div=div, round_up=up, lo=lo, hi=hi)
        stat, of = self._stat_of(t)
        if (
            of == "self"
            and each == 1
            and div == 1
            and hi is None
            and lo is None
            and stat in ("defense", "spirit")
        ):
            return Amount(plus, plus, stat)
        return Scaled(
            per=Count("stat", stat=stat, of=of), each=each, plus=plus, div=div, round_up=up, lo=lo, hi=hi
        )

    def _stat_of(self, text: str) -> tuple[str, str]:
        t = re.sub(r"^(?:votre |son |sa |ses |leur )", "", text.strip())
        m = re.fullmatch(
            rf"({STAT_RE}|niveau|pv)(?: actuelle?s?)?(?: (de votre personnage|de ce personnage|du personnage adverse|de votre adversaire|adverse|de l'adversaire))?",
            t,
        )
        if not m:
            raise NotRead(f"X = {text!r}")
        word = m.group(1)
        stat = "level" if word == "niveau" else "hp" if word == "pv" else self._stat(word)
        if stat not in ("defense", "spirit", "attack_min", "attack_max", "hp", "hp_max", "level"):
            raise NotRead(f"X = {stat}")
        of = "opponent" if m.group(2) and "adver" in m.group(2) else "self"
        return stat, of

    # -- predicates -----------------------------------------------------------------------------

    VERBS = (
        r"a|ont|gagne|gagnent|subit|subissent|subira|perd|perdent|est|sont|sera|seront|recoit|recoivent|obtient"
        r"|obtiennent|effectue|effectuent|effectuera|ne peut|ne peuvent|peut|peuvent|inflige|infligent|defausse"
        r"|defaussent|pioche|piochent|se|subissez|perdez|gagnez|avez|infligez|pouvez|obtenez|effectuez|devient|deviennent|devenez|prend|prennent|etes|meurt|meurent|realise|realisent|copie|copient"
        r"|s'incline|s'inclinent|echange|echangent"
    )

    def predicates(self, c: Clause, t: str, ctx: Ctx, inherit: Target | None = None) -> list[Effect]:
        """One or more predicates joined by ``et`` / ``,``; a predicate without a subject takes the
        one before it (``votre adversaire subit 1 dégât direct et a Attaque -1``)."""
        t = t.strip()
        try:
            _, effects = self.predicate(c, t, ctx, inherit)
            return effects
        except NotRead as exc:
            last: NotRead = exc
        for m in re.finditer(r",? et |, puis | puis |,? mais |, ", t):
            left, right = t[: m.start()], t[m.end() :]
            try:
                subject, first = self.predicate(c, left, ctx, inherit)
            except NotRead:
                continue
            try:
                return first + self.predicates(c, right, ctx, subject)
            except NotRead as exc:
                gapped = grammar_life.gapped(self, c, left, right, ctx)
                if gapped is not None:
                    return first + gapped
                last = exc
                continue
        found = self._alternatives(c, t, ctx, inherit)
        if found is not None:
            return found
        raise last

    def _alternatives(self, c: Clause, t: str, ctx: Ctx, inherit: Target | None) -> list[Effect] | None:
        """ "Attaque +1 ou Défense +1", "il a Esprit -1 ou subit 2 dégâts directs": one of them, the
        player's choice (``one_of``); an option without a subject takes the one before. None when
        a part does not read."""
        parts = re.split(r",? ou (?:bien )?", t)
        if len(parts) < 2:
            return None
        options: list[tuple[Effect, ...]] = []
        subject = inherit
        for part in parts:
            try:
                used, effects = self.predicate(c, part, ctx, subject)
                subject = used if used is not None else subject
            except NotRead:
                try:
                    effects = self.predicates(c, part, ctx, subject)
                except NotRead:
                    return None
            options.append(tuple(effects))
        return [OneOf(options=tuple(options))]

    def predicate(
        self, c: Clause, t: str, ctx: Ctx, inherit: Target | None
    ) -> tuple[Target | None, list[Effect]]:
        """One predicate, with or without its subject -> (the subject it used, its effects)."""
        t = t.strip()
        found_lock = (
            self.stat_lock(c, t, ctx)
            or self.doubled(c, t, ctx)
            or grammar_schedule.advance(t)
            or grammar_damage.unhurt(self, c, t, ctx)
        )
        if found_lock is not None:
            return None, found_lock
        default: Target = inherit if inherit is not None else "self"
        halved = grammar_scale.halving(self, c, t, ctx)
        if halved is not None:
            return halved
        m = re.fullmatch(
            r"(.+?\b(?:subit|subissent|subissez|inflige|infligent|infligez)) (\d|deux|trois) fois (.+)", t
        )
        if m:  # "subissent 2 fois 1 dégât direct": that damage, twice
            subject, once = self.predicate(c, f"{m.group(1)} {m.group(3)}", ctx, inherit)
            return subject, once * number(m.group(2))
        # without a subject (not after several subjects: whose would it be?)
        found = self._bare(c, t, ctx, default) if inherit != _SEVERAL else None
        if found is not None:
            return default if inherit is not None else None, found
        # a subject, then a verb
        for m in re.finditer(rf"\b(?:{self.VERBS})\b", t):
            if m.start() == 0:
                if (
                    inherit is not None and inherit != _SEVERAL
                ):  # "… et a Attaque +2": the verb of the subject before
                    effects = self._verb(c, t, ctx, inherit)
                    if effects is not None:
                        return inherit, effects
                continue
            try:
                if ctx.pronoun is not None and t[: m.start()].strip() in ("ce dernier", "cette derniere"):
                    subject = ctx.pronoun  # "ce dernier": the one named last (never guessed without one)
                elif t[: m.start()].strip() in ("ils", "elles"):
                    # "chaque fois que vos personnages subissent des dégâts, ils …": the characters
                    # named before (each one the event is about), never the holder alone; with no
                    # event, "vos Mages gagnent 1 PV et ils ont …": the group just said
                    named = ctx.pronoun
                    if named is None and inherit is not None and inherit != _SEVERAL:
                        named = inherit
                    if named is None or target_group(named)[0] in ("self", "opponent"):
                        continue
                    if target_group(named)[1] is not None:
                        continue
                    subject = named
                else:
                    subject = self._view(self.subject(c, t[: m.start()], ctx.names), t[: m.start()], ctx)
            except NotRead:
                other = grammar_life.subject(self, c, t[: m.start()], ctx)
                if other is not None:
                    effects = self._verb(c, t[m.start() :], ctx, other)
                    if effects is not None:
                        return other, effects
                    continue
                several = self._several(c, t[: m.start()], ctx)
                if several is None:
                    continue
                found_all: list[Effect] = []
                for one in several:
                    effects = self._verb(c, t[m.start() :], ctx, one)
                    if effects is None:
                        break
                    found_all += effects
                else:
                    return _SEVERAL, found_all
                continue
            effects = self._verb(c, t[m.start() :], ctx, subject)
            if effects is not None:
                return subject, effects
        both = grammar_order.compound(self, c, t, ctx)
        if both is not None:
            return None, both
        immune = grammar_order.no_damage(self, c, t, ctx)
        if immune is not None:
            return None, immune
        raise NotRead(f"predicate {t!r}")

    def _several(self, c: Clause, text: str, ctx: Ctx) -> list[Target] | None:
        """Several subjects of one verb: ``'X' et vos Mages``, ``tous les autres personnages``
        (the player's other characters and every enemy); None: not several."""
        t = text.strip()
        if re.fullmatch(r"(?:tous )?les autres personnages", t):
            if ctx.pronoun is not None:
                raise NotRead("the others than the one chosen")
            return [self._view("other_allies", "", ctx), self._view("all_enemies", "", ctx)]
        parts = re.split(r", | et ", t)
        if len(parts) < 2 and re.match(r"(?:(?:chacun|chacune) de |tous )?vos ", t):
            # "vos Mages ou Prêtres", "chacun de vos Golems ou Zil": each who is one or the other
            # (several groups, when no character can be both: see apart below)
            parts = re.split(r",? ou ", re.sub(r"^(?:chacun|chacune) de ", "", t))
        if len(parts) < 2:
            return None
        if re.match(r"(?:tous )?vos ", parts[0]):
            # "vos Elfines et Bêtes": "vos" for each
            parts = [parts[0]] + [
                p if re.match(r"(?:vos|les|le|la|l'|un|une|votre|son|ses|tous|@)", p) else f"vos {p}"
                for p in parts[1:]
            ]
        out: list[Target] = []
        for part in parts:
            if part in ("son adversaire", "son personnage adverse") and out == ["self"]:
                out.append(self._view("opponent", part, ctx))  # "'X' et son adversaire": X's opponent
                continue
            if part in PRONOUNS and ctx.pronoun is not None:
                out.append(ctx.pronoun)  # "cette dernière et 'X'": the one named before, and X
                continue
            try:
                out.append(self._view(self.subject(c, part, ctx.names), part, ctx))
            except NotRead:
                return None
        if len(set(map(str, out))) != len(out):
            return None
        parents = self.vocabulary.race_parents
        if not all(grammar_order.apart(a, b, parents) for i, a in enumerate(out) for b in out[i + 1 :]):
            return None  # a character two of them name would take the effect twice
        return out

    @staticmethod
    def _view(target: Target, text: str, ctx: Ctx) -> Target:
        """ "il" after a choice is the chosen one; on a card attached to the opponent, the holder
        is that opponent (its carrier)."""
        if ctx.pronoun is not None and text.strip() in PRONOUNS:
            return ctx.pronoun
        if not ctx.on_opponent:
            return target
        if target == "opponent" or text.strip() in ("il", "elle", "celui-ci", "celle-ci", "ce personnage"):
            return "self"
        if target == "self":
            return "opponent"
        return target

    def _modifiers(self, pairs: Sequence[tuple[str, int | Amount | str]], target: Target) -> list[Effect]:
        out: list[Effect] = []
        for stat, amount in pairs:
            value: Any = _X if amount == "x" else _NEG_X if amount == "-x" else amount
            out.append(Modify(stat=stat, amount=value, **_target_fields(target)))
        return out

    def _bare(self, c: Clause, t: str, ctx: Ctx, default: Target) -> list[Effect] | None:
        """A predicate whose subject is implicit (the holder, or ``default``)."""
        found = grammar_cards.bare(self, c, t, ctx, default)
        if found is not None:
            return found
        found = grammar_life.bare(self, c, t, ctx, default)
        if found is not None:
            return found
        try:
            return self._modifiers(self.stat_mods(re.sub(r"^(?:vous )?(?:gagne|gagnez) ", "", t)), default)
        except NotRead:
            pass
        m = re.fullmatch(
            rf"((?:{STAT_RE})(?:, (?:{STAT_RE}))*) ou ({STAT_RE}) ([+-] ?\d+(?: a [+-]? ?\d+)?)", t
        )
        if m:  # "Attaque, Défense ou Esprit +1 à +2": one of them, the player's choice
            words = [*re.split(r", ", m.group(1)), m.group(2)]
            options = [tuple(self._modifiers(self.stat_mods(f"{w} {m.group(3)}"), default)) for w in words]
            if len({o[0].stat for o in options if isinstance(o[0], Modify)}) != len(options):
                raise NotRead("a stat twice")
            return [OneOf(options=tuple(options))]
        m = re.fullmatch(
            r"(?:soin|soigne|soignez|gagne|regagne) (?:de )?((?:de |entre )?(?:\d+|x|une?)(?: (?:a|et) \d+)?)"
            r"(?: pv)?(?: supplementaires?)?(?: (?:a|au) (.+))?",
            t,
        )
        if m and (m.group(0).startswith(("soin", "soign")) or re.search(r" pv\b", t)):
            target = (
                grammar_life.target(self, c, re.sub(r"^personnage", "le personnage", m.group(2)), ctx)
                if m.group(2)
                else default
            )
            return [Heal(amount=self._points(m.group(1)), **_target_fields(target))]
        m = re.fullmatch(
            rf"(?:inflige|infligez) (?:au personnage adverse |a votre adversaire |a (.+?) )?(.+?) (?:points de )?degats {KIND_RE}(?: (?:au personnage adverse|a votre adversaire|a l'adversaire)| a (.+)| au (.+))?",
            t,
        )
        if m:
            hit: Target = "opponent"
            if m.group(1) or m.group(4):
                hit = grammar_life.target(self, c, m.group(1) or m.group(4), ctx)
            elif m.group(5):  # "au personnage adverse ayant le moins de PV"
                hit = grammar_life.target(self, c, f"le {m.group(5)}", ctx)
            return [
                Damage(
                    kind=DAMAGE_KIND_WORDS[m.group(3)],
                    amount=self._points(m.group(2)),
                    **_target_fields(hit),
                )
            ]
        m = re.fullmatch(rf"(?:vous )?piochez? {NUM} cartes?(?: supplementaires?)?|piochez une carte", t)
        if m:
            return [Draw(count=number(m.group(1) or "1"))]
        found = self.damage_bonus(c, t, default, ctx)
        if found is not None:
            return found
        m = re.fullmatch(rf"([+-]) ?(\d+) aux degats(?: {KIND_RE})? (?:subis|recus)(?: par (.+))?", t)
        if m:
            amount = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
            kinds = (DAMAGE_KIND_WORDS[m.group(3)],) if m.group(3) else ()
            who = self.subject(c, m.group(4)) if m.group(4) else default
            return [DamageTaken(amount=amount, kinds=kinds, **_target_fields(who))]
        m = re.fullmatch(
            rf"([+-]) ?(\d+) aux degats(?: {KIND_RE})?(?: infliges| des (.+?)(?: joue(?:e|s|es)? par (?:votre personnage|ce personnage|vous))?)?",
            t,
        )
        if m:
            amount = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
            kinds = (DAMAGE_KIND_WORDS[m.group(3)],) if m.group(3) else ()
            # "des Sorts Feu et Draconiques": the damage of either kind of card
            cards = self.match(c, re.sub(r" et ", " ou ", m.group(4))) if m.group(4) else None
            return [DamageDealt(amount=amount, kinds=kinds, cards=cards, **_target_fields(default))]
        m = re.fullmatch(
            r"([+-]) ?(\d+) aux soins(?: des (.+?)(?: joue(?:e|s|es)? par (?:votre personnage|ce personnage|vous))?)?",
            t,
        )
        if m:
            amount = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
            cards = self.match(c, m.group(3)) if m.group(3) else None
            return [HealDealt(amount=amount, cards=cards, **_target_fields(default))]
        m = re.fullmatch(r"immunite (.+)", t)
        if m:
            return self.immunity(c, m.group(1), default)
        if default == "self" and re.match(r"(?:vous )?effectu", t):
            found = self.extra_attack(t, default)
            if found is not None:
                return found
        m = re.fullmatch(rf"({STAT_RE}) ?= ?(\d+)(?: ?/ ?(\d+))?", t)
        if m:
            stat = self._stat(m.group(1))
            if m.group(3):
                if stat != "attack":
                    raise NotRead("a range for another stat than the Attaque")
                return [
                    SetStat(
                        stat="attack", value=(int(m.group(2)), int(m.group(3))), **_target_fields(default)
                    )
                ]
            return [SetStat(stat=stat, value=int(m.group(2)), **_target_fields(default))]
        if t in ("gagne enchainement", "enchainement", "vous gagnez enchainement") and (
            ctx.subject == "card" or ctx.happens
        ):
            return [Chain(match=CardMatch("any"))]
        m = re.fullmatch(r"(?:gagne )?enchainement (?:: )?(.+)", t)
        if m and (ctx.subject == "card" or ctx.happens):
            return [Chain(match=grammar_chain.chain_match(self, c, m.group(1)))]
        m = re.fullmatch(rf"(?:gagne|gagnez) {NUM} marqueurs? (@\d+@)", t)
        if m:
            return [
                Marker(
                    name=slugify(c.names[int(m.group(2).strip("@"))]),
                    count=number(m.group(1)),
                    **_target_fields(default),
                )
            ]
        found = self._cards_moved(c, t, ctx)
        if found is not None:
            return found
        if re.fullmatch(r"ne peut (?:pas |plus )?attaquer", t):
            return [Forbid(what="attack", **_target_fields(default))]
        m = re.fullmatch(r"ne peut (?:pas |plus )?(jouer|enchainer) (?:aucune? |de |d'|les |des )?(.+)", t)
        if m:
            what = "play" if m.group(1) == "jouer" else "chain"
            cards = None if m.group(2) in ("carte", "cartes") else self.match(c, m.group(2))
            return [Forbid(what=what, cards=cards, **_target_fields(default))]
        found = self._may(c, t, default)
        if found is not None:
            return found
        if re.fullmatch(
            r"(?:vous obtenez|obtenez|obtient) (?:votre|son) bonus d'ordre(?: si vous n'en beneficiez pas deja| s'il n'en beneficie pas deja)?",
            t,
        ):
            return [GrantOrder(**_target_fields(default))]
        return grammar_chain.bare(self, c, t, ctx, default)

    _KIND = r"(?:physiques?|magiques?|directs?)"
    _TAKEN = (
        r"subis|subits?|recus?|qu'(?:il|ils|elle|elles) (?:subit|subissent|recoit|recoivent)"
        r"|que vous subissez|que vous recevez"
    )
    _DEALT = r"infliges|qu'(?:il|ils|elle|elles) (?:inflige|infligent)|que vous infligez"
    _BY_HOLDER = r"(?:votre personnage|ce personnage|vous|le porteur|son porteur)"

    def damage_bonus(self, c: Clause, text: str, who: Target, ctx: Ctx) -> list[Effect] | None:
        """``-2 aux dégâts subis``, ``+1 aux dégâts physiques et magiques qu'il inflige``, ``+2 aux
        dégâts des Sorts Feu (non zone) joués par votre personnage``, ``+1 aux dégâts de foudre``,
        ``-1 supplémentaire aux dégâts reçus par vos Mages``, ``+1 aux soins des Théurgies`` ->
        damage_taken / damage_dealt / heal_dealt of ``who`` (None: not such a phrase)."""
        m = re.fullmatch(r"([+-]) ?(\d+|x)(?: supplementaires?)? aux (degats|soins)(?: (.+))?", text.strip())
        if not m:
            return None
        amount: Any  # "+X aux dégâts …": X is said later (``_resolve_x``)
        if m.group(2) == "x":
            amount = _X if m.group(1) == "+" else _NEG_X
        else:
            amount = int(m.group(2)) * (1 if m.group(1) == "+" else -1)
        rest = (m.group(4) or "").strip()
        if m.group(3) == "soins":
            hm = re.fullmatch(
                rf"(?:(?:des|de vos|de leurs|de ses) (.+?)(?: jouee?s? par {self._BY_HOLDER}| que vous jouez"
                r"| qu'(?:il|ils|elle|elles) jouen?t)?)?",
                rest,
            )
            if not hm:
                raise NotRead(f"heals {rest!r}")
            healed = self.match(c, hm.group(1)) if hm.group(1) else None
            return [HealDealt(amount=amount, cards=healed, **_target_fields(who))]
        kinds: list[str] = []
        km = re.match(rf"({self._KIND}(?:(?:, | et | ou ){self._KIND})*)\b ?", rest)
        if km:
            kinds = [DAMAGE_KIND_WORDS[k] for k in re.split(r", | et | ou ", km.group(1))]
            rest = rest[km.end() :].strip()
        cards: CardMatch | None = None
        # "de foudre (non zone)", "de type feu", "des Sorts Feu joués par votre personnage"
        cm = re.fullmatch(
            rf"(?:de type |de |d')(.+?)( \(non zone\)| non zone| \(zone\))?(?: ({self._TAKEN}|{self._DEALT}))?(?: par (.+))?",
            rest,
        )
        if cm and self._element(cm.group(1)) is not None:
            zone = None if not cm.group(2) else "non" not in cm.group(2)
            cards = CardMatch("type", self._element(cm.group(1)) or "", zone=zone)
            rest = " ".join(x for x in (cm.group(3), f"par {cm.group(4)}" if cm.group(4) else None) if x)
        else:
            cm = re.fullmatch(
                rf"(?:des|de vos|de leurs|de ses|de ces) (.+?)(?: jouee?s? par {self._BY_HOLDER}| que vous jouez| qu'(?:il|ils|elle|elles) jouen?t"
                rf"| jouee?s? par (tous vos personnages))?(?: ({self._DEALT}))?",
                rest,
            )
            if cm:
                cards = self._damage_cards(c, cm.group(1))
                rest = cm.group(3) or ""
                if cm.group(2):  # "… joués par tous vos personnages": whichever of them plays it
                    if who != "self":
                        raise NotRead("whose cards: the subject's or all your characters'?")
                    who = "all_allies"
        both = re.fullmatch(
            rf"(?:{self._DEALT}) et (?:{self._TAKEN})|(?:{self._TAKEN}) et (?:{self._DEALT})", rest.strip()
        )
        if both and cards is None:  # "+2 aux dégâts physiques infligés et subis"
            return [
                DamageDealt(amount=amount, kinds=tuple(kinds), **_target_fields(who)),
                DamageTaken(amount=amount, kinds=tuple(kinds), **_target_fields(who)),
            ]
        dm = re.fullmatch(rf"(?:({self._TAKEN})|({self._DEALT}))?(?: par (.+))?", rest.strip())
        if not dm:
            raise NotRead(f"damage {rest!r}")
        taken = dm.group(1) is not None
        if dm.group(3):
            by = dm.group(3).strip()
            if re.fullmatch(self._BY_HOLDER, by) and who == "self":
                pass
            elif who == "self":
                who = self._view(self.subject(c, by, ctx.names), by, ctx)
            else:
                raise NotRead("two subjects")
        if taken:
            if cards is not None:
                raise NotRead("damage taken from some cards")
            return [DamageTaken(amount=amount, kinds=tuple(kinds), **_target_fields(who))]
        return [DamageDealt(amount=amount, kinds=tuple(kinds), cards=cards, **_target_fields(who))]

    _LOCK_STAT = r"(?:attaque|defense|esprit)"

    def stat_lock(self, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
        """``L'Attaque de vos Tsoutaï ne peut pas être réduite``, ``Votre Attaque ne peut pas être
        modifiée``, ``Les caractéristiques de votre adversaire ne peuvent pas être augmentées ou
        réduites de plus de 3 points``, ``votre personnage ne peut pas subir de malus de
        caractéristique (et tous ses malus précédemment reçus sont annulés)`` -> ``bound``; ``… ne
        peut pas être soigné`` -> ``forbid healed`` (None: not such a phrase)."""
        m = re.fullmatch(
            r"(.+?) ne (?:peut|peuvent) (?:pas |plus )?(?:etre )?soigne(?:e|s|es)?(?: en combat)?"
            r"|(.+?) ne (?:peut|peuvent) (?:pas |plus )?recevoir de soins?(?: en combat)?",
            t,
        )
        if m:
            who_text = (m.group(1) or m.group(2)).strip()
            # "Kitsana et son adversaire" in Kitsana's text: it and the one it fights ("en combat":
            # the forbid lasts the combat)
            sm = re.fullmatch(r"(\S+) et son adversaire", who_text)
            if sm and ctx.subject == "character" and sm.group(1) in ctx.names:
                who_text = f"{sm.group(1)} et votre adversaire"
            healed = self._several(c, who_text, ctx) or [
                self._view(self.subject(c, who_text, ctx.names), who_text, ctx)
            ]
            return [Forbid(what="healed", **_target_fields(w)) for w in healed]
        m = re.fullmatch(
            r"(.+?) ne (?:peut|peuvent|pouvez) (?:pas |plus )?subir de malus(?: de caracteristiques?| (?:de |d')(.+?))?"
            r"(?: et (?:tous )?ses malus precedemment recus sont annules)?",
            t,
        )
        if m:
            who_text = m.group(1).strip()
            who = self._view(self.subject(c, who_text, ctx.names), who_text, ctx)
            stats: tuple[str, ...] = ("attack", "defense", "spirit")
            if m.group(2):
                named = re.split(r",? et (?:de |d')?|, (?:de |d')?", m.group(2))
                if not all(re.fullmatch(self._LOCK_STAT, n) for n in named):
                    raise NotRead(f"maluses of {m.group(2)!r}")
                stats = tuple(
                    {"attaque": "attack", "defense": "defense", "esprit": "spirit"}[n] for n in named
                )
            return [Bound(stats=stats, below=0, **_target_fields(who))]
        found = self.stat_equals(c, t, ctx)
        if found is not None:
            return found
        stat = self._LOCK_STAT
        m = re.fullmatch(
            rf"(?:(?:les |leurs |ses )?caracteristiques(?: {stat}(?:(?:, | et ){stat})*)?|((?:{stat})(?:(?:, | et ){stat})*))"
            r" (?:(?:de |d' ?|du |des )(.+?)|(votre|son|sa|leur)) ne (?:peut|peuvent) (?:pas |plus )?(?:etre )?"
            r"(reduite?s?|modifiee?s?|augmentee?s?|augmentee?s? ou reduite?s?|reduite?s? ou augmentee?s?)"
            r"(?: de plus de (\d+)(?: points?)?)?",
            t,
        )
        if not m:
            m2 = re.fullmatch(
                rf"(votre|son|sa) ({stat}(?:(?:, | et ){stat})*) ne (?:peut|peuvent) (?:pas |plus )?(?:etre )?"
                r"(reduite?s?|modifiee?s?|augmentee?s?|augmentee?s? ou reduite?s?|reduite?s? ou augmentee?s?)"
                r"(?: de plus de (\d+)(?: points?)?)?",
                t,
            )
            if not m2:
                return None
            stats_text, whose_text, how, limit = m2.group(2), "votre personnage", m2.group(3), m2.group(4)
            if m2.group(1) != "votre":
                raise NotRead("whose stat?")
        else:
            stats_text = m.group(1) or t.split(" de ")[0].split(" d'")[0]
            whose_text, how, limit = m.group(2), m.group(4), m.group(5)
            if m.group(3):
                if m.group(3) != "votre":
                    raise NotRead("whose stat?")
                whose_text = "votre personnage"
        named = re.findall(rf"\b{stat}\b", stats_text)
        stats = tuple(
            dict.fromkeys({"attaque": "attack", "defense": "defense", "esprit": "spirit"}[w] for w in named)
        )
        if not stats:
            stats = ("attack", "defense", "spirit")  # "les caractéristiques"
        n = int(limit) if limit else 0
        if how.startswith("modifie"):
            if limit:
                raise NotRead("modified by more than N")
            below, above = 0, 0
        elif "augment" in how and "reduit" in how:
            below, above = n, n
        elif how.startswith("augment"):
            below, above = None, n
        else:
            below, above = n, None
        whose_text = whose_text.strip()
        parts = re.split(r" et (?:de |d' ?|du |des )", whose_text)
        targets: list[Target] = []
        for part in parts:
            part = part.strip()
            part = re.sub(r"^personnage adverse", "le personnage adverse", part)
            part = re.sub(r"^adversaires$", "les personnages adverses", part)  # "des adversaires": all
            targets.append(self._view(self.subject(c, part, ctx.names), part, ctx))
        return [Bound(stats=stats, below=below, above=above, **_target_fields(w)) for w in targets]

    _DOUBLED_STATS = rf"de caracteristiques|(?:d'|de ){_LOCK_STAT}(?:,? (?:et |ou )?(?:d'|de ){_LOCK_STAT})*"

    def doubled(self, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
        """``Double les bonus et malus de Défense (en cours) de votre personnage``, ``… les malus de
        caractéristiques en cours sur le personnage adverse``, ``le bonus d'Attaque de vos Armes
        Naines est doublé`` (those the holder carries) -> ``double`` (None: not such a phrase)."""
        kinds = r"(bonus et (?:les )?malus|bonus|malus)"
        m = re.fullmatch(
            rf"(?:double|doublez) (?:les |le )?{kinds} ({self._DOUBLED_STATS})( en cours)? (?:sur|de|du|des) (.+)",
            t,
        )
        cards: CardMatch | None = None
        if m:
            sign_text, stats_text, current, whose = m.group(1), m.group(2), bool(m.group(3)), m.group(4)
            whose = re.sub(r"^(?:u |s )?personnage adverse", "le personnage adverse", whose)
            who = self._view(self.subject(c, whose, ctx.names), whose, ctx)
        else:
            m = re.fullmatch(
                rf"(?:le |les ){kinds} ({self._DOUBLED_STATS}) (?:de vos|de ses|des) (.+?) (?:est|sont) doublee?s?",
                t,
            )
            if not m:
                return None
            sign_text, stats_text, current, who = m.group(1), m.group(2), False, "self"
            cards = self.match(c, m.group(3))
        if current and ctx.standing:
            raise NotRead("the current modifiers, in a standing ability")
        stats: tuple[str, ...] = ("attack", "defense", "spirit")
        if stats_text != "de caracteristiques":
            words = {"attaque": "attack", "defense": "defense", "esprit": "spirit"}
            stats = tuple(dict.fromkeys(words[w] for w in re.findall(self._LOCK_STAT, stats_text)))
        sign = "both" if " et " in sign_text else sign_text
        return [Double(stats, sign, current, cards, **_target_fields(who))]

    def stat_equals(self, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
        """``La Défense de votre personnage est égale à sa Défense de base`` (no modifier counts:
        ``bound`` 0 / 0), ``… au double de sa Défense de base``, ``L'Attaque min. de votre
        personnage est égale à la Défense du personnage adverse +1``, ``Défense et Esprit = 0``
        (``set``); None: not such a phrase."""
        m = re.fullmatch(rf"((?:{STAT_RE})(?:(?:, | et )(?:{STAT_RE}))+) ?= ?(\d+)", t)
        if m:
            stats = [self._stat(x) for x in re.split(r", | et ", m.group(1))]
            if not all(x in SET_STAT_NAMES for x in stats):
                raise NotRead("set a stat that cannot be set")
            return [SetStat(stat=x, value=int(m.group(2))) for x in stats]
        m = re.fullmatch(
            rf"({STAT_RE}) (?:de |d' ?|du )(.+?) (?:est|devient) egale? (?:a |au |a la |a l')(.+)", t
        ) or re.fullmatch(rf"(votre|son|sa) ({STAT_RE}) (?:est|devient) egale? (?:a |au |a la |a l')(.+)", t)
        has = re.fullmatch(
            rf"(.+?) (?:a|ont) (?:son|sa|leur) ({STAT_RE}) egale? (?:a |au |a la |a l')(.+)", t
        )
        if not m and has:
            # "Votre adversaire a son Attaque max. égale à son Attaque min."
            stat, whose_text, value = self._stat(has.group(2)), has.group(1), has.group(3).strip()
        elif not m:
            return None
        elif m.group(1) in ("votre", "son", "sa"):
            if m.group(1) != "votre":
                raise NotRead("whose stat?")
            stat, whose_text, value = self._stat(m.group(2)), "votre personnage", m.group(3).strip()
        else:
            stat, whose_text, value = self._stat(m.group(1)), m.group(2), m.group(3).strip()
        whose_text = re.sub(r"^personnage adverse", "le personnage adverse", whose_text)
        who = self._view(self.subject(c, whose_text, ctx.names), whose_text, ctx)
        if stat not in SET_STAT_NAMES:
            raise NotRead(f"{stat} is not set")
        base = re.fullmatch(rf"(?:sa|son) ({STAT_RE}) de base", value)
        if base:
            if self._stat(base.group(1)) != stat:
                raise NotRead("equal to another stat's base")
            # its value is its printed value: no modifier counts
            bounded = "attack" if stat in ("attack_min", "attack_max") else stat
            if bounded != stat:
                raise NotRead("one end of the Attaque at its base")
            return [Bound(stats=(bounded,), below=0, above=0, **_target_fields(who))]
        double = re.fullmatch(rf"(?:double de )?(?:sa|son) ({STAT_RE}) de base", value)
        if double and value.startswith("double"):
            counted = self._stat(double.group(1))
            if counted not in COUNT_STAT_NAMES:
                raise NotRead("twice a stat that is no count")
            return [
                SetStat(
                    stat=stat,
                    value=Scaled(
                        per=Count("stat", stat=counted, base=True, of="self" if who == "self" else "target"),
                        each=2,
                    ),
                    **_target_fields(who),
                )
            ]
        om = re.fullmatch(r"(.+?)(?: ?([+-]) ?(\d+))?", value)
        assert om is not None
        plus = int(om.group(3)) * (1 if om.group(2) == "+" else -1) if om.group(3) else 0
        own = re.fullmatch(rf"(?:sa|son) ({STAT_RE})", om.group(1))
        if own:
            counted = self._stat(own.group(1))
            if counted not in COUNT_STAT_NAMES:
                raise NotRead("a stat that is no count")
            of = "self" if who == "self" else "target"
            return [
                SetStat(
                    stat=stat,
                    value=Scaled(per=Count("stat", stat=counted, of=of), plus=plus),
                    **_target_fields(who),
                )
            ]
        counted_stat = self._stat_count(om.group(1))
        if counted_stat is None:
            raise NotRead(f"equal to {value!r}")
        if (
            who != "self"
            and counted_stat.of == "self"
            and not re.search(r"\bvotre\b|de ce personnage", om.group(1))
        ):
            raise NotRead("whose stat is it equal to?")
        return [SetStat(stat=stat, value=Scaled(per=counted_stat, plus=plus), **_target_fields(who))]

    def extra_attack(self, t: str, who: Target) -> list[Effect] | None:
        """``effectue une attaque (physique|magique) supplémentaire égale à son Attaque min. (de
        base)`` / ``… égale à 5`` (the holder's; None: not such a phrase)."""
        m = re.fullmatch(
            r"(?:vous )?(?:effectue|effectuent|effectuera|effectuez|effectuerez) une attaque (physique |magique )?"
            r"supplementaire (?:egale a|de) (?:son |sa |votre )?(.+?)",
            t,
        )
        if not m:
            return None
        if who != "self":
            raise NotRead("another character's extra attack")
        kind = "magical" if m.group(1) == "magique " else "physical"
        value = m.group(2).strip()
        if re.fullmatch(r"\d+", value):
            return [ExtraAttack(amount=Amount(int(value), int(value)), kind=kind)]
        if value in ("attaque", "attaque actuelle"):
            return [ExtraAttack(amount=Amount(0, 0, "attack"), kind=kind)]
        em = re.fullmatch(r"attaque (min|max)(?:\.|imum|imale)?( de base)?", value)
        if em:
            end = "attack_min" if em.group(1) == "min" else "attack_max"
            return [
                ExtraAttack(amount=Scaled(per=Count("stat", stat=end, base=bool(em.group(2)))), kind=kind)
            ]
        if value == "attaque de base":  # the printed range, rolled, without modifiers
            return [ExtraAttack(amount=Amount(0, 0, "attack", base=True), kind=kind)]
        raise NotRead("an extra attack of another value")

    def immunity(self, c: Clause, text: str, who: Target) -> list[Effect]:
        """What follows "Immunité": ``aux dégâts physiques (et magiques)``, ``Sorts``, ``Foudre``,
        ``Sorts et Dégâts magiques`` -> one immune per kinds / per kind of cards."""
        out: list[Effect] = []
        kinds: list[str] = []
        for part in re.split(r", | et (?!magiques|physiques|directs)", text.strip()):
            part = re.sub(r"^(?:aux |a la |au |a l'|aux? )", "", part.strip())
            elemental = grammar_damage.elements_of(part)
            if elemental is not None:  # "Immunité dégâts de Feu"
                words = elemental[1].split(" ", 1)
                kinds_of = (DAMAGE_KIND_WORDS[words[1]],) if len(words) > 1 else ()
                out.append(Immune(kinds=kinds_of, elements=elemental[0], **_target_fields(who)))
                continue
            km = re.fullmatch(rf"degats ({self._KIND}(?:(?:, | et | ou ){self._KIND})*)", part)
            if km:
                kinds += [DAMAGE_KIND_WORDS[k] for k in re.split(r", | et | ou ", km.group(1))]
                continue
            if part.startswith("degats"):
                raise NotRead(f"immune to {part!r}")
            out.append(Immune(cards=self.match(c, part), **_target_fields(who)))
        if kinds:
            out.insert(0, Immune(kinds=tuple(dict.fromkeys(kinds)), **_target_fields(who)))
        return out

    def _cards_listed(self, c: Clause, text: str) -> CardMatch:
        """``Arcs et Flèches``, ``Arcs, Flèches et Vêtements`` (cards of any of these kinds; each part
        a kind of its own, "Sorts Eau et Feu" is not read so)."""
        parts = re.split(r", | et ", text.strip())
        if len(parts) == 1:
            return self.match(c, text)
        options: list[CardMatch] = []
        for part in parts:
            found = self.match(c, part)
            options.extend(found.options if found.kind == "any_of" else (found,))
        return CardMatch("any_of", options=tuple(dict.fromkeys(options)))

    def _damage_cards(self, c: Clause, text: str) -> CardMatch:
        """The cards whose damage a bonus is for: ``Sorts Feu et Foudre``, ``Sorts Draconiques,
        de Feu et de Foudre`` (any of them), ``Sorts (non zone)``."""
        parts = re.split(r",? et (?:de |d')?|, (?:de |d')?", text.strip())
        if len(parts) == 1:
            return self.match(c, text)
        options: list[CardMatch] = []
        for part in parts:
            element = self._element(part)
            found = CardMatch("type", element) if element is not None else self.match(c, part)
            options.extend(found.options if found.kind == "any_of" else (found,))
        return CardMatch("any_of", options=tuple(dict.fromkeys(options)))

    def _may(self, c: Clause, t: str, who: Target) -> list[Effect] | None:
        """What a character may do: play cards whatever their requirements, attach them to anyone,
        carry several (``Ambidextrie`` on a character: two one-handed weapons)."""
        if t.startswith(("vous pouvez ", "vous ignorez ")):
            # "vous" is the holder, whatever group a sentence named before ("Vos alliés X ont
            # Défense +1 et vous pouvez jouer …": the second half is the holder's)
            who = "self"
        m = re.fullmatch(
            r"(?:peut|peuvent|vous pouvez) jouer (?:les |des |tous les )?(.+?) (?:en ignorant (?:leurs|ses) "
            r"(?:pre-?requis|restrictions)(?: de classe| de guilde| de classe ou de guilde| de classe et de guilde)?"
            r"|sans (?:restrictions?|pre-?requis|tenir compte des pre-?requis))",
            t,
        )
        if m:
            return [MayPlay(cards=self._cards_listed(c, m.group(1)), **_target_fields(who))]
        # "vous pouvez jouer des Théurgies" (cards it could not play: whatever their requirements),
        # "vous ignorez les prérequis pour jouer les Objets"
        m = re.fullmatch(
            r"(?:peut|peuvent|vous pouvez) jouer (?:les |des |tous les )(.+)", t
        ) or re.fullmatch(
            r"(?:vous ignorez|ignore|ignorent) les (?:prerequis|restrictions) (?:pour|de) jouer (?:les |des )?(.+)",
            t,
        )
        if m and not re.search(r"\b(?:si|et|puis|ou|en|sans|depuis|de votre|avant|apres)\b|\d", m.group(1)):
            return [MayPlay(cards=self.match(c, m.group(1)), **_target_fields(who))]
        m = re.fullmatch(
            r"(?:peut|peuvent) attacher (?:les |des )?(.+?) sur n'importe quel personnage(?: en jeu)?(?: encore en vie)?",
            t,
        )
        if m:
            return [MayAttach(cards=self.match(c, m.group(1)), **_target_fields(who))]
        m = re.fullmatch(
            r"(?:peut|peuvent) attacher (?:les |des )?(.+?) sur (un de vos autres personnages|un de vos personnages"
            r"|n'importe lequel de vos personnages|n'importe quel personnage adverse|un personnage adverse)",
            t,
        )
        if m:  # "peut attacher 'X' sur un de vos autres personnages": only to those
            onto = {"un de vos autres personnages": "other_allies", "un de vos personnages": "allies"}.get(
                m.group(2), "allies" if "vos" in m.group(2) else "enemies"
            )
            return [MayAttach(cards=self.match(c, m.group(1)), onto=onto, **_target_fields(who))]
        m = re.fullmatch(rf"(?:peut|peuvent) porter {NUM} (.+)", t)
        if m:
            return [Carry(cards=self.match(c, m.group(2)), count=number(m.group(1)), **_target_fields(who))]
        return None

    def _points(self, text: str) -> Amount:
        value = self.amount(text)
        if isinstance(value, str):
            return _X_AMOUNT
        return value

    def _verb(self, c: Clause, t: str, ctx: Ctx, subject: Target) -> list[Effect] | None:
        """The predicate after an explicit subject (``t`` starts with the verb)."""
        if subject == "self" and t.startswith("inflige "):
            # "il / votre personnage / 'X' (itself) inflige 2 dégâts …": the holder's damage, as
            # without a subject (the damage of an effect is the holder's)
            return self._bare(c, t, ctx, subject)
        found = grammar_cards.verb(self, c, t, ctx, subject)
        if found is not None:
            return found
        found = grammar_life.verb(self, c, t, ctx, subject) or grammar_damage.verb(self, c, t, ctx, subject)
        if found is not None:
            return found
        found = self._may(c, t, subject)
        if found is not None:
            return found
        if re.fullmatch(r"(?:gagne|gagnent|obtient|obtiennent) (?:son|leur) bonus de rage", t):
            # "gagne son bonus de Rage": Enragé (what a character's "Rage :" bonus needs)
            return [Traits("add", keywords=("enrage",), **_target_fields(subject))]
        m = re.fullmatch(
            r"(?:gagne|gagnent) (?:un )?enchainement,? (?:s'ils jouent|s'il joue|si elles jouent|si elle joue"
            r"|lorsqu'ils jouent|quand ils jouent|s'ils activent) (.+)",
            t,
        )
        if m and ctx.standing:
            return [ChainOn(match=self.match(c, m.group(1)), **_target_fields(subject))]
        m = re.fullmatch(r"(?:a|ont|avez|gagne|gagnent|gagnez|obtient|obtiennent|obtenez) (.+)", t)
        if m:
            rest = m.group(1)
            try:
                return self._modifiers(self.stat_mods(rest), subject)
            except NotRead:
                pass
            found = self.damage_bonus(c, rest, subject, ctx)
            if found is not None:
                return found
            pm = re.fullmatch(r"(?:de )?(.+?) pv(?: supplementaires?)?", rest)
            if pm and t.startswith(("gagne", "gagnez")):
                return [Heal(amount=self._points(pm.group(1)), **_target_fields(subject))]
            km = re.fullmatch(rf"([+-]) ?(\d+) aux degats(?: {KIND_RE})? (?:subis|recus)", rest)
            if km:
                amount = int(km.group(2)) * (1 if km.group(1) == "+" else -1)
                kinds = (DAMAGE_KIND_WORDS[km.group(3)],) if km.group(3) else ()
                return [DamageTaken(amount=amount, kinds=kinds, **_target_fields(subject))]
            km = re.fullmatch(rf"([+-]) ?(\d+) aux degats(?: {KIND_RE})?(?: infliges)?", rest)
            if km:
                amount = int(km.group(2)) * (1 if km.group(1) == "+" else -1)
                kinds = (DAMAGE_KIND_WORDS[km.group(3)],) if km.group(3) else ()
                return [DamageDealt(amount=amount, kinds=kinds, **_target_fields(subject))]
            sm = re.fullmatch(rf"({STAT_RE}) ?= ?(\d+)(?: ?/ ?(\d+))?", rest)
            if sm:
                stat = self._stat(sm.group(1))
                if sm.group(3):
                    if stat != "attack":
                        raise NotRead("a range for another stat than the Attaque")
                    return [
                        SetStat(
                            stat="attack",
                            value=(int(sm.group(2)), int(sm.group(3))),
                            **_target_fields(subject),
                        )
                    ]
                return [SetStat(stat=stat, value=int(sm.group(2)), **_target_fields(subject))]
            mm = re.fullmatch(rf"{NUM} marqueurs? (@\d+@)", rest)
            if mm and t.startswith(("gagne", "gagnez")):
                return [
                    Marker(
                        name=slugify(c.names[int(mm.group(2).strip("@"))]),
                        count=number(mm.group(1)),
                        **_target_fields(subject),
                    )
                ]
            if rest == "enchainement" and subject == "self" and (ctx.happens or ctx.subject == "card"):
                return [Chain(match=CardMatch("any"))]
            if rest == "enchainement" and ctx.standing:
                return [ChainOn(match=CardMatch("any"), **_target_fields(subject))]
            im = re.fullmatch(r"(?:une )?immunite (.+)", rest)
            if im:
                return self.immunity(c, im.group(1), subject)
            return None
        m = re.fullmatch(
            rf"(?:subit|subissent|subira|subissez|recoit|recoivent|recevez) (.+?) (?:points? de )?degats {KIND_RE}"
            r"(?: supplementaires?)?",
            t,
        )
        if m:
            return [
                Damage(
                    kind=DAMAGE_KIND_WORDS[m.group(2)],
                    amount=self._points(m.group(1)),
                    **_target_fields(subject),
                )
            ]
        m = re.fullmatch(r"(?:perd|perdent|perdez) (.+?) pv", t)
        if m:
            return [LoseHp(amount=self._points(m.group(1)), **_target_fields(subject))]
        m = re.fullmatch(r"(?:est|sont|sera|seront|etes) soignee?s? de (.+?)(?: pv)?", t)
        if m:
            return [Heal(amount=self._points(m.group(1)), **_target_fields(subject))]
        m = re.fullmatch(
            r"(?:est|sont|sera|seront) (incline|releve)e?s?|s'incline(?:nt)?|se releve(?:nt)?", t
        )
        if m:
            if t.startswith("s'incline") or m.group(1) == "incline":
                return [Tap(**_target_fields(subject))]
            return [Untap(**_target_fields(subject))]
        m = re.fullmatch(
            r"(?:ne peut|ne peuvent) (?:pas |plus )?(jouer|enchainer) (?:aucune? |de |d'|les |des )?(.+)", t
        )
        if m:
            what = "play" if m.group(1) == "jouer" else "chain"
            cards = None if m.group(2) in ("carte", "cartes") else self.match(c, m.group(2))
            return [Forbid(what=what, cards=cards, **_target_fields(subject))]
        m = re.fullmatch(
            r"(?:ne peut|ne peuvent) (?:pas |plus )?(?:attaquer|faire d'attaque(?: physique)?|effectuer d'attaque(?: physique)?)",
            t,
        )
        if m:
            return [Forbid(what="attack", **_target_fields(subject))]
        m = re.fullmatch(rf"(?:defausse|defaussent) {NUM} cartes?(?: de sa main)?(?: aleatoire)?", t)
        if m and subject == "opponent":
            return [Discard(count=number(m.group(1)))]
        m = re.fullmatch(
            r"echange(?:nt)? (?:son|sa|leur) (esprit|defense) et (?:sa|son|leur) (esprit|defense)", t
        )
        if m and m.group(1) != m.group(2):
            # "chaque personnage en combat échange son Esprit et sa Défense": each its own two stats
            first, second = ("spirit", "defense") if m.group(1) == "esprit" else ("defense", "spirit")
            return [Swap(stats=(first, second), **_target_fields(subject))]
        found = self.extra_attack(t, subject)
        if found is not None:
            return found
        m = re.fullmatch(
            r"(?:obtient|obtiennent) (?:son|leur) bonus d'ordre(?: s'il n'en beneficie pas deja| s'ils n'en beneficient pas deja)?",
            t,
        )
        if m:
            return [GrantOrder(**_target_fields(subject))]
        return None

    def _cards_moved(self, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
        """Cards between piles, this card's destination, attached cards discarded, created cards."""
        m = re.fullmatch(
            r"(?:ensuite |puis )?cette carte (?:est placee|retourne|revient|est remise|est renvoyee) (?:dans|a) (votre main|votre deck|le deck adverse|la main|le deck de son proprietaire)"
            r"(?: \(pioche\))?",  # "votre Deck (pioche)": the draw pile, a deck
            t,
        )
        if m:
            to = {
                "votre main": "hand",
                "la main": "hand",
                "votre deck": "deck",
                "le deck de son proprietaire": "deck",
                "le deck adverse": "opponent_deck",
            }[m.group(1)]
            return [CardTo(to=to)]
        if re.fullmatch(r"(?:ensuite |puis )?cette carte est retiree de la partie", t):
            return [CardTo(to="removed")]
        if re.fullmatch(r"(?:ensuite |puis )?cette carte est defaussee", t):
            return [CardTo(to="discard")]
        m = re.fullmatch(
            rf"(?:{NUM} )?(.+?) (?:de|dans) (votre|la) (deck|defausse|main)( adverse)? (?:est|sont) (?:placee?s?|remise?s?|renvoyee?s?|mise?s?) (?:dans|sur|au dessus de) (votre|la|le|sa|son) (main|deck|defausse)( adverse)?",
            t,
        )
        if m:
            count = number(m.group(1)) if m.group(1) else 1
            owner = "opponent" if m.group(5) else "self"
            if m.group(6) in ("sa", "son") and owner != "opponent":
                raise NotRead("whose pile is 'sa' / 'son'?")
            match = self._count_match(c, m.group(2))
            if (owner == "self" and m.group(8)) or (owner == "opponent" and m.group(6) == "votre"):
                raise NotRead("cards moved to the other player's piles")
            return [
                MoveCards(
                    from_=PILES[m.group(4)], to=PILES[m.group(7)], owner=owner, count=count, cards=match
                )
            ]
        found = self._attached_from_a_pile(c, t, ctx)
        if found is not None:
            return found
        # "une carte lui étant attachée est défaussée": attached to the one "lui" names
        t = re.sub(
            r"^((?:une? |une des |les |toutes les )?\S.*?) (?:lui etant|qui lui (?:est|sont)) (attachee?s?) "
            r"(?=(?:est|sont) defaussee?s?$)",
            r"\1 \2 a celui-ci ",
            t,
        )
        m = re.fullmatch(
            rf"(?:{NUM} |toutes les |tous les |les )?(.+?) (?:attachee?s?|portee?s?) (?:a|au|par|sur) (.+?) (?:est|sont) defaussee?s?",
            t,
        )
        if m:
            how_many: int | None = number(m.group(1)) if m.group(1) else 1
            if t.startswith(("toutes", "tous", "les ")):
                how_many = None
            what = m.group(2)
            owner = "any"
            om = re.fullmatch(r"(.+?) (adverses?|a vous)", what)
            if om:
                what, owner = om.group(1), "opponent" if om.group(2).startswith("adverse") else "self"
            match = self._count_match(c, what)
            whom = re.sub(r"^(?:a |au )", "le " if m.group(3).startswith("personnage") else "", m.group(3))
            # ("celui-ci": the one a choice or an event names, as "il")
            from_pronoun = whom in PRONOUNS
            if from_pronoun and ctx.pronoun is None:
                raise NotRead("whom does it name?")  # (not the holder by default)
            on = ctx.pronoun if from_pronoun and ctx.pronoun is not None else self.subject(c, whom)
            if how_many is not None and target_group(on)[1] == "random":
                # "… attachée à un personnage adverse aléatoire": a character drawn first, then a
                # card of its own (which may carry none)? or one card among all of theirs?
                raise NotRead("a card attached to a character drawn at random")
            if how_many is not None and target_group(on)[1] == "choice" and not from_pronoun:
                # "une carte adverse attachée à un de vos personnages": one card among those the
                # group carries (a group target: cards.domain.effects), not a character picked
                # first and a card of its own (which may carry none)
                on = group_of(on)
            return [DiscardAttached(count=how_many, cards=match, owner=owner, **_target_fields(on))]
        m = re.fullmatch(
            rf"(?:{NUM} )?(?:cartes? )?(?:copies? d')?(@\d+@) (?:est|sont|sera|seront) creee?s?(?: (?:et|puis|est(?= attachee? )) (jouee?s?|attachee?s? (?:a |sur |(?=aux? ))(.+?)|placee?s? dans votre (main|deck|defausse)))?",
            t,
        )
        if m:
            count = number(m.group(1)) if m.group(1) else 1
            card = self.family(c, m.group(2))
            if not m.group(3):
                return [CreateCard(card=card, to="hand", count=count)]
            if m.group(3).startswith("joue"):
                return [CreateCard(card=card, to="play", count=count)]
            if m.group(5):
                return [CreateCard(card=card, to=m.group(5), count=count)]
            whom = re.sub(r"^au ", "le ", re.sub(r"^aux ", "les ", re.sub(r" en vie$", "", m.group(4))))
            groups = grammar_cards.either_group(self, c, whom, ctx.names)
            if groups is not None:  # "à chacun de vos A ou B": each of them once
                return [CreateCard(card=card, to="attach", count=count, **_target_fields(g)) for g in groups]
            try:
                on = self.subject(c, whom, ctx.names)
            except NotRead:
                several = self._several(c, whom, ctx)  # "à chacun de vos Mages ou Prêtres": each
                if several is None:
                    raise
                return [CreateCard(card=card, to="attach", count=count, **_target_fields(o)) for o in several]
            return [CreateCard(card=card, to="attach", count=count, **_target_fields(on))]
        m = re.fullmatch(
            r"(?:une? |l'une? des? )?(.+?) de votre (deck|main|defausse) (?:est|sera) joue(?:e)?(?: a la suite (?:de vos cartes|des cartes deja jouees))?",
            t,
        )
        if m:
            return [PlayCard(from_=PILES[m.group(2)], cards=self._count_match(c, m.group(1)))]
        return None

    def _attached_from_a_pile(self, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
        """``une 'X' de votre Deck est attachée à un de vos alliés``, ``un Objet dans votre Défausse
        s'attache au personnage adverse``, ``la prochaine Quête de votre Deck est attachée à …``:
        a card of one of the player's piles goes into play attached to someone (not played)."""
        m = re.fullmatch(
            rf"(?P<head>une? |{NUM} |la prochaine |le prochain )(?P<what>.+?) (?:de|dans) votre "
            r"(?P<pile>deck|defausse|main) (?:(?:est|sont|sera|seront) (?:attachee?s?|placee?s?) "
            r"(?:a |sur |(?=aux? ))|s'attache(?:nt)? (?:a |sur |(?=aux? )))(?P<whom>.+)",
            t,
        )
        if not m:
            return None
        head = m.group("head").strip()
        top = head.startswith(("la prochaine", "le prochain"))
        count = 1 if top or head in ("un", "une") else number(head)
        whom = re.sub(r"^l'une? ", "un ", re.sub(r"^au (?=@\d+@$)", "", m.group("whom")))
        whom = re.sub(r"^au ", "le ", re.sub(r"^aux ", "les ", whom))
        # "… est attaché à un personnage de votre choix": any character, the player's pick
        on = "character" if whom == "un personnage de votre choix" else self.subject(c, whom, ctx.names)
        cards = self._count_match(c, m.group("what"))
        return [
            MoveCards(
                from_=PILES[m.group("pile")],
                to="attach",
                count=count,
                cards=cards,
                pick="top" if top else "random",
                **_target_fields(on),
            )
        ]

    # -- phrases: triggers, conditions, tails -----------------------------------------------------

    TRIGGERS: tuple[tuple[str, str], ...] = (
        (
            r"(?:en|au) debut de (?:chaque |vos |votre prochain |son |ses |chacun de vos |tous vos |chacun de ses )?"
            r"combats?(?: et jusqu'a la fin du combat)?|au debut du combat",
            "combat_start",
        ),
        (
            r"(?:en|a la) fin de (?:chaque |son |vos )?combats?|a la fin du combat|a l'issue du combat|apres le combat",
            "combat_end",
        ),
        (
            r"(?:en|au) debut de (?:chaque |votre |son )?tour|au debut de chaque tour|en debut de tour apres que les personnages se soient releves",
            "turn_start",
        ),
        (
            r"(?:en|a la) fin de (?:chaque |votre |son )?tour|a la fin de chaque tour|a la fin du tour",
            "turn_end",
        ),
        (r"(?:en|au) debut de (?:la )?partie|au debut de la partie", "game_start"),
        (
            r"apres avoir joue vos cartes|apres que vos cartes aient ete jouees|une fois vos cartes jouees",
            "after_cards",
        ),
        (r"quand cette carte quitte le jeu|lorsque cette carte quitte le jeu", "leaves_play"),
    )

    def phrase(self, c: Clause, t: str, ctx: Ctx) -> list[Effect]:
        """A phrase that yields effects: triggers, conditions and tails around predicates."""
        t = grammar_damage.both_hit(grammar_damage.yours_too(t.strip().strip(",").strip()))
        if not t:
            raise NotRead("nothing to read")
        found = grammar_damage.from_next_turn(self, c, t, ctx)  # "… le tour où …, puis … à partir du suivant"
        if found is not None:
            return found
        # "Choisissez un personnage adverse, il subit …": one pick (per card resolution, the same
        # pick target picks the same character: cards.domain.effects), named by "il" after it
        m = re.fullmatch(r"choisissez (un |une |l'un |l'une )?(.+?)(?:,| :| et) (.+)", t)
        if m:
            chosen = self._chosen(c, m.group(2))
            if chosen is not None:
                return self.phrase(c, m.group(3), replace(ctx, pronoun=chosen))
        found = grammar_life.then_choose(self, c, t, ctx)  # "A, choisissez …, il …"
        if found is not None:
            return found
        m = re.fullmatch(r"(.+?),? et ((?:a )?chaque fois qu.+|lorsqu.+)", t)
        if m and grammar_cards.appearance(m.group(1)):
            # "'X' change d'apparence et chaque fois que …": a note, then the trigger
            return self.phrase(c, m.group(2), ctx)
        found = grammar_markers.phrase(self, c, t, ctx)  # markers spent
        if found is not None:
            return found
        found = grammar_life.healed_as_much(self, c, t, ctx)
        if found is not None:
            return found
        # "si vous subissez des dégâts magiques, … (une fois par tour)" on a card that stays: each
        # time (before the triggers, which would take its limit for one without a head)
        found = grammar_life.damage_event_if(self, c, t, ctx) if "si " in t and "degat" in t else None
        if found is not None:
            return found
        found = trigger_phrase(self, c, t, ctx)  # cards/domain/grammar_triggers.py
        if found is not None:
            return found
        found = grammar_life.phrase(self, c, t, ctx) or grammar_life.subject_phrase(self, c, t, ctx)
        if found is not None:
            return found
        # "A, puis si …, B": A, then B under its own condition
        m = re.fullmatch(r"((?:si|tant que) .+?), puis,? (si .+)", t)
        if m:
            # "si A, X, puis si B, Y": each part under its own condition
            try:
                return self.phrase(c, m.group(1), ctx) + self.phrase(c, m.group(2), ctx)
            except NotRead:
                pass
        m = re.fullmatch(r"(.+?),? puis,? ((?:si|s'il|s'ils|s'elle) .+)", t)
        if m and not re.match(r"(?:si|s'il|s'ils|s'elle|tant que) ", t):
            try:
                found = grammar_life.then_if(self, c, m.group(1), m.group(2), ctx)
                if found is not None:
                    return found
                return self.phrase(c, m.group(1), ctx) + self.phrase(c, m.group(2), ctx)
            except NotRead:
                pass
        # "A et si …, B": A, and B under its own condition (a condition naming no one by a
        # pronoun or a possessive: "s'il …", "si son Esprit …" may be the one A names)
        m = re.fullmatch(r"(.+?),? et (si (?!son |sa |ses |leurs? |il |ils |elle )\S.+)", t)
        if m and not re.match(r"(?:si|s'il|s'ils|s'elle|tant que) ", t):
            try:
                return self.phrase(c, m.group(1), ctx) + self.phrase(c, m.group(2), ctx)
            except NotRead:
                pass
        found = (
            grammar_life.again_at(self, c, t, ctx)
            or grammar_life.moment_in_condition(self, c, t, ctx)
            or grammar_life.damage_event_if(self, c, t, ctx)
            or grammar_cards_if.phrase(self, c, t, ctx)
        )
        if found is not None:
            return found
        # "si …, effects" (the condition ends at the first comma that leaves both sides readable)
        m = re.match(r"(?:si|tant que) |tant qu'(?=[aeiouy])", t)
        if m:
            # "si COND, A, sinon B" / "si COND A, sinon B": B when the condition does not hold
            sm = re.fullmatch(r"(.+?),? (?:sinon|autrement),? (.+)", t)
            body, otherwise_text = (sm.group(1), sm.group(2)) if sm else (t, None)
            for comma in re.finditer(
                r", | : | (?=il |elle |vos |votre |le |la |les |tous |un |une |attaque|defense|esprit|soin|inflige)",
                body,
            ):
                head, rest = body[: comma.start()], body[comma.end() :]
                try:
                    cond = self.condition(c, head, ctx)
                    # "si le personnage adverse …, il …": "il" is the one the condition speaks of
                    view = ctx
                    if re.match(r"si (?:le personnage adverse|votre adversaire|l'adversaire) ", head) or (
                        # "si vous avez infligé moins de dégâts que votre adversaire, ce dernier …":
                        # the last one named ("vous" is no "il")
                        re.match(r"si (?:vous|votre personnage) ", head)
                        and re.search(r" que (?:le personnage adverse|votre adversaire|l'adversaire)$", head)
                        # ("si votre personnage a plus de PV que le personnage adverse, Attaque +4
                        # sinon il a …": "il" is the condition's subject — not "ce dernier")
                        and not (
                            head.startswith("si votre personnage ")
                            and re.match(r"(?:il|elle) ", otherwise_text or rest)
                        )
                    ):
                        view = replace(ctx, pronoun=self._view("opponent", "", ctx))
                    attached = re.search(r" attachee?s? (?:a|sur|au) (.+)$", head)
                    if attached and re.match(
                        r"(?:il|elle|celui-ci|celle-ci|ce dernier|cette derniere)\b", rest
                    ):
                        # "si une carte est attachée au personnage adverse, celui-ci …": that one
                        on = attached.group(1)
                        if re.fullmatch(r"(?:le |au )?personnage adverse|votre adversaire|l'adversaire", on):
                            view = replace(ctx, pronoun=self._view("opponent", "", ctx))
                        elif not (re.fullmatch(self._ME, on) or self._named(c, on, ctx) == "self"):
                            continue  # "attachée à un de vos personnages, il …": which one?
                    named = re.match(r"si (@\d+@) (?!ou |et |,)", head)
                    if named and re.match(r"(?:il|elle|celui-ci|celle-ci|ce dernier|cette derniere)\b", rest):
                        # "si 'X' fait partie de vos personnages et est en vie, elle a …": X (the
                        # player's, when the condition is about the player's characters)
                        who = named_character(self, c, named.group(1), ctx)
                        if isinstance(who, Selector) and (cond.ally_alive or cond.ally_present):
                            who = replace(who, group="allies")
                        if who is not None:
                            view = replace(ctx, pronoun=who)
                    effects = with_condition(self.phrase(c, rest, view), cond)
                    if otherwise_text is not None:
                        effects += with_condition(self.phrase(c, otherwise_text, view), Condition(not_=cond))
                except NotRead:
                    continue
                return effects
        m = re.fullmatch(
            r"tant que cette carte est (?:active|en jeu|attachee),? (.+)|(.+?),? tant que cette carte est (?:active|en jeu|attachee)",
            t,
        )
        if m and ctx.subject == "card" and ctx.stays and not ctx.happens:
            # what a card that stays gives lasts while it stays: the default there
            return self.phrase(c, m.group(1) or m.group(2), ctx)
        m = re.fullmatch(r"a moins que (.+?) ne (.+)", t)
        if m:
            # "à moins que le personnage adverse ne porte une Hache, il a Attaque -3": unless
            body = m.group(2)
            for cut in re.finditer(r", ", body):
                head, rest = body[: cut.start()], body[cut.end() :]
                try:
                    cond = self.condition(c, f"si {m.group(1)} {head}", ctx)
                    view = ctx
                    if re.match(r"(?:le personnage adverse|votre adversaire|l'adversaire)$", m.group(1)):
                        view = replace(ctx, pronoun=self._view("opponent", "", ctx))
                    return with_condition(self.phrase(c, rest, view), Condition(not_=cond))
                except NotRead:
                    continue
            raise NotRead("unless what?")
        found = grammar_life.otherwise(self, c, t, ctx)
        if found is None:
            found = grammar_scale.scaled_supplement_if(self, c, t, ctx)
        if found is None:
            found = self.more_if(c, t, ctx)
        if found is None:
            found = self.extra_if(c, t, ctx)
        if found is not None:
            return found
        try:
            return grammar_scale.scaled_parts(self, c, t, ctx)
        except NotRead as exc:
            found = self.conditioned_parts(c, t, ctx)
            if found is None:
                raise exc from None
            return found

    _OWN_CONDITION = re.compile(r" (?:contre (?:les |le |la |un |une )?\S|si |s'ils? |s'elles? |tant qu)")

    def conditioned_parts(self, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
        """``Attaque +1 contre les Mages et Esprit +1 contre les Prêtres``, ``Esprit -3 s'il est
        Mage, Défense -3 s'il est Combattant``: predicates each with its own condition (read so
        only when the whole is not understood, and each part has a condition of its own)."""
        for m in re.finditer(r",? et |, ", t):
            left, right = t[: m.start()], t[m.end() :]
            if not (self._OWN_CONDITION.search(left) and self._OWN_CONDITION.search(right)):
                continue
            if re.search(r"\bs'(?:il|ils|elle|elles) ", right) and not re.search(
                r"\bs'(?:il|ils|elle|elles) ", left
            ):
                continue  # "… si votre adversaire est Mage, et Esprit +3 s'il est Prêtre": "il" is that one
            try:
                first = self.tailed(c, left, ctx)
                rest = self.conditioned_parts(c, right, ctx) or self.tailed(c, right, ctx)
            except NotRead:
                continue
            mine = {str(getattr(e, "selector", None) or getattr(e, "target", "self")) for e in first}
            theirs = {str(getattr(e, "selector", None) or getattr(e, "target", "self")) for e in rest}
            if mine != {"self"} and theirs == {"self"}:
                continue  # "le personnage adverse a … et Défense -1 si …": whose Défense?
            return first + rest
        return None

    def extra_if(self, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
        """``Attaque +1 et Attaque +2 supplémentaire si …``: when the "supplémentaire" part gives
        again a stat (or damage bonus) the clause already gave, the condition is its alone; when it
        gives other stats ("Attaque +2 et Esprit +1 supplémentaire si …") the whole clause is the
        supplement (the English texts say "an additional Attack +2 and Spirit +1 if …"). None:
        not such a phrase, or the whole clause is conditional (read by :meth:`tailed`)."""
        m = re.fullmatch(
            r"(.+)(, et |, | et )((?:(?!, | et ).)+? supplementaires?)(,? (?:si|s'il|s'ils|s'elle|s'elles|contre|tant qu).+)",
            t,
        )
        if not m:
            return None
        whole = self.tailed(c, m.group(1) + m.group(2) + m.group(3), ctx)
        left = self.tailed(c, m.group(1), ctx)
        if whole[: len(left)] != left or len(whole) == len(left):
            raise NotRead("what the supplement is")
        right = whole[len(left) :]

        def key(e: Effect) -> tuple[str, str, Any]:
            return (e.op, getattr(e, "stat", ""), getattr(e, "selector", None) or getattr(e, "target", None))

        if not {key(e) for e in right} & {key(e) for e in left}:
            return None
        its = re.fullmatch(r",? s'(?:il|ils|elle|elles) (?:est|sont) (.+)", m.group(4))
        if its:
            return [*left, *self.its_kind(its.group(1), right)]
        # the condition, read on the supplement alone
        marker = "attaque +99"
        probe = self.tailed(c, marker + m.group(4), ctx)
        if len(probe) != 1 or not isinstance(probe[0], Modify) or probe[0].amount != 99:
            raise NotRead("a condition with more than a condition")
        return [*left, *self._same_condition(right, probe[0])]

    def _same_condition(self, effects: Sequence[Effect], probe: Modify) -> list[Effect]:
        """The effects under the condition a probe modifier was read with (its ``when``, or the
        filter "s'il est …" put on its target)."""
        if probe.target == "self" and probe.selector is None:
            return with_condition(effects, probe.when)
        raise NotRead("a condition on whom?")

    def more_if(self, c: Clause, t: str, ctx: Ctx) -> list[Effect] | None:
        """``Attaque +1 et +2 supplémentaires si …`` (the same bonus, more when the condition
        holds) and ``Attaque et Défense +2, ou +3 si …`` (that much instead): None when the phrase
        is not one of these."""
        m = re.fullmatch(
            r"(.+?)(,? et|,? ou|,) ([+-]) ?(\d+)( supplementaires?)?,? ((?:si|s'il|s'ils|s'elle|tant que|tant qu'|contre) ?.+)",
            t,
        )
        if not m:
            return None
        # ", -1 supplémentaire si …" as "et -1 supplémentaire si …"
        joint = "ou" if m.group(2).endswith("ou") else "et"
        if (joint == "et") != bool(m.group(5)):
            return None
        head = self.tailed(c, m.group(1), ctx)
        bonus = int(m.group(4)) * (1 if m.group(3) == "+" else -1)
        tail = m.group(6)
        bonused = [e for e in head if isinstance(e, Modify | DamageTaken | DamageDealt | HealDealt)]
        amounts = {e.amount for e in bonused}
        if not head or len(bonused) != len(head) or len(amounts) != 1:
            raise NotRead("more of what?")
        (amount,) = amounts
        if not isinstance(amount, int):
            raise NotRead("more of a counted amount")
        more: list[Effect] = [replace(e, amount=bonus) for e in bonused]
        its = re.fullmatch(r"s'(?:il|ils|elle|elles) (?:est|sont) (.+)", tail)
        if its:  # "il": each one the effects reach
            if joint == "et":
                return [*head, *self.its_kind(its.group(1), more)]
            if all(target_group(e.selector or e.target)[0] not in ("self", "opponent") for e in bonused):
                # a group: all get the amount, those matching the difference more
                extra: list[Effect] = [replace(e, amount=bonus - amount) for e in bonused]
                return [*head, *self.its_kind(its.group(1), extra)]
            return [*self.its_kind(its.group(1), head, negated=True), *self.its_kind(its.group(1), more)]
        against = re.fullmatch(r"contre (?:les |le |la |un |une )?(.+)", tail)
        cond = self._against(c, against.group(1)) if against else self.condition(c, tail, ctx)
        if joint == "et":
            return [*head, *with_condition(more, cond)]
        return [*with_condition(head, Condition(not_=cond)), *with_condition(more, cond)]

    def tailed(self, c: Clause, t: str, ctx: Ctx, par: bool = True) -> list[Effect]:
        """Predicates with trailing parts: a duration, a scaling, a cap, a condition, what X is.

        A "par …" is first read as a scaling ("Attaque +1 par Sort"), then, when that reading
        fails, as part of the predicate ("-2 aux dégâts subis par vos Mages")."""
        try:
            return self._tailed(c, t, ctx, par)
        except NotRead:
            if not par or not re.search(r"\bpar\b", t):
                raise
            return self._tailed(c, t, ctx, False)

    def _tailed(self, c: Clause, t: str, ctx: Ctx, par: bool) -> list[Effect]:
        if ctx.subject == "card" and not ctx.stays and not ctx.happens:
            # a card that does not stay resolves once, when it activates: whom it reaches, what it
            # counts and its conditions are read then ("au moment où cette carte s'active")
            t = re.sub(r",? au moment ou cette carte s'active\b", "", t)
        duration: Duration | None = None
        cond: Condition | None = None
        per: tuple[Count, int | None] | None = None  # the count, and the amount per counted thing
        cap: int | None = None
        cap_bonus = False  # "(+3 maximum)", "(max. +3)": the cap is on the bonus, not the total
        x_def: Scaled | Amount | None = None
        x_text = ""
        forever: str | None = None  # the words before "définitivement"
        turn_limited = False  # "à partir du tour 4": only on what is checked each turn
        its: tuple[str, bool] | None = None  # "s'il est Mage": what the subject is (or is not)
        carried: tuple[str, bool] | None = None  # "s'il porte une Lance": what it carries (or not)
        # a trigger at the end: "Soin 2 Points de vie en fin de combat"
        event: str | None = None
        if ctx.pronoun is None and re.search(r"\bet (?:ils|elles) .+,? s'(?:ils|elles) ", t):
            # "vos Mages gagnent 1 PV et ils ont … s'ils portent …": the condition of both, or of
            # the last only? not said
            raise NotRead("a condition after 'et ils': of both parts or of the last?")
        core = t
        changed = True
        while changed:
            changed = False
            m = re.fullmatch(
                r"(.+?),? (?:ou|où) x (?:est egale? |correspond |est |vaut )(?:a |au |aux |a la |a l')?(.+)",
                core,
            )
            if m and x_def is None:
                said, x_said = m.group(1), m.group(2)
                dm = re.fullmatch(r"(.+?),? (jusqu'a la fin (?:du tour|du combat|de la partie))", x_said)
                if dm and "jusqu'a" not in said:
                    # "Défense -X où X est égal à son Esprit jusqu'à la fin du tour": the duration
                    # is the effect's (a number lasts no time)
                    said, x_said = f"{said} {dm.group(2)}", dm.group(1)
                x_text = grammar_scale.x_self_named(self, c, x_said, ctx)
                core, x_def = said, self.x_value(c, x_text)
                changed = True
                continue
            m = re.fullmatch(
                r"(.+?) ?\((?:(?:max(?:imum)?\.?|max) ?:? ?([+-])? ?(\d+)(?: [a-z ]+)?|([+-])? ?(\d+) maximum)\)",
                core,
            )
            if m and cap is None:
                core, cap = m.group(1), int(m.group(3) or m.group(5))
                cap_bonus = bool(m.group(2) or m.group(4))
                changed = True
                continue
            m = re.fullmatch(r"(.+?) definitivement (.+)", core)
            if m and forever is None:  # "vos Golems ont définitivement Attaque +1": for the rest of the game
                core, forever = f"{m.group(1)} {m.group(2)}", m.group(1)
                changed = True
                continue
            m = re.fullmatch(rf"(.+?),? ({self.DURATION_RE})((?:,? (?![\d-]).*)?)", core) or re.fullmatch(
                rf"()({self.DURATION_RE}),? (.+)", core
            )
            if (
                m
                and duration is None
                and not re.search(
                    r"\b(?:jouee?s?|activee?s?|(?:a|avez|ont) infligee?s?)(?: dans| lors de| durant| pendant)?$",
                    m.group(1),
                )
            ):
                # ("un Sort joué ce tour-ci", "les dégâts qu'il a infligés durant le tour" say when,
                # not how long)
                try:
                    duration = self.duration(m.group(2))
                except NotRead:
                    pass
                else:
                    core = f"{m.group(1)}{m.group(3)}"
                    changed = True
                    continue
            m = re.fullmatch(
                r"(.+?),? (?:pour chaque|pour chacun de|pour chacune de|pour chacun des|pour chacune des|par) (.+)",
                core,
            )
            if (
                m
                and per is None
                and (par or not re.match(r",? par ", core[len(m.group(1)) :]))
                and not grammar_scale.by_whom(m.group(1), core[len(m.group(1)) :])
            ):
                counted = m.group(2)
                if self._of_the_holder(c, m.group(1), ctx):
                    # "'X' (itself) gagne 1 PV par dégât qu'il a infligé": the holder's
                    counted = re.sub(r"\bqu'(?:il|elle) a (?=infliges?\b)", "que vous avez ", counted)
                    counted = re.sub(r"\bqu'(?:il|elle) porte$", "que vous portez", counted)
                div = 1
                tm = re.fullmatch(r"tranche de (\d+) (.+)", counted)
                if tm:
                    div, counted = int(tm.group(1)), tm.group(2)
                try:
                    count, _ = self.count(c, counted)
                    if div != 1:
                        count = _Per(count, div)  # type: ignore[assignment]
                except NotRead:
                    pass
                else:
                    core = m.group(1)
                    each: int | None = None
                    # "+2", "+ 2 dégâts magiques supplémentaires"
                    pm = re.fullmatch(
                        r"(.+?) ?\+ ?(\d+)(?: degats?(?: (physiques?|magiques?|directs?))?"
                        r"(?: supplementaires?)?)?",
                        core,
                    )
                    if pm and pm.group(3) and pm.group(3)[:5] not in pm.group(1):
                        pm = None  # a supplement of another kind of damage
                    if pm and not re.search(rf"(?:{STAT_RE}) ?\+ ?\d+$", core):
                        core, each = pm.group(1).rstrip(", "), int(pm.group(2))
                    per = (count, each)
                    changed = True
                    continue
            m = re.fullmatch(
                r"(.+?),? (sauf )?s'(?:il|ils|elle|elles) (?:est|sont) (non |pas |ni )?"
                r"(?!incline|releve|en vie|morte?s?$|hors|jouable|active?|attache|le |la |l'|votre |vos |seul|dernier)(.+)",
                core,
            )
            if m and its is None:
                its = (m.group(4), bool(m.group(2)) != bool(m.group(3)))
                core = m.group(1)
                changed = True
                continue
            m = re.fullmatch(
                r"(.+?),? s'(?:il|ils|elle|elles) (ne )?(?:porte|portent) (?:au moins )?(.+?)(?: actifs?| actives?)?",
                core,
            )
            if m and its is None and carried is None:
                carried = (m.group(3), bool(m.group(1 + 1)))
                core = m.group(1)
                changed = True
                continue
            m = re.fullmatch(r"(.+?),? (sauf )?(?:contre (?:les |le |la |un |une )?|face aux? )(.+)", core)
            if m:
                try:
                    against = self._against(c, m.group(3))
                    cond = _merge_conditions(cond, Condition(not_=against) if m.group(2) else against)
                except NotRead:
                    pass
                else:
                    core = m.group(1)
                    changed = True
                    continue
            m = re.fullmatch(
                r"(.+?),? ((?:si|s'il|s'ils|s'elle|s'elles|tant que|tant qu'|lorsqu'il|lorsqu'ils|quand il) ?.+)",
                core,
            )
            if m:
                try:
                    more = self.condition(c, re.sub(r"^(?:lorsqu'ils?|quand il) ", "si il ", m.group(2)), ctx)
                    cond = _merge_conditions(cond, more)
                except NotRead:
                    pass
                else:
                    core = m.group(1)
                    changed = True
                    continue
            found = self._turn_limit(core, ctx)
            if found is not None:
                core, turns = found
                turn_limited = True
                cond = _merge_conditions(cond, Condition(turn=turns))
                changed = True
                continue
            if event is None:
                for pattern, name in self.TRIGGERS:
                    tm = re.fullmatch(rf"(.+?),? (?:{pattern})", core)
                    if tm and name in ("combat_start", "combat_end", "turn_start", "turn_end"):
                        core, event = tm.group(1), name
                        changed = True
                        break
        inner_ctx = ctx.inside() if event is not None else ctx
        try:
            effects = self.predicates(c, core, inner_ctx)
        except NotRead:
            # "Attaque +2, +1 supplémentaire si …": the "+1" adds to the stat before it
            bare = grammar_scale.split_supplement(self, c, core, inner_ctx, None)
            if bare is None:
                raise
            effects = bare[0] + bare[1]
        if x_def is not None:
            # "le personnage adverse a Défense -X où X est égal à son Esprit": its own
            x_def = grammar_scale.possessive_x(x_text, core, effects, x_def)
            x_def = grammar_scale.x_on_opponent(x_text, x_def, ctx)
        # "Attaque +2 et Attaque +1 supplémentaire pour chaque …": the scaling is the supplement's
        # only (a condition of the supplement: extra_if / more_if, before this)
        split = None
        if per is not None and x_def is None:
            split = grammar_scale.split_supplement(self, c, core, inner_ctx, effects)
            if split is None:
                grammar_scale.check_no_supplement(core)
        if split is not None:
            head, tail = split
            effects = head + self._resolve_x(tail, None, per, cap)
        else:
            if per is not None:
                grammar_scale.check_one_scaled_kind(core, effects)
            effects = self._resolve_x(effects, x_def, per, cap)
        if cap_bonus and per is not None and x_def is None:
            effects = [_cap_on_bonus(e) for e in effects]
        effects = grammar_scale.settle_target_counts(core, effects)
        grammar_scale.check_no_self_reading(effects, ctx)
        if forever is not None:
            effects = grammar_scale.forever_from(self, c, forever, inner_ctx, effects)
        if duration is not None:
            if not any(_DURABLE(e) or _durable_option(e) for e in effects):
                raise NotRead("a duration with nothing lasting")
            effects = [
                self._lasting(e, duration) if _DURABLE(e) or _durable_option(e) else e for e in effects
            ]
        if turn_limited and (event is not None or any(_lasts_longer_than_the_combat(e) for e in effects)):
            raise NotRead("a turn limit on a lasting effect")
        effects = with_condition(effects, cond)
        if its is not None:
            effects = self.its_kind(its[0], effects, negated=its[1])
        if carried is not None:
            effects = self.its_carrying(c, carried[0], effects, negated=carried[1])
        if event is not None:
            return [Trigger(on=Event(event), effects=tuple(effects))]  # type: ignore[arg-type]
        return effects

    def _of_the_holder(self, c: Clause, core: str, ctx: Ctx) -> bool:
        """Whether a phrase's subject is the holder ("il" then names it)."""
        if ctx.pronoun is not None:
            return False
        m = re.match(
            r"(votre personnage|vous|il|elle|@\d+@|[a-z][\w' -]*?) (?:gagne|a|est|subit|inflige)\b", core
        )
        if not m:
            return False
        if m.group(1) in ("il", "elle"):
            return False  # (after a sentence that named someone, it may be that one)
        if m.group(1) in ("votre personnage", "vous"):
            return True
        return self._named(c, m.group(1), ctx) == "self"

    def its_carrying(
        self, c: Clause, text: str, effects: Sequence[Effect], *, negated: bool = False
    ) -> list[Effect]:
        """``… s'il porte une Lance``: "il" is the one each effect reaches (as :meth:`its_kind`)."""
        text = re.sub(r"^(?:aucune? |pas de |pas d'|de |d')", "", text.strip()) if negated else text
        out: list[Effect] = []
        for e in effects:
            selector: Selector | None = getattr(e, "selector", None)
            target: Target = selector if selector is not None else str(getattr(e, "target", "self"))
            if target in ("self", "opponent"):
                cond = self._carrying(c, text, "carrying" if target == "self" else "opponent_carrying")
                out.extend(with_condition([e], Condition(not_=cond) if negated else cond))
                continue
            group, pick = target_group(target)
            if (
                negated
                or pick is not None
                or group in ("self", "opponent")
                or (isinstance(target, Selector) and target.carrying is not None)
            ):
                raise NotRead("what 'il' carries")
            base = replace(target, pick=None) if isinstance(target, Selector) else Selector(group=group)
            out.append(_with_target(e, replace(base, carrying=self._carried_match(c, text))))
        return out

    def its_kind(self, text: str, effects: Sequence[Effect], *, negated: bool = False) -> list[Effect]:
        """``… s'il est Mage``: "il" is the one each effect reaches — the holder (``played_by_*``),
        the opponent (``opponent_*``), or each character of a group (the group's filter)."""
        text = re.sub(r"^(?:un |une |de la guilde |de la caste |de )", "", text.strip())
        out: list[Effect] = []
        for e in effects:
            selector: Selector | None = getattr(e, "selector", None)
            target: Target = selector if selector is not None else str(getattr(e, "target", "self"))
            if target == "self" or target == "opponent":
                prefix = "played_by" if target == "self" else "opponent"
                parts = re.split(r" ni | ou ", text)
                conds = [self.who_condition(p, prefix) for p in parts]
                cond = conds[0] if len(conds) == 1 else Condition(any=tuple(conds))
                out.extend(with_condition([e], Condition(not_=cond) if negated else cond))
                continue
            group, pick = target_group(target)
            if negated or pick is not None or group in ("self", "opponent"):
                raise NotRead("what 'il' is")
            keys = self._filter_keys(self.who_filter(text))
            attrs = ("guild", "class_", "race", "caste", "family", "single_class", "tapped", "carrying")
            merged: dict[str, Any] = {}
            if isinstance(target, Selector):
                merged = {k: getattr(target, k) for k in attrs if getattr(target, k) is not None}
            for key, value in keys.items():
                if merged.get(key, value) != value:
                    raise NotRead("a filter given twice")
                merged[key] = value
            out.append(_with_target(e, Selector(group=group, **merged)))
        return out

    def _turn_limit(self, core: str, ctx: Ctx) -> tuple[str, Turns] | None:
        """``… à partir du tour 4`` / ``À partir du tour 4, …`` (turn 4 and later) and, for a
        character's standing ability, ``… jusqu'à la fin du tour 2`` (turns 1 and 2): the rest of
        the phrase and the turns. Only where the condition is checked each time the effect holds
        (a standing ability; a card's effect for the combat)."""
        m = re.fullmatch(
            r"(.+?),? a partir du (\d+)(?:e|eme) tour|(.+?),? a partir du tour (\d+)", core
        ) or re.fullmatch(r"()a partir du tour (\d+),? (.+)|()a partir du (\d+)(?:e|eme) tour,? (.+)", core)
        after = re.fullmatch(r"(.+?),? apres le tour (\d+)|()apres le tour (\d+),? (.+)", core)
        turns: Turns | None = None
        rest = ""
        if m or after:
            groups = list((m or after).groups())  # type: ignore[union-attr]
            number_text = next(g for g in groups if g and g.isdigit())
            rest = next(g for g in groups if g and not g.isdigit())
            turns = Turns("from", (int(number_text) + (1 if after and not m else 0),))
        else:
            m = re.fullmatch(
                r"(.+?),? (?:durant|pendant|lors) (?:les|des) tours ((?:\d+(?:, | et | ou ))*\d+|pairs|impairs)"
                r"|(?:durant|pendant|lors) (?:les|des) tours ((?:\d+(?:, | et | ou ))*\d+|pairs|impairs),? (.+)",
                core,
            )
            if m:
                rest = m.group(1) or m.group(4)
                turns = self.turns(re.sub(r" ou ", " et ", m.group(2) or m.group(3)))
        if turns is None:  # "… lors du tour 1"
            m = re.fullmatch(
                r"(.+?),? (?:durant le|pendant le|lors du|au) (?:tour (\d+)|(\d+)(?:e|eme|er) tour)", core
            )
            if m:
                rest, turns = m.group(1), Turns("list", (int(m.group(2) or m.group(3)),))
        if turns is None:
            m = re.fullmatch(
                r"(.+?),? jusqu'a la fin du tour (\d+)|(.+?),? jusqu'a la fin du (\d+)(?:e|eme) tour", core
            )
            if m and ctx.standing:
                n = int(m.group(2) or m.group(4))
                if not 1 <= n <= 30:
                    return None
                rest, turns = m.group(1) or m.group(3), Turns("list", tuple(range(1, n + 1)))
        if turns is None:
            return None
        if not (ctx.standing or (ctx.subject == "card" and not ctx.stays and not ctx.happens)):
            raise NotRead("a turn limit on a lasting effect")
        return rest, turns

    def _against(self, c: Clause, text: str) -> Condition:
        """``les Mages``, ``les Mages et les Prêtres``, ``les personnages Néhantistes`` -> who the
        opponent is."""
        pieces = re.split(r" et (?:les |contre les )?| ou (?:les )?|, (?:les )?", text)
        conds = []
        for p in pieces:
            p = re.sub(r"^(?:les |le |la |des |un |une )", "", p)
            p = re.sub(r"^personnages? ", "", p)
            if re.fullmatch(r"@\d+@", p):
                conds.append(Condition(opponent_is=self.family(c, p)))
            else:
                conds.append(self.who_condition(p, "opponent"))
        return conds[0] if len(conds) == 1 else Condition(any=tuple(conds))

    def _resolve_x(
        self,
        effects: list[Effect],
        x_def: Scaled | Amount | None,
        per: tuple[Count, int | None] | None,
        cap: int | None,
    ) -> list[Effect]:
        """Put what X is (or the count of ``pour chaque``, and the cap) into the amounts."""
        if x_def is not None and per is None and cap is None and len(effects) == 1:
            one = effects[0]
            if isinstance(one, OneOf):  # "Attaque +X ou Défense +X où X …": X in every option
                options = tuple(tuple(self._resolve_x(list(o), x_def, None, None)) for o in one.options)
                return [replace(one, options=options)]
        has_x = any(getattr(e, "amount", None) in (_X, _NEG_X) for e in effects)
        if has_x and x_def is None and per is None:
            raise NotRead("X is not said")
        if x_def is not None and (not has_x or per is not None):
            raise NotRead("what X is, and how it is used")
        if cap is not None and x_def is None and per is None:
            raise NotRead("a maximum without a count")
        out: list[Effect] = []
        for e in effects:
            amount = getattr(e, "amount", None)
            if amount == _NEG_X and (
                x_def is None or not isinstance(e, Modify | DamageTaken | DamageDealt | HealDealt)
            ):
                raise NotRead("-X")
            if amount in (_X, _NEG_X):
                value: Any
                if x_def is not None:
                    value = x_def
                    if cap is not None:
                        if not isinstance(value, Scaled):
                            value = Scaled(per=Count("stat", stat=value.stat or "spirit"), plus=value.lo)
                        value = replace(value, hi=cap)
                    if isinstance(e, Modify) and isinstance(value, Amount) and value.stat is not None:
                        value = Scaled(per=Count("stat", stat=value.stat), plus=value.lo)
                    if isinstance(e, DamageTaken | DamageDealt | HealDealt) and isinstance(value, Amount):
                        if value.stat is None or value.lo != value.hi:  # a bonus is no rolled amount
                            raise NotRead("a rolled damage bonus")
                        value = Scaled(per=Count("stat", stat=value.stat), plus=value.lo)
                else:
                    assert per is not None
                    value = _scaled(per[0], each=per[1] or 1, hi=cap)
                if amount == _NEG_X:
                    value = _negated(value)
                out.append(replace(e, amount=value))
            elif per is not None and amount is not None:
                out.append(self._scale(e, per[0], per[1], cap))
            else:
                out.append(e)
        if per is not None and all(getattr(e, "amount", None) is None for e in effects):
            raise NotRead("a count with nothing to scale")
        return out

    @staticmethod
    def _scale(effect: Effect, count: Count | _Per, each: int | None, hi: int | None) -> Effect:
        amount: Any = effect.amount  # type: ignore[union-attr]
        if isinstance(effect, Modify) and isinstance(amount, int):
            if each is not None:  # "Attaque +2, +1 pour chaque …": 2 plus 1 per counted thing
                return replace(effect, amount=_scaled(count, each=each, plus=amount, hi=hi))
            return replace(effect, amount=_scaled(count, each=amount, hi=hi))
        if (
            isinstance(effect, Damage | Heal | LoseHp | ExtraAttack)
            and isinstance(amount, Amount)
            and amount.stat is None
            and amount.lo == amount.hi
        ):
            if each is None:
                return replace(effect, amount=_scaled(count, each=amount.lo, hi=hi))
            return replace(effect, amount=_scaled(count, each=each, plus=amount.lo, hi=hi))
        if isinstance(effect, DamageTaken | DamageDealt | HealDealt) and isinstance(amount, int):
            return replace(effect, amount=_scaled(count, each=amount, hi=hi))
        raise NotRead(f"cannot scale {effect.op}")

    @staticmethod
    def _lasting(effect: Effect, duration: Duration) -> Effect:
        if isinstance(effect, OneOf):  # "Attaque +1 ou Défense +1 jusqu'à la fin de la partie"
            return replace(
                effect,
                options=tuple(
                    tuple(Reader._lasting(e, duration) if _DURABLE(e) else e for e in option)
                    for option in effect.options
                ),
            )
        if isinstance(
            effect,
            Modify
            | SetStat
            | DamageTaken
            | DamageDealt
            | HealDealt
            | Immune
            | Forbid
            | Traits
            | AttackKind
            | Bound
            | Double
            | Swap,
        ):
            if effect.duration.kind != "combat" and effect.duration != duration:
                raise NotRead("two durations")
            return replace(effect, duration=duration)
        raise NotRead(f"a duration on {effect.op}")

    # -- a whole clause -------------------------------------------------------------------------

    def read(self, raw: str, ctx: Ctx) -> Reading:
        """What one clause says; :class:`NotRead` when any part of it is not understood. A clause
        holding a second sentence that starts with an Ordre ("… Tours impairs : …", a full stop
        missing) is read as its sentences, every one of which must be read."""
        self._own = ctx.names
        parts = grammar_order.split_run_on(raw)
        if len(parts) > 1:
            reading = _merged([self._read_element(p, ctx) for p in parts])
        else:
            reading = self._read_element(raw, ctx)
        reading.effects = grammar_chain.chain_on_plays(reading.effects)
        if ctx.subject == "character" and not ctx.happens:
            reading.effects = grammar_chain.chain_when_playing(reading.effects)
        return reading

    def _read_element(self, raw: str, ctx: Ctx) -> Reading:
        """A clause whose damage has an element ("dégâts magiques de type Feu"): read without it,
        then the element put on that damage (cards/domain/grammar_damage.py)."""
        clause = Clause.of(raw)
        try:
            found = grammar_damage.without_element(clause)
        except NotRead:  # two elements: only a reading of its own
            found = None
        if found is None:
            return self._read(raw, ctx, clause)
        try:  # a reading of its own first ("+1 aux dégâts d'Ombre (non zone)": the Sorts Ombre)
            return self._read(raw, ctx, clause)
        except NotRead:
            pass
        bare, element, kind = found
        reading = self._read(raw, ctx, bare)
        if reading.orders:
            raise NotRead("an element of damage in an Ordre")
        first = re.search(r"\bdegats?\b", clause.text)
        in_head = first is not None and grammar_damage.names_element(clause.text[first.start() :])
        reading.effects = grammar_damage.with_element(reading.effects, bare.text, element, kind, in_head)
        return reading

    def _read(self, raw: str, ctx: Ctx, clause: Clause | None = None) -> Reading:
        c = grammar_cards.own_card(clause or Clause.of(raw), ctx)
        t = c.text
        if not t:
            raise NotRead("an empty clause")
        if ctx.subject == "card":
            found = self.card_phrase(c, t, ctx)
            if found is not None:
                return found
        found = grammar_cards.prefixed(self, c, t, ctx)
        if found is not None:
            return found
        ordre = grammar_order.header(self, t)
        if ordre is not None:
            turns, body = ordre
            if ctx.subject == "character":
                effects = grammar_chain.ordre_chains(self.phrase(c, body, ctx.inside()))
                return Reading(orders=[(each, effects) for each in turns])
            when = (
                Condition(turn=turns[0])
                if len(turns) == 1
                else Condition(any=tuple(Condition(turn=each) for each in turns))
            )
            return self._conditional(self.read_body(c, body, ctx), when)
        if ctx.subject == "character":
            found = self.character_phrase(c, t, ctx)
            if found is not None:
                return found
        m = re.fullmatch(r"(?:a l')?activation : (.+)", t)
        if m and ctx.subject == "card":
            return Reading(effects=_at_activation(self.phrase(c, m.group(1), ctx)))
        m = re.fullmatch(r"([^:]+?) : (.+)", t)
        if m:
            try:
                cond = self.prefix_condition(c, m.group(1), ctx)
            except NotRead:
                cond = None
            if cond is not None:
                inner = self.read_body(c, m.group(2), ctx)
                if (
                    ctx.on_opponent
                    and set(_condition_keys(cond)) - {"turn"}
                    and (inner.effects or inner.orders)
                ):
                    # who "Mage :" speaks of on a card carried by the opponent is not clear (a chain
                    # is decided when the player's character plays the card: that one)
                    raise NotRead("a condition on a card attached to the opponent (whose side?)")
                return self._conditional(inner, cond)
        return Reading(effects=self.phrase(c, t, ctx))

    def read_body(self, c: Clause, t: str, ctx: Ctx) -> Reading:
        """A card's clause after a prefix (a condition, an Ordre's turns)."""
        if ctx.subject == "card":
            found = self.card_phrase(c, t, ctx)
            if found is not None:
                return found
        found = grammar_cards.prefixed(self, c, t, ctx)
        if found is not None:
            return found
        return Reading(effects=self.phrase(c, t, ctx))

    @staticmethod
    def _conditional(inner: Reading, cond: Condition) -> Reading:
        """A reading under a condition: its effects get it, its chains become conditional chain
        ops, how the card stays a play variant; a conditional Ambidextrie is not expressible."""
        variant = grammar_cards.play_variant(inner, cond)
        if variant is not None:
            return variant
        if inner.play or inner.dual_wield or inner.dual_wield_with or inner.orders:
            raise NotRead("a conditional play rule")
        effects = with_condition(inner.effects, cond)
        effects += [Chain(match=m, when=cond) for m in inner.chains]
        return Reading(effects=effects)

    def turns(self, text: str) -> Turns:
        t = text.strip()
        if t in ("pair", "pairs"):
            return Turns("even")
        if t in ("impair", "impairs"):
            return Turns("odd")
        m = re.fullmatch(r"(\d+) et (?:plus|suivants)", t)
        if m:
            return Turns("from", (int(m.group(1)),))
        m = re.fullmatch(r"(\d+) (?:et|ou) moins", t)
        if m and 1 < int(m.group(1)) <= 30:
            return Turns("list", tuple(range(1, int(m.group(1)) + 1)))
        m = re.fullmatch(r"(\d+) a (\d+)", t)
        if m and int(m.group(1)) < int(m.group(2)) <= 30:
            return Turns("list", tuple(range(int(m.group(1)), int(m.group(2)) + 1)))
        numbers = [int(n) for n in re.findall(r"\d+", t)]
        if re.search(r"et (?:plus|suivants)$", t):
            raise NotRead("a list of turns then 'and later'")
        if len(set(numbers)) != len(numbers) or not numbers:
            raise NotRead("turns")
        return Turns("list", tuple(sorted(numbers)))

    def card_phrase(self, c: Clause, t: str, ctx: Ctx) -> Reading | None:
        """The card-level phrases (how the card stays and acts, chains, Ambidextrie)."""
        found = grammar_schedule.starts(self, c, t, ctx) or grammar_cards_if.card_phrase(self, c, t, ctx)
        if found is not None:
            return found
        if t == "permanent" or t == "permanente":
            return Reading(play={"stays": "permanent"})
        if re.fullmatch(r"s'?active apres le combat(?:, permanent)?", t):
            return Reading(
                play={"acts": "after_combat"}
                if not t.endswith("permanent")
                else {"acts": "after_combat", "stays": "permanent"}
            )
        if re.fullmatch(r"s'?active immediatement|activation immediate", t):
            return Reading(play={"acts": "now"})
        m = re.fullmatch(
            rf"duree ?:? ?{NUM}(?: a {NUM})? (tours|combats|tour|combat)(?:,? ((?:attaque|defense|esprit)\b.+|[+-] ?\d+ aux .+))?",
            t,
        )
        if m:
            lo = number(m.group(1))
            hi = number(m.group(2)) if m.group(2) else lo
            unit = "turns" if m.group(3).startswith("tour") else "combats"
            # "Durée 2 tours Attaque +1": two sentences the text did not cut
            rest = self.phrase(c, m.group(4), ctx) if m.group(4) else []
            return Reading(play={"stays": {unit: lo if lo == hi else [lo, hi]}}, effects=rest)
        if t == "ambidextrie":
            return Reading(dual_wield=True)
        m = re.fullmatch(r"ambidextrie ?:? (@\d+@(?:(?:, | et | ou )@\d+@)*)", t)
        if m:
            return Reading(
                dual_wield=True, dual_wield_with=[self.family(c, x) for x in re.findall(r"@\d+@", t)]
            )
        if t in ("enchainement", "gagne enchainement"):
            return Reading(chains=[CardMatch("any")])
        found = grammar_chain.card_chain(self, c, t, ctx)
        if found is not None:
            return found
        m = re.fullmatch(r"(?:gagne )?enchainement(?: ?:? (.+?))?,? ((?:si|s'il|tant que) .+)", t)
        if m:
            cond = self.condition(c, m.group(2), ctx)
            match = grammar_chain.chain_match(self, c, m.group(1)) if m.group(1) else CardMatch("any")
            return Reading(effects=[Chain(match=match, when=cond)])
        m = re.fullmatch(r"enchainement ?:? (.+)", t)
        if m:
            return Reading(chains=[grammar_chain.chain_match(self, c, m.group(1))])
        if re.fullmatch(r"un seul exemplaire (?:de cette carte )?par personnage", t):
            return Reading(play={"one_per_character": True})
        m = re.fullmatch(
            r"(?:cette carte )?s'attache (?:a votre adversaire|au personnage adverse|a l'adversaire|sur le personnage adverse|sur votre adversaire|au personnage en combat adverse)(?:,? (.+))?",
            t,
        )
        if m:
            rest = self.phrase(c, m.group(1), replace(ctx, pronoun="self")) if m.group(1) else []
            return Reading(play={"attach": "opponent"}, effects=rest)
        m = re.fullmatch(
            r"choisissez (un |une |l'un |l'une )?(.+?)(?: et|,) attachez[- ]lui cette carte(?:,? (.+))?", t
        )
        if m:
            target = self._chosen(c, m.group(2))
            if target is None:
                raise NotRead(f"whom to attach to: {m.group(2)!r}")
            rest = self.phrase(c, m.group(3), replace(ctx, pronoun="self")) if m.group(3) else []
            return Reading(play={"attach": target_to_json(target)}, effects=rest)
        if t == "aucun effet en tournoi":
            # a tournament rule: these simulations are no tournament, the card plays its effects
            return Reading(note="no effect in a tournament (a tournament rule; simulations play the card)")
        if t == "aucun effet":
            return Reading(note="the card has no effect")
        if t == "unique":
            raise NotRead("a unique card is a card field (unique), not read from the text")
        return grammar_cards.card_phrase(self, c, t, ctx)

    def character_phrase(self, c: Clause, t: str, ctx: Ctx) -> Reading | None:
        """A character's own phrases: its Enchaînement on a kind of card (the Combattant ability),
        Ambidextrie, what it starts the game with."""
        if t == "ambidextrie":
            return Reading(effects=[Carry(cards=CardMatch("type", "arme_a_une_main"), count=2)])
        m = re.fullmatch(r"ambidextrie ?:? (?!@)(.+)", t)
        if m:  # "Ambidextrie Epée à une main": two of those
            return Reading(effects=[Carry(cards=self.match(c, m.group(1)), count=2)])
        found = grammar_chain.character_chain(self, c, t, ctx)
        if found is not None:
            return found
        m = re.fullmatch(
            r"commence la partie avec (?:un |une |le |la )?(.+?) de votre deck(?: attachee?)?", t
        )
        if m:
            played = PlayCard(from_="deck", cards=self.match(c, m.group(1)), pick="choice")
            return Reading(effects=[Trigger(on=Event("game_start"), effects=(played,))])
        m = re.fullmatch(
            r"gagne (?:un )?enchainement,? (?:si (?:vous jouez|il joue|joue)|s'il joue|lorsqu'il joue|quand il joue) (.+)",
            t,
        )
        if m:
            return Reading(effects=[ChainOn(match=self.match(c, m.group(1)))])
        m = re.fullmatch(r"gagne (?:un )?enchainement,? si (?:un |une )?(.+?) est jouee?", t)
        if m:
            return Reading(effects=[ChainOn(match=self.match(c, m.group(1)))])
        m = re.fullmatch(
            r"gagne enchainement et (.+?),? (?:si (?:vous jouez|il joue|joue)|s'il joue) (.+)", t
        )
        if m:
            match = self.match(c, m.group(2))
            rest = self.predicates(c, m.group(1), ctx)
            return Reading(effects=[ChainOn(match=match), *with_condition(rest, Condition(plays=match))])
        return None
