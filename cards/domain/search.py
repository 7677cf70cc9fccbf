"""Forgiving name search: "did you mean" for names typed with a typo (``telendr`` finds Télendar).

Pure Python (no Django). Names are folded (accents and case ignored, :func:`fold`) and cut into
words; a query word that is in no name is matched to the closest words of the names
(:func:`difflib.get_close_matches`, the ratio of matching characters); an entry is found when
each query word is in its names or close to one of their words. Short words (under
:data:`MIN_FUZZY_LENGTH` letters) must match exactly: "ork" is not a typo of "orb".
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

#: **[decision]** How close a word must be to count as a typo of a name's word: the ratio of
#: :class:`difflib.SequenceMatcher` (``telendr``/``telendar``: 0.93; ``eclars``/``eclairs``: 0.92).
FUZZY_CUTOFF = 0.75
#: Query words shorter than this are never corrected.
MIN_FUZZY_LENGTH = 4
#: Close words considered per query word.
CLOSE_WORDS = 8
_WORD_RE = re.compile(r"[0-9a-z]+")


def fold(text: str) -> str:
    """Text folded for accent- and case-insensitive search: ``"Éclairs"`` -> ``"eclairs"``."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def words(text: str) -> list[str]:
    """The folded words of ``text`` (letters and digits)."""
    return _WORD_RE.findall(fold(text))


@dataclass(frozen=True)
class NameIndex:
    """Every entry's folded names and their words: ``key`` by id (what a substring search
    looks in), ``by_word`` the ids of the entries whose names hold each word."""

    key: dict[str, str]
    by_word: dict[str, frozenset[str]]


def name_index(entries: Iterable[tuple[str, Sequence[str]]]) -> NameIndex:
    """An index of ``(id, names)`` pairs (an id is, e.g., a slug; names: English, French, …)."""
    key: dict[str, str] = {}
    by_word: dict[str, set[str]] = {}
    for ident, names in entries:
        key[ident] = " | ".join(fold(n) for n in names)
        for name in names:
            for word in words(name):
                by_word.setdefault(word, set()).add(ident)
    return NameIndex(key, {w: frozenset(ids) for w, ids in by_word.items()})


@dataclass(frozen=True)
class Suggestion:
    """What a forgiving search found: the ids with their closeness (1.0: every word exact), best
    first, and the query with each corrected word replaced by its closest name word."""

    ids: list[tuple[str, float]]
    corrected: str

    def __bool__(self) -> bool:
        return bool(self.ids)


def _close(term: str, vocabulary: Sequence[str]) -> list[tuple[str, float]]:
    close = difflib.get_close_matches(term, vocabulary, n=CLOSE_WORDS, cutoff=FUZZY_CUTOFF)
    return [(w, difflib.SequenceMatcher(None, term, w).ratio()) for w in close]


def suggest(index: NameIndex, query: str, *, limit: int = 30) -> Suggestion:
    """The entries ``query`` most likely means when some of its words are in no name.

    Each word of the query must be in the entry's names (as a substring, as the plain search
    does) or close to one of their words; the entry's closeness is the product of its words'
    ratios. Nothing is suggested when every word already matches exactly (the plain search
    finds those) or when a word is too short to correct.
    """
    terms = words(query)
    if not terms:
        return Suggestion([], "")
    vocabulary = sorted(index.by_word)
    scores: dict[str, float] | None = None
    corrected: list[str] = []
    fuzzy = False
    for term in terms:
        exact = {ident for ident, key in index.key.items() if term in key}
        matches: dict[str, float] = dict.fromkeys(exact, 1.0)
        best = term
        if not exact:
            if len(term) < MIN_FUZZY_LENGTH:
                return Suggestion([], "")
            close = _close(term, vocabulary)
            if not close:
                return Suggestion([], "")
            fuzzy = True
            best = close[0][0]
            for word, ratio in close:
                for ident in index.by_word[word]:
                    matches[ident] = max(matches.get(ident, 0.0), ratio)
        corrected.append(best)
        if scores is None:
            scores = matches
        else:
            scores = {ident: s * matches[ident] for ident, s in scores.items() if ident in matches}
        if not scores:
            return Suggestion([], "")
    if not fuzzy or not scores:
        return Suggestion([], "")
    ranked = sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:limit]
    return Suggestion(ranked, " ".join(corrected))


__all__ = ["FUZZY_CUTOFF", "NameIndex", "Suggestion", "fold", "name_index", "suggest", "words"]
