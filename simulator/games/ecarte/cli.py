"""Play Écarté in a terminal against the heuristic AI, or watch two AIs play.

Pure Python with injectable streams (``stdin``/``stdout``), so the whole loop is testable; the
``ecarte play`` management command only parses its options and calls :func:`play_terminal`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final, TextIO

from simulator.engine.playing_cards import CardParseError, format_cards
from simulator.engine.protocol import IllegalActionError, Policy
from simulator.engine.seeds import derive_seed
from simulator.games.ecarte.cards import SUIT_NAMES, parse_ecarte_card, parse_ecarte_cards
from simulator.games.ecarte.game import (
    ACCEPT,
    PLAY,
    PROPOSE,
    REFUSE,
    TARGET_SCORE,
    EcarteAction,
    EcarteGame,
    EcarteOptions,
    EcarteState,
    Move,
    Phase,
    discard,
    play_card,
)
from simulator.games.ecarte.policies import HeuristicPolicy
from simulator.records import FileRecorder

HUMAN_SEAT: Final = 0
QUIT_WORDS: Final = frozenset({"q", "quit", "exit"})
HELP_WORDS: Final = frozenset({"?", "h", "help"})
NOTHING_WORDS: Final = frozenset({"none", "nothing", "-", "0"})

HELP: Final = f"""\
Écarté: 32 cards ranked K Q J A T 9 8 7 in each suit; the turned-up card's suit is trumps.
Cards are written rank then suit: KH = King of hearts, TS = ten of spades, 7C = seven of clubs.
The non-dealer proposes an exchange of cards or plays; the dealer accepts or refuses. Then five
tricks: follow suit if you can and beat the card led if you can (in the strict variant, trump
when you cannot follow). 3 or 4 tricks score 1 point, all five 2; a non-dealer who played without
proposing, or whose proposal was refused, scores 2 for 3 tricks or more. A turned-up King scores 1
for the dealer; the King of trumps scores 1 for its holder. First to {TARGET_SCORE} points wins.
Answer with the number of a choice, or a word (propose, play, accept, refuse), or cards (KH 7S).
Type q to quit."""

REASONS: Final = {
    "turned_king": "a King turned up",
    "king_of_trumps": "announcing the King of trumps",
    "point": "the point: 3 tricks",
    "unproposed_point": "3 tricks without an exchange: 2 points",
    "vole": "the vole: all five tricks",
}


class _Quit(Exception):
    pass


def play_terminal(
    *,
    stdin: TextIO,
    stdout: TextIO,
    seed: int | None = None,
    strict: bool = False,
    watch: bool = False,
    record: str | Path | None = None,
) -> EcarteState | None:
    """Play one game in the terminal; return the final state, or None if the player quit.

    The human sits in seat 0 against the heuristic AI; with ``watch`` two heuristic AIs play and
    every hand is shown. ``seed`` makes the game replayable (a random one is chosen and printed
    when omitted). ``record``: write the game's record there when it ends (docs/game-records.md).
    """
    if seed is None:
        seed = random.SystemRandom().randrange(1_000_000_000)
    session = _Session(stdin=stdin, stdout=stdout, watch=watch)
    game = EcarteGame(EcarteOptions(strict=strict))
    game_seed = derive_seed(seed, 0, "game")
    state = game.new_initial_state(random.Random(game_seed))
    state.enable_log()
    players = ("heuristic", "heuristic") if watch else ("human", "heuristic")
    recorder = (
        FileRecorder(record, "ecarte", game=game, state=state, seed=game_seed, players=players)
        if record is not None
        else None
    )
    policies: tuple[Policy, Policy] = (HeuristicPolicy(), HeuristicPolicy())
    rngs = tuple(random.Random(derive_seed(seed, 0, "policy", seat)) for seat in (0, 1))
    variant = "strict variant (must trump when void)" if strict else "standard rules of this project"
    who = "two AIs play" if watch else "you play against the computer"
    session.say(f"Écarté, seed {seed}, {variant}: {who}. First to {TARGET_SCORE} points. Type ? for help.")
    try:
        while True:
            session.narrate(state)
            if state.is_terminal():
                if recorder is not None:
                    session.say(f"Game record written to {recorder.finish(state)}.")
                return state
            seat = state.current_player()
            if watch or seat != HUMAN_SEAT:
                action = policies[seat].choose(state, rngs[seat])
                assert isinstance(action, EcarteAction)
            else:
                action = session.ask(state)
            if recorder is not None:
                recorder.observe(state, seat, action)
            state.apply(action)
    except _Quit:
        session.say("Game abandoned.")
        return None


class _Session:
    """The terminal conversation: narration of the game log and the human's prompts."""

    def __init__(self, *, stdin: TextIO, stdout: TextIO, watch: bool) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.watch = watch
        self.seen = 0  # log entries already narrated

    # -- output -----------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def name(self, seat: int) -> str:
        if self.watch:
            return f"seat {seat}"
        return "You" if seat == HUMAN_SEAT else "Computer"

    def score_line(self, state: EcarteState) -> str:
        return f"Score: {self.name(0)} {state.scores[0]}, {self.name(1)} {state.scores[1]}."

    def narrate(self, state: EcarteState) -> None:
        log = state.log or []
        for entry in log[self.seen :]:
            self._narrate_one(state, entry)
        self.seen = len(log)

    def _narrate_one(self, state: EcarteState, entry: dict[str, Any]) -> None:
        event = entry["event"]
        if event == "deal":
            trump = entry["trump"]
            self.say()
            self.say(
                f"--- Deal {entry['deal']}: {self.name(entry['dealer'])} deal{self._s(entry['dealer'])}. "
                f"Turned up {entry['turned']}: trumps are {SUIT_NAMES[trump]}."
            )
            if self.watch and entry["deal"] == state.deals:
                for seat in (0, 1):
                    self.say(f"    {self.name(seat)}: {format_cards(state.hands[seat])}")
        elif event == "score":
            reason = REASONS.get(entry["reason"], entry["reason"])
            points = entry["points"]
            self.say(
                f"{self.name(entry['seat'])} score{self._s(entry['seat'])} {points} "
                f"point{'s' if points > 1 else ''} ({reason}). {self._scores(entry['score'])}"
            )
        elif event == "trick":
            winner = entry["winner"]
            cards = " ".join(entry["cards"])
            self.say(f"{self.name(winner)} take{self._s(winner)} trick {entry['number']} ({cards}).")
        elif event == "game_over":
            winner = entry["winner"]
            self.say()
            self.say(
                f"*** {self.name(winner)} win{self._s(winner)} the game. {self._scores(entry['score'])} ***"
            )
        elif event == "action":
            self._narrate_action(entry)

    def _narrate_action(self, entry: dict[str, Any]) -> None:
        seat = entry["seat"]
        who = self.name(seat)
        s = self._s(seat)
        move = entry["move"]
        if move == Move.PROPOSE.value:
            self.say(f"{who} propose{s} an exchange.")
        elif move == Move.PLAY.value:
            how = "without proposing" if entry.get("without_proposing") else "the hand: no more proposals"
            self.say(f"{who} play{s} {how}.")
        elif move == Move.ACCEPT.value:
            self.say(f"{who} accept{s}.")
        elif move == Move.REFUSE.value:
            self.say(f"{who} refuse{s}: the tricks begin.")
        elif move == Move.DISCARD.value:
            count = len(entry["cards"])
            if self.watch or seat == HUMAN_SEAT:
                if count:
                    self.say(
                        f"{who} discard{s} {' '.join(entry['cards'])} and draw{s} {' '.join(entry['drawn'])}."
                    )
                else:
                    self.say(f"{who} keep{s} the hand.")
            else:
                self.say(f"{who} discard{s} {count} card{'s' if count != 1 else ''} and draw{s} as many.")
        elif move == Move.CARD.value:
            self.say(f"{who} play{s} {entry['cards'][0]}.")

    def _s(self, seat: int) -> str:
        """Verb ending: "You play" but "Computer plays"."""
        return "" if (not self.watch and seat == HUMAN_SEAT) else "s"

    def _scores(self, score: Sequence[int]) -> str:
        return f"Score: {self.name(0)} {score[0]}, {self.name(1)} {score[1]}."

    # -- input ------------------------------------------------------------------------------
    def ask(self, state: EcarteState) -> EcarteAction:
        """Show the situation and the legal moves; read until the answer is a legal action."""
        legal = state.legal_actions()
        if len(legal) == 1 and state.phase in (Phase.TRICKS, Phase.PROPOSAL):
            only = legal[0]
            if only.move is Move.CARD:
                self.say(f"Your only legal card: {only.card}.")
            else:
                self.say("The stock is empty: no more exchanges.")
            return only
        self._show(state)
        options = self._options(state, legal)
        while True:
            self.stdout.write(self._prompt(state, options))
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:  # end of input
                self.say()
                raise _Quit
            answer = line.strip()
            if answer.lower() in QUIT_WORDS:
                raise _Quit
            if answer.lower() in HELP_WORDS:
                self.say(HELP)
                self._show(state)
                continue
            try:
                action = self._parse(state, answer, options)
                # Check against the rules without changing anything: a refused action is re-asked.
                state.clone().apply(action)
            except (CardParseError, IllegalActionError, _BadAnswer) as error:
                self.say(f"  Not accepted: {error}. Try again.")
                continue
            return action

    def _show(self, state: EcarteState) -> None:
        role = "dealer" if state.dealer == HUMAN_SEAT else "non-dealer"
        self.say(
            f"{self.score_line(state)} Deal {state.deals}, you are the {role}. "
            f"Trumps: {SUIT_NAMES[state.trump]} (turned {state.turned}). Stock: {len(state.stock)}."
        )
        if state.phase is Phase.TRICKS:
            tricks = state.tricks_won
            self.say(f"Tricks: you {tricks[HUMAN_SEAT]}, computer {tricks[1 - HUMAN_SEAT]}.")
            if state.led is not None:
                self.say(f"Computer led {state.led}.")
        self.say(f"Your hand: {format_cards(state.hands[HUMAN_SEAT])}")

    def _options(self, state: EcarteState, legal: list[EcarteAction]) -> list[tuple[str, EcarteAction]]:
        """Numbered choices (not for discards: any set of cards is typed instead)."""
        if state.phase is Phase.PROPOSAL:
            play = "play without proposing" if state.proposals == 0 else "play (no more exchanges)"
            return [(label, a) for label, a in (("propose", PROPOSE), (play, PLAY)) if a in legal]
        if state.phase is Phase.RESPONSE:
            return [("accept", ACCEPT), ("refuse", REFUSE)]
        if state.phase is Phase.TRICKS:
            return [(str(a.card), a) for a in legal]
        return []

    def _prompt(self, state: EcarteState, options: list[tuple[str, EcarteAction]]) -> str:
        if state.phase is Phase.DISCARD:
            low, high = state.discard_limits(HUMAN_SEAT)
            extra = " or 'none'" if low == 0 else ""
            example = state.hands[HUMAN_SEAT][0]
            return f"Discard which cards? Type {low} to {high} cards (e.g. {example}){extra}: "
        menu = "  ".join(f"{i}) {label}" for i, (label, _) in enumerate(options, 1))
        verb = "Play which card?" if state.phase is Phase.TRICKS else "Your choice?"
        return f"{menu}\n{verb} [1-{len(options)}]: "

    def _parse(
        self, state: EcarteState, answer: str, options: list[tuple[str, EcarteAction]]
    ) -> EcarteAction:
        if not answer:
            raise _BadAnswer("please type an answer")
        lowered = answer.lower()
        if state.phase is Phase.DISCARD:
            if lowered in NOTHING_WORDS:
                return discard(())
            return discard(parse_ecarte_cards(t for t in re.split(r"[\s,]+", answer) if t))
        if lowered.isdigit():
            number = int(lowered)
            if not 1 <= number <= len(options):
                raise _BadAnswer(f"{answer} is not a choice: type a number from 1 to {len(options)}")
            return options[number - 1][1]
        if state.phase is Phase.TRICKS:
            return play_card(parse_ecarte_card(answer))
        words = {
            Phase.PROPOSAL: {"propose": PROPOSE, "p": PROPOSE, "play": PLAY},
            Phase.RESPONSE: {"accept": ACCEPT, "a": ACCEPT, "refuse": REFUSE, "r": REFUSE},
        }[state.phase]
        if lowered not in words:
            hint = "propose or play" if state.phase is Phase.PROPOSAL else "accept or refuse"
            raise _BadAnswer(f"{answer!r} is not understood: type {hint}, or a number")
        return words[lowered]


class _BadAnswer(Exception):
    """An answer that is not a move at all (as opposed to an illegal move)."""
