"""The words of the card texts: guilds, classes, races, castes and card types, as the French texts
write them, mapped to the reference slugs.

Pure Python (no Django). Built from ``reference.json``-shaped tables (the bundled
``fixtures/cardset/reference.json``, or the database tables, see ``cards/selectors.py``) plus the
short forms the texts use ("vos Noz", "les Zils", "un Sort Feu", "une Arme à une main"), which are
facts about the game's vocabulary, listed below. Every surface form is *folded* (lower case, no
accents, typographic apostrophes made plain, spaces collapsed) with :func:`fold`; a form may name
several things (``epee`` is the one-handed and the two-handed sword type), so a lookup gives every
:class:`Term` it may mean and the reader decides.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

TermKind = Literal["guild", "class", "race", "caste", "type"]
KINDS: tuple[TermKind, ...] = ("guild", "class", "race", "caste", "type")
#: ``reference.json`` table of each kind of term.
TABLES: Mapping[TermKind, str] = {
    "guild": "guilds",
    "class": "classes",
    "race": "races",
    "caste": "castes",
    "type": "card_types",
}

#: Short and plural forms of guild names the texts use beside the reference labels.
GUILD_ALIASES: Mapping[str, tuple[str, ...]] = {
    "noz": ("noz", "noz'dingard", "envoyes de noz'dingard", "envoye de noz'dingard"),
    "zil": ("zil", "zils", "zïl", "combattants de zil", "combattant de zil"),
    "kotoba": ("kotoba", "kotobas"),
    "coeur_de_seve": ("coeur de seve", "coeurs de seve"),
    "pirates": ("pirate", "pirates"),
    "nameades": ("nomade", "nomades", "nomades du desert", "nomade du desert"),
    "non_affilies": ("mercenaire", "mercenaires"),
    "nehantistes": ("nehantiste", "nehantistes", "nehant"),  # "Nehant ou Mercenaire :" (EN: Nehantist)
    "legion_runique": ("runique", "runiques", "legion runique"),
    "lieurs_de_pierres": ("lieur de pierres", "lieurs de pierres", "lieur de pierre", "lieurs de pierre"),
}
#: Spell and theurgy types are written "Sort Feu", "Sort de Feu", "sorts de feu", "Théurgie Foi"…
SPELL_WORDS = ("sort", "sorts")
THEURGY_WORDS = ("theurgie", "theurgies")
#: Card types whose reference label is a fragment ("à une main", "de Néhant"): the forms the texts
#: use for them, and forms shared by several types (a bare "Epée" may be held in one or two hands).
TYPE_ALIASES: Mapping[str, tuple[str, ...]] = {
    "arme_a_une_main": ("arme a une main", "armes a une main", "arme une main", "armes une main"),
    "arme_a_deux_mains": ("arme a deux mains", "armes a deux mains", "arme deux mains", "armes deux mains"),
    "epee": ("epee a une main", "epees a une main", "epee une main", "epees une main", "epee", "epees"),
    "epee2m": ("epee a deux mains", "epees a deux mains", "epee deux mains", "epee", "epees"),
    "hache_main": ("hache a une main", "haches a une main", "hache une main", "hache", "haches"),
    "hache": ("hache a deux mains", "haches a deux mains", "hache deux mains", "hache", "haches"),
    "arme_a_poudre": ("arme a poudre", "armes a poudre", "arme a poudre a une main"),
    "arme_a_poudre_a_deux_mains": ("arme a poudre a deux mains", "armes a poudre a deux mains"),
    "masse2m": ("masse", "masses", "masse a deux mains"),
    "nehant": ("sort de nehant", "sorts de nehant", "sort nehant", "sorts nehant"),
    "guerre": ("sort de la guerre", "sorts de la guerre", "sort de guerre", "sort guerre"),
    "guem": ("sort de guem", "sorts de guem", "sort guem"),
    "necrose_griffe": ("necrose griffe",),
    "necrose_bouclier": ("necrose bouclier",),
    "morte": ("necrose", "necroses"),
    "pierre_coeur": ("pierre-coeur", "pierres-coeur", "pierre-coeurs", "pierre coeur", "pierres coeur"),
    "colere_divine": ("colere divine",),
    "objet": ("objet", "objets"),
    "familier": ("familier", "familiers"),
}
#: Class, race and caste forms beyond the label and its plural.
EXTRA_FORMS: Mapping[tuple[TermKind, str], tuple[str, ...]] = {
    ("race", "non_mort"): ("non-mort", "non-morts", "non mort", "non morts", "mort-vivant", "morts-vivants"),
    ("race", "hom_chai"): ("hom'chai", "hom'chais", "homchai", "hom chai"),
    ("race", "elfe_de_glace"): ("elfe de glace", "elfes de glace"),
    ("race", "guemelite_feu"): ("guemelite de feu", "guemelites de feu", "guemelite feu"),
    ("race", "guemelite_dragon"): ("guemelite du dragon", "guemelites du dragon", "guemelites dragon"),
    ("race", "guemelite_eau"): ("guemelite d'eau", "guemelites d'eau", "guemelite eau"),
    ("race", "guemelite_air"): ("guemelite d'air", "guemelites d'air", "guemelite air"),
    ("race", "guemelite_terre"): ("guemelite de terre", "guemelites de terre", "guemelite terre"),
    ("race", "guemelite_ombre"): ("guemelite d'ombre", "guemelites d'ombre", "guemelite ombre"),
    ("race", "guemelite_foudre"): ("guemelite foudre", "guemelites de foudre", "guemelite de foudre"),
    ("race", "guemelite_nature"): ("guemelite nature", "guemelites nature"),
    ("race", "guemelite_mental"): ("guemelite mental", "guemelites mental"),
    ("race", "bete"): ("bete", "betes"),
    ("race", "demon"): ("demon", "demons"),
    ("class", "pretre"): ("pretre", "pretres", "pretresse", "pretresses"),
    ("caste", "chasseur_de_demons"): ("chasseur de demon", "chasseurs de demon", "chasseurs de demons"),
    ("caste", "gardien_du_temple"): ("gardien du temple", "gardiens du temple"),
    ("caste", "chevalier_dragon"): ("chevalier dragon", "chevaliers dragon", "chevaliers dragons"),
    ("caste", "chevaliers_maudits"): ("chevalier maudit", "chevaliers maudits"),
    ("caste", "arbre_monde"): ("arbre-monde", "arbres-monde", "arbre monde"),
    ("caste", "la_meute"): ("la meute", "meute"),
    ("caste", "terreur_nocturne"): ("terreur nocturne", "terreurs nocturnes"),
    ("caste", "sable_corrosif"): ("sable corrosif", "sables corrosifs"),
    ("caste", "sorcelame"): ("sorcelame", "sorcelames"),
}


_ACTIVATED = re.compile(r"\bactivés\b", re.IGNORECASE)


def fold(text: str) -> str:
    """Lower case, accents removed, ``’`` and ``‘`` made ``'``, ``œ`` made ``oe``, spaces collapsed."""
    text = text.replace("’", "'").replace("‘", "'").replace("`", "'").replace("œ", "oe").replace("Œ", "Oe")
    # "activés" (activated) would fold to "actives" (in play): it folds to its feminine form instead
    text = _ACTIVATED.sub("activées", text)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()
    return re.sub(r"\s+", " ", text).strip()


