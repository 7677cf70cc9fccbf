"""``manage.py cribbage score|table|discard|play`` through call_command, and the terminal loop."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from simulator.games.cribbage.cli import TerminalGame, score_lines


def run(*args: str, stdin: object = None) -> str:
    out = io.StringIO()
    call_command("cribbage", *args, stdout=out, **({"stdin": stdin} if stdin is not None else {}))
    return out.getvalue()


# -- score ----------------------------------------------------------------------------------
def test_score_prints_total_and_breakdown():
    assert run("score", "5H", "5D", "5C", "JS", "--starter", "5S").splitlines() == [
        "total 29",
        "fifteens 16: 5H+JS, 5D+JS, 5C+JS, JS+5S, 5H+5D+5C, 5H+5D+5S, 5H+5C+5S, 5D+5C+5S",
        "pairs 12: 5H 5D, 5H 5C, 5H 5S, 5D 5C, 5D 5S, 5C 5S",
        "runs 0",
        "flush 0",
        "nobs 1: JS",
    ]


def test_score_crib_flag():
    """docs/rules/cribbage.md §2.5: a four-card flush counts in a hand, not in the crib."""
    assert run("score", "2H", "4H", "6H", "8H", "--starter", "KS").splitlines()[0] == "total 4"
    assert run("score", "2H", "4H", "6H", "8H", "--starter", "KS", "--crib").splitlines()[0] == "total 0"
    assert "runs 8: 9H TD JC QS, 9H TD JC QH" in run("score", "9h", "10d", "jc", "qs", "--starter", "qh")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["5H", "5D", "XX", "JS", "--starter", "5S"], "bad card 'XX'"),
        (["5H", "5D", "5C", "JS", "--starter", "5H"], "duplicate card '5H'"),
        (["5H", "5D", "5C", "--starter", "5S"], "4 cards, not 3"),
        (["5H", "5D", "5C", "JS"], "--starter is required"),
        (["5H", "5D", "5C", "JS", "--starter", "1S"], "bad card '1S'"),
    ],
)
def test_score_errors_are_clear(args, message):
    with pytest.raises(CommandError, match=message):
        run("score", *args)


def test_score_from_stdin_one_total_per_line_bad_lines_report_their_error():
    stdin = io.StringIO(
        "5H 5D 5C JS | 5S\n"
        "2H 4H 6H 8H | KS\n"
        "2H 4H 6H 8H | KS crib\n"
        "\n"
        "5H 5D ZZ JS | 5S\n"
        "5H 5D 5C JS 5S\n"
        "5H 5D 5C JS | 5H\n"
        "4H 5H 6H 7H | 8H crib\n"
    )
    out = io.StringIO()
    with pytest.raises(CommandError, match="3 bad line"):
        call_command("cribbage", "score", "-", stdin=stdin, stdout=out)
    assert out.getvalue().splitlines() == [
        "29",
        "4",
        "0",
        "error (line 5): bad card 'ZZ': expected a rank (A 2-9 T/10 J Q K) then a suit (C D H S), "
        "e.g. 5H or TS",
        "error (line 6): expected 'HAND | STARTER', e.g. '5H 5D 5C JS | 5S' (add 'crib' for a crib)",
        "error (line 7): duplicate card '5H'",
        "14",
    ]


def test_score_from_stdin_all_good_exits_cleanly():
    assert run("score", "-", stdin=io.StringIO("AC 2D 3H 4S | 5C\n")) == "7\n"
    out = io.StringIO()
    assert score_lines(["2C 4D 6H 8S | TC", "2C 4D 6H | TC"], out=out) == 1
    assert out.getvalue().splitlines()[0] == "0"


# -- table ----------------------------------------------------------------------------------
def test_table_prints_every_score_then_the_mean():
    """docs/rules/cribbage.md §4: 12,994,800 pairs, max 29, impossible 19, 25, 26, 27."""
    lines = run("table").splitlines()
    assert len(lines) == 31
    counts = {int(s): int(n) for s, n in (line.split() for line in lines[:30])}
    assert list(counts) == list(range(30))
    assert sum(counts.values()) == 12_994_800
    assert counts[29] == 4 and counts[19] == counts[25] == counts[26] == counts[27] == 0
    assert lines[30] == "mean 4.769152"
    crib = run("table", "--crib").splitlines()
    assert crib[30] == "mean 4.734819" and crib[4] == "4 2868960"


# -- discard --------------------------------------------------------------------------------
def test_discard_ranks_the_15_discards():
    lines = run("discard", "5H", "5D", "JS", "4C", "6C", "KH").splitlines()
    assert "as pone" in lines[0]
    rows = lines[3:]
    assert len(rows) == 15
    assert rows[0].split()[:7] == ["1", "JS", "KH", "5H", "5D", "4C", "6C"]
    totals = [float(row.split()[-1]) for row in rows]
    assert totals == sorted(totals, reverse=True)
    dealer = run("discard", "5H", "5D", "JS", "4C", "6C", "KH", "--dealer").splitlines()
    assert "as dealer" in dealer[0] and "+crib" in dealer[2]
    assert float(dealer[3].split()[-1]) > totals[0]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        (["5H", "5D", "JS", "4C", "6C"], "6 cards, not 5"),
        (["5H", "5D", "JS", "4C", "6C", "5d"], "duplicate card '5d'"),
        (["5H", "5D", "JS", "4C", "6C", "QX"], "bad card 'QX'"),
    ],
)
def test_discard_errors(cards, message):
    with pytest.raises(CommandError, match=message):
        run("discard", *cards)


# -- play -----------------------------------------------------------------------------------
class ScriptedPlayer:
    """Answers the terminal's prompts like a (slightly clumsy) human: some bad input first, then
    the first cards offered."""

    def __init__(self, out: io.StringIO, bad_inputs: list[str]) -> None:
        self.out = out
        self.bad = list(bad_inputs)
        self.prompts = 0

    def readline(self) -> str:
        self.prompts += 1
        assert self.prompts < 2000
        if self.bad:
            return self.bad.pop(0) + "\n"
        prompt = self.out.getvalue().rsplit("\n", 1)[-1]
        return ("1 2" if prompt.startswith("Lay 2 cards") else "1") + "\n"


def test_play_a_whole_game_against_the_computer_bad_input_is_asked_again():
    out = io.StringIO()
    inp = ScriptedPlayer(out, ["help", "hint", "XX 5H", "1", "1 1", "1 9", "AH AD AS"])
    winner = TerminalGame(seed=4, ai="ev", inp=inp, out=out).run()
    text = out.getvalue()
    assert winner in (0, 1)
    assert "bad card 'XX'" in text
    assert "name exactly 2 cards, not 1" in text
    assert "named twice" in text
    assert "there is no card number 9" in text
    assert "name exactly 2 cards, not 3" in text
    assert text.count("Try again") == 5
    assert " #  discard" in text  # the hint
    assert "Your hand: 1)" in text and "You can play: 1)" in text
    assert "Computer lays 2 cards away to the crib." in text  # the computer's discards stay hidden
    assert ("*** You win" in text) == (winner == 0) and ("*** Computer wins" in text) == (winner == 1)


def test_play_rejects_a_card_that_would_pass_31_and_one_not_held():
    out = io.StringIO()
    game = TerminalGame(seed=4, ai="random", inp=io.StringIO(), out=out)
    state = game.state
    # Play the discards by the AI for both seats, until it is the human's turn in the pegging.
    while state.phase.value == "discard" or state.current_player() != 0:
        seat = state.current_player()
        state.apply(game.policies[seat].choose(state, game.rngs[seat]))
    held = {str(c) for c in state.hands[0]}
    gone = held | {str(c) for c in state.played[1]}
    not_held = next(c for c in ("AS", "AH", "AD", "AC", "2S") if c not in gone)
    game.inp = io.StringIO(f"{not_held}\nplay\n1\n")
    game._ask_play(0)
    text = out.getvalue()
    assert f"{not_held} is not in your hand" in text
    assert "bad card 'play'" in text


def test_play_watch_two_ais_through_the_command():
    text = run("play", "--watch", "--seed", "7", "--ai", "random")
    assert "Cribbage: two AIs play; first to 121 wins. Seed 7." in text
    assert "Cut for the first deal" in text and "=== Deal 1:" in text
    assert "seat 0 (random):" in text  # the watcher sees both hands
    assert "*** seat " in text and "wins" in text.splitlines()[-1]
    assert text == run("play", "--watch", "--seed", "7", "--ai", "random")  # the seed replays the game


def test_play_quits_cleanly_at_end_of_input_or_quit():
    text = run("play", "--seed", "3", stdin=io.StringIO(""))
    assert text.rstrip().endswith("Game abandoned. Goodbye.")
    text = run("play", "--seed", "3", stdin=io.StringIO("quit\n"))
    assert text.rstrip().endswith("Game abandoned. Goodbye.")


def test_play_bad_options():
    with pytest.raises(CommandError):
        run("play", "--ai", "genius")
    with pytest.raises(CommandError, match="--seed"):
        run("play", "--seed", "-1")
