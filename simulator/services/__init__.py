"""Writes of simulation jobs, one module per topic (as Zulip's ``actions/``):

- :mod:`.requests` — checking a request completely (every problem at once, nothing saved or
  queued on error) into a :class:`~simulator.services.requests.PreparedJob`;
- :mod:`.jobs` — a job's lifecycle: save and queue, dispatch, cancel, fail, finalize (exactly once);
- :mod:`.chunks` — playing one chunk and recording it exactly once: its tally, the experience of
  its games, its recorded games;
- :mod:`.records` — checking game records against the rules.

How a job runs (docs/simulation.md "How a job runs"):

1. :func:`.jobs.job_create` checks everything (:func:`.requests.simulation_prepare`), saves the
   job with its entrants (a snapshot of each deck) and pairings, and — once the transaction has
   committed — queues one ``simulator.job_dispatch`` message.
2. :func:`.jobs.job_dispatch` (a worker) marks the job running and queues one
   ``simulator.chunk_run`` message per chunk that has no result yet (so dispatching again after a
   lost broker only re-sends what is missing).
3. :func:`.chunks.chunk_run` (a worker) re-fetches the job, builds the batch once per process,
   plays the chunk's games and records them in one transaction: the unique ``ChunkResult`` row (a
   redelivered chunk finds it and does nothing), the experience of every game if asked (the
   collections service is idempotent per game too), the pairing's running tally, the job's
   progress recomputed from the rows — and, if this chunk completes the set, the final results
   (a conditional update from running to done whose row count is checked: exactly once).

Callers import the module of the topic (``from simulator.services import jobs``); this package
re-exports nothing, so each name has one home.
"""
