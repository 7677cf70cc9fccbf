"""Forms of the card pages: they parse and validate what a page sends; the rules stay in the services."""

from __future__ import annotations

from typing import Any

from django import forms

from cards.collection.services.copies import MAX_COPIES_PER_REQUEST
from cards.collection.xp import CARD, CHARACTER
from cards.web.selectors import BrowserQuery, Entry, browser_choices, entry_resolve

KIND_CHOICES = [("", "Characters and cards"), (CHARACTER, "Characters"), (CARD, "Cards")]
UNIQUE_CHOICES = [("", "Any"), ("true", "Unique only"), ("false", "Not unique")]
#: Browser form fields passed on to the API's filter sets, under the API's parameter names.
FILTER_FIELDS = ("type", "guild", "class", "race", "level", "unique")


class CardBrowserForm(forms.Form):
    """The card browser's search and filters (a GET form). The filters mean what the API's do."""

    q = forms.CharField(required=False, max_length=100, label="Name")
    text = forms.CharField(required=False, max_length=100, label="Rules text")
    kind = forms.ChoiceField(required=False, choices=KIND_CHOICES, label="Show")
    type = forms.ChoiceField(required=False, label="Card type")
    guild = forms.ChoiceField(required=False, label="Guild")
    race = forms.ChoiceField(required=False, label="Race")
    level = forms.ChoiceField(required=False, label="Level")
    unique = forms.ChoiceField(required=False, choices=UNIQUE_CHOICES, label="Unique")
    page = forms.IntegerField(required=False, min_value=1, max_value=1_000_000, widget=forms.HiddenInput)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = browser_choices()
        self._choices("type", [("", "Any type"), *choices.types])
        self._choices("guild", [("", "Any guild"), *choices.guilds])
        # "class" is a Python keyword: the field is added by name (the API's parameter is ?class=).
        self.fields["class"] = forms.ChoiceField(
            required=False,
            label="Class",
            choices=[("", "Any class"), *choices.classes],
        )
        self._choices("race", [("", "Any race"), *choices.races])
        self._choices("level", [("", "Any level"), *choices.levels])
        order = ["q", "text", "kind", "type", "guild", "class", "race", "level", "unique", "page"]
        self.order_fields(order)

    def _choices(self, name: str, choices: list[tuple[str, str]]) -> None:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        field.choices = choices

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("kind") == CHARACTER and data.get("type"):
            self.add_error("type", "Characters have no card type: show cards, or any type.")
        return data

    def query(self) -> BrowserQuery:
        data = self.cleaned_data
        return BrowserQuery(
            name=data["q"],
            text=data["text"],
            kind=data["kind"],
            filters={name: data[name] for name in FILTER_FIELDS if data.get(name)},
        )

    @property
    def is_filtered(self) -> bool:
        return self.is_bound and any(self.data.get(name) for name in ("q", "text", "kind", *FILTER_FIELDS))


class CopyListForm(forms.Form):
    """Which copies a collection page shows (kept by every action, so the page comes back the same)."""

    kind = forms.ChoiceField(
        required=False, choices=[("", "All"), (CHARACTER, "Characters"), (CARD, "Cards")], label="Show"
    )
    page = forms.IntegerField(required=False, min_value=1, max_value=1_000_000, label="Page")

    def state(self) -> tuple[str, int]:
        """(kind, page): what was asked, or the defaults where it was not valid."""
        if self.is_valid():
            return self.cleaned_data["kind"] or "", self.cleaned_data["page"] or 1
        kind = self.data.get("kind", "")
        return (kind if kind in (CHARACTER, CARD) else ""), 1


class AddCopiesForm(forms.Form):
    card = forms.CharField(
        max_length=200,
        label="Card or character",
        help_text="Its name (the first level) or its slug, e.g. iro-2.",
    )
    count = forms.IntegerField(min_value=1, max_value=MAX_COPIES_PER_REQUEST, initial=1, label="Copies")

    def clean_card(self) -> Entry:
        value = self.cleaned_data["card"]
        entry = entry_resolve(value=value)
        if entry is None:
            raise forms.ValidationError(
                f"No card or character is named {value!r} or has that slug.", code="unknown_card"
            )
        return entry


class ApplyXpForm(forms.Form):
    xp_card = forms.IntegerField(
        min_value=1, label="XP card", error_messages={"required": "Choose an XP card."}
    )
