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
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from cards.domain import grammar_cards, grammar_life, grammar_misc, grammar_schedule
from cards.domain import regex as re
from cards.domain.effects import (
    STATIC_OPS,
    AttackKind,
    Bound,
    CardMatch,
    Condition,
    Context,
    CreateCard,
    DamageDealt,
    DamageTaken,
    DiscardAttached,
    Double,
    DrawPhase,
    Duration,
    Effect,
    EffectError,
    Event,
    ExtraAttack,
    Forbid,
    HealDealt,
    Immune,
    Modify,
    MoveCards,
    OneOf,
    PlayCard,
    SetStat,
    Swap,
    Traits,
    Trigger,
    Turns,
    effects_to_json,
    parse_effects,
)
from cards.domain.grammar_errors import NotRead
from cards.domain.specs import Order, PlayRules, SpecError, parse_play_rules
from cards.domain.text_grammar import THIS_TURN, Clause, Ctx, Reader, Reading, Subject, slugify
from cards.domain.text_grammar import _merge_conditions as merge_conditions
from cards.domain.vocabulary import Vocabulary, fold

# The grammar (text_grammar.py and its grammar_*.py parts) uses more distinct regular expressions
# than the ``re`` module's cache of compiled patterns holds (512 in Python 3.11): past that, they
# were compiled again and again — most of the compiler's time. Its modules use
# ``cards.domain.regex`` as ``re``, which compiles each pattern once.

#: A quoted name: '…', "…", «…», “…” — the opening mark is not preceded by a letter (so the
#: apostrophe of "l'adversaire" opens nothing) and the closing one is not followed by a letter.
QUOTED = re.compile(
    r"(?<![\w])'(?=\S)(?P<a>.+?)'(?![\w])|\"(?P<b>[^\"]+)\"|«\s*(?P<c>[^»]+?)\s*»|“(?P<d>[^”]+)”"
)
_ABBREVIATIONS = re.compile(r"\b(min|max|etc)\.", re.IGNORECASE)
#: A name written with full stops between its capitals ("les P.L.O.P jouées"): no sentence ends there.
_ACRONYM = re.compile(r"(?<![\w.])(?:[A-Z]\.){2,}[A-Z]?(?![\w])")
_SENTENCE_END = re.compile(r"(?<=[.!])(?:\s+|(?=[A-ZÀ-Ý'\"«“(]))")
_MARK = "\x00"
#: A sentence the text forgot to end before an Ordre ("… Tours 2 et 4 : …"), a duration or
#: "Permanent" at its end: two clauses.
_GLUED = re.compile(
    r"(?<=[\w)'%\x00]) (?=Tours? (?:\d|[Pp]airs?|[Ii]mpairs?)[^:.]{0,30}:|Durée ?:? ?\d|Permanent$)"
    # "… attachée à 'X' Si vous avez …": a capital "Si" after a quoted name starts a sentence
    r"|(?<=\x00) (?=Si (?:vous|votre|vos) )"
    # "Permanent Une 'X' de votre Deck …": a sentence that is only "Permanent", its full stop missing
    r"|(?<=^Permanent) (?=[A-ZÀ-Ý])"
)


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
    text = _ACRONYM.sub(lambda m: m.group(0).replace(".", f"{_MARK}dot{_MARK}"), text)
    clauses: list[str] = []
    for part in (p for sentence in _SENTENCE_END.split(text) for p in _GLUED.split(sentence)):
        part = part.strip()
        part = part[:-1].rstrip() if part.endswith(".") else part
        part = part.replace(f"{_MARK}dot{_MARK}", ".")
        part = re.sub(f"{_MARK}(\\d+){_MARK}", lambda m: quoted[int(m.group(1))], part)
        if not part:
            continue
        if clauses and re.fullmatch(r"\([^()]*\)", part):
            clauses[-1] = f"{clauses[-1]} {part}"  # "(maximum 6)" belongs to the clause before
            continue
        lead = re.match(r"(\([^()]*\)) (?=\S)", part)
        if clauses and lead:  # "… par Sort. (max 4) Tours 2 et 4 : …": the same, then a clause
            clauses[-1] = f"{clauses[-1]} {lead.group(1)}"
            part = part[lead.end() :]
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


# --- compiling a text ---------------------------------------------------------------------------


@dataclass(frozen=True)
class ClauseResult:
    """One clause of a text: as written, whether it was read, its shape, and why not."""

    text: str
    read: bool
    shape: str
    reason: str = ""


