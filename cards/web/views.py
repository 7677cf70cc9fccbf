"""Views of the card pages: the card browser, a card's page, "My collection" and its actions.

Thin: parse with a form, call a selector or a service, render. Every page works without JavaScript;
with htmx (``request.htmx``) a view answers with just the part of the page that changes.

Collection actions are POST forms. A refusal of a service (a :class:`~eredan.api.errors.DomainError`,
the API's codes and messages) is shown beside the copy it concerns and changes nothing; like bad
filters, it answers :data:`REFUSED_STATUS`. Someone else's collection or copy is a 404, as in the API.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import get_conditional_response, patch_vary_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST, require_safe
from django_htmx.http import push_url

from cards.collection import selectors as collection_selectors
from cards.collection.models import Collection, OwnedCopy
from cards.collection.services import copies, evolution, xp_cards
from cards.collection.services.collections import collection_default_get_or_create
from cards.web import selectors
from cards.web.forms import AddCopiesForm, ApplyXpForm, CardBrowserForm, CopyListForm
from eredan.errors import DomainError, DomainErrors, NotFoundError
from eredan.language import card_lang, parse_lang
from eredan.users import signed_in_user

#: **[decision]** A refused form or filter comes back as the page again, the refusal beside the field,
#: with 200 — as Django's own forms and the deck and simulation pages do (docs/pages.md): browsers log
#: a 4xx page load as a console error, and htmx would not swap it in without extra configuration. The
#: JSON API answers the same input with 400.
REFUSED_STATUS = 200


def _partial(request: HttpRequest) -> bool:
    """An htmx request for part of a page (not a history restore, which needs the whole page)."""
    htmx = getattr(request, "htmx", None)
    return htmx is not None and bool(htmx) and not htmx.history_restore_request


def _render(
    request: HttpRequest, full: str, part: str, context: dict[str, Any], status: int = 200
) -> HttpResponse:
    response = render(request, part if _partial(request) else full, context, status=status)
    patch_vary_headers(response, ("HX-Request",))
    return response


# --- the card browser and a card's page -------------------------------------------------------------


@require_GET
def browser(request: HttpRequest) -> HttpResponse:
    """Search and filter characters and cards; a GET form, so every result list has its URL."""
    form = CardBrowserForm(request.GET, lang=card_lang(request))
    page = None
    status = 200
    if form.is_valid():
        try:
            page = selectors.browser_page(form.query(), page=form.cleaned_data["page"] or 1)
        except selectors.FilterError as exc:  # the API's filter sets refused a value
            for name, errors in exc.errors.items():
                form.add_error(name if name in form.fields else None, errors)
    if page is None:
        status = REFUSED_STATUS
    context = {"nav": "cards", "form": form, "page": page}
    response = _render(request, "cards/web/browser.html", "cards/web/_results.html", context, status)
    if _partial(request):
        # the address bar gets the query without its empty fields (/cards/?guild=zil, not ?q=&guild=zil&…)
        asked = [(k, v) for k, values in request.GET.lists() for v in values if v]
        push_url(response, f"{request.path}?{urlencode(asked)}" if asked else request.path)
    return response


#: A face URL that names its drawing (``?v=`` the current :func:`~cards.web.selectors.face_version`)
#: never changes: browsers keep it a year. Any other URL is revalidated with its ETag each time.
FACE_CACHE_LONG = "public, max-age=31536000, immutable"
FACE_CACHE_SHORT = "public, max-age=0, must-revalidate"


@require_safe
def card_face(request: HttpRequest, slug: str) -> HttpResponse:
    """The card's face, an SVG drawn from its data (``?lang=fr`` for French; the default is the
    visitor's card language). Cached: a strong ETag (``If-None-Match`` answers 304)."""
    lang = parse_lang(request.GET.get("lang"), card_lang(request))
    face = selectors.face_get(slug=slug, lang=lang)
    if face is None:
        raise Http404("No card or character has this slug.")
    versioned = request.GET.get("v") == selectors.face_version() and "lang" in request.GET
    cache = FACE_CACHE_LONG if versioned else FACE_CACHE_SHORT
    response = get_conditional_response(request, etag=face.etag)  # a 304 when the browser has it
    if response is None:
        response = HttpResponse(face.svg, content_type="image/svg+xml; charset=utf-8")
        response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
        response["X-Content-Type-Options"] = "nosniff"
    response["ETag"] = face.etag
    response["Cache-Control"] = cache
    if "lang" not in request.GET:
        patch_vary_headers(response, ("Cookie",))
    return response


