"""Who asks: the user types that services and selectors take, in one place.

Selectors take a :data:`Viewer` (a signed-in user or an anonymous client: they decide what each
may see); services that write on someone's behalf take a :class:`~django.contrib.auth.models.User`
(``None`` where the command line acts for nobody). A view that requires a login turns its
request's user into one with :func:`signed_in_user`.
"""

from __future__ import annotations

from typing import TypeAlias

from django.contrib.auth.models import AnonymousUser, User

from eredan.errors import FORBIDDEN, DomainError

#: Whoever makes a request: a signed-in user or an anonymous client.
Viewer: TypeAlias = User | AnonymousUser

__all__ = ["User", "Viewer", "is_staff", "signed_in_user"]


def is_staff(user: Viewer | None) -> bool:
    """Whether ``user`` is a signed-in member of staff."""
    return bool(user is not None and user.is_authenticated and user.is_staff)


def signed_in_user(user: Viewer) -> User:
    """The user of a request that needs one (a view whose permission or ``login_required``
    already turned anonymous clients away: this only makes it certain)."""
    if not isinstance(user, User):
        raise DomainError("Sign in first.", code="not_authenticated", status_code=FORBIDDEN)
    return user