@dataclass(frozen=True)
class CompiledText:
    """What a rules text says in the effect language, and the clauses it could not read.

    ``effects`` are a card's effects (``subject == "card"``) or a character's abilities; ``orders``
    a character's Ordres; ``chain``, ``play``, ``dual_wield`` a card's fields. Everything here
    passed the schema's own validation (``cards.domain.effects``, ``cards.domain.specs``).
    """

    subject: Subject
    effects: tuple[Effect, ...]
    orders: tuple[Order, ...]
    chain: CardMatch | None
    play: PlayRules
    dual_wield: bool
    clauses: tuple[ClauseResult, ...]
    #: Clauses read as notes only: what they say has no effect in a game (a change of the card's
    #: picture, an evolution instruction, a collection message), each with why.
    notes: tuple[str, ...] = ()

    @property
    def unread(self) -> tuple[str, ...]:
        return tuple(c.text for c in self.clauses if not c.read)

    @property
    def complete(self) -> bool:
        """Every clause was read (an empty text is complete: it says nothing)."""
        return all(c.read for c in self.clauses)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"subject": self.subject}
        if self.subject == "card":
            out["effects"] = effects_to_json(self.effects)
            out["chain"] = self.chain.to_json() if self.chain is not None else None
            out["play"] = self.play.to_json()
            out["dual_wield"] = self.dual_wield
        else:
            out["abilities"] = effects_to_json(self.effects)
            out["orders"] = [o.to_json() for o in self.orders]
        out["unread"] = list(self.unread)
        if self.notes:
            out["notes"] = list(self.notes)
        return out