@require_GET
def card_detail(request: HttpRequest, slug: str) -> HttpResponse:
    entry = selectors.entry_get(slug=slug)
    if entry is None:
        raise Http404("No card or character has this slug.")
    detail = selectors.entry_detail(entry=entry, lang=card_lang(request))
    owned = selectors.owned_count(user=request.user, entry=entry) if request.user.is_authenticated else None
    context = {"nav": "cards", "d": detail, "owned": owned, "add_form": AddCopiesForm(initial={"count": 1})}
    return render(request, "cards/web/detail.html", context)


# --- my collection ---------------------------------------------------------------------------------


def _user_id(request: HttpRequest) -> int:
    """The signed-in user's id (the views that call this require a signed-in user)."""
    pk = request.user.pk
    if pk is None:
        raise Http404("Sign in first.")
    return int(pk)


def _own_collection(request: HttpRequest, pk: int) -> Collection:
    """One of the user's own collections, else 404 (also for staff: this page is "mine")."""
    return get_object_or_404(selectors.owned_collections(user=request.user), pk=pk)


def _own_copy(collection: Collection, pk: Any) -> OwnedCopy:
    try:
        return collection_selectors.copy_get(collection=collection, pk=pk)
    except NotFoundError as exc:
        raise Http404(exc.message) from exc


def _collection_url(collection: Collection | None, kind: str = "", page: int = 1) -> str:
    url = (
        reverse("cards_web:collection-detail", args=[collection.pk])
        if collection
        else reverse("cards_web:collection")
    )
    query = {k: v for k, v in (("kind", kind), ("page", page if page > 1 else "")) if v}
    return f"{url}?{urlencode(query)}" if query else url


def _render_collection(
    request: HttpRequest,
    collection: Collection | None,
    *,
    kind: str = "",
    page: int = 1,
    status: int = 200,
    errors: dict[int, list[str]] | None = None,
    add_form: AddCopiesForm | None = None,
    xp_forms: dict[int, ApplyXpForm] | None = None,
    notice: str = "",
    list_errors: list[str] | None = None,
) -> HttpResponse:
    context: dict[str, Any] = {
        "list_errors": list_errors or [],
        "nav": "collection",
        "collection": collection,
        "collections": list(selectors.owned_collections(user=request.user)),
        "kind": kind,
        "add_form": add_form or AddCopiesForm(initial={"count": 1}),
        "add_choices": selectors.add_choices(),
        "notice": notice,
        "items": [],
        "stray_errors": list((errors or {}).items()),
        "page": None,
        "xp_cards": [],
    }
    if collection is not None:
        copies = collection_selectors.copy_list(collection=collection, kind=kind or None)
        page_obj = selectors.copies_page(copies=copies, page=page)
        rows = selectors.copy_rows(copies=list(page_obj.object_list))
        errors, xp_forms = errors or {}, xp_forms or {}
        context.update(
            page=page_obj,
            items=[
                {
                    "row": row,
                    "errors": errors.get(row.copy.pk, []),
                    "xp_selected": str(xp_forms[row.copy.pk].data.get("xp_card", ""))
                    if row.copy.pk in xp_forms
                    else "",
                }
                for row in rows
            ],
            # a refusal about a copy that is not on this page still shows, above the list
            stray_errors=[(pk, msgs) for pk, msgs in errors.items() if pk not in {r.copy.pk for r in rows}],
            xp_cards=selectors.xp_card_choices(collection=collection),
        )
    return _render(request, "cards/web/collection.html", "cards/web/_collection_body.html", context, status)


@login_required
@require_GET
def collection_default(request: HttpRequest) -> HttpResponse:
    """The user's default collection (nothing is created until they add a copy)."""
    chosen = request.GET.get("collection")
    if chosen:  # the collection switcher without JavaScript
        if not chosen.isdigit():
            raise Http404("No such collection.")
        return redirect(_collection_url(_own_collection(request, int(chosen))))
    collection = collection_selectors.collection_default_get(owner_id=_user_id(request))
    return _show_collection(request, collection)


@login_required
@require_GET
def collection_detail(request: HttpRequest, collection_pk: int) -> HttpResponse:
    return _show_collection(request, _own_collection(request, collection_pk))


def _show_collection(request: HttpRequest, collection: Collection | None) -> HttpResponse:
    """The collection page for a GET: a bad ``kind`` or ``page`` is said above the list."""
    form = CopyListForm(request.GET)
    kind, page = form.state()
    if form.is_valid():
        return _render_collection(request, collection, kind=kind, page=page)
    problems = [
        f"{form.fields[name].label or name}: {' '.join(str(e) for e in errors)}"
        for name, errors in form.errors.items()
    ]
    return _render_collection(
        request, collection, kind=kind, page=page, status=REFUSED_STATUS, list_errors=problems
    )


def _label(item: selectors.Entry) -> str:
    """``Iro the Duelist`` (level 1), ``Iro the Duelist, level 2``."""
    return item.name_en if item.level == 1 else f"{item.name_en}, level {item.level}"


