"""cards/domain/regex.py: the grammar's ``re`` with every pattern compiled once (the grammar has more
patterns than ``re`` keeps compiled)."""

from __future__ import annotations

import re

from cards.domain import regex


def test_the_same_answers_as_re():
    text = "Attaque +2 et Défense -1"
    pattern = r"(\w+) ([+-]\d)"
    assert regex.fullmatch(r"\w+ \+\d.*", text) is not None
    assert regex.match(pattern, text).groups() == re.match(pattern, text).groups()  # type: ignore[union-attr]
    assert regex.search(r"[+-]\d", text).group(0) == "+2"  # type: ignore[union-attr]
    assert regex.findall(pattern, text) == re.findall(pattern, text)
    assert [m.group(1) for m in regex.finditer(pattern, text)] == ["Attaque", "Défense"]
    assert regex.split(r" et ", text) == ["Attaque +2", "Défense -1"]
    assert regex.split(r" ", text, maxsplit=1) == ["Attaque", "+2 et Défense -1"]
    assert regex.sub(r"\d", "N", text) == "Attaque +N et Défense -N"
    assert regex.sub(r"\d", lambda m: str(int(m.group(0)) * 2), text, count=1) == "Attaque +4 et Défense -1"
    assert regex.fullmatch(r"attaque.*", text, regex.IGNORECASE) is not None
    assert regex.fullmatch(re.compile(r"A.*"), text) is not None  # a compiled pattern is used as is


def test_each_pattern_is_compiled_once():
    first = regex.compile(r"un motif (\d+) pour ce test")
    assert regex.compile(r"un motif (\d+) pour ce test") is first
    assert regex.compile(r"un motif (\d+) pour ce test", regex.IGNORECASE) is not first