class TextCompiler:
    """Compiles rules texts with a vocabulary (and, optionally, the known card names: folded name
    -> family slug; a quoted name of no known family is slugified, as the importers name them)."""

    def __init__(self, vocabulary: Vocabulary, families: Mapping[str, str] | None = None) -> None:
        self.vocabulary = vocabulary
        self.reader = Reader(vocabulary, families)
        self.shaper = Shaper(vocabulary)

    def compile(
        self, text: str, *, subject: Subject = "card", name: str = "", stays: bool = False
    ) -> CompiledText:
        """Compile one rules text (French; English is read as far as its phrases are French-like).

        ``name``: the card's or character's name (a character's text names itself); ``stays``:
        the card stays in play by its type's default (a carried item), so its modifiers last
        while it is carried.
        """
        clauses = split_clauses(text)
        folded = [fold(c) for c in clauses]
        attached_to_opponent = re.compile(
            r"(?:cette carte )?s'?attache (?:a votre adversaire|au personnage adverse|a l'adversaire"
            r"|sur le personnage adverse|sur votre adversaire|au personnage en combat adverse)"
        )
        on_opponent = subject == "card" and any(attached_to_opponent.match(f) for f in folded)
        said_stays = subject == "card" and any(re.match(r"permanente?$|duree\b", f) for f in folded)
        # a card that starts the game attached stays (grammar_schedule)
        said_stays = said_stays or (
            subject == "card" and any(grammar_schedule.says_attached(f) for f in folded)
        )
        # in this order (the first is the name itself: grammar_cards.own_card quotes it), once each
        names = tuple(n for n in dict.fromkeys((fold(name), fold(name).split(" ")[0], slugify(name))) if n)
        ctx = Ctx(subject=subject, names=names, stays=stays or said_stays, on_opponent=on_opponent)
        results: list[ClauseResult] = []
        effects: list[Effect] = []
        orders: list[Order] = []
        chains: list[CardMatch] = []
        play: dict[str, Any] = {}
        dual_wield = False
        partners: list[str] = []
        notes: list[str] = []
        index = 0
        last_read = 0  # where the effects of the last clause read start in ``effects``
        last_orders = 0  # where its Ordres start in ``orders``
        while index < len(clauses):
            raw = clauses[index]
            if index > 0 and "en ont une en commun" in raw:
                raw = _they_share_one(raw, fold(clauses[index - 1]))
            follower = clauses[index + 1] if index + 1 < len(clauses) else None
            shape = self.shaper.shape(raw)
            joined = False
            try:
                outcome: _Outcome | None = None
                if ctx.on_opponent and _WITH_YOU.search(fold(raw)):
                    # "vous" on a card attached to the opponent: whose side? (filter shares)
                    raise NotRead("'en commun avec vous' on a card attached to the opponent")
                if (
                    follower is not None
                    and _CONTINUES.match(fold(follower))
                    and not _pronoun_unbound(raw, follower)
                ):
                    # "…, choisissez un personnage. Il subit 2 dégâts." — a sentence that goes on
                    # with the one before ("il", "sinon", "puis") is read with it when they read
                    # together ("il" is then whom the first one named)
                    try:
                        outcome = self._outcome(_continued(raw, follower), ctx, play)
                        joined = True
                    except (NotRead, EffectError, SpecError):
                        outcome = None
                kept = _keep_one(raw, follower) if outcome is None else None
                if kept is not None:
                    # "'X' et 'Y' sont créées et jouées. Choisissez l'une de ces 2 cartes, l'autre
                    # est détruite": the player's choice of one of the cards created
                    if not results or not results[-1].read:
                        raise NotRead("'l'une de ces cartes' of a sentence not read")
                    count, joined = kept
                    effects[last_read:] = self._checked_effects(
                        [_one_created(effects[last_read:], count)], ctx
                    )
                    outcome = (Reading(), [], [], dict(play))
                if outcome is None and _CHOSEN_INSTEAD.fullmatch(Clause.of(raw).text):
                    # "Une Arme de votre Main est jouée. Mage : vous pouvez choisir l'Arme jouée
                    # depuis votre Main": that card, the player's pick under the condition
                    if not results or not results[-1].read:
                        raise NotRead("'vous pouvez choisir' of a sentence not read")
                    outcome, effects[last_read:] = self._chosen_instead(raw, ctx, play, effects[last_read:])
                if outcome is None and grammar_misc.REWRITES.fullmatch(fold(raw)):
                    # "Mage : aucun maximum", "Runique : +1 aux effets de cette carte": the effects
                    # before, changed under a condition
                    if not all(r.read for r in results):
                        raise NotRead("the effects before changed after a sentence not read")
                    rewrite = Clause.of(raw)
                    recapped = grammar_misc.rewritten(self.reader, rewrite, rewrite.text, ctx, effects)
                    if recapped is not None:
                        rewrite_context: Context = "card" if ctx.subject == "card" else "ability"
                        effects[:] = parse_effects(effects_to_json(recapped), "effects", rewrite_context)
                        outcome = (Reading(), [], [], dict(play))
                if outcome is None and _INSTEAD.search(fold(raw)):
                    # "Attaque +1. Mage : Attaque +3 à la place.": one or the other
                    if not results or not results[-1].read:
                        raise NotRead("'à la place' of a sentence not read")
                    outcome, replaced = self._instead(raw, ctx, play, effects[last_read:])
                    effects[last_read:] = replaced
                if outcome is None and results and results[-1].read:
                    # "Inflige 5 dégâts magiques. Mage : +2 dégâts magiques supplémentaires."
                    more = grammar_life.damage_supplement(self.reader, raw, ctx, effects[last_read:])
                    if more is not None:
                        context: Context = "card" if ctx.subject == "card" else "ability"
                        more = list(parse_effects(effects_to_json(more), "effects", context))
                        outcome = (Reading(), [], [], dict(play))
                        effects[last_read:] = more
                if outcome is None:
                    said_before = _the_sentence_before(clauses, index)
                    if (
                        index > 0
                        and _starts_with_pronoun(raw)
                        and "choisi" in fold(said_before)
                        # "Choisissez un personnage et attachez-lui cette carte. Il …": the one chosen
                        # carries the card: "il" is its carrier, the holder
                        and not _ATTACHES_THIS.search(fold(said_before))
                    ):
                        raise NotRead("whom the pronoun names: the character chosen in the sentence before")
                    if index > 0 and _after_a_choice(clauses[index - 1], raw):
                        raise NotRead("whom the pronoun names: perhaps the one chosen in the sentence before")
                    bound = _pronoun_for_the_one_named(said_before, raw) if index > 0 else None
                    if bound is None and index > 0 and _pronoun_unbound(said_before, raw):
                        raise NotRead(
                            "whom the pronoun names: the sentence before attaches or chooses no one"
                        )
                    try:
                        outcome = self._outcome(bound or raw, ctx, play)
                    except NotRead:
                        defined = _x_defined_elsewhere(clauses, index)
                        if defined is None:
                            raise
                        # "Défense +X où X est égal à votre Esprit. Mage : Attaque +X.": that X
                        outcome = self._outcome(
                            f"{raw.rstrip().rstrip('.')} où X est égal {defined}", ctx, play
                        )
            except (NotRead, EffectError, SpecError) as exc:
                went_on = None
                if (
                    isinstance(exc, EffectError)
                    and "happens once" in str(exc)
                    and results
                    and results[-1].read
                    and len(orders) > last_orders
                ):
                    went_on = self._order_goes_on(clauses[index - 1], raw, ctx, play, orders[last_orders:])
                if went_on is None:
                    results.append(ClauseResult(raw, False, shape, str(exc)))
                else:
                    orders[last_orders:] = went_on
                    results.append(ClauseResult(raw, True, shape))
                index += 1
                continue
            reading, clause_effects, clause_orders, new_play = outcome
            results.append(ClauseResult(raw, True, shape))
            said = _continued(raw, follower) if joined and follower is not None else raw
            note = reading.note or grammar_cards.appearance_note(fold(said))
            if note:
                notes.append(f"{said}: {note}")
            if joined and follower is not None:
                results.append(ClauseResult(follower, True, self.shaper.shape(follower)))
                index += 1
            index += 1
            last_read = len(effects)
            last_orders = len(orders)
            effects.extend(clause_effects)
            orders.extend(clause_orders)
            chains.extend(reading.chains)
            play = new_play
            dual_wield = dual_wield or reading.dual_wield
            partners.extend(reading.dual_wield_with)
        if partners:
            play["dual_wield_with"] = list(dict.fromkeys(partners))
        chain: CardMatch | None = None
        if len(chains) == 1:
            chain = chains[0]
        elif chains:
            options: list[CardMatch] = []
            for m in chains:
                options.extend(m.options if m.kind == "any_of" else (m,))
            chain = (
                CardMatch("any")
                if any(o.kind == "any" for o in options)
                else CardMatch("any_of", options=tuple(dict.fromkeys(options)))
            )
        return CompiledText(
            subject=subject,
            effects=tuple(effects),
            orders=tuple(orders),
            chain=chain,
            play=parse_play_rules(play),
            dual_wield=dual_wield,
            clauses=tuple(results),
            notes=tuple(notes),
        )

    def _outcome(self, raw: str, ctx: Ctx, play: Mapping[str, Any]) -> _Outcome:
        """One clause read and checked: its reading, its effects and Ordres as the schema has them,
        and the card's play rules with its own; NotRead / EffectError / SpecError otherwise."""
        reading = self.reader.read(raw, ctx)
        clause_effects = self._checked_effects(reading.effects, ctx)
        clause_orders = [self._checked_order(t, e) for t, e in reading.orders]
        for key, value in reading.play.items():
            if key in play and play[key] != value and key != "if":
                raise NotRead(f"the card says {key} twice")
        new_play = {**play, **reading.play}
        if "if" in play and "if" in reading.play:
            new_play["if"] = [*play["if"], *reading.play["if"]]
        parse_play_rules(new_play)  # a combination the schema refuses is not read
        return reading, clause_effects, clause_orders, new_play

    def _order_goes_on(
        self, before: str, raw: str, ctx: Ctx, play: Mapping[str, Any], ordres: Sequence[Order]
    ) -> list[Order] | None:
        """A character's sentence after an Ordre that says what happens once ("Tours 2 et 4 :
        Attaque +1. Un de vos alliés subit 2 dégâts directs."): a standing ability cannot do it, so
        it is the rest of that Ordre — read with it, the same turns (None: it does not read so)."""
        if ctx.subject != "character" or _ORDRE_HEAD.match(fold(raw)):
            return None
        try:
            _, effects, joined, _ = self._outcome(_continued(before, raw), ctx, play)
        except (NotRead, EffectError, SpecError):
            return None
        if effects or [o.turns for o in joined] != [o.turns for o in ordres]:
            return None
        return joined

    def _instead(
        self, raw: str, ctx: Ctx, play: Mapping[str, Any], before: Sequence[Effect]
    ) -> tuple[_Outcome, list[Effect]]:
        """A clause "<condition> : <effects> à la place" after a clause whose effects it replaces
        when the condition holds: its effects under that condition, and those before under its
        negation — the same ops on the same targets, one for one ("Inflige 3 dégâts magiques.
        Mage : Inflige 5 dégâts magiques à la place": 5 for a Mage, 3 otherwise, one hit)."""
        stripped = _INSTEAD.sub("", raw.rstrip())
        said = Clause.of(stripped)
        m = re.fullmatch(r"(si .+?),? vous pouvez choisir n'importe quelle carte", said.text)
        if m:
            # "Choisissez un Objet porté par …, celui-ci est défaussé. Si …, vous pouvez choisir
            # n'importe quelle carte à la place": the same choice among every attached card
            if len(before) != 1 or not isinstance(before[0], DiscardAttached):
                raise NotRead("'n'importe quelle carte à la place' of what?")
            first = before[0]
            if first.pick != "choice" or first.cards is None or first.when is not None:
                raise NotRead("'n'importe quelle carte à la place' of what?")
            held = self.reader.condition(said, m.group(1), ctx)
            any_card = replace(first, cards=None, when=held)
            checked = self._checked_effects([any_card], ctx)
            return (Reading(), checked, [], dict(play)), [replace(first, when=Condition(not_=held))]
        outcome = self._outcome(stripped, ctx, play)
        reading, instead, orders, new_play = outcome
        whens = {e.when for e in instead}
        cond = next(iter(whens)) if len(whens) == 1 else None
        if cond is None or orders or new_play != play or reading.chains:
            raise NotRead("'à la place' without one condition")
        if len(instead) != len(before) or not all(
            _same_slot(a, b) and a.when is None for a, b in zip(before, instead, strict=True)
        ):
            return self._amount_instead(outcome, before, cond, ctx)
        return outcome, [replace(a, when=Condition(not_=cond)) for a in before]

    def _chosen_instead(
        self, raw: str, ctx: Ctx, play: Mapping[str, Any], before: Sequence[Effect]
    ) -> tuple[_Outcome, list[Effect]]:
        """ "<condition> : vous pouvez choisir le Sort joué depuis votre Main" after one card played
        (or moved) from that pile at random: under the condition the player picks it, otherwise
        chance does."""
        said = Clause.of(raw)
        m = _CHOSEN_INSTEAD.fullmatch(said.text)
        assert m is not None
        if len(before) != 1 or not isinstance(before[0], PlayCard | MoveCards):
            raise NotRead("'vous pouvez choisir' of what?")
        first = before[0]
        pile = {"main": "hand", "deck": "deck", "defausse": "discard"}[m.group("pile")]
        if first.pick != "random" or first.when is not None or first.from_ != pile or first.also:
            raise NotRead("'vous pouvez choisir' of what?")
        held = self.reader.prefix_condition(said, m.group("cond"), ctx)
        chosen = self._checked_effects([replace(first, pick="choice", when=held)], ctx)
        return (Reading(), chosen, [], dict(play)), [replace(first, when=Condition(not_=held))]

    def _amount_instead(
        self, outcome: _Outcome, before: Sequence[Effect], cond: Condition, ctx: Ctx
    ) -> tuple[_Outcome, list[Effect]]:
        """ "… tous vos personnages ont Attaque +1 jusqu'à la fin de la partie. Mage : Attaque +2 à la
        place": a bare modifier (the holder's, for the combat) stands for the one modifier of that
        stat before, whoever it reaches, for as long and under its condition: its amount only."""
        reading, instead, orders, new_play = outcome
        if len(instead) != 1 or not isinstance(instead[0], Modify):
            raise NotRead("'à la place' of what?")
        bare = replace(instead[0], when=None)
        if bare != Modify(stat=bare.stat, amount=bare.amount, duration=bare.duration) or (
            bare.duration.kind != ("permanent" if ctx.subject == "card" and ctx.stays else "combat")
        ):
            raise NotRead("'à la place' of what?")
        same = [i for i, e in enumerate(before) if isinstance(e, Modify) and e.stat == bare.stat]
        if len(same) != 1:
            raise NotRead("'à la place' of which modifier?")
        old = before[same[0]]
        assert isinstance(old, Modify)
        now = replace(old, amount=bare.amount, when=merge_conditions(old.when, cond))
        replaced = list(before)
        replaced[same[0]] = replace(old, when=merge_conditions(old.when, Condition(not_=cond)))
        return (reading, [now], orders, new_play), replaced

    def _checked_effects(self, effects: Sequence[Effect], ctx: Ctx) -> list[Effect]:
        """The effects with the defaults of their place, validated by the schema (round trip)."""
        out: list[Effect] = []
        for effect in effects:
            if ctx.subject == "card" and ctx.stays:
                effect = _while_attached(effect)
            if ctx.subject == "character":
                effect = _standing(effect)
            out.append(effect)
        context: Context = "card" if ctx.subject == "card" else "ability"
        data = effects_to_json(out)
        return list(parse_effects(data, "effects", context))

    @staticmethod
    def _checked_order(turns: Turns, effects: Sequence[Effect]) -> Order:
        parsed = parse_effects(effects_to_json(effects), "order.effects", "order")
        return Order(turns, parsed)


