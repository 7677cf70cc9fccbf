"""Seeds: every game gets its own RNGs derived from (job seed, game index, stream).

A batch's result therefore does not depend on how it is chunked, how many workers run it, or in
what order — and nothing ever touches the module-level ``random``.
"""

from __future__ import annotations

import hashlib
import random

MAX_SEED = 2**63 - 1


def derive_seed(seed: int, index: int, *stream: str | int) -> int:
    """A 63-bit seed from a job seed, a game index and a stream name (``"game"``, ``"policy", "A"``)."""
    text = ":".join([str(seed), str(index), *map(str, stream)])
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big") & MAX_SEED


def rng_for(seed: int, index: int, *stream: str | int) -> random.Random:
    return random.Random(derive_seed(seed, index, *stream))
