"""Every citation of the rules pages points to a page and a section that exist.

The rules of the four games are the project's spec, kept in ``docs/rules/`` (docs/rules/README.md):
code, tests, error messages and docs cite them as ``docs/rules/<page>.md §N`` (a numbered section),
``§N.M`` (item M of that section's numbered list; ``§N.M–N.K`` a range), ``§N step K`` (a step of
a numbered list, e.g. the turn steps of Eredan §3) or ``§N Term`` (a term set in bold in that
section, e.g. ``§3 Items``). This test reads every text file of the project, finds each citation and
checks it against the pages, so that a renumbered or renamed section cannot leave a dangling one.

A constant holding a page's path (``RULE_PREFIX = "docs/rules/crapette.md"``) cites that page
wherever a string interpolates it (``f"{RULE_PREFIX} §2.2: …"``, Crapette's rule messages): the
scan reads such an interpolation as the path itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES = REPO / "docs" / "rules"
SCANNED_DIRS = ("eredan", "cards", "decks", "simulator", "fixtures", "tests", "docs", "benchmarks", ".ci")
SCANNED_SUFFIXES = {".py", ".md", ".html", ".json", ".txt", ".js", ".css", ".toml"}

CITATION = re.compile(
    r"docs/rules/(?P<page>[a-z_-]+)\.md"
    r"(?:`?\s?§(?P<section>\d+)(?:\.(?P<item>\d+))?"
    r"(?:[–-](?:(?P<section2>\d+)\.)?(?P<item2>\d+))?"
    r"(?: step (?P<step>\d+))?"
    r"(?: (?P<term>[A-ZÉ][a-zé]+))?)?"
)
#: ``NAME = "docs/rules/<page>.md"``: a constant naming a rules page, interpolated as ``{NAME}``.
PAGE_CONSTANT = re.compile(
    r'^(?P<name>[A-Z_][A-Z0-9_]*)(?:: \w+)? = "(?P<path>docs/rules/[a-z_-]+\.md)"$', re.M
)
SECTION = re.compile(r"^## (\d+)\. (.+)$")
ITEM = re.compile(r"^\s*(\d+)\. ")
BOLD = re.compile(r"\*\*([^*]+)\*\*")


@dataclass
class Section:
    title: str
    items: set[int] = field(default_factory=set)
    terms: list[str] = field(default_factory=list)


def parse_page(path: Path) -> dict[int, Section]:
    sections: dict[int, Section] = {}
    current: Section | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        heading = SECTION.match(line)
        if heading:
            current = sections.setdefault(int(heading.group(1)), Section(heading.group(2)))
            continue
        if current is None:
            continue
        item = ITEM.match(line)
        if item:
            current.items.add(int(item.group(1)))
        current.terms.extend(BOLD.findall(line))
    return sections


def pages() -> dict[str, dict[int, Section]]:
    return {path.stem: parse_page(path) for path in sorted(RULES.glob("*.md")) if path.stem != "README"}


def problem(citation: re.Match[str], known: dict[str, dict[int, Section]]) -> str | None:
    """What is wrong with one citation, or None."""
    page = citation["page"]
    if page not in known:
        return f"no page docs/rules/{page}.md"
    if citation["section"] is None:
        return None
    section = known[page].get(int(citation["section"]))
    if section is None:
        return f"docs/rules/{page}.md has no section §{citation['section']}"
    for item in (citation["item"], citation["item2"], citation["step"]):
        if item is not None and int(item) not in section.items:
            return f"§{citation['section']} ({section.title}) has no item or step {item}"
    if citation["section2"] is not None and citation["section2"] != citation["section"]:
        return f"a range across sections: {citation.group(0)!r}"
    term = citation["term"]
    if term is not None and not any(bold.startswith(term) for bold in section.terms):
        return f"§{citation['section']} ({section.title}) sets no term {term!r} in bold"
    return None


def page_constants(files: list[Path]) -> dict[str, str]:
    """Every constant of the project that names a rules page, by name (one meaning per name)."""
    found: dict[str, str] = {}
    for path in files:
        if path.suffix == ".py":
            for match in PAGE_CONSTANT.finditer(path.read_text(encoding="utf-8", errors="replace")):
                assert found.setdefault(match["name"], match["path"]) == match["path"], match["name"]
    return found


def expand(text: str, constants: dict[str, str]) -> str:
    """``text`` with each ``{NAME}`` of a page constant replaced by the page's path."""
    for name, path in constants.items():
        text = text.replace("{" + name + "}", path)
    return text


