"""The card pages: the card browser, a card's page, "My collection" and its actions (htmx)."""

from __future__ import annotations

from django.urls import path

from cards.web import views

app_name = "cards_web"
C = "collection/<int:collection_pk>"
urlpatterns = [
    path("cards/", views.browser, name="browser"),
    path("cards/<slug:slug>/", views.card_detail, name="card"),
    path("cards/<slug:slug>/face.svg", views.card_face, name="face"),
    path("collection/", views.collection_default, name="collection"),
    path("collection/add/", views.collection_add_default, name="collection-add-default"),
    path(f"{C}/", views.collection_detail, name="collection-detail"),
    path(f"{C}/add/", views.collection_add, name="collection-add"),
    path(f"{C}/copies/<int:copy_pk>/evolve/", views.copy_evolve, name="copy-evolve"),
    path(f"{C}/copies/<int:copy_pk>/xp/", views.copy_apply_xp, name="copy-apply-xp"),
    path(f"{C}/copies/<int:copy_pk>/remove/", views.copy_remove, name="copy-remove"),
]
