"""API routes of the simulator app (mounted under /api/)."""

from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from simulator import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("simulations/", views.SimulationListView.as_view(), name="simulation-list"),
    path("simulations/<int:pk>/", views.SimulationDetailView.as_view(), name="simulation-detail"),
    path("simulations/<int:pk>/cancel/", views.SimulationCancelView.as_view(), name="simulation-cancel"),
    path("simulations/<int:pk>/results/", views.SimulationResultsView.as_view(), name="simulation-results"),
    path(
        "simulations/<int:pk>/results.csv",
        views.SimulationResultsCsvView.as_view(),
        name="simulation-results-csv",
    ),
    path(
        "simulations/<int:pk>/heatmap.png",
        views.SimulationHeatmapPngView.as_view(),
        name="simulation-heatmap-png",
    ),
    path(
        "simulations/<int:pk>/heatmap.svg",
        views.SimulationHeatmapSvgView.as_view(),
        name="simulation-heatmap-svg",
    ),
    path(
        "simulations/<int:pk>/forest.png",
        views.SimulationForestPngView.as_view(),
        name="simulation-forest-png",
    ),
    path(
        "simulations/<int:pk>/forest.svg",
        views.SimulationForestSvgView.as_view(),
        name="simulation-forest-svg",
    ),
    path(
        "simulations/<int:pk>/records/", views.SimulationRecordListView.as_view(), name="simulation-records"
    ),
    path(
        "simulations/<int:pk>/records/<int:pairing>/<int:index>/",
        views.SimulationRecordView.as_view(),
        name="simulation-record",
    ),
    path("records/verify/", views.RecordVerifyView.as_view(), name="records-verify"),
]
