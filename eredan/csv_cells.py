"""One rule for every CSV the project writes: a cell a spreadsheet would run as a formula is quoted.

A spreadsheet opening a CSV reads a cell starting with ``=``, ``+``, ``-`` or ``@`` (and, in some,
a tab or a carriage return) as a formula: an entrant label or a deck name such as
``=HYPERLINK(…)`` would run on the reader's machine ("CSV injection", OWASP). Such a cell is
written with a leading single quote, which spreadsheets show as text; the quote is visible to
programs reading the CSV, so they can strip it.

Every writer also takes its ``csv.writer`` from :func:`writer`: RFC 4180 line ends (CRLF), so a
cell holding a carriage return is quoted like one holding a newline (with ``\n`` line ends, the
``csv`` module writes a lone ``\r`` unquoted, and readers split the row there).

Only text is touched: numbers (``int``, ``float``) are written as they are, and so is text that
is a plain number (``-3``, ``-0.25``, ``+1e-05``), which no spreadsheet runs. Pure Python: every
CSV writer (``simulator.exports``, ``cards.collection.csvio``) calls :func:`safe_cell`
and :func:`writer`.
"""

from __future__ import annotations

import csv
import re
from typing import Any, TextIO

#: What makes a spreadsheet read a cell as a formula (OWASP's list).
FORMULA_PREFIXES = ("=", "+", "-", "@", "\t", "\r")
#: A plain decimal number (what a numeric column holds once formatted), harmless as it is.
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def safe_cell(value: Any) -> Any:
    """``value``, or for text a spreadsheet would run as a formula, that text after a ``'``."""
    if isinstance(value, str) and value.startswith(FORMULA_PREFIXES) and not _NUMBER.fullmatch(value):
        return f"'{value}"
    return value


def writer(out: TextIO) -> Any:
    """The project's CSV writer on ``out``: commas, minimal quoting, CRLF line ends (RFC 4180)."""
    return csv.writer(out, lineterminator="\r\n")
