"""Play Crapette in the terminal against the AI (or watch two AIs), on injectable streams.

``play_in_terminal`` is what ``python manage.py crapette play`` runs; it reads moves from
``stdin`` and writes to ``stdout`` (any text streams), so tests script a whole game.

A move is typed as the number shown in the list, or in short form ``<from> <to>``:

- from: a hand card (``7H``, ``10S``), ``s`` (the stock top) or ``h1``..``h4`` (a help pile top);
- to: ``c1``..``c4`` (a central pile) or ``h1``..``h4`` (one of your help piles: ends the turn).

``q`` quits, ``?`` shows this help. Anything else is explained and asked again.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from simulator.engine.playing_cards import CardParseError, parse_card
from simulator.engine.protocol import IllegalActionError, Policy
from simulator.engine.seeds import derive_seed
from simulator.games.crapette.game import (
    DEFAULT_STOCK_SIZE,
    HELP_PILES,
    CrapetteGame,
    CrapetteState,
    Move,
    Place,
)
from simulator.games.crapette.policies import PlannerPolicy, RandomPolicy
from simulator.games.crapette.render import ordered_moves, render_layout, render_moves
from simulator.records import FileRecorder

POLICIES: dict[str, Callable[[], Policy]] = {"planner": PlannerPolicy, "random": RandomPolicy}

HELP_TEXT = """\
Type the number of a move, or a move in short form "<from> <to>":
  from: a hand card (7H, 10S, KD), s (your stock top), h1..h4 (the top of one of your help piles)
  to:   c1..c4 (a central pile), h1..h4 (one of your help piles: this ends your turn)
  e.g. "s c1", "7h c2", "h3 c1", "9d h2".   q quits, ? shows this help.
