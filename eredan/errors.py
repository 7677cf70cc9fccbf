"""The project's one refusal type, outside any web framework.

Services, selectors and pure modules raise :class:`DomainError` (one problem) or
:class:`DomainErrors` (several, every problem of a request at once); the API's exception handler
(:mod:`eredan.api.errors`) maps them to the one error body of docs/api.md,
``{"errors": [{"code", "message", "field", …}]}`` — one entry per problem. Pages and commands
read the same problems through :attr:`DomainError.errors`.

Pure Python: imports neither Django nor Django REST framework (an import-linter contract keeps it
so), so a service never imports the API layer to refuse something.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

#: HTTP statuses of refusals, by name (the API maps them; nothing else reads them).
BAD_REQUEST = 400
FORBIDDEN = 403
NOT_FOUND = 404
CONFLICT = 409
TOO_MANY_REQUESTS = 429
SERVICE_UNAVAILABLE = 503


#: The most characters of any one text an error answer carries (a message, a field's path, a
#: detail): a refused value quoted whole would make the answer as large as the request (a
#: 409 KB record echoed in a 434 KB answer).
TEXT_LIMIT = 1000


def capped(text: str, limit: int = TEXT_LIMIT) -> str:
    """``text``, or its first ``limit`` characters and how many more were cut.

    The one cap of what errors quote: :class:`DomainError` messages pass through it, and the
    API's exception handler applies it (:func:`errors_capped`) to every text of every error.
    """
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text) - limit} more characters)"


def errors_capped(value: Any, limit: int = TEXT_LIMIT) -> Any:
    """``value`` (error entries: dicts, lists, strings) with every string :func:`capped`."""
    if isinstance(value, str):
        return capped(value, limit)
    if isinstance(value, dict):
        return {capped(str(k), limit): errors_capped(v, limit) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [errors_capped(item, limit) for item in value]
    return value


class DomainError(Exception):
    """A business-rule refusal: a stable ``code``, a readable ``message``, the ``field`` it
    concerns (a dotted path into the request, or ``None`` for the request as a whole), the HTTP
    status the API answers with, and machine-readable ``details`` (``lines``, ``violations``…)
    that become extra keys of the error's entry."""

    code: str = "invalid"
    status_code: int = BAD_REQUEST

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        field: str | None = None,
        status_code: int | None = None,
        **details: Any,
    ) -> None:
        message = capped(message)
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = str(code)
        if status_code is not None:
            self.status_code = status_code
        self.field = field
        self.details = details

    @property
    def errors(self) -> list[DomainError]:
        """Every problem of this refusal, one error each (one here; :class:`DomainErrors`: all)."""
        return [self]

    def as_error(self) -> dict[str, Any]:
        """This problem as an entry of the error body."""
        return {"code": self.code, "message": self.message, "field": self.field, **self.details}

    def as_errors(self) -> list[dict[str, Any]]:
        """Every problem as entries of the error body."""
        return [error.as_error() for error in self.errors]


class DomainErrors(DomainError):
    """Several refusals of one request, reported together: one entry each in ``errors``.

    A service that checks everything before refusing (docs/api.md: every problem at once) raises
    this with the problems it found; ``code``, ``field`` and the status are the first problem's
    (the status of the response), ``message`` lists them all.
    """

    def __init__(self, errors: Sequence[DomainError]) -> None:
        if not errors:
            raise ValueError("DomainErrors needs at least one error")
        flat = [problem for error in errors for problem in error.errors]
        first = flat[0]
        message = f"{len(flat)} problems: " + "; ".join(
            f"{e.field}: {e.message}" if e.field else e.message for e in flat
        )
        super().__init__(message, code=first.code, field=first.field, status_code=first.status_code)
        self._errors = flat

    @property
    def errors(self) -> list[DomainError]:
        return list(self._errors)


class NotFoundError(DomainError):
    """No such object — or someone else's (never "forbidden": it would leak that it exists)."""

    code = "not_found"
    status_code = NOT_FOUND


@dataclass
class Problems:
    """The problems of one request, gathered while checking it, raised together at the end.

    ``problems.add("games", "too_few_games", "…")`` for each; :meth:`raise_any` raises nothing
    (none), the one :class:`DomainError` (one) or a :class:`DomainErrors` (several).
    """

    items: list[DomainError] = field(default_factory=list)

    def add(
        self, field: str | None, code: str, message: str, *, status_code: int | None = None, **details: Any
    ) -> None:
        self.items.append(DomainError(message, code=code, field=field, status_code=status_code, **details))

    def extend(self, errors: Sequence[DomainError]) -> None:
        for error in errors:
            self.items.extend(error.errors)

    def __bool__(self) -> bool:
        return bool(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[DomainError]:
        return iter(self.items)

    def on(self, prefix: str) -> bool:
        """Whether a problem concerns ``prefix`` or a path below it (``options``, ``options.x``)."""
        return any(p.field == prefix or (p.field or "").startswith(prefix + ".") for p in self.items)

    def error(self) -> DomainError | None:
        """The refusal these problems make (``None`` when there are none)."""
        if not self.items:
            return None
        if len(self.items) == 1:
            return self.items[0]
        return DomainErrors(self.items)

    def raise_any(self) -> None:
        error = self.error()
        if error is not None:
            raise error
