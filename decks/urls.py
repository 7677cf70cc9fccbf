"""API routes of the decks app (mounted under /api/)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from decks import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("decks/", views.DeckListView.as_view(), name="deck-list"),
    path("decks/validate/", views.DeckValidateView.as_view(), name="deck-validate"),
    path("decks/validate/bulk/", views.DeckValidateBulkView.as_view(), name="deck-validate-bulk"),
    path("decks/<int:pk>/", views.DeckDetailView.as_view(), name="deck-detail"),
    path("decks/<int:pk>/export/", views.DeckExportView.as_view(), name="deck-export"),
]
