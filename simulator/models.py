"""Simulation jobs: a batch of games (matchup, gauntlet, round robin) played by Celery workers.

A job has its entrants (with a snapshot of each deck's composition at submission: the job plays
what was submitted, whatever happens to the deck afterwards), its pairings (each with the running
tally of its finished chunks, for partial results) and one :class:`ChunkResult` per chunk played —
unique per (job, pairing, chunk), so a redelivered chunk cannot count twice.

Logic lives in ``services/`` and ``selectors.py``; these models hold data and constraints.
"""

from __future__ import annotations

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.db.models import F, Q

from simulator.engine.batch import GAUNTLET, MATCHUP, ROUND_ROBIN
from simulator.lab.acquire import ACQUIRE
from simulator.lab.compare import COMPARE
from simulator.lab.optimize import OPTIMIZE
from simulator.limits import MAX_LABEL_LENGTH


class SimulationJob(models.Model):
    class Kind(models.TextChoices):
        MATCHUP = MATCHUP, "matchup"
        GAUNTLET = GAUNTLET, "gauntlet"
        ROUND_ROBIN = ROUND_ROBIN, "round robin"
        COMPARE = COMPARE, "compare"
        OPTIMIZE = OPTIMIZE, "optimize"
        ACQUIRE = ACQUIRE, "what to get next"

    class Status(models.TextChoices):
        PENDING = "pending"
        RUNNING = "running"
        DONE = "done"
        FAILED = "failed"
        CANCELLED = "cancelled"

    ACTIVE = (Status.PENDING, Status.RUNNING)

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="simulation_jobs",
        help_text="Empty for jobs submitted from the command line without --user.",
    )
    game = models.CharField(max_length=20)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.MATCHUP)
    options = models.JSONField(default=dict, blank=True, help_text="The game's options.")
    games = models.PositiveIntegerField(help_text="Games per pairing.")
    seed = models.PositiveBigIntegerField()
    chunk_size = models.PositiveIntegerField()
    total_games = models.PositiveIntegerField()
    total_chunks = models.PositiveIntegerField()
    games_done = models.PositiveIntegerField(default=0)
    chunks_done = models.PositiveIntegerField(default=0)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    award_experience = models.BooleanField(default=False)
    record_games = models.PositiveSmallIntegerField(
        default=0, help_text="Games 0 .. n-1 of each pairing are recorded (docs/game-records.md)."
    )
    collection = models.ForeignKey(
        "collection.Collection",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="Where the experience goes (award_experience); an optimize: the collection whose "
        "copies bound every deck (its copies as submitted are in ``search``).",
    )
    catalog_version = models.CharField(
        max_length=64,
        blank=True,
        help_text="The card catalog the decks were checked at: its snapshot's digest (a job submitted "
        "before catalogs were snapshotted: the version token of the card database then).",
    )
    catalog_snapshot = models.ForeignKey(
        "cards.CatalogSnapshot",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The card catalog the job plays, frozen when it was submitted (games with decks).",
    )
    stop = models.JSONField(
        null=True,
        blank=True,
        help_text='A sequential compare\'s stop rule: {"margin": m, "first_round": games per arm}.',
    )
    rounds_done = models.PositiveSmallIntegerField(
        default=0,
        help_text="A compare: rounds whose chunks are all recorded and whose stop decision is taken.",
    )
    stop_reason = models.CharField(
        max_length=20, blank=True, help_text="Why a compare ended: resolved, budget or fixed."
    )
    search = models.JSONField(
        null=True,
        blank=True,
        editable=False,
        help_text="An optimize or acquire: what it was asked (settings, kept cards, characters may change, "
        "the collection's copies as submitted).",
    )
    search_state = models.JSONField(
        null=True,
        blank=True,
        editable=False,
        help_text="An optimize or acquire: where the search stands (its state, and the number of the "
        "first chunk of the work it waits for); moved only under the job row's lock.",
    )
    results = models.JSONField(null=True, blank=True, editable=False)
    error = models.TextField(blank=True)
    error_code = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["-created_at", "-id"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.CheckConstraint(condition=Q(games__gte=1), name="simjob_games_positive"),
            models.CheckConstraint(condition=Q(chunk_size__gte=1), name="simjob_chunk_size_positive"),
            models.CheckConstraint(
                condition=Q(games_done__lte=F("total_games")), name="simjob_games_done_bounded"
            ),
            models.CheckConstraint(
                condition=Q(chunks_done__lte=F("total_chunks")), name="simjob_chunks_done_bounded"
            ),
        ]
        indexes: ClassVar[list[models.Index]] = [
            models.Index(fields=["owner", "-created_at"], name="simjob_owner_created"),
            models.Index(fields=["status"], name="simjob_status"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.game} {self.kind} ({self.status})"

    @property
    def is_active(self) -> bool:
        return self.status in self.ACTIVE


class SimulationEntrant(models.Model):
    """One contestant of a job: its AI policy and, for Eredan, the deck as it was submitted. In a
    compare: the base, a variant (``swaps``: the swap that made it from the base) or an opponent
    of the field (with its ``weight``)."""

    class Role(models.TextChoices):
        ENTRANT = "entrant"
        BASE = "base"
        VARIANT = "variant"
        FIELD = "field"

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="entrants")
    index = models.PositiveSmallIntegerField()
    label = models.CharField(max_length=MAX_LABEL_LENGTH)
    policy = models.CharField(max_length=40)
    deck = models.ForeignKey(
        "decks.Deck",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The deck submitted (kept for reference; the job plays the snapshot).",
    )
    deck_name = models.CharField(max_length=100, blank=True)
    deck_slug = models.CharField(max_length=100, blank=True)
    characters = models.JSONField(default=list, blank=True, help_text="Character slugs, in order.")
    cards = models.JSONField(default=dict, blank=True, help_text="Card slug → count.")
    earns_experience = models.BooleanField(
        default=False, help_text="The job owner's own deck: its games award experience (if asked)."
    )
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.ENTRANT)
    weight = models.FloatField(default=1.0, help_text="A compare's field: the opponent's weight.")
    swaps = models.JSONField(null=True, blank=True, help_text='A variant made by {"out": …, "in": …}.')
    deck_version = models.PositiveIntegerField(
        null=True, blank=True, help_text="The deck's version played (its number), when one was asked for."
    )

    class Meta:
        ordering: ClassVar[list[str]] = ["job_id", "index"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["job", "index"], name="simentrant_job_index_unique"),
        ]

    def __str__(self) -> str:
        return f"#{self.job_id}.{self.index} {self.label}"


