"""The deck pages: My decks, the deck builder, a read-only deck, import, export, duplicate, delete.

Thin: each view reads the form (:mod:`decks.web.forms`), calls the same services and selectors
as the API (:mod:`decks.services`, :mod:`decks.selectors`, the validator, the collection's
"can I build this") and renders (:mod:`decks.web.presenters` computes what is shown).

The builder keeps the deck being edited in its form until **Save**: every change posts the form
to ``…/edit/``, which answers the re-rendered editor (affiliation, every violation, highlights)
without writing anything; Save writes it with ``deck_update`` / ``deck_create``. A bad field is
answered with its message beside it and everything typed kept; a page warns before leaving a
deck with unsaved changes.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from cards.collection.selectors import collection_get, collection_list
from cards.domain.specs import Catalog
from cards.domain.text import Names
from cards.specs import get_catalog, get_names
from decks.limits import MAX_NAME_LENGTH, MAX_TEXT_LENGTH
from decks.models import Deck
from decks.selectors import (
    deck_can_build,
    deck_export_text,
    deck_list,
    deck_slugs,
    decks_current,
    demo_decks,
)
from decks.services import deck_create, deck_delete, deck_update, deck_validate
from decks.text_format import DeckTextError, deck_text_parse
from decks.validator import ValidationResult
from decks.web.access import MAX_PK, HtmxRequest, can_edit, deck_readable, deck_writable, signed_in
from decks.web.forms import (
    CARD_PREFIX,
    FORM,
    DeckDraft,
    draft_apply,
    draft_from_deck,
    draft_from_post,
    name_problem,
)
from decks.web.presenters import (
    card_rows,
    character_groups,
    character_slots,
    grouped_rows,
    missing_rows,
    picker_choices,
    picker_search,
    result_view,
    stats_view,
)
from eredan.errors import DomainError, NotFoundError
from eredan.language import COOKIE, card_lang
from eredan.users import signed_in_user

#: A form sent back with its errors beside the fields is a page like any other (Django's forms and
#: the sign-in page do the same): a 4xx would make the browser log a failed load on the console.
#: Nothing is written when a form has errors; the API answers 400 for the same input.
FORM_ERRORS_STATUS = 200
#: Decks per page of "My decks".
PAGE_SIZE = 50


def _post_lists(request: HttpRequest) -> dict[str, list[str]]:
    return dict(request.POST.lists())


# --- My decks -----------------------------------------------------------------------------------


def _deck_summary(deck: Deck, names: Names) -> dict[str, Any]:
    data: dict[str, Any] = deck.validation if isinstance(deck.validation, dict) else {}
    affiliation = data.get("affiliation")
    return {
        "deck": deck,
        "valid": deck.is_valid,
        "problems": len(data.get("errors", [])),
        "affiliation": names.guild(affiliation, "en") if affiliation else "",
        "size": sum(dc.count for dc in deck.deck_cards.all()),
    }


def _render_list(
    request: HttpRequest,
    *,
    import_text: str = "",
    import_name: str = "",
    errors: dict[str, list[str]] | None = None,
    lines: list[tuple[int, str]] | None = None,
    status: int = 200,
) -> HttpResponse:
    names = get_names()
    paginator = Paginator(deck_list(user=request.user, mine=True), PAGE_SIZE)
    page = paginator.get_page(request.GET.get("page"))
    mine = list(page.object_list)
    decks_current(decks=mine)
    demos = demo_decks()
    context = {
        "nav": "decks",
        "page": page,
        "decks": [_deck_summary(d, names) for d in mine],
        "demos": [_deck_summary(d, names) for d in demos],
        "import_text": import_text,
        "import_name": import_name,
        "errors": errors or {},
        "lines": lines or [],
        "max_name": MAX_NAME_LENGTH,
    }
    return render(request, "decks/web/list.html", context, status=status)


@signed_in
@require_GET
def deck_list_page(request: HttpRequest) -> HttpResponse:
    return _render_list(request)


@signed_in
@require_POST
def deck_import(request: HttpRequest) -> HttpResponse:
    """A new deck from a deck text (docs/decks.md "Deck text format"); bad lines are listed
    beside the text, which is kept."""
    text = request.POST.get("text", "")
    name = request.POST.get("name", "")
    errors: dict[str, list[str]] = {}
    lines: list[tuple[int, str]] = []
    parsed = None
    if not text.strip():
        errors["text"] = ["Paste a deck text."]
    elif len(text) > MAX_TEXT_LENGTH:
        errors["text"] = [f"A deck text is at most {MAX_TEXT_LENGTH:,} characters."]
    else:
        try:
            parsed = deck_text_parse(text, catalog=get_catalog())
        except DeckTextError as exc:
            n = len(exc.errors)
            errors["text"] = [f"The deck text has {n} bad line{'s' if n > 1 else ''}."]
            lines = [(e.line, e.message) for e in exc.errors]
    final_name = " ".join(name.split()) or (parsed.name if parsed and parsed.name else "")
    if parsed is not None or name.strip():
        problem = name_problem(final_name)
        if problem and not final_name:
            problem = "Give the deck a name here, or a “Name:” line in the text."
        if problem:
            errors["name"] = [problem]
    if not errors and parsed is not None:
        try:
            deck = deck_create(
                owner=signed_in_user(request.user),
                name=final_name,
                characters=parsed.characters,
                cards=parsed.cards,
            )
        except DomainError as exc:
            errors[exc.field if exc.field == "name" else "text"] = [exc.message]
        else:
            messages.success(request, f"Imported “{deck.name}”.")
            return redirect("decks_web:detail", pk=deck.pk)
    return _render_list(
        request, import_text=text, import_name=name, errors=errors, lines=lines, status=FORM_ERRORS_STATUS
    )


# --- the builder --------------------------------------------------------------------------------


def _check_context(request: HttpRequest, draft: DeckDraft, catalog: Catalog) -> dict[str, Any] | None:
    """The "can I build this from my collection?" answer for the draft (docs/rules/eredan.md §2.9)."""
    if not draft.collection:
        draft.error("collection", "Choose a collection.")
        return None
    try:
        collection = collection_get(user=request.user, pk=draft.collection)
    except NotFoundError:
        draft.error("collection", "No such collection.")
        return None
    check = deck_can_build(collection=collection, characters=draft.characters, cards=draft.cards)
    return {
        "collection": collection,
        "can_build": check.can_build,
        "missing": missing_rows(check.missing, catalog),
        "missing_total": sum(check.missing.values()),
    }


def _builder_context(
    request: HttpRequest,
    *,
    draft: DeckDraft,
    deck: Deck | None,
    check: dict[str, Any] | None = None,
) -> dict[str, Any]:
    catalog, names = get_catalog(), get_names()
    result: ValidationResult = deck_validate(characters=draft.characters, cards=draft.cards, catalog=catalog)
    panel = result_view(result, size=draft.size, catalog=catalog, names=names)
    if deck is not None:
        characters, cards = deck_slugs(deck)
        saved = draft_from_deck(name=deck.name, characters=characters, cards=cards).snapshot()
        dirty = not draft.clean or draft.snapshot() != saved
    else:
        dirty = bool(draft.characters or draft.typed or draft.name.strip())
    collections = (
        list(collection_list(user=request.user).filter(owner_id=request.user.pk))
        if request.user.is_authenticated
        else []
    )
    if not draft.collection:
        default = next((c for c in collections if c.is_default), collections[0] if collections else None)
        draft.collection = str(default.pk) if default is not None else ""
    if deck is None:
        save_url, edit_url = reverse("decks_web:new"), reverse("decks_web:new_edit")
    else:
        save_url = reverse("decks_web:detail", args=[deck.pk])
        edit_url = reverse("decks_web:edit", args=[deck.pk])
    rows = card_rows(
        typed=draft.typed,
        counts=draft.cards,
        errors=draft.errors,
        flagged=panel.flagged,
        catalog=catalog,
        names=names,
    )
    return {
        "nav": "decks",
        "deck": deck,
        "draft": draft,
        "dirty": dirty,
        "result": panel,
        "slots": character_slots(
            slots=draft.slots, errors=draft.errors, flagged=panel.flagged, catalog=catalog, names=names
        ),
        "groups": character_groups(catalog, names),
        "rows": rows,
        "row_groups": grouped_rows(rows, draft.cards, catalog),
        "stats": stats_view(draft.cards, catalog, names),
        "form_errors": draft.errors.get(FORM, []),
        "collections": collections,
        "check": check,
        "save_url": save_url,
        "edit_url": edit_url,
        "share_url": (
            request.build_absolute_uri(reverse("decks_web:public", args=[deck.pk]))
            if deck is not None
            else ""
        ),
        "max_name": MAX_NAME_LENGTH,
        "card_prefix": CARD_PREFIX,
    }


def _picker_context(request: HttpRequest) -> dict[str, Any]:
    catalog, names = get_catalog(), get_names()
    query = request.GET.get("q", "")[:200]
    guild = request.GET.get("guild", "")[:100]
    kind = request.GET.get("kind", "")[:100]
    guilds, kinds = picker_choices(catalog, names)
    unknown = []
    if guild and guild not in {g.value for g in guilds}:
        unknown.append("guild")
        guild = ""
    if kind and kind not in {k.value for k in kinds}:
        unknown.append("type")
        kind = ""
    found = picker_search(catalog=catalog, names=names, query=query, guild=guild, kind=kind)
    return {
        "picker": found,
        "picker_q": query,
        "picker_guild": guild,
        "picker_kind": kind,
        "picker_guilds": guilds,
        "picker_kinds": kinds,
        "picker_unknown": unknown,
    }


def _render_builder(
    request: HttpRequest,
    *,
    draft: DeckDraft,
    deck: Deck | None,
    check: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    context = _builder_context(request, draft=draft, deck=deck, check=check)
    context.update(_picker_context(request))
    return render(request, "decks/web/builder.html", context, status=status)


def _apply_domain_error(draft: DeckDraft, exc: DomainError) -> None:
    """Put a service's refusal beside the field it names."""
    for item in exc.errors:
        field = item.field or ""
        message = item.message
        if field == "name":
            draft.error("name", message)
        elif field.startswith("cards."):
            draft.error(CARD_PREFIX + field[len("cards.") :], message)
        else:
            draft.error(FORM, message)


