"""The Eredan iTCG record codec: one game, replayable without the seed or the engine's RNG.

A record's one deal (docs/game-records.md, "Eredan")::

    {"deck_names": ["Kotoba – voie du sabre", "Zil – golems"],
     "characters": [["iro-1", …], ["telendar-1", …]],
     "decks": [["katana", "potion-de-soin", …], […]],        # draw order, top card first
     "initiative": [[3, 3], [5, 2]],                           # [seat 0, seat 1] per roll
     "actions": [
       {"player": 0, "action": "fight", "fighter": "iro-1", "opponent": "telendar-1"},
       {"player": 0, "action": "play", "card": "katana"},
       {"player": 1, "action": "pass"},
       {"player": 0, "action": "roll", "why": "attack", "character": "iro-1", "value": 4},
       …],
     "end": {"reason": "elimination", "turns": 14}}

The engine routes every chance event through a :class:`~simulator.games.eredan.chance.Chance`
(``simulator/games/eredan/chance.py``): the recorder's notes each outcome as the seeded RNG gives it
(so a recorded game is the very game the seed gives), and the replay's answers from the record —
refusing (``wrong_chance``) when the engine asks for something else than what the record says
next. Cards and characters are named by slug and looked up in a card catalog (``context``: a
:class:`~cards.domain.specs.Catalog`, e.g. ``cards.specs.get_catalog()`` on the Django side; by
default the bundled card set of ``fixtures/cardset/``).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, NoReturn

from cards.domain.cardset import CardSet, load_cardset
from cards.domain.specs import Catalog, DeckSpec, deck_from_counts
from decks.validator import validate_deck
from simulator.engine.protocol import Game, State
from simulator.games.eredan.actions import (
    PASS,
    Action,
    Discard,
    Fight,
    Pick,
    Play,
    pack_choices,
    unpack_choices,
)
from simulator.games.eredan.chance import (
    AMOUNT,
    ATTACK,
    CARD,
    DECK,
    DISCARD,
    INITIATIVE,
    OPTION,
    PLACE,
    TARGET,
    SeededChance,
)
from simulator.games.eredan.compiled import Tables, UnsupportedSpecError, compile_tables
from simulator.games.eredan.eventlog import render
from simulator.games.eredan.ops import OneOfOp
from simulator.games.eredan.rules import rules_for_record
from simulator.games.eredan.state import (
    P_CARD,
    P_CHOICE,
    P_DISCARD,
    P_OVER,
    P_PICK,
    EredanState,
    discard_action,
)
from simulator.records.base import Observer, RecordError, Replay, header, result_of

GAME = "eredan"
MAX_DECK_NAME = 200  # the schema's limit on the informative deck names

#: The rule each step of the turn follows (docs/rules/eredan.md §3).
RULE_START = "docs/rules/eredan.md §3 Start"
RULE_CHOICE = "docs/rules/eredan.md §3 step 1"
RULE_CARDS = "docs/rules/eredan.md §3 step 2"
RULE_CLASH = "docs/rules/eredan.md §3 step 3"
RULE_DISCARD = "docs/rules/eredan.md §3 step 5"
RULE_END = "docs/rules/eredan.md §3 End"
RULE_PICK = "cards/domain/effects.py, Target (a character the player chooses)"
PHASE_RULE = {
    P_CHOICE: RULE_CHOICE,
    P_CARD: RULE_CARDS,
    P_DISCARD: RULE_DISCARD,
    P_OVER: RULE_END,
    P_PICK: RULE_PICK,
}
PHASE_KINDS = {P_CHOICE: ("fight",), P_CARD: ("play", "pass"), P_DISCARD: ("discard",), P_PICK: ("pick",)}
PHASE_WANTS = {
    P_CHOICE: "choose the fighters",
    P_CARD: "play a card or pass",
    P_DISCARD: "discard (any cards, or none)",
    P_PICK: "choose a character for an effect",
}
CHANCE_KINDS = ("roll", "target", "random_discard", "random_option", "random_card", "place")
CHANCE_RULE = {
    ATTACK: RULE_CLASH,
    AMOUNT: RULE_CARDS,
    TARGET: RULE_CARDS,
    DISCARD: RULE_CARDS,
    OPTION: RULE_CARDS,
    CARD: RULE_CARDS,
    PLACE: RULE_CARDS,
}

#: Deck-building violations (decks.rules.ViolationCode) as record error codes, with their rule.
DECK_VIOLATIONS = {
    "unknown_character": ("unknown_card", "docs/rules/eredan.md §1"),
    "unknown_card": ("unknown_card", "docs/rules/eredan.md §1"),
    "character_count": ("bad_deal", "docs/rules/eredan.md §2.1"),
    "duplicate_character": ("duplicate_card", "docs/rules/eredan.md §2.1"),
    "deck_size": ("bad_deal", "docs/rules/eredan.md §2.1"),
    "guild_conflict": ("bad_deal", "docs/rules/eredan.md §2.2"),
    "mercenary_nehantiste": ("bad_deal", "docs/rules/eredan.md §2.3"),
    "card_affiliation": ("bad_deal", "docs/rules/eredan.md §2.4"),
    "copy_limit": ("duplicate_card", "docs/rules/eredan.md §2.5"),
    "unique_limit": ("duplicate_card", "docs/rules/eredan.md §2.6"),
    "unique_evolution": ("duplicate_card", "docs/rules/eredan.md §2.7"),
    "class_requirement": ("bad_deal", "docs/rules/eredan.md §2.8"),
}


# --- the card catalog ---------------------------------------------------------------------------


@cache
def _bundled_catalog() -> Catalog:
    return load_cardset().catalog


def catalog_of(context: Any) -> Catalog:
    """The catalog a codec call names cards in: ``context`` (a :class:`Catalog`, or a bundled
    :class:`CardSet`), or the bundled card set when ``None``."""
    if context is None:
        return _bundled_catalog()
    if isinstance(context, CardSet):
        return context.catalog
    if isinstance(context, Catalog):
        return context
    raise TypeError(f"an Eredan record's context is a card Catalog, not {type(context).__name__}")


# --- writing ------------------------------------------------------------------------------------


class _RecordingChance(SeededChance):
    """The seeded draws, each outcome noted in the record as it happens."""

    __slots__ = ("actions", "tables")

    def __init__(self, rng: random.Random, tables: Tables, actions: list[dict[str, Any]]) -> None:
        super().__init__(rng)
        self.tables = tables
        self.actions = actions

    def roll(self, lo: int, hi: int, why: str, who: int) -> int:
        value = super().roll(lo, hi, why, who)
        self.note_roll(why, who, value)
        return value

    def pick(self, options: Sequence[int], why: str, who: int) -> int:
        index = super().pick(options, why, who)
        self.note_pick(options, why, who, index)
        return index

    def note_roll(self, why: str, who: int, value: int) -> None:
        if why in (ATTACK, AMOUNT):
            self.actions.append(
                {
                    "player": who // 3,
                    "action": "roll",
                    "why": why,
                    "character": self.tables.chars[who].slug,
                    "value": value,
                }
            )
        else:  # pragma: no cover - the initiative and the shuffles happen before a recorder exists
            raise AssertionError(f"unexpected roll {why!r} during the game")

    def note_pick(self, options: Sequence[int], why: str, who: int, index: int) -> None:
        if len(options) > 1:  # a single option is forced: nothing to note
            if why == TARGET:
                entry = {
                    "player": who // 3,
                    "action": "target",
                    "character": self.tables.chars[options[index]].slug,
                }
                if len({c // 3 for c in options}) > 1:  # characters of both sides: say whose
                    entry["seat"] = options[index] // 3
            elif why == OPTION:
                entry = {"player": who // 3, "action": "random_option", "option": index}
            elif why == DISCARD:
                entry = {
                    "player": who,
                    "action": "random_discard",
                    "card": self.tables.cards[options[index]].slug,
                }
            elif why == CARD:
                entry = {
                    "player": who,
                    "action": "random_card",
                    "card": self.tables.cards[options[index]].slug,
                }
            elif why == PLACE:
                entry = {"player": who, "action": "place", "position": index}
            else:  # pragma: no cover - the engine picks for these reasons only
                raise AssertionError(f"unexpected pick {why!r}")
            self.actions.append(entry)


class EredanRecorder:
    """Writes the record of one game (see :func:`recorder`)."""

    def __init__(
        self, *, game: Game, state: EredanState, seed: int | None, players: Sequence[str], catalog: str = ""
    ) -> None:
        opening = state.opening()
        if (
            opening is None
            or state.turn != 1
            or state.phase not in (P_CHOICE, P_PICK)
            or not state.initiative_rolls
        ):
            raise ValueError("a record starts from a game just dealt by new_initial_state, before any action")
        piles, hands = opening
        if any(hands):
            raise ValueError("a position set up by hand (from_position) cannot be recorded: it was not dealt")
        if state.chance is not None:
            raise ValueError("this game already has a chance source (it is being recorded or replayed)")
        tables = state.tables
        self.seed = seed
        self.players = list(players)
        self.catalog = catalog
        self.rules = state.rules
        self.actions: list[dict[str, Any]] = []
        self.deal: dict[str, Any] = {
            "deck_names": [deck.name[:MAX_DECK_NAME] for deck in tables.decks_specs],
            "characters": [[ch.slug for ch in tables.chars[s * 3 : s * 3 + 3]] for s in (0, 1)],
            "decks": [[tables.cards[k].slug for k in reversed(pile)] for pile in piles],
            "initiative": [list(rolls) for rolls in state.initiative_rolls],
            "actions": self.actions,
        }
        self.state = state
        recording = _RecordingChance(state.rng, tables, self.actions)
        for kind, why, who, data, value in state.opening_draws:  # the opening's triggers drew these
            if kind == "roll":
                recording.note_roll(why, who, value)
            else:
                recording.note_pick(data, why, who, value)
        state.chance = recording

    def observe(self, state: State, player: int, action: Any) -> None:
        assert isinstance(state, EredanState)
        self.actions.append(action_entry(state, player, action))

    def finish(self, state: State) -> dict[str, Any]:
        assert isinstance(state, EredanState)
        if not state.is_terminal():
            raise ValueError("the game is not over")
        self.state.chance = None  # recording done: the state draws inline again
        # Every rule decision, by name: the record replays with the rules it was played with.
        record = header(game=GAME, options=self.rules.to_options(), seed=self.seed, players=self.players)
        if self.catalog:  # the card catalog it was played with: it replays against that one
            record["catalog"] = self.catalog
        deal = dict(self.deal)
        deal["actions"] = list(self.actions)
        deal["end"] = {"reason": state.end_reason, "turns": state.turn}
        record["deals"] = [deal]
        record["result"] = result_of(state, state.score)
        return record


def action_entry(state: EredanState, player: int, action: Any) -> dict[str, Any]:
    """The record entry of ``player``'s decision ``action`` in ``state`` (before it is applied)."""
    chars, cards = state.chars, state.cards
    phase = state.phase
    if phase == P_CHOICE and isinstance(action, Fight):
        return {
            "player": player,
            "action": "fight",
            "fighter": chars[action.fighter].slug,
            "opponent": chars[action.opponent].slug,
        }
    if phase == P_CARD:
        if not isinstance(action, Play):
            return {"player": player, "action": "pass"}
        entry: dict[str, Any] = {"player": player, "action": "play", "card": cards[action.card].slug}
        if action.carrier != state.fighters[player]:
            entry["on"] = chars[action.carrier].slug
            if action.carrier // 3 != player:  # an Artisan's card on a character of the other side
                entry["on_seat"] = action.carrier // 3
        choices = cards[action.card].choices
        if choices:
            made: list[Any] = []
            for slot, value in zip(choices, unpack_choices(action.choice, len(choices)), strict=True):
                if value < 0:
                    made.append(None)
                elif isinstance(slot, OneOfOp):
                    made.append({"option": value})
                else:
                    made.append({"character": chars[value].slug, "seat": value // 3})
            entry["choices"] = made
        return entry
    if phase == P_PICK and isinstance(action, Pick):
        return {
            "player": player,
            "action": "pick",
            "character": chars[action.value].slug,
            "seat": action.value // 3,
        }
    if phase == P_DISCARD:
        mask = action.mask if isinstance(action, Discard) else 0
        hand = sorted(state.hands[player])
        return {
            "player": player,
            "action": "discard",
            "cards": [cards[k].slug for i, k in enumerate(hand) if mask >> i & 1],
        }
    raise ValueError("the game is over")


def recorder(
    *, game: Game, state: State, seed: int | None, players: Sequence[str], context: Any = None
) -> EredanRecorder:
    """A recorder for ``state``, fresh from ``EredanGame().new_initial_state`` (before any action).
    Cards are named by the slugs the engine's tables carry; ``context`` (the catalog) is not
    needed to write a record, but a catalog named by its digest (a job's catalog snapshot) is
    named by the record (``"catalog"``), which then replays against it."""
    if not isinstance(state, EredanState):
        raise TypeError(f"an Eredan recorder needs an EredanState, not {type(state).__name__}")
    digest = context.digest if isinstance(context, Catalog) else ""
    return EredanRecorder(game=game, state=state, seed=seed, players=players, catalog=digest)


# --- replaying ----------------------------------------------------------------------------------


class _NoRandom(random.Random):
    """The RNG of a replayed game: it must never be used (every outcome comes from the record)."""

    def random(self) -> float:  # pragma: no cover - reached only if the engine bypassed its Chance
        raise AssertionError("a replayed Eredan game drew from an RNG")


class _Script:
    """The record's outcomes, handed to the engine as its :class:`Chance`; also the cursor of the
    replay over the deal's actions (decisions and chance outcomes share one list)."""

    def __init__(self, deal: Mapping[str, Any], tables: Tables, piles: Sequence[Sequence[int]]) -> None:
        self.tables = tables
        self.actions: Sequence[Mapping[str, Any]] = deal["actions"]
        self.initiative: Sequence[Sequence[int]] = deal["initiative"]
        self.piles = piles
        self.pos = 0
        self.initiative_rolls = 0  # dice read so far (two per roll)

    # The Chance protocol.

    def shuffle(self, items: list[int], why: str, who: int) -> None:
        if why != DECK or sorted(items) != sorted(self.piles[who]):  # pragma: no cover - built alike
            raise AssertionError("the replay shuffles a deck it did not build")
        items[:] = reversed(self.piles[who])  # the engine's pile holds its top card last

    def roll(self, lo: int, hi: int, why: str, who: int) -> int:
        if why == INITIATIVE:
            return self._initiative(lo, hi, who)
        if why not in (ATTACK, AMOUNT):  # pragma: no cover - the engine rolls for these only
            raise AssertionError(f"unexpected roll {why!r}")
        seat, slug = who // 3, self.tables.chars[who].slug
        what = f"a roll of seat {seat}'s {slug} ({why}, {lo}–{hi})"
        i, entry = self._next("roll", what, CHANCE_RULE[why])
        if entry["player"] != seat or entry["why"] != why or entry["character"] != slug:
            self._wrong(i, f"the engine needs {what} here; the record has {_describe(entry)}", why)
        value: int = entry["value"]
        if not lo <= value <= hi:
            self._wrong(i, f"{value} is outside the range of {slug}'s {why} roll, {lo}–{hi}", why)
        self.pos += 1
        return value

    def pick(self, options: Sequence[int], why: str, who: int) -> int:
        if len(options) == 1:
            return 0  # forced: not in the record
        if why == OPTION:
            seat = who // 3
            what = (
                f"the option drawn for seat {seat}'s {self.tables.chars[who].slug} (0 to {len(options) - 1})"
            )
            i, entry = self._next("random_option", what, RULE_CARDS)
            if entry["player"] != seat or not 0 <= entry["option"] < len(options):
                self._wrong(i, f"the engine needs {what}; the record has {_describe(entry)}", why)
            self.pos += 1
            return int(entry["option"])
        if why == TARGET:
            seat = who // 3
            names = [self.tables.chars[c].slug for c in options]
            by = self.tables.chars[who].slug
            what = f"the random target of seat {seat}'s {by} (one of {', '.join(names)})"
            i, entry = self._next("target", what, RULE_CARDS)
            slug = entry["character"]
            if "seat" in entry:  # options on both sides: the one of that seat
                keyed = [(c // 3, self.tables.chars[c].slug) for c in options]
                if (entry["seat"], slug) not in keyed or entry["player"] != seat:
                    self._wrong(i, f"the engine needs {what}; the record has {_describe(entry)}", why)
                self.pos += 1
                return keyed.index((entry["seat"], slug))
        elif why == DISCARD:
            seat = who
            names = [self.tables.cards[k].slug for k in options]
            what = f"the card seat {seat} loses at random (one of {', '.join(sorted(names))})"
            i, entry = self._next("random_discard", what, RULE_CARDS)
            slug = entry["card"]
        elif why == CARD:
            seat = who
            names = [self.tables.cards[k].slug for k in options]
            what = f"a random card of seat {seat} (one of {', '.join(sorted(names))})"
            i, entry = self._next("random_card", what, RULE_CARDS)
            slug = entry["card"]
        elif why == PLACE:
            seat = who
            what = f"the place of a card in seat {seat}'s deck (0 to {len(options) - 1}, 0 the bottom)"
            i, entry = self._next("place", what, RULE_CARDS)
            position = entry.get("position")
            if entry["player"] != seat or not isinstance(position, int) or not 0 <= position < len(options):
                self._wrong(i, f"the engine needs {what}; the record has {_describe(entry)}", why)
            self.pos += 1
            return position
        else:  # pragma: no cover - the engine picks for these reasons only
            raise AssertionError(f"unexpected pick {why!r}")
        if entry["player"] != seat or slug not in names:
            self._wrong(i, f"the engine needs {what}; the record has {_describe(entry)}", why)
        self.pos += 1
        return names.index(slug)

    # Reading the record.

    def _initiative(self, lo: int, hi: int, seat: int) -> int:
        roll, die = divmod(self.initiative_rolls, 2)
        if roll >= len(self.initiative):
            raise RecordError(
                "wrong_chance",
                "the initiative is tied: the players roll again, but the record lists no more rolls",
                deal=0,
                rule=RULE_START,
                path="/deals/0/initiative",
            )
        value = self.initiative[roll][die]
        if not lo <= value <= hi:
            raise RecordError(
                "wrong_chance",
                f"an initiative die shows {lo} to {hi}, not {value}",
                deal=0,
                rule=RULE_START,
                path=f"/deals/0/initiative/{roll}/{die}",
            )
        self.initiative_rolls += 1
        return value

    def _next(self, kind: str, what: str, rule: str) -> tuple[int, Mapping[str, Any]]:
        i = self.pos
        if i >= len(self.actions):
            raise RecordError(
                "unfinished", f"the actions stop where the engine needs {what}", deal=0, action=i, rule=rule
            )
        entry = self.actions[i]
        if entry["action"] != kind:
            raise RecordError(
                "wrong_chance",
                f"the engine needs {what} here; the record has {_describe(entry)}",
                deal=0,
                action=i,
                rule=rule,
            )
        return i, entry

    def _wrong(self, i: int, message: str, why: str) -> NoReturn:
        raise RecordError("wrong_chance", message, deal=0, action=i, rule=CHANCE_RULE[why])


def _describe(entry: Mapping[str, Any]) -> str:
    kind = entry.get("action")
    seat = entry.get("player")
    if kind == "roll":
        return (
            f"a roll of {entry.get('value')} ({entry.get('why')}) for seat {seat}'s {entry.get('character')}"
        )
    if kind == "target":
        return f"a random target, seat {seat} hitting {entry.get('character')}"
    if kind == "random_option":
        return f"a random option {entry.get('option')} for seat {seat}"
    if kind == "pick":
        return f"seat {seat} choosing {entry.get('character')}"
    if kind == "random_discard":
        return f"a random discard of {entry.get('card')} by seat {seat}"
    if kind == "random_card":
        return f"a random card, {entry.get('card')}, of seat {seat}"
    if kind == "place":
        return f"place {entry.get('position')} in seat {seat}'s deck"
    if kind == "fight":
        return f"seat {seat}'s choice of {entry.get('fighter')} against {entry.get('opponent')}"
    if kind == "play":
        return f"seat {seat} playing {entry.get('card')}"
    if kind == "pass":
        return f"seat {seat} passing"
    return f"seat {seat} discarding {', '.join(entry.get('cards') or []) or 'nothing'}"


def _decks(deal: Mapping[str, Any], catalog: Catalog, names: Sequence[str]) -> tuple[DeckSpec, DeckSpec]:
    """The two decks of the deal, checked: every slug known, the deck-building rules kept."""
    specs = []
    for seat in (0, 1):
        characters = deal["characters"][seat]
        for i, slug in enumerate(characters):
            if slug not in catalog.characters:
                raise RecordError(
                    "unknown_card",
                    f"seat {seat}: no character {slug!r} in the card database",
                    deal=0,
                    path=f"/deals/0/characters/{seat}/{i}",
                    rule="docs/rules/eredan.md §1",
                )
        cards = deal["decks"][seat]
        for i, slug in enumerate(cards):
            if slug not in catalog.cards:
                raise RecordError(
                    "unknown_card",
                    f"seat {seat}: no card {slug!r} in the card database",
                    deal=0,
                    path=f"/deals/0/decks/{seat}/{i}",
                    rule="docs/rules/eredan.md §1",
                )
        counts = Counter(cards)
        result = validate_deck(characters=characters, cards=counts, catalog=catalog)
        if not result.valid:
            violation = result.violations[0]
            code, rule = DECK_VIOLATIONS.get(violation.code, ("bad_deal", "docs/rules/eredan.md §2"))
            raise RecordError(
                code,
                f"seat {seat}'s deck: {violation.message}",
                deal=0,
                rule=rule,
                path=f"/deals/0/decks/{seat}",
            )
        specs.append(
            deck_from_counts(
                names[seat], [catalog.characters[s] for s in characters], dict(counts), catalog.cards
            )
        )
    return specs[0], specs[1]


def _engine_action(state: EredanState, entry: Mapping[str, Any], i: int, catalog: Catalog) -> Action:
    """The engine's action for a decision of the record (checked against the rules)."""
    seat = entry["player"]
    kind = entry["action"]
    phase = state.phase
    rule = PHASE_RULE[phase]

    def illegal(message: str) -> NoReturn:
        raise RecordError("illegal_action", message, deal=0, action=i, rule=rule)

    if seat != state.current_player():
        illegal(f"it is seat {state.current_player()}'s turn to {PHASE_WANTS[phase]}, not seat {seat}'s")
    if kind not in PHASE_KINDS[phase]:
        illegal(f"seat {seat} must {PHASE_WANTS[phase]} here; the record has {_describe(entry)}")

    def position(slug: str, side: int, what: str) -> int:
        names = [ch.slug for ch in state.chars[side * 3 : side * 3 + 3]]
        if slug not in names:
            if slug not in catalog.characters:
                raise RecordError(
                    "unknown_card", f"no character {slug!r} in the card database", deal=0, action=i, rule=rule
                )
            illegal(f"{slug} is not one of seat {side}'s characters ({what})")
        return names.index(slug)

    def card_id(slug: str) -> int:
        if slug not in catalog.cards:
            raise RecordError(
                "unknown_card", f"no card {slug!r} in the card database", deal=0, action=i, rule=rule
            )
        for card in state.cards:
            if card.slug == slug:
                return card.id
        illegal(f"{slug} is not in seat {seat}'s hand (it is in neither deck)")

    if kind == "fight":
        mine = position(entry["fighter"], seat, "the fighter")
        theirs = position(entry["opponent"], 1 - seat, "the opponent")
        action: Action = Fight.of(seat * 3 + mine, (1 - seat) * 3 + theirs)
        if action not in state.legal_actions():
            for c, slug in (
                (seat * 3 + mine, entry["fighter"]),
                ((1 - seat) * 3 + theirs, entry["opponent"]),
            ):
                state_of = "dead" if state.hp[c] <= 0 else "tapped" if state.tapped[c] else ""
                if state_of:
                    illegal(f"{slug} is {state_of}: only untapped living characters fight")
            illegal(f"{entry['fighter']} against {entry['opponent']} is not a legal choice")
        return action
    if kind == "pass":
        return PASS
    if kind == "play":
        k = card_id(entry["card"])
        if k not in state.hands[seat]:
            illegal(f"{entry['card']} is not in seat {seat}'s hand")
        fighter = state.fighters[seat]
        side = entry.get("on_seat", seat)
        if "on" in entry:
            carrier = side * 3 + position(entry["on"], side, "the carrier")
        else:
            carrier = fighter
        choices = state.cards[k].choices
        values: list[int] = []
        for j, made in enumerate(entry.get("choices") or []):
            if made is None:
                values.append(-1)
            elif "option" in made:
                values.append(int(made["option"]))
            else:
                values.append(made["seat"] * 3 + position(made["character"], made["seat"], f"choice {j}"))
        if len(values) != len(choices):
            illegal(f"{entry['card']} asks for {len(choices)} choices; the record gives {len(values)}")
        action = Play.of(k, carrier, pack_choices(tuple(values)) if values else 0)
        if action not in state.legal_actions():
            if state.slot and not state.chain[seat]:
                illegal(f"no Enchaînement allows seat {seat} a second card")
            where = "" if side == seat else f"seat {side}'s "
            on = f" on {where}{state.chars[carrier].slug}" if carrier != fighter else ""
            illegal(
                f"{state.chars[fighter].slug} cannot play {entry['card']}{on} now "
                "(requirements, Enchaînement, item slots)"
            )
        return action
    if kind == "pick":
        c = entry["seat"] * 3 + position(entry["character"], entry["seat"], "the choice")
        pick = Pick.of(c)
        if pick not in state.legal_actions():
            illegal(
                f"{entry['character']} (seat {entry['seat']}) is not one of the characters to choose from"
            )
        return pick
    ids = [card_id(slug) for slug in entry["cards"]]
    try:
        action = discard_action(state, seat, ids)
    except ValueError:
        illegal(f"seat {seat} cannot discard {', '.join(entry['cards'])}: not all in its hand")
    if action not in state.legal_actions():
        illegal(f"seat {seat} holds {len(state.hands[seat])} cards: a hand above 5 must be cut to 5")
    return action


def replay(record: Mapping[str, Any], *, context: Any = None, observe: Observer | None = None) -> Replay:
    """Replay ``record`` (already shape-checked) against the rules; raise :class:`RecordError`
    at the first thing wrong. ``context``: the card catalog (default: the bundled card set)."""
    catalog = catalog_of(context)
    deal = record["deals"][0]
    try:
        rules = rules_for_record(record["options"])
    except ValueError as exc:
        raise RecordError("malformed", f"the record's options: {exc}", path="/options") from None
    names = deal.get("deck_names") or ["A", "B"]
    decks = _decks(deal, catalog, names)
    try:
        tables = compile_tables(decks, rules)
    except UnsupportedSpecError as exc:
        raise RecordError("bad_deal", f"the engine cannot play these decks: {exc}", deal=0) from None
    index = {card.slug: card.id for card in tables.cards}
    piles = [[index[slug] for slug in deal["decks"][seat]] for seat in (0, 1)]
    script = _Script(deal, tables, piles)
    state = EredanState.new_game(tables, _NoRandom(0), rules=rules, log=True, chance=script)
    used = (script.initiative_rolls + 1) // 2
    if used < len(deal["initiative"]):
        raise RecordError(
            "wrong_chance",
            f"the initiative was decided by roll {used}; the record lists {len(deal['initiative'])} rolls",
            deal=0,
            rule=RULE_START,
            path=f"/deals/0/initiative/{used}",
        )
    actions = deal["actions"]
    if observe is not None:
        observe(state, 0, None)
    while not state.is_terminal():
        i = script.pos
        if i >= len(actions):
            raise RecordError(
                "unfinished",
                f"the actions stop at turn {state.turn}: seat {state.current_player()} is to "
                f"{PHASE_WANTS[state.phase]}",
                deal=0,
                action=i,
                rule=RULE_END,
            )
        entry = actions[i]
        if entry["action"] in CHANCE_KINDS:
            raise RecordError(
                "wrong_chance",
                f"{_describe(entry)}, but nothing is left to chance here: seat "
                f"{state.current_player()} is to {PHASE_WANTS[state.phase]}",
                deal=0,
                action=i,
                rule=PHASE_RULE[state.phase],
            )
        action = _engine_action(state, entry, i, catalog)
        script.pos = i + 1
        state.apply(action)
        if observe is not None:
            observe(state, 0, i)
    if script.pos < len(actions):
        raise RecordError(
            "extra_actions",
            f"the game ended after turn {state.turn} ({state.end_reason.replace('_', '-')}); "
            f"{len(actions) - script.pos} more actions follow",
            deal=0,
            action=script.pos,
            rule=RULE_END,
        )
    result = result_of(state, state.score)
    end = {"reason": state.end_reason, "turns": state.turn}
    claimed = {"winner": record["result"]["winner"], "scores": list(record["result"]["scores"])}
    if claimed != result or deal.get("end", end) != end:
        raise RecordError(
            "wrong_result",
            f"the actions give {_result_text(result, end)}; the record says "
            f"{_result_text(claimed, deal.get('end', end))}",
            deal=0,
            rule=RULE_END,
        )
    return Replay(
        game=GAME,
        result=result,
        transcript=_transcript(state, tables, record),
        actions=len(actions),
        deals=1,
        summary=dict(state.summary()),
    )


def _result_text(result: Mapping[str, Any], end: Mapping[str, Any]) -> str:
    winner = "a draw" if result["winner"] is None else f"seat {result['winner']} winning"
    score = result["scores"]
    reason = end["reason"].replace("_", "-")
    return f"{winner} by {reason} after turn {end['turns']}, score {score[0]}–{score[1]}"


def _transcript(state: EredanState, tables: Tables, record: Mapping[str, Any]) -> list[str]:
    names = {card.slug: card.spec.name_en for card in tables.cards}
    names.update({ch.slug: ch.spec.name_en for ch in tables.chars})
    lines = [
        f"seat {seat}: {deck.name} ({player})"
        for seat, (deck, player) in enumerate(zip(tables.decks_specs, record["players"], strict=True))
    ]
    lines.extend(line for line in render(state.log or [], names=names) if line)
    return lines


__all__ = ["EredanRecorder", "action_entry", "catalog_of", "recorder", "replay"]
