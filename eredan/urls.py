"""Root URLs: the pages (one ``web`` package per app), the admin, the API (one router per app) and
its schema and docs."""

from __future__ import annotations

from django.contrib import admin
from django.urls import include, path

from eredan import web
from eredan.api.views import ApiRootView, DocsView, SchemaView

urlpatterns = [
    path("", web.home, name="home"),
    path("language/", web.card_language_set, name="card-language"),
    path("accounts/login/", web.SignInView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("cards.web.urls")),
    path("", include("decks.web.urls")),
    path("", include("simulator.web.urls")),
    path("admin/", admin.site.urls),
    path("api/", ApiRootView.as_view(), name="api-root"),
    path("api/schema/", SchemaView.as_view(), name="schema"),
    path("api/docs/", DocsView.as_view(url_name="schema"), name="api-docs"),
    path("api/", include("cards.urls")),
    path("api/", include("cards.collection.urls")),
    path("api/", include("decks.urls")),
    path("api/", include("simulator.urls")),
]

handler400 = "eredan.api.errors.json_400"
handler403 = "eredan.api.errors.json_403"
handler404 = "eredan.api.errors.json_404"
handler500 = "eredan.api.errors.json_500"
