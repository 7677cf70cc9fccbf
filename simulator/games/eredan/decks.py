"""Finding a deck for a game: a demo deck slug of the bundled card set, or a JSON file.

The one place where a command turns a deck reference into a :class:`DeckSpec` (database decks
will be wired here too). A deck file holds one record in the shape of ``decks.json``:
``{"name": …, "characters": [slug ×3], "cards": {slug: count}}``, whose slugs are looked up in the
bundled card set.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cards.domain.cardset import CardSet, load_cardset
from cards.domain.specs import DeckSpec, deck_from_counts


class DeckNotFoundError(ValueError):
    """A deck reference that names no demo deck and no readable deck file."""


def deck_from_record(record: Any, cardset: CardSet, *, where: str = "deck") -> DeckSpec:
    """A deck from a ``decks.json``-shaped record, its slugs resolved in ``cardset``."""
    if not isinstance(record, Mapping):
        raise DeckNotFoundError(f"{where}: expected an object with name, characters and cards")
    missing = {"characters", "cards"} - set(record)
    if missing:
        raise DeckNotFoundError(f"{where}: missing {', '.join(sorted(missing))}")
    chars_in, cards_in = record["characters"], record["cards"]
    if not isinstance(chars_in, list) or not isinstance(cards_in, Mapping):
        raise DeckNotFoundError(f"{where}: characters is a list of slugs and cards an object {{slug: count}}")
    unknown = [s for s in chars_in if s not in cardset.characters]
    unknown += [s for s in cards_in if s not in cardset.cards]
    if unknown:
        raise DeckNotFoundError(f"{where}: unknown character or card {', '.join(map(repr, unknown))}")
    counts: dict[str, int] = {}
    for slug, count in cards_in.items():
        if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 50:
            raise DeckNotFoundError(f"{where}: count of {slug!r} must be an integer from 1 to 50")
        counts[slug] = count
    name = str(record.get("name") or record.get("slug") or where)
    return deck_from_counts(
        name,
        [cardset.characters[s] for s in chars_in],
        counts,
        cardset.cards,
        slug=str(record.get("slug", "")),
    )


def resolve_deck(ref: str, *, cardset: CardSet | None = None) -> DeckSpec:
    """A demo deck by slug, else a deck file by path; :class:`DeckNotFoundError` otherwise."""
    cardset = cardset if cardset is not None else load_cardset()
    if ref in cardset.decks:
        return cardset.decks[ref]
    path = Path(ref)
    if path.suffix.lower() == ".json" or path.exists():
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise DeckNotFoundError(f"no demo deck and no file named {ref!r}") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise DeckNotFoundError(f"{ref}: cannot read a deck from it ({exc})") from None
        return deck_from_record(record, cardset, where=ref)
    known = ", ".join(sorted(cardset.decks)) or "none yet"
    raise DeckNotFoundError(f"no demo deck and no file named {ref!r} (demo decks: {known})")
