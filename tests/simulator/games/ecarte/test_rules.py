"""Each rule of docs/rules/ecarte.md on a prepared deal. Seat 0 is the non-dealer (leads), seat 1 deals."""

from __future__ import annotations

import pytest

from simulator.engine.protocol import IllegalActionError
from simulator.games.ecarte.game import (
    ACCEPT,
    PLAY,
    PROPOSE,
    REFUSE,
    RULE_DISCARDS,
    RULE_FOLLOW,
    RULE_GAME,
    RULE_HAND,
    RULE_PROPOSALS,
    RULE_STRICT,
    RULE_WIN,
    EcarteAction,
    Move,
    Phase,
    discard,
)

from .helpers import assert_pack_conserved, card, cards, deal, play_cards, throw


def legal_cards_of(state) -> list[str]:
    return [str(a.card) for a in state.legal_actions()]


def scores_events(state) -> list[tuple[int, int, str]]:
    return [(e["seat"], e["points"], e["reason"]) for e in state.log if e["event"] == "score"]


# -- A deal: dealing ------------------------------------------------------------------------


def test_a_deal_gives_five_cards_each_turns_one_up_and_leaves_21_in_the_stock():
    """docs/rules/ecarte.md §2.2–2.3."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    assert [len(h) for h in state.hands] == [5, 5]
    assert len(state.stock) == 21
    assert state.trump == "S"
    assert state.current_player() == 0  # the non-dealer speaks first
    assert state.legal_actions() == [PROPOSE, PLAY]
    assert_pack_conserved(state)


# -- Tricks: rank order, following suit, winning if able -------------------------------------


def test_rank_order_in_play_the_jack_must_overtake_the_ace():
    """docs/rules/ecarte.md §1 (ace between jack and ten) and "A deal" 6 (win if able)."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    state.apply(PLAY)
    state.apply(card("AH"))
    assert legal_cards_of(state) == ["JH"]  # the ten is below the ace: only the jack wins
    with pytest.raises(IllegalActionError) as info:
        state.apply(card("TH"))
    assert info.value.rule == RULE_WIN
    assert "does not beat AH" in str(info.value)
    state.apply(card("JH"))
    assert state.tricks[-1].winner == 1
    assert state.current_player() == 1  # the winner leads the next trick


def test_follow_suit_is_obligatory():
    """docs/rules/ecarte.md §2.6 — the second player must follow suit if able."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    state.apply(PLAY)
    state.apply(card("AH"))
    with pytest.raises(IllegalActionError) as info:
        state.apply(card("7C"))
    assert info.value.rule == RULE_FOLLOW
    assert "must follow suit" in str(info.value)


def test_unable_to_win_the_follower_plays_any_card_of_the_suit_and_the_leader_wins():
    """docs/rules/ecarte.md §2.6 — follow suit, win if able; else the highest of the suit led."""
    state = deal("KH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    state.apply(PLAY)
    state.apply(card("KH"))
    assert legal_cards_of(state) == ["JH", "TH"]
    state.apply(card("TH"))
    assert state.tricks[-1].winner == 0
    assert state.tricks_won == [1, 0]


def test_void_hand_may_play_any_card_without_trumping():
    """docs/rules/ecarte.md §2.6 — unable to follow suit, any card (the source's rule)."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 7S", "9H")  # hearts are trumps
    state.apply(PLAY)
    state.apply(card("QD"))
    assert sorted(legal_cards_of(state)) == sorted(["JH", "TH", "7C", "8C", "7S"])
    state.apply(card("7C"))  # discarding a plain card: the leader keeps the trick
    assert state.tricks[-1].winner == 0
    state.apply(card("8D"))
    state.apply(card("TH"))  # a trump takes it
    assert state.tricks[-1].winner == 1


def test_strict_variant_obliges_trumping_when_void():
    """docs/rules/ecarte.md §2.6 — the `strict` variant: unable to follow, trump if able."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 7S", "9H", strict=True)
    state.apply(PLAY)
    state.apply(card("QD"))
    assert legal_cards_of(state) == ["JH", "TH"]
    with pytest.raises(IllegalActionError) as info:
        state.apply(card("7C"))
    assert info.value.rule == RULE_STRICT
    assert "must trump" in str(info.value)
    state.apply(card("TH"))
    assert state.tricks[-1].winner == 1


def test_strict_variant_void_of_both_suit_and_trumps_plays_anything():
    """docs/rules/ecarte.md §2.6 — strict: trump *if able*; with no trump, any card."""
    state = deal("AH QD 8D 9S 7D", "JS TS 7C 8C 9C", "9H", strict=True)
    state.apply(PLAY)
    state.apply(card("QD"))
    assert sorted(legal_cards_of(state)) == sorted(["JS", "TS", "7C", "8C", "9C"])


def test_a_card_not_in_hand_is_refused():
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    state.apply(PLAY)
    with pytest.raises(IllegalActionError) as info:
        state.apply(card("KC"))
    assert info.value.rule == RULE_HAND
    assert state.trick == []


# -- The turned King ---------------------------------------------------------------------------


def test_the_turned_king_scores_one_for_the_dealer_at_once():
    """docs/rules/ecarte.md §2.3 — a King turned up scores 1 for the dealer (automatically)."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "KS")
    assert state.scores == [0, 1]
    assert scores_events(state) == [(1, 1, "turned_king")]
    state.apply(PLAY)
    assert state.king_holder is None  # nobody can also hold the King of trumps
    state.apply(card("AH"))
    state.apply(card("JH"))
    assert state.scores == [0, 1]


def test_the_turned_king_can_end_the_game_before_anyone_plays():
    """docs/rules/ecarte.md §3 — first to 5 wins, even before the deal is played."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "KS", scores=(3, 4))
    assert state.is_terminal()
    assert state.returns() == (-1.0, 1.0)
    assert state.summary()["end_reason"] == "turned_king"
    assert state.legal_actions() == []


# -- The King of trumps ----------------------------------------------------------------------


def test_the_non_dealer_announces_the_king_of_trumps_with_the_first_card():
    """docs/rules/ecarte.md §2.5 — announced as the holder plays their first card."""
    state = deal("KS QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    state.apply(PLAY)
    assert state.scores == [0, 0]
    state.apply(card("8D"))  # any first card: the King need not be played
    assert state.scores == [1, 0]
    assert scores_events(state) == [(0, 1, "king_of_trumps")]


def test_the_dealer_announces_the_king_of_trumps_with_their_first_card():
    """docs/rules/ecarte.md §2.5 — either player may hold it; the dealer plays second."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C KS", "7S")
    state.apply(PLAY)
    state.apply(card("AH"))
    assert state.scores == [0, 0]
    state.apply(card("JH"))
    assert state.scores == [0, 1]


