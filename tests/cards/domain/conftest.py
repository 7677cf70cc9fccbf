"""Fixtures shared by the rules-text compiler's tests."""

from __future__ import annotations

import pytest

from cards.domain.cardset import load_cardset
from cards.domain.text_compiler import TextCompiler
from cards.domain.vocabulary import vocabulary_from_reference


@pytest.fixture(scope="module")
def compiler() -> TextCompiler:
    """A compiler with the bundled set's vocabulary (no known card names)."""
    return TextCompiler(vocabulary_from_reference(load_cardset().reference))
