"""The one error of the rules-text grammar (its own module so that every part of the grammar —
cards/domain/text_grammar.py and the grammar_*.py modules its reader is made of — can raise it)."""

from __future__ import annotations


class NotRead(Exception):
    """This clause (or part of it) is not understood: the whole clause is reported unread."""