def _save(request: HttpRequest, deck: Deck | None) -> HttpResponse:
    catalog = get_catalog()
    draft = draft_from_post(_post_lists(request), catalog=catalog)
    problem = name_problem(draft.name)
    if problem:
        draft.error("name", problem)
    if draft.errors or not draft.clean:
        draft.error(FORM, "Nothing was saved: correct the fields marked below.")
        return _render_builder(request, draft=draft, deck=deck, status=FORM_ERRORS_STATUS)
    try:
        if deck is None:
            deck = deck_create(
                owner=signed_in_user(request.user),
                name=draft.name,
                characters=draft.characters,
                cards=draft.cards,
            )
        else:
            deck = deck_update(
                deck=deck,
                name=draft.name,
                characters=draft.characters,
                cards=draft.cards,
                author=signed_in_user(request.user),
            )
    except DomainError as exc:
        _apply_domain_error(draft, exc)
        draft.error(FORM, "Nothing was saved.")
        return _render_builder(request, draft=draft, deck=deck, status=FORM_ERRORS_STATUS)
    state = "valid" if deck.is_valid else "saved as a draft: it breaks some rules"
    messages.success(request, f"Saved “{deck.name}” ({state}).")
    return redirect("decks_web:detail", pk=deck.pk)


@signed_in
@require_http_methods(["GET", "POST"])
def deck_new(request: HttpRequest) -> HttpResponse:
    """An empty builder; Save creates the deck."""
    if request.method == "POST":
        return _save(request, None)
    return _render_builder(request, draft=DeckDraft(), deck=None)