#: A sentence that goes on with the one before: a pronoun for what it named, "sinon", "puis".
_CONTINUES = re.compile(
    r"(?:il|elle|ils|elles|celui-ci|celle-ci|ceux-ci|ce dernier|cette derniere|s'il|s'ils|s'elle|si c'est"
    r"|sinon|autrement|puis|ensuite|le personnage (?:ainsi )?choisi)\b"
    # "… si votre adversaire a subi moins de 7 dégâts, A. Si vous en avez subi plus de 7, B": "en"
    # is what the sentence before spoke of
    r"|si (?:vous|il|elle|votre personnage) en (?:avez|a) "
)
#: An Ordre's header ("Tours 2 et 4 :").
_ORDRE_HEAD = re.compile(r"tours? ?:? ?(?:\d|pairs?\b|impairs?\b)")
_PRONOUN = re.compile(
    r"(?:il|elle|ils|elles|celui-ci|celle-ci|ceux-ci|ce dernier|cette derniere|s'il|s'ils|s'elle)\b"
)
_Outcome = tuple[Reading, list[Effect], list[Order], dict[str, Any]]
#: "… à la place" at the end of a clause (not "à la place de …").
_INSTEAD = re.compile(r",? [aà] la place\s*$", re.IGNORECASE)


def _same_slot(a: Effect, b: Effect) -> bool:
    """Whether ``b`` may stand for ``a`` ("à la place"): the same op, stat or kind, target and
    duration — only its amounts differ."""
    if type(a) is not type(b):
        return False
    keys = ("stat", "kind", "kinds", "target", "selector", "duration", "to", "card", "cards")
    return all(getattr(a, k, None) == getattr(b, k, None) for k in keys)


