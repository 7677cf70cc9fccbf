"""Whole games: random play over many seeds with invariants, determinism of the event log, and
every card of the bundled card set played at least once."""

from __future__ import annotations

import json
import random

import pytest

from cards.domain.cardset import CardSet, load_cardset
from cards.domain.effects import DrawPhase, Effect, Trigger
from cards.domain.specs import DeckSpec
from simulator.engine.runner import Side, play_match_game
from simulator.games.eredan import rules
from simulator.games.eredan.actions import Play
from simulator.games.eredan.compiled import may_play
from simulator.games.eredan.game import EredanGame, play_one
from simulator.games.eredan.policies import RandomPolicy
from simulator.games.eredan.state import P_CARD, P_CHOICE, EredanState
from tests.simulator.games.eredan.factories import deck, end_turn, fight, play_cards, prepare_game


@pytest.fixture(scope="module")
def cardset() -> CardSet:
    return load_cardset()


def _accounted(state: EredanState, seat: int) -> int:
    """Every card of a seat is in exactly one place: pile, hand, discard, carried, chosen, pending."""
    carried = sum(owner == seat for owners in state.item_owners for owner in owners)  # on either side
    pending = sum(1 for s, _, _ in state.pending_items if s == seat)
    return (
        len(state.decks[seat])
        + len(state.hands[seat])
        + len(state.discards[seat])
        + carried
        + len(state.plays[seat])
        + pending
        + len(state.removed[seat])
    )


def _extra_draws(decks: tuple[DeckSpec, DeckSpec]) -> int:
    """How many cards above 5 a hand may hold after a draw phase: the ``draw_phase`` effects of the
    decks' cards ("draw one more card at your next draw phase"), in a trigger too (an item's "at the
    end of the combat, if …"). One combat is fought between two draw phases, so each copy adds its
    amount at most once to a draw phase."""

    def extra(effects: tuple[Effect, ...]) -> int:
        total = 0
        for e in effects:
            if isinstance(e, DrawPhase) and isinstance(e.amount, int) and e.amount > 0:
                total += e.amount
            elif isinstance(e, Trigger):
                total += extra(e.effects)
        return total

    return sum(extra(card.effects) * count for d in decks for card, count in d.cards)


def _check(state: EredanState, sizes: tuple[int, int], extra: int = 0) -> None:
    for c in range(6):
        assert 0 <= state.hp[c] <= state.max_hp[c], (c, state)
    for seat in (0, 1):
        assert _accounted(state, seat) == sizes[seat], (seat, state)
    if state.phase == P_CHOICE:
        # docs/rules/eredan.md §3 step 5 — after the discard step no hand is above 5 (and step 0 only
        # draws up to 5).
        # A card's "one more card at your next draw phase" (draw_phase) draws above 5.
        assert all(len(h) <= rules.MAX_HAND_AFTER_DISCARD + extra for h in state.hands), state
        # The active player always has a fighter to choose: untap rule.
        assert state.legal_actions()
    if state.phase == P_CARD:
        for seat in (0, 1):
            f = state.fighters[seat]
            assert f // 3 == seat


def test_random_play_keeps_every_invariant_over_1000_seeds(cardset):
    """The smoke test: random play with demo decks, invariants checked after every action — HP
    within 0..max, hands ≤ 5 after the discard step, no dead or tapped fighter chosen, every card
    accounted for (pile + hand + discard + in play)."""
    slugs = sorted(cardset.decks)
    game = EredanGame()
    policy = RandomPolicy()
    reasons: dict[str, int] = {}
    for seed in range(1000):
        decks = (cardset.decks[slugs[seed % len(slugs)]], cardset.decks[slugs[(seed * 7 + 3) % len(slugs)]])
        state = game.new_initial_state(random.Random(seed), decks)
        sizes = (decks[0].size, decks[1].size)
        extra = _extra_draws(decks)
        rng = random.Random(seed + 1)
        _check(state, sizes, extra)
        while not state.is_terminal():
            action = policy.choose(state, rng)
            if state.phase == P_CHOICE:
                a = state.active
                mine, theirs = action.fighter, action.opponent
                assert mine // 3 == a and theirs // 3 == 1 - a
                assert state.hp[mine] > 0 and state.hp[theirs] > 0
                assert not state.tapped[mine] and not state.tapped[theirs]
            state.apply(action)
            _check(state, sizes, extra)
        assert state.end_reason in rules.END_REASONS
        assert 1 <= state.turn <= rules.DEFAULT_RULES.turn_cap
        reasons[state.end_reason] = reasons.get(state.end_reason, 0) + 1
        json.dumps(state.summary())
    assert set(reasons) >= {rules.END_ELIMINATION, rules.END_DECK_OUT}


