"""The rules-text compiler: a card's French rules text -> structured effects, and what it could not read.

Pure Python (no Django). This first part splits a text into clauses and gives each clause its
*shape* — the clause with names, numbers and the game's terms replaced by placeholders — which is
what the census of the real card texts counts (``manage.py cardtext census``) and what the
coverage report groups unread clauses by.

Clauses are sentences: a text is cut after each ``.`` or ``!`` (not inside a quoted name such as
``'Face...'``, nor after ``min.`` / ``max.``); a clause made only of a parenthesis (``(maximum 6)``)
belongs to the clause before it.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from cards.domain.vocabulary import Vocabulary, fold

#: A quoted name: '…', "…", «…», “…” — the opening mark is not preceded by a letter (so the
#: apostrophe of "l'adversaire" opens nothing) and the closing one is not followed by a letter.
QUOTED = re.compile(
    r"(?<![\w])'(?=\S)(?P<a>.+?)'(?![\w])|\"(?P<b>[^\"]+)\"|«\s*(?P<c>[^»]+?)\s*»|“(?P<d>[^”]+)”"
)
_ABBREVIATIONS = re.compile(r"\b(min|max|etc)\.", re.IGNORECASE)
_SENTENCE_END = re.compile(r"(?<=[.!])(?:\s+|(?=[A-ZÀ-Ý'\"«“(]))")
_MARK = "\x00"


def clean_text(text: str) -> str:
    """One line, single spaces, ``...`` as ``…``, typographic apostrophes made plain."""
    text = text.replace("\\r\\n", " ").replace("\\n", " ").replace("\r", " ").replace("\n", " ")
    text = text.replace("’", "'").replace("‘", "'").replace("...", "…")
    return re.sub(r"\s+", " ", text).strip()


def split_clauses(text: str) -> list[str]:
    """The clauses (sentences) of a rules text, without their final full stop."""
    text = clean_text(text)
    quoted: list[str] = []

    def protect(match: re.Match[str]) -> str:
        quoted.append(match.group(0))
        return f"{_MARK}{len(quoted) - 1}{_MARK}"

    text = QUOTED.sub(protect, text)
    text = _ABBREVIATIONS.sub(lambda m: f"{m.group(1)}{_MARK}dot{_MARK}", text)
    clauses: list[str] = []
    for part in _SENTENCE_END.split(text):
        part = part.strip()
        part = part[:-1].rstrip() if part.endswith(".") else part
        part = part.replace(f"{_MARK}dot{_MARK}", ".")
        part = re.sub(f"{_MARK}(\\d+){_MARK}", lambda m: quoted[int(m.group(1))], part)
        if not part:
            continue
        if clauses and re.fullmatch(r"\([^()]*\)", part):
            clauses[-1] = f"{clauses[-1]} {part}"  # "(maximum 6)" belongs to the clause before
            continue
        clauses.append(part)
    return clauses


@dataclass(frozen=True)
class Shaper:
    """Replaces the game's terms of a folded clause by ``GUILD``, ``CLASS``, ``RACE``, ``CASTE``,
    ``TYPE`` (the first kind a form may name, in that order), quoted names by ``'X'`` and numbers
    by ``N``."""

    vocabulary: Vocabulary

    def __post_init__(self) -> None:
        order = ("guild", "class", "race", "caste", "type")
        placeholders: dict[str, str] = {}
        for form in self.vocabulary.ordered:
            kinds = {t.kind for t in self.vocabulary.forms[form]}
            placeholders[form] = next(k for k in order if k in kinds).upper()
        pattern = "|".join(re.escape(f) for f in self.vocabulary.ordered)
        object.__setattr__(self, "_placeholders", placeholders)
        object.__setattr__(self, "_terms", re.compile(rf"(?<![\w'])(?:{pattern})(?![\w])"))

    def shape(self, clause: str) -> str:
        text = QUOTED.sub("'X'", fold(clean_text(clause)))
        placeholders: Mapping[str, str] = self._placeholders  # type: ignore[attr-defined]
        terms: re.Pattern[str] = self._terms  # type: ignore[attr-defined]
        text = terms.sub(lambda m: placeholders[m.group(0)], text)
        text = re.sub(r"\d+", "N", text)
        return re.sub(r"\s+", " ", text).strip()


# --- the census: which clause shapes the texts are made of ---------------------------------------

#: Families of clauses, by what they do; a clause belongs to the first family whose pattern
#: matches its folded text. Used to report which share of the real texts each family makes up.
FAMILIES: tuple[tuple[str, str], ...] = (
    (
        "how the card stays (Permanent, Durée, S'active après le combat)",
        r"^(permanent|duree\b|s'?active apres le combat$)",
    ),
    ("chains (Enchaînement …)", r"enchainement|enchainer"),
    ("Ordres (Tours N : …)", r"^tours?\b[^:]{0,40}:"),
    (
        "triggers (en début / fin de combat, chaque fois que, lorsque, si … meurt)",
        r"^(en |au |a la |a l'|des |apres )?(debut|fin)\b|chaque fois|lorsqu|\bmeurt\b"
        r"|a l'activation|apres avoir joue",
    ),
    (
        "cards moved between deck, hand, discard pile (and created)",
        r"\b(deck|main|defausse|pioche|piochez|creee?s?|placee?s? dans)\b",
    ),
    ("markers, runes, Corruptions", r"marqueur|\brunes?\b|corruption"),
    ("scaling (pour chaque, par, où X est égal)", r"pour chaque|\bpar\b|ou x est|x est egal|\(max"),
    ("damage reduction, immunities, damage bonuses", r"aux degats|immunit|degats subis|degats recus"),
    ("set or fixed stats (Attaque = 7/9, Défense = 0)", r"= ?\d|est egale? a"),
    ("damage and loss of HP", r"degats?|perd .*points? de vie|subit"),
    ("heals, HP max", r"\bsoin|points? de vie|\bpv\b"),
    ("restrictions (ne peut, un seul exemplaire)", r"ne peu|ne pourr|seul exemplaire|aucun effet"),
    ("attachment and choice of a character", r"attache|choisissez"),
    ("stat modifiers (Attaque / Défense / Esprit ±N …)", r"\b(attaque|defense|esprit|initiative)\b"),
    ("Ambidextrie", r"ambidextrie"),
)


@dataclass
class Census:
    """Clause shapes counted over a set of texts."""

    texts: int
    clauses: int
    shapes: Counter[str]
    families: Counter[str]
    #: Texts having at least one clause of the family.
    texts_by_family: Counter[str]
    #: Texts whose every clause has one of the N most frequent shapes, for a few N.
    covered_by_top: dict[int, int]

    def lines(self, top: int = 40) -> list[str]:
        out = [
            f"{self.texts} texts, {self.clauses} clauses, {len(self.shapes)} distinct clause shapes",
            "",
            "clauses by family (clauses, share of clauses, texts with one, share of texts):",
        ]
        for family, count in self.families.most_common():
            texts = self.texts_by_family[family]
            out.append(
                f"  {count:6d}  {count / self.clauses:6.1%}  {texts:5d}  {texts / self.texts:6.1%}  {family}"
            )
        out += ["", "texts made only of the N most frequent shapes:"]
        for n, count in sorted(self.covered_by_top.items()):
            out.append(f"  top {n:5d} shapes: {count:5d} texts ({count / max(self.texts, 1):.1%})")
        out += ["", f"the {top} most frequent shapes (count, cumulative share of clauses):"]
        running = 0
        for shape, count in self.shapes.most_common(top):
            running += count
            out.append(f"  {count:5d}  {running / self.clauses:6.1%}  {shape}")
        return out


def family_of(clause: str) -> str:
    text = fold(clause)
    for name, pattern in FAMILIES:
        if re.search(pattern, text):
            return name
    return "other"


def census(texts: Iterable[str], vocabulary: Vocabulary, tops: Sequence[int] = (50, 200, 1000)) -> Census:
    """Count the clause shapes and families of ``texts`` (empty texts are skipped)."""
    shaper = Shaper(vocabulary)
    per_text: list[list[str]] = []
    shapes: Counter[str] = Counter()
    families: Counter[str] = Counter()
    texts_by_family: Counter[str] = Counter()
    for text in texts:
        clauses = split_clauses(text)
        if not clauses:
            continue
        text_shapes = [shaper.shape(c) for c in clauses]
        per_text.append(text_shapes)
        shapes.update(text_shapes)
        text_families = [family_of(c) for c in clauses]
        families.update(text_families)
        texts_by_family.update(set(text_families))
    ranked = [s for s, _ in shapes.most_common()]
    covered = {}
    for n in tops:
        best = set(ranked[:n])
        covered[n] = sum(1 for t in per_text if all(s in best for s in t))
    return Census(
        texts=len(per_text),
        clauses=sum(shapes.values()),
        shapes=shapes,
        families=families,
        texts_by_family=texts_by_family,
        covered_by_top=covered,
    )


# --- files shaped like card-texts.tsv ----------------------------------------------------------

#: Columns of a file shaped like the reference ``card-texts.tsv``.
TSV_COLUMNS = ("seq", "name_en", "name_fr", "text_en", "text_fr")


@dataclass(frozen=True, slots=True)
class TextRow:
    """One row of a ``card-texts.tsv``-shaped file; :attr:`text` is the French text, or the English
    one where the French is empty (the compiler reads French; see :func:`compile_text`)."""

    seq: str
    name_fr: str
    name_en: str
    text_fr: str
    text_en: str

    @property
    def text(self) -> str:
        return self.text_fr.strip() or self.text_en.strip()


class TextFileError(ValueError):
    """The file is not shaped like ``card-texts.tsv``."""


def read_text_rows(lines: Iterable[str]) -> list[TextRow]:
    """The rows of a tab-separated file with the columns of :data:`TSV_COLUMNS` (in any order;
    others are ignored)."""
    reader = csv.DictReader(lines, delimiter="\t")
    missing = [c for c in TSV_COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise TextFileError(f"not shaped like card-texts.tsv: missing column(s) {', '.join(missing)}")
    return [
        TextRow(
            seq=str(row["seq"] or ""),
            name_fr=row["name_fr"] or "",
            name_en=row["name_en"] or "",
            text_fr=row["text_fr"] or "",
            text_en=row["text_en"] or "",
        )
        for row in reader
    ]
