"""The interpreter's functions for the ops that move cards and change the board rather than stats:
cards between piles (``move``), this card's destination (``card_to``), attached cards discarded
(``discard_attached``), new copies (``create``), cards played by an effect (``play_card``),
markers (``marker``), tapping (``tap`` / ``untap``).

Each is registered for its record type (:mod:`simulator.games.eredan.ops`) with
:func:`~simulator.games.eredan.interpreter.interprets`, exactly like the functions of
``interpreter.py`` (docs/eredan-engine.md, "A new mechanic"); importing the state module imports
this one. They change the board through the :class:`~simulator.games.eredan.interpreter.Board`
methods the turn structure supplies (``put_card``, ``detach``, ``play_now``, ``come_into_play``),
and every random outcome goes through ``Board.pick`` (``chance.CARD``: a random card;
``chance.PLACE``: a place in a deck) so that records and replays follow it. The semantics are the
contract of ``cards/domain/effects.py``.
"""

from __future__ import annotations

from collections.abc import Sequence

from simulator.games.eredan.chance import AMOUNT, CARD, OPTION
from simulator.games.eredan.compiled import ATTACH_FIGHTER, ATTACH_OPPONENT
from simulator.games.eredan.interpreter import Board, DrawMod, Restriction, _run_nested, interprets
from simulator.games.eredan.ops import (
    ACTS_NOW,
    ACTS_NOW_CHAINED,
    CARD_CHOICE,
    CARD_TOP,
    COST_ATTACHED,
    COST_HAND,
    FORBID_NAMES,
    OWNER_ANY,
    OWNER_SELF,
    PAY_OPTIONS,
    PILE_ATTACH,
    PILE_DECK,
    PILE_DISCARD,
    PILE_HAND,
    PILE_NAMES,
    PILE_OPPONENT_DECK,
    PILE_OPPONENT_DECK_TOP,
    PILE_PLAY,
    PILE_REMOVED,
    ActsNowOp,
    AdvanceTurnsOp,
    AttachOp,
    CardToOp,
    CounterOp,
    CreateOp,
    DiscardAttachedOp,
    DrawPhaseOp,
    Duration,
    ForbidOp,
    ForCombat,
    ForCombats,
    ForTurns,
    GrantOrderOp,
    MarkerOp,
    MoveOp,
    PayOp,
    Permanent,
    PlayCardOp,
    TapOp,
    UntapOp,
)


def pile(board: Board, seat: int, which: int) -> list[int]:
    """``seat``'s deck, hand or discard pile (PILE_*; a deck's top card is its last)."""
    return (board.decks, board.hands, board.discards)[which][seat]


#: How good for its owner a pile is (a card chosen to move between piles).
PILE_RANK = {
    PILE_HAND: 3,
    PILE_DECK: 2,
    PILE_DISCARD: 1,
    PILE_REMOVED: 0,
    PILE_OPPONENT_DECK: 0,
    PILE_OPPONENT_DECK_TOP: 0,
}


def chosen(board: Board, options: Sequence[int], best: bool, who: int) -> int:
    """The index of the card a player chooses among ``options`` (card ids): the engine chooses for
    it, the card of the highest worth (``best``) or the lowest (Tables.worth; on a tie, the last
    one) — ``EredanRules.chosen_card_by_worth``; or, that rule off, one at random (chance ``card``,
    for seat ``who``)."""
    if not board.rules.chosen_card_by_worth:
        return board.pick(options, CARD, who)
    worth = board.tables.worth
    sign = 1 if best else -1
    top = 0
    for i in range(1, len(options)):
        if sign * worth[options[i]] >= sign * worth[options[top]]:
            top = i
    return top


def take(board: Board, seat: int, cards: list[int], mask: int, pick: int, best: bool = True) -> int:
    """Take one card of ``mask`` out of ``cards`` (a pile of ``seat``): the topmost (the end of the
    list), one at random (the game's chance), or the one its player would choose (``best``: the
    most useful one, else the least: :func:`chosen`). Returns it, or -1 when none matches."""
    if pick == CARD_TOP:
        for i in range(len(cards) - 1, -1, -1):
            if mask >> cards[i] & 1:
                return cards.pop(i)
        return -1
    positions = [i for i, k in enumerate(cards) if mask >> k & 1]
    if not positions:
        return -1
    # Copies of a card are alike: whichever position of it is drawn, the pile left is the same (a
    # replay names the card, not its place).
    options = [cards[i] for i in positions]
    if pick == CARD_CHOICE:
        i = positions[chosen(board, options, best, seat)]
    else:
        i = positions[board.pick(options, CARD, seat)]
    return cards.pop(i)