def _all_plural(form: str) -> str:
    """``guemelite dragon`` -> ``guemelites dragons`` (some texts make every word plural)."""
    return " ".join(
        w if w in ("de", "du", "la", "le", "l'ombre") else _plural_word(w) for w in form.split(" ")
    )


def _plural_word(word: str) -> str:
    """The French plural of one word: ``corbeau`` -> ``corbeaux``, ``mage`` -> ``mages``."""
    if word.endswith(("s", "x", "z")):
        return word
    if word.endswith(("au", "eu")):
        return f"{word}x"
    if word.endswith("al"):
        return f"{word[:-2]}aux"
    return f"{word}s"


def _plural(form: str) -> str:
    """``guemelite de l'ombre`` -> ``guemelites de l'ombre``; ``mage`` -> ``mages``."""
    head, sep, tail = form.partition(" ")
    return f"{_plural_word(head)}{sep}{tail}"


@dataclass(frozen=True, slots=True)
class Term:
    kind: TermKind
    slug: str


@dataclass(frozen=True)
class Vocabulary:
    """Folded surface forms -> the terms they may name; and each term's French label."""

    forms: Mapping[str, tuple[Term, ...]]
    labels: Mapping[Term, str] = field(default_factory=dict)
    #: Card types by slug: their parent slug — the reader needs the tree (a "Sort" is any spell
    #: type, an "Arme" any weapon).
    type_parents: Mapping[str, str | None] = field(default_factory=dict)
    #: Races by slug: their parent race slug (a Guémélite de la guerre is a Guémélite).
    race_parents: Mapping[str, str | None] = field(default_factory=dict)
    #: The longest forms first: the order in which a text is scanned for terms.
    ordered: tuple[str, ...] = ()

    def lookup(self, form: str) -> tuple[Term, ...]:
        return self.forms.get(fold(form), ())

    def of_kind(self, form: str, kind: TermKind) -> tuple[str, ...]:
        return tuple(t.slug for t in self.lookup(form) if t.kind == kind)

    def pattern(self, kinds: Iterable[TermKind]) -> str:
        """A regex alternation of every folded form naming a term of ``kinds`` (longest first)."""
        wanted = set(kinds)
        forms = [f for f in self.ordered if any(t.kind in wanted for t in self.forms[f])]
        return "|".join(re.escape(f) for f in forms)


