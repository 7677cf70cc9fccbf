from __future__ import annotations

from django.urls import path

from cards.web import views

app_name = "cards_web"
urlpatterns = [
    path("cards/", views.index, name="browser"),
    path("collection/", views.index, name="collection"),
]
