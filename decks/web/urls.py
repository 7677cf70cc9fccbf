from __future__ import annotations

from django.urls import path

from decks.web import views

app_name = "decks_web"
urlpatterns = [path("decks/", views.index, name="list")]
