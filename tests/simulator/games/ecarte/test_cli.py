"""Terminal play (``simulator.games.ecarte.cli``) and the ``ecarte play`` management command."""

from __future__ import annotations

import io
import re
import sys

import pytest
from django.core.management import call_command

from simulator.games.ecarte.cli import play_terminal


class ScriptedHuman(io.TextIOBase):
    """A player at the keyboard: reads the last prompt written and answers it.

    Each kind of prompt is first answered with ``bad`` input (it must be re-asked), then with a
    legal answer: the first numbered choice, or the first card of the hand for a discard.
    """

    def __init__(self, out: io.StringIO, bad: dict[str, list[str]]) -> None:
        self.out = out
        self.bad = {kind: list(answers) for kind, answers in bad.items()}
        self.answers: list[str] = []

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        text = self.out.getvalue()
        prompt = text.rsplit("\n", 1)[-1]
        if prompt.startswith("Discard which cards?"):
            kind = "discard"
            hand = re.findall(r"Your hand: (.*)", text)[-1].split()
            good = hand[0]
        elif prompt.startswith("Play which card?"):
            kind = "card"
            good = "1"
        elif prompt.startswith("Your choice?"):
            kind = "choice"
            good = "1"
        else:
            raise AssertionError(f"unexpected prompt {prompt!r}")
        pending = self.bad.get(kind)
        answer = pending.pop(0) if pending else good
        self.answers.append(answer)
        return answer + "\n"


def run(lines: str, **options) -> str:
    out = io.StringIO()
    play_terminal(stdin=io.StringIO(lines), stdout=out, **options)
    return out.getvalue()


def test_a_whole_game_against_the_computer_with_bad_input_re_asked():
    out = io.StringIO()
    human = ScriptedHuman(
        out,
        bad={
            "choice": ["", "maybe", "7", "KH"],
            "card": ["ZZ", "5H", "9", "?"],
            "discard": ["KH KH", "XX", "AC AC"],
        },
    )
    state = play_terminal(stdin=human, stdout=out, seed=7)
    text = out.getvalue()
    assert state is not None and state.is_terminal()
    assert re.search(r"\*\*\* (You win|Computer wins) the game\. Score: You \d, Computer \d\. \*\*\*", text)
    assert text.count("Not accepted") >= 9  # every bad answer refused and the question asked again
    assert "please type an answer" in text
    assert "'maybe' is not understood" in text
    assert "7 is not a choice: type a number from 1 to 2" in text
    assert "bad card 'ZZ'" in text
    assert "'5H' is not in the Écarté pack" in text
    assert "Écarté: 32 cards ranked K Q J A T 9 8 7" in text  # the help
    assert "--- Deal 1:" in text and "Your hand:" in text and "Trumps:" in text
    assert "1) propose  2) play without proposing" in text or "1) accept  2) refuse" in text


def test_illegal_cards_are_refused_with_the_rule_and_re_asked():
    """Seed 2: the human deals, refuses the computer's proposal, and must follow its lead (KD)."""
    text = run("2\n8H\n1\n", seed=2)
    assert "Computer proposes an exchange." in text
    assert "You refuse: the tricks begin." in text
    assert "Computer led KD." in text
    assert "1) TD  2) 9D" in text  # only the legal cards are offered
    assert (
        "Not accepted: 8H: you hold diamonds and must follow suit "
        "(docs/rules/ecarte.md §2.6 — must follow suit if able). Try again."
    ) in text
    assert "You play TD." in text
    assert "Game abandoned." in text


def test_the_computer_opponent_never_shows_its_hand_or_discards():
    out = io.StringIO()
    human = ScriptedHuman(out, bad={})
    play_terminal(stdin=human, stdout=out, seed=3)
    text = out.getvalue()
    assert "Computer discards" not in text or re.search(
        r"Computer discards \d cards? and draws as many", text
    )
    assert not re.search(r"Computer discards [KQJAT987][CDHS]", text)
    assert "Computer: " not in text  # hands are only listed when watching


def test_end_of_input_or_quit_abandons_the_game():
    assert "Game abandoned." in run("", seed=4)
    assert "Game abandoned." in run("q\n", seed=4)
    assert play_terminal(stdin=io.StringIO("quit\n"), stdout=io.StringIO(), seed=4) is None


def test_same_seed_same_game():
    first = run("", seed=5, watch=True)
    second = run("", seed=5, watch=True)
    assert first == second
    assert first != run("", seed=6, watch=True)


def test_watch_two_ais_with_every_hand_shown():
    text = run("", seed=9, watch=True, strict=True)
    assert "strict variant" in text and "two AIs play" in text
    assert "    seat 0: " in text and "    seat 1: " in text
    assert re.search(r"\*\*\* seat [01] wins the game\.", text)
    assert "seat 0 plays" in text and "seat 1 plays" in text


def test_management_command_watch(capsys):
    out = io.StringIO()
    call_command("ecarte", "play", "--seed", "12", "--watch", stdout=out)
    assert re.search(r"\*\*\* seat [01] wins the game\.", out.getvalue())
    assert "Écarté, seed 12" in out.getvalue()


def test_management_command_reads_the_players_answers(monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO("what\nq\n"))
    out = io.StringIO()
    call_command("ecarte", "play", "--seed", "4", "--strict", stdout=out)
    text = out.getvalue()
    assert "strict variant" in text
    assert "Not accepted" in text and "Try again." in text
    assert "Game abandoned." in text


def test_management_command_needs_the_play_subcommand():
    from django.core.management.base import CommandError

    with pytest.raises(CommandError):
        call_command("ecarte")
