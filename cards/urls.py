"""API routes of the cards app (mounted under /api/)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path
from rest_framework.views import APIView

from cards.api import views

REFERENCE_ROUTES: tuple[tuple[str, str, type[APIView], type[APIView]], ...] = (
    ("guilds", "guild", views.GuildListView, views.GuildDetailView),
    ("castes", "caste", views.CasteListView, views.CasteDetailView),
    ("classes", "class", views.ClassListView, views.ClassDetailView),
    ("races", "race", views.RaceListView, views.RaceDetailView),
    ("card-types", "card-type", views.CardTypeListView, views.CardTypeDetailView),
    ("rarities", "rarity", views.RarityListView, views.RarityDetailView),
    ("sets", "set", views.CardSetListView, views.CardSetDetailView),
)

urlpatterns: list[URLPattern | URLResolver] = [
    path("characters/", views.CharacterListView.as_view(), name="character-list"),
    path("characters/<slug:slug>/", views.CharacterDetailView.as_view(), name="character-detail"),
    path("cards/", views.CardListView.as_view(), name="card-list"),
    path("cards/<slug:slug>/", views.CardDetailView.as_view(), name="card-detail"),
    path("families/", views.FamilyListView.as_view(), name="family-list"),
    path("families/<slug:slug>/", views.FamilyDetailView.as_view(), name="family-detail"),
]
for prefix, name, list_view, detail_view in REFERENCE_ROUTES:
    urlpatterns += [
        path(f"{prefix}/", list_view.as_view(), name=f"{name}-list"),
        path(f"{prefix}/<slug:slug>/", detail_view.as_view(), name=f"{name}-detail"),
    ]
