"""The simulation pages: start a job, follow its progress, read its results (server-rendered, htmx)."""

from __future__ import annotations

from django.urls import path

from simulator.web import panels, viewer, views

app_name = "simulator_web"
urlpatterns = [
    path("simulations/", views.index, name="list"),
    path("simulations/progress/", views.list_progress, name="list_progress"),
    path("simulations/new/", views.new, name="new"),
    path("simulations/compare/", views.compare_new, name="compare"),
    path("simulations/optimize/", views.optimize_new, name="optimize"),
    path("simulations/versions/<int:pk>/", panels.version_compare_panel, name="version_compare"),
    path("simulations/versions/<int:pk>/start/", panels.version_compare_start, name="version_compare_start"),
    path("simulations/acquire/<int:pk>/", panels.acquire_panel, name="acquire_panel"),
    path("simulations/acquire/<int:pk>/start/", panels.acquire_start, name="acquire_start"),
    path("simulations/<int:pk>/", views.detail, name="detail"),
    path("simulations/<int:pk>/progress/", views.progress, name="progress"),
    path("simulations/<int:pk>/cancel/", views.cancel, name="cancel"),
    path("simulations/<int:pk>/records/<int:pairing>/<int:index>/", viewer.job_record, name="record"),
    path("records/view/", viewer.upload, name="record_upload"),
]
