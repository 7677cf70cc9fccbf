from __future__ import annotations

from django.urls import path

from simulator.web import views

app_name = "simulator_web"
urlpatterns = [path("simulations/", views.index, name="list")]
