"""The simulation API: submit a job (202), follow it, cancel it, read and export its results.

Thin: parse with a serializer, call a service or selector, render. See docs/simulation.md.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from eredan.api.errors import body_size_check
from eredan.api.pagination import PAGINATION_PARAMETERS, Pagination, paginated
from eredan.api.parsers import JSONParser
from eredan.api.renderers import JsonErrorsMixin, renderers_for
from eredan.api.schema import ERROR_RESPONSE, ERROR_RESPONSES
from eredan.errors import DomainError, errors_capped
from eredan.users import signed_in_user
from simulator import selectors
from simulator.exports import TABLES, MissingTableError, forest_plot, heatmap, results_csv
from simulator.limits import MAX_RECORD_BYTES
from simulator.models import SimulationJob
from simulator.records import RecordError
from simulator.serializers import (
    JobCreateSerializer,
    JobDetailSerializer,
    JobOutputSerializer,
    RecordedGameSerializer,
    RecordVerdictSerializer,
    entrant_input,
)
from simulator.services.jobs import job_cancel, job_create
from simulator.services.records import record_verify


def _bool_param(request: Request, name: str, default: bool) -> bool:
    value = request.query_params.get(name)
    if value is None or value == "":
        return default
    if value.lower() in {"1", "true", "yes"}:
        return True
    if value.lower() in {"0", "false", "no"}:
        return False
    raise DomainError(f"{name} is true or false.", code="invalid", field=name)


class SimulationListView(APIView):
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="simulations_list",
        parameters=[
            OpenApiParameter("status", str, enum=list(SimulationJob.Status.values)),
            *PAGINATION_PARAMETERS,
        ],
        responses={200: paginated(JobOutputSerializer), **ERROR_RESPONSES},
        description="Your simulation jobs, newest first (without their results).",
    )
    def get(self, request: Request) -> Response:
        wanted = request.query_params.get("status") or None
        if wanted is not None and wanted not in SimulationJob.Status.values:
            raise DomainError(
                f"status is one of {', '.join(SimulationJob.Status.values)}.", code="invalid", field="status"
            )
        qs = selectors.job_list(user=request.user, status=wanted)
        paginator = Pagination()
        page = paginator.paginate_queryset(qs, request, view=self)
        jobs = list(page) if page is not None else list(qs)
        data = JobOutputSerializer(jobs, many=True, context={"request": request}).data
        return paginator.get_paginated_response(data)

    @extend_schema(
        operation_id="simulations_create",
        request=JobCreateSerializer,
        responses={202: JobDetailSerializer, 429: ERROR_RESPONSE, 503: ERROR_RESPONSE, **ERROR_RESPONSES},
        description=(
            "Submit a simulation job; 202 with the job (its URL also in `Location`). Eredan entrants "
            "bring a deck (yours, by id, or a public demo deck, by id or slug) and must be valid; the "
            "classic games' entrants are AI policies. A compare (kind compare) plays a base and its "
            "variants against a field on common random numbers (docs/lab.md); an optimize (kind optimize) "
            "searches for a better deck than its starting deck within a game budget (docs/lab.md "
            '"Optimizer"). Any problem — unknown '
            "game, policy or option, someone else's or an invalid deck, games outside 1..1,000,000 — is "
            "a 400 listing every problem, and nothing is queued."
        ),
    )
    def post(self, request: Request) -> Response:
        serializer = JobCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        job = job_create(
            record_games=data.get("record_games"),
            owner=signed_in_user(request.user),
            game=data["game"],
            kind=data["kind"],
            entrants=[entrant_input(item) for item in data["entrants"]],
            games=data["games"],
            seed=data.get("seed"),
            chunk_size=data.get("chunk_size"),
            policy=data.get("policy"),
            options=data.get("options"),
            award_experience=data["award_experience"],
            collection_id=data.get("collection"),
            field=data.get("field"),
            stop=data.get("stop"),
            keep=data.get("keep"),
            characters_may_change=data.get("characters_may_change"),
            settings=data.get("settings"),
        )
        body = JobDetailSerializer(job, context={"request": request}).data
        return Response(body, status=status.HTTP_202_ACCEPTED, headers={"Location": body["url"]})


class SimulationDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="simulations_retrieve",
        parameters=[OpenApiParameter("results", bool, description="Include the results (default true).")],
        responses={200: JobDetailSerializer, **ERROR_RESPONSES},
        description="Status, progress and ETA, and the results — partial while the job runs.",
    )
    def get(self, request: Request, pk: int) -> Response:
        job = selectors.job_get(user=request.user, pk=pk)
        context = {"request": request, "with_results": _bool_param(request, "results", True)}
        return Response(JobDetailSerializer(job, context=context).data)


class SimulationCancelView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="simulations_cancel",
        request=None,
        responses={200: JobDetailSerializer, 409: ERROR_RESPONSE, **ERROR_RESPONSES},
        description="Cancel a pending or running job (409 if it has already ended).",
    )
    def post(self, request: Request, pk: int) -> Response:
        job = selectors.job_get(user=request.user, pk=pk)
        job = job_cancel(job=job)
        return Response(JobDetailSerializer(job, context={"request": request}).data)


class SimulationResultsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="simulations_results",
        responses={200: OpenApiResponse(description="The results JSON."), **ERROR_RESPONSES},
        description="The results (final, or partial while the job runs: `partial`).",
    )
    def get(self, request: Request, pk: int) -> Response:
        job = selectors.job_get(user=request.user, pk=pk)
        return Response(selectors.job_results(job=job))


class SimulationResultsCsvView(JsonErrorsMixin, APIView):
    permission_classes = [IsAuthenticated]
    renderer_classes = renderers_for(("text/csv", "csv"))  # Accept: text/csv is not a 406

    @extend_schema(
        operation_id="simulations_results_csv",
        parameters=[OpenApiParameter("table", str, enum=list(TABLES), description="Default: summary.")],
        responses={(200, "text/csv"): OpenApiResponse(str), **ERROR_RESPONSES},
    )
    def get(self, request: Request, pk: int) -> HttpResponse:
        job = selectors.job_get(user=request.user, pk=pk)
        table = request.query_params.get("table") or "summary"
        if table not in TABLES:
            raise DomainError(f"table is one of {', '.join(TABLES)}.", code="invalid", field="table")
        try:
            text = results_csv(selectors.job_results(job=job), table)
        except MissingTableError as exc:
            raise DomainError(f"{exc}.", code="table_unavailable", field="table") from None
        response = HttpResponse(text, content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="simulation-{job.pk}-{table}.csv"'
        return response


class JobImageView(JsonErrorsMixin, APIView):
    """A picture drawn from a job's results by :attr:`draw` (partial while the job runs)."""

    permission_classes = [IsAuthenticated]
    image_format = "png"
    content_types: dict[str, str] = {"png": "image/png", "svg": "image/svg+xml"}
    #: ``draw(results, image_format)``: the picture's bytes or text.
    draw: staticmethod[[dict[str, Any], str], bytes | str]

    def get(self, request: Request, pk: int, **kwargs: Any) -> HttpResponse:
        job = selectors.job_get(user=request.user, pk=pk)
        try:
            image = self.draw(selectors.job_results(job=job), self.image_format)
        except MissingTableError as exc:
            raise DomainError(f"{exc}.", code="table_unavailable") from None
        return HttpResponse(image, content_type=self.content_types[self.image_format])


