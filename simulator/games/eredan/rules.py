"""Every rule number and rule decision of the Eredan engine, each in one place.

The spec is ``docs/rules/eredan.md`` §3 (a game); where neither the rules page nor its source says, the
decision taken here is marked **[decision]** and explained in ``docs/eredan-engine.md``. Change a
rule here and the engine follows.
"""

from __future__ import annotations

from typing import Final

#: docs/rules/eredan.md §3 Start — "Each player draws 5 cards"; §3 step 0 — "draws back up to 5".
HAND_SIZE: Final = 5

#: docs/rules/eredan.md §3 step 5 — "a hand above 5 must be cut to 5" (the discard step's limit).
MAX_HAND_AFTER_DISCARD: Final = 5

#: docs/rules/eredan.md §3 Start — "each player rolls a die; the higher starts (re-roll ties)".
#: **[decision]** a six-sided die, to which each player adds the ``initiative`` abilities of their
#: living characters ("Initiative +1" on a character card).
INITIATIVE_DIE_SIDES: Final = 6

#: docs/rules/eredan.md §3 step 0 — no draw on turn 1 (both players hold the 5 cards of the start).
FIRST_DRAW_TURN: Final = 2

#: docs/rules/eredan.md §3 step 1 — **[decision]** at the start of each turn, a player with this many
#: untapped living characters left (0: all of them are tapped) untaps all its characters.
UNTAP_WHEN_UNTAPPED_LEFT: Final = 0

#: docs/rules/eredan.md §3 End — **[decision]** a game still running after this many turns ends with the
#: score rule (damage dealt + healing done; equal scores are a draw).
TURN_CAP: Final = 60

#: docs/rules/eredan.md §3 step 2 — one card, plus a second one when a chain allows it: never a third.
MAX_CARDS_PER_TURN: Final = 2

#: docs/rules/eredan.md §3 Classes — "Mage — chain when the first card is a non-zone spell". The source
#: does not name the kind of card the Mage's chain allows: **[decision]** any card (``False``:
#: another Sortilège only). The chain of a card or a ``chain_on`` ability names its own kind.
MAGE_SPELL_CHAIN_ANY: Final = True

#: docs/rules/eredan.md §3 step 3 — "both strike even if one drops to 0 in the clash"; the source adds
#: "if a character involved in a fight drops to 0 HP during it and has not made its attack, it
#: makes it normally". **[decision]** a fighter killed by a card during the card step of its own
#: combat still strikes in the clash.
FIGHTER_KILLED_BY_CARDS_STRIKES: Final = True

#: docs/rules/eredan.md §3 step 2 — the cards of both players are chosen before any is revealed and then
#: resolve in N order. **[decision]** a card whose player's fighter died earlier in that resolution
#: still resolves (it was already played); effects on a dead character do nothing.
CARDS_OF_A_DEAD_FIGHTER_RESOLVE: Final = True

#: docs/rules/eredan.md §3 Items — weapons and armors act after the combat. **[decision]** an item played
#: by a fighter that is dead when the combat ends is discarded without effect (a dead character is
#: "out of play"); the items a character carried before it died stay with it and act again if it is
#: revived.
ITEMS_OF_A_DEAD_CARRIER_ARE_DISCARDED: Final = True

#: docs/rules/eredan.md §3 step 3 — "a character at 0 HP is dead (it can still be the target of a card that
#: revives it)". **[decision]** ``revive`` brings back the first dead character of the player in
#: line order, untapped, with the card's HP (never above its maximum).
REVIVED_CHARACTER_UNTAPPED: Final = True

#: docs/rules/eredan.md §3 End — "If all characters die, each player scores damage dealt … + healing done".
#: **[decision]** both players decking out in the same turn is settled by the same score rule.
DOUBLE_DECK_OUT_BY_SCORE: Final = True

#: docs/rules/eredan.md §3 End — **[decision]** damage counts the HP actually lost by enemy characters (an
#: overkill beyond 0 HP does not count) and healing the HP actually restored (not above the
#: maximum). A revive is not a heal and scores nothing.
SCORE_COUNTS_ACTUAL_HP: Final = True

#: End reasons reported in ``State.summary()["end_reason"]``.
END_ELIMINATION: Final = "elimination"
END_SCORE: Final = "score"
END_DECK_OUT: Final = "deck_out"
END_TURN_CAP: Final = "turn_cap"
END_REASONS: Final = (END_ELIMINATION, END_SCORE, END_DECK_OUT, END_TURN_CAP)
