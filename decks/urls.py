"""API routes of the decks app (mounted under /api/)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from decks import views

C = "collections/<int:collection_pk>"

urlpatterns: list[URLPattern | URLResolver] = [
    path("decks/", views.DeckListView.as_view(), name="deck-list"),
    path("decks/validate/", views.DeckValidateView.as_view(), name="deck-validate"),
    path("decks/validate/bulk/", views.DeckValidateBulkView.as_view(), name="deck-validate-bulk"),
    path("decks/<int:pk>/", views.DeckDetailView.as_view(), name="deck-detail"),
    path("decks/<int:pk>/export/", views.DeckExportView.as_view(), name="deck-export"),
    path("decks/<int:pk>/versions/", views.DeckVersionListView.as_view(), name="deck-versions"),
    path(
        "decks/<int:pk>/versions/<int:number>/",
        views.DeckVersionDetailView.as_view(),
        name="deck-version-detail",
    ),
    path(
        "decks/<int:pk>/versions/<int:number>/export/",
        views.DeckVersionExportView.as_view(),
        name="deck-version-export",
    ),
    path(
        "decks/<int:pk>/versions/<int:number>/restore/",
        views.DeckVersionRestoreView.as_view(),
        name="deck-version-restore",
    ),
    path("decks/<int:pk>/diff/", views.DeckDiffView.as_view(), name="deck-diff"),
    # a deck and one of your collections (decks read collections, never the other way round)
    path(f"{C}/import-deck/", views.DeckImportView.as_view(), name="collection-import-deck"),
    path(f"{C}/can-build/", views.CanBuildView.as_view(), name="collection-can-build"),
]