class SimulationPairing(models.Model):
    """Entrant ``a`` (side A) against entrant ``b``, with the running tally of its finished chunks
    (updated in the same transaction as each chunk's row: partial results while the job runs)."""

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="pairings")
    index = models.PositiveIntegerField()
    a = models.PositiveSmallIntegerField()
    b = models.PositiveSmallIntegerField()
    games_done = models.PositiveIntegerField(default=0)
    tally = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        ordering: ClassVar[list[str]] = ["job_id", "index"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["job", "index"], name="simpairing_job_index_unique"),
        ]

    def __str__(self) -> str:
        return f"#{self.job_id} pairing {self.index}: {self.a} vs {self.b}"


class ChunkResult(models.Model):
    """The tally of one chunk's games, written exactly once."""

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="chunks")
    pairing = models.ForeignKey(SimulationPairing, on_delete=models.CASCADE, related_name="chunks")
    chunk = models.PositiveIntegerField()
    start = models.PositiveIntegerField()
    stop = models.PositiveIntegerField()
    games = models.PositiveIntegerField()
    tally = models.JSONField()
    seconds = models.FloatField(help_text="Time spent playing the chunk's games.")
    worker = models.CharField(max_length=200, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["job_id", "pairing_id", "chunk"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["job", "pairing", "chunk"], name="simchunk_unique"),
            models.CheckConstraint(condition=Q(stop__gt=F("start")), name="simchunk_range_nonempty"),
            models.CheckConstraint(condition=Q(games=F("stop") - F("start")), name="simchunk_games_match"),
        ]

    def __str__(self) -> str:
        return f"#{self.job_id} pairing {self.pairing_id} chunk {self.chunk} [{self.start}, {self.stop})"


class GameRecord(models.Model):
    """The record (docs/game-records.md) of one sampled game of a job, written with its chunk."""

    job = models.ForeignKey(SimulationJob, on_delete=models.CASCADE, related_name="records")
    pairing = models.ForeignKey(SimulationPairing, on_delete=models.CASCADE, related_name="records")
    index = models.PositiveIntegerField(help_text="The game's index in its pairing.")
    seats = models.JSONField(help_text='Side in seat 0 and seat 1: ["A", "B"] or ["B", "A"].')
    winner = models.CharField(max_length=1, blank=True, help_text="Side that won (A or B), blank: a draw.")
    record = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering: ClassVar[list[str]] = ["job_id", "pairing_id", "index"]
        constraints: ClassVar[list[models.BaseConstraint]] = [
            models.UniqueConstraint(fields=["job", "pairing", "index"], name="simrecord_unique"),
        ]

    def __str__(self) -> str:
        return f"#{self.job_id} pairing {self.pairing_id} game {self.index}"
