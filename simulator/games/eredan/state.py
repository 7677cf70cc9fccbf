"""The Eredan game state: the turn structure of docs/rules/eredan.md §3 on the common protocol.

A turn (docs/rules/eredan.md §3): 0 draw back to 5 (deck-out), untap, 1 the active player's choice of
fighters (+ Ordres and abilities), 2 card play (each player one card, a second with a chain;
resolved in N order), 3 the clash, then carried items activate, 4 tap, 5 discard. Decisions are
the typed actions of :mod:`simulator.games.eredan.actions` (:func:`describe_action` names them):
``Fight(fighter, opponent)`` in the choice step, ``Play(card, carrier)`` or ``PASS`` in the card
step, ``Discard(mask)`` or ``PASS`` in the discard step.

Hidden information and simultaneous play (docs/rules/eredan.md §3 step 2): both players choose their cards
before any is revealed. The engine asks the active player first, then the passive player; the
active player's choices are kept in ``plays`` and revealed only when the cards resolve, after both
have chosen. Nothing a policy may read shows them: the legal actions of the passive player do not
depend on them, and :meth:`EredanState.determinize` re-deals them with the rest of the opponent's
unseen cards (and re-chooses them at random among the opponent's legal choices).

A decision with a single legal action (no playable card, an empty hand, …) is taken by the engine
itself: ``current_player()`` only ever names a player with a real choice.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from simulator.engine.protocol import TERMINAL, IllegalActionError
from simulator.games.eredan import (
    cardops,  # noqa: F401 - registers the card ops' interpreter functions
    statops,  # noqa: F401 - registers the damage and stat ops' functions
    traitops,
)
from simulator.games.eredan.actions import PASS as PASS  # the tests read it here, beside the phases
from simulator.games.eredan.actions import (
    Action,
    Discard,
    Fight,
    Pass,
    Pick,
    Play,
    decode,
    pack_choices,
    unpack_choices,
)
from simulator.games.eredan.chance import AMOUNT, DECK, INITIATIVE, PLACE, TARGET, Chance, NotingChance
from simulator.games.eredan.compiled import (
    ATTACH_ALLIES,
    ATTACH_CHARACTERS,
    ATTACH_ENEMIES,
    ATTACH_FIGHTER,
    ATTACH_OPPONENT,
    ATTACH_OTHER_ALLIES,
    CK_SPELL,
    GEAR_FREE,
    STARTS_HAND,
    CompiledCard,
    Tables,
    add_gear,
    carry_fits,
    gear_accepts,
)
from simulator.games.eredan.interpreter import Board, Firing, ItemBonus, group_candidates, passes
from simulator.games.eredan.ops import (
    ACTS_NOW,
    ACTS_NOW_CHAINED,
    DEF,
    EV_AFTER_CARDS,
    EV_COMBAT_END,
    EV_COMBAT_START,
    EV_GAME_START,
    EV_PLAYS,
    EV_TURN_END,
    EV_TURN_START,
    FORBID_ATTACK,
    FORBID_CHAIN,
    FORBID_PLAY,
    HPM,
    INI,
    K_MAGICAL,
    K_PHYSICAL,
    KIND_NAMES,
    NSTATS,
    PILE_DISCARD,
    PILE_HAND,
    PILE_OPPONENT_DECK,
    PILE_OPPONENT_DECK_TOP,
    PILE_REMOVED,
    SLOT_NONE,
    SPI,
    Group,
    PickKey,
    Roll,
    option_count,
)
from simulator.games.eredan.rules import (
    DEFAULT_RULES,
    END_DECK_OUT,
    END_ELIMINATION,
    END_SCORE,
    END_TURN_CAP,
    FIRST_DRAW_TURN,
    HAND_SIZE,
    MAX_CARDS_PER_TURN,
    MAX_HAND_AFTER_DISCARD,
    EredanRules,
)

#: Cards effects may play "after the cards of the turn" in one turn (``play_card``, ``create``):
#: a bound against cards that keep playing each other.
MAX_EXTRA_PLAYS = 8

# Phases.
P_CHOICE, P_CARD, P_DISCARD, P_OVER, P_PICK = range(5)
PHASE_NAMES = ("choice", "cards", "discard", "over", "pick")
PHASE_RULES = (
    "docs/rules/eredan.md §3 step 1 — choose an untapped living fighter and an untapped living enemy",
    "docs/rules/eredan.md §3 step 2 — a card the fighter may play (requirements, chain, item slots)",
    "docs/rules/eredan.md §3 step 5 — discard any cards; a hand above 5 must be cut to 5",
    "docs/rules/eredan.md §3 End — the game is over",
    "cards/domain/effects.py, Target — the character (or the option) an effect lets its player choose",
)

# What the turn does once the queue of triggered effects is empty (EredanState._proceed).
C_TURN, C_CHOICE, C_CARDS, C_CLASH, C_END_COMBAT, C_END_TURN = range(6)

_DISCARD_OPTIONS: dict[int, tuple[Pass | Discard, ...]] = {}


def discard_options(hand_size: int) -> tuple[Pass | Discard, ...]:
    """The discard step's choices for a hand of ``hand_size`` cards: any subset, and at least
    ``hand_size - 5`` cards when the hand is above 5 (docs/rules/eredan.md §3 step 5)."""
    options = _DISCARD_OPTIONS.get(hand_size)
    if options is None:
        need = hand_size - MAX_HAND_AFTER_DISCARD
        masks = [m for m in range(1, 1 << hand_size) if m.bit_count() >= need]
        no_discard: list[Pass | Discard] = [PASS] if need <= 0 else []
        options = tuple(no_discard + [Discard.of(m) for m in masks])
        _DISCARD_OPTIONS[hand_size] = options
    return options


def discard_action(state: EredanState, seat: int, cards: Sequence[int]) -> Pass | Discard:
    """The action discarding ``cards`` (ids, with repeats for copies) from ``seat``'s hand."""
    hand = sorted(state.hands[seat])
    mask = 0
    for k in cards:
        for i, h in enumerate(hand):
            if h == k and not mask >> i & 1:
                mask |= 1 << i
                break
        else:
            raise ValueError(f"card {k} is not in the hand")
    return Discard.of(mask) if mask else PASS


#: The choices of fighters, by active seat and by the available characters (bits 0–5: characters
#: 0–5 untapped and alive): each of the active player's against each of the other's, in line order.
_CHOICES = tuple(
    tuple(
        tuple(
            Fight.of(a * 3 + m, (1 - a) * 3 + t)
            for m in range(3)
            if ready >> (a * 3 + m) & 1
            for t in range(3)
            if ready >> ((1 - a) * 3 + t) & 1
        )
        for ready in range(64)
    )
    for a in (0, 1)
)


