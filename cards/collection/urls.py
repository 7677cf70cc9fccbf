"""API routes of collections (mounted under /api/). A deck against a collection (``can-build/``,
``import-deck/``) is routed by the decks app (decks/urls.py): decks read collections, not the other
way round."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from cards.collection import views

C = "collections/<int:collection_pk>"

urlpatterns: list[URLPattern | URLResolver] = [
    path("collections/", views.CollectionListView.as_view(), name="collection-list"),
    path(f"{C}/", views.CollectionDetailView.as_view(), name="collection-detail"),
    path(f"{C}/copies/", views.CopyListView.as_view(), name="collection-copies"),
    path(f"{C}/copies/bulk/", views.CopyBulkAddView.as_view(), name="collection-copies-bulk"),
    path(f"{C}/copies/remove/", views.CopyBulkRemoveView.as_view(), name="collection-copies-remove"),
    path(f"{C}/copies/<int:copy_pk>/", views.CopyDetailView.as_view(), name="collection-copy"),
    path(f"{C}/copies/<int:copy_pk>/grant/", views.CopyGrantView.as_view(), name="collection-copy-grant"),
    path(f"{C}/cards/", views.QuantityView.as_view(), name="collection-quantities"),
    path(f"{C}/evolve/", views.EvolveView.as_view(), name="collection-evolve"),
    path(f"{C}/consume/", views.ConsumeView.as_view(), name="collection-consume"),
    path(f"{C}/experience/", views.ExperienceLogView.as_view(), name="collection-experience"),
    path(f"{C}/export/", views.ExportView.as_view(), name="collection-export"),
    path(f"{C}/import/", views.CsvImportView.as_view(), name="collection-import"),
]