def test_random_play_with_artisans_and_a_mage_combattant_keeps_every_invariant(cardset):
    """The same invariants with the characters the bundled set lacks: an Artisan placing its cards
    on either side (docs/rules/eredan.md §3 Classes) and a Mage/Combattant, in mirror matches."""
    from cards.domain.specs import deck_from_counts
    from tests.simulator.games.eredan.factories import character

    smith = character("forgeronne-test", classes=("artisan",), guild="non_affilies", hp=12, attack=(2, 4))
    warrior_mage = character(
        "mage-lame-test",
        classes=("mage", "combattant"),
        guild="non_affilies",
        abilities=[{"op": "chain_on", "match": {"type": "arme"}}],
    )
    base = cardset.decks["mercenaires-errants"]
    counts = {card.slug: n for card, n in base.cards} | {"no-dashi-1": 3}
    d = deck_from_counts("Artisans", [smith, warrior_mage, base.characters[2]], counts, cardset.cards)
    game = EredanGame()
    policy = RandomPolicy()
    on_enemies = 0
    for seed in range(300):
        state = game.new_initial_state(random.Random(seed), (d, d))
        rng = random.Random(seed + 1)
        while not state.is_terminal():
            state.apply(policy.choose(state, rng))
            _check(state, (d.size, d.size))
        on_enemies += sum(owner != c // 3 for c, owners in enumerate(state.item_owners) for owner in owners)
    assert on_enemies > 0


@pytest.mark.parametrize("policies", [("random", "random"), ("greedy", "greedy"), ("greedy", "random")])
def test_replaying_specs_seed_and_policies_gives_the_same_log(cardset, disturb_global_random, policies):
    """Determinism: the same decks, seed and policies give the identical event log, whatever the
    module-level RNG does in between."""
    decks = (cardset.decks["kotoba-voie-du-sabre"], cardset.decks["noz-ailes-du-dragon"])
    first = play_one(decks, seed=42, policies=policies)
    disturb_global_random()
    second = play_one(decks, seed=42, policies=policies)
    assert first["log"] == second["log"]
    assert first["summary"] == second["summary"]
    assert json.loads(json.dumps(first["log"])) == first["log"]
    other = play_one(decks, seed=43, policies=policies)
    assert other["log"] != first["log"]


def test_search_player_is_deterministic_too(cardset, disturb_global_random):
    from simulator.games.eredan.policies import SearchPolicy

    d = cardset.decks["zil-golems"]
    results = []
    for _ in range(2):
        sides = (Side("A", SearchPolicy(worlds=2, horizon=1), d), Side("B", RandomPolicy(), d))
        results.append(play_match_game(EredanGame(), sides, 5, 0, record_log=True))
        disturb_global_random()
    assert results[0].log == results[1].log


def test_log_enabled_after_creation_equals_log_from_the_start(cardset):
    """The runner enables the log after building the state: the setup is still recorded."""
    d = cardset.decks["kotoba-aez"]
    early = EredanGame(log=True).new_initial_state(random.Random(9), (d, d))
    late = EredanGame().new_initial_state(random.Random(9), (d, d))
    late.enable_log()
    assert early.log == late.log
    assert [e["event"] for e in early.log or []] == ["setup", "initiative", "deal", "turn"]


def test_summary_keys_for_statistics(cardset):
    d = cardset.decks["nomades-du-desert"]
    result = play_one((d, d), seed=3, policies=("greedy", "greedy"))
    summary = result["summary"]
    assert set(summary) >= {
        "winner",
        "end_reason",
        "turns",
        "first_player",
        "cards_played",
        "characters",
        "score",
    }
    assert set(summary["characters"]) == {"0", "1"}
    for seat in ("0", "1"):
        assert set(summary["characters"][seat]) == {c.slug for c in d.characters}
        for facts in summary["characters"][seat].values():
            assert set(facts) == {"damage", "healing", "survived"}
    damage = sum(f["damage"] for f in summary["characters"]["0"].values())
    healing = sum(f["healing"] for f in summary["characters"]["0"].values())
    assert summary["score"][0] == damage + healing
    played = sum(summary["cards_played"]["0"].values()) + sum(summary["cards_played"]["1"].values())
    assert played == sum(1 for e in result["log"] if e["event"] == "play")


def _player_for(cardset: CardSet, card_slug: str):
    card = cardset.cards[card_slug]
    for ch in sorted(cardset.characters.values(), key=lambda c: c.slug):
        if may_play(card, ch):
            return ch
    return None


def test_every_card_of_the_bundled_set_is_played(cardset):
    """Every playable card of the bundled set, played by a character allowed to play it, resolves
    (and its effects apply) without error."""
    playable = [slug for slug, c in sorted(cardset.cards.items()) if c.playable]
    assert len(playable) >= 100
    by_family = {}
    for ch in sorted(cardset.characters.values(), key=lambda c: (c.family, c.level)):
        by_family.setdefault(ch.family, ch)
    others = [by_family[f] for f in sorted(by_family)][:6]
    played = set()
    for slug in playable:
        spec = cardset.cards[slug]
        player = _player_for(cardset, slug)
        assert player is not None, f"no character of the set may play {slug}"
        mates = [c for c in others if c.family != player.family][:2]
        foes = [c for c in others if c.family != player.family][2:5]
        state = prepare_game([player, *mates], foes, hands=([spec], [spec]), piles=([spec] * 2, [spec] * 2))
        fight(state, 0, 0)
        assert state.phase == P_CARD and state.to_move == 0
        card_id = next(c.id for c in state.cards if c.slug == slug)
        # a card whose effect targets a chosen character is played with a choice (the first legal one)
        state.apply(
            next(
                (a for a in state.legal_actions() if isinstance(a, Play) and a.card == card_id),
                Play.of(card_id, 0),
            )
        )
        play_cards(state)
        end_turn(state)
        assert state.played[0], slug
        assert state.summary()["cards_played"]["0"][slug] == 1
        played.add(slug)
    assert played == set(playable)


def test_demo_deck_games_play_most_of_their_cards(cardset):
    """AI games with the demo decks use their cards (a sanity check on the card data and AIs)."""
    game = EredanGame()
    for slug, d in sorted(cardset.decks.items()):
        seen: set[str] = set()
        for i in range(6):
            from simulator.games.eredan.policies import GreedyPolicy

            result = play_match_game(
                game, (Side("A", GreedyPolicy(), d), Side("B", GreedyPolicy(), d)), 11, i
            )
            for seat in ("0", "1"):
                seen.update(result.summary["cards_played"][seat])
        distinct = {c.slug for c, _ in d.cards}
        assert len(seen) >= len(distinct) // 2, (slug, distinct - seen)


def test_cross_deck_card_tables_are_shared(cardset):
    """Building many games between the same decks compiles them once."""
    game = EredanGame()
    a, b = cardset.decks["zil-golems"], cardset.decks["kotoba-aez"]
    s1 = game.new_initial_state(random.Random(1), (a, b))
    s2 = game.new_initial_state(random.Random(2), (a, b))
    assert s1.tables is s2.tables
    mirror = deck("m", list(a.characters), dict(a.cards))
    assert isinstance(mirror, DeckSpec)
    assert game.new_initial_state(random.Random(1), (mirror, b)).tables is not s1.tables


def test_recording_the_log_does_not_change_the_game(cardset):
    """Each step has one code path, the log only adds events: a game played with and without its
    log is the same."""
    from simulator.games.eredan.policies import make_policy

    game = EredanGame()
    decks = [cardset.decks[s] for s in sorted(cardset.decks)]
    for policy, games in (("random", 100), ("greedy", 40)):
        for i in range(games):
            sides = (
                Side("A", make_policy(policy), decks[i % 10]),
                Side("B", make_policy(policy), decks[i * 3 % 10]),
            )
            logged = play_match_game(game, sides, 8, i, record_log=True)
            plain = play_match_game(game, sides, 8, i)
            assert logged.summary == plain.summary
            assert logged.log and logged.log[-1]["winner"] == plain.summary["winner"]