Rules: central piles go up A 2 ... 10 J Q, one rank at a time; a new pile starts with an A;
kings are wild. Empty your hand and you draw 5 more. The turn ends with a hand card on a help pile.
The first to empty their stock pile wins."""


#: Verbs of the engine's log lines, third person -> second person.
SECOND_PERSON = (
    ("plays", "play"),
    ("ends the turn", "end your turn"),
    ("draws", "draw"),
    ("has emptied their hand", "have emptied your hand"),
    ("must draw", "must draw"),
    ("wins", "win"),
)


class QuitGame(Exception):
    """The human typed ``q`` (or the input ended)."""


@dataclass
class InputProblem:
    """Why a typed line is not a move (shown to the player, who is asked again)."""

    message: str


def parse_move_text(text: str, state: CrapetteState, moves: list[Move]) -> Move | InputProblem:
    """A typed line as a move of the player to move: a number from the list or the short form.
    A well-formed move that the rules forbid is returned as is: ``apply`` explains the rule."""
    words = text.strip().lower().split()
    if not words:
        return InputProblem('Type a move (a number from the list, or e.g. "s c1"); ? for help.')
    if len(words) == 1 and words[0].isdigit():
        number = int(words[0])
        if 1 <= number <= len(moves):
            return moves[number - 1]
        return InputProblem(f"There is no move {number}: choose 1 to {len(moves)}.")
    if len(words) != 2:
        return InputProblem(
            f'I don\'t understand {text.strip()!r}: type a number or "<from> <to>" (? for help).'
        )
    seat = state.player
    source_word, target_word = words
    # The source.
    source_pile = 0
    if source_word in ("s", "stock"):
        stock = state.stocks[seat]
        if not stock:
            return InputProblem("Your stock pile is empty.")
        source, card = Place.STOCK, stock[-1]
    elif _pile_number(source_word, "h") is not None:
        source_pile = _pile_number(source_word, "h") or 0
        pile = state.help_piles[seat][source_pile]
        if not pile:
            return InputProblem(f"Your help pile {source_pile + 1} is empty.")
        source, card = Place.HELP, pile[-1]
    else:
        try:
            card = parse_card(source_word)
        except CardParseError as error:
            return InputProblem(f"{error}. The source is a hand card, s (stock) or h1..h4 (help pile).")
        source = Place.HAND
    # The target.
    if _pile_number(target_word, "c", len(state.central)) is not None:
        target, target_pile = Place.CENTRAL, _pile_number(target_word, "c", len(state.central)) or 0
    elif _pile_number(target_word, "h") is not None:
        target, target_pile = Place.HELP, _pile_number(target_word, "h") or 0
    else:
        return InputProblem(
            f"Unknown target {target_word!r}: c1..c{len(state.central)} (central pile) or h1..h4 (help pile)."
        )
    return Move(source, card, target, source_pile, target_pile)


def _pile_number(word: str, letter: str, count: int = HELP_PILES) -> int | None:
    """``h3`` -> 2 (a 0-based pile index) when ``word`` is ``letter`` + 1..count, else None."""
    if len(word) >= 2 and word[0] == letter and word[1:].isdigit():
        number = int(word[1:])
        if 1 <= number <= count:
            return number - 1
    return None


class TerminalGame:
    """One game in the terminal: the human in seat ``human_seat`` (or nobody, when watching)."""

    def __init__(
        self,
        *,
        seed: int,
        stock_size: int = DEFAULT_STOCK_SIZE,
        watch: bool = False,
        ai: str = "planner",
        human_seat: int = 0,
        stdin: TextIO,
        stdout: TextIO,
        record: str | Path | None = None,
    ) -> None:
        if ai not in POLICIES:
            raise ValueError(f"unknown AI {ai!r}; known: {', '.join(sorted(POLICIES))}")
        self.game = CrapetteGame(stock_size=stock_size)
        game_seed = derive_seed(seed, 0, "game")
        self.state = self.game.new_initial_state(random.Random(game_seed))
        self.state.enable_log()
        self.watch = watch
        self.human_seat: int | None = None if watch else human_seat
        players = tuple("human" if seat == self.human_seat else ai for seat in (0, 1))
        self.recorder = (
            FileRecorder(
                record, "crapette", game=self.game, state=self.state, seed=game_seed, players=players
            )
            if record is not None
            else None
        )
        self.policies = (POLICIES[ai](), POLICIES[ai]())
        self.rngs = (
            random.Random(derive_seed(seed, 0, "policy", 0)),
            random.Random(derive_seed(seed, 0, "policy", 1)),
        )
        if watch:
            self.names = (f"seat 0 ({ai})", f"seat 1 ({ai})")
        else:
            self.names = ("You", f"AI ({ai})") if human_seat == 0 else (f"AI ({ai})", "You")
        self.stdin = stdin
        self.stdout = stdout
        self.logged = 0

    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")

    def _flush_log(self) -> None:
        log = self.state.log or []
        for line in log[self.logged :]:
            self.say(f"  * {self._personal(line)}")
        self.logged = len(log)

    def _personal(self, line: str) -> str:
        """A log line with the seats ("seat 0", "seat 1") replaced by the players' names, in the second
        person for the human ("You draw 2 cards")."""
        for seat in (0, 1):
            name = self.names[seat]
            if name == "You":
                for third, second in SECOND_PERSON:
                    line = line.replace(f"seat {seat} {third}", f"You {second}")
            line = line.replace(f"seat {seat} ", f"{name} ")
        return line

    def run(self) -> CrapetteState:
        state = self.state
        self.say(f"Crapette (StarGames variant): stock piles of {state.options.stock_size} cards.")
        if self.human_seat is not None:
            self.say("Type ? for help, q to quit.")
        assert state.first_player is not None
        first = self.names[state.first_player]
        self.say(f"{first} {'start' if first == 'You' else 'starts'} (the higher stock top begins).")
        self.logged = len(state.log or [])
        turn_shown = -1
        try:
            while not state.is_terminal():
                seat = state.player
                if state.turns != turn_shown:
                    turn_shown = state.turns
                    self.say(render_layout(state, viewer=self.human_seat, names=self.names))
                if seat == self.human_seat:
                    self._human_move()
                else:
                    move = self.policies[seat].choose(state, self.rngs[seat])
                    assert isinstance(move, Move)
                    if self.recorder is not None:
                        self.recorder.observe(state, seat, move)
                    state.apply(move)
                self._flush_log()
        except (QuitGame, KeyboardInterrupt):  # q, the end of the input, or Ctrl-C
            self.say("Stopped." if self.watch else "You left the game.")
            return state
        self.say(render_layout(state, viewer=self.human_seat, names=self.names))
        self.say(self.result_text())
        if self.recorder is not None:
            self.say(f"Game record written to {self.recorder.finish(state)}.")
        return state

    def _human_move(self) -> None:
        state = self.state
        moves = ordered_moves(state.legal_actions())
        if state.plays_this_turn:
            # The table changed since the turn began: show it again.
            self.say(render_layout(state, viewer=self.human_seat, names=self.names))
        self.say(render_moves(state, moves))
        while True:
            self.stdout.write("Your move: ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                raise QuitGame
            text = line.strip().lower()
            if text in ("q", "quit", "exit"):
                raise QuitGame
            if text in ("?", "h", "help"):
                self.say(HELP_TEXT)
                continue
            parsed = parse_move_text(text, state, moves)
            if isinstance(parsed, InputProblem):
                self.say(parsed.message)
                continue
            try:
                if self.recorder is not None:
                    state.clone().apply(parsed)  # the engine's own refusal, before the record notes it
                    self.recorder.observe(state, state.player, parsed)
                state.apply(parsed)
            except IllegalActionError as error:
                self.say(f"Not allowed: {error}")
                continue
            return

    def result_text(self) -> str:
        state = self.state
        left = ", ".join(f"{self.names[s]} {len(state.stocks[s])}" for s in (0, 1))
        reason = {
            "stock_emptied": "a stock pile is empty",
            "draw_pile_exhausted": "the draw pile ran out",
            "turn_limit": f"the turn limit ({state.options.max_turns}) was reached",
        }.get(state.end_reason or "", state.end_reason or "")
        if state.winner is None:
            outcome = "A draw"
        elif self.names[state.winner] == "You":
            outcome = "You win"
        else:
            outcome = f"{self.names[state.winner]} wins"
        return f"Game over after {state.turns} turns: {reason}. Stock cards left: {left}. {outcome}."


def play_in_terminal(
    *,
    seed: int,
    stock_size: int = DEFAULT_STOCK_SIZE,
    watch: bool = False,
    ai: str = "planner",
    human_seat: int = 0,
    stdin: TextIO,
    stdout: TextIO,
    record: str | Path | None = None,
) -> CrapetteState:
    """Play (or watch) one game; returns the final state (or the state when the human quit).
    ``record``: write the game's record there when it ends (docs/game-records.md)."""
    return TerminalGame(
        seed=seed,
        stock_size=stock_size,
        watch=watch,
        ai=ai,
        human_seat=human_seat,
        stdin=stdin,
        stdout=stdout,
        record=record,
    ).run()