class EredanState(Board):
    """One Eredan game in progress (see the module docstring for the action encoding)."""

    __slots__ = (
        "_legal",
        "_setup",
        "chain",
        "cont",
        "deck_out",
        "end_reason",
        "first_player",
        "initiative_rolls",
        "opening_draws",
        "opening_hands",
        "pending_items",
        "phase",
        "pick_options",
        "pick_question",
        "picking",
        "plays",
        "slot",
        "strikes",
        "to_move",
        "winner",
    )

    phase: int
    to_move: int
    slot: int
    plays: list[list[Play]]  # per seat: the cards chosen this turn, in order
    chain: list[int]  # per seat: mask of the cards its chain allows as a second card
    strikes: list[bool]  # per seat: does its fighter make its attack this turn
    pending_items: list[tuple[int, int, int]]  # (seat, carrier, card id): act after the combat
    deck_out: list[bool]
    opening_hands: tuple[tuple[int, ...], tuple[int, ...]]  # per seat: the opening hand (card ids)
    first_player: int
    initiative_rolls: list[tuple[int, int]]
    winner: int | None
    end_reason: str
    _legal: tuple[Action, ...]
    #: What the turn does once the queue of triggered effects is empty (``C_*``).
    cont: int
    #: The picks made so far for the firing at the head of the queue, the choice asked now
    #: (a target) and its options (phase ``P_PICK``).
    picking: dict[PickKey, int] | None
    pick_question: PickKey | None
    pick_options: tuple[Pick, ...]
    #: What the opening drew before the first decision (chance.NotingChance), for a record's writer.
    opening_draws: tuple[tuple[str, str, int, tuple[int, ...], int], ...]
    _setup: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None

    # --- construction -------------------------------------------------------------------------

    @classmethod
    def _blank(cls, tables: Tables, rng: random.Random, rules: EredanRules) -> EredanState:
        s = cls.__new__(cls)
        s.tables = tables
        s.cards = tables.cards
        s.chars = tables.chars
        s.play_mask = tables.play_mask
        s.trait_grants = []
        s.rng = rng
        s.chance = None
        s.rules = rules
        s.turn = 1
        s.active = 0
        s.first_player = 0
        s.hp = [ch.hp for ch in tables.chars]
        s.max_hp = s.hp[:]
        s.base = tables.base_stats
        s.gear = [GEAR_FREE] * 6
        s.tapped = [False] * 6
        s.mod = [0] * (6 * NSTATS)
        s.cmod = [0] * (6 * NSTATS)
        s.timed = []
        s.item_bonuses = []
        s.item_bonus_mask = 0
        s.items = [[] for _ in range(6)]
        s.item_owners = [[] for _ in range(6)]
        s.item_serials = [[] for _ in range(6)]
        s.serial = 0
        s.stay_left = {}
        s.stay_until = {}
        s.item_modes = {}
        s.lasting = []
        s.markers = {}
        s.removed = [[], []]
        s.cur_seat = s.cur_card = s.cur_serial = s.card_dest = -1
        s.extra_plays = []
        s.extra_played = 0
        s.resolving = 0
        s.keep_untapped = 0
        s.restrictions = []
        s.counters = []
        s.chain_lost = [False, False]
        s.draw_mods = []
        s.turn_skip = 0
        s.hands = [[], []]
        s.decks = [[], []]
        s.discards = [[], []]
        s.fighters = [-1, -1]
        s.dealt = [0] * 6
        s.healed = [0] * 6
        s.score = [0, 0]
        s.log = None
        s.picks = None
        s.fought = [0] * 6
        s.met = [0] * 6
        s.turn_plays = [[], []]
        s.source_slot = -1
        s.dealt_at_turn = [0] * 6
        s.listen = tables.trigger_events
        s.dmods = []
        s.dmod_mask = 0
        s.immune_mask = 0
        s.sets = []
        s.set_mask = 0
        s.bounds = []
        s.bound_mask = 0
        s.mneg = [0] * (6 * NSTATS) if tables.bounds else None
        s.cneg = [0] * (6 * NSTATS) if tables.bounds else None
        s.extra_attacks = []
        s.count_target = -1
        s.granted = 0
        s.taken = [0] * 6 if tables.damage_taken_count else None
        if tables.guards:
            for dm in tables.guards:  # the standing abilities on damage: while their owner lives
                s.dmods.append(dm)
            s._refresh_dmod_masks()
        s.queue = []
        s.event_char = -1
        s.event_amount = 0
        s.running = None
        s.fired = {}
        s.turn_triggers = []
        s.turn_choices = [[], []]
        s.cont = C_CHOICE
        s.picking = None
        s.pick_question = None
        s.pick_options = ()
        s.next_picks = None
        s.opening_draws = ()
        s.phase = P_CHOICE
        s.to_move = 0
        s.slot = 0
        s.plays = [[], []]
        s.chain = [0, 0]
        s.strikes = [True, True]
        s.pending_items = []
        s.deck_out = [False, False]
        s.played = [{}, {}]
        s.drawn = [{}, {}]
        s.opening_hands = ((), ())
        s.initiative_rolls = []
        s.winner = None
        s.end_reason = ""
        s._legal = ()
        s._setup = None
        return s

    @classmethod
    def new_game(
        cls,
        tables: Tables,
        rng: random.Random,
        *,
        rules: EredanRules = DEFAULT_RULES,
        log: bool = False,
        chance: Chance | None = None,
    ) -> EredanState:
        """Shuffle both decks, deal 5 cards each, roll initiative and start turn 1
        (docs/rules/eredan.md §3 Start). With ``chance``, every random outcome of the game comes from it
        instead of ``rng`` (a record replayed: see :mod:`simulator.games.eredan.chance`)."""
        s = cls._blank(tables, rng, rules)
        s.chance = chance
        for seat in (0, 1):
            deck = list(tables.decks[seat])
            s.shuffle_pile(deck, DECK, seat)
            s.decks[seat] = deck
        s._setup = (tuple(tuple(d) for d in s.decks), ((), ()))
        started: tuple[tuple[str, str, int, tuple[int, ...], int], ...] = ()

        def start_cards() -> tuple[tuple[str, str, int, tuple[int, ...], int], ...]:
            # docs/rules/eredan.md §3 Start: the cards that leave the deck as the game starts, before
            # the opening draw (start_cards_before_opening_draw); what they draw is noted for a
            # record's writer (opening_draws)
            if chance is not None:
                s._start_cards()
                return ()
            noting = NotingChance(rng)
            s.chance = noting
            s._start_cards()
            s.chance = None
            return tuple(noting.draws)

        early = rules.start_cards_before_opening_draw
        if tables.starting and early:
            started = start_cards()
        for seat in (0, 1):
            s.draw(seat, HAND_SIZE)
        if tables.starting and not early:
            started = start_cards()
        s.opening_hands = (tuple(s.hands[0]), tuple(s.hands[1]))
        s.drawn = [{}, {}]  # what the deal drew is the opening hand, not "drawn later"
        s._roll_initiative()
        if log:
            s.enable_log()
        if s.listen and chance is None:
            # The triggers of the game's start and of its first turn may draw before a record's
            # writer exists: their draws are noted for it (opening_draws).
            noting = NotingChance(rng)
            s.chance = noting
            s.fire(EV_GAME_START)
            s._proceed(C_TURN)
            s.chance = None
            s.opening_draws = started + tuple(noting.draws)
        else:
            s.opening_draws = started
            s.fire(EV_GAME_START)
            s._proceed(C_TURN)
        s._settle()
        return s

    @classmethod
    def from_position(
        cls,
        tables: Tables,
        rng: random.Random,
        *,
        first_player: int,
        hands: Sequence[Sequence[int]],
        draw_piles: Sequence[Sequence[int]],
        turn: int = 1,
        hp: Sequence[int] | None = None,
        tapped: Sequence[bool] | None = None,
        items: Sequence[Sequence[int]] | None = None,
        discards: Sequence[Sequence[int]] | None = None,
        rules: EredanRules = DEFAULT_RULES,
        log: bool = False,
    ) -> EredanState:
        """A game set up exactly as given — no shuffle, no initiative roll — then turn ``turn``
        begins (its draw and untap steps apply). ``draw_piles`` list each pile top card first.
        Used by tests and replays; card ids are indices into ``tables.cards``."""
        s = cls._blank(tables, rng, rules)
        if first_player not in (0, 1):
            raise ValueError("first_player is 0 or 1")
        s.first_player = first_player
        s.turn = turn
        s.active = first_player if turn % 2 == 1 else 1 - first_player
        s.hands = [list(h) for h in hands]
        s.decks = [list(reversed(p)) for p in draw_piles]
        s._setup = (tuple(tuple(d) for d in s.decks), tuple(tuple(h) for h in s.hands))
        s.opening_hands = (tuple(s.hands[0]), tuple(s.hands[1]))
        if hp is not None:
            s.hp = [min(int(v), m) for v, m in zip(hp, s.max_hp, strict=True)]
        if tapped is not None:
            s.tapped = [bool(v) for v in tapped]
        if discards is not None:
            s.discards = [list(d) for d in discards]
        if items is not None:
            for c, carried in enumerate(items):
                for k in carried:
                    s._attach(c // 3, c, k)
        if log:
            s.enable_log()
        if turn == 1:
            s.fire(EV_GAME_START)
        s._proceed(C_TURN)
        s._settle()
        return s

    def enable_log(self) -> None:
        """Record structured events from now on. Called before the first decision is taken (as
        the runner does), the setup, the initiative and the start of the first turn are recorded
        too, exactly as with ``log=True``."""
        if self.log is not None:
            return
        self.log = []
        if self._setup is None:
            return
        piles, hands = self._setup
        self.log.append(
            {
                "event": "setup",
                "characters": [[ch.slug for ch in self.chars[s * 3 : s * 3 + 3]] for s in (0, 1)],
                "hands": [[self.cards[k].slug for k in h] for h in hands],
                "draw_piles": [[self.cards[k].slug for k in reversed(p)] for p in piles],
            }
        )
        if self.initiative_rolls:
            self.log.append(
                {
                    "event": "initiative",
                    "rolls": [list(r) for r in self.initiative_rolls],
                    "bonus": [self._initiative_bonus(0), self._initiative_bonus(1)],
                    "first_player": self.first_player,
                }
            )
            self.log.append({"event": "deal", "hands": [[self.cards[k].slug for k in h] for h in self.hands]})
        self.log.append({"event": "turn", "turn": self.turn, "active": self.active})

    def opening(self) -> tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]] | None:
        """Before the first action: the draw piles as they stood before the opening hands were
        drawn (each pile's top card last) and the hands given to :meth:`from_position` (empty for
        a dealt game); ``None`` once an action has been applied (it is not kept)."""
        return self._setup

    def _initiative_bonus(self, seat: int) -> int:
        return sum(self.stat(c, INI) for c in range(seat * 3, seat * 3 + 3) if self.hp[c] > 0)

    def _roll_initiative(self) -> None:
        """docs/rules/eredan.md §3 Start — each player rolls a die (+ initiative abilities); the higher
        starts; ties are re-rolled."""
        bonus = (self._initiative_bonus(0), self._initiative_bonus(1))
        while True:
            r0 = self.roll(1, self.rules.initiative_die, INITIATIVE, 0)
            r1 = self.roll(1, self.rules.initiative_die, INITIATIVE, 1)
            self.initiative_rolls.append((r0, r1))
            if r0 + bonus[0] != r1 + bonus[1]:
                break
        self.first_player = 0 if r0 + bonus[0] > r1 + bonus[1] else 1
        self.active = self.first_player

    # --- protocol -------------------------------------------------------------------------------

    def current_player(self) -> int:
        return TERMINAL if self.phase == P_OVER else self.to_move

    def legal_actions(self) -> Sequence[Action]:
        return self._legal

    def is_terminal(self) -> bool:
        return self.phase == P_OVER

    def returns(self) -> tuple[float, float]:
        if self.phase != P_OVER or self.winner is None:
            return (0.0, 0.0)
        return (1.0, -1.0) if self.winner == 0 else (-1.0, 1.0)

    def apply(self, action: Any) -> None:
        legal = self._legal
        try:
            typed = legal[legal.index(action)]  # the typed action, even if given as a plain int
        except ValueError:
            if self.phase == P_OVER:
                raise IllegalActionError(
                    "the game is over", rule=PHASE_RULES[P_OVER], action=action
                ) from None
            raise IllegalActionError(
                f"{describe_action(self, action)} is not legal for seat {self.to_move} in the "
                f"{PHASE_NAMES[self.phase]} step",
                rule=PHASE_RULES[self.phase],
                action=action,
            ) from None
        self._setup = None
        phase = self.phase
        if phase == P_CARD:
            self._commit_card(typed, False)  # type: ignore[arg-type]
        elif phase == P_CHOICE:
            self._choose_fighters(typed, False)  # type: ignore[arg-type]
        elif phase == P_PICK:
            self._pick(typed)  # type: ignore[arg-type]
        else:
            self._discard(typed, False)  # type: ignore[arg-type]
        self._settle()

    # --- decisions ------------------------------------------------------------------------------

    def _settle(self) -> None:
        """Compute the legal actions of the next decision, taking forced ones (a single option)."""
        while True:
            phase = self.phase
            legal: tuple[Action, ...]
            if phase == P_CARD:
                cards = self.play_options(self.to_move, self.slot)
                if len(cards) == 1:
                    self._commit_card(cards[0], True)
                    continue
                legal = cards
            elif phase == P_DISCARD:
                size = len(self.hands[self.to_move])
                if not size:
                    self._discard(PASS, True)
                    continue
                discards = _DISCARD_OPTIONS.get(size) or discard_options(size)
                if len(discards) == 1:
                    self._discard(discards[0], True)
                    continue
                legal = discards
            elif phase == P_CHOICE:
                choices = self._choice_options()
                if len(choices) == 1:
                    self._choose_fighters(choices[0], True)
                    continue
                legal = choices
            elif phase == P_PICK:
                legal = self.pick_options
            else:
                self._legal = ()
                return
            self._legal = legal
            return

    def play_options(self, seat: int, slot: int) -> tuple[Pass | Play, ...]:
        """The legal actions of ``seat``'s card number ``slot``: :meth:`card_options`, with the
        choices of the cards that ask for some (:meth:`with_choices`)."""
        options = self.card_options(seat, slot)
        choosing = self.tables.choice_cards
        if choosing:
            # Few hands hold a card with choices: looking at the hand first spares the others
            # the walk through every option.
            for k in self.hands[seat]:
                if choosing >> k & 1:
                    return self.with_choices(options)
        return options

    def with_choices(self, options: tuple[Pass | Play, ...]) -> tuple[Pass | Play, ...]:
        """The plays of ``options`` with every choice their cards ask for as they are played
        (``CompiledCard.choices``): one action per combination of the characters each target may
        choose now (the living characters of its group passing its filter, seen from the card's
        holder: the fighter, or the carrier of a card that stays) and of the options of each
        ``one_of`` (docs/eredan-engine.md "Choices")."""
        cards = self.cards
        out: list[Pass | Play] = []
        for action in options:
            if not isinstance(action, Play) or not cards[action.card].choices:
                out.append(action)
                continue
            card = cards[action.card]
            holder = action.carrier if card.attaches else self.fighters[action.carrier // 3]
            if holder < 0:
                holder = action.carrier
            opp = self.fighters[1 - holder // 3]
            values: list[list[int]] = [[]]
            for slot in card.choices:
                if not isinstance(slot, Group):  # a one_of's options, a cost paid or not
                    found = list(range(option_count(slot)))
                else:
                    found = group_candidates(self, slot, holder, opp) or [-1]
                values = [[*v, x] for v in values for x in found]
            for v in values:
                out.append(Play.of(action.card, action.carrier, pack_choices(tuple(v))))
        return tuple(out)

    def card_picks(self, seat: int, slot: int, k: int) -> dict[PickKey, int] | None:
        """The choices made with ``seat``'s card ``k``, its card number ``slot`` of the turn."""
        choices = self.cards[k].choices
        if not choices:
            return None
        made = self.turn_choices[seat]
        if not 0 <= slot < len(made):
            return None  # not played from the hand (played by an effect): no choice was made
        choice = made[slot]
        values = unpack_choices(choice, len(choices))
        return dict(zip(choices, values, strict=True))

    def _choice_options(self) -> tuple[Fight, ...]:
        hp, tapped = self.hp, self.tapped
        ready = 0
        for c in range(6):
            if hp[c] > 0 and not tapped[c]:
                ready |= 1 << c
        return _CHOICES[self.active][ready]

    def card_options(self, seat: int, slot: int) -> tuple[Pass | Play, ...]:
        """The cards ``seat``'s fighter may play as its card number ``slot`` (0 or 1): the
        requirements (docs/rules/eredan.md §3 Classes, Races; ``may_play`` abilities), the chain for
        a second card (§3 step 2) and the item slots (§3 Items), and whom a card that stays may be
        attached to. Depends only on that player's own information."""
        hand = self.hands[seat]
        if not hand:
            return (PASS,)
        if slot:
            chain = self.chain[seat]
            if not chain:
                return (PASS,)
        else:
            chain = -1
        f = self.fighters[seat]
        tables = self.tables
        playable = self.play_mask[f]
        if tables.dynamic_play:
            playable |= self._granted(f)
        if self.restrictions:
            playable &= ~self._forbidden(f, slot)
        playable &= chain
        simple = tables.simple_mask
        fits = tables.fits
        plays = tables.plays
        on_fighter = plays[f]
        out: list[Pass | Play] = [PASS]
        several = False
        plain = tables.plain_fit_mask & ~self.chars[f].attach_any_mask
        gear = -1  # the fighter's item slots: looked up for the first card that needs them
        for k in sorted(set(hand)):  # each card once, by id
            if not playable >> k & 1:
                continue
            if simple >> k & 1:
                out.append(on_fighter[k])
            elif plain >> k & 1:
                if gear < 0:
                    gear = self.gear[f] if not self.plays[seat] else self._gear_with_plays(seat, f)
                if fits[k] >> gear & 1:
                    out.append(on_fighter[k])
            else:
                # docs/rules/eredan.md §3 Classes — an Artisan attaches the cards reserved to artisans
                # to any character in play still alive, of its own side or of the other (the source:
                # "n'importe quel personnage en jeu encore en vie"), and so does a ``may_attach``
                # ability; a card's own text may attach it to the opponent or to a character its
                # player chooses. Only its player's own choices of this turn count against a slot
                # (the other's are hidden until they resolve).
                card = self.card_as_played(k, f)
                if not card.attaches:  # a play variant: this one does not stay
                    out.append(on_fighter[k])
                    continue
                for c in self._carriers(seat, f, card, bool(self.chars[f].attach_any_mask >> k & 1)):
                    out.append(plays[c][k])
                    several = several or c != f
        if several:
            out.sort()  # by carrier, then card
        return tuple(out)

    def _granted(self, f: int) -> int:
        """The cards ``f`` may play through the ``may_play`` abilities of its allies (while they
        live) or under a condition (CompiledCharacter.grants)."""
        mask = 0
        hp = self.hp
        opp = self.fighters[1 - f // 3]
        for grant in self.chars[f].grants:
            if hp[grant.owner] > 0 and (grant.when is None or self.holds(grant.when, f, opp)):
                mask |= grant.mask
        return mask

    def _forbidden(self, f: int, slot: int) -> int:
        """The cards ``f`` may not play now as its card number ``slot`` (``forbid``: play, or chain
        for a second card)."""
        mask = 0
        for r in self.restrictions:
            if r.character == f and (r.what == FORBID_PLAY or (slot and r.what == FORBID_CHAIN)):
                mask |= r.mask
        return mask

    def card_as_played(self, k: int, f: int) -> CompiledCard:
        """Card ``k`` as it comes into play when ``f`` plays it: its play variants whose condition
        holds ("Mage : Permanent", cards.domain.specs.PlayRules.variants) change how it acts and
        stays (CompiledCard.modes); the card itself when it has none."""
        card = self.cards[k]
        if not card.modes:
            return card
        opp = self.fighters[1 - f // 3] if f >= 0 else -1
        bits = 0
        for i, cond in enumerate(card.mode_conds):
            if self.holds(cond, f, opp):
                bits |= 1 << i
        return card.modes[bits]

    def _carriers(self, seat: int, f: int, card: CompiledCard, anywhere: bool) -> list[int]:
        """The living characters that ``seat``'s fighter ``f`` may attach ``card`` to, with room
        for it: any of them (``anywhere``: an Artisan's card, a ``may_attach`` ability), or whom the
        card's text names (CompiledCard.attach_to)."""
        hp = self.hp
        ch = self.chars[f]
        if anywhere and ch.attach_onto and not ch.attach_every_mask >> card.id & 1:
            # a ``may_attach`` ability onto only some characters: those, besides whom the card's
            # own text lets it go to
            own = seat * 3
            extra: set[int] = set(self._carriers(seat, f, card, False))
            for mask, onto in ch.attach_onto:
                if mask >> card.id & 1:
                    group = range(3 - own, 6 - own) if onto == "enemies" else range(own, own + 3)
                    extra.update(c for c in group if not (onto == "other_allies" and c == f))
            return sorted(c for c in extra if hp[c] > 0 and self._room_for(seat, c, card))
        if anywhere:
            candidates: Sequence[int] = range(6)
        else:
            attach_to = card.attach_to
            own = seat * 3
            other = 3 - own
            if attach_to == ATTACH_FIGHTER:
                candidates = (f,)
            elif attach_to == ATTACH_OPPONENT:
                candidates = (self.fighters[1 - seat],)
            elif attach_to == ATTACH_ALLIES:
                candidates = range(own, own + 3)
            elif attach_to == ATTACH_OTHER_ALLIES:
                candidates = [c for c in range(own, own + 3) if c != f]
            elif attach_to == ATTACH_ENEMIES:
                candidates = range(other, other + 3)
            else:
                assert attach_to == ATTACH_CHARACTERS
                candidates = range(6)
            if card.attach_filter is not None:  # "sur un de vos Artisans": those of the group passing it
                candidates = [c for c in candidates if c >= 0 and passes(self, card.attach_filter, c)]
        return [c for c in candidates if c >= 0 and hp[c] > 0 and self._room_for(seat, c, card)]

    def _room_for(self, seat: int, c: int, card: CompiledCard) -> bool:
        """Whether character ``c`` has room for ``card``, counting the cards ``seat`` chose for
        it this turn (docs/rules/eredan.md §3 Items: not yet attached, they already take their
        slot)."""
        k = card.id
        if self.tables.slow_fit:
            held = self.items[c] + [p.card for p in self.plays[seat] if p.carrier == c]
            return carry_fits(self.cards, self.chars[c], held, k, card)
        if card.modes or card is not self.cards[k]:
            return gear_accepts(self._gear_with_plays(seat, c), card.slot, card.hands, card.dual_wield)
        return bool(self.tables.fits[k] >> self._gear_with_plays(seat, c) & 1)

    def _fits_now(self, c: int, k: int) -> bool:
        """Whether character ``c`` has room for card ``k`` now (as it attaches)."""
        if self.tables.slow_fit:
            return carry_fits(self.cards, self.chars[c], self.items[c], k)
        return bool(self.tables.fits[k] >> self.gear[c] & 1)

    def _gear_with_plays(self, seat: int, c: int) -> int:
        """Character ``c``'s item slots, counting the items chosen for it this turn (rules:
        eredan §3 Items — not yet attached, they already take their slot)."""
        gear = self.gear[c]
        for play in self.plays[seat]:
            if play.carrier == c:
                card = self.cards[play.card]
                gear = add_gear(gear, card.slot, card.hands, card.dual_wield)
        return gear

    # --- triggers and choices ----------------------------------------------------------------------

    def _proceed(self, cont: int) -> None:
        """Resolve the queued triggered effects (asking their players' choices: phase ``P_PICK``),
        then go on with the turn (``cont``). A step's triggered effects resolve once it is over,
        in the order their events happened (docs/eredan-engine.md "Triggers")."""
        if not self.queue:
            _CONTINUE[cont](self)
            return
        self.cont = cont
        self._drain()

    def _drain(self) -> None:
        queue = self.queue
        while queue:
            head = queue[0]
            picks = self.picking
            if head.choices:
                if picks is None:
                    picks = self.picking = {}
                holder = head.holder
                opp = self.fighters[1 - holder // 3]
                for target in head.choices:
                    if target in picks:
                        continue
                    if not isinstance(target, Group):  # a one_of's options, a cost paid or not
                        found = list(range(option_count(target)))
                    else:
                        self.event_char = head.subject
                        found = group_candidates(self, target, holder, opp)
                        self.event_char = -1
                    if len(found) <= 1:
                        picks[target] = found[0] if found else -1
                        continue
                    # The holder's player chooses (cards/domain/effects.py: "one the player chooses").
                    self.phase = P_PICK
                    self.to_move = holder // 3
                    self.pick_question = target
                    self.pick_options = tuple(Pick.of(c) for c in found)
                    return
            queue.pop(0)
            self.picking = None
            self.run_firing(head, picks)
        self.pick_question = None
        self.pick_options = ()
        if self._eliminated():
            return
        cont = self.cont
        self.cont = C_CHOICE
        _CONTINUE[cont](self)

    def _pick(self, action: Pick) -> None:
        """A choice the firing at the head of the queue asked for."""
        assert self.picking is not None and self.pick_question is not None
        if self.log is not None:
            if not isinstance(self.pick_question, Group):  # a one_of's option, a cost paid (0) or not
                self.log.append({"event": "pick", "seat": self.to_move, "option": action.value})
            else:
                self.log.append(
                    {
                        "event": "pick",
                        "seat": self.to_move,
                        "character": self.chars[action.value].slug,
                        "character_seat": action.value // 3,
                    }
                )
        self.picking[self.pick_question] = action.value
        self._drain()

    def _eliminated(self) -> bool:
        """docs/rules/eredan.md §3 End — after effects outside the clash: a side with no living
        character loses (every side dead: the score decides). Whether the game ended."""
        if self.phase == P_OVER:
            return True
        hp = self.hp
        alive0 = hp[0] > 0 or hp[1] > 0 or hp[2] > 0
        alive1 = hp[3] > 0 or hp[4] > 0 or hp[5] > 0
        if alive0 and alive1:
            return False
        if alive0 or alive1:
            self._finish(0 if alive0 else 1, END_ELIMINATION)
        else:
            self._finish(self._score_winner(), END_SCORE)
        return True

    # --- step 0: draw, untap ----------------------------------------------------------------------

    def _start_cards(self) -> None:
        """docs/rules/eredan.md §3 Start — each card of a deck whose text makes it leave the deck
        as the game starts (CompiledCard.starts), from the top of the pile down: to its player's
        hand, or attached to one of its player's characters the text names that has room for it
        (**[decision]** one of several is drawn with the game's chance: no player decides before
        the first action, as for any choice outside a decision point), where it comes into play as
        a card that stays does; with none, it stays in the deck."""
        cards = self.cards
        for seat in (0, 1):
            deck = self.decks[seat]
            hand = self.hands[seat]
            for i in range(len(deck) - 1, -1, -1):
                k = deck[i]
                card = cards[k]
                if not card.starts:
                    continue
                if card.starts == STARTS_HAND:
                    del deck[i]
                    hand.append(k)
                    continue
                target = card.starts_on
                assert target is not None
                me = seat * 3
                found = (
                    group_candidates(self, target, me, -1)
                    if isinstance(target, Group)
                    else list(self.targets(target, me, -1))
                )
                found = [c for c in found if self._fits_now(c, k)]
                if not found:
                    continue
                chosen = found[0] if len(found) == 1 else found[self.pick(found, TARGET, me)]
                del deck[i]
                self.come_into_play(seat, chosen, k, False)

    def _first_turn(self) -> None:
        """The game's first turn, numbered 1 unless a ``game_start`` trigger moved the counter on
        ("En début de partie, le compteur de tour avance d'un tour": advance_turns)."""
        if self.turn_skip:
            self.turn += self.turn_skip
            self.turn_skip = 0
            if self.log is not None:
                self.log.append({"event": "turn", "turn": self.turn, "active": self.active})
        self._start_turn()

    def _start_turn(self) -> None:
        turn, a = self.turn, self.active
        if self.tables.damage_dealt_count:
            self.dealt_at_turn = self.dealt[:]
        if self.taken is not None:
            self.taken = [0] * 6
        if turn >= FIRST_DRAW_TURN:
            changed = self.draw_mods or self.tables.draw_abilities
            for seat in (a, 1 - a):
                hand = self.hands[seat]
                need = HAND_SIZE - len(hand)
                wanted = self._draw_phase(seat, need) if changed else need
                if wanted <= 0:
                    continue
                drawn = self.draw(seat, wanted)
                if drawn < wanted and drawn < need:
                    # docs/rules/eredan.md §3 step 0 — cannot fill the hand: loses at the end of the turn
                    # unless the opponent is eliminated first (deck-out).
                    self.deck_out[seat] = True
                    if self.log is not None:
                        self.log.append({"event": "deck_out", "seat": seat})
        hp, tapped = self.hp, self.tapped
        untap_at = self.rules.untap_when_untapped_left
        for b in (0, 3):
            # docs/rules/eredan.md §3 step 1 — all living characters tapped: all untap (the rules'
            # decision: untap_when_untapped_left).
            living = (hp[b] > 0) + (hp[b + 1] > 0) + (hp[b + 2] > 0)
            ready = (hp[b] > 0 and not tapped[b]) + (hp[b + 1] > 0 and not tapped[b + 1])
            ready += hp[b + 2] > 0 and not tapped[b + 2]
            if living and ready <= untap_at:
                tapped[b] = tapped[b + 1] = tapped[b + 2] = False
                if self.log is not None:
                    self.log.append({"event": "untap", "seat": b // 3})
        if self.listen:
            self.fire(EV_TURN_START)
            if self.queue:
                self._proceed(C_CHOICE)
                return
        _to_choice(self)

    def untap_if_none_ready(self) -> None:
        """docs/rules/eredan.md §3 step 1, once the effects of the start of the turn have resolved:
        a player whose every living character those effects tapped untaps them all, so that the
        active player can choose a fighter and an enemy (there was no legal action: found playing
        random decks of the whole imported pool, benchmarks/synthetic_pool.py)."""
        hp, tapped = self.hp, self.tapped
        for b in (0, 3):
            living = [c for c in (b, b + 1, b + 2) if hp[c] > 0]
            if living and all(tapped[c] for c in living):
                tapped[b] = tapped[b + 1] = tapped[b + 2] = False
                if self.log is not None:
                    self.log.append({"event": "untap", "seat": b // 3})

    def _draw_phase(self, seat: int, need: int) -> int:
        """docs/rules/eredan.md §3 step 0, with ``draw_phase`` effects: how many cards ``seat``
        draws in this draw phase — ``need`` (up to 5), plus or minus what they say (never below
        none; "no card" wins) — and one more of their phases spent."""
        amount = 0
        none = False
        keep = []
        for mod in self.draw_mods:
            if mod.seat != seat:
                keep.append(mod)
                continue
            if mod.amount is None:
                none = True
            else:
                amount += mod.amount
            if mod.phases != 1:
                keep.append(mod if mod.phases < 0 else replace(mod, phases=mod.phases - 1))
        self.draw_mods = keep
        for owner, seats, extra in self.tables.draw_abilities:
            if self.hp[owner] > 0 and seats >> (seat != owner // 3) & 1:
                if extra is None:
                    none = True
                else:
                    amount += extra
        if none:
            return 0
        return max(need + amount, 0)

    # --- step 1: choice -----------------------------------------------------------------------------

    def _choose_fighters(self, action: Fight, forced: bool) -> None:
        a = self.active
        fa, fp = action.fighter, action.opponent
        self.fighters[a] = fa
        self.fighters[1 - a] = fp
        log = self.log
        if log is not None:
            log.append(
                {
                    "event": "choice",
                    "seat": a,
                    "fighter": self.chars[fa].slug,
                    "opponent": self.chars[fp].slug,
                    "forced": forced,
                }
            )
        turn = self.turn
        hp = self.hp
        # Before the cards: what the Ordres, abilities and "en début de combat" play ("un 'X' est
        # créé et joué à la suite de vos cartes") waits for the cards of the turn (play_card).
        self.resolving = 3
        for f, opp in ((fa, fp), (fp, fa)):
            ch = self.chars[f]
            # docs/rules/eredan.md §3 step 1 — every Ordre naming this turn applies (all of them), then
            # the fighter's abilities; both only "modify self for the combat" (compile_tables).
            # Then the auras of its living allies that reach it (card text: "your other Noz have
            # Esprit +1", prophete-3), checked now, like its own abilities.
            if ch.order_choices:
                # An Ordre with a choice to make waits in the queue (its player is asked first).
                for order in ch.orders:
                    if order.turns.matches(turn):
                        if order.choices:
                            self.queue.append(Firing(order.ops, f, ch.order_source, -1, order.choices))
                        else:
                            self.run_ops(order.ops, f, opp, ch.order_source)
            elif ch.orders:
                orders = ch.orders_by_turn.get(turn)
                if orders is None:
                    orders = ch.order_ops(turn)
                if orders:
                    self.run_ops(orders, f, opp, ch.order_source)
            if ch.ability_ops:
                self.run_ops(ch.ability_ops, f, opp, ch.ability_source)
            if ch.fight_ops:
                self.run_ops(ch.fight_ops, f, opp, ch.ability_source)
            if ch.forbids:  # its standing restrictions, for the combat
                self.run_ops(ch.forbids, f, opp, ch.ability_source)
            for aura in ch.ally_auras:
                if (
                    (hp[aura.owner] > 0) is not aura.dead
                    and not aura.late
                    and (aura.check is None or passes(self, aura.check, f))
                ):
                    self.run_ops(aura.ops, f, opp, aura.source)
        if self.listen:
            self.fire(EV_COMBAT_START)
        if self.queue:
            self._proceed(C_CARDS)
            return
        self._to_cards()

    def _to_cards(self) -> None:
        self.phase = P_CARD
        self.to_move = self.active
        self.slot = 0

    # --- step 2: cards ------------------------------------------------------------------------------

    def _commit_card(self, action: Pass | Play, forced: bool) -> None:
        seat = self.to_move
        slot = self.slot
        if not isinstance(action, Play):
            if self.log is not None:
                self.log.append({"event": "pass", "seat": seat, "slot": slot, "forced": forced})
            self._next_card_seat(seat)
            return
        k = action.card
        self.hands[seat].remove(k)
        self.plays[seat].append(action)
        if self.log is not None:
            self.log.append({"event": "commit", "seat": seat, "slot": slot})
        if slot + 1 < MAX_CARDS_PER_TURN:
            chain = self._chain_after(seat, k)
            if chain:
                self.chain[seat] = chain
                self.slot = slot + 1
                return
        self._next_card_seat(seat)

    def _chain_after(self, seat: int, k: int) -> int:
        """docs/rules/eredan.md §3 step 2 — the Enchaînement a first card gives: the card's own chain, a
        ``chain_on`` ability of the fighter matching it, or a mono-class Mage's spell chain for a
        non-zone Sortilège (not for multi-class Mages nor Guémélites). Several chains allow any
        card one of them allows."""
        card = self.cards[k]
        f = self.fighters[seat]
        ch = self.chars[f]
        mask = card.chain_mask
        everything = self.tables.all_cards_mask
        if ch.mage_spell_chain and card.kind == CK_SPELL and not card.zone:
            mask |= everything if self.rules.mage_spell_chain_any else self.tables.spell_mask
        for ability in ch.chain_on:
            cond = ability.when
            if (
                ability.mask >> k & 1
                and (ability.owner < 0 or self.hp[ability.owner] > 0)
                and (cond is None or self.holds(cond, f, self.fighters[1 - seat]))
            ):
                mask = everything
        for chain in card.chains:  # the card's conditional chains ("Enchaînement si …")
            cond = chain.when
            if cond is None or self.holds(cond, f, self.fighters[1 - seat]):
                mask |= chain.mask
        return mask

    def _next_card_seat(self, seat: int) -> None:
        if seat == self.active:
            self.to_move = 1 - seat
            self.slot = 0
        else:
            self._resolve_cards()

    def _resolve_cards(self) -> None:
        """docs/rules/eredan.md §3 step 2 — resolution in N: active's 1st, passive's 1st, active's 2nd,
        passive's 2nd; then the cards effects play "after the cards of the turn" (``play_card``)."""
        if self.resolving == 3:
            self.resolving = 0  # the choice step is over
        a = self.active
        pa, pp = self.plays[a], self.plays[1 - a]
        if pa or pp:
            self.resolving = 1
            # The cards are revealed: what the conditions on the cards of the turn read.
            self.turn_plays = [[play.card for play in self.plays[0]], [play.card for play in self.plays[1]]]
            if self.tables.choice_cards:
                self.turn_choices = [[p.choice for p in self.plays[0]], [p.choice for p in self.plays[1]]]
            plays_heard = self.listen >> EV_PLAYS & 1
            in_order = ((a, pa), (1 - a, pp))
            for i in range(MAX_CARDS_PER_TURN):
                # Resolving a card never adds a play: the lists are fixed once both have chosen.
                self.source_slot = i  # which of its player's cards is resolving (Board.source_slot)
                for seat, mine in in_order:
                    if i < len(mine):
                        k = mine[i].card
                        if i and self.chain_lost[seat]:
                            self._unchain(seat, k)
                            continue
                        if self.cards[k].choices:
                            self.next_picks = self.card_picks(seat, i, k)
                        resolved = self._resolve_card(seat, k, mine[i].carrier)
                        self.next_picks = None
                        if plays_heard and resolved:
                            self.fire(EV_PLAYS, self.fighters[seat], card=k)
            self.plays = [[], []]
            self.source_slot = -1
            if self.chain_lost[0] or self.chain_lost[1]:
                self.chain_lost = [False, False]
        self.extra_played = 0
        if self.extra_plays:  # (those of the choice step too, when no card was played)
            step, self.resolving = self.resolving, 1
            self._play_extras()
            self.resolving = step
        if self.tables.late:
            self._late_abilities()
        if self.listen:
            self.fire(EV_AFTER_CARDS)
        self._proceed(C_CLASH)

    def _to_clash(self) -> None:
        """docs/rules/eredan.md §3 step 2 — at its end, what the triggers of the card step and
        ``after_cards`` played "à la suite de vos cartes" (queued while the cards resolved) is
        played now, before the clash, in order; the triggers those plays set off resolve in turn,
        and so on (``MAX_EXTRA_PLAYS`` a turn in all). Then the clash."""
        if self.extra_plays:
            step, self.resolving = self.resolving, 1
            self._play_extras()
            self.resolving = step
            if self.queue:
                self._proceed(C_CLASH)
                return
        self._clash()

    def _unchain(self, seat: int, k: int) -> None:
        """``counter``: a stopped first card gives no Enchaînement — its player's second card,
        played through it, goes back to its hand unresolved."""
        self.hands[seat].append(k)
        if self.log is not None:
            self.log.append({"event": "unchained", "seat": seat, "card": self.cards[k].slug})

    def _countered(self, seat: int, k: int, f: int) -> bool:
        """Whether ``seat``'s card ``k`` played by ``f`` is the next one a ``counter`` stops: then it
        goes to its pile, unresolved (and, a first card of the turn, gives no Enchaînement)."""
        for i, (chars, mask, dest) in enumerate(self.counters):
            if chars >> f & 1 and mask >> k & 1:
                del self.counters[i]
                if self.log is not None:
                    self.log.append({"event": "countered", "seat": seat, "card": self.cards[k].slug})
                self.put_card(seat, k, dest)
                if self.resolving == 1 and self.source_slot == 0:
                    self.chain_lost[seat] = True
                return True
        return False

    def _late_abilities(self) -> None:
        """The fighters' standing abilities whose condition reads the cards of the turn ("Défense
        +1 si vous jouez une Arme"): they apply now that every card has resolved, before the clash."""
        hp = self.hp
        for seat in (self.active, 1 - self.active):
            f, opp = self.fighters[seat], self.fighters[1 - seat]
            ch = self.chars[f]
            if ch.late_order_ops:
                self.run_ops(ch.late_order_ops, f, opp, ch.order_source)
            if ch.late_ops:
                self.run_ops(ch.late_ops, f, opp, ch.ability_source)
            for aura in ch.ally_auras:
                if (
                    (hp[aura.owner] > 0) is not aura.dead
                    and aura.late
                    and (aura.check is None or passes(self, aura.check, f))
                ):
                    self.run_ops(aura.ops, f, opp, aura.source)

    def _play_extras(self) -> None:
        """The cards effects played "à la suite de vos cartes" this card step, in the order they
        were played (each may play more; at most ``MAX_EXTRA_PLAYS`` a turn)."""
        while self.extra_plays and self.extra_played < MAX_EXTRA_PLAYS:
            seat, k, by, now = self.extra_plays.pop(0)
            self.play_now(seat, k, by, now)
            self.extra_played += 1
        for seat, k, _, _ in self.extra_plays:  # beyond the cap: discarded without effect
            self.discards[seat].append(k)
        self.extra_plays = []

    def play_card(self, seat: int, k: int, by: int, now: bool = False) -> None:
        """``seat``'s card ``k`` (out of any pile) is played by its character ``by`` — "à la suite de
        vos cartes": after the cards of the turn during the choice and card steps (``extra_plays``),
        at once otherwise."""
        if self.resolving & 1:  # 1 resolving the cards, 3 the choice step
            self.extra_plays.append((seat, k, by, now))
        else:
            self.play_now(seat, k, by, now)

    def room_now(self, c: int, k: int) -> bool:
        held = self.items[c] + [p[2] for p in self.pending_items if p[1] == c]
        if self.tables.slow_fit:
            return carry_fits(self.cards, self.chars[c], held, k)
        gear = self.gear[c]
        for h in held[len(self.items[c]) :]:
            card = self.cards[h]
            gear = add_gear(gear, card.slot, card.hands, card.dual_wield)
        return bool(self.tables.fits[k] >> gear & 1)

    def play_now(self, seat: int, k: int, by: int, now: bool = False) -> None:
        """``seat``'s card ``k`` (out of any pile) is played by its character ``by`` (``play_card``,
        ``create`` to play): resolved now, or — a card that acts after the combat, in a combat
        whose clash is still to come — with the items after the clash (unless ``now``: "jouée et
        activée immédiatement")."""
        card = self.cards[k]
        carrier = by
        if card.attaches and card.attach_to == ATTACH_OPPONENT:
            carrier = self.fighters[1 - by // 3]
            if carrier < 0:  # outside a combat there is no opponent to attach it to
                self.put_card(seat, k, PILE_DISCARD)
                return
        if (
            card.after_combat
            and not now
            and self.resolving != 2
            and self.fighters[seat] >= 0
            and not (self.restrictions and self._acts_now(by, k, False))
        ):
            played = self.played[seat]
            played[k] = played.get(k, 0) + 1
            self._log_play(seat, k, by, carrier)
            self.pending_items.append((seat, carrier, k))
            return
        self.source_slot = -1  # played by an effect: not one of its player's cards of the turn
        self._resolve_card(seat, k, carrier, by, now)

    def _acts_now(self, f: int, k: int, chained: bool) -> bool:
        """Whether card ``k`` played by ``f`` (``chained``: as its second card) acts at once
        (``acts_now``, kept among the restrictions)."""
        for r in self.restrictions:
            if (
                r.character == f
                and (r.what == ACTS_NOW or (chained and r.what == ACTS_NOW_CHAINED))
                and r.mask >> k & 1
            ):
                return True
        return False

    def _log_play(self, seat: int, k: int, by: int, carrier: int) -> None:
        if self.log is None:
            return
        event = {
            "event": "play",
            "seat": seat,
            "card": self.cards[k].slug,
            "by": self.chars[by].slug,
            "on": self.chars[carrier].slug,
        }
        if carrier // 3 != seat:
            event["on_seat"] = carrier // 3  # a card on a character of the other side
        self.log.append(event)

    def _resolve_card(self, seat: int, k: int, carrier: int, by: int = -1, now: bool = False) -> bool:
        """``seat``'s card ``k``, played by ``by`` (default: its fighter) on ``carrier``, resolves:
        a card that acts after the combat waits for the clash; one that stays comes into play (and
        acts); any other acts at once and goes to its player's discard pile (or where its text
        says: ``card_to``); ``now``: even one that acts after the combat acts at once ("jouée et
        activée immédiatement"). Whether it resolved (a ``counter`` may stop it)."""
        card = self.cards[k]
        played = self.played[seat]
        played[k] = played.get(k, 0) + 1
        f = self.fighters[seat] if by < 0 else by
        if card.modes:
            card = self.card_as_played(k, f)
        if self.log is not None:
            self._log_play(seat, k, f, carrier)
        if self.counters and self._countered(seat, k, f):
            return False
        if (
            card.after_combat
            and not now
            and self.resolving != 2
            and not (self.restrictions and self._acts_now(f, k, self.source_slot == 1))
        ):
            # docs/rules/eredan.md §3 Items — weapons, armors and other carried items act after the
            # combat; so does any card whose text says so (card text beats the rules) — unless an
            # ``acts_now`` on its player's character says such cards act at once.
            self.pending_items.append((seat, carrier, k))
            return True
        if self.hp[f] <= 0 and not self.rules.cards_of_a_dead_fighter_resolve:
            self.discards[seat].append(k)
            return True
        if card.attaches:
            # "S'active immédiatement" (card text): it comes into play and acts at once.
            self.come_into_play(seat, carrier, k, False)
            return True
        # Potions, scrolls and every other card that does not stay act at once and are discarded
        # (or go where their text says: card_to). _run_card, inline on this hot path.
        self.cur_seat, self.cur_card, self.card_dest = seat, k, PILE_DISCARD
        damaged = self.run_ops(card.ops, f, self.fighters[1 - f // 3], card.slug)
        dest = self.card_dest
        self.cur_seat = self.cur_card = self.card_dest = -1
        if damaged and card.kind == CK_SPELL and self.chars[f].spell_replaces_attack and self.resolving == 1:
            # docs/rules/eredan.md §3 step 3 — a mono-class Mage's damage spell replaces its attack.
            self.strikes[seat] = False
            if self.log is not None:
                self.log.append({"event": "attack_replaced", "seat": seat, "character": self.chars[f].slug})
        if dest == PILE_DISCARD:
            self.discards[seat].append(k)
        else:
            self.put_card(seat, k, dest)
        return True

    def _run_card(self, seat: int, k: int, f: int) -> int:
        """The effects of ``seat``'s card ``k`` that does not stay, acting after the clash for ``f``;
        returns the pile it goes to next (its player's discard pile, unless ``card_to`` said
        otherwise). Its damage comes after the clash: it replaces no attack."""
        card = self.cards[k]
        if card.modes:
            card = self.card_as_played(k, self.fighters[seat])
        self.cur_seat, self.cur_card, self.card_dest = seat, k, PILE_DISCARD
        self.source_slot = self._slot_of(seat, k)
        if card.choices:
            self.next_picks = self.card_picks(seat, self.source_slot, k)
        self.run_ops(card.ops, f, self.fighters[1 - f // 3], card.slug)
        self.next_picks = None
        dest = self.card_dest
        self.cur_seat = self.cur_card = self.card_dest = self.source_slot = -1
        return dest

    def put_card(self, seat: int, k: int, dest: int) -> None:
        """``seat``'s card ``k`` (out of play) goes to pile ``dest`` (PILE_*) — a deck at a random
        place (the game's chance: ``chance.PLACE``)."""
        if dest == PILE_DISCARD:
            self.discards[seat].append(k)
        elif dest == PILE_HAND:
            self.hands[seat].append(k)
        elif dest == PILE_REMOVED:
            self.removed[seat].append(k)
        else:
            if dest == PILE_OPPONENT_DECK_TOP:  # the top: the end of the pile, drawn next
                self.decks[1 - seat].append(k)
                return
            owner = 1 - seat if dest == PILE_OPPONENT_DECK else seat
            deck = self.decks[owner]
            deck.insert(self.pick(range(len(deck) + 1), PLACE, owner), k)

    # --- step 3: clash, then items ----------------------------------------------------------------

    def _clash(self) -> None:
        """docs/rules/eredan.md §3 step 3 — each fighter deals (rolled Attack + modifiers) − (opposing
        Défense + modifiers), at least 0; both strike, computed before either is applied."""
        a = self.active
        fa, fp = self.fighters[a], self.fighters[1 - a]
        hp = self.hp
        strikes = self.strikes
        attack_a = attack_p = -1
        dead_strike = self.rules.fighter_killed_by_cards_strikes
        if self.restrictions:
            # forbid attack: a fighter under it makes no clash attack.
            for r in self.restrictions:
                if r.what == FORBID_ATTACK and r.character in (fa, fp):
                    strikes[r.character // 3] = False
        fought = self.fought
        fought[fa] += 1  # the combats each has fought: what durations in combats count
        fought[fp] += 1
        if strikes[a] and (hp[fa] > 0 or dead_strike):
            attack_a = self.attack_roll(fa)
        if strikes[1 - a] and (hp[fp] > 0 or dead_strike):
            attack_p = self.attack_roll(fp)
        if self.log is not None:
            for seat, f, attack in ((a, fa, attack_a), (1 - a, fp, attack_p)):
                if attack >= 0:
                    self.log.append(
                        {"event": "attack", "seat": seat, "character": self.chars[f].slug, "attack": attack}
                    )
        # Simultaneous: each blow is reduced by the Défense its target has before either lands.
        if self.dmod_mask:
            self._clash_of_kinds(fa, fp, attack_a, attack_p)
        else:
            defense_p = self.stat(fp, DEF) if attack_a >= 0 else 0
            defense_a = self.stat(fa, DEF) if attack_p >= 0 else 0
            if attack_a >= 0 and hp[fp] > 0:
                self.wound(fa, fp, attack_a, defense_p, "clash")
            if attack_p >= 0 and hp[fa] > 0:
                self.wound(fp, fa, attack_p, defense_a, "clash")
        if self.extra_attacks:
            self._extra_attacks()
        self.resolving = 2
        if self.pending_items:
            self._activate_items()
        if self.stay_left:
            self._count_stays()
        self.resolving = 0
        if self.listen:
            self.fire(EV_COMBAT_END)
        self._proceed(C_END_COMBAT)

    def _clash_of_kinds(self, fa: int, fp: int, attack_a: int, attack_p: int) -> None:
        """The two blows when an ``attack_kind`` may change them: a magical attack is reduced by
        Esprit, a direct one ("Attaque Fantôme") by nothing (cards/domain/effects.py)."""
        hp = self.hp
        blows = []
        for src, dst, attack in ((fa, fp, attack_a), (fp, fa, attack_p)):
            if attack < 0:
                continue
            kind = self.clash_kind(src)
            reduction = (
                self.stat(dst, DEF) if kind == K_PHYSICAL else self.stat(dst, SPI) if kind == K_MAGICAL else 0
            )
            blows.append((src, dst, attack, reduction, "clash" if kind == K_PHYSICAL else KIND_NAMES[kind]))
        for src, dst, attack, reduction, name in blows:
            if hp[dst] > 0:
                self.wound(src, dst, attack, reduction, name)

    def _extra_attacks(self) -> None:
        """``extra_attack``: one more attack each, after the two blows, reduced as its kind says
        (physical: Défense, magical: Esprit); by a living attacker on a living target (a fighter
        killed by a card strikes still: ``fighter_killed_by_cards_strikes``)."""
        attacks, self.extra_attacks = self.extra_attacks, []
        hp = self.hp
        for attacker, target, value, kind in attacks:
            if hp[target] <= 0 or (hp[attacker] <= 0 and not self.rules.fighter_killed_by_cards_strikes):
                continue
            reduction = self.stat(target, SPI if kind == K_MAGICAL else DEF)
            self.wound(attacker, target, value, reduction, KIND_NAMES[kind])

    def _activate_items(self) -> None:
        """docs/rules/eredan.md §3 Items — items played this turn attach and act after the combat, in the
        order they were resolved; so do the cards whose text says they act after the combat (those
        that do not stay then go to the discard pile)."""
        while self.pending_items:
            pending = self.pending_items
            self.pending_items = []
            for seat, carrier, k in pending:
                card = self.cards[k]
                if card.modes:
                    card = self.card_as_played(k, self.fighters[seat])
                if card.attaches:
                    self.come_into_play(seat, carrier, k, True)
                elif self.hp[carrier] > 0 or self.rules.cards_of_a_dead_fighter_resolve:
                    self.put_card(seat, k, self._run_card(seat, k, carrier))
                else:
                    self.put_card(seat, k, PILE_DISCARD)

    def _slot_of(self, seat: int, k: int) -> int:
        """Card ``k``'s place among ``seat``'s cards of the turn (for "plays": the other card), or
        -1 (played by an effect, or in play from before)."""
        cards = self.turn_plays[seat]
        return cards.index(k) if k in cards else -1

    def come_into_play(self, seat: int, carrier: int, k: int, after_clash: bool) -> None:
        """``seat``'s card ``k`` that stays comes into play on ``carrier`` and acts for it (its
        holder): lost if the carrier is dead (``items_of_a_dead_carrier_are_discarded``) or has no
        room left (a card of the other side took the slot this turn: ``crowded_out_item_is_discarded``);
        a card that stays N combats counts its carrier's combats from the next one when it comes
        after the clash, from this one otherwise."""
        card = self.cards[k]
        if card.modes:
            f = self.fighters[seat]
            card = self.card_as_played(k, f if f >= 0 else carrier)
        if self.hp[carrier] <= 0 and self.rules.items_of_a_dead_carrier_are_discarded:
            self.discards[seat].append(k)
            self._log_item(seat, carrier, k, "item_lost")
            return
        tables = self.tables
        if not (
            carry_fits(self.cards, self.chars[carrier], self.items[carrier], k, card)
            if tables.slow_fit
            else gear_accepts(self.gear[carrier], card.slot, card.hands, card.dual_wield)
            if card is not self.cards[k]
            else tables.fits[k] >> self.gear[carrier] & 1
        ):
            # Its slot was filled this turn by a card of the other side (an Artisan's): the
            # two were chosen without seeing each other.
            if self.rules.crowded_out_item_is_discarded:
                self.discards[seat].append(k)
                self._log_item(seat, carrier, k, "item_crowded_out")
                return
            self._make_room(carrier, k)
        left = until = -1
        if card.stay_hi:
            left = self.roll(card.stay_lo, card.stay_hi, AMOUNT, carrier)
            if card.stay_turns and not self.rules.turns_count_the_characters_combats:
                until, left = self.turn + left - 1, -1  # this turn and the next N - 1 of the game
            elif after_clash and carrier in self.fighters and self.rules.stay_counts_from_next_combat:
                left += 1  # this combat is over: its count starts with the next one
        serial = self._attach(seat, carrier, k, left, card)
        if until >= 0:
            self.stay_until[serial] = until
        if card.ops:
            # A card in play acts for its carrier, facing the fighter of the carrier's enemies.
            self.cur_seat, self.cur_card, self.cur_serial = seat, k, serial
            # Its place among its player's cards of the turn (for "plays": the other card).
            before = self.source_slot
            slot = before if self.resolving == 1 else self._slot_of(seat, k)
            self.source_slot = slot if carrier // 3 == seat else -1
            if card.choices:
                self.next_picks = self.card_picks(seat, slot, k)
            self.run_ops(card.ops, carrier, self.fighters[1 - carrier // 3], card.slug)
            self.next_picks = None
            self.cur_seat = self.cur_card = self.cur_serial = -1
            self.source_slot = before

    def _count_stays(self) -> None:
        """The end of a combat for the cards that stay a limited time on its two fighters ("Durée
        2 combats", "Durée 3 tours": their carrier's combats, issue 15 §2): each counts one; those
        whose time is up leave play, to their owners' discard piles."""
        for f in self.fighters:
            if f < 0:
                continue
            i = 0
            while i < len(self.items[f]):
                serial = self.item_serials[f][i]
                left = self.stay_left.get(serial)
                if left is not None:
                    left -= 1
                    if left <= 0:
                        self.detach(f, i, PILE_DISCARD, "expire")
                        continue
                    self.stay_left[serial] = left
                i += 1

    def _log_item(self, seat: int, carrier: int, k: int, kind: str) -> None:
        """An ``attach`` / ``item_lost`` / ``item_crowded_out`` / ``item_replaced`` event: ``seat``'s
        card ``k`` on ``carrier`` (``on_seat`` when the carrier is of the other side)."""
        if self.log is None:
            return
        event = {
            "event": kind,
            "seat": seat,
            "card": self.cards[k].slug,
            "character": self.chars[carrier].slug,
        }
        if carrier // 3 != seat:
            event["on_seat"] = carrier // 3
        self.log.append(event)

    def _attach(
        self, seat: int, carrier: int, k: int, left: int = -1, card: CompiledCard | None = None
    ) -> int:
        """``carrier`` carries ``seat``'s card ``k`` (for ``left`` of its combats; -1: until it
        leaves play; ``card``: as it came into play, one of its modes): its slot, its "while
        carried" modifiers. Returns the attachment's serial."""
        serial = self.serial
        self.serial = serial + 1
        if card is None or card is self.cards[k]:
            card = self.cards[k]
        else:
            self.item_modes[serial] = card
        self.items[carrier].append(k)
        self.item_owners[carrier].append(seat)
        self.item_serials[carrier].append(serial)
        if left >= 0:
            self.stay_left[serial] = left
        if card.slot != SLOT_NONE:
            self.gear[carrier] = add_gear(self.gear[carrier], card.slot, card.hands, card.dual_wield)
        self._log_item(seat, carrier, k, "attach")
        for op in card.while_carried:
            points = op.points
            if points is None and op.when is None:
                self.mod[carrier * NSTATS + op.stat] += op.amount
                if op.amount < 0 and self.mneg is not None:
                    self.mneg[carrier * NSTATS + op.stat] += op.amount
                if op.stat == HPM:
                    self.refresh_max_hp(carrier)
                continue
            if points is None or points.__class__ is Roll:
                # Fixed, or rolled once as it attaches; read through Board.stat (its condition).
                amount = op.amount if points is None else self.modifier(points, carrier, -1)
                self.item_bonuses.append(ItemBonus(carrier, k, op.stat, amount, op.when))
            else:  # scaled: the count is read whenever the stat is
                self.item_bonuses.append(ItemBonus(carrier, k, op.stat, 0, op.when, points))  # type: ignore[arg-type]
            self.item_bonus_mask |= 1 << carrier
        return serial

    def move_attachment(self, carrier: int, i: int, target: int) -> bool:
        """``attach``: the ``i``-th card ``carrier`` carries goes to ``target`` without leaving play
        (its attachment, stay and triggers go on): what it gives its carrier — its "while carried"
        modifiers and bonuses, and the modifiers, damage changes, set and bounded stats its effects
        gave the carrier while it stays — it gives ``target`` now. Whether it moved: not when
        ``target`` has no room for it (its slot, "one per character")."""
        k = self.items[carrier][i]
        serial = self.item_serials[carrier][i]
        card = self.item_modes.get(serial) or self.cards[k]
        if not (
            carry_fits(self.cards, self.chars[target], self.items[target], k, card)
            if self.tables.slow_fit
            else gear_accepts(self.gear[target], card.slot, card.hands, card.dual_wield)
        ):
            return False
        owner = self.item_owners[carrier].pop(i)
        self.items[carrier].pop(i)
        self.item_serials[carrier].pop(i)
        mneg = self.mneg
        for op in card.while_carried:
            if op.points is None and op.when is None:
                for c, sign in ((carrier, -1), (target, 1)):
                    self.mod[c * NSTATS + op.stat] += sign * op.amount
                    if op.amount < 0 and mneg is not None:
                        mneg[c * NSTATS + op.stat] += sign * op.amount
        mine = [b for b in self.item_bonuses if b.carrier == carrier and b.card == k]
        for bonus in mine[: sum(op.points is not None or op.when is not None for op in card.while_carried)]:
            self.item_bonuses[self.item_bonuses.index(bonus)] = replace(bonus, carrier=target)
        mask = 0
        for bonus in self.item_bonuses:
            mask |= 1 << bonus.carrier
        self.item_bonus_mask = mask
        if self.lasting:
            moved = []
            for lasting in self.lasting:
                if lasting.serial == serial and lasting.character == carrier:
                    for c, sign in ((carrier, -1), (target, 1)):
                        self.mod[c * NSTATS + lasting.stat] += sign * lasting.amount
                        if lasting.amount < 0 and mneg is not None:
                            mneg[c * NSTATS + lasting.stat] += sign * lasting.amount
                    lasting = replace(lasting, character=target)
                moved.append(lasting)
            self.lasting = moved
        if self.dmods:
            self.dmods = [
                replace(dm, character=target) if dm.life.serial == serial and dm.character == carrier else dm
                for dm in self.dmods
            ]
            self._refresh_dmod_masks()
        if self.sets:
            self.sets = [
                replace(f, character=target) if f.life.serial == serial and f.character == carrier else f
                for f in self.sets
            ]
            self.set_mask = 0
            for f in self.sets:
                self.set_mask |= 1 << f.character
        if self.bounds:
            self.bounds = [
                replace(b, character=target) if b.life.serial == serial and b.character == carrier else b
                for b in self.bounds
            ]
            self.bound_mask = 0
            for b in self.bounds:
                self.bound_mask |= 1 << b.character
        for c in (carrier, target):
            if c == target:
                self.items[c].append(k)
                self.item_owners[c].append(owner)
                self.item_serials[c].append(serial)
            gear = GEAR_FREE
            for held in self.items[c]:
                h = self.cards[held]
                if h.slot != SLOT_NONE:
                    gear = add_gear(gear, h.slot, h.hands, h.dual_wield)
            self.gear[c] = gear
            if self.tables.hp_max:
                self.refresh_max_hp(c)
        self._log_item(owner, target, k, "attach")
        return True

    def _make_room(self, carrier: int, k: int) -> None:
        """``EredanRules.crowded_out_item_is_discarded`` false: the items of card ``k``'s slot that
        ``carrier`` carries leave play (to their owners' discard piles), oldest first, until ``k``
        fits."""
        slot = self.cards[k].slot
        while not self._fits_now(carrier, k):
            i = next(i for i, held in enumerate(self.items[carrier]) if self.cards[held].slot == slot)
            self.detach(carrier, i)

    def detach(
        self, carrier: int, i: int, dest: int = PILE_DISCARD, event: str = "item_replaced", seat: int = -1
    ) -> int:
        """The ``i``-th card ``carrier`` carries leaves play: its "while carried" and "while attached"
        modifiers end, its slot frees, the card goes to pile ``dest`` of its owner (PILE_*; logged
        as ``event``) — of player ``seat`` instead, when given. The one way out of play. Returns
        the card."""
        k = self.items[carrier].pop(i)
        owner = self.item_owners[carrier].pop(i)
        serial = self.item_serials[carrier].pop(i)
        card = self.item_modes.pop(serial, None) if self.item_modes else None
        if card is None:
            card = self.cards[k]
        for op in card.while_carried:
            if op.points is None and op.when is None:
                self.mod[carrier * NSTATS + op.stat] -= op.amount
                if op.amount < 0 and self.mneg is not None:
                    self.mneg[carrier * NSTATS + op.stat] -= op.amount
                if op.stat == HPM:
                    self.refresh_max_hp(carrier)
        bonuses = [b for b in self.item_bonuses if b.carrier == carrier and b.card == k]
        # One copy's bonuses (a character may carry two copies of a card).
        for bonus in bonuses[
            : sum(op.points is not None or op.when is not None for op in card.while_carried)
        ]:
            self.item_bonuses.remove(bonus)
        if not any(b.carrier == carrier for b in self.item_bonuses):
            self.item_bonus_mask &= ~(1 << carrier)
        if self.lasting:
            keep = []
            for lasting in self.lasting:
                if lasting.serial == serial:
                    self.mod[lasting.character * NSTATS + lasting.stat] -= lasting.amount
                    if lasting.amount < 0 and self.mneg is not None:
                        self.mneg[lasting.character * NSTATS + lasting.stat] -= lasting.amount
                else:
                    keep.append(lasting)
            self.lasting = keep
        self.stay_left.pop(serial, None)
        self.stay_until.pop(serial, None)
        if self.restrictions:
            self.restrictions = [r for r in self.restrictions if r.serial != serial]
        if self.trait_grants:
            traitops.end_traits(self, serial)
        if self.draw_mods:
            self.draw_mods = [m for m in self.draw_mods if m.serial != serial]
        if self.dmods or self.sets or self.bounds:
            self.end_lifetimes(serial=serial)
        gear = GEAR_FREE
        for held in self.items[carrier]:
            c = self.cards[held]
            if c.slot != SLOT_NONE:
                gear = add_gear(gear, c.slot, c.hands, c.dual_wield)
        self.gear[carrier] = gear
        self.put_card(owner if seat < 0 else seat, k, dest)
        self._log_item(owner, carrier, k, event)
        if self.listen:
            self.fire_leaves_play(carrier, k, owner, card)
        return k

    def _end_combat(self) -> None:
        hp = self.hp
        alive0 = hp[0] > 0 or hp[1] > 0 or hp[2] > 0
        alive1 = hp[3] > 0 or hp[4] > 0 or hp[5] > 0
        if not (alive0 and alive1):
            # docs/rules/eredan.md §3 End — a player whose three characters are dead loses; all dead:
            # the score decides.
            if alive0:
                self._finish(0, END_ELIMINATION)
            elif alive1:
                self._finish(1, END_ELIMINATION)
            else:
                self._finish(self._score_winner(), END_SCORE)
            return
        # step 4: both fighters are tapped (but one an effect untapped during its combat).
        fa, fp = self.fighters
        keep = self.keep_untapped
        self.tapped[fa] = not keep >> fa & 1
        self.tapped[fp] = not keep >> fp & 1
        self.keep_untapped = 0
        if self.log is not None:
            self.log.append(
                {
                    "event": "tap",
                    "characters": [[f // 3, self.chars[f].slug] for f in (fa, fp) if self.tapped[f]],
                }
            )
        self.phase = P_DISCARD
        self.to_move = self.active

    # --- step 5: discard, end of turn -----------------------------------------------------------

    def _discard(self, action: Pass | Discard, forced: bool) -> None:
        """docs/rules/eredan.md §3 step 5 — discard any cards (``Discard(mask)`` over the sorted hand)."""
        seat = self.to_move
        if isinstance(action, Discard):
            mask = action.mask
            hand = self.hands[seat]
            hand.sort()
            kept: list[int] = []
            gone: list[int] = []
            for i, k in enumerate(hand):
                (gone if mask >> i & 1 else kept).append(k)
            self.hands[seat] = kept
            self.discards[seat].extend(gone)
            if self.log is not None:
                self.log.append(
                    {
                        "event": "discard",
                        "seat": seat,
                        "cards": [self.cards[k].slug for k in gone],
                        "forced": forced,
                    }
                )
        if seat == self.active:
            self.to_move = 1 - seat
        else:
            if self.listen:
                self.fire(EV_TURN_END)
            self._proceed(C_END_TURN)

    def _end_turn(self) -> None:
        turn = self.turn
        fa, fp = self.fighters
        if fa >= 0 and fp >= 0:  # who has fought whom (the condition ``fought_before``)
            met = self.met
            met[fa] |= 1 << fp
            met[fp] |= 1 << fa
        cmod = self.cmod
        self.cmod = [0] * (6 * NSTATS)
        if self.cneg is not None:
            self.cneg = [0] * (6 * NSTATS)
        if self.timed:
            keep = []
            for timed in self.timed:
                if timed.expired(self):
                    self.mod[timed.character * NSTATS + timed.stat] -= timed.amount
                    if timed.amount < 0 and self.mneg is not None:
                        self.mneg[timed.character * NSTATS + timed.stat] -= timed.amount
                    if timed.stat == HPM:
                        self.refresh_max_hp(timed.character)
                else:
                    keep.append(timed)
            self.timed = keep
        if self.tables.hp_max:
            for c in range(6):
                if cmod[c * NSTATS + HPM]:
                    self.refresh_max_hp(c)
        if self.turn_plays[0] or self.turn_plays[1]:
            self.turn_plays = [[], []]
            self.turn_choices = [[], []]
        if self.turn_triggers:
            self.turn_triggers = []
        if self.dmods or self.sets or self.bounds:
            self.end_lifetimes()
        if self.extra_attacks:
            self.extra_attacks = []  # an extra attack of a clash gone by is lost
        self.granted = 0
        if self.stay_until:
            self._end_stays(turn)
        if self.restrictions:
            self.restrictions = [r for r in self.restrictions if not r.expired(self)]
        if self.trait_grants:
            traitops.end_traits(self)
        d0, d1 = self.deck_out
        if d0 or d1:
            # docs/rules/eredan.md §3 step 0 — a player who could not fill their hand loses now.
            if d0 and d1:
                self._finish(
                    self._score_winner() if self.rules.double_deck_out_by_score else None, END_DECK_OUT
                )
            else:
                self._finish(1 if d0 else 0, END_DECK_OUT)
            return
        if turn >= self.rules.turn_cap:
            self._finish(self._score_winner(), END_TURN_CAP)
            return
        self.turn = turn + 1
        if self.turn_skip:
            # "le compteur de tours avance d'un tour supplémentaire" (advance_turns)
            self.turn += self.turn_skip
            self.turn_skip = 0
        self.active = 1 - self.active
        self.keep_untapped = 0
        fighters, chain, strikes = self.fighters, self.chain, self.strikes
        fighters[0] = fighters[1] = -1
        chain[0] = chain[1] = 0
        strikes[0] = strikes[1] = True
        if self.log is not None:
            self.log.append({"event": "turn", "turn": self.turn, "active": self.active})
        self._start_turn()

    def _end_stays(self, turn: int) -> None:
        """The cards that stay "N tours" counted in the game's turns and whose last turn this was
        leave play (``turns_count_the_characters_combats`` false)."""
        for serial, last in list(self.stay_until.items()):
            if last <= turn:
                for c in range(6):
                    if serial in self.item_serials[c]:
                        self.detach(c, self.item_serials[c].index(serial), PILE_DISCARD, "expire")
                        break

    def _score_winner(self) -> int | None:
        """docs/rules/eredan.md §3 End — damage dealt + healing done; equal scores are a draw."""
        s0, s1 = self.score
        return None if s0 == s1 else (0 if s0 > s1 else 1)

    def _finish(self, winner: int | None, reason: str) -> None:
        self.queue = []
        self.winner = winner
        self.end_reason = reason
        self.phase = P_OVER
        self.to_move = TERMINAL
        if self.log is not None:
            self.log.append(
                {
                    "event": "end",
                    "winner": winner,
                    "reason": reason,
                    "turns": self.turn,
                    "score": list(self.score),
                }
            )

    # --- copies ---------------------------------------------------------------------------------

    def clone(self, *, rng: random.Random | None = None) -> EredanState:
        """An independent copy, without the log: its own RNG in the same state, or ``rng``."""
        s = EredanState.__new__(EredanState)
        s.tables = self.tables
        s.cards = self.cards
        s.chars = self.chars
        s.play_mask = self.play_mask
        s.trait_grants = self.trait_grants
        if rng is None:
            rng = random.Random.__new__(random.Random)  # no seeding: the state is set just below
            rng.setstate(self.rng.getstate())
        s.rng = rng
        s.chance = None  # a copy plays on its own RNG, never on a record's script or recorder
        s.rules = self.rules
        s.turn = self.turn
        s.active = self.active
        s.first_player = self.first_player
        s.hp = self.hp[:]
        s.max_hp = self.max_hp[:]
        s.base = self.base
        s.gear = self.gear[:]
        s.tapped = self.tapped[:]
        s.mod = self.mod[:]
        s.cmod = self.cmod[:]
        s.timed = self.timed[:]
        s.item_bonuses = self.item_bonuses[:]
        s.item_bonus_mask = self.item_bonus_mask
        s.items = [i[:] for i in self.items]
        s.item_owners = [o[:] for o in self.item_owners]
        s.item_serials = [o[:] for o in self.item_serials]
        s.serial = self.serial
        s.stay_left = dict(self.stay_left) if self.stay_left else {}
        s.stay_until = dict(self.stay_until) if self.stay_until else {}
        s.item_modes = dict(self.item_modes) if self.item_modes else {}
        s.lasting = self.lasting[:]
        s.markers = {name: counts[:] for name, counts in self.markers.items()} if self.markers else {}
        s.removed = [self.removed[0][:], self.removed[1][:]]
        s.cur_seat = s.cur_card = s.cur_serial = s.card_dest = -1
        s.extra_plays = self.extra_plays[:]  # an Ordre's play waits through the card step
        s.extra_played = self.extra_played
        s.resolving = self.resolving
        s.keep_untapped = self.keep_untapped
        s.restrictions = self.restrictions[:]
        s.counters = self.counters[:]
        s.chain_lost = self.chain_lost[:]
        s.draw_mods = self.draw_mods[:]
        s.turn_skip = self.turn_skip
        s.hands = [self.hands[0][:], self.hands[1][:]]
        s.decks = [self.decks[0][:], self.decks[1][:]]
        s.discards = [self.discards[0][:], self.discards[1][:]]
        s.fighters = self.fighters[:]
        s.dealt = self.dealt[:]
        s.healed = self.healed[:]
        s.score = self.score[:]
        s.log = None
        s.picks = None
        s.fought = self.fought[:]
        s.met = self.met[:]
        s.turn_plays = [self.turn_plays[0][:], self.turn_plays[1][:]]
        s.source_slot = self.source_slot
        s.dealt_at_turn = self.dealt_at_turn[:]
        s.listen = self.listen
        s.dmods = self.dmods[:]
        s.dmod_mask = self.dmod_mask
        s.immune_mask = self.immune_mask
        s.sets = self.sets[:]
        s.set_mask = self.set_mask
        s.bounds = self.bounds[:]
        s.bound_mask = self.bound_mask
        s.mneg = None if self.mneg is None else self.mneg[:]
        s.cneg = None if self.cneg is None else self.cneg[:]
        s.extra_attacks = self.extra_attacks[:]
        s.count_target = -1
        s.granted = self.granted
        s.taken = None if self.taken is None else self.taken[:]
        s.queue = self.queue[:]
        s.event_char = self.event_char
        s.event_amount = self.event_amount
        s.running = self.running
        s.fired = dict(self.fired) if self.fired else {}
        s.turn_triggers = self.turn_triggers[:]
        s.turn_choices = [self.turn_choices[0][:], self.turn_choices[1][:]]
        s.cont = self.cont
        s.picking = dict(self.picking) if self.picking is not None else None
        s.pick_question = self.pick_question
        s.pick_options = self.pick_options
        s.next_picks = None
        s.opening_draws = ()
        s.phase = self.phase
        s.to_move = self.to_move
        s.slot = self.slot
        s.plays = [self.plays[0][:], self.plays[1][:]]
        s.chain = self.chain[:]
        s.strikes = self.strikes[:]
        s.pending_items = self.pending_items[:]
        s.deck_out = self.deck_out[:]
        s.played = [dict(self.played[0]), dict(self.played[1])]
        s.drawn = [dict(self.drawn[0]), dict(self.drawn[1])]
        s.opening_hands = self.opening_hands
        s.initiative_rolls = self.initiative_rolls
        s.winner = self.winner
        s.end_reason = self.end_reason
        s._legal = self._legal
        s._setup = None
        return s

    def determinize(
        self,
        player: int,
        rng: random.Random,
        *,
        opponent_model: Callable[[EredanState, random.Random], Action] | None = None,
    ) -> EredanState:
        """A copy consistent with what ``player`` knows (see the module docstring): both draw
        piles re-shuffled, the opponent's hand and unrevealed card choices re-dealt from the cards
        it has not shown, and a fresh game RNG — all drawn from ``rng`` only.

        The opponent's unrevealed choices are re-made in the new world by ``opponent_model`` (a
        policy function reading that world as the opponent would), uniformly at random by default.
        """
        s = self.clone(rng=random.Random(rng.getrandbits(64)))
        own = sorted(s.decks[player])
        rng.shuffle(own)
        s.decks[player] = own
        opp = 1 - player
        hidden_choice = s.phase == P_CARD and opp == s.active and s.to_move == player
        hand_size = len(s.hands[opp])
        pool = s.hands[opp] + s.decks[opp]
        if hidden_choice:
            hand_size += len(s.plays[opp])
            pool.extend(play.card for play in s.plays[opp])
        pool.sort()
        rng.shuffle(pool)
        s.hands[opp] = pool[:hand_size]
        s.decks[opp] = pool[hand_size:]
        if hidden_choice:
            s._rechoose_cards(opp, rng, opponent_model)
        return s

    def _rechoose_cards(
        self, seat: int, rng: random.Random, model: Callable[[EredanState, random.Random], Action] | None
    ) -> None:
        """Re-make ``seat``'s unrevealed card choices (uniformly among its legal ones, or with
        ``model``), in this world, as if it were choosing now."""
        self.plays[seat] = []
        self.chain[seat] = 0
        to_move, slot_now, legal_now = self.to_move, self.slot, self._legal
        for slot in range(MAX_CARDS_PER_TURN):
            options = self.play_options(seat, slot)
            if model is None or len(options) == 1:
                action: Action = options[int(rng.random() * len(options))]
            else:
                self.to_move, self.slot, self._legal = seat, slot, options
                action = model(self, rng)
                self.to_move, self.slot, self._legal = to_move, slot_now, legal_now
            if not isinstance(action, Play):
                return
            k = action.card
            self.hands[seat].remove(k)
            self.plays[seat].append(action)
            if slot + 1 < MAX_CARDS_PER_TURN:
                self.chain[seat] = self._chain_after(seat, k)
                if not self.chain[seat]:
                    return

    # --- results ----------------------------------------------------------------------------------

    def summary(self) -> Mapping[str, Any]:
        """Facts for statistics (keys of :meth:`simulator.engine.protocol.State.summary`)."""
        cards = self.cards
        chars = self.chars
        return {
            "winner": self.winner,
            "end_reason": self.end_reason,
            "turns": self.turn,
            "first_player": self.first_player,
            "score": list(self.score),
            "cards_played": {
                str(seat): {cards[k].slug: n for k, n in sorted(self.played[seat].items())} for seat in (0, 1)
            },
            "characters": {
                str(seat): {
                    chars[c].slug: {
                        "damage": self.dealt[c],
                        "healing": self.healed[c],
                        "survived": self.hp[c] > 0,
                    }
                    for c in range(seat * 3, seat * 3 + 3)
                }
                for seat in (0, 1)
            },
            "cards_seen": {str(seat): self._cards_seen(seat) for seat in (0, 1)},
        }

    def _cards_seen(self, seat: int) -> dict[str, list[int]]:
        """Per card of ``seat``'s deck: [copies, copies in the opening hand, copies drawn after it,
        copies played] — the card metrics' events (docs/lab.md "Card metrics"); a copy drawn or
        played again (back from the discard) counts once."""
        opening: dict[int, int] = {}
        for k in self.opening_hands[seat]:
            opening[k] = opening.get(k, 0) + 1
        drawn, played = self.drawn[seat], self.played[seat]
        out = {}
        for k, n, slug in self.tables.deck_copies[seat]:
            first = min(opening.get(k, 0), n)
            out[slug] = [n, first, min(drawn.get(k, 0), n - first), min(played.get(k, 0), n)]
        return out

    def __repr__(self) -> str:
        return (
            f"<EredanState turn={self.turn} active={self.active} phase={PHASE_NAMES[self.phase]} "
            f"to_move={self.to_move} hp={self.hp}>"
        )


def _to_choice(state: EredanState) -> None:
    if state.listen:  # effects of the start of the turn may have tapped characters
        state.untap_if_none_ready()
    state.phase = P_CHOICE
    state.to_move = state.active


#: What the turn does once the queue of triggered effects is empty (EredanState._proceed).
_CONTINUE: tuple[Callable[[EredanState], None], ...] = (
    EredanState._first_turn,  # C_TURN: the game's first turn (after game_start)
    _to_choice,  # C_CHOICE: after turn_start
    EredanState._to_cards,  # C_CARDS: after combat_start
    EredanState._to_clash,  # C_CLASH: after after_cards (and what it played)
    EredanState._end_combat,  # C_END_COMBAT: after combat_end
    EredanState._end_turn,  # C_END_TURN: after turn_end
)


def describe_action(state: EredanState, action: Any) -> str:
    """A readable name for an action in ``state`` (for logs, errors and the CLI)."""
    typed = decode(action)
    if typed is None:
        return repr(action)
    if isinstance(typed, Pass):
        return "pass"
    if isinstance(typed, Pick):
        if state.pick_question is not None and not isinstance(state.pick_question, Group):
            return f"choose option {typed.value}"
        if typed.value < 6:
            return f"choose {state.chars[typed.value].slug} (seat {typed.value // 3})"
        return f"choose {typed.value}"
    chars, cards = state.chars, state.cards
    if isinstance(typed, Fight):
        return f"fight with {chars[typed.fighter].slug} against {chars[typed.opponent].slug}"
    if isinstance(typed, Play):
        if typed.card >= len(cards):
            return repr(action)
        seat = state.to_move if state.to_move in (0, 1) else typed.carrier // 3
        where = "" if typed.carrier // 3 == seat else f"seat {typed.carrier // 3}'s "
        return f"play {cards[typed.card].slug} on {where}{chars[typed.carrier].slug}"
    hand = sorted(state.hands[state.to_move]) if state.to_move in (0, 1) else []
    if typed.mask >= 1 << len(hand):
        return repr(action)
    return "discard " + ", ".join(cards[k].slug for i, k in enumerate(hand) if typed.mask >> i & 1)