#: "Choisissez un personnage et attachez-lui cette carte": this card goes to the one chosen.
_ATTACHES_THIS = re.compile(r"\battachez[- ]?(?:lui|la|le)? cette carte\b|\bet attachez[- ]lui\b")
#: A sentence that only says how the card stays or chains ("Permanent.", "Durée 2 tours."): it names
#: no character, so a pronoun after it names what the sentence before it named.
_PLAY_RULE_ONLY = re.compile(
    r"(?:permanente?|duree ?:? ?\d+(?: a \d+)? (?:tours?|combats?)|s'active (?:apres le combat|immediatement)"
    r"|ambidextrie|enchainement(?: [^,:]+)?)"
)


def _starts_with_pronoun(sentence: str) -> bool:
    """ "Il a …", and after a prefix "Courtisan : celui-ci subit …" (a pronoun all the same)."""
    return _PRONOUN.match(re.sub(r"^[^:,.]{1,40} ?: ?", "", fold(sentence))) is not None


_WITH_YOU = re.compile(r"en commun avec (?:vous|votre personnage)")


def _they_share_one(raw: str, before: str) -> str:
    """``s'ils en ont une en commun`` after a sentence about the characters in combat that names
    one kind ("… par Guilde représentée par les personnages en combat"): "ils" are the two
    fighters, "une" is one of that kind. Any other sentence before: unchanged (not read)."""
    kinds = set(re.findall(r"\b(classe|guilde|race|caste)s?\b", before))
    if len(kinds) != 1 or not re.search(r"\bles (?:deux |2 )?personnages en combat\b", before):
        return raw
    return re.sub(
        r"\bs'ils en ont une en commun\b",
        f"si les deux personnages en combat ont une {kinds.pop()} en commun",
        raw,
    )