def take_piles(
    board: Board, seat: int, piles: Sequence[list[int]], mask: int, pick: int, best: bool = True
) -> int:
    """:func:`take` from several piles of ``seat`` at once ("de votre Deck ou votre Défausse"):
    every card of ``mask`` in any of them is an option (each copy as likely; pick random or choice);
    the card drawn or chosen is taken from the first pile that has it, so a record naming the card
    replays the same move. Returns it, or -1 when none matches."""
    options = [k for cards in piles for k in cards if mask >> k & 1]
    if not options:
        return -1
    if pick == CARD_CHOICE:
        k = options[chosen(board, options, best, seat)]
    else:
        k = options[board.pick(options, CARD, seat)]
    for cards in piles:
        if k in cards:
            cards.remove(k)
            return k
    raise AssertionError("a card taken from no pile")  # pragma: no cover


def _log(board: Board, event: dict[str, object]) -> None:
    if board.log is not None:
        board.log.append(event)


@interprets(MoveOp)
def _move(board: Board, op: MoveOp, me: int, opp: int, source: str) -> None:
    seat = 1 - me // 3 if op.opponent else me // 3
    cards = pile(board, seat, op.source)
    piles = [cards, *(pile(board, seat, p) for p in op.also)] if op.also else None
    mask = op.mask
    if op.dest == PILE_ATTACH:  # into play on each target, not played ("… est attachée à …")
        mask &= board.tables.attaching_mask
        for t in board.targets(op.target, me, opp):
            for _ in range(op.count if op.count >= 0 else sum(len(c) for c in piles or [cards])):
                k = (
                    take(board, seat, cards, mask, op.pick, seat == t // 3)
                    if piles is None
                    else take_piles(board, seat, piles, mask, op.pick, seat == t // 3)
                )
                if k < 0:
                    break
                _log(
                    board,
                    {
                        "event": "move",
                        "seat": seat,
                        "cards": [board.cards[k].slug],
                        "from": _pile_names(op),
                        "to": "attach",
                        "character": board.chars[t].slug,
                    },
                )
                board.come_into_play(seat, t, k, board.resolving == 2)
        return
    moved: list[int] = []
    mine = me // 3
    # A card chosen: the most useful to its owner's side when it goes to a better pile for it.
    better = PILE_RANK[op.dest] > min(PILE_RANK[p] for p in (op.source, *op.also))
    while op.count < 0 or len(moved) < op.count:
        if op.any_owner:
            # The player's pick in either player's pile: its own card when the move is good for a
            # card's owner, the opponent's when it is bad (the other pile when that one has none).
            first = mine if better else 1 - mine
            has = any(mask >> k & 1 for k in pile(board, first, op.source))
            seat = first if has else 1 - first
            cards = pile(board, seat, op.source)
            best = better == (seat == mine)
        elif op.by_opponent:
            best = better and not op.into_self  # the opposing player keeps its best, gives its worst
        elif op.into_self:
            best = True  # taken from the opponent for the player: the best one
        else:
            best = better != op.opponent
        if piles is None:
            k = take(board, seat, cards, mask, op.pick, best)
        else:
            k = take_piles(board, seat, piles, mask, op.pick, best)
        if k < 0:
            break
        board.put_card(mine if op.into_self else seat, k, op.dest)
        moved.append(k)
    event: dict[str, object] = {
        "event": "move",
        "seat": seat,
        "cards": [board.cards[k].slug for k in moved],
        "from": _pile_names(op),
        "to": PILE_NAMES[op.dest],
    }
    if op.into_self:
        event["into"] = mine  # the player's own pile, not the cards' owner's
    _log(board, event)


def _pile_names(op: MoveOp) -> str:
    """The pile (or piles, "deck/discard") the moved cards come from, for the event log."""
    return "/".join(PILE_NAMES[p] for p in (op.source, *op.also))


@interprets(CardToOp)
def _card_to(board: Board, op: CardToOp, me: int, opp: int, source: str) -> None:
    k, seat = board.cur_card, board.cur_seat
    if k < 0:
        return
    if board.cur_serial >= 0:
        # A card in play leaves it (if it still is).
        for c in range(6):
            serials = board.item_serials[c]
            if board.cur_serial in serials:
                board.detach(c, serials.index(board.cur_serial), op.dest, "card_to")
                return
        return
    if board.card_dest >= 0:
        board.card_dest = op.dest  # a card resolving: where it goes once it has
        return
    discards = board.discards[seat]  # a card that resolved this turn: from its discard pile
    for i in range(len(discards) - 1, -1, -1):
        if discards[i] == k:
            del discards[i]
            board.put_card(seat, k, op.dest)
            _log(
                board,
                {
                    "event": "move",
                    "seat": seat,
                    "cards": [board.cards[k].slug],
                    "from": "discard",
                    "to": PILE_NAMES[op.dest],
                },
            )
            return


@interprets(DiscardAttachedOp)
def _discard_attached(board: Board, op: DiscardAttachedOp, me: int, opp: int, source: str) -> None:
    """The cards are taken among all those the target's characters carry: for a group, ``count``
    in all, not from each of them (cards/domain/effects.py, ``discard_attached``: "une carte
    adverse attachée à un de vos personnages est défaussée" is one card)."""
    mask = op.mask
    mine = me // 3
    targets = board.targets(op.target, me, opp)
    done = 0
    while op.count < 0 or done < op.count:
        found: list[tuple[int, int]] = []  # (character, position in its items)
        for t in targets:
            items, owners = board.items[t], board.item_owners[t]
            found.extend(
                (t, i)
                for i, k in enumerate(items)
                if mask >> k & 1
                and (op.owner == OWNER_ANY or (owners[i] == mine) == (op.owner == OWNER_SELF))
                and not (op.other and board.item_serials[t][i] == board.cur_serial)
                # "vous pouvez choisir", "jusqu'à N": the player takes only the other player's cards
                and not (op.may and owners[i] == mine)
            )
        if not found:
            break
        options = [board.items[t][i] for t, i in found]
        if len(targets) == 1:
            t = targets[0]
            if op.pick == CARD_CHOICE:  # the holder's player's choice: its enemies' best, its own worst
                j = chosen(board, options, t // 3 != mine, t // 3)
            else:
                j = board.pick(options, CARD, t // 3)
        elif op.pick == CARD_CHOICE and board.rules.chosen_card_by_worth:
            # among several characters: the enemies' best card or the player's own worst
            worth = board.tables.worth
            j = max(
                range(len(found)),
                key=lambda n: (worth[options[n]] if found[n][0] // 3 != mine else -worth[options[n]], n),
            )
        else:
            j = board.pick(options, CARD, mine)
        t, i = found[j]
        board.detach(t, i, op.dest, "discard_attached", mine if op.into_self else -1)
        done += 1


@interprets(CreateOp)
def _create(board: Board, op: CreateOp, me: int, opp: int, source: str) -> None:
    seat = me // 3
    k = board.tables.created[op.family]
    to = PILE_NAMES[op.dest]
    if op.dest in (PILE_PLAY, PILE_ATTACH):
        for t in board.targets(op.target, me, opp):  # a group: each its own copies
            for _ in range(op.count):
                _log(board, {"event": "create", "seat": seat, "card": board.cards[k].slug, "to": to})
                if op.dest == PILE_PLAY:
                    board.play_card(seat, k, t)
                else:
                    board.come_into_play(seat, t, k, board.resolving == 2)
        return
    for _ in range(op.count):
        _log(board, {"event": "create", "seat": seat, "card": board.cards[k].slug, "to": to})
        board.put_card(seat, k, op.dest)


def playable_by(board: Board, by: int, k: int, unrestricted: bool = False) -> bool:
    """Whether character ``by`` may play card ``k`` as an effect plays it: its requirements (unless
    ``EredanRules.played_card_needs_requirements`` is false, or the effect says ``unrestricted``),
    and — a card that stays — whom it is attached to (``by`` itself or its opponent: no one to
    choose) with room for it."""
    if not unrestricted and board.rules.played_card_needs_requirements and not board.play_mask[by] >> k & 1:
        return False
    card = board.cards[k]
    if not card.attaches:
        return True
    if card.attach_to == ATTACH_FIGHTER:
        carrier = by
    elif card.attach_to == ATTACH_OPPONENT:
        carrier = board.fighters[1 - by // 3]
        if carrier < 0 or board.hp[carrier] <= 0:
            return False
    else:
        return False  # its player would choose whom it goes to: not when an effect plays it
    return board.room_now(carrier, k)


@interprets(PlayCardOp)
def _play_card(board: Board, op: PlayCardOp, me: int, opp: int, source: str) -> None:
    seat = me // 3
    found: Sequence[int] = board.targets(op.target, me, opp)
    if not found:
        return
    by = found[0]
    cards = pile(board, seat, op.source)
    piles = [cards, *(pile(board, seat, p) for p in op.also)] if op.also else None
    mask = 0
    play_mask = board.play_mask[by]
    for k in set(cards) if piles is None else {k for c in piles for k in c}:
        if playable_by(board, by, k, op.unrestricted) and (not op.playable or play_mask >> k & 1):
            mask |= 1 << k
    mask &= op.mask
    k = (
        take(board, seat, cards, mask, op.pick)
        if piles is None
        else take_piles(board, seat, piles, mask, op.pick)
    )
    if k >= 0:
        board.play_card(seat, k, by, op.now)


@interprets(MarkerOp)
def _marker(board: Board, op: MarkerOp, me: int, opp: int, source: str) -> None:
    counts = board.markers.get(op.marker)
    if counts is None:
        counts = board.markers[op.marker] = [0] * 6
    for t in board.targets(op.target, me, opp):
        counts[t] = max(0, counts[t] + op.count)  # MARKERS_ALL: far below 0
        _log(
            board,
            {
                "event": "marker",
                "seat": t // 3,
                "character": board.chars[t].slug,
                "marker": op.marker,
                "count": counts[t],
            },
        )


@interprets(TapOp)
def _tap(board: Board, op: TapOp, me: int, opp: int, source: str) -> None:
    for t in board.targets(op.target, me, opp):
        board.tapped[t] = True
        board.keep_untapped &= ~(1 << t)
        _log(board, {"event": "tapped", "seat": t // 3, "character": board.chars[t].slug})


@interprets(UntapOp)
def _untap(board: Board, op: UntapOp, me: int, opp: int, source: str) -> None:
    for t in board.targets(op.target, me, opp):
        board.tapped[t] = False
        if t in board.fighters and board.rules.untapped_fighter_stays_untapped:
            # A fighter untapped during its combat is not tapped at its end (docs/rules/eredan.md §3
            # step 4; EredanRules.untapped_fighter_stays_untapped).
            board.keep_untapped |= 1 << t
        _log(board, {"event": "untapped", "seat": t // 3, "character": board.chars[t].slug})


def restriction(board: Board, t: int, what: int, mask: int, duration: Duration) -> Restriction:
    """A restriction on ``t`` lasting ``duration`` as a modifier of ``t`` would (the durations of
    interpreter.py): this turn (``combat``); N of its combats, or N turns — as
    ``EredanRules.turns_count_the_characters_combats`` counts them; while the card in play whose
    effect it is stays (``permanent``, Board.cur_serial), else — as ``game`` — the rest of the game."""
    if isinstance(duration, ForCombat):
        return Restriction(t, what, mask, last_turn=board.turn)
    if isinstance(duration, ForCombats):
        return Restriction(t, what, mask, until_fought=board.fought[t] + duration.combats)
    if isinstance(duration, ForTurns):
        if board.rules.turns_count_the_characters_combats:
            return Restriction(t, what, mask, until_fought=board.fought[t] + duration.turns)
        return Restriction(t, what, mask, last_turn=board.turn + duration.turns - 1)
    if isinstance(duration, Permanent):
        return Restriction(t, what, mask, serial=board.cur_serial)
    return Restriction(t, what, mask)  # game


@interprets(ActsNowOp)
def _acts_now(board: Board, op: ActsNowOp, me: int, opp: int, source: str) -> None:
    what = ACTS_NOW_CHAINED if op.chained else ACTS_NOW
    for t in board.targets(op.target, me, opp):
        board.restrictions.append(restriction(board, t, what, op.mask, op.duration))
        _log(
            board,
            {
                "event": "acts_now",
                "seat": t // 3,
                "character": board.chars[t].slug,
                "chained": op.chained,
                "duration": op.duration.label,
            },
        )


@interprets(ForbidOp)
def _forbid(board: Board, op: ForbidOp, me: int, opp: int, source: str) -> None:
    for t in board.targets(op.target, me, opp):
        board.restrictions.append(restriction(board, t, op.what, op.mask, op.duration))
        _log(
            board,
            {
                "event": "forbid",
                "seat": t // 3,
                "character": board.chars[t].slug,
                "what": FORBID_NAMES[op.what],
                "duration": op.duration.label,
            },
        )


@interprets(GrantOrderOp)
def _grant_order(board: Board, op: GrantOrderOp, me: int, opp: int, source: str) -> None:
    turn = board.turn
    for t in board.targets(op.target, me, opp):
        ch = board.chars[t]
        if not ch.orders or any(order.turns.matches(turn) for order in ch.orders):
            continue  # no Ordre, or one already applies this turn: nothing more
        if board.rules.granted_order_is_every_ordre:
            orders = ch.orders
        else:  # the Ordres of the soonest turn to come that one of them names
            soonest = next(
                (
                    n
                    for n in range(turn + 1, turn + 1 + board.rules.turn_cap)
                    if any(o.turns.matches(n) for o in ch.orders)
                ),
                -1,
            )
            orders = tuple(o for o in ch.orders if o.turns.matches(soonest))
        _log(board, {"event": "grant_order", "seat": t // 3, "character": ch.slug})
        board.granted |= 1 << t  # it has an Ordre's bonus this combat (the ``ordre`` condition)
        for order in orders:
            board.run_ops(order.ops, t, board.fighters[1 - t // 3], ch.order_source)


@interprets(AttachOp)
def _attach_card(board: Board, op: AttachOp, me: int, opp: int, source: str) -> None:
    serial = board.cur_serial  # this card's attachment (-1: not in play)
    if serial < 0:
        return
    for carrier in range(6):
        if serial in board.item_serials[carrier]:
            i = board.item_serials[carrier].index(serial)
            for t in board.targets(op.target, me, opp):
                if t != carrier:
                    board.move_attachment(carrier, i, t)
                    return
            return


@interprets(PayOp)
def _pay(board: Board, op: PayOp, me: int, opp: int, source: str) -> None:
    payer = opp if op.by_opponent else me
    if payer < 0 or board.hp[payer] <= 0:
        return
    if op.may:  # its player's choice (0: pay), made with the card or as its trigger fired
        picks = board.picks
        if picks is None:
            picks = board.picks = {}
        chosen = picks.get(op)
        if chosen is None:  # a choice no player could make then (a card an effect plays): chance
            chosen = picks[op] = board.pick(range(PAY_OPTIONS), OPTION, me)
        if chosen != 0:
            _log(
                board,
                {"event": "pay", "seat": payer // 3, "character": board.chars[payer].slug, "paid": False},
            )
            return
    if op.cost == COST_ATTACHED:
        items = board.items[payer]
        positions = [i for i, k in enumerate(items) if op.mask >> k & 1][: op.count]
        paid = len(positions) == op.count
        if paid:
            for i in reversed(positions):  # the oldest ones (a Rune is as good as another)
                board.detach(payer, i, PILE_DISCARD, "paid")
    elif op.cost == COST_HAND:  # "Sacrifice N": N cards of its player's hand, of its choice
        seat = payer // 3
        hand = board.hands[seat]
        paid = len(hand) >= op.count
        if paid:
            for _ in range(op.count):
                board.put_card(seat, take(board, seat, hand, -1, CARD_CHOICE, best=False), op.dest)
    else:
        counts = board.markers.get(op.marker)
        paid = counts is not None and counts[payer] >= op.count
        if paid:
            assert counts is not None
            counts[payer] -= op.count
    _log(board, {"event": "pay", "seat": payer // 3, "character": board.chars[payer].slug, "paid": paid})
    if paid:
        _run_nested(board, op.effects, me, opp, source)


@interprets(CounterOp)
def _counter(board: Board, op: CounterOp, me: int, opp: int, source: str) -> None:
    chars = 0
    for t in board.targets(op.target, me, opp):
        chars |= 1 << t
    if chars:
        board.counters.append((chars, op.mask, op.dest))


@interprets(DrawPhaseOp)
def _draw_phase(board: Board, op: DrawPhaseOp, me: int, opp: int, source: str) -> None:
    mine = me // 3
    # "every one" while its source stays: a card in play ties it to its attachment.
    serial = board.cur_serial if op.phases < 0 else -1
    for seat, bit in ((mine, 1), (1 - mine, 2)):
        if op.seats & bit:
            board.draw_mods.append(DrawMod(seat, op.amount, op.phases, serial))


@interprets(AdvanceTurnsOp)
def _advance_turns(board: Board, op: AdvanceTurnsOp, me: int, opp: int, source: str) -> None:
    # The next turn is numbered that much more (the end of the turn applies it; before the first
    # turn, EredanState._first_turn): what names turns reads the counter, the players still alternate.
    n = board.roll(op.lo, op.hi, AMOUNT, me)
    if n:
        board.turn_skip += n
        _log(board, {"event": "advance_turns", "seat": me // 3, "source": source, "turns": n})


__all__ = ["pile", "playable_by", "restriction", "take"]
