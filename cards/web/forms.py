"""Forms of the card pages: they parse and validate what a page sends; the rules stay in the services."""

from __future__ import annotations

from typing import Any

from django import forms

from cards.collection.services.copies import MAX_COPIES_PER_REQUEST
from cards.collection.xp import CARD, CHARACTER
from cards.domain.text import Lang
from cards.web.selectors import DEFAULT_SORT, SORTS, BrowserQuery, Entry, browser_choices, entry_resolve

KIND_CHOICES = [("", "Characters and cards"), (CHARACTER, "Characters"), (CARD, "Cards")]
UNIQUE_CHOICES = [("", "Any"), ("true", "Unique only"), ("false", "Not unique")]
#: Browser form fields passed on to the API's filter sets, under the API's parameter names.
FILTER_FIELDS = ("type", "guild", "class", "race", "caste", "level", "unique", "rarity", "set")
#: How results are shown: a table, or a grid of card faces.
VIEW_CHOICES = [("", "List"), ("grid", "Card faces")]


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
    sort = forms.ChoiceField(
        required=False,
        label="Sort by",
        choices=[(k if k != DEFAULT_SORT else "", v[0]) for k, v in SORTS.items()],
    )
    view = forms.ChoiceField(required=False, choices=VIEW_CHOICES, label="View")
    page = forms.IntegerField(required=False, min_value=1, max_value=1_000_000, widget=forms.HiddenInput)

    def __init__(self, *args: Any, lang: Lang = "en", **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lang = lang
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
        # Caste, rarity and set only where the data has them (the bundled set has no rarity).
        for name, label, any_label, values in (
            ("caste", "Caste", "Any caste", choices.castes),
            ("rarity", "Rarity", "Any rarity", choices.rarities),
            ("set", "Set", "Any set", choices.sets),
        ):
            if values or self.data.get(name):
                self.fields[name] = forms.ChoiceField(
                    required=False, label=label, choices=[("", any_label), *values]
                )
        order = ["q", "text", "kind", "type", "guild", "class", "race", "caste", "level", "unique", "rarity",
                 "set", "sort", "view", "page"]  # fmt: skip
        self.order_fields(order)

    def _choices(self, name: str, choices: list[tuple[str, str]]) -> None:
        field = self.fields[name]
        assert isinstance(field, forms.ChoiceField)
        field.choices = choices

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("kind") == CHARACTER and data.get("type"):
            self.add_error("type", "Characters have no card type: show cards, or any type.")
        if data.get("kind") == CARD and data.get("caste"):
            self.add_error("caste", "Cards have no caste: show characters, or any caste.")
        if data.get("type") and data.get("caste"):
            self.add_error("caste", "A caste is a character's, a card type a card's: choose one of them.")
        return data

    def query(self) -> BrowserQuery:
        data = self.cleaned_data
        return BrowserQuery(
            name=data["q"],
            text=data["text"],
            kind=data["kind"],
            filters={name: data[name] for name in FILTER_FIELDS if data.get(name)},
            sort=data.get("sort") or DEFAULT_SORT,
            lang=self.lang,
        )

    @property
    def grid(self) -> bool:
        """Show the results as a grid of card faces."""
        return self.is_bound and self.data.get("view") == "grid"

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
