"""The ``re`` functions the rules-text grammar uses, with every pattern compiled once.

The grammar (``text_grammar`` and the ``grammar_*`` modules) calls ``re.fullmatch(pattern, text)``
with several hundred distinct patterns — more than the 512 that ``re`` keeps compiled, so with
``re`` itself patterns were compiled again and again (most of the compiler's time). The grammar
modules import this module as ``re``: same names, same behaviour, an unbounded cache (the patterns
are the grammar's own, a fixed set).
"""

from __future__ import annotations

import re as _re
from collections.abc import Callable, Iterator
from re import IGNORECASE, Match, Pattern, escape
from typing import Any

__all__ = [
    "IGNORECASE",
    "Match",
    "Pattern",
    "compile",
    "escape",
    "findall",
    "finditer",
    "fullmatch",
    "match",
    "search",
    "split",
    "sub",
]


#: (pattern, flags) -> the compiled pattern (a compiled pattern given maps to itself).
_COMPILED: dict[tuple[str | Pattern[str], int], Pattern[str]] = {}


def _compiled(pattern: str | Pattern[str], flags: int) -> Pattern[str]:
    found = pattern if isinstance(pattern, Pattern) else _re.compile(pattern, flags)
    _COMPILED[pattern, flags] = found
    return found


def compile(pattern: str, flags: int = 0) -> Pattern[str]:
    return _COMPILED.get((pattern, flags)) or _compiled(pattern, flags)


def fullmatch(pattern: str | Pattern[str], string: str, flags: int = 0) -> Match[str] | None:
    return (_COMPILED.get((pattern, flags)) or _compiled(pattern, flags)).fullmatch(string)


def match(pattern: str | Pattern[str], string: str, flags: int = 0) -> Match[str] | None:
    return (_COMPILED.get((pattern, flags)) or _compiled(pattern, flags)).match(string)


def search(pattern: str | Pattern[str], string: str, flags: int = 0) -> Match[str] | None:
    return (_COMPILED.get((pattern, flags)) or _compiled(pattern, flags)).search(string)


def findall(pattern: str | Pattern[str], string: str, flags: int = 0) -> list[Any]:
    return (_COMPILED.get((pattern, flags)) or _compiled(pattern, flags)).findall(string)


def finditer(pattern: str | Pattern[str], string: str, flags: int = 0) -> Iterator[Match[str]]:
    return (_COMPILED.get((pattern, flags)) or _compiled(pattern, flags)).finditer(string)


def split(pattern: str | Pattern[str], string: str, maxsplit: int = 0, flags: int = 0) -> list[str]:
    return (_COMPILED.get((pattern, flags)) or _compiled(pattern, flags)).split(string, maxsplit)


def sub(
    pattern: str | Pattern[str],
    repl: str | Callable[[Match[str]], str],
    string: str,
    count: int = 0,
    flags: int = 0,
) -> str:
    return (_COMPILED.get((pattern, flags)) or _compiled(pattern, flags)).sub(repl, string, count)