class SimulationHeatmapView(JobImageView):
    """The win-rate matrix as a heatmap image (any kind of job; partial while it runs)."""

    draw = staticmethod(heatmap)


class SimulationHeatmapPngView(SimulationHeatmapView):
    image_format = "png"
    renderer_classes = renderers_for(("image/png", "png"))  # Accept: image/png is not a 406

    @extend_schema(
        operation_id="simulations_heatmap_png",
        responses={(200, "image/png"): OpenApiResponse(bytes), **ERROR_RESPONSES},
        description="The win-rate matrix as a PNG heatmap (partial while the job runs).",
    )
    def get(self, request: Request, pk: int, **kwargs: Any) -> HttpResponse:
        return super().get(request, pk)


class SimulationHeatmapSvgView(SimulationHeatmapView):
    image_format = "svg"
    renderer_classes = renderers_for(("image/svg+xml", "svg"))  # Accept: image/svg+xml is not a 406

    @extend_schema(
        operation_id="simulations_heatmap_svg",
        responses={(200, "image/svg+xml"): OpenApiResponse(str), **ERROR_RESPONSES},
        description="The win-rate matrix as an SVG heatmap (partial while the job runs).",
    )
    def get(self, request: Request, pk: int, **kwargs: Any) -> HttpResponse:
        return super().get(request, pk)