def _the_sentence_before(clauses: Sequence[str], index: int) -> str:
    """The sentence before ``clauses[index]`` that says more than how the card stays or chains
    ("S'attache à votre adversaire. Permanent. Il a …": the first one)."""
    for k in range(index - 1, -1, -1):
        if not _PLAY_RULE_ONLY.fullmatch(fold(clauses[k]).rstrip(". ")):
            return clauses[k]
    return clauses[index - 1] if index > 0 else ""


def _pronoun_unbound(before: str, sentence: str) -> bool:
    """A sentence that starts with a pronoun ("Il a Défense -2") whose sentence before neither
    attaches the card (the pronoun is then its carrier) nor chooses (the one chosen): whom it names
    is not known to the grammar ("Un Sort attaché à votre adversaire est défaussé. Il a …" names the
    adversary, not the holder), so it is not read rather than read as the holder."""
    if not _starts_with_pronoun(sentence):
        return False
    return _BINDS_PRONOUN.search(fold(before)) is None


#: The characters a sentence may name, for :func:`_pronoun_for_the_one_named`.
_ONE_CHARACTER = re.compile(r"\b(?:votre adversaire|(?:le |au )?personnage adverse|votre personnage)\b")
_OTHER_CHARACTERS = re.compile(
    r"\b(?:personnages|allies?|adversaires|vous|vos|porteur|proprietaire|lui|leur|il|elle|ils|elles"
    r"|celui-ci|celle-ci|ce dernier|cette derniere|s'il|s'elle|choisi\w*|attachez|s'attache)\b"
)
_PRONOUN_STAT = re.compile(r"(?:Il|Elle) a (?=(?:Attaque|D[ée]fense|Esprit)\b)")


def _pronoun_for_the_one_named(before: str, sentence: str) -> str | None:
    """ "Un Sort attaché à votre adversaire est défaussé. Il a Défense -2 …": a sentence that starts
    "Il a <Attaque|Défense|Esprit>" (only a character has those) after a sentence that names one
    character, and no other ("votre adversaire", "le personnage adverse", "votre personnage"): the
    pronoun is that character — the sentence with the pronoun replaced. Otherwise None."""
    m = _PRONOUN_STAT.match(sentence.strip())
    if m is None:
        return None
    prev = fold(before)
    named = set(_ONE_CHARACTER.findall(prev))
    if len(_ONE_CHARACTER.findall(prev)) != 1 or _OTHER_CHARACTERS.search(_ONE_CHARACTER.sub(" ", prev)):
        return None
    who = named.pop().removeprefix("au ").removeprefix("le ")
    who = "le personnage adverse" if who == "personnage adverse" else who
    return f"{who[0].upper()}{who[1:]} a {sentence.strip()[m.end() :]}"


#: What makes the pronoun of the next sentence known: the card attaches (its carrier), or a
#: choice is made (the one chosen). A card "attachée à votre adversaire" that is discarded does not.
_BINDS_PRONOUN = re.compile(r"s'attache|attachez|attache-?lui|cette carte (?:est )?attachee?|choisi")


def _after_a_choice(before: str, sentence: str) -> bool:
    """A trigger whose body starts with a pronoun ("En début de combat, il subit …") after a
    sentence that chose a character without attaching the card to it: "il" may be the one chosen,
    not the holder, so it is not read as the holder."""
    prev = fold(before)
    if "choisi" not in prev or _ATTACHES.search(prev):
        return False
    return _HEAD_THEN_PRONOUN.match(fold(sentence)) is not None


_ATTACHES = re.compile(r"s'attache|attachez|attache-?lui|cette carte (?:est )?attachee?")
_HEAD_THEN_PRONOUN = re.compile(
    r"(?:en |au |a la |a l'|a chaque |chaque |lorsqu|quand |des qu|apres |si )[^,.]*, "
    r"(?:il|elle|celui-ci|celle-ci|ce dernier|cette derniere|s'il|s'elle)\b"
)


#: "Mage : vous pouvez choisir le Sort joué depuis votre Main" (the card the sentence before plays).
_CHOSEN_INSTEAD = re.compile(
    r"(?P<cond>[^:]+?) ?: ?vous pouvez choisir (?:le |la |l')(?P<what>[^:]+?) "
    r"(?:jouee?|placee?) depuis votre (?P<pile>main|deck|defausse)"
)
#: "… où X est égal à …" in a sentence (the definition: what follows "égal").
_X_DEFINITION = re.compile(r"\b[Oo][uù] X est [ée]gale? (?P<x>(?:à|a|au|aux) .+?)\.?$")
#: A definition naming whom or when by the sentence it is in: not carried to another one.
_X_TIED = re.compile(
    r"\b(?:son|sa|ses|leurs?|il|ils|elle|elles|lui|celui-ci|celle-ci|si|s'il|s'ils|tant|jusqu|durant|pendant|tour)\b"
)
#: A sentence using X it does not define ("Mage : Attaque +X").
_X_USED = re.compile(r"(?:[+-] ?|\b)x\b")