def test_a_king_of_trumps_drawn_in_the_exchange_is_announced_and_one_discarded_is_not():
    """docs/rules/ecarte.md §2.5 — the King held when playing the first card."""
    drawn = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S", stock="KS")
    for action in (PROPOSE, ACCEPT, throw("7D"), discard(()), PLAY):
        drawn.apply(action)
    assert "KS" in map(str, drawn.hands[0])
    drawn.apply(card("AH"))
    assert drawn.scores == [1, 0]

    thrown = deal("KS QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    for action in (PROPOSE, ACCEPT, throw("KS"), discard(()), PLAY):
        thrown.apply(action)
    thrown.apply(card("QD"))
    thrown.apply(card("JH"))
    assert thrown.scores == [0, 0]


def test_the_king_of_trumps_ends_the_game_mid_deal():
    """docs/rules/ecarte.md §3 — reaching 5 wins at once, even in the middle of a deal."""
    state = deal("KS QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S", scores=(4, 2))
    state.apply(PLAY)
    state.apply(card("QD"))
    assert state.is_terminal()
    assert state.returns() == (1.0, -1.0)
    assert state.summary()["end_reason"] == "king_of_trumps"
    assert state.summary()["score"] == [5, 2]
    assert len(state.hands[1]) == 5  # the dealer never answered
    with pytest.raises(IllegalActionError) as info:
        state.apply(card("JH"))
    assert info.value.rule == RULE_GAME
    assert_pack_conserved(state)


# -- Scoring: the point, the 2 points, the vole ------------------------------------------------

STRONG = "QS JS AS 7D 8D"  # three trumps for the non-dealer
WEAK_DEALER = "KH QH JH KD QD"


def play_strong_hand(state) -> None:
    play_cards(state, "QS", "KH", "JS", "QH", "AS", "JH")


def test_refused_proposal_then_three_tricks_scores_two_for_the_non_dealer():
    """docs/rules/ecarte.md §2.7 — the dealer refused, the non-dealer takes 3 tricks: 2 points."""
    state = deal(STRONG, WEAK_DEALER, "7S")
    state.apply(PROPOSE)
    state.apply(REFUSE)
    assert state.phase is Phase.TRICKS
    play_strong_hand(state)
    assert state.tricks_won == [3, 0]
    assert state.scores == [2, 0]  # scored as the third trick is taken
    play_cards(state, "7D", "KD", "QD", "8D")
    assert state.scores == [2, 0]
    assert state.deals == 2 and state.dealer == 0  # the deal alternates


def test_played_without_proposing_then_three_tricks_scores_two():
    """docs/rules/ecarte.md §2.7 — the non-dealer played without proposing and took 3 tricks."""
    state = deal(STRONG, WEAK_DEALER, "7S")
    state.apply(PLAY)
    play_strong_hand(state)
    assert state.scores == [2, 0]
    assert scores_events(state) == [(0, 2, "unproposed_point")]


def test_refused_proposal_and_the_non_dealer_fails_the_dealer_scores_the_point_then_the_vole():
    """docs/rules/ecarte.md §2.7 — the dealer takes 3 tricks: 1; all five: the vole, 2 in all."""
    state = deal("7D 8D 9D 7C 8C", "KD QD JD KC QC", "7S")
    state.apply(PROPOSE)
    state.apply(REFUSE)
    play_cards(state, "7D", "JD", "KC", "8C", "QC", "7C")
    assert state.tricks_won == [0, 3]
    assert state.scores == [0, 1]
    play_cards(state, "KD", "9D")
    assert state.scores == [0, 1]
    play_cards(state, "QD", "8D")
    assert state.scores == [0, 2]
    assert scores_events(state) == [(1, 1, "point"), (1, 1, "vole")]


def test_the_two_points_get_nothing_extra_for_the_vole():
    """docs/rules/ecarte.md §2.7 — "with nothing extra for the vole"."""
    state = deal("QS JS AS KD QD", "KH QH JH 7D 8D", "7S")
    state.apply(PLAY)
    play_strong_hand(state)
    play_cards(state, "KD", "7D", "QD", "8D")
    assert [e["winner"] for e in state.log if e["event"] == "trick"] == [0, 0, 0, 0, 0]
    assert state.scores == [2, 0]
    assert scores_events(state) == [(0, 2, "unproposed_point")]


def test_after_an_exchange_declining_to_propose_is_not_playing_without_proposing():
    """[decision] UNPROPOSED_MEANS_NO_PROPOSAL_THIS_DEAL — 3 tricks after an exchange score 1,
    and the vole 2."""
    state = deal("KS QS JS KD 7C", "KH QH JH 7D 8D", "9C", stock="QD")
    for action in (PROPOSE, ACCEPT, throw("7C"), discard(()), PLAY):
        state.apply(action)
    assert not state.played_without_proposing
    play_cards(state, "KS", "KH", "QS", "QH", "JS", "JH")
    assert state.scores == [1, 0]
    play_cards(state, "KD", "7D", "QD", "8D")
    assert state.scores == [2, 0]
    assert scores_events(state) == [(0, 1, "point"), (0, 1, "vole")]


def test_a_refusal_after_an_exchange_still_gives_the_two_points():
    """[decision] UNPROPOSED_MEANS_NO_PROPOSAL_THIS_DEAL — a refusal counts whenever it happens."""
    state = deal("QS JS AS 7D 7C", WEAK_DEALER, "7S", stock="8D")
    for action in (PROPOSE, ACCEPT, throw("7C"), discard(()), PROPOSE, REFUSE):
        state.apply(action)
    assert state.refused
    play_strong_hand(state)
    assert state.scores == [2, 0]


def test_the_point_ends_the_game_mid_deal_at_the_third_trick():
    """docs/rules/ecarte.md §3 — POINTS_SCORED_WHEN_WON: 5 reached at the third trick ends it."""
    state = deal(STRONG, WEAK_DEALER, "7S", stock="9H", scores=(4, 4))
    state.apply(PROPOSE)
    state.apply(ACCEPT)
    state.apply(throw("8D"))
    state.apply(discard(()))
    state.apply(PLAY)
    play_strong_hand(state)
    assert state.is_terminal()
    assert state.scores == [5, 4]
    assert len(state.tricks) == 3 and [len(h) for h in state.hands] == [2, 2]
    assert state.summary()["end_reason"] == "point"
    assert state.summary()["turns"] == 1
    assert sorted(map(str, state.hands[0])) == ["7D", "9H"]
    assert_pack_conserved(state)


# -- Proposals, discards, the stock --------------------------------------------------------------


def test_proposal_phase_actions_and_refusals_name_the_rule():
    """docs/rules/ecarte.md §2.4 — the non-dealer proposes or plays; the dealer accepts or refuses."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    with pytest.raises(IllegalActionError) as info:
        state.apply(ACCEPT)
    assert info.value.rule == RULE_PROPOSALS
    state.apply(PROPOSE)
    assert state.current_player() == 1
    assert state.legal_actions() == [ACCEPT, REFUSE]
    with pytest.raises(IllegalActionError) as info:
        state.apply(card("JH"))
    assert info.value.rule == RULE_PROPOSALS
    with pytest.raises(IllegalActionError):
        state.apply("accept")
    state.apply(ACCEPT)
    assert state.phase is Phase.DISCARD and state.current_player() == 0


def test_discard_limits_non_dealer_one_to_five_dealer_none_to_five():
    """docs/rules/ecarte.md §2.4 — [decision] NON_DEALER_DISCARD_LIMITS, DEALER_DISCARD_LIMITS."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S", stock="KC QC JC AC TC")
    state.apply(PROPOSE)
    state.apply(ACCEPT)
    legal = state.legal_actions()
    assert len(legal) == 31 and discard(()) not in legal  # every non-empty subset of 5 cards
    with pytest.raises(IllegalActionError) as info:
        state.apply(discard(()))
    assert info.value.rule == RULE_DISCARDS
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply(throw("KH"))
    state.apply(throw("8D 7D"))  # draws the top two cards of the stock
    assert sorted(map(str, state.hands[0])) == sorted(["AH", "QD", "9S", "KC", "QC"])
    assert state.current_player() == 1
    legal = state.legal_actions()
    assert len(legal) == 32 and discard(()) in legal
    state.apply(throw("9C"))
    assert "JC" in map(str, state.hands[1])
    assert state.phase is Phase.PROPOSAL and state.current_player() == 0 and state.exchanges == 1
    assert sorted(map(str, state.discards[0])) == ["7D", "8D"]
    assert_pack_conserved(state)