class SimulationForestView(JobImageView):
    """A compare's differences as a forest plot (partial while it runs)."""

    draw = staticmethod(forest_plot)


class SimulationForestPngView(SimulationForestView):
    image_format = "png"
    renderer_classes = renderers_for(("image/png", "png"))  # Accept: image/png is not a 406

    @extend_schema(
        operation_id="simulations_forest_png",
        responses={(200, "image/png"): OpenApiResponse(bytes), **ERROR_RESPONSES},
        description="A compare's differences and their intervals as a PNG forest plot.",
    )
    def get(self, request: Request, pk: int, **kwargs: Any) -> HttpResponse:
        return super().get(request, pk)


class SimulationForestSvgView(SimulationForestView):
    image_format = "svg"
    renderer_classes = renderers_for(("image/svg+xml", "svg"))  # Accept: image/svg+xml is not a 406

    @extend_schema(
        operation_id="simulations_forest_svg",
        responses={(200, "image/svg+xml"): OpenApiResponse(str), **ERROR_RESPONSES},
        description="A compare's differences and their intervals as an SVG forest plot.",
    )
    def get(self, request: Request, pk: int, **kwargs: Any) -> HttpResponse:
        return super().get(request, pk)


class SimulationRecordListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="simulations_records",
        responses={200: RecordedGameSerializer(many=True), **ERROR_RESPONSES},
        description="The job's recorded games (games 0..record_games-1 of each pairing, as their "
        "chunks finish); each links to its record (docs/game-records.md).",
    )
    def get(self, request: Request, pk: int) -> Response:
        job = selectors.job_get(user=request.user, pk=pk)
        rows = selectors.job_records(job=job)
        return Response(RecordedGameSerializer(rows, many=True, context={"request": request}).data)


class SimulationRecordView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        operation_id="simulations_record",
        responses={
            200: OpenApiResponse(description="The game record (docs/game-records.md)."),
            **ERROR_RESPONSES,
        },
        description="One recorded game: an eredan-game-record, replayable with `manage.py replay` or "
        "`POST /api/records/verify/`.",
    )
    def get(self, request: Request, pk: int, pairing: int, index: int) -> Response:
        job = selectors.job_get(user=request.user, pk=pk)
        row = selectors.job_record_get(job=job, pairing=pairing, index=index)
        return Response(row.record)


#: Record errors about the record's form rather than the game: a 400, not a verdict.
SHAPE_ERRORS = frozenset({"malformed", "unsupported_format", "unknown_game"})


class RecordVerifyView(APIView):
    """Check a game record against the rules (open to anonymous clients, throttled)."""

    permission_classes = [AllowAny]
    parser_classes = [JSONParser]

    @extend_schema(
        operation_id="records_verify",
        request={"application/json": {"type": "object", "description": "An eredan-game-record."}},
        parameters=[OpenApiParameter("transcript", bool, description="Include the game told readably.")],
        responses={200: RecordVerdictSerializer, **ERROR_RESPONSES},
        description=(
            "Replay a game record (docs/game-records.md) through the engine: every action legal, every "
            "score and the result right. A well-formed record gets 200 with `valid` and, if not valid, "
            "the first `error` (`code`, `message`, `deal` and `action` indices, the `rule` it breaks). "
            "Bad JSON, a body that is not a record (wrong shape: `malformed`, with the JSON pointer in "
            "`field`; another format or version; an unknown game) or over 1 MiB gets 400."
        ),
    )
    def post(self, request: Request) -> Response:
        body_size_check(request, MAX_RECORD_BYTES)
        with_transcript = _bool_param(request, "transcript", True)
        record: Any = request.data
        try:
            replay = record_verify(record=record)
        except RecordError as exc:
            if exc.code in SHAPE_ERRORS:
                raise DomainError(exc.message, code=exc.code, field=exc.path or None) from None
            verdict: dict[str, Any] = {
                "valid": False,
                "game": record["game"],
                "error": errors_capped(exc.as_dict()),  # quotes no value whole
                "result": None,
                "deals": None,
                "actions": None,
                "transcript": None,
            }
            return Response(verdict)
        return Response(
            {
                "valid": True,
                "game": replay.game,
                "error": None,
                "result": dict(replay.result),
                "deals": replay.deals,
                "actions": replay.actions,
                "transcript": list(replay.transcript) if with_transcript else None,
            }
        )
