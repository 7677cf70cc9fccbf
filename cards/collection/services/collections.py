"""Collections themselves: create one, rename it, move the default flag, delete one.

A user always has exactly one default collection once they have any (the first one is the
default; the default cannot be un-defaulted or deleted, only moved): every change to one owner's
set of collections locks the owner's row first, so two requests never leave two defaults or none.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from cards.collection.error_codes import CollectionErrorCode as Code
from cards.collection.models import NAME_MAX, Collection
from eredan.errors import DomainError
from eredan.names import name_clean
from eredan.users import User

#: Most collections one user may keep.
MAX_COLLECTIONS_PER_USER = 50
#: Name of the collection created for a user who has none.
DEFAULT_COLLECTION_NAME = "My collection"


def _lock_owner(owner_id: int) -> None:
    """Serialize changes to one owner's set of collections (the default flag, the count)."""
    list(get_user_model().objects.select_for_update().filter(pk=owner_id).values_list("pk", flat=True))


def _clean_name(name: object) -> str:
    """The one name rule (eredan/names.py)."""
    return name_clean(name, what="collection name", max_length=NAME_MAX, missing="A collection needs a name.")


def collection_create(*, owner: User, name: str, is_default: bool = False) -> Collection:
    """Create a collection. The owner's first collection is their default whatever ``is_default``
    says; ``is_default=True`` moves the default flag to the new collection."""
    name = _clean_name(name)
    with transaction.atomic():
        _lock_owner(owner.pk)
        mine = Collection.objects.filter(owner_id=owner.pk)
        if mine.count() >= MAX_COLLECTIONS_PER_USER:
            raise DomainError(
                f"A user keeps at most {MAX_COLLECTIONS_PER_USER} collections.",
                code=Code.TOO_MANY_COLLECTIONS,
            )
        if mine.filter(name=name).exists():
            raise DomainError(
                f"You already have a collection named {name!r}.", code=Code.DUPLICATE_NAME, field="name"
            )
        # The first collection (or the first since the default was lost) becomes the default.
        has_default = mine.filter(is_default=True).exists()
        if is_default and has_default:
            mine.filter(is_default=True).update(is_default=False)
        return Collection.objects.create(
            owner_id=owner.pk, name=name, is_default=is_default or not has_default
        )


def collection_default_get_or_create(*, owner: User) -> Collection:
    """The owner's default collection, created (as ``My collection``) if they have none."""
    with transaction.atomic():
        _lock_owner(owner.pk)
        existing = Collection.objects.filter(owner_id=owner.pk, is_default=True).first()
        if existing is not None:
            return existing
        name = DEFAULT_COLLECTION_NAME
        taken = set(Collection.objects.filter(owner_id=owner.pk).values_list("name", flat=True))
        suffix = 2
        while name in taken:
            name, suffix = f"{DEFAULT_COLLECTION_NAME} {suffix}", suffix + 1
        return Collection.objects.create(owner_id=owner.pk, name=name, is_default=True)


def collection_update(
    *, collection: Collection, name: str | None = None, is_default: bool | None = None
) -> Collection:
    """Rename, or make the default. Un-defaulting is refused: make another collection the default."""
    with transaction.atomic():
        _lock_owner(collection.owner_id)
        collection.refresh_from_db()
        if name is not None:
            name = _clean_name(name)
            if (
                Collection.objects.filter(owner_id=collection.owner_id, name=name)
                .exclude(pk=collection.pk)
                .exists()
            ):
                raise DomainError(
                    f"You already have a collection named {name!r}.", code=Code.DUPLICATE_NAME, field="name"
                )
            collection.name = name
        if is_default is False and collection.is_default:
            raise DomainError(
                "A user always has one default collection: make another collection the default instead.",
                code=Code.DEFAULT_REQUIRED,
                field="is_default",
            )
        if is_default and not collection.is_default:
            Collection.objects.filter(owner_id=collection.owner_id, is_default=True).update(is_default=False)
            collection.is_default = True
        collection.save()
        return collection


def collection_delete(*, collection: Collection) -> None:
    """Delete a collection and its copies (their experience log lines stay, owner-readable by staff).
    The default collection cannot be deleted."""
    with transaction.atomic():
        _lock_owner(collection.owner_id)
        collection.refresh_from_db()
        if collection.is_default:
            raise DomainError(
                "The default collection cannot be deleted: make another collection the default first.",
                code=Code.DEFAULT_REQUIRED,
            )
        collection.delete()
