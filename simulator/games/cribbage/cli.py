"""The terminal front end of ``manage.py cribbage``: score, table, discard, play.

Input and output streams are parameters, so everything here is testable without a terminal;
the management command only parses its arguments and calls these functions.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from simulator.engine.playing_cards import Card, CardParseError, format_cards
from simulator.engine.protocol import TERMINAL, Action, GameError, IllegalActionError, Policy
from simulator.engine.seeds import derive_seed
from simulator.games.cribbage.advisor import DiscardOption, rank_discards
from simulator.games.cribbage.game import GO, WINNING_SCORE, CribbageGame, CribbageState, Discard, Phase, Play
from simulator.games.cribbage.policies import POLICIES
from simulator.games.cribbage.scoring import (
    MAX_COUNT,
    CribbageInputError,
    ShowBreakdown,
    pip,
    show_breakdown,
    to_card,
    to_cards,
)
from simulator.games.cribbage.table import show_score_table
from simulator.records import FileRecorder


class TextOut(Protocol):
    def write(self, text: str, /) -> Any: ...

    def flush(self) -> Any: ...


class TextIn(Protocol):
    def readline(self) -> str: ...


def _say(out: TextOut, *lines: str) -> None:
    for line in lines:
        out.write(line + "\n")


# -- score ----------------------------------------------------------------------------------
def breakdown_lines(breakdown: ShowBreakdown) -> list[str]:
    """``total N`` then one line per category: ``fifteens 16: 5H+JS …``."""

    def cards(combo: Iterable[Card], sep: str = " ") -> str:
        return sep.join(map(str, combo))

    def line(name: str, points: int, details: list[str]) -> str:
        return f"{name} {points}" + (": " + ", ".join(details) if details else "")

    return [
        f"total {breakdown.total}",
        line("fifteens", breakdown.fifteen_points, [cards(c, "+") for c in breakdown.fifteens]),
        line("pairs", breakdown.pair_points, [cards(p) for p in breakdown.pairs]),
        line("runs", breakdown.run_points, [cards(r) for r in breakdown.runs]),
        line("flush", breakdown.flush, []),
        line("nobs", breakdown.nobs_points, [str(breakdown.nobs)] if breakdown.nobs else []),
    ]


def score_hand(hand: Sequence[str], starter: str, *, crib: bool, out: TextOut) -> int:
    """``cribbage score 5H 5D 5C JS --starter 5S [--crib]``: the total and the breakdown.

    Raises :class:`CardParseError` or :class:`CribbageInputError` on bad input."""
    breakdown = show_breakdown(hand, starter, crib=crib)
    _say(out, *breakdown_lines(breakdown))
    return breakdown.total


def parse_score_line(line: str) -> tuple[list[Card], Card, bool]:
    """``5H 5D 5C JS | 5S`` with an optional trailing ``crib``: (hand, starter, crib)."""
    if line.count("|") != 1:
        raise CribbageInputError("expected 'HAND | STARTER', e.g. '5H 5D 5C JS | 5S' (add 'crib' for a crib)")
    left, right = line.split("|")
    words = right.split()
    crib = bool(words) and words[-1].lower() == "crib"
    if crib:
        words = words[:-1]
    if len(words) != 1:
        raise CribbageInputError(f"expected one starter card after '|', got {len(words)}")
    hand = to_cards(left.split())
    if len(hand) != 4:
        raise CribbageInputError(f"a hand to score has 4 cards, not {len(hand)}")
    starter = to_cards(words, exclude=hand)[0]
    return hand, starter, crib


def score_lines(lines: Iterable[str], *, out: TextOut) -> int:
    """``cribbage score -``: one total per input line, in order; a bad line prints
    ``error (line N): …`` in its place. Blank lines are skipped. Returns the number of bad lines."""
    errors = 0
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            hand, starter, crib = parse_score_line(line)
            total = show_breakdown(hand, starter, crib=crib).total
        except (CardParseError, CribbageInputError) as error:
            errors += 1
            _say(out, f"error (line {number}): {error}")
        else:
            _say(out, str(total))
    return errors


# -- table ----------------------------------------------------------------------------------
def print_table(*, crib: bool, out: TextOut) -> None:
    """``cribbage table [--crib]``: ``score count`` for 0 … 29, then ``mean`` to 6 decimals."""
    _say(out, *show_score_table(crib=crib).lines())


# -- discard --------------------------------------------------------------------------------
def discard_lines(options: Sequence[DiscardOption], *, dealer: bool) -> list[str]:
    sign = "+" if dealer else "-"
    lines = [
        f"{'#':>2}  {'discard':<8} {'keep':<12} {'hand':>7} {sign + 'crib':>8} {'total':>8}",
    ]
    for number, option in enumerate(options, start=1):
        lines.append(
            f"{number:>2}  {format_cards(option.discard):<8} {format_cards(option.keep):<12} "
            f"{option.hand_ev:>7.3f} {sign + format(option.crib_ev, '.3f'):>8} {option.total:>8.3f}"
        )
    return lines


def print_discards(hand: Sequence[str], *, dealer: bool, out: TextOut) -> list[DiscardOption]:
    """``cribbage discard <6 cards> [--dealer]``: the 15 discards, best first."""
    options = rank_discards(hand, dealer=dealer)
    role = "dealer: the crib is yours" if dealer else "pone: the crib is your opponent's"
    _say(
        out,
        f"{format_cards(to_cards(hand))} as {role}",
        "expected points = hand (average over the 46 starters) "
        + ("+" if dealer else "-")
        + " crib (over every opponent discard and starter)",
        *discard_lines(options, dealer=dealer),
    )
    return options


# -- play -----------------------------------------------------------------------------------
HELP_TEXT = (
    "Type cards in the usual notation (5H, TS or 10S, jd) or their numbers from the list.",
    "'hint' shows the advisor's best discards, 'quit' (or end of input) stops the game.",
)


class _Quit(Exception):
    pass


class TerminalGame:
    """A game in the terminal: seat 0 is the human (or an AI with ``watch``), seat 1 the AI."""

    def __init__(
        self,
        *,
        seed: int,
        ai: str = "ev",
        watch: bool = False,
        inp: TextIn,
        out: TextOut,
        target: int = WINNING_SCORE,
        record: str | Path | None = None,
    ) -> None:
        if ai not in POLICIES:
            raise ValueError(f"unknown AI {ai!r}; choose from {', '.join(sorted(POLICIES))}")
        self.seed = seed
        self.watch = watch
        self.inp = inp
        self.out = out
        self.ai = ai
        self.policies: tuple[Policy, Policy] = (POLICIES[ai](), POLICIES[ai]())
        self.rngs = (
            random.Random(derive_seed(seed, 0, "policy", 0)),
            random.Random(derive_seed(seed, 0, "policy", 1)),
        )
        self.names = (f"seat 0 ({ai})", f"seat 1 ({ai})") if watch else ("You", "Computer")
        game = CribbageGame(target=target)
        game_seed = derive_seed(seed, 0, "game")
        self.state = game.new_initial_state(random.Random(game_seed))
        self.state.enable_log()
        players = (ai, ai) if watch else ("human", ai)
        self.recorder = (
            FileRecorder(record, "cribbage", game=game, state=self.state, seed=game_seed, players=players)
            if record is not None
            else None
        )
        self._shown = 0

    # -- the loop -------------------------------------------------------------------------
    def run(self) -> int | None:
        """Play to the end; the winning seat, or None when the human quits."""
        opponent = "two AIs play" if self.watch else f"you play against the computer ({self.ai})"
        self._say(
            f"Cribbage: {opponent}; first to {self.state.game.target} wins. Seed {self.seed}.",
        )
        try:
            while self.state.current_player() != TERMINAL:
                self._render_events()
                seat = self.state.current_player()
                if self.watch or seat == 1:
                    action = self.policies[seat].choose(self.state, self.rngs[seat])
                else:
                    action = self._ask(seat)
                if self.recorder is not None:
                    self.recorder.observe(self.state, seat, action)
                self.state.apply(action)
        except _Quit:
            self._say("Game abandoned. Goodbye.")
            return None
        self._render_events()
        if self.recorder is not None:
            self._say(f"Game record written to {self.recorder.finish(self.state)}.")
        return self.state.winner

    def _say(self, *lines: str) -> None:
        _say(self.out, *lines)
        self.out.flush()

    def _verb(self, seat: int, verb: str) -> str:
        """``You play`` / ``Computer plays``."""
        return f"{self.names[seat]} {verb if self.names[seat] == 'You' else verb + 's'}"

    def _scores(self) -> str:
        return f"{self.names[0]} {self.state.scores[0]}, {self.names[1]} {self.state.scores[1]}"

    # -- asking the human -----------------------------------------------------------------
    def _read(self, prompt: str) -> str:
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:  # end of input
            self._say("")
            raise _Quit
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            raise _Quit
        return text

    def _ask(self, seat: int) -> Action:
        if self.state.phase is Phase.DISCARD:
            return self._ask_discard(seat)
        return self._ask_play(seat)

    def _pick(self, word: str, choices: Sequence[Card]) -> Card:
        """A card typed by name or by its number in ``choices``."""
        if word.isdigit():
            number = int(word)
            if not 1 <= number <= len(choices):
                raise CribbageInputError(f"there is no card number {number} (1-{len(choices)})")
            return choices[number - 1]
        return to_card(word)

    def _ask_discard(self, seat: int) -> Action:
        state = self.state
        hand = state.hands[seat]
        whose = "your" if state.dealer == seat else f"{self.names[1 - seat]}'s"
        self._say(
            f"Score: {self._scores()}.",
            "Your hand: " + "  ".join(f"{i}) {card}" for i, card in enumerate(hand, start=1)),
        )
        while True:
            text = self._read(f"Lay 2 cards away to {whose} crib (e.g. '{hand[0]} {hand[1]}' or '1 2'): ")
            if text.lower() in ("?", "help"):
                self._say(*HELP_TEXT)
                continue
            if text.lower() == "hint":
                options = rank_discards(hand, dealer=state.dealer == seat)[:3]
                self._say(*discard_lines(options, dealer=state.dealer == seat))
                continue
            try:
                words = text.replace(",", " ").split()
                if len(words) != 2:
                    raise CribbageInputError(f"name exactly 2 cards, not {len(words)}")
                cards = [self._pick(word, hand) for word in words]
                if cards[0] == cards[1]:
                    raise CribbageInputError(f"{cards[0]} is named twice: name 2 different cards")
                action = Discard(tuple(cards))
                if action not in state.legal_actions():
                    missing = [str(card) for card in cards if card not in hand]
                    raise CribbageInputError(f"{' '.join(missing)} not in your hand")
            except GameError as error:
                self._say(f"  {error}. Try again ('help' for help).")
                continue
            return action

    def _ask_play(self, seat: int) -> Action:
        state = self.state
        legal = state.legal_actions()
        if legal == [GO]:
            self._say(f"Count {state.count}: you cannot play without passing {MAX_COUNT} — you say go.")
            return GO
        playable = [action.card for action in legal if isinstance(action, Play)]
        blocked = [card for card in state.hands[seat] if card not in playable]
        series = format_cards(state.series) or "-"
        self._say(
            f"Score: {self._scores()}. Count {state.count} (this series: {series}).",
            "You can play: "
            + "  ".join(
                f"{i}) {card} (count {state.count + pip(card)})" for i, card in enumerate(playable, 1)
            )
            + (f"   [{format_cards(blocked)} would pass {MAX_COUNT}]" if blocked else ""),
        )
        while True:
            text = self._read("Your play (a card or its number): ")
            if text.lower() in ("?", "help", "hint"):
                self._say(*HELP_TEXT)
                continue
            try:
                if len(text.split()) != 1:
                    raise CribbageInputError("play one card")
                card = self._pick(text, playable)
                action: Action = Play(card)
                if action not in legal:
                    if card not in state.hands[seat]:
                        raise IllegalActionError(f"{card} is not in your hand")
                    raise IllegalActionError(f"{card} would take the count past {MAX_COUNT}")
            except GameError as error:
                self._say(f"  {error}. Try again ('help' for help).")
                continue
            return action

    # -- narrating ------------------------------------------------------------------------
    def _render_events(self) -> None:
        log = self.state.log or []
        for event in log[self._shown :]:
            self._say(*self._describe(event))
        self._shown = len(log)

    def _describe(self, event: dict[str, Any]) -> list[str]:
        kind = event["event"]
        seat = event.get("seat", 0)
        name = self.names[seat]
        state: CribbageState = self.state
        if kind == "cut_for_deal":
            a, b = event["cards"]
            return [f"Cut for the first deal: {self.names[0]} {a}, {self.names[1]} {b} (the lower deals)."]
        if kind == "deal":
            dealer = event["dealer"]
            lines = ["", f"=== Deal {event['deal']}: {self._verb(dealer, 'deal')}; the crib is theirs ==="]
            if self.names[dealer] == "You":
                lines[-1] = f"=== Deal {event['deal']}: you deal; the crib is yours ==="
            if self.watch:
                lines += [f"{self.names[s]}: {' '.join(event['hands'][s])}" for s in (0, 1)]
            return lines
        if kind == "discard":
            if self.watch or seat == 0:
                return [f"{self._verb(seat, 'lay')} {' '.join(event['cards'])} away to the crib."]
            return [f"{self._verb(seat, 'lay')} 2 cards away to the crib."]
        if kind == "starter":
            return [f"Starter: {event['card']}."]
        if kind == "play":
            return [f"{self._verb(seat, 'play')} {event['card']}: count {event['count']}."]
        if kind == "go":
            return [f"{self.names[seat]}: go (count {event['count']})."]
        if kind == "score":
            return [f"  {name} +{event['points']} ({event['reason']}) -> {self._scores_of(event['scores'])}"]
        if kind == "reset":
            return [f"The count goes back to 0; {self._verb(event['leader'], 'lead')}."]
        if kind == "show":
            what = "crib" if event["crib"] else "hand"
            owner = "Your" if name == "You" else f"{name}'s"
            lines = [f"{owner} {what}: {' '.join(event['cards'])} + starter {event['starter']}"]
            lines += [f"    {detail}" for detail in event["details"]] or ["    nineteen (nothing)"]
            lines.append(f"    = {event['breakdown']['total']}")
            return lines
        if kind == "win":
            during = {"pegging": "while pegging", "heels": "on his heels", "show": "in the show"}
            return [
                "",
                f"*** {self._verb(seat, 'win')} {during.get(event['during'], '')}: "
                f"{self._scores_of(event['scores'])} after {state.deals} deals. ***",
            ]
        return []

    def _scores_of(self, scores: list[int]) -> str:
        return f"{self.names[0]} {scores[0]}, {self.names[1]} {scores[1]}"


def play_terminal(
    *,
    seed: int,
    ai: str = "ev",
    watch: bool = False,
    inp: TextIn,
    out: TextOut,
    target: int = WINNING_SCORE,
    record: str | Path | None = None,
) -> int | None:
    """``cribbage play``: the winning seat (0 is you, or the first AI with ``watch``), or None.
    ``record``: write the game's record there when it ends (docs/game-records.md)."""
    return TerminalGame(seed=seed, ai=ai, watch=watch, inp=inp, out=out, target=target, record=record).run()