def test_the_stock_running_low_caps_discards_then_ends_the_proposals():
    """docs/rules/ecarte.md §2.4 — no more cards exchanged than the stock holds; the turned-up
    card is never drawn; with the stock empty the dealer cannot exchange and the non-dealer plays."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    turned = state.turned

    def exchange(non_dealer_cards: int, dealer_cards: int) -> None:
        state.apply(PROPOSE)
        state.apply(ACCEPT)
        state.apply(discard(state.hands[0][:non_dealer_cards]))
        state.apply(discard(state.hands[1][:dealer_cards]))

    exchange(5, 5)
    exchange(5, 4)
    assert len(state.stock) == 2
    state.apply(PROPOSE)
    state.apply(ACCEPT)
    assert state.discard_limits(0) == (1, 2)
    assert len(state.legal_actions()) == 5 + 10
    with pytest.raises(IllegalActionError) as info:
        state.apply(discard(state.hands[0][:3]))
    assert "the stock holds 2" in str(info.value)
    state.apply(discard(state.hands[0][:1]))
    assert state.discard_limits(1) == (0, 1)
    with pytest.raises(IllegalActionError, match="0 to 1 cards"):
        state.apply(discard(state.hands[1][:2]))
    state.apply(discard(state.hands[1][:1]))
    assert state.stock == [] and state.turned == turned
    assert state.legal_actions() == [PLAY]
    with pytest.raises(IllegalActionError) as info:
        state.apply(PROPOSE)
    assert info.value.rule == RULE_PROPOSALS
    assert "stock is empty" in str(info.value)
    state.apply(PLAY)
    assert [len(h) for h in state.hands] == [5, 5]
    assert_pack_conserved(state)


def test_the_dealer_turn_is_skipped_when_the_non_dealer_empties_the_stock():
    """[decision] DEALER_DISCARD_LIMITS — with the stock empty the dealer's turn is skipped."""
    state = deal("AH QD 8D 9S 7D", "JH TH 7C 8C 9C", "7S")
    for _ in range(4):
        state.apply(PROPOSE)
        state.apply(ACCEPT)
        state.apply(discard(state.hands[0][:5]))
        if state.phase is Phase.DISCARD:
            state.apply(discard(()))
    assert len(state.stock) == 1
    state.apply(PROPOSE)
    state.apply(ACCEPT)
    state.apply(discard(state.hands[0][:1]))
    assert state.phase is Phase.PROPOSAL and state.current_player() == 0
    assert state.exchanges == 5


def test_discards_are_canonical_whatever_the_order_given():
    a = throw("8D 7D")
    b = throw("7D 8D")
    assert a == b and hash(a) == hash(b)
    assert str(a) == "discard 8D 7D"
    assert str(discard(())) == "discard nothing"
    assert EcarteAction(Move.CARD, tuple(cards("KH"))) == card("KH")


def test_summary_reports_deals_first_player_and_score():
    state = deal(STRONG, WEAK_DEALER, "7S")
    state.apply(PLAY)
    play_strong_hand(state)
    summary = state.summary()
    assert summary["turns"] == 1
    assert summary["first_player"] == 0  # the non-dealer of the first deal
    assert summary["score"] == [2, 0]
    assert summary["end_reason"] == "unfinished"
    assert summary["cards_played"]["0"] == {"QS": 1, "JS": 1, "AS": 1}
