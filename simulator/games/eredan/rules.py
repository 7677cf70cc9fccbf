"""The rules of the Eredan engine: the rule numbers of the source, and every rule decision as a field
of :class:`EredanRules`.

The spec is ``docs/rules/eredan.md`` §3 (a game). What the rules page says is a constant here; where
neither it nor its source says, the decision taken is a field of :class:`EredanRules` — one frozen
value, passed to the game (``EredanGame(rules=…)``, or its fields as the game's options: the
``simulate --option NAME=VALUE`` command, the API's and the form's ``options``), recorded in each
game record's ``options``, and listed with the rule it settles in ``docs/rules/eredan.md`` §3
Decisions. :data:`DEFAULT_RULES` is the game as the rules page describes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Final

#: docs/rules/eredan.md §3 Start — "Each player draws 5 cards"; §3 step 0 — "draws back up to 5".
HAND_SIZE: Final = 5

#: docs/rules/eredan.md §3 step 5 — "a hand above 5 must be cut to 5" (the discard step's limit).
MAX_HAND_AFTER_DISCARD: Final = 5

#: docs/rules/eredan.md §3 step 0 — no draw on turn 1 (both players hold the 5 cards of the start).
FIRST_DRAW_TURN: Final = 2

#: docs/rules/eredan.md §3 step 2 — one card, plus a second one when a chain allows it: never a third.
MAX_CARDS_PER_TURN: Final = 2

#: End reasons reported in ``State.summary()["end_reason"]``.
END_ELIMINATION: Final = "elimination"
END_SCORE: Final = "score"
END_DECK_OUT: Final = "deck_out"
END_TURN_CAP: Final = "turn_cap"
END_REASONS: Final = (END_ELIMINATION, END_SCORE, END_DECK_OUT, END_TURN_CAP)


def _decision(
    default: Any, rule: str, help_text: str, *, lo: int | None = None, hi: int | None = None
) -> Any:
    """A field of :class:`EredanRules`: its default, the rule it settles (a section of
    docs/rules/eredan.md) and what it means (the option's help)."""
    return field(default=default, metadata={"rule": rule, "help": help_text, "lo": lo, "hi": hi})


@dataclass(frozen=True, slots=True)
class EredanRules:
    """Every rule decision of an Eredan game (docs/rules/eredan.md §3 Decisions), one named field
    each — as :class:`decks.rules.DeckRules` holds those of deck building.

    Build a variant with ``dataclasses.replace(DEFAULT_RULES, turn_cap=30)`` or
    :meth:`from_options`; :meth:`to_options` gives every field by name (a record's ``options``).
    """

    turn_cap: int = _decision(
        60, "§3 End", "turns after which the score rule decides the game", lo=1, hi=1000
    )
    initiative_die: int = _decision(
        6,
        "§3 Start",
        "sides of each player's initiative die, to which the initiative abilities are added",
        lo=2,
        hi=100,
    )
    untap_when_untapped_left: int = _decision(
        0,
        "§3 step 1",
        "a player with this many untapped living characters left (0: all tapped) untaps them all at "
        "the start of the turn",
        lo=0,
        hi=2,
    )
    mage_spell_chain_any: bool = _decision(
        True,
        "§3 Classes",
        "the Mage's spell chain allows any second card (false: another Sortilège only)",
    )
    fighter_killed_by_cards_strikes: bool = _decision(
        True,
        "§3 step 3",
        "a fighter killed by a card during the card step of its own combat still strikes in the clash",
    )
    cards_of_a_dead_fighter_resolve: bool = _decision(
        True,
        "§3 step 2",
        "a card already played still resolves when its fighter died earlier in the N order (false: it "
        "is discarded without effect)",
    )
    items_of_a_dead_carrier_are_discarded: bool = _decision(
        True,
        "§3 Items",
        "an item whose carrier is dead when the combat ends is discarded without effect (false: it "
        "attaches to the dead carrier and acts if it is revived)",
    )
    revived_character_untapped: bool = _decision(
        True, "§3 step 3", "a revived character comes back untapped (false: as it was)"
    )
    double_deck_out_by_score: bool = _decision(
        True,
        "§3 End",
        "both players decking out in the same turn: the score rule decides (false: a draw)",
    )
    score_counts_actual_hp: bool = _decision(
        True,
        "§3 End",
        "the score counts the HP actually lost and restored (false: the nominal damage and healing, "
        "overkill and overheal included)",
    )
    amount_rolled_once_per_effect: bool = _decision(
        True,
        "§3 step 2",
        "an effect's rolled amount is rolled once for all its targets: a zone spell deals the same "
        "amount to every enemy (false: rolled for each target)",
    )
    crossed_attack_range_gives_minimum: bool = _decision(
        True,
        "§3 step 3",
        "an Attaque minimum raised to or above the maximum gives that minimum (false: the maximum)",
    )
    shield_takes_armor_slot: bool = _decision(
        True,
        "§3 Items",
        "a Bouclier takes the armor slot (false: a slot of its own, beside one armor)",
    )
    courtisan_in_every_guild: bool = _decision(
        True,
        "§3 Decisions",
        "a Courtisan belongs to every guild but the Mercenaries, for guild conditions and auras "
        "(false: to its printed guild only)",
    )
    negative_reduction_adds_damage: bool = _decision(
        False,
        "§3 step 3",
        "a Défense or Esprit pushed below 0 adds its deficit to the damage it should reduce (false: "
        "it counts as 0)",
    )
    crowded_out_item_is_discarded: bool = _decision(
        True,
        "§3 Items",
        "an item that no longer fits its carrier when it attaches (the other side's Artisan filled "
        "that slot the same turn) is discarded without effect (false: it replaces the carried item "
        "of that slot)",
    )
    stay_counts_from_next_combat: bool = _decision(
        True,
        "§3 Items",
        "a card that stays N turns or N combats and comes into play after the clash counts its "
        "carrier's combats from the next one (false: the combat it came in counts as its first)",
    )
    untapped_fighter_stays_untapped: bool = _decision(
        True,
        "§3 step 4",
        "a fighter an effect untaps during its combat is not tapped at its end (false: it is tapped "
        "as every fighter is)",
    )
    played_card_needs_requirements: bool = _decision(
        True,
        "§3 step 2",
        "a card an effect plays from a pile (play_card) must be one its character may play: its "
        "requirements, and room for it (false: the requirements are ignored)",
    )
    granted_order_is_every_ordre: bool = _decision(
        True,
        "§3 step 1",
        "a character given its Ordres' bonus as if the turn were one they name (grant_order) gets every "
        "Ordre's bonus (false: those of the soonest turn to come that one of its Ordres names)",
    )
    chosen_card_by_worth: bool = _decision(
        True,
        "§3 step 2",
        "a card its player chooses from a pile or among attached cards (pick choice) is chosen for it by "
        "the engine: the most useful by the cards' worth — its own to a better pile, the enemy's to a "
        "worse one (false: at random)",
    )
    turns_count_the_characters_combats: bool = _decision(
        True,
        "§3 Decisions",
        'a duration "N tours" on a character counts its turns: the combats it fights (issue 15 §2: a '
        "carried weapon's bonus for 2 turns lasts through its carrier's next 2 combats, not while it "
        "is tapped) (false: this turn and the next N - 1 of the game)",
    )
    mage_combattant_keeps_item_chain: bool = _decision(
        False,
        "§3 Classes",
        "a Mage/Combattant keeps the Combattant's chain on an item (false, the source's table: it loses it)",
    )

    start_cards_before_opening_draw: bool = _decision(
        True,
        "§3 Start",
        "a card whose text makes it leave the deck as the game starts (play rule starts) does so before "
        "the opening draw (false: after it, from what is left of the deck)",
    )

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            lo, hi = f.metadata["lo"], f.metadata["hi"]
            if f.type in (bool, "bool"):
                if not isinstance(value, bool):
                    raise ValueError(f"{f.name} is true or false, not {value!r}")
            elif isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise ValueError(f"{f.name} must be an integer from {lo} to {hi}, got {value!r}")

    @classmethod
    def from_options(cls, options: Mapping[str, Any], *, base: EredanRules | None = None) -> EredanRules:
        """``base`` (default :data:`DEFAULT_RULES`) with the fields named in ``options`` changed;
        an unknown name or a bad value is a ``ValueError`` naming it."""
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(options) - known)
        if unknown:
            raise ValueError(
                f"unknown Eredan rule {unknown[0]!r}; the rules are {', '.join(f.name for f in fields(cls))}"
            )
        return replace(base or DEFAULT_RULES, **options)

    def to_options(self) -> dict[str, Any]:
        """Every field by name: what a record's ``options`` hold."""
        return asdict(self)

    def changed(self) -> dict[str, Any]:
        """The fields that differ from :data:`DEFAULT_RULES`."""
        default = DEFAULT_RULES.to_options()
        return {name: value for name, value in self.to_options().items() if default[name] != value}