def _x_defined_elsewhere(clauses: Sequence[str], index: int) -> str | None:
    """What X is equal to ("à votre Esprit"), for a sentence using an X that another sentence of the
    text defines ("Défense +X où X est égal à votre Esprit. Mage : Attaque +X": the same X, counted
    when each effect applies); None when the sentence defines X itself, uses none, or the text
    defines it zero or several times, or with words tied to its own sentence (a pronoun, a
    condition, a duration)."""
    said = fold(clauses[index])
    if not _X_USED.search(said) or re.search(r"\bx (?:est|=)", said):
        return None
    found = [m for k, c in enumerate(clauses) if k != index for m in [_X_DEFINITION.search(c)] if m]
    if len(found) != 1 or any(
        re.search(r"\bx (?:est|=)", fold(c)) and not _X_DEFINITION.search(c) for c in clauses
    ):
        return None
    defined = found[0].group("x")
    if _X_TIED.search(fold(defined)):
        return None
    for stat in re.findall(r"attaque|defense|esprit|initiative", fold(defined)):
        if any(re.search(rf"\b{stat}\b[^.]*?[+=-] ?x\b", fold(c)) for c in (found[0].string, clauses[index])):
            return None  # "Esprit +X où X est égal à votre Esprit": the X before or after it changed?
    return defined


#: "Choisissez l'une de ces 2 cartes, l'autre est détruite" (or two sentences): one of the cards
#: the sentence before created is kept, the player's choice.
_KEEP_ONE = re.compile(
    r"choisissez l'une de ces (2|deux|3|trois) cartes"
    r"(?:[,.] ?(?:l'autre est detruite|les autres sont detruites))?"
)
_OTHERS_DESTROYED = re.compile(r"(?:l'autre est detruite|les autres sont detruites)")


def _keep_one(raw: str, follower: str | None) -> tuple[int, bool] | None:
    """How many cards "l'une de ces N cartes" chooses among, and whether the next sentence ("L'autre
    est détruite") is part of it; None when the clause is not that."""
    m = _KEEP_ONE.fullmatch(fold(raw).rstrip(". "))
    if m is None:
        return None
    count = {"2": 2, "deux": 2, "3": 3, "trois": 3}[m.group(1)]
    if "detruite" in m.group(0):
        return count, False
    if follower is not None and _OTHERS_DESTROYED.fullmatch(fold(follower).rstrip(". ")):
        return count, True
    return None


def _one_created(before: Sequence[Effect], count: int) -> OneOf:
    """The ``count`` cards the sentence before created and played, one of them kept: a choice
    between them (the others are never played)."""
    if len(before) != count or not all(
        isinstance(e, CreateCard) and e.to == "play" and e.count == 1 for e in before
    ):
        raise NotRead("'l'une de ces cartes' of what?")
    whens = {e.when for e in before}
    if len(whens) != 1:
        raise NotRead("'l'une de ces cartes' of cards created under different conditions")
    return OneOf(tuple((replace(e, when=None),) for e in before), "choice", when=next(iter(whens)))


def _continued(raw: str, follower: str) -> str:
    """Two sentences as one clause: "A. Il …" -> "A, il …"."""
    then = "puis " if re.match(r"[Ss]i ", follower) else ""  # its own condition
    return f"{raw.rstrip().rstrip('.')}, {then}{follower[:1].lower()}{follower[1:]}"


def _while_attached(effect: Effect) -> Effect:
    """On a card that stays, a standing modifier lasts while the card is attached (``permanent``),
    also when it is one of a choice ("Attaque +1 ou Défense +1")."""
    if isinstance(effect, OneOf):
        return replace(effect, options=tuple(tuple(_while_attached(e) for e in o) for o in effect.options))
    if (
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
        and effect.duration.kind == "combat"
        and effect.duration is not THIS_TURN  # "jusqu'à la fin du tour", "à l'activation": this turn
    ):
        return replace(effect, duration=Duration("permanent"))
    return effect


def _standing(effect: Effect) -> Effect:
    """A character's lasting modifier ("… jusqu'à la fin de la partie") starts with the game: its
    holder's text gives it from the start, and it outlives its holder (issue 15 §2). A character's
    standing extra attack ("Effectue une attaque supplémentaire égale à …") is one more attack in
    each of its combats."""
    if isinstance(effect, ExtraAttack):
        return Trigger(on=Event("combat_start"), effects=(effect,))
    played = _when_played(effect)
    if played is not None:
        return played
    if (
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
    ):
        return Trigger(on=Event("game_start"), effects=(effect,))
    when = effect.when
    once = effect.op not in STATIC_OPS or (isinstance(effect, DrawPhase) and effect.phases is not None)
    if once and effect.op != "trigger" and when is not None and when.plays is not None:
        # "Si joue une Arme à poudre, gagne 2 marqueurs 'poudre'": what a character does once when
        # it plays such a card (once a turn, as the condition "plays … this turn" says)
        rest = replace(when, plays=None)
        inner = replace(effect, when=rest if rest != Condition() else None)
        return Trigger(on=Event("plays", match=when.plays), effects=(inner,), limit="once_per_turn")
    if once and effect.op != "trigger" and when is not None and when.opponent_plays is not None:
        # "Soin 1 PV si le personnage adverse joue un Sort": once when its opponent plays one
        rest = replace(when, opponent_plays=None)
        inner = replace(effect, when=rest if rest != Condition() else None)
        event = Event("plays", match=when.opponent_plays, who="opponent")
        return Trigger(on=event, effects=(inner,), limit="once_per_turn")
    return effect