def vocabulary_from_reference(reference: Mapping[str, Sequence[Mapping[str, object]]]) -> Vocabulary:
    """The vocabulary of ``reference.json``-shaped tables (``guilds``, ``classes``, ``races``,
    ``castes``, ``card_types``), with the forms of :data:`GUILD_ALIASES`, :data:`TYPE_ALIASES`,
    :data:`EXTRA_FORMS`."""
    forms: dict[str, list[Term]] = {}
    labels: dict[Term, str] = {}

    def add(form: str, term: Term) -> None:
        key = fold(form)
        if key and term not in forms.setdefault(key, []):
            forms[key].append(term)

    type_parents: dict[str, str | None] = {}
    race_parents: dict[str, str | None] = {}
    for kind in KINDS:
        for row in reference.get(TABLES[kind], []):
            slug = str(row["slug"])
            label = str(row.get("name_fr") or slug)
            term = Term(kind, slug)
            labels[term] = label
            if kind == "type":
                if row.get("character_type"):
                    continue  # "personnage" is the word for a character, not a card type
                parent = row.get("parent")
                type_parents[slug] = str(parent) if parent else None
                continue
            if kind == "race":
                race_parents[slug] = str(row["parent"]) if row.get("parent") else None
            add(label, term)
            add(_plural(fold(label)), term)
            add(_all_plural(fold(label)), term)
            for extra in EXTRA_FORMS.get((kind, slug), ()):
                add(extra, term)
    for slug, aliases in GUILD_ALIASES.items():
        term = Term("guild", slug)
        if term in labels:
            for alias in aliases:
                add(alias, term)
    # Card types: the label and its plural, except fragments; spells and theurgies by element.
    for slug, parent in type_parents.items():
        term = Term("type", slug)
        label = fold(labels[term])
        if slug in TYPE_ALIASES:
            for alias in TYPE_ALIASES[slug]:
                add(alias, term)
            continue
        if label.startswith(("a ", "de ")):
            continue  # a fragment ("à poudre", "de Néhant") has its forms in TYPE_ALIASES
        if parent == "sort":
            for word in SPELL_WORDS:
                add(f"{word} {label}", term)
                add(f"{word} de {label}", term)
                add(f"{word} d'{label}", term)
                add(f"{word} {_plural(label)}", term)
            continue
        if parent == "theurgie":
            for word in THEURGY_WORDS:
                add(f"{word} {label}", term)
                add(f"{word} de {label}", term)
                add(f"{word} de la {label}", term)
            continue
        add(label, term)
        add(_plural(label), term)
    frozen = {form: tuple(terms) for form, terms in forms.items()}
    ordered = tuple(sorted(frozen, key=lambda f: (-len(f), f)))
    return Vocabulary(
        forms=frozen, labels=labels, type_parents=type_parents, race_parents=race_parents, ordered=ordered
    )
