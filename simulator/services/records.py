"""Game records (docs/game-records.md): checking one against the rules.

A record of a game played with decks names the card catalog it was played with (``"catalog"``:
the digest of its job's catalog snapshot) and replays against that snapshot, whatever staff have
done to the cards since. A record that names none (written before catalogs were snapshotted)
replays against the card database as it is now, and a verdict against it says so.
"""

from __future__ import annotations

from collections.abc import Mapping

from cards.domain.specs import Catalog
from cards.snapshots import catalog_snapshot_get, catalog_snapshot_store
from cards.specs import get_catalog
from simulator.engine.registry import UnknownGameError, get_game_spec
from simulator.records import Observer, RecordError, Replay, replay_record, validate_shape
from simulator.records.boards import Viewing, view_record
from simulator.services.requests import PreparedJob

#: Verdicts about a record's form, not its game: the catalog it is checked against is not at fault.
_SHAPE_ERRORS = frozenset({"malformed", "unsupported_format", "unknown_game", "unknown_catalog"})
#: Said of a record that names no catalog and does not replay.
UNNAMED_CATALOG_NOTE = (
    " (this record names no card catalog — it was written before catalogs were snapshotted — so it "
    "was checked against the card database as it is now, which may have changed since the game)"
)


def record_context(game: object) -> Catalog | None:
    """What a game's record codec needs besides the record: the card catalog for a game played
    with decks of cards (its spec's ``uses_decks``), nothing for the others."""
    try:
        spec = get_game_spec(game) if isinstance(game, str) else None
    except UnknownGameError:
        spec = None
    return get_catalog() if spec is not None and spec.uses_decks else None


def prepared_record_context(*, prepared: PreparedJob) -> Catalog | None:
    """The record context of a job played here (``simulate`` without ``--via celery``): its
    catalog, stored as a snapshot so that its records name it and replay against it."""
    catalog, document = prepared.catalog, prepared.catalog_document
    if catalog is None or document is None or not catalog.digest:
        return record_context(prepared.game)
    catalog_snapshot_store(catalog=catalog, document=document)
    return catalog


def record_catalog(record: Mapping[str, object]) -> Catalog:
    """The catalog snapshot ``record`` names (shape-checked); :class:`RecordError`
    ``unknown_catalog`` when this database does not hold it."""
    digest = record["catalog"]
    assert isinstance(digest, str)
    catalog = catalog_snapshot_get(digest=digest)
    if catalog is None:
        raise RecordError(
            "unknown_catalog",
            f"the record was played with the card catalog {digest[:12]}…, which this card database "
            "does not hold (it comes from another installation, or its snapshot was deleted)",
            path="/catalog",
        )
    return catalog


def record_verify(*, record: object, observe: Observer | None = None) -> Replay:
    """Check a game record against the rules; raise :class:`RecordError` at the first problem.

    Against the catalog snapshot the record names, if any (docs/game-records.md "The card
    catalog"). ``observe`` sees each state of the replay (the game viewer)."""
    game = record.get("game") if isinstance(record, Mapping) else None
    context = record_context(game)
    if context is None or not isinstance(record, Mapping):
        return replay_record(record, context=context, observe=observe)
    if "catalog" in record:
        validate_shape(record)
        return replay_record(record, context=record_catalog(record), observe=observe)
    try:
        return replay_record(record, context=context, observe=observe)
    except RecordError as exc:
        if exc.code in _SHAPE_ERRORS:
            raise
        raise RecordError(
            exc.code,
            exc.message + UNNAMED_CATALOG_NOTE,
            deal=exc.deal,
            action=exc.action,
            rule=exc.rule,
            path=exc.path,
        ) from None


def record_view(*, record: object) -> Viewing:
    """A record opened in the game viewer: a board per step of its replay (through the real
    engine, as :func:`record_verify` checks it) and the verdict. Never raises for a bad record."""
    return view_record(record, record_verify)
