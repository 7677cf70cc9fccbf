"""Bounds and defaults of simulation jobs, each a named decision (see docs/simulation.md).

Chunk sizing: a chunk should take a few seconds — long enough that the per-chunk cost of Celery
(one message, one short transaction) is small against playing it, short enough for a smooth
progress bar, a cheap redelivery when a worker dies, and far below the Redis broker's
``visibility_timeout`` (a chunk still running when it expires is delivered a second time).
"""

from __future__ import annotations

#: Games per pairing: 1 to this many (the issue's bound: "1 to 1,000,000").
MAX_GAMES = 1_000_000

#: **[decision]** The games of a whole job (games per pairing × pairings) are bounded the same
#: way, so a round robin of 16 decks cannot ask for 120 million games.
MAX_TOTAL_GAMES = 1_000_000

#: **[decision]** Entrants of a gauntlet (the challenger and its opponents) or a round robin
#: (120 pairings at 16).
MAX_ENTRANTS = 16

#: **[decision]** Variants of one compare (beside its base): each plays every game of the base, so
#: a compare of 8 variants plays 9 times its games per arm.
MAX_VARIANTS = 8

#: **[decision]** Opponents in a compare's field (every public demo deck of Eredan is 10).
MAX_FIELD = 16

#: Largest chunk a client may ask for.
MAX_CHUNK_SIZE = 100_000

#: **[decision]** Most chunks (Celery messages and result rows) one job may have: with the
#: largest job, chunks of at least 100 games.
MAX_CHUNKS = 10_000

#: **[decision]** How long a chunk should take (seconds): the default chunk size is this divided
#: by the expected time of one game (each policy's ``seconds_per_game``, declared by its game's
#: spec: :class:`simulator.engine.registry.PolicySpec`). Measured in
#: ``benchmarks/simulation_bench.py``: at 2 s Celery's overhead is a few per cent of the wall time.
TARGET_CHUNK_SECONDS = 2.0

#: **[decision]** The default chunk size cuts a pairing into at least this many chunks, so that a
#: polled job's progress moves every tenth of a pairing (a 1,000-game greedy Eredan matchup was one
#: chunk, 0 % then 100 %: issue 19 §5) ...
MIN_CHUNKS_PER_PAIRING = 10
#: ... but never into chunks of fewer games than this (each chunk is a message and a result row).
MIN_CHUNK_GAMES = 20

#: **[decision]** A chunk is refused when its expected duration exceeds this share of the Redis
#: broker's visibility timeout (it would be redelivered while still running).
MAX_CHUNK_SHARE_OF_VISIBILITY = 0.5


#: **[decision]** Jobs one user may have pending or running at once (the workers are shared).
MAX_ACTIVE_JOBS_PER_USER = 5

#: Longest entrant label (deck names are at most 100 characters; a suffix may be added).
MAX_LABEL_LENGTH = 120
#: Longest label a user may give an entrant (the one name rule, eredan/names.py).
MAX_LABEL_INPUT_LENGTH = 100

#: **[decision]** Games recorded per pairing by default (games 0 .. n-1, the same sample however the
#: job is chunked; docs/game-records.md): enough to study and replay a matchup, cheap to store.
DEFAULT_RECORD_GAMES = 2

#: Most games a job may record per pairing (a record of an Eredan game is a few tens of kB).
MAX_RECORD_GAMES = 20

#: Largest game record ``POST /api/records/verify/`` and the game viewer's upload read (an Eredan
#: game is a few tens of kB).
MAX_RECORD_BYTES = 1024 * 1024