def scanned_files() -> list[Path]:
    files: list[Path] = []
    for top in SCANNED_DIRS:
        for path in (REPO / top).rglob("*"):
            if path.suffix in SCANNED_SUFFIXES and path.is_file() and "__pycache__" not in path.parts:
                files.append(path)
    files.remove(Path(__file__).resolve())  # its own examples of bad citations
    files.extend(REPO.glob("*.md"))
    return files


def test_the_rules_pages_are_in_the_repository() -> None:
    """docs/rules/README.md: the four games' rules pages are the project's spec."""
    known = pages()
    assert set(known) == {"eredan", "cribbage", "ecarte", "crapette"}
    assert all(known.values()), "every page has numbered sections"
    assert known["eredan"][3].items >= {0, 1, 2, 3, 4, 5}, "Eredan §3 lists the steps of a turn"


def test_every_citation_names_a_real_page_and_section() -> None:
    known = pages()
    files = scanned_files()
    constants = page_constants(files)
    assert constants.get("RULE_PREFIX") == "docs/rules/crapette.md"
    bad: list[str] = []
    count = 0
    per_file: dict[str, int] = {}
    for path in files:
        text = expand(path.read_text(encoding="utf-8", errors="replace"), constants)
        for citation in CITATION.finditer(text):
            count += 1
            per_file[path.relative_to(REPO).as_posix()] = (
                per_file.get(path.relative_to(REPO).as_posix(), 0) + 1
            )
            why = problem(citation, known)
            if why:
                line = text.count("\n", 0, citation.start()) + 1
                bad.append(f"{path.relative_to(REPO)}:{line}: {citation.group(0)!r}: {why}")
    assert count > 300, "the scan finds the project's citations"
    assert per_file.get("simulator/records/crapette.py", 0) >= 8, "and those built on a page constant"
    assert not bad, "\n".join(bad)


def test_no_citation_points_outside_the_repository() -> None:
    """The old forms (``rules: eredan §3``, ``rules/eredan.md``, ``rules "A hand" §4``) named no
    path of the project."""
    stale = re.compile(r'(?<![/\w])rules(?:: |/)(?:eredan|cribbage|ecarte|crapette)\b|\brules:? "[A-Z]')
    bad = []
    for path in scanned_files():
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if stale.search(line):
                bad.append(f"{path.relative_to(REPO)}:{number}: {line.strip()[:100]}")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("docs/rules/eredan.md §2.7", None),
        ("docs/rules/eredan.md §3 step 2", None),
        ("docs/rules/eredan.md §3 Items", None),
        ("docs/rules/eredan.md §2.2–2.7", None),
        ("docs/rules/cribbage.md §2.4", None),
        ("docs/rules/eredan.md §7", "no section §7"),
        ("docs/rules/eredan.md §2.12", "no item or step 12"),
        ("docs/rules/eredan.md §3 step 9", "no item or step 9"),
        ("docs/rules/eredan.md §3 Gizmos", "no term 'Gizmos'"),
        ("docs/rules/chess.md §1", "no page"),
        ('f"{RULE_PREFIX} §2.2: a king takes the rank that the pile needs"', None),
        ('f"{RULE_PREFIX} §2.9: no such rule"', "no item or step 9"),
    ],
)
def test_the_checker_itself(text: str, expected: str | None) -> None:
    """The checker must be able to fail: a wrong section, item, step, term or page is reported."""
    citation = CITATION.search(expand(text, {"RULE_PREFIX": "docs/rules/crapette.md"}))
    assert citation is not None
    why = problem(citation, pages())
    if expected is None:
        assert why is None, why
    else:
        assert why is not None and expected in why, why
