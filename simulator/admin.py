"""Admin of simulation jobs: everyone's jobs for staff, read-only (jobs are made by the API and
the CLI), with two actions that call the services: cancel, and dispatch again (re-send the chunks
that have no result yet, e.g. after the broker lost its messages)."""

from __future__ import annotations

from typing import Any, TypeVar

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from eredan.errors import DomainError
from simulator import selectors
from simulator.models import ChunkResult, GameRecord, SimulationEntrant, SimulationJob, SimulationPairing
from simulator.services.jobs import job_cancel, job_dispatch
from simulator.services.records import record_verify

_ChildT = TypeVar("_ChildT", bound=SimulationEntrant | SimulationPairing)


class ReadOnlyInline(admin.TabularInline[_ChildT, SimulationJob]):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class EntrantInline(ReadOnlyInline[SimulationEntrant]):
    model = SimulationEntrant
    fields = ("index", "label", "policy", "deck", "deck_name", "earns_experience")
    readonly_fields = fields


class PairingInline(ReadOnlyInline[SimulationPairing]):
    model = SimulationPairing
    fields = ("index", "a", "b", "games_done")
    readonly_fields = fields


@admin.register(SimulationJob)
class SimulationJobAdmin(admin.ModelAdmin[SimulationJob]):
    list_display = ("id", "owner", "game", "kind", "status", "games_done", "total_games", "created_at")
    list_filter = ("status", "game", "kind")
    search_fields = ("id", "owner__username", "entrants__label")
    date_hierarchy = "created_at"
    inlines = (EntrantInline, PairingInline)
    actions = ("cancel_jobs", "dispatch_jobs")
    readonly_fields = (
        "owner", "game", "kind", "options", "games", "seed", "chunk_size", "total_games", "total_chunks",
        "games_done", "chunks_done", "status", "award_experience", "collection", "catalog_version",
        "catalog_snapshot", "record_games", "error_code", "error", "created_at", "started_at", "finished_at",
        "eta", "results",
    )  # fmt: skip

    def get_queryset(self, request: HttpRequest) -> QuerySet[SimulationJob]:
        return super().get_queryset(request).select_related("owner")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="ETA (s)")
    def eta(self, obj: SimulationJob) -> str:
        eta = selectors.job_progress(job=obj).eta_seconds
        return "—" if eta is None else f"{eta:.0f}"

    @admin.action(description="Cancel the selected jobs")
    def cancel_jobs(self, request: HttpRequest, queryset: QuerySet[SimulationJob]) -> None:
        done = 0
        for job in queryset:
            try:
                job_cancel(job=job)
                done += 1
            except DomainError as exc:
                self.message_user(request, exc.message, messages.WARNING)
        self.message_user(request, f"{done} job(s) cancelled.")

    @admin.action(description="Dispatch again (re-send chunks without a result)")
    def dispatch_jobs(self, request: HttpRequest, queryset: QuerySet[SimulationJob]) -> None:
        sent = sum(job_dispatch(job_id=job.pk) for job in queryset)
        self.message_user(request, f"{sent} chunk message(s) sent.")


@admin.register(ChunkResult)
class ChunkResultAdmin(admin.ModelAdmin[ChunkResult]):
    list_display = ("job", "pairing", "chunk", "start", "stop", "seconds", "worker", "created_at")
    list_filter = ("worker",)
    search_fields = ("job__id",)
    readonly_fields = ("job", "pairing", "chunk", "start", "stop", "games", "tally", "seconds", "worker")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(GameRecord)
class GameRecordAdmin(admin.ModelAdmin[GameRecord]):
    """The recorded games of the jobs (docs/game-records.md), read-only, with their verdict."""

    list_display = ("job", "pairing", "index", "seats", "winner", "created_at")
    search_fields = ("job__id",)
    readonly_fields = ("job", "pairing", "index", "seats", "winner", "verdict", "record")

    def get_queryset(self, request: HttpRequest) -> QuerySet[GameRecord]:
        return super().get_queryset(request).select_related("job", "pairing")

    @admin.display(description="Replay")
    def verdict(self, obj: GameRecord) -> str:
        """The record checked against the rules and the card catalog it names (its job's
        snapshot), or the card database now for a record that names none."""
        from simulator.records import RecordError

        try:
            replay = record_verify(record=obj.record)
        except RecordError as exc:
            return f"does not replay: {exc}"
        return f"replays: {replay.deals} deal(s), {replay.actions} actions, result {dict(replay.result)}"

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
