"""The deck pages (server-rendered, htmx): My decks, the deck builder and its actions."""

from __future__ import annotations

from django.urls import path

from decks.web import history, views

app_name = "decks_web"
urlpatterns = [
    path("decks/", views.deck_list_page, name="list"),
    path("decks/import/", views.deck_import, name="import"),
    path("decks/new/", views.deck_new, name="new"),
    path("decks/new/edit/", views.deck_new_edit, name="new_edit"),
    path("decks/cards/", views.card_picker, name="picker"),
    path("decks/<int:pk>/", views.deck_detail, name="detail"),
    path("decks/<int:pk>/edit/", views.deck_edit, name="edit"),
    path("decks/<int:pk>/public/", views.deck_public, name="public"),
    path("decks/<int:pk>/visibility/", views.deck_visibility, name="visibility"),
    path("decks/<int:pk>/export/", views.deck_export, name="export"),
    path("decks/<int:pk>/duplicate/", views.deck_duplicate, name="duplicate"),
    path("decks/<int:pk>/delete/", views.deck_delete_page, name="delete"),
    path("decks/<int:pk>/history/", history.deck_history, name="history"),
    path("decks/<int:pk>/history/diff/", history.deck_history_diff, name="history_diff"),
    path(
        "decks/<int:pk>/history/<int:number>/restore/", history.deck_history_restore, name="history_restore"
    ),
]