@signed_in
@require_http_methods(["GET", "POST"])
def deck_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Your deck in the builder (POST saves it); a public deck of someone else (a demo deck)
    read-only, with Duplicate; anyone else's deck: 404."""
    if request.method == "POST":
        return _save(request, deck_writable(request, pk))
    deck = deck_readable(request, pk)
    if can_edit(request, deck):
        characters, cards = deck_slugs(deck)
        draft = draft_from_deck(name=deck.name, characters=characters, cards=cards)
        return _render_builder(request, draft=draft, deck=deck)
    return _render_readonly(request, deck)


def _edit(request: HtmxRequest, deck: Deck | None) -> HttpResponse:
    catalog = get_catalog()
    draft = draft_from_post(_post_lists(request), catalog=catalog)
    op = request.POST.get("op", "refresh")[:200]
    draft_apply(draft, op, catalog=catalog)
    check = _check_context(request, draft, catalog) if op == "check" else None
    if not request.htmx:
        return _render_builder(request, draft=draft, deck=deck, check=check)
    context = _builder_context(request, draft=draft, deck=deck, check=check)
    # What the user changes while this request is on its way must survive the swap: the fields
    # are kept as they are in the page (htmx ``hx-preserve``), except those the button changed.
    context["preserve"] = op != "import"
    context["fresh"] = op.partition(":")[2] if op.startswith(("add:", "sub:")) else ""
    return render(request, "decks/web/_editor.html", context)


@signed_in
@require_POST
def deck_new_edit(request: HtmxRequest) -> HttpResponse:
    """The new deck's editor after a change (nothing is written)."""
    return _edit(request, None)