DEFAULT_RULES: Final = EredanRules()

#: The decisions of the engine before they were fields of :class:`EredanRules` (records written then
#: name only ``turn_cap`` in their ``options``, later ones every field of their day): :data:`DEFAULT_RULES`,
#: with every field added since at the value that reproduces that engine — it let a Mage/Combattant
#: keep its item chain, and counted "N turns" as turns of the game.
RECORD_V1_RULES: Final = replace(
    DEFAULT_RULES, mage_combattant_keeps_item_chain=True, turns_count_the_characters_combats=False
)


def rules_for_record(options: Mapping[str, Any]) -> EredanRules:
    """The rules a record was played with: its ``options``; a field it does not name (a record
    written before that field existed) takes its value of :data:`RECORD_V1_RULES`."""
    return EredanRules.from_options(options, base=RECORD_V1_RULES)


def option_specs() -> dict[str, tuple[type, Any, str]]:
    """The game's options (``GameSpec.options``): each field of :class:`EredanRules` with its type,
    default and help (which cites the rule it settles)."""
    out: dict[str, tuple[type, Any, str]] = {}
    for f in fields(EredanRules):
        kind = bool if f.type in (bool, "bool") else int
        out[f.name] = (kind, f.default, f"{f.metadata['help']} (docs/rules/eredan.md {f.metadata['rule']})")
    return out
