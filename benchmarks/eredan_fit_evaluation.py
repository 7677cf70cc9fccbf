"""Fit the weights of the Eredan search player's evaluation (``policies.evaluate``).

Run ``.venv/bin/python benchmarks/eredan_fit_evaluation.py [--games 2000]``. It plays greedy-vs-greedy
games over the demo decks (every ordered pair of decks in turn), records
``policies.evaluation_features`` for each player at the start of every turn, and fits a logistic
regression of the game's outcome (win 1, draw ½, loss 0) on them; it prints the weights (to copy
into ``EVAL_*`` in ``simulator/games/eredan/policies.py``) with the held-out log-loss and accuracy.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cards.domain.cardset import load_cardset  # noqa: E402
from simulator.games.eredan.game import EredanGame  # noqa: E402
from simulator.games.eredan.policies import evaluation_features, greedy_action  # noqa: E402
from simulator.games.eredan.state import P_CHOICE  # noqa: E402

NAMES = ("HP", "ALIVE", "ATTACK", "DEFENSE", "SPIRIT", "ITEM", "DECK_OUT", "ACTIVE")


def positions(games: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    cardset = load_cardset()
    decks = [cardset.decks[s] for s in sorted(cardset.decks)]
    game = EredanGame()
    xs: list[list[float]] = []
    ys: list[float] = []
    for i in range(games):
        pair = (decks[i % len(decks)], decks[(i // len(decks)) % len(decks)])
        state = game.new_initial_state(random.Random(seed * 1_000_003 + i), pair)
        rng = random.Random(seed * 7_919 + i)
        seen: list[tuple[list[float], int]] = []
        while not state.is_terminal():
            if state.phase == P_CHOICE:
                seen.extend((evaluation_features(state, seat), seat) for seat in (0, 1))
            state.apply(greedy_action(state, rng))
        for x, seat in seen:
            xs.append(x)
            ys.append(0.5 if state.winner is None else float(state.winner == seat))
    return np.array(xs), np.array(ys)


def fit(x: np.ndarray, y: np.ndarray, steps: int = 4000) -> np.ndarray:
    """Logistic regression by gradient descent on standardized features (no intercept: the
    features are differences between the sides, so the model is symmetric)."""
    scale = x.std(axis=0) + 1e-9
    z = x / scale
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-(z @ w)))
        w -= 0.5 * (z.T @ (p - y) / len(y) + 1e-4 * w)
    result: np.ndarray = w / scale
    return result


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    x, y = positions(args.games, args.seed)
    order = np.random.default_rng(args.seed).permutation(len(y))
    train, test = order[: len(y) * 4 // 5], order[len(y) * 4 // 5 :]
    w = fit(x[train], y[train])
    p = 1 / (1 + np.exp(-(x[test] @ w)))
    loss = -np.mean(y[test] * np.log(p + 1e-12) + (1 - y[test]) * np.log(1 - p + 1e-12))
    accuracy = np.mean((p > 0.5) == (y[test] > 0.5))
    print(
        f"{len(y)} positions from {args.games} games; held-out log-loss {loss:.4f}, accuracy {accuracy:.1%}"
    )
    w = fit(x, y)
    for name, value in zip(NAMES, w, strict=True):
        print(f"EVAL_{name} = {value:.4f}")


if __name__ == "__main__":
    main()