def _when_played(effect: Effect) -> Effect | None:
    """A character's "si joue X, …" modifier lasting longer than the combat ("Défense +1 jusqu'à la
    fin de la partie si joue une Armure") is given when it plays such a card, once a turn as below:
    not at the start of the game under a condition that never holds then."""
    when = effect.when
    lasting = getattr(effect, "duration", None)
    if when is None or when.plays is None or lasting is None or lasting.kind == "combat":
        return None
    rest = replace(when, plays=None)
    inner = replace(effect, when=None if rest == Condition() else rest)
    return Trigger(on=Event("plays", match=when.plays), effects=(inner,), limit="once_per_turn")


def compile_text(
    text: str,
    vocabulary: Vocabulary,
    *,
    subject: Subject = "card",
    name: str = "",
    stays: bool = False,
    families: Mapping[str, str] | None = None,
) -> CompiledText:
    """Compile one rules text (see :class:`TextCompiler`)."""
    return TextCompiler(vocabulary, families).compile(text, subject=subject, name=name, stays=stays)


def guess_subject(text: str) -> Subject:
    """Whether a text of unknown type is a character's: it has an Ordre ("Tours 2 et 5 : …") or an
    Enchaînement on a kind of card ("Gagne Enchaînement si vous jouez …") without saying how it
    stays in play. (The coverage of card-texts.tsv, which has no type column, uses it.)"""
    folded = [fold(c) for c in split_clauses(text)]
    if any(re.match(r"permanente?$|duree\b|s'?active\b|s'attache\b", f) for f in folded):
        return "card"
    if any(re.match(r"tours? (?:\d|pair|impair)[^:]*:", f) for f in folded):
        return "character"
    if any(re.match(r"gagne enchainement,? si (?:vous jouez|joue)", f) for f in folded):
        return "character"
    if any(re.fullmatch(r"attaque \+\d+ contre les .+", f) for f in folded):
        return "character"
    # a standing grant of a character: "Peut attacher 'X' sur …", "Peut jouer les Sorts en ignorant …"
    if any(re.match(r"peut (?:attacher .+ sur |jouer .+ en ignorant )", f) for f in folded):
        return "character"
    # "les 'X' jouées par 'Y' sont permanentes": how a character's cards stay
    if any(
        re.fullmatch(
            r"(?:les|vos) .+? (?:sont permanente?s?|deviennent permanente?s?|durent \d+ (?:combats|tours))", f
        )
        and (" jouee" in f or " joues" in f or f.startswith("vos"))
        for f in folded
    ):
        return "character"
    return "card"


# --- coverage of a file ------------------------------------------------------------------------


@dataclass
class Coverage:
    """How much of a set of texts the compiler reads."""

    texts: int
    complete: int
    clauses: int
    clauses_read: int
    unread_shapes: Counter[str]
    examples: dict[str, str]

    def lines(self, top: int = 30) -> list[str]:
        share = self.complete / self.texts if self.texts else 1.0
        clause_share = self.clauses_read / self.clauses if self.clauses else 1.0
        out = [
            f"texts: {self.texts}; compiled with no unread clause: {self.complete} ({share:.1%})",
            f"clauses: {self.clauses}; read: {self.clauses_read} ({clause_share:.1%})",
            "",
            f"the {top} most frequent unread clause shapes (count, shape):",
        ]
        for shape, count in self.unread_shapes.most_common(top):
            out.append(f"  {count:5d}  {shape}")
        out += ["", f"compiled {self.complete} of {self.texts} texts fully ({share:.1%})"]
        return out


def names_of(rows: Iterable[TextRow], vocabulary: Vocabulary) -> dict[str, str]:
    """The names of a file's cards and characters (folded) -> family slugs, as the importers name
    them: the names its texts write without quotes ("Amidaraxar : Permanent"). The database knows
    them once the whole card pool is imported; a file measured against a smaller database names
    them all the same. A name that is also a word of the vocabulary ("Pirate") is left out: the
    word is read first."""
    out: dict[str, str] = {}
    for row in rows:
        for name in (row.name_fr, row.name_en):
            folded = fold(clean_text(name))
            if folded and folded not in vocabulary.forms:
                out.setdefault(folded, slugify(clean_text(name)))
                # "'… Et nous jugent!'" names "… et nous jugent !": the space before "!" or "?"
                # is left out in some texts
                tight = re.sub(r" ([!?])", r"\1", folded)
                if tight != folded and tight not in vocabulary.forms:
                    out.setdefault(tight, slugify(clean_text(name)))
    return out


def coverage(rows: Iterable[TextRow], compiler: TextCompiler) -> Coverage:
    """Compile every row with a text (a character's when :func:`guess_subject` says so: the file has
    no type column) and count what was read."""
    texts = complete = clauses = read = 0
    shapes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for row in rows:
        text = row.text
        if not split_clauses(text):
            continue
        texts += 1
        result = compiler.compile(text, subject=guess_subject(text), name=row.name_fr or row.name_en)
        complete += result.complete
        for clause in result.clauses:
            clauses += 1
            if clause.read:
                read += 1
            else:
                shapes[clause.shape] += 1
                examples.setdefault(clause.shape, clause.text)
    return Coverage(texts, complete, clauses, read, shapes, examples)