@signed_in
@require_POST
def deck_edit(request: HtmxRequest, pk: int) -> HttpResponse:
    """Your deck's editor after a change (nothing is written until Save)."""
    return _edit(request, deck_writable(request, pk))


@signed_in
@require_GET
def card_picker(request: HttpRequest) -> HttpResponse:
    """The card picker's results (search by name, filter by guild and type); their Add buttons
    post to the editor of ``?deck=`` (a deck id, or ``new``)."""
    context = _picker_context(request)
    deck = request.GET.get("deck", "")
    if deck.isascii() and deck.isdigit() and 0 < int(deck) <= MAX_PK:
        context["edit_url"] = reverse("decks_web:edit", args=[int(deck)])
    else:
        context["edit_url"] = reverse("decks_web:new_edit")
    return render(request, "decks/web/_picker.html", context)


# --- a deck you may read but not change --------------------------------------------------------


def _render_readonly(request: HttpRequest, deck: Deck, *, shared: bool = False) -> HttpResponse:
    catalog = get_catalog()
    characters, cards = deck_slugs(deck)
    draft = draft_from_deck(name=deck.name, characters=characters, cards=cards)
    draft.collection = request.GET.get("collection", "")[:20]
    check = (
        _check_context(request, draft, catalog)
        if "collection" in request.GET and request.user.is_authenticated
        else None
    )
    context = _builder_context(request, draft=draft, deck=deck, check=check)
    context["readonly"] = True
    context["shared"] = shared
    context["own"] = deck.owner_id is not None and deck.owner_id == request.user.pk
    context["characters"] = [
        (slot, catalog.characters[slot.selected]) for slot in context["slots"] if slot.selected
    ]
    return render(request, "decks/web/readonly.html", context)


@require_GET
def deck_public(request: HttpRequest, pk: int) -> HttpResponse:
    """A public deck's read-only page, for anyone, signed in or not (the share link); a private
    deck is 404 to everyone but its owner, who sees the page others would see once it is public."""
    deck = deck_readable(request, pk)
    if not deck.is_public and deck.owner_id != request.user.pk:
        raise Http404("No such deck.")
    return _render_readonly(request, deck, shared=True)


@signed_in
@require_POST
def deck_visibility(request: HttpRequest, pk: int) -> HttpResponse:
    """Make your deck public (anyone with its link may read and copy it) or private again."""
    deck = deck_writable(request, pk)
    public = request.POST.get("public") == "1"
    try:
        deck = deck_update(deck=deck, is_public=public)
    except DomainError as exc:
        messages.error(request, exc.message)
    else:
        if public:
            messages.success(request, f"“{deck.name}” is public: anyone with its link can read and copy it.")
        else:
            messages.success(request, f"“{deck.name}” is private again: its link is “Not found” for others.")
    return redirect("decks_web:detail", pk=deck.pk)


# --- export, duplicate, delete ------------------------------------------------------------------


@require_GET
def deck_export(request: HttpRequest, pk: int) -> HttpResponse:
    """The saved deck in the deck text format, as a download (a public deck: for anyone)."""
    deck = deck_readable(request, pk)
    # [decision] French (the game's names, the format's own) until the visitor picks a card
    # language with the switch; then that language (either reads back to the same deck).
    lang = card_lang(request) if COOKIE in request.COOKIES else "fr"
    response = HttpResponse(deck_export_text(deck=deck, lang=lang), content_type="text/plain; charset=utf-8")
    filename = (slugify(deck.name) or "deck")[:80] + ".txt"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def copy_name(name: str) -> str:
    suffix = " (copy)"
    return name[: MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix


@signed_in
@require_POST
def deck_duplicate(request: HttpRequest, pk: int) -> HttpResponse:
    """A copy of a deck you may read (yours, or a demo deck), saved as yours."""
    deck = deck_readable(request, pk)
    characters, cards = deck_slugs(deck)
    copy = deck_create(
        owner=signed_in_user(request.user), name=copy_name(deck.name), characters=characters, cards=cards
    )
    messages.success(request, f"“{deck.name}” copied into your decks as “{copy.name}”.")
    return HttpResponseRedirect(reverse("decks_web:detail", args=[copy.pk]))


@signed_in
@require_http_methods(["GET", "POST"])
def deck_delete_page(request: HttpRequest, pk: int) -> HttpResponse:
    """Asks first (GET); POST deletes."""
    deck = deck_writable(request, pk)
    if request.method == "POST":
        name = deck.name
        deck_delete(deck=deck)
        messages.success(request, f"Deleted “{name}”.")
        return redirect("decks_web:list")
    return render(request, "decks/web/delete.html", {"nav": "decks", "deck": deck})
