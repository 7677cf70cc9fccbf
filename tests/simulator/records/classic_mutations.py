"""Random damage to a Cribbage or Écarté record, for the tests that no broken record crashes the
replay (every verdict is a :class:`RecordError`, so the API answers 4xx, never 500)."""

from __future__ import annotations

import random
from typing import Any

CARDS = [rank + suit for rank in "A23456789TJQK" for suit in "CDHS"]
ODD_CARDS = ["1H", "ZZ", "10S", "kd", "", "5"]
ACTION_KINDS = {
    "cribbage": ["discard", "play", "go"],
    "ecarte": ["propose", "play_without_proposing", "accept", "refuse", "discard", "announce_king", "play"],
}


def damage(record: dict[str, Any], rng: random.Random) -> None:
    """One random change: an action dropped, moved, re-attributed or invented; a card replaced
    (by a real one, or by something that is not a card); a dealer, a deal or the hands changed."""
    deals = record["deals"]
    deal = deals[rng.randrange(len(deals))]
    actions = deal["actions"]
    any_card = rng.choice(CARDS + ODD_CARDS)
    kind = rng.randrange(9)
    if kind == 0 and actions:
        del actions[rng.randrange(len(actions))]
    elif kind == 1 and actions:
        action = actions[rng.randrange(len(actions))]
        action["player"] = 1 - action["player"]
    elif kind == 2 and actions:
        action = actions[rng.randrange(len(actions))]
        if "card" in action:
            action["card"] = any_card
        elif action.get("cards"):
            action["cards"][rng.randrange(len(action["cards"]))] = any_card
    elif kind == 3:
        hand = deal["hands"][rng.randrange(2)]
        hand[rng.randrange(len(hand))] = any_card
    elif kind == 4:
        deal["dealer"] = 1 - deal["dealer"]
    elif kind == 5 and actions:
        i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
        actions[i], actions[j] = actions[j], actions[i]
    elif kind == 6 and len(deals) > 1:
        del deals[rng.randrange(len(deals))]
    elif kind == 7:
        name = rng.choice(ACTION_KINDS[record["game"]])
        invented: dict[str, Any] = {"player": rng.randrange(2), "action": name}
        if name == "play":
            invented["card"] = rng.choice(CARDS)
        elif name == "discard":
            invented["cards"] = rng.sample(CARDS, rng.randrange(4))
        actions.insert(rng.randrange(len(actions) + 1), invented)
    elif "starter" in deal:
        deal["starter"] = rng.choice([*CARDS, *ODD_CARDS, None])
    elif "stock" in deal:
        deal["turned" if rng.random() < 0.5 else "stock"] = (
            any_card if rng.random() < 0.5 else rng.sample(deal["stock"], len(deal["stock"]) - 1)
        )