def _done(request: HttpRequest, collection: Collection, message: str) -> HttpResponse:
    """After an action: the updated list (htmx) or back to the page with a message (no JavaScript)."""
    kind, page = CopyListForm(request.POST).state()
    if _partial(request):
        return _render_collection(request, collection, kind=kind, page=page, notice=message)
    messages.success(request, message)
    return redirect(_collection_url(collection, kind, page))


def _error_messages(exc: DomainError) -> list[str]:
    if isinstance(exc, DomainErrors):
        return [e.message for e in exc.errors]
    return [exc.message]


def _refused(
    request: HttpRequest, collection: Collection, copy_id: int, exc: DomainError, **forms: Any
) -> HttpResponse:
    """A refused action: the page again, the refusal beside the copy, nothing changed."""
    kind, page = CopyListForm(request.POST).state()
    return _render_collection(
        request,
        collection,
        kind=kind,
        page=page,
        status=REFUSED_STATUS,
        errors={copy_id: _error_messages(exc)},
        **forms,
    )


@login_required
@require_POST
def copy_evolve(request: HttpRequest, collection_pk: int, copy_pk: int) -> HttpResponse:
    collection = _own_collection(request, collection_pk)
    copy = _own_copy(collection, copy_pk)
    before = copy.item
    try:
        evolved = evolution.copy_evolve(collection=collection, copy_id=copy.pk)
    except DomainError as exc:
        return _refused(request, collection, copy.pk, exc)
    after = evolved.copy.item
    into = "" if after.name_en == before.name_en else f" ({after.name_en})"
    return _done(request, collection, f"{before.name_en} evolved to level {after.level}{into}.")


@login_required
@require_POST
def copy_apply_xp(request: HttpRequest, collection_pk: int, copy_pk: int) -> HttpResponse:
    """Feed one of the collection's "+N XP" cards to this copy (the XP card is used up)."""
    collection = _own_collection(request, collection_pk)
    target = _own_copy(collection, copy_pk)
    form = ApplyXpForm(request.POST)
    if not form.is_valid():
        error = DomainError(" ".join(str(e) for e in form.errors["xp_card"]), code="invalid", field="xp_card")
        return _refused(request, collection, target.pk, error, xp_forms={target.pk: form})
    xp_copy = _own_copy(collection, form.cleaned_data["xp_card"])
    try:
        grant = xp_cards.xp_card_consume(collection=collection, xp_card_id=xp_copy.pk, target_id=target.pk)
    except DomainError as exc:
        return _refused(request, collection, target.pk, exc, xp_forms={target.pk: form})
    return _done(
        request,
        collection,
        f"{xp_copy.item.name_en} used on {_label(target.item)}: +{grant.amount} XP, {grant.xp_after} XP now.",
    )


@login_required
@require_POST
def copy_remove(request: HttpRequest, collection_pk: int, copy_pk: int) -> HttpResponse:
    collection = _own_collection(request, collection_pk)
    copy = _own_copy(collection, copy_pk)
    copies.copy_remove(copy=copy)
    return _done(request, collection, f"Removed one copy of {_label(copy.item)} ({copy.xp} XP).")


def _add(request: HttpRequest, collection: Collection | None) -> HttpResponse:
    form = AddCopiesForm(request.POST)
    kind, page = CopyListForm(request.POST).state()
    if form.is_valid():
        entry, count = form.cleaned_data["card"], form.cleaned_data["count"]
        try:
            if collection is None:
                collection = collection_default_get_or_create(owner=signed_in_user(request.user))
            copies.copies_add(collection=collection, requests=[copies.CopyRequest(entry.slug, count)])
        except DomainError as exc:
            errors = exc.errors if isinstance(exc, DomainErrors) else [exc]
            for error in errors:
                field = "count" if error.field and error.field.endswith("count") else None
                form.add_error(field, error.message)
        else:
            message = (
                f"Added {count} {'copy' if count == 1 else 'copies'} of {_label(entry)} to {collection.name}."
            )
            back = request.POST.get("next", "")
            safe = url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure())
            if back and safe and not _partial(request):
                messages.success(request, message)
                return HttpResponseRedirect(back)
            return _done(request, collection, message)
    return _render_collection(request, collection, kind=kind, page=page, status=REFUSED_STATUS, add_form=form)


@login_required
@require_POST
def collection_add_default(request: HttpRequest) -> HttpResponse:
    """Add copies to the default collection, created for a user who has none."""
    return _add(request, collection_selectors.collection_default_get(owner_id=_user_id(request)))


@login_required
@require_POST
def collection_add(request: HttpRequest, collection_pk: int) -> HttpResponse:
    return _add(request, _own_collection(request, collection_pk))
