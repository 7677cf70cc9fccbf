"""The structured effect language: what cards, character abilities and Ordres do.

Effects are stored as JSON (a list of objects, each with an ``op``) and parsed into the frozen
dataclasses below. Parsing is strict: an unknown ``op``, key, stat, target, duration, event or
count is an :class:`EffectError` naming the path of the bad value (``effects[1].amount.per``) —
invalid effects are refused, never stored or silently ignored. ``effect_to_json`` writes the
canonical JSON (defaults omitted) and ``parse_effect`` reads it back to an equal value.

Version 2 of the language (issue 15) extends version 1 — every version-1 document is still valid
and means the same — with the constructs the real card texts use most (see docs/cardset.md, "The
real card texts, measured"). **The semantics below are the contract the Eredan engine implements**
(``simulator/games/eredan/``); the engine refuses at compile time (``UnsupportedSpecError``) any
construct it does not implement, so a card is never played with part of its text ignored.

Words used below
----------------
*holder*: the character an effect belongs to — the character playing the card (for a card being
resolved), the character carrying it (for a card that stays in play, see ``cards.domain.specs``
``PlayRules``), the character itself (an ability, an Ordre). *the opponent*: the enemy fighter of
the holder's combat this turn (when the holder does not fight, the enemy fighter of the turn).
*player*: the holder's player. Targets are **living** characters unless said otherwise.

Values
------
Amount (``damage``, ``heal``, ``lose_hp``, ``extra_attack``; and ``modify``/``set`` amounts):
    ``3`` | ``[2, 3]`` (rolled uniformly once, when the effect applies) |
    ``{"stat": "spirit", "plus": 2}`` / ``{"stat": "spirit", "plus": [3, 5]}`` (the holder's current
    stat — attack, defense, spirit or initiative —, plus a fixed or rolled bonus;
    ``{"stat": "attack", "base": true}``: its printed Attaque instead, rolled in its printed range,
    no modifier counted — "une attaque supplémentaire égale à son Attaque de base") |
    a **scaled** amount ``{"per": Count, "each": 1, "plus": 0, "div": 1, "round": "down",
    "min": …, "max": …}``: ``plus + each × round(count / div)``, then clamped to ``min``/``max``
    (``each`` may be negative: "4 moins le nombre de cartes…" is ``plus 4, each -1, min 0``);
    ``"and": [{"per": Count, "each": …, "div": …, "round": …}, …]`` adds more terms, each
    ``each × round(count / div)``, before the clamp ("X est égal à votre Esprit +2 par personnage
    mort": the Esprit, and 2 per dead character; "la différence entre …": a term with ``each`` −1).
    The count is read when the effect applies (for a static modifier: whenever the stat is read).
    A *static* modifier is a standing ability's or a staying card's (``permanent``, while it is
    attached); a modifier a card, an Ordre or a trigger gives when it resolves counts once, then —
    so "Défense −half of the opponent's Défense" (``{"per": {"stat": "defense", "of":
    "opponent"}, "each": -1, "div": 2, "round": "up"}``, "sa Défense est divisée par 2") reads the
    Défense before it lowers it.
Count (``per``; and ``compare`` conditions), exactly one of:
    ``{"stat": s, "of": "self"|"opponent", "base": false}`` — s in defense, spirit, attack_min,
    attack_max (the current range), hp, hp_max, hp_missing (max − current), level; ``base``: the
    printed value, without any modifier ("son Attaque min. de base");
    ``{"cards": pile, "owner": "self"|"opponent"|"both", "match": CardMatch}`` — pile in deck,
    hand, discard, play (cards in play: attached to characters; with ``"on": Target`` only those
    attached to the target's characters), played_turn (cards played this turn), played_game (since
    the start of the game); ``owner`` defaults to ``self``, ``match`` to any card; ``"other":
    true`` leaves out the card the effect belongs to ("par autre Sort Foudre en jeu"); ``"playable":
    true`` (the holder's own deck, hand or discard pile) counts only the cards the holder may play
    — its requirements, and room for a card that stays, as ``play_card`` ``playable`` takes them
    ("si vous avez 2 Sorts Feu jouables en Main"); ``"cards"`` a list of deck, hand and discard
    (``["discard", "deck"]``): the cards of those piles together ("dans votre Défausse et votre
    Deck");
    ``{"characters": Target, "dead": false}`` — how many characters the target names (a group
    target; ``dead: true`` counts the dead ones instead, ``dead: "either"`` the living and the dead:
    "(vivant ou mort)"); ``"characters": [Target, Target, …]`` counts the characters any of them
    names, each once ("par Combattant ou Prêtre en vie");
    ``{"markers": name, "on": Target}`` — markers of that name on the target's characters;
    the character the effect reaches: ``"of": "target"`` (a stat) / ``"on": "target"`` (cards,
    markers) — each character of the effect's target in turn counts its own ("chaque personnage
    adverse subit X dégâts où X est égal à son Esprit", "+1 par Dague qu'ils portent"); only in
    the amount of an effect that reaches characters (never in a condition);
    ``{"guilds": "self"}`` / ``{"classes": "self"|"opponent"}`` / ``{"castes": "self"}`` — how
    many guilds / classes / castes the holder (the opponent: "chacune des classes du personnage
    adverse") has ("sans caste": castes = 0);
    ``{"damage_dealt": "self"}`` — damage the holder dealt this turn so far (``"opponent"``: the
    opponent's); ``{"damage_taken": "self"|"opponent"}`` — the HP the holder / the opponent lost
    to damage this turn so far ("si votre adversaire a subi moins de 7 dégâts ce tour-ci");
    ``{"turn": "current"}`` — the number of the turn being played ("le numéro du tour en cours");
    ``{"event_damage": "self"}`` — in the effects of a trigger on ``damaged`` or ``deals``: the HP
    the damage that set it off took ("… est soigné d'autant"); 0 anywhere else;
    ``{"distinct": "race"|"class"|"guild", "among": Target}`` — how many different races / classes
    / guilds the target's characters have between them, each counted once ("le nombre de races
    différentes parmi vos personnages", "chaque classe représentée parmi les personnages adverses");
    ``{"common": "class"|"caste"}`` — how many classes / castes the holder and the opponent both
    have ("par Classe en commun entre les 2 personnages en combat"; 0 with no opponent).
Turns:      ``[2, 5]`` (those turn numbers) | ``"even"`` | ``"odd"`` | ``{"from": 5}`` (5 and later)
Duration (``modify``, ``set``, ``damage_taken``, ``damage_dealt``, ``heal_dealt``, ``immune``,
``forbid``):
    ``"combat"`` — until the end of this turn (one combat per turn); on a card that stays, such a
    modifier is given once, when the card resolves, for that turn ("À l'activation, Attaque +2",
    "Défense +1 jusqu'à la fin du tour"), while its standing modifiers last ``permanent``;
    ``"permanent"`` — while its source stays in play: for a card that stays (carried items,
    ``PlayRules.stays``), while the card is attached; for a card that does not stay, the rest of
    the game (version 1);
    ``"game"`` — the rest of the game, whatever happens to its source (the card leaves play, the
    holder of an aura dies): "jusqu'à la fin de la partie";
    ``{"turns": N}`` — this turn and the next N − 1 turns of the game;
    ``{"combats": N}`` — the affected character's next N combats, this one included when it is
    fighting now ("durant N combats").
Target (who an effect reaches), a name or a selector object (**a pick** — choice, random,
most_wounded, fewest_hp — is made once per resolution of a card or firing of a trigger: every effect
of it with the same pick target reaches the same character, "Choisissez un personnage adverse, il
subit 2 dégâts et a Attaque -1"):
    ``self`` (the holder), ``opponent``, ``all_allies`` (the player's living characters, holder
    included), ``other_allies`` (the others), ``all_enemies``, ``other_enemies`` (the enemies but
    the opponent), ``all_characters``, ``ally`` / ``other_ally`` / ``enemy`` / ``character`` (one
    the player chooses), ``random_ally`` / ``random_other_ally`` / ``random_enemy`` /
    ``random_other_enemy`` / ``random_character`` (one drawn with the game's RNG; nothing when there
    is none), ``most_wounded_ally`` (the most HP missing, first in line on ties),
    ``fewest_hp_ally`` (the fewest HP left, first in line on ties), ``fighters`` (the two
    characters of the combat: the holder's and the opponent), ``event`` (only in the effects of a
    trigger whose event is about a character — see Event —: that character); or
    ``{"group": G, "pick": P, <filter>}`` — G in self, opponent, allies, other_allies, enemies,
    other_enemies, characters, fighters, event; P (optional) in choice, random, most_wounded,
    fewest_hp (absent: every character of the group); filter keys (all must hold): ``guild``,
    ``class``, ``race`` (a race also matches its parent), ``caste``, ``family`` (a named character),
    ``single_class`` (true: not multi-class), ``single_race`` (true: not multi-race — of one race,
    none given by ``traits``: "non multi-racés"), ``tapped`` (true / false), ``carrying`` (CardMatch:
    carries such a card; ``not_carrying``: carries none, "sans Bouclier"), ``shares`` /
    ``not_shares`` (a kind of condition ``opponent_shares``: the character has at least one / none
    of that kind in common with the holder — "un personnage qui n'a aucune Race en commun avec
    vous"; the holder itself never passes: "in common with you" speaks of another character),
    ``fighting`` (true: one of the two characters of this turn's combat, "en combat"; false: any
    other, "hors-combat"),
    ``not_race`` / ``not_class`` / ``not_guild``
    (a slug: a character not of that race — nor of a race under it — or class, "les personnages
    non Démon"), ``sex`` (``"male"`` / ``"female"``: "les personnages adverses masculins"),
    ``no_caste`` (true: a character with no caste, "vos Mages sans caste"; false: with one),
    ``wounded`` (true: below its maximum HP, "blessé"; false: at it), ``stat`` (``{"stat": s,
    "cmp": c, "right": N | "base"}``: its current stat s — defense, spirit, attack_min,
    attack_max, hp, level — compared with N or with its own printed value, "dont la Défense est
    supérieure à 4"), ``hurt_this_turn`` (true: it lost HP to damage this turn, "les personnages
    blessés ce tour"). A selector equal to a named target is written
    as the name.
Condition (``when``; every key given must hold, checked when the effect applies):
    version 1 — ``turn`` (Turns), ``opponent_class``, ``opponent_race``, ``opponent_guild``,
    ``played_by`` (a character family), ``played_by_class``, ``played_by_guild``,
    ``played_by_race``, ``carrying`` / ``opponent_carrying`` (``"weapon"`` | ``"armor"``),
    ``ally_alive`` (a family among the player's living characters);
    version 2 — ``played_by_caste`` / ``opponent_caste``; ``played_by_single_class`` /
    ``opponent_single_class`` (true: not multi-class — "non multi-classé"); ``opponent_is`` (a
    family: "contre 'X'"); ``carrying_match`` / ``opponent_carrying_match`` (CardMatch: carries a
    card matching); ``plays`` / ``opponent_plays`` (CardMatch: the holder / the opponent plays
    such a card this turn — for a card, the other card of the turn); ``follows`` (CardMatch: this
    card is the holder's second card and its first card matched — "jouée après 'X'");
    ``followed_by`` (the holder's second card, after this one, matches); ``chained`` (true: this
    card is played as the second card, "en Enchaînement"); ``ally`` (a selector filter object:
    another of the player's characters, living, matches it — "si un Prêtre Nomade fait partie de
    vos personnages"); ``ally_dead`` / ``ally_present`` (a family: dead / among the player's
    characters, alive or not); ``tapped`` / ``opponent_tapped`` (true / false); ``fighting``
    (true: the holder is one of the two characters of this turn's combat; false: "hors-combat");
    ``active`` (true: the player is the active player, "attaquant"); ``ordre`` / ``opponent_ordre``
    (true / false: the holder / the opponent gets the bonus of one of its Ordres this combat — the
    turn is one its Ordre names, or ``grant_order`` gave it: "si votre personnage a son bonus
    d'Ordre"); ``dead`` (true: a character's ability that holds only while its holder is dead —
    "tant que 'X' est mort" in X's own text; false: while it lives; abilities only);
    ``fought_before`` (true: the holder has already fought, in an earlier combat of the game, the
    character it fights now — "si X a déjà combattu le personnage adverse pendant la partie";
    false: never); ``opponent_sex`` / ``played_by_sex`` (``"male"`` / ``"female"``: the opponent /
    the holder is of that sex — "contre les personnages masculins"); ``opponent_shares``
    (``"class"`` | ``"guild"`` | ``"race"`` | ``"caste"``: the opponent and the holder have at least
    one of that kind in common, as they are now — "si le personnage adverse a une Classe en commun
    avec votre personnage"; a race also counts as its parent, a Courtisan as in each guild it is
    in); ``compare``
    (``{"left": Count, "cmp": "<"|"<="|">"|">="|"=="|"!=", "right": N | Count}``);
    ``any`` (a list of conditions, one must hold); ``all`` (a list of conditions, each must hold:
    two conditions of one key, "si vous n'avez qu'un Archonte … -1 supplémentaire si une Armure est
    attachée à 'X'"); ``not`` (a condition that must not hold).
CardMatch (a card's ``chain``, ``chain_on.match``, filters of cards): one of ``{"any": true}``,
    ``{"type": slug}`` (the type or any ancestor), ``{"card": family}``, ``{"class_reserved":
    slug}`` / ``{"caste_reserved": slug}`` / ``{"race_reserved": slug}`` /
    ``{"character_reserved": family}`` (the card's requirements name it: "Objet de Valentyne"),
    ``{"guild": slug}`` (affiliated), ``{"any_of": [CardMatch, …]}``; a ``type`` match may
    add ``hands`` (1 or 2), ``zone`` (true / false: zone spells or not), ``guild`` and ``cursed``
    (true: only the cursed cards, "Objet maudit" — the game names them so: a cursed card's name
    says "maudit(e)"); the ``*_reserved`` matches may add ``type``; any match may add ``but``
    (a CardMatch: those cards excepted — "une Action autre que 'X'", "une carte non Arme", "une Note
    différente" of this one, ``{"type": "note", "but": {"card": <this card's family>}}``). See
    ``cards.domain.specs.card_matches``.
Event (``trigger.on``):
    ``"game_start"`` (once, before turn 1); ``"turn_start"`` (each turn, after the draw and the
    untap); ``"turn_end"`` (each turn, after the discard step); ``"combat_start"`` (each combat the
    holder fights, after the choice and the Ordres, before the cards); ``"after_cards"`` (each
    combat the holder fights, after every card resolved, before the clash); ``"combat_end"`` (each
    combat the holder fights, after the clash, before the tap); ``"leaves_play"`` (this card
    leaves play); ``{"plays": CardMatch, "by": Target}`` (a card matching is played — resolved —
    by a character of the target, default ``self``); ``{"dies": Target}`` (a character of the
    target dies); ``{"damaged": Target, "kinds": [...]}`` (a character of the target loses HP to
    damage — of those kinds only, when ``kinds`` is given); ``{"deals": Target, "to": Target,
    "kinds": [...]}`` (a character of the target deals damage that makes a character lose HP — a
    character of ``to`` only, when given; of those kinds only, when given: "chaque fois qu'un
    personnage vous inflige des dégâts magiques" is ``{"deals": "all_characters", "to": "self",
    "kinds": ["magical"]}``). ``damaged`` and ``deals`` may add ``"at_least": N`` (2..99): only
    damage that takes at least N HP at once counts ("chaque fois que vous subissez plus de 5
    dégâts" is ``{"damaged": "self", "at_least": 6}``). Inside a trigger on ``plays``, ``dies``,
    ``damaged`` or ``deals``, the target ``event`` names the character the event is about: the one
    who played the card, died, took the damage, or dealt it ("chaque fois qu'un de vos personnages
    subit des dégâts, **il** a Attaque +1"). Inside a trigger on ``damaged`` or ``deals`` only, the
    target ``event_other`` names the other character of that damage: the one who dealt it
    (``damaged``) or the one it was dealt to (``deals``: "si vous blessez un personnage, une carte
    **lui** étant attachée est défaussée").

Ops (``op`` key; ``when`` is optional on every op)
--------------------------------------------------
Version 1:
    ``modify``   stat (attack|defense|spirit|initiative|attack_min|attack_max|hp_max), amount
                 (int, may be < 0; or an Amount: rolled, stat-based or scaled), target, duration,
                 allies (AllyFilter, only with target ``other_allies`` in an ability: the v1 aura).
                 ``attack`` adds to the rolled Attaque, ``attack_min`` / ``attack_max`` move one
                 end of the range before it is rolled ("Attaque +3/+2" is min +3, max +2),
                 ``hp_max`` moves the maximum HP (current HP never above it).
    ``damage``   kind (physical|magical|direct), amount, target — physical is reduced by Défense,
                 magical by Esprit, direct by nothing; at least 0. Version 2: ``element`` (one
                 of DAMAGE_ELEMENTS, the kinds of Sort: "3 dégâts magiques de type Feu"); without
                 it, the damage of a Sort of an element is of that element, any other of none.
                 ``immune``, ``damage_taken``, ``damage_dealt`` and the events ``damaged`` /
                 ``deals`` may add ``elements`` (a list): only damage of one of those elements
                 counts (and of ``kinds``, when both are given): "Immunité dégâts de Feu".
                 ``immune`` may add ``by`` ("player" | "self") and ``by_cards`` (a CardMatch):
                 only the damage a card deals counts, a card of the holder's player ("ne peut pas
                 être blessé par les effets de vos cartes") / one the holder itself plays or carries
                 ("… par les Objets qu'il joue"), of ``by_cards`` only when given.
    ``heal``     amount, target — never above the maximum HP.
    ``draw``     count — the player draws.
    ``discard``  count — the opposing player discards that many random cards from hand.
    ``mill``     count — the top cards of the opposing deck go to its discard pile.
    ``revive``   hp — one dead character of the player returns with that many HP.
    ``chain_on`` match, target — character abilities and Ordres: the character (or, with a group
                 target, each character of the group) gains Enchaînement when its first card
                 matches. Version 2: duration (only ``"game"``, with a group target, in an
                 ability): the group keeps it for the rest of the game, its giver dead or alive
                 ("Vos Bêtes gagnent Enchaînement s'ils jouent un Sort Ombre, jusqu'à la fin de
                 la partie"; without it, a chain given to a group holds while its giver lives).
Version 2:
    ``set``        stat (attack|defense|spirit|attack_min|attack_max), value (int; for ``attack``
                   a range ``[min, max]``: "Attaque = 7/9"; or a scaled Amount: "la moitié de…"),
                   target, duration — the stat *is* that value (modifiers of the same duration or
                   shorter no longer count) while it lasts.
    ``lose_hp``    amount, target — the target loses HP: not damage (nothing reduces it, no
                   damage trigger) and not scored (docs/rules/eredan.md §3 End).
    ``damage_taken`` amount (int: −2 = "−2 aux dégâts subis", +1 = "+1 aux dégâts subis"; or a
                   scaled Amount, "−1 aux dégâts subis pour chaque Lance en jeu"), kinds
                   (list of physical|magical|direct; absent: all; the clash is physical), target,
                   duration — added to each damage the target takes (never below 0).
    ``damage_dealt`` amount (int or scaled, as for ``damage_taken``), kinds, cards (CardMatch:
                   only the damage of such cards; absent: all, the clash included), target,
                   duration — added to each damage the target deals.
    ``heal_dealt`` amount, cards, target, duration — added to each heal the target gives.
    ``immune``     kinds (damage kinds) or cards (CardMatch), target, duration — the target takes
                   no damage of those kinds / is unaffected by the effects of those cards.
    ``marker``     name (a slug: ``poudre``, ``corruption``, …), count (may be < 0: removed, never
                   below 0), target — markers on characters.
    ``tap`` / ``untap`` target — the target is tapped (incliné) / untapped (relevé).
    ``chain``      match — a card's Enchaînement when its condition holds (a card's unconditional
                   chain is its ``chain`` field).
    ``move``       from (deck|hand|discard), to (deck|hand|discard|removed|attach), owner
                   (self|opponent|any: whose piles; ``any``: either player's, the player picks,
                   only with pick ``choice``), count (int or ``"all"``), cards (CardMatch),
                   pick (random|choice|top|opponent: the opposing player picks among its own
                   cards, only with owner ``opponent``), target (only with ``attach``, default self), into
                   (owner|self, default owner: the cards go to their owner's pile; ``self``: to
                   the player's own, taken from the opponent — "une carte de la Main adverse est
                   placée dans votre Main"; only with owner ``opponent`` and a pile) — cards
                   go from one pile to another (to a deck: at a random place); ``attach``: into
                   play, attached to the target (each character of a group target gets its own),
                   not played ("une 'X' de votre Deck est attachée à un de vos alliés").
                   ``from`` may be a list of 2 or 3 piles of the player ("de votre Deck ou votre
                   Défausse"; pick random or choice, owner self, to none of them): a card of any
                   of them, each matching card as likely; a card with copies in several of them
                   is taken from the first pile listed that has one.
    ``card_to``    to (hand|deck|discard|opponent_deck|opponent_deck_top|removed; a deck: at a random
                   place, ``opponent_deck_top``: on top of it, drawn next) — this card leaves play (when it
                   stays) and goes there; a card that does not stay goes there instead of the
                   discard pile when it has resolved.
    ``discard_attached`` target (whose attached cards), count (int or ``"all"``), cards
                   (CardMatch), owner (any|self|opponent: whose cards), pick (random|choice), to
                   (discard|deck|hand|removed, default discard: the pile of each card's owner
                   they go to — "placés dans le Deck de leur propriétaire"), into (owner|self,
                   default owner; ``self``: to the player's own pile, whoever owns the card —
                   "choisissez un Objet en jeu, il est placé dans votre Main"; only to a pile), may
                   (true, only with pick choice: the player may take fewer cards, none — "vous
                   pouvez choisir …", "choisissez jusqu'à N …"). For a group target
                   the count is taken among all the cards its characters carry, not from each
                   ("une carte adverse attachée à un de vos personnages est défaussée": one card).
                   ``other`` (true): never this card itself — a card that stays is attached before
                   it acts ("si votre personnage porte déjà une 'X', cette dernière est défaussée"
                   in X's own text: the copy before it).
    ``create``     card (a family), count, to (hand|deck|discard|play|attach), target (attach:
                   the character it is attached to; play: who plays it; a group target: each
                   character of the group gets its own ``count`` copies) — a new copy comes into
                   the game (and goes away at the end of it).
    ``play_card``  from (deck|hand|discard), cards (CardMatch), pick (random|choice|top), target
                   (who plays it, default self) — a card is played at once, after the cards of
                   the turn, by the target ("jouée à la suite de vos cartes"). Pick ``top`` (also
                   for ``move``): of a deck, the next card to be drawn; of a discard pile, the last
                   card put there ("la dernière Action de votre Défausse"). ``from`` may be a list
                   of piles, as for ``move`` (not with pick ``top``). ``playable`` (true): only a
                   card the target may play — its requirements, whatever the engine's rules say of
                   cards played by effects ("une Arme jouable de votre Main est jouée"). ``now``
                   (true): the card acts as soon as it is played, as "S'active immédiatement" says,
                   even one that would act after the combat ("est jouée et activée
                   immédiatement"). ``unrestricted`` (true, not with ``playable``): the card is
                   played whatever its requirements, whatever the engine's rules say of cards
                   played by effects ("elle est jouée en ignorant ses prérequis", "… sans
                   restriction"); room for it is still needed.
    ``forbid``     what (play|chain|attack|healed), cards (CardMatch, with play/chain), target,
                   duration — the target cannot play / chain such cards, make its clash attack, or
                   be healed (heals on it do nothing: "ne peut pas être soigné").
    ``acts_now``   cards (CardMatch; absent: any card), chained (true: only those played as a
                   second card, "jouées en Enchaînement"), target (default all_allies: whose
                   cards), duration — while it lasts, such cards played by the target act as
                   soon as they are played, as "S'active immédiatement" says of a card ("les
                   Lances jouées par vos personnages sont activées immédiatement").
    ``cards_last`` cards (CardMatch), lasts (``"permanent"``, ``{"turns": N}`` or ``{"combats":
                   N}``), target (default self: whose cards) — ability: such cards played by the
                   target stay in play that long instead of what they say ("les 'X' jouées par
                   'Y' sont permanentes", "… durent 2 combats"); longer (true, with turns or
                   combats): that much longer than what they say, added to their own stay ("…
                   durent deux tours supplémentaires"; a permanent card stays permanent).
    ``extra_attack`` amount, kind (physical|magical), target (default opponent) — one more attack
                   in the clash, of that value, reduced as its kind says.
    ``attach``     target (one character: a name or a pick) — this card, in play, leaves its carrier
                   (or, played this turn, the character playing it) and is attached to the target,
                   which carries it from then on as the card's play rules say ("Si votre personnage
                   meurt, cette carte s'attache à un de vos personnages aléatoire").
    ``become``     card (a character's family), target (one character: a name or a pick) — the
                   target leaves play and a character of that family (as printed, its HP full)
                   takes its place in its team; the cards the target carried go to their owners'
                   discard piles ("Si 'X' meurt, il est remplacé par 'Y'").
    ``grant_order`` target — the target gets the bonus of its Ordres this combat as if the turn
                   were one they name (nothing more when one already applies).
    ``one_of``     options (a list of effect lists), pick (choice|random) — one option happens.
    ``trigger``    on (Event), effects, limit (once_per_turn|once_per_game), times (2..10, with a
                   limit: that many times per turn / per game instead of once — "(max +3)" on a
                   +1 each time) — the effects happen
                   each time the event occurs while the source is in play (a card that stays) or
                   its holder is alive (an ability); the condition is checked at that time.
    ``may_play``   cards (CardMatch), target — ability: the target may play such cards whatever
                   their requirements ("en ignorant leurs prérequis", "sans restrictions").
    ``carry``      cards (CardMatch), count (2..10), target — ability: the target may carry that
                   many such items at once ("Peut porter 3 Armes à une main"; a character's
                   "Ambidextrie" is two one-handed weapons).
    ``may_attach`` cards (CardMatch), target, onto (characters|allies|other_allies|enemies,
                   default characters) — ability: the target may attach such cards to any living
                   character in play (the Artisan's ability, printed on a character), or only to
                   one of its allies, its other characters, its opponents ("sur un de vos autres
                   personnages", "sur n'importe quel personnage adverse").
Version 2, what the rules-text compiler needed next (issue 15 §3-§4; docs/cardset.md, "The
rules-text compiler", says how it reads the game's undefined terms):
    ``traits``     mode (add|set|remove), classes, races, guilds, castes (lists of slugs; with
                   ``remove`` also ``"all"``: every one of that kind), keywords (a list of
                   :data:`KEYWORDS`), target, duration — while it lasts, the target also has
                   (``add``: "gagne la classe Mage", "devient Guémélite de la terre en plus de ses
                   autres races"), has only (``set``: "devient Mage", "devient Néhantiste à la
                   place de ses autres Guildes" — only the kinds named are replaced) or no longer has
                   (``remove``: "perd ses castes") those guilds, classes, races, castes or keywords;
                   every rule that reads them (requirements, ``played_by_*`` / ``opponent_*``
                   conditions, selector filters, counts, auras) reads the changed ones. Keyword
                   ``enrage`` ("Enragé"): a state with no effect of its own, which conditions test
                   (condition ``keyword``: "si vous êtes Enragé", a character's "Rage : …").
                   With ``of`` (a target) the traits are copied: each kind given is ``"all"`` and
                   stands for those the characters of ``of`` have when it happens ("copie toutes
                   les Guildes de vos autres personnages à la place des siennes": ``set``, guilds
                   ``"all"``, of ``other_allies``; "vous gagnez leurs guildes": ``add``).
    ``attack_kind`` kind (magical|direct), target, duration — the target's clash attack deals
                   damage of that kind instead of physical damage: reduced by the Esprit
                   (``magical``: "des attaques magiques à la place de vos attaques physiques") or by
                   nothing (``direct``: "Attaque Fantôme").
    ``pay``        cost, effects, may (default false), by (self|opponent: who pays) — when the
                   payer can pay the whole cost it is paid, then the effects happen; with ``may``
                   only if the paying player chooses to pay; otherwise nothing happens. Costs:
                   ``{"hand": N}`` — N cards of the payer's player's hand, of its choice, go to its
                   discard pile ("Sacrifice N : …"; ``"to": "removed"``: out of the game instead —
                   "si vous choisissez une carte de votre main, celle-ci … est retirée de la
                   partie"); ``{"attached": CardMatch, "count": N}`` — N
                   cards matching attached to the payer go to their owners' discard piles (a Rune
                   is a card attached to its character: "Rune Cor : …" is ``{"attached": {"card":
                   "rune-cor"}, "count": 1}``, "2 Runes Nox : …" count 2); ``{"markers": name,
                   "count": N}`` — N such markers leave the payer ("si vous avez au moins 3
                   marqueurs poudre, vous en perdez 3 et …").
    ``counter``    cards (CardMatch; absent: any card), to (discard|hand|deck), target (default
                   ``all_enemies``: whose card) — the next card matching that a character of the
                   target plays after this effect does not resolve (none of its effects, no
                   Enchaînement from it) and goes to its owner's pile ``to`` instead of the discard
                   pile or play ("la prochaine Théurgie adverse est défaussée", "le prochain Sort
                   joué par le personnage adverse est annulé et placé dans sa main"); once.
    ``draw_phase`` amount (an int, −10..10 but not 0; or ``"none"``), owner (self|opponent|both:
                   whose draw phases), phases (N, default 1; or ``"all"``) — at each of the next N
                   draw phases (docs/rules/eredan.md §3 step 0) of that player, it draws ``amount``
                   cards more (fewer, never below none; ``"none"``: no card) than it would;
                   ``"all"``: at every one of its draw phases while the source is in play (as a
                   ``permanent`` duration: while a card that stays is attached, the rest of the game
                   for one that does not; a character ability: while the character lives — only
                   ``"all"`` there).
    ``modify`` stat ``level`` — the character's level (what a count of ``{"stat": "level"}``
                   reads), "gagne 1 Niveau jusqu'à la fin de la partie".
    ``marker`` count ``"all"`` — every marker of that name leaves the target ("perd ses
                   marqueurs 'poudre'").
    Condition ``keyword`` (a keyword): the holder has that keyword.
    ``bound``      stats (a list of attack|defense|spirit; ``attack`` covers the whole Attaque:
                   its modifiers of ``attack``, ``attack_min`` and ``attack_max``), below (int ≥ 0,
                   optional), above (int ≥ 0, optional; at least one of the two), target, duration
                   — while it lasts, the target's maluses to each of those stats (its negative
                   modifiers, whatever their source) count for at most ``below`` in total, and its
                   bonuses (positive modifiers) for at most ``above``; a ``set`` putting the stat
                   lower than its printed value minus ``below`` (higher than printed plus
                   ``above``) puts it there instead. "L'Attaque de vos Tsoutaï ne peut pas être
                   réduite" is below 0; "Votre Attaque ne peut pas être modifiée" below 0 and above
                   0; "Les caractéristiques de vos personnages ne peuvent pas être réduites de plus
                   de 3" stats attack, defense, spirit, below 3. Static (a standing ability holds
                   while its character lives).
    ``double``     stats (a list of attack|defense|spirit; ``attack`` covers its ``attack_min`` and
                   ``attack_max`` modifiers too), sign (bonus|malus|both, default both), current
                   (true: only the modifiers the target has when the effect applies, "en cours";
                   cards only), cards (CardMatch: only the modifiers such cards give), target,
                   duration — while it lasts, each of those modifiers of the target counts twice
                   ("Double les bonus et malus de Défense de votre personnage", "le bonus
                   d'Attaque de vos Armes Berserker est doublé"). Static.
    ``swap``       stats (two of defense|spirit), target, duration — each character of the target
                   exchanges the two stats: when the effect applies its values a and b are read and
                   it gets b − a on the first and a − b on the second for the duration (modifiers
                   given after add to the exchanged values: "Chaque personnage en combat échange son
                   Esprit et sa Défense"). Not static (it happens once: cards, Ordres, triggers).

    ``advance_turns`` amount (N, 1..10; or ``[lo, hi]``, 0 ≤ lo < hi ≤ 10, rolled when it
                   happens) — the game's turn counter moves on N more turns: when the current turn
                   ends, the next one is numbered N more than it would be (what names turns — the
                   Ordres, "tour pair", "tours 4 et plus", the turn cap — reads the counter); at
                   the start of the game (a ``game_start`` trigger) the first turn is numbered
                   1 + N. The players still alternate. "Le compteur de tours avance d'un tour
                   supplémentaire", "… avancera de 2 tours au prochain tour".

Where each op may appear (``context``):
    ``card`` — every op but the ability-only ``chain_on``, ``may_play``, ``carry``, ``may_attach``;
    ``ability`` — the *static* ops (``modify``, ``set``, ``damage_taken``, ``damage_dealt``,
    ``heal_dealt``, ``immune``, ``forbid``, ``chain_on``, ``may_play``, ``carry``, ``may_attach``,
    ``traits``, ``attack_kind``, ``draw_phase``, ``bound``, ``double``) and ``trigger`` (whose
    effects are card effects); a static ability holds while the character is alive, for itself
    or (a group target) for each character of the group when it fights — version 1's aura is
    ``modify`` with target ``other_allies`` and an ``allies`` filter, for the combat only; a
    ``modify`` lasting longer than the combat must be inside a trigger;
    ``order`` — every op (they apply when the character fights on one of the Ordre's turns,
    after the choice: what an ability grants, for that combat).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Literal, TypeAlias

#: The stats an Amount may be based on (``{"stat": …}``).
AMOUNT_STATS = ("attack", "defense", "spirit", "initiative")
#: One end of the Attaque range ("Attaque min. +1", "Attaque max. +1", "Attaque +3/+2").
RANGE_STATS = ("attack_min", "attack_max")
STATS = (*AMOUNT_STATS, *RANGE_STATS, "hp_max", "level")
SET_STATS = ("attack", "defense", "spirit", "attack_min", "attack_max")
#: What a ``distinct`` count counts.
DISTINCT_TRAITS = ("race", "class", "guild")
#: What a ``common`` count counts.
COMMON_TRAITS = ("class", "caste")
COUNT_STATS = ("defense", "spirit", "attack_min", "attack_max", "hp", "hp_max", "hp_missing", "level")
DAMAGE_KINDS = ("physical", "magical", "direct")
#: The elements a damage may be of ("dégâts magiques de type Feu"): the kinds of Sort (the card types
#: under ``sort`` in reference/eredan/types.json). A Sort of one of them deals damage of its element.
DAMAGE_ELEMENTS = (
    "feu",
    "air",
    "eau",
    "terre",
    "lumiere",
    "ombre",
    "mental",
    "foudre",
    "draconique",
    "temps",
    "nature",
    "guerre",
    "nehant",
    "guem",
)
#: Named targets (see the module docstring) and the group/pick they stand for.
TARGET_NAMES: Mapping[str, tuple[str, str | None]] = {
    "self": ("self", None),
    "opponent": ("opponent", None),
    "all_allies": ("allies", None),
    "other_allies": ("other_allies", None),
    "all_enemies": ("enemies", None),
    "other_enemies": ("other_enemies", None),
    "all_characters": ("characters", None),
    "ally": ("allies", "choice"),
    "other_ally": ("other_allies", "choice"),
    "enemy": ("enemies", "choice"),
    "character": ("characters", "choice"),
    "random_ally": ("allies", "random"),
    "random_other_ally": ("other_allies", "random"),
    "random_enemy": ("enemies", "random"),
    "random_other_enemy": ("other_enemies", "random"),
    "random_character": ("characters", "random"),
    "most_wounded_ally": ("allies", "most_wounded"),
    "fewest_hp_ally": ("allies", "fewest_hp"),
    "fighters": ("fighters", None),
    "event": ("event", None),
    "event_other": ("event_other", None),
}
TARGETS = tuple(TARGET_NAMES)
GROUPS = (
    "self",
    "opponent",
    "allies",
    "other_allies",
    "enemies",
    "other_enemies",
    "characters",
    "fighters",
    "event",
    "event_other",
)
#: Events about a character, whose triggers may name it with the target ``event``.
CHARACTER_EVENTS = ("plays", "dies", "damaged", "deals")
PICKS = ("choice", "random", "most_wounded", "fewest_hp")
#: Version 1's targets per op (kept for the documentation of what v1 data may hold).
MODIFY_TARGETS = ("self", "opponent", "all_allies", "all_enemies", "other_allies")
DAMAGE_TARGETS = ("opponent", "all_enemies", "random_other_enemy")
HEAL_TARGETS = ("self", "all_allies", "most_wounded_ally")
#: Targets that only a character ability may use with an ``allies`` filter (the v1 aura).
ABILITY_ONLY_TARGETS = ("other_allies",)
ALLY_FILTER_KEYS = ("guild", "class", "race")
SELECTOR_FILTER_KEYS = (
    "guild",
    "class",
    "race",
    "caste",
    "family",
    "single_class",
    "single_race",
    "tapped",
    "carrying",
    "fighting",
    "not_race",
    "not_class",
    "sex",
    "no_caste",
    "wounded",
    "stat",
    "hurt_this_turn",
    "not_guild",
    "not_carrying",
    "shares",
    "not_shares",
)
#: A character's sex (selector filter ``sex``, conditions ``opponent_sex`` / ``played_by_sex``).
SEXES = ("male", "female")
#: What two characters may have in common (condition ``opponent_shares``).
SHARED_TRAITS = ("class", "guild", "race", "caste")
CARRY_KINDS = ("weapon", "armor")
#: Keywords a character may have (``traits``, condition ``keyword``): "Enragé".
KEYWORDS = ("enrage",)
#: What ``traits`` changes.
TRAIT_KINDS = ("classes", "races", "guilds", "castes", "keywords")
TRAIT_MODES = ("add", "set", "remove")
#: Where the card a ``counter`` stops goes.
COUNTER_PILES = ("discard", "hand", "deck")
CONTEXTS = ("card", "ability", "order")
PILES = ("deck", "hand", "discard")
COUNT_PILES = ("deck", "hand", "discard", "play", "played_turn", "played_game")
OWNERS = ("self", "opponent", "both")
EVENTS = ("game_start", "turn_start", "turn_end", "combat_start", "after_cards", "combat_end", "leaves_play")
LIMITS = ("once_per_turn", "once_per_game")
COMPARATORS = ("<", "<=", ">", ">=", "==", "!=")
MATCH_KINDS = (
    "any",
    "type",
    "card",
    "class_reserved",
    "caste_reserved",
    "race_reserved",
    "character_reserved",
    "guild",
    "any_of",
)
#: The card matches naming who a card is reserved to (its requirements).
RESERVED_MATCHES = ("class_reserved", "caste_reserved", "race_reserved", "character_reserved")
#: Bounds that keep hand-edited data sane (an "absurd number" is a data error).
MAX_MAGNITUDE = 99
MAX_TURN = 999
MAX_COUNT = 10
MAX_NESTING = 4
#: A ``marker`` count of ``"all"``: every marker of that name leaves the target.
MARKERS_ALL = -(MAX_MAGNITUDE + 1)

Context = Literal["card", "ability", "order"]


class EffectError(ValueError):
    """Invalid effect data. ``path`` locates the bad value, e.g. ``effects[2].target``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


# --- value types -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Turns:
    """Which turn numbers something applies on."""

    kind: Literal["list", "even", "odd", "from"]
    numbers: tuple[int, ...] = ()  # for "list"; (start,) for "from"

    def matches(self, turn: int) -> bool:
        if self.kind == "list":
            return turn in self.numbers
        if self.kind == "even":
            return turn % 2 == 0
        if self.kind == "odd":
            return turn % 2 == 1
        return turn >= self.numbers[0]

    def to_json(self) -> Any:
        if self.kind == "list":
            return list(self.numbers)
        if self.kind == "from":
            return {"from": self.numbers[0]}
        return self.kind


@dataclass(frozen=True, slots=True)
class Amount:
    """A number of points: ``lo``..``hi`` (rolled), plus a stat of the holder (``base``: its
    printed Attaque, rolled in its printed range)."""

    lo: int
    hi: int
    stat: str | None = None
    base: bool = False

    def to_json(self) -> Any:
        bonus: Any = self.lo if self.lo == self.hi else [self.lo, self.hi]
        if self.stat is None:
            return bonus
        if self.base:
            return {"stat": self.stat, "base": True, "plus": bonus}
        return {"stat": self.stat, "plus": bonus}


@dataclass(frozen=True, slots=True)
class CardMatch:
    """Which cards a chain allows (or a ``chain_on`` ability reacts to, a filter keeps).

    ``kind``/``value`` is the main test; ``hands``, ``zone``, ``guild``, ``cursed`` (with ``type``)
    and ``type_`` (with a ``*_reserved`` kind) narrow it; ``options`` are the alternatives of
    ``any_of``.
    """

    kind: Literal[
        "any",
        "type",
        "card",
        "class_reserved",
        "caste_reserved",
        "race_reserved",
        "character_reserved",
        "guild",
        "any_of",
    ]
    value: str = ""
    hands: int | None = None  # with kind "type": only weapons held in that many hands
    zone: bool | None = None  # with kind "type": only zone spells (True) or only the others (False)
    guild: str | None = None  # with kind "type": only cards affiliated to that guild
    type_: str | None = None  # with a "*_reserved" kind: only cards of that type
    options: tuple[CardMatch, ...] = ()
    cursed: bool | None = None  # with kind "type": only cursed cards ("Objet maudit")
    but: CardMatch | None = None  # those cards excepted

    def to_json(self) -> dict[str, Any]:
        data = self._main_json()
        if self.but is not None:
            data["but"] = self.but.to_json()
        return data

    def _main_json(self) -> dict[str, Any]:
        if self.kind == "any":
            return {"any": True}
        if self.kind == "any_of":
            return {"any_of": [o.to_json() for o in self.options]}
        data: dict[str, Any] = {self.kind: self.value}
        if self.hands is not None:
            data["hands"] = self.hands
        if self.zone is not None:
            data["zone"] = self.zone
        if self.guild is not None:
            data["guild"] = self.guild
        if self.type_ is not None:
            data["type"] = self.type_
        if self.cursed is not None:
            data["cursed"] = self.cursed
        return data


@dataclass(frozen=True, slots=True)
class StatFilter:
    """A selector's ``stat`` filter: the character's current ``stat`` compared with ``right`` (a
    number, or ``"base"``: its own printed value)."""

    stat: str
    cmp: str
    right: int | str

    def to_json(self) -> dict[str, Any]:
        return {"stat": self.stat, "cmp": self.cmp, "right": self.right}


#: The stats a selector's ``stat`` filter may compare.
FILTER_STATS = ("defense", "spirit", "attack_min", "attack_max", "hp", "level")


@dataclass(frozen=True, slots=True)
class Selector:
    """A target written as an object: a group, an optional pick, and filters (see the docstring)."""

    group: str
    pick: str | None = None
    guild: str | None = None
    class_: str | None = None
    race: str | None = None
    caste: str | None = None
    family: str | None = None
    single_class: bool | None = None
    single_race: bool | None = None
    tapped: bool | None = None
    carrying: CardMatch | None = None
    fighting: bool | None = None
    not_race: str | None = None
    not_class: str | None = None
    sex: str | None = None
    no_caste: bool | None = None
    wounded: bool | None = None
    stat: StatFilter | None = None
    hurt_this_turn: bool | None = None
    not_guild: str | None = None
    not_carrying: CardMatch | None = None  # carries no such card ("sans Bouclier")
    shares: str | None = None  # has a SHARED_TRAITS kind in common with the holder
    not_shares: str | None = None  # has none of that kind in common with the holder

    @property
    def filtered(self) -> bool:
        return any(getattr(self, k) is not None for k in _SELECTOR_ATTRS)

    def to_json(self) -> Any:
        if not self.filtered:
            for name, (group, pick) in TARGET_NAMES.items():
                if (group, pick) == (self.group, self.pick):
                    return name
        out: dict[str, Any] = {"group": self.group}
        if self.pick is not None:
            out["pick"] = self.pick
        out.update(self.filter_json())
        return out

    def filter_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key, attr in zip(SELECTOR_FILTER_KEYS, _SELECTOR_ATTRS, strict=True):
            value = getattr(self, attr)
            if value is not None:
                out[key] = value.to_json() if isinstance(value, CardMatch | StatFilter) else value
        return out


_SELECTOR_ATTRS = (
    "guild",
    "class_",
    "race",
    "caste",
    "family",
    "single_class",
    "single_race",
    "tapped",
    "carrying",
    "fighting",
    "not_race",
    "not_class",
    "sex",
    "no_caste",
    "wounded",
    "stat",
    "hurt_this_turn",
    "not_guild",
    "not_carrying",
    "shares",
    "not_shares",
)

#: A target: a name of :data:`TARGET_NAMES`, or a :class:`Selector` that no name stands for.
Target: TypeAlias = "str | Selector"


def target_group(target: Target) -> tuple[str, str | None]:
    """The (group, pick) a target stands for."""
    if isinstance(target, Selector):
        return target.group, target.pick
    return TARGET_NAMES[target]


def target_to_json(target: Target) -> Any:
    return target.to_json() if isinstance(target, Selector) else target


@dataclass(frozen=True, slots=True)
class Count:
    """What a scaled amount counts (see the module docstring, "Count")."""

    kind: Literal[
        "stat",
        "cards",
        "characters",
        "markers",
        "guilds",
        "classes",
        "castes",
        "damage_dealt",
        "damage_taken",
        "turn",
        "distinct",
        "event_damage",
        "common",
    ]
    stat: str | None = None
    of: str = "self"  # stat: whose
    base: bool = False  # stat: the printed value (no modifier), "de base"
    pile: str | None = None
    owner: str = "self"
    match: CardMatch | None = None
    on: Target | None = None  # cards "play": attached to these; markers: on these
    characters: Target | None = None
    dead: bool = False
    marker: str | None = None
    trait: str | None = None  # distinct: race, class or guild (``among`` is ``characters``); common
    other: bool = False  # cards: the card the effect belongs to left out ("par autre Sort Foudre")
    union: tuple[Target, ...] = ()  # characters: more targets, each character counted once
    either: bool = False  # characters: the living and the dead ("vivant ou mort")
    playable: bool = False  # cards of the holder's piles: only those it may play ("jouables")
    also: tuple[str, ...] = ()  # cards: more piles counted with ``pile`` (JSON: "cards" a list)

    def to_json(self) -> dict[str, Any]:
        if self.kind == "stat":
            return {"stat": self.stat, "of": self.of, **({"base": True} if self.base else {})}
        if self.kind == "cards":
            out: dict[str, Any] = {"cards": [self.pile, *self.also] if self.also else self.pile}
            if self.owner != "self":
                out["owner"] = self.owner
            if self.match is not None:
                out["match"] = self.match.to_json()
            if self.on is not None:
                out["on"] = target_to_json(self.on)
            if self.other:
                out["other"] = True
            if self.playable:
                out["playable"] = True
            return out
        if self.kind == "characters":
            assert self.characters is not None
            who = target_to_json(self.characters)
            out = {"characters": [who, *(target_to_json(t) for t in self.union)] if self.union else who}
            if self.either:
                out["dead"] = "either"
            elif self.dead:
                out["dead"] = True
            return out
        if self.kind == "markers":
            assert self.on is not None
            return {"markers": self.marker, "on": target_to_json(self.on)}
        if self.kind == "turn":
            return {"turn": "current"}
        if self.kind == "distinct":
            assert self.characters is not None
            return {"distinct": self.trait, "among": target_to_json(self.characters)}
        if self.kind == "common":
            return {"common": self.trait}
        return {self.kind: self.of if self.kind in ("damage_dealt", "damage_taken", "classes") else "self"}


@dataclass(frozen=True, slots=True)
class Scaled:
    """``plus + each × round(count / div)``, clamped to ``lo``..``hi`` (``None``: no bound)."""

    per: Count
    each: int = 1
    plus: int = 0
    div: int = 1
    round_up: bool = False
    lo: int | None = None
    hi: int | None = None
    #: More terms added before the clamp (each without ``plus`` nor bounds): JSON ``"and"``.
    more: tuple[Scaled, ...] = ()

    @property
    def stat(self) -> str:
        """Not a stat of the holder but a count: ``"count"``. (An engine that only knows the
        ``Amount`` stats refuses it by that name instead of misreading it.)"""
        return "count"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"per": self.per.to_json()}
        if self.each != 1:
            out["each"] = self.each
        if self.plus:
            out["plus"] = self.plus
        if self.div != 1:
            out["div"] = self.div
            if self.round_up:
                out["round"] = "up"
        if self.more:
            out["and"] = [term.to_json() for term in self.more]
        if self.lo is not None:
            out["min"] = self.lo
        if self.hi is not None:
            out["max"] = self.hi
        return out

    @property
    def terms(self) -> tuple[Scaled, ...]:
        """Every term: this one (its count, ``each``, ``div``) and the added ones."""
        return (self, *self.more)


#: A number of points as an effect may give it.
Points: TypeAlias = "Amount | Scaled"


def points_to_json(value: int | Points) -> Any:
    return value if isinstance(value, int) else value.to_json()


@dataclass(frozen=True, slots=True)
class Compare:
    left: Count
    cmp: str
    right: int | Count

    def to_json(self) -> dict[str, Any]:
        right = self.right if isinstance(self.right, int) else self.right.to_json()
        return {"left": self.left.to_json(), "cmp": self.cmp, "right": right}


@dataclass(frozen=True, slots=True)
class Condition:
    """Every field that is set must hold for the effect to apply (see the module docstring)."""

    turn: Turns | None = None
    opponent_class: str | None = None
    opponent_race: str | None = None
    opponent_guild: str | None = None
    played_by: str | None = None
    played_by_class: str | None = None
    played_by_guild: str | None = None
    played_by_race: str | None = None
    carrying: str | None = None
    opponent_carrying: str | None = None
    ally_alive: str | None = None
    # version 2
    played_by_caste: str | None = None
    opponent_caste: str | None = None
    played_by_single_class: bool | None = None
    opponent_single_class: bool | None = None
    opponent_is: str | None = None
    carrying_match: CardMatch | None = None
    opponent_carrying_match: CardMatch | None = None
    plays: CardMatch | None = None
    opponent_plays: CardMatch | None = None
    follows: CardMatch | None = None
    followed_by: CardMatch | None = None
    chained: bool | None = None
    ally: Selector | None = None
    ally_dead: str | None = None
    ally_present: str | None = None
    tapped: bool | None = None
    opponent_tapped: bool | None = None
    active: bool | None = None
    compare: Compare | None = None
    any: tuple[Condition, ...] | None = None
    not_: Condition | None = None
    keyword: str | None = None
    fighting: bool | None = None
    ordre: bool | None = None
    opponent_ordre: bool | None = None
    dead: bool | None = None
    fought_before: bool | None = None
    opponent_sex: str | None = None
    played_by_sex: str | None = None
    all: tuple[Condition, ...] | None = None
    opponent_shares: str | None = None  # a kind of SHARED_TRAITS the two fighters have in common

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None:
                continue
            key = "not" if f.name == "not_" else f.name
            if isinstance(value, Selector):
                out[key] = value.filter_json()
            elif isinstance(value, tuple):
                out[key] = [c.to_json() for c in value]
            elif isinstance(value, Turns | CardMatch | Compare | Condition):
                out[key] = value.to_json()
            else:
                out[key] = value
        return out


#: Condition keys whose value is a slug, a boolean, a CardMatch.
_CONDITION_SLUGS = (
    "opponent_class",
    "opponent_race",
    "opponent_guild",
    "played_by",
    "played_by_class",
    "played_by_guild",
    "played_by_race",
    "ally_alive",
    "played_by_caste",
    "opponent_caste",
    "opponent_is",
    "ally_dead",
    "ally_present",
)
_CONDITION_BOOLS = (
    "played_by_single_class",
    "opponent_single_class",
    "chained",
    "tapped",
    "opponent_tapped",
    "active",
    "fighting",
    "ordre",
    "opponent_ordre",
    "dead",
    "fought_before",
)
_CONDITION_MATCHES = (
    "carrying_match",
    "opponent_carrying_match",
    "plays",
    "opponent_plays",
    "follows",
    "followed_by",
)


@dataclass(frozen=True, slots=True)
class AllyFilter:
    """Which allies a version-1 aura affects: every field that is set must hold (``None`` = any)."""

    guild: str | None = None
    class_: str | None = None
    race: str | None = None

    def to_json(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for key, value in (("guild", self.guild), ("class", self.class_), ("race", self.race)):
            if value is not None:
                out[key] = value
        return out


@dataclass(frozen=True, slots=True)
class Duration:
    kind: Literal["combat", "permanent", "turns", "game", "combats"]
    turns: int = 0  # for "turns" and "combats"

    def to_json(self) -> Any:
        if self.kind in ("turns", "combats"):
            return {self.kind: self.turns}
        return self.kind


@dataclass(frozen=True, slots=True)
class Event:
    """When a trigger fires: a named moment, or a card played / a death / damage among a target."""

    kind: Literal[
        "game_start",
        "turn_start",
        "turn_end",
        "combat_start",
        "after_cards",
        "combat_end",
        "leaves_play",
        "plays",
        "dies",
        "damaged",
        "deals",
    ]
    match: CardMatch | None = None  # plays
    who: Target = "self"  # plays: by whom; dies / damaged: among whom; deals: who deals
    kinds: tuple[str, ...] = ()  # damaged / deals: only damage of these kinds (empty: any)
    to: Target | None = None  # deals: only damage to these characters (None: any)
    at_least: int = 0  # damaged / deals: only damage that takes at least this many HP (0: any)
    elements: tuple[str, ...] = ()  # damaged / deals: only damage of these elements (empty: any)

    def to_json(self) -> Any:
        if self.kind == "plays":
            assert self.match is not None
            out: dict[str, Any] = {"plays": self.match.to_json()}
            if self.who != "self":
                out["by"] = target_to_json(self.who)
            return out
        if self.kind in ("dies", "damaged", "deals"):
            out = {self.kind: target_to_json(self.who)}
            if self.to is not None:
                out["to"] = target_to_json(self.to)
            if self.kinds:
                out["kinds"] = list(self.kinds)
            if self.at_least:
                out["at_least"] = self.at_least
            if self.elements:
                out["elements"] = list(self.elements)
            return out
        return self.kind


COMBAT = Duration("combat")


# --- ops -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Modify:
    stat: str
    amount: int | Amount | Scaled
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    allies: AllyFilter | None = None  # with target "other_allies" only (the v1 aura)
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "modify"


@dataclass(frozen=True, slots=True)
class Damage:
    kind: str
    amount: Amount | Scaled
    target: str = "opponent"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    element: str | None = None  # one of DAMAGE_ELEMENTS: "3 dégâts magiques de type Feu"
    op: str = "damage"


@dataclass(frozen=True, slots=True)
class Heal:
    amount: Amount | Scaled
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "heal"


@dataclass(frozen=True, slots=True)
class Draw:
    count: int
    when: Condition | None = None
    op: str = "draw"


@dataclass(frozen=True, slots=True)
class Discard:
    count: int
    when: Condition | None = None
    op: str = "discard"


@dataclass(frozen=True, slots=True)
class Mill:
    count: int
    when: Condition | None = None
    op: str = "mill"


@dataclass(frozen=True, slots=True)
class Revive:
    hp: int
    when: Condition | None = None
    op: str = "revive"


@dataclass(frozen=True, slots=True)
class ChainOn:
    match: CardMatch
    when: Condition | None = None
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    selector: Selector | None = None  # the target, when it is an object ("group")
    #: None: while its giver lives; GAME ("jusqu'à la fin de la partie"): given to a group, for the
    #: rest of the game, its giver dead or alive.
    duration: Duration | None = None
    op: str = "chain_on"


@dataclass(frozen=True, slots=True)
class SetStat:
    stat: str
    value: int | tuple[int, int] | Scaled
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "set"


@dataclass(frozen=True, slots=True)
class LoseHp:
    amount: Amount | Scaled
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "lose_hp"


@dataclass(frozen=True, slots=True)
class DamageTaken:
    amount: int | Scaled
    kinds: tuple[str, ...] = ()  # () = every kind
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    elements: tuple[str, ...] = ()  # only damage of these elements (DAMAGE_ELEMENTS; () = any)
    op: str = "damage_taken"


@dataclass(frozen=True, slots=True)
class DamageDealt:
    amount: int | Scaled
    kinds: tuple[str, ...] = ()
    cards: CardMatch | None = None
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    elements: tuple[str, ...] = ()  # only damage of these elements (DAMAGE_ELEMENTS; () = any)
    op: str = "damage_dealt"


@dataclass(frozen=True, slots=True)
class HealDealt:
    amount: int | Scaled
    cards: CardMatch | None = None
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "heal_dealt"


@dataclass(frozen=True, slots=True)
class Immune:
    kinds: tuple[str, ...] = ()
    cards: CardMatch | None = None
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    elements: tuple[str, ...] = ()  # only damage of these elements (DAMAGE_ELEMENTS; () = any)
    #: only the damage of the cards of the holder's player ("player": "les effets de vos cartes")
    #: or of those the holder itself plays ("self": "les Objets qu'il joue"); None: any source
    by: str | None = None
    by_cards: CardMatch | None = None  # with ``by``: of those cards only ("les Objets")
    op: str = "immune"


@dataclass(frozen=True, slots=True)
class Marker:
    name: str
    count: int
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "marker"


@dataclass(frozen=True, slots=True)
class Tap:
    target: str = "opponent"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "tap"


@dataclass(frozen=True, slots=True)
class Untap:
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "untap"


@dataclass(frozen=True, slots=True)
class Chain:
    match: CardMatch
    when: Condition | None = None
    op: str = "chain"


@dataclass(frozen=True, slots=True)
class MoveCards:
    from_: str
    to: str
    owner: str = "self"
    count: int | None = 1  # None = all
    cards: CardMatch | None = None
    pick: str = "random"
    when: Condition | None = None
    target: str = "self"  # to "attach": a name of TARGET_NAMES, or "group" (see selector)
    selector: Selector | None = None  # the target, when it is an object ("group")
    into: str = "owner"  # owner | self: whose piles the cards go to (their owner's, or the player's)
    also: tuple[str, ...] = ()  # more piles the cards may come from, after ``from_`` (JSON: "from" a list)
    op: str = "move"


@dataclass(frozen=True, slots=True)
class CardTo:
    to: str
    when: Condition | None = None
    op: str = "card_to"


@dataclass(frozen=True, slots=True)
class DiscardAttached:
    target: str = "opponent"  # a name of TARGET_NAMES, or "group" (see selector)
    count: int | None = 1  # None = all
    cards: CardMatch | None = None
    owner: str = "any"
    pick: str = "random"
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    to: str = "discard"  # discard | deck | hand | removed: their owners' piles
    other: bool = False  # never this card itself (the one whose effects run)
    into: str = "owner"  # owner | self: their owners' piles, or the player's own ("dans votre Main")
    may: bool = False  # the player may take fewer, none ("vous pouvez choisir", "jusqu'à N")
    op: str = "discard_attached"


@dataclass(frozen=True, slots=True)
class CreateCard:
    card: str
    to: str = "hand"
    count: int = 1
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "create"


@dataclass(frozen=True, slots=True)
class PlayCard:
    from_: str
    cards: CardMatch | None = None
    pick: str = "random"
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    also: tuple[str, ...] = ()  # more piles the card may come from, after ``from_`` (JSON: "from" a list)
    playable: bool = False  # only a card the target may play (its requirements): "jouable"
    now: bool = False  # it acts at once, even a card that acts after the combat: "activée immédiatement"
    unrestricted: bool = False  # whatever its requirements: "jouée en ignorant ses prérequis"
    op: str = "play_card"


@dataclass(frozen=True, slots=True)
class Forbid:
    what: str
    cards: CardMatch | None = None
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "forbid"


@dataclass(frozen=True, slots=True)
class ActsNow:
    cards: CardMatch | None = None
    chained: bool = False
    target: str = "all_allies"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "acts_now"


@dataclass(frozen=True, slots=True)
class CardsLast:
    cards: CardMatch
    lasts: Duration
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    longer: bool = False  # that much longer than they say ("durent 2 tours supplémentaires")
    op: str = "cards_last"


@dataclass(frozen=True, slots=True)
class ExtraAttack:
    amount: Amount | Scaled
    kind: str = "physical"
    target: str = "opponent"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "extra_attack"


@dataclass(frozen=True, slots=True)
class Attach:
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "attach"


@dataclass(frozen=True, slots=True)
class Become:
    card: str  # the family of the character card that takes the target's place
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "become"


@dataclass(frozen=True, slots=True)
class GrantOrder:
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "grant_order"


@dataclass(frozen=True, slots=True)
class OneOf:
    options: tuple[tuple[Effect, ...], ...]
    pick: str = "choice"
    when: Condition | None = None
    op: str = "one_of"


@dataclass(frozen=True, slots=True)
class Trigger:
    on: Event
    effects: tuple[Effect, ...]
    limit: str | None = None
    when: Condition | None = None
    times: int = 1  # with a limit: how many times per turn / game
    op: str = "trigger"


@dataclass(frozen=True, slots=True)
class MayPlay:
    cards: CardMatch
    when: Condition | None = None
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "may_play"


@dataclass(frozen=True, slots=True)
class Carry:
    cards: CardMatch
    count: int
    when: Condition | None = None
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "carry"


@dataclass(frozen=True, slots=True)
class MayAttach:
    cards: CardMatch
    when: Condition | None = None
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    selector: Selector | None = None  # the target, when it is an object ("group")
    onto: str = "characters"  # whom it may attach them to: one of ATTACH_ONTO
    op: str = "may_attach"


#: Whom a ``may_attach`` ability lets its holder attach the cards to (besides itself): any living
#: character in play, or only its allies, its other characters, its opponents.
ATTACH_ONTO = ("characters", "allies", "other_allies", "enemies")


#: A character's guilds, classes, races, castes or keywords as ``traits`` names them: slugs, or
#: ``"all"`` (with ``remove``).
TraitList: TypeAlias = "tuple[str, ...] | Literal['all']"


@dataclass(frozen=True, slots=True)
class Traits:
    mode: str  # add | set | remove
    classes: TraitList | None = None
    races: TraitList | None = None
    guilds: TraitList | None = None
    castes: TraitList | None = None
    keywords: TraitList | None = None
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    of: Target | None = None  # copied: the kinds given ("all") are those these characters have
    op: str = "traits"


@dataclass(frozen=True, slots=True)
class AttackKind:
    kind: str  # magical | direct
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "attack_kind"


@dataclass(frozen=True, slots=True)
class Cost:
    """What a ``pay`` costs: cards from hand, attached cards, or markers (see the docstring)."""

    kind: Literal["hand", "attached", "markers"]
    count: int
    match: CardMatch | None = None  # attached
    marker: str | None = None  # markers
    to: str = "discard"  # hand: where the cards paid go (discard | removed)

    def to_json(self) -> dict[str, Any]:
        if self.kind == "hand":
            return {"hand": self.count, **({"to": self.to} if self.to != "discard" else {})}
        if self.kind == "attached":
            assert self.match is not None
            return {"attached": self.match.to_json(), "count": self.count}
        return {"markers": self.marker, "count": self.count}


@dataclass(frozen=True, slots=True)
class Pay:
    cost: Cost
    effects: tuple[Effect, ...]
    may: bool = False
    by: str = "self"  # self | opponent
    when: Condition | None = None
    op: str = "pay"


@dataclass(frozen=True, slots=True)
class Counter:
    cards: CardMatch | None = None
    to: str = "discard"
    target: str = "all_enemies"  # a name of TARGET_NAMES, or "group" (see selector)
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "counter"


@dataclass(frozen=True, slots=True)
class DrawPhase:
    amount: int | None  # None: "none", no card at all
    owner: str = "self"  # self | opponent | both
    phases: int | None = 1  # None: "all"
    when: Condition | None = None
    op: str = "draw_phase"


@dataclass(frozen=True, slots=True)
class Bound:
    """How far a character's stats may be lowered / raised by modifiers (see the docstring)."""

    stats: tuple[str, ...]
    below: int | None = None
    above: int | None = None
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "bound"


#: The stats a ``bound`` may hold.
BOUND_STATS = ("attack", "defense", "spirit")


@dataclass(frozen=True, slots=True)
class AdvanceTurns:
    """The turn counter moves on more turns (see the docstring, ``advance_turns``)."""

    amount: int | tuple[int, int]  # N, or a range rolled when the effect happens
    when: Condition | None = None
    op: str = "advance_turns"


@dataclass(frozen=True, slots=True)
class Double:
    """The modifiers of some stats of the target count twice (see the docstring, ``double``)."""

    stats: tuple[str, ...]
    sign: str = "both"  # "bonus": the positive modifiers, "malus": the negative ones, "both"
    current: bool = False  # only those the target has when the effect applies ("en cours")
    cards: CardMatch | None = None  # only those given by such cards
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "double"


#: Which modifiers a ``double`` doubles, by their sign.
DOUBLE_SIGNS = ("bonus", "malus", "both")


@dataclass(frozen=True, slots=True)
class Swap:
    """Each character of the target exchanges two of its stats (see the docstring, ``swap``)."""

    stats: tuple[str, str]
    target: str = "self"  # a name of TARGET_NAMES, or "group" (see selector)
    duration: Duration = COMBAT
    when: Condition | None = None
    selector: Selector | None = None  # the target, when it is an object ("group")
    op: str = "swap"


#: The stats a ``swap`` exchanges (counts: the rolled Attaque is none).
SWAP_STATS = ("defense", "spirit")


Effect: TypeAlias = (
    Modify
    | Damage
    | Heal
    | Draw
    | Discard
    | Mill
    | Revive
    | ChainOn
    | SetStat
    | LoseHp
    | DamageTaken
    | DamageDealt
    | HealDealt
    | Immune
    | Marker
    | Tap
    | Untap
    | Chain
    | MoveCards
    | CardTo
    | DiscardAttached
    | CreateCard
    | PlayCard
    | Forbid
    | ActsNow
    | CardsLast
    | ExtraAttack
    | GrantOrder
    | Attach
    | Become
    | OneOf
    | Trigger
    | MayPlay
    | Carry
    | MayAttach
    | Traits
    | AttackKind
    | Pay
    | Counter
    | DrawPhase
    | Bound
    | Double
    | Swap
    | AdvanceTurns
)
V1_OPS: tuple[str, ...] = ("modify", "damage", "heal", "draw", "discard", "mill", "revive", "chain_on")
V2_OPS: tuple[str, ...] = (
    "set",
    "lose_hp",
    "damage_taken",
    "damage_dealt",
    "heal_dealt",
    "immune",
    "marker",
    "tap",
    "untap",
    "chain",
    "move",
    "card_to",
    "discard_attached",
    "create",
    "play_card",
    "forbid",
    "extra_attack",
    "grant_order",
    "one_of",
    "trigger",
    "may_play",
    "carry",
    "may_attach",
    "traits",
    "attack_kind",
    "pay",
    "counter",
    "draw_phase",
    "bound",
    "attach",
    "acts_now",
    "cards_last",
    "double",
    "become",
    "advance_turns",
    "swap",
)
OPS: tuple[str, ...] = (*V1_OPS, *V2_OPS)
#: Ops that hold a state (a modifier, a restriction) rather than happen once.
STATIC_OPS = frozenset(
    {
        "modify",
        "set",
        "damage_taken",
        "damage_dealt",
        "heal_dealt",
        "immune",
        "forbid",
        "chain_on",
        "may_play",
        "carry",
        "may_attach",
        "traits",
        "attack_kind",
        "draw_phase",
        "bound",
        "acts_now",
        "cards_last",
        "double",
    }
)
#: Ops only a character ability has (what a character may do, printed on it).
ABILITY_ONLY_OPS = frozenset({"chain_on", "may_play", "carry", "may_attach", "cards_last"})
OPS_BY_CONTEXT: Mapping[str, frozenset[str]] = {
    "card": frozenset(OPS) - ABILITY_ONLY_OPS,
    "ability": STATIC_OPS | {"trigger"},
    "order": frozenset(OPS),
}


# --- parsing ---------------------------------------------------------------------------------


def _int(value: Any, path: str, *, lo: int = -MAX_MAGNITUDE, hi: int = MAX_MAGNITUDE) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EffectError(path, f"expected an integer, got {value!r}")
    if not lo <= value <= hi:
        raise EffectError(path, f"{value} is out of range {lo}..{hi}")
    return value


def _bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise EffectError(path, f"expected true or false, got {value!r}")
    return value


def _choice(value: Any, path: str, choices: Sequence[str]) -> str:
    if not isinstance(value, str) or value not in choices:
        raise EffectError(path, f"expected one of {', '.join(choices)}; got {value!r}")
    return value


def _slug(value: Any, path: str) -> str:
    if not isinstance(value, str) or not value or value != value.strip() or " " in value:
        raise EffectError(path, f"expected a slug, got {value!r}")
    return value


def _keys(data: Any, path: str, required: set[str], optional: set[str]) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise EffectError(path, f"expected an object, got {type(data).__name__}")
    missing = required - data.keys()
    if missing:
        raise EffectError(path, f"missing {', '.join(sorted(missing))}")
    unknown = data.keys() - required - optional
    if unknown:
        raise EffectError(path, f"unknown key(s) {', '.join(sorted(map(str, unknown)))}")
    return data


def _piles(value: Any, path: str) -> tuple[str, tuple[str, ...]]:
    """``"deck"`` or ``["deck", "discard"]`` (2 or 3 different piles, "de votre Deck ou votre
    Défausse") -> (the first pile, the others)."""
    if isinstance(value, list):
        if not 2 <= len(value) <= len(PILES):
            raise EffectError(path, f"a list of 2 to {len(PILES)} piles expected")
        piles = tuple(_choice(v, f"{path}[{i}]", PILES) for i, v in enumerate(value))
        if len(set(piles)) != len(piles):
            raise EffectError(path, "a pile named twice")
        return piles[0], piles[1:]
    return _choice(value, path, PILES), ()


def _from_json(effect: MoveCards | PlayCard) -> Any:
    return [effect.from_, *effect.also] if effect.also else effect.from_


def _count_or_all(value: Any, path: str) -> int | None:
    if value == "all":
        return None
    return _int(value, path, lo=1, hi=MAX_COUNT)


def _elements(value: Any, path: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise EffectError(path, f"expected a non-empty list of damage elements, got {value!r}")
    elements = tuple(_choice(e, f"{path}[{i}]", DAMAGE_ELEMENTS) for i, e in enumerate(value))
    if len(set(elements)) != len(elements):
        raise EffectError(path, "a damage element is listed twice")
    return tuple(e for e in DAMAGE_ELEMENTS if e in elements)


def _kinds(value: Any, path: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not value:
        raise EffectError(path, f"expected a non-empty list of damage kinds, got {value!r}")
    kinds = tuple(_choice(k, f"{path}[{i}]", DAMAGE_KINDS) for i, k in enumerate(value))
    if len(set(kinds)) != len(kinds):
        raise EffectError(path, "a damage kind is listed twice")
    return tuple(k for k in DAMAGE_KINDS if k in kinds)


def parse_turns(data: Any, path: str = "turns") -> Turns:
    if data in ("even", "odd"):
        return Turns(data)
    if isinstance(data, list):
        if not data:
            raise EffectError(path, "an empty list of turns")
        numbers = tuple(_int(n, f"{path}[{i}]", lo=1, hi=MAX_TURN) for i, n in enumerate(data))
        if len(set(numbers)) != len(numbers):
            raise EffectError(path, "a turn is listed twice")
        return Turns("list", tuple(sorted(numbers)))
    if isinstance(data, Mapping):
        _keys(data, path, {"from"}, set())
        return Turns("from", (_int(data["from"], f"{path}.from", lo=1, hi=MAX_TURN),))
    raise EffectError(path, f'expected a list of turns, "even", "odd" or {{"from": N}}; got {data!r}')


#: The kinds of :class:`Count` (each is the key that names it in JSON).
COUNT_KINDS = (
    "stat",
    "cards",
    "characters",
    "markers",
    "guilds",
    "classes",
    "castes",
    "damage_dealt",
    "damage_taken",
    "turn",
    "distinct",
    "event_damage",
    "common",
)


def parse_count(data: Any, path: str) -> Count:
    if not isinstance(data, Mapping):
        raise EffectError(path, f"expected an object (a count), got {type(data).__name__}")
    kinds = [k for k in COUNT_KINDS if k in data]
    if len(kinds) != 1:
        raise EffectError(path, f"give exactly one of {', '.join(COUNT_KINDS)}")
    kind = kinds[0]
    if kind == "stat":
        d = _keys(data, path, {"stat"}, {"of", "base"})
        return Count(
            "stat",
            stat=_choice(d["stat"], f"{path}.stat", COUNT_STATS),
            of=_choice(d.get("of", "self"), f"{path}.of", ("self", "opponent", "target")),
            base=_bool(d.get("base", False), f"{path}.base"),
        )
    if kind == "cards":
        d = _keys(data, path, {"cards"}, {"owner", "match", "on", "other", "playable"})
        also: tuple[str, ...] = ()
        if isinstance(d["cards"], list):
            piles = [_choice(p, f"{path}.cards[{i}]", PILES) for i, p in enumerate(d["cards"])]
            if len(piles) < 2 or len(set(piles)) != len(piles):
                raise EffectError(
                    f"{path}.cards", "a list of two or three different piles (deck, hand, discard)"
                )
            pile, also = piles[0], tuple(piles[1:])
        else:
            pile = _choice(d["cards"], f"{path}.cards", COUNT_PILES)
        if "playable" in d:
            if d["playable"] is not True:
                raise EffectError(f"{path}.playable", "must be true (leave it out to count every card)")
            if pile not in ("deck", "hand", "discard") or d.get("owner", "self") != "self":
                raise EffectError(
                    f"{path}.playable", "only the holder's own deck, hand or discard pile have playable cards"
                )
        if "other" in d and d["other"] is not True:
            raise EffectError(f"{path}.other", "must be true (leave it out to count the card itself)")
        on = None
        if "on" in d:
            if pile != "play":
                raise EffectError(f"{path}.on", 'only cards in "play" are attached to someone')
            on = _counted_on(d["on"], f"{path}.on")
        return Count(
            "cards",
            pile=pile,
            owner=_choice(d.get("owner", "self"), f"{path}.owner", OWNERS),
            match=parse_card_match(d["match"], f"{path}.match") if "match" in d else None,
            on=on,
            other="other" in d,
            playable="playable" in d,
            also=also,
        )
    if kind == "characters":
        d = _keys(data, path, {"characters"}, {"dead"})
        who = d["characters"]
        targets: list[Target] = []
        if isinstance(who, list):
            if len(who) < 2:
                raise EffectError(f"{path}.characters", "a list of at least two targets (or one target)")
            targets = [parse_target(t, f"{path}.characters[{i}]") for i, t in enumerate(who)]
        else:
            targets = [parse_target(who, f"{path}.characters")]
        dead = d.get("dead", False)
        either = dead == "either"
        return Count(
            "characters",
            characters=targets[0],
            union=tuple(targets[1:]),
            dead=False if either else _bool(dead, f"{path}.dead"),
            either=either,
        )
    if kind == "markers":
        d = _keys(data, path, {"markers", "on"}, set())
        return Count(
            "markers", marker=_slug(d["markers"], f"{path}.markers"), on=_counted_on(d["on"], f"{path}.on")
        )
    if kind == "turn":
        d = _keys(data, path, {"turn"}, set())
        if d["turn"] != "current":
            raise EffectError(f"{path}.turn", 'expected "current"')
        return Count("turn")
    if kind == "distinct":
        d = _keys(data, path, {"distinct", "among"}, set())
        return Count(
            "distinct",
            trait=_choice(d["distinct"], f"{path}.distinct", DISTINCT_TRAITS),
            characters=parse_target(d["among"], f"{path}.among"),
        )
    d = _keys(data, path, {kind}, set())
    if kind == "common":
        return Count("common", trait=_choice(d[kind], f"{path}.common", COMMON_TRAITS))
    if kind in ("damage_dealt", "damage_taken"):
        return Count(kind, of=_choice(d[kind], f"{path}.{kind}", ("self", "opponent")))  # type: ignore[arg-type]
    if kind == "classes":
        return Count("classes", of=_choice(d[kind], f"{path}.{kind}", ("self", "opponent")))
    if d[kind] != "self":
        raise EffectError(f"{path}.{kind}", 'expected "self"')
    return Count(kind)  # type: ignore[arg-type]


def _parse_term(data: Any, path: str) -> Scaled:
    """One added term of a scaled amount (``"and"``): a count, ``each``, ``div``, ``round``."""
    if not isinstance(data, Mapping):
        raise EffectError(path, f"expected an object (a term: per, each, div, round), got {data!r}")
    extra = sorted(set(data) & {"plus", "min", "max", "and"})
    if extra:
        raise EffectError(
            f"{path}.{extra[0]}", "a term has no plus, bounds nor terms: give them on the whole"
        )
    d = _keys(data, path, {"per"}, {"each", "div", "round"})
    return _term_fields(d, path)


def _term_fields(d: Mapping[str, Any], path: str) -> Scaled:
    div = _int(d.get("div", 1), f"{path}.div", lo=1, hi=10)
    if "round" in d and div == 1:
        raise EffectError(f"{path}.round", "rounding needs a div above 1")
    term = Scaled(
        per=parse_count(d["per"], f"{path}.per"),
        each=_int(d.get("each", 1), f"{path}.each"),
        div=div,
        round_up=_choice(d.get("round", "down"), f"{path}.round", ("down", "up")) == "up",
    )
    if term.each == 0:
        raise EffectError(f"{path}.each", "0 per counted thing scales nothing")
    return term


def parse_scaled(data: Any, path: str, *, signed: bool) -> Scaled:
    d = _keys(data, path, {"per"}, {"each", "plus", "div", "round", "min", "max", "and"})
    lo_bound = -MAX_MAGNITUDE if signed else 0
    more: tuple[Scaled, ...] = ()
    if "and" in d:
        terms = d["and"]
        if not isinstance(terms, list) or not terms:
            raise EffectError(f"{path}.and", f"expected a non-empty list of terms, got {terms!r}")
        more = tuple(_parse_term(t, f"{path}.and[{i}]") for i, t in enumerate(terms))
    scaled = replace(
        _term_fields(d, path),
        plus=_int(d.get("plus", 0), f"{path}.plus"),
        lo=_int(d["min"], f"{path}.min", lo=lo_bound) if "min" in d else None,
        hi=_int(d["max"], f"{path}.max", lo=lo_bound) if "max" in d else None,
        more=more,
    )
    if scaled.lo is not None and scaled.hi is not None and scaled.lo > scaled.hi:
        raise EffectError(path, f"min {scaled.lo} is above max {scaled.hi}")
    if not signed and scaled.lo is None and (scaled.plus < 0 or any(t.each < 0 for t in scaled.terms)):
        raise EffectError(f"{path}.min", "a number of points that may go below 0 needs a min")
    return scaled


def parse_amount(data: Any, path: str) -> Amount | Scaled:
    """A number of points (damage, heal, loss of HP): never below 0."""
    if isinstance(data, Mapping) and "per" in data:
        return parse_scaled(data, path, signed=False)
    stat = None
    base = False
    bonus = data
    if isinstance(data, Mapping):
        _keys(data, path, {"stat"}, {"plus", "base"})
        stat = _choice(data["stat"], f"{path}.stat", AMOUNT_STATS)
        base = _bool(data.get("base", False), f"{path}.base")
        if base and stat != "attack":
            raise EffectError(
                f"{path}.base",
                "only the Attaque is based on its printed value here (a printed stat is a count)",
            )
        bonus = data.get("plus", 0)
        path = f"{path}.plus"
    if isinstance(bonus, list):
        if len(bonus) != 2:
            raise EffectError(path, "a range is [min, max]")
        lo = _int(bonus[0], f"{path}[0]", lo=0)
        hi = _int(bonus[1], f"{path}[1]", lo=0)
        if lo > hi:
            raise EffectError(path, f"range min {lo} is above max {hi}")
        return Amount(lo, hi, stat, base)
    value = _int(bonus, path, lo=0 if stat is None else -MAX_MAGNITUDE)
    return Amount(value, value, stat, base)


def parse_modifier_amount(data: Any, path: str) -> int | Amount | Scaled:
    """A modifier: an int (may be < 0), a rolled range ``[lo, hi]`` (may be < 0), a stat-based or
    a scaled amount."""
    if isinstance(data, int) and not isinstance(data, bool):
        return _int(data, path)
    if isinstance(data, Mapping) and "per" in data:
        return parse_scaled(data, path, signed=True)
    if isinstance(data, list):
        if len(data) != 2:
            raise EffectError(path, "a range is [min, max]")
        lo, hi = _int(data[0], f"{path}[0]"), _int(data[1], f"{path}[1]")
        if lo >= hi:
            raise EffectError(path, f"range min {lo} is not below max {hi}")
        return Amount(lo, hi)
    if isinstance(data, Mapping):
        return parse_amount(data, path)
    raise EffectError(path, f"expected an integer, [min, max] or an amount object; got {data!r}")


def parse_card_match(data: Any, path: str) -> CardMatch:
    if not isinstance(data, Mapping):
        raise EffectError(path, f"expected an object, got {type(data).__name__}")
    if "but" in data:
        rest = {k: v for k, v in data.items() if k != "but"}
        return replace(parse_card_match(rest, path), but=parse_card_match(data["but"], f"{path}.but"))
    main = [k for k in ("any_of", "any", "card", *RESERVED_MATCHES) if k in data]
    if not main:
        main = [k for k in ("type", "guild") if k in data][:1]
    if len(main) != 1:
        raise EffectError(path, f"give exactly one of {', '.join(MATCH_KINDS)}")
    kind = main[0]
    if kind == "any":
        _keys(data, path, {"any"}, set())
        if data["any"] is not True:
            raise EffectError(f"{path}.any", "must be true")
        return CardMatch("any")
    if kind == "any_of":
        _keys(data, path, {"any_of"}, set())
        items = data["any_of"]
        if not isinstance(items, list) or len(items) < 2:
            raise EffectError(f"{path}.any_of", "expected a list of at least two card matches")
        options = tuple(parse_card_match(o, f"{path}.any_of[{i}]") for i, o in enumerate(items))
        return CardMatch("any_of", options=options)
    optional = {"type": {"hands", "zone", "guild", "cursed"}, **{k: {"type"} for k in RESERVED_MATCHES}}.get(
        kind, set()
    )
    _keys(data, path, {kind}, optional)
    if "cursed" in data and data["cursed"] is not True:
        raise EffectError(f"{path}.cursed", "must be true (leave it out for any card)")
    return CardMatch(
        kind,  # type: ignore[arg-type]
        _slug(data[kind], f"{path}.{kind}"),
        hands=_int(data["hands"], f"{path}.hands", lo=1, hi=2) if "hands" in data else None,
        zone=_bool(data["zone"], f"{path}.zone") if "zone" in data else None,
        guild=_slug(data["guild"], f"{path}.guild") if "guild" in data and kind == "type" else None,
        type_=_slug(data["type"], f"{path}.type") if "type" in data and kind in RESERVED_MATCHES else None,
        cursed=True if "cursed" in data else None,
    )


def _parse_stat_filter(data: Any, path: str) -> StatFilter:
    d = _keys(data, path, {"stat", "cmp", "right"}, set())
    right = d["right"]
    if right != "base":
        right = _int(right, f"{path}.right")
    return StatFilter(
        stat=_choice(d["stat"], f"{path}.stat", FILTER_STATS),
        cmp=_choice(d["cmp"], f"{path}.cmp", COMPARATORS),
        right=right,
    )


_BOOL_FILTERS = ("single_class", "single_race", "tapped", "fighting", "no_caste", "wounded", "hurt_this_turn")


def _parse_filter(data: Mapping[str, Any], path: str) -> dict[str, Any]:
    values: dict[str, Any] = {}
    for key, attr in zip(SELECTOR_FILTER_KEYS, _SELECTOR_ATTRS, strict=True):
        if key not in data:
            continue
        sub = f"{path}.{key}"
        if key in _BOOL_FILTERS:
            values[attr] = _bool(data[key], sub)
        elif key == "sex":
            values[attr] = _choice(data[key], sub, SEXES)
        elif key in ("shares", "not_shares"):
            values[attr] = _choice(data[key], sub, SHARED_TRAITS)
        elif key == "stat":
            values[attr] = _parse_stat_filter(data[key], sub)
        elif key in ("carrying", "not_carrying"):
            values[attr] = parse_card_match(data[key], sub)
        else:
            values[attr] = _slug(data[key], sub)
    return values


def parse_target(data: Any, path: str) -> Target:
    """A target name, or a selector object (written as the name when one stands for it)."""
    if isinstance(data, str):
        return _choice(data, path, TARGETS)
    d = _keys(data, path, {"group"}, {"pick", *SELECTOR_FILTER_KEYS})
    selector = Selector(
        group=_choice(d["group"], f"{path}.group", GROUPS),
        pick=_choice(d["pick"], f"{path}.pick", PICKS) if "pick" in d else None,
        **_parse_filter(d, path),
    )
    if selector.group in ("self", "opponent") and (selector.pick is not None or selector.filtered):
        raise EffectError(path, f'the group "{selector.group}" is one character: no pick, no filter')
    named = selector.to_json()
    return named if isinstance(named, str) else selector


def parse_ally_selector(data: Any, path: str) -> Selector:
    """The filter of an ``ally`` condition: a selector's filter keys, no group."""
    d = _keys(data, path, set(), set(SELECTOR_FILTER_KEYS))
    if not d:
        raise EffectError(path, "an empty filter")
    return Selector(group="other_allies", **_parse_filter(d, path))


def _counted_on(data: Any, path: str) -> Target:
    """Whose attached cards or markers a count reads: a target, or ``"target"`` (the character the
    effect reaches)."""
    return "target" if data == "target" else parse_target(data, path)


def reaches_target(count: Count) -> bool:
    """Whether a count reads the character the effect reaches (``of`` / ``on`` ``"target"``)."""
    return count.of == "target" or count.on == "target"


def scaled_reaches_target(amount: Scaled) -> bool:
    """Whether any term of a scaled amount reads the character the effect reaches."""
    return any(reaches_target(t.per) for t in amount.terms)


def parse_compare(data: Any, path: str) -> Compare:
    d = _keys(data, path, {"left", "cmp", "right"}, set())
    right = d["right"]
    compare = Compare(
        left=parse_count(d["left"], f"{path}.left"),
        cmp=_choice(d["cmp"], f"{path}.cmp", COMPARATORS),
        right=_int(right, f"{path}.right")
        if not isinstance(right, Mapping)
        else parse_count(right, f"{path}.right"),
    )
    for side, count in (("left", compare.left), ("right", compare.right)):
        if isinstance(count, Count) and reaches_target(count):
            raise EffectError(f"{path}.{side}", 'a condition reaches no character: no "target" to count')
    return compare


def parse_condition(data: Any, path: str, depth: int = 0) -> Condition:
    names = {("not" if f.name == "not_" else f.name) for f in fields(Condition)}
    _keys(data, path, set(), names)
    if not data:
        raise EffectError(path, "an empty condition")
    if depth > MAX_NESTING:
        raise EffectError(path, f"conditions nested more than {MAX_NESTING} deep")
    values: dict[str, Any] = {}
    for key, value in data.items():
        sub = f"{path}.{key}"
        if key == "turn":
            values[key] = parse_turns(value, sub)
        elif key in ("carrying", "opponent_carrying"):
            values[key] = _choice(value, sub, CARRY_KINDS)
        elif key == "keyword":
            values[key] = _choice(value, sub, KEYWORDS)
        elif key in ("opponent_sex", "played_by_sex"):
            values[key] = _choice(value, sub, SEXES)
        elif key == "opponent_shares":
            values[key] = _choice(value, sub, SHARED_TRAITS)
        elif key in _CONDITION_SLUGS:
            values[key] = _slug(value, sub)
        elif key in _CONDITION_BOOLS:
            values[key] = _bool(value, sub)
        elif key in _CONDITION_MATCHES:
            values[key] = parse_card_match(value, sub)
        elif key == "ally":
            values[key] = parse_ally_selector(value, sub)
        elif key == "compare":
            values[key] = parse_compare(value, sub)
        elif key in ("any", "all"):
            if not isinstance(value, list) or len(value) < 2:
                raise EffectError(sub, "expected a list of at least two conditions")
            values[key] = tuple(parse_condition(c, f"{sub}[{i}]", depth + 1) for i, c in enumerate(value))
        else:  # "not"
            values["not_"] = parse_condition(value, sub, depth + 1)
    return Condition(**values)


def parse_ally_filter(data: Any, path: str) -> AllyFilter:
    _keys(data, path, set(), set(ALLY_FILTER_KEYS))
    if not data:
        raise EffectError(path, "an empty ally filter")
    values = {key: _slug(data[key], f"{path}.{key}") for key in ALLY_FILTER_KEYS if key in data}
    return AllyFilter(guild=values.get("guild"), class_=values.get("class"), race=values.get("race"))


def parse_duration(data: Any, path: str) -> Duration:
    if data in ("combat", "permanent", "game"):
        return Duration(data)
    if isinstance(data, Mapping) and len(data) == 1 and next(iter(data)) in ("turns", "combats"):
        kind = next(iter(data))
        return Duration(kind, _int(data[kind], f"{path}.{kind}", lo=1, hi=MAX_TURN))
    raise EffectError(
        path, f'expected "combat", "permanent", "game", {{"turns": N}} or {{"combats": N}}; got {data!r}'
    )


def parse_event(data: Any, path: str) -> Event:
    if isinstance(data, str):
        return Event(_choice(data, path, EVENTS))  # type: ignore[arg-type]
    if isinstance(data, Mapping) and "plays" in data:
        d = _keys(data, path, {"plays"}, {"by"})
        return Event(
            "plays",
            match=parse_card_match(d["plays"], f"{path}.plays"),
            who=parse_target(d.get("by", "self"), f"{path}.by"),
        )
    if isinstance(data, Mapping) and "dies" in data:
        d = _keys(data, path, {"dies"}, set())
        return Event("dies", who=_event_who(d["dies"], f"{path}.dies"))
    if isinstance(data, Mapping) and "damaged" in data:
        d = _keys(data, path, {"damaged"}, {"kinds", "at_least", "elements"})
        kinds = _event_kinds(d, path)
        who = _event_who(d["damaged"], f"{path}.damaged")
        return Event(
            "damaged",
            who=who,
            kinds=kinds,
            at_least=_event_at_least(d, path),
            elements=_elements(d["elements"], f"{path}.elements") if "elements" in d else (),
        )
    if isinstance(data, Mapping) and "deals" in data:
        d = _keys(data, path, {"deals"}, {"to", "kinds", "at_least", "elements"})
        to = _event_who(d["to"], f"{path}.to") if "to" in d else None
        return Event(
            "deals",
            who=_event_who(d["deals"], f"{path}.deals"),
            kinds=_event_kinds(d, path),
            to=to,
            at_least=_event_at_least(d, path),
            elements=_elements(d["elements"], f"{path}.elements") if "elements" in d else (),
        )
    raise EffectError(
        path,
        f'expected one of {", ".join(EVENTS)}, {{"plays": …}}, {{"dies": …}}, {{"damaged": …}}, '
        f'{{"deals": …}}; got {data!r}',
    )


def _event_who(data: Any, path: str) -> Target:
    target = parse_target(data, path)
    if target_group(target)[0] in ("event", "event_other"):
        raise EffectError(path, 'an event is not about "event" (that target names the character of an event)')
    return target


def _event_kinds(d: Mapping[str, Any], path: str) -> tuple[str, ...]:
    return _kinds(d["kinds"], f"{path}.kinds") if "kinds" in d else ()


def _event_at_least(d: Mapping[str, Any], path: str) -> int:
    """How many HP the damage must take at least ("chaque fois que vous subissez plus de 5 dégâts":
    6); absent: any damage."""
    if "at_least" not in d:
        return 0
    return _int(d["at_least"], f"{path}.at_least", lo=2, hi=MAX_MAGNITUDE)


def _names_event(effects: Sequence[Effect], group: str = "event") -> bool:
    """Whether an effect of the list (not inside a nested trigger, which has its own event) reaches
    the target ``event`` (or the group named: ``event_other``)."""
    for effect in effects:
        target = effect_target(effect)
        if target == group or (isinstance(target, Selector) and target.group == group):
            return True
        if isinstance(effect, OneOf) and any(_names_event(o, group) for o in effect.options):
            return True
    return False


_OPTIONAL_TARGET: Mapping[str, str] = {
    "modify": "self",
    "damage": "opponent",
    "heal": "self",
    "set": "self",
    "lose_hp": "self",
    "damage_taken": "self",
    "damage_dealt": "self",
    "heal_dealt": "self",
    "immune": "self",
    "marker": "self",
    "tap": "opponent",
    "untap": "self",
    "discard_attached": "opponent",
    "create": "self",
    "move": "self",
    "play_card": "self",
    "forbid": "self",
    "acts_now": "all_allies",
    "cards_last": "self",
    "extra_attack": "opponent",
    "grant_order": "self",
    "attach": "self",
    "become": "self",
    "chain_on": "self",
    "may_play": "self",
    "carry": "self",
    "may_attach": "self",
    "traits": "self",
    "attack_kind": "self",
    "counter": "all_enemies",
    "bound": "self",
    "double": "self",
    "swap": "self",
}


def parse_effect(data: Any, path: str = "effect", context: Context = "card", depth: int = 0) -> Effect:
    if not isinstance(data, Mapping) or "op" not in data:
        raise EffectError(path, 'expected an object with an "op"')
    op = data["op"]
    if op not in OPS:
        raise EffectError(f"{path}.op", f"unknown op {op!r}; known: {', '.join(OPS)}")
    if op not in OPS_BY_CONTEXT[context]:
        if context == "ability" and op == "chain":
            raise EffectError(f"{path}.op", "a character gains Enchaînement with chain_on")
        if context == "ability":
            raise EffectError(
                f"{path}.op",
                f"op {op!r} happens once: in a character ability it needs a trigger (when does it happen?)",
            )
        article = "an" if context[0] in "aeiou" else "a"
        raise EffectError(f"{path}.op", f"op {op!r} is not allowed in {article} {context}")
    when = parse_condition(data["when"], f"{path}.when") if "when" in data else None
    if when is not None and when.dead is not None and context != "ability":
        raise EffectError(
            f"{path}.when.dead", "only a character's ability holds while its holder is dead (or alive)"
        )
    aim: Target = "self"
    if op in _OPTIONAL_TARGET:
        aim = parse_target(data.get("target", _OPTIONAL_TARGET[op]), f"{path}.target")
    # Stored as a name ("group" for a selector object) plus the selector: see the op dataclasses.
    target, selector = ("group", aim) if isinstance(aim, Selector) else (aim, None)
    duration = parse_duration(data.get("duration", "combat"), f"{path}.duration")
    effect: Effect
    if op == "modify":
        d = _keys(data, path, {"op", "stat", "amount"}, {"target", "duration", "when", "allies"})
        allies = None
        if "allies" in d:
            if target != "other_allies" or context != "ability":
                raise EffectError(
                    f"{path}.allies", 'an ally filter is for an aura: target "other_allies" in an ability'
                )
            allies = parse_ally_filter(d["allies"], f"{path}.allies")
        effect = Modify(
            stat=_choice(d["stat"], f"{path}.stat", STATS),
            amount=parse_modifier_amount(d["amount"], f"{path}.amount"),
            target=target,
            duration=duration,
            when=when,
            allies=allies,
            selector=selector,
        )
        if context == "ability":
            _check_static_ability(effect.duration, aim, path)
            if effect.target == "other_allies" and effect.stat == "initiative":
                raise EffectError(f"{path}.stat", "an aura cannot modify initiative")
    elif op == "damage":
        d = _keys(data, path, {"op", "kind", "amount"}, {"target", "when", "element"})
        effect = Damage(
            kind=_choice(d["kind"], f"{path}.kind", DAMAGE_KINDS),
            amount=parse_amount(d["amount"], f"{path}.amount"),
            target=target,
            when=when,
            selector=selector,
            element=_choice(d["element"], f"{path}.element", DAMAGE_ELEMENTS) if "element" in d else None,
        )
    elif op in ("heal", "lose_hp"):
        d = _keys(data, path, {"op", "amount"}, {"target", "when"})
        amount = parse_amount(d["amount"], f"{path}.amount")
        effect = (
            Heal(amount, target, when, selector=selector)
            if op == "heal"
            else LoseHp(amount, target, when, selector=selector)
        )
    elif op in ("draw", "discard", "mill"):
        d = _keys(data, path, {"op", "count"}, {"when"})
        count = _int(d["count"], f"{path}.count", lo=1, hi=MAX_COUNT)
        if op == "draw":
            effect = Draw(count=count, when=when)
        elif op == "discard":
            effect = Discard(count=count, when=when)
        else:
            effect = Mill(count=count, when=when)
    elif op == "revive":
        d = _keys(data, path, {"op", "hp"}, {"when"})
        effect = Revive(hp=_int(d["hp"], f"{path}.hp", lo=1), when=when)
    elif op == "chain_on":
        d = _keys(data, path, {"op", "match"}, {"when", "target", "duration"})
        match = parse_card_match(d["match"], f"{path}.match")
        lasting: Duration | None = None
        if "duration" in d:
            if duration.kind != "game":
                raise EffectError(
                    f"{path}.duration",
                    'a chain_on lasts "game" (the rest of the game) or while its giver lives (no duration)',
                )
            if context != "ability" or target == "self":
                raise EffectError(
                    f"{path}.duration",
                    "a lasting chain_on is given to a group by a character's ability "
                    "(its giver dead or alive)",
                )
            lasting = duration
        effect = ChainOn(match=match, when=when, target=target, selector=selector, duration=lasting)
    elif op == "chain":
        d = _keys(data, path, {"op", "match"}, {"when"})
        effect = Chain(match=parse_card_match(d["match"], f"{path}.match"), when=when)
    elif op == "set":
        d = _keys(data, path, {"op", "stat", "value"}, {"target", "duration", "when"})
        stat = _choice(d["stat"], f"{path}.stat", SET_STATS)
        effect = SetStat(
            stat, _set_value(d["value"], stat, f"{path}.value"), target, duration, when, selector=selector
        )
        if context == "ability":
            _check_static_ability(duration, aim, path)
    elif op in ("damage_taken", "damage_dealt", "heal_dealt", "immune"):
        optional = {"target", "duration", "when"}
        if op != "heal_dealt":
            optional |= {"kinds", "elements"}
        if op != "damage_taken":
            optional.add("cards")
        if op == "immune":
            optional |= {"by", "by_cards"}
        required = {"op"} if op == "immune" else {"op", "amount"}
        d = _keys(data, path, required, optional)
        kinds = _kinds(d["kinds"], f"{path}.kinds") if "kinds" in d else ()
        elements = _elements(d["elements"], f"{path}.elements") if "elements" in d else ()
        cards = parse_card_match(d["cards"], f"{path}.cards") if "cards" in d else None
        if context == "ability":
            _check_static_ability(duration, aim, path)
        if op == "immune":
            by = _choice(d["by"], f"{path}.by", ("player", "self")) if "by" in d else None
            by_cards = parse_card_match(d["by_cards"], f"{path}.by_cards") if "by_cards" in d else None
            if by_cards is not None and by is None:
                raise EffectError(f"{path}.by_cards", "by_cards narrows by (whose cards): give by")
            if by is not None and cards is not None:
                raise EffectError(
                    f"{path}.by", "an immunity to the damage of some cards (by) does not also name cards"
                )
            if bool(kinds or elements or by) == (cards is not None):
                raise EffectError(
                    path,
                    "an immunity names damage kinds, elements or sources (by), or cards (one of the two)",
                )
            effect = Immune(
                kinds,
                cards,
                target,
                duration,
                when,
                selector=selector,
                elements=elements,
                by=by,
                by_cards=by_cards,
            )
        else:
            bonus: int | Scaled
            if isinstance(d["amount"], Mapping):
                bonus = parse_scaled(d["amount"], f"{path}.amount", signed=True)
            else:
                bonus = _int(d["amount"], f"{path}.amount")
                if bonus == 0:
                    raise EffectError(f"{path}.amount", "a bonus of 0 changes nothing")
            if op == "damage_taken":
                effect = DamageTaken(
                    bonus, kinds, target, duration, when, selector=selector, elements=elements
                )
            elif op == "damage_dealt":
                effect = DamageDealt(
                    bonus, kinds, cards, target, duration, when, selector=selector, elements=elements
                )
            else:
                effect = HealDealt(bonus, cards, target, duration, when, selector=selector)
    elif op == "marker":
        d = _keys(data, path, {"op", "name", "count"}, {"target", "when"})
        if d["count"] == "all":
            count = MARKERS_ALL
        else:
            count = _int(d["count"], f"{path}.count", lo=-MAX_COUNT, hi=MAX_COUNT)
        if count == 0:
            raise EffectError(f"{path}.count", "0 markers changes nothing")
        effect = Marker(_slug(d["name"], f"{path}.name"), count, target, when, selector=selector)
    elif op == "attach":
        _keys(data, path, {"op", "target"}, {"when"})
        group, pick = target_group(aim)
        if group not in ("self", "opponent", "event", "event_other") and pick is None:
            raise EffectError(f"{path}.target", "a card is attached to one character: a name or a pick")
        effect = Attach(target, when, selector=selector)
    elif op == "become":
        d = _keys(data, path, {"op", "card"}, {"target", "when"})
        group, pick = target_group(aim)
        if group not in ("self", "opponent", "event", "event_other") and pick is None:
            raise EffectError(f"{path}.target", "one character is replaced: a name or a pick")
        effect = Become(_slug(d["card"], f"{path}.card"), target, when, selector=selector)
    elif op in ("tap", "untap", "grant_order"):
        _keys(data, path, {"op"}, {"target", "when"})
        effect = (
            Tap(target, when, selector=selector)
            if op == "tap"
            else Untap(target, when, selector=selector)
            if op == "untap"
            else GrantOrder(target, when, selector=selector)
        )
    elif op == "move":
        d = _keys(
            data, path, {"op", "from", "to"}, {"owner", "count", "cards", "pick", "when", "target", "into"}
        )
        source, also = _piles(d["from"], f"{path}.from")
        to = _choice(d["to"], f"{path}.to", (*PILES, "removed", "attach"))
        owner = _choice(d.get("owner", "self"), f"{path}.owner", ("self", "opponent", "any"))
        into = _choice(d.get("into", "owner"), f"{path}.into", ("owner", "self"))
        pick = _choice(d.get("pick", "random"), f"{path}.pick", ("random", "choice", "top", "opponent"))
        if also and (to in (source, *also) or pick not in ("random", "choice") or owner != "self"):
            raise EffectError(
                f"{path}.from",
                "cards of several piles are the player's own, picked at random or by choice, and go "
                "to another pile",
            )
        if pick == "opponent" and owner != "opponent":
            raise EffectError(f"{path}.pick", 'only the opponent\'s own cards are picked by the "opponent"')
        if source == to and into == "owner":
            raise EffectError(f"{path}.to", "cards cannot move to the pile they come from")
        if "target" in d and to != "attach":
            raise EffectError(f"{path}.target", 'only cards attached (to "attach") go to a character')
        if into == "self" and (owner != "opponent" or to not in PILES):
            raise EffectError(
                f"{path}.into", "only cards of the opponent's piles go \"into\" the player's own piles"
            )
        if owner == "any" and pick != "choice":
            raise EffectError(
                f"{path}.owner", 'cards of either player\'s piles ("any") are picked by "choice"'
            )
        effect = MoveCards(
            from_=source,
            to=to,
            owner=owner,
            count=_count_or_all(d.get("count", 1), f"{path}.count"),
            cards=parse_card_match(d["cards"], f"{path}.cards") if "cards" in d else None,
            pick=pick,
            when=when,
            target=target,
            selector=selector,
            into=into,
            also=also,
        )
    elif op == "card_to":
        d = _keys(data, path, {"op", "to"}, {"when"})
        effect = CardTo(
            _choice(
                d["to"],
                f"{path}.to",
                ("hand", "deck", "discard", "opponent_deck", "opponent_deck_top", "removed"),
            ),
            when,
        )
    elif op == "discard_attached":
        d = _keys(
            data,
            path,
            {"op"},
            {"target", "count", "cards", "owner", "pick", "when", "to", "into", "may", "other"},
        )
        into = _choice(d.get("into", "owner"), f"{path}.into", ("owner", "self"))
        may = d.get("may", False)
        if not isinstance(may, bool):
            raise EffectError(f"{path}.may", "must be true or false")
        if into == "self" and d.get("to", "discard") not in PILES:
            raise EffectError(
                f"{path}.into", "only cards going to a pile (deck, hand, discard) go into the player's own"
            )
        if may and d.get("pick", "random") != "choice":
            raise EffectError(f"{path}.may", 'only cards the player picks ("choice") may be left')
        effect = DiscardAttached(
            into=into,
            may=may,
            other=_bool(d.get("other", False), f"{path}.other"),
            to=_choice(d.get("to", "discard"), f"{path}.to", ("discard", "deck", "hand", "removed")),
            target=target,
            count=_count_or_all(d.get("count", 1), f"{path}.count"),
            cards=parse_card_match(d["cards"], f"{path}.cards") if "cards" in d else None,
            owner=_choice(d.get("owner", "any"), f"{path}.owner", ("any", "self", "opponent")),
            pick=_choice(d.get("pick", "random"), f"{path}.pick", ("random", "choice")),
            when=when,
            selector=selector,
        )
    elif op == "create":
        d = _keys(data, path, {"op", "card"}, {"to", "count", "target", "when"})
        effect = CreateCard(
            card=_slug(d["card"], f"{path}.card"),
            to=_choice(d.get("to", "hand"), f"{path}.to", (*PILES, "play", "attach")),
            count=_int(d.get("count", 1), f"{path}.count", lo=1, hi=MAX_COUNT),
            target=target,
            when=when,
            selector=selector,
        )
    elif op == "play_card":
        d = _keys(
            data, path, {"op", "from"}, {"cards", "pick", "target", "when", "playable", "now", "unrestricted"}
        )
        source, also = _piles(d["from"], f"{path}.from")
        unrestricted = _bool(d.get("unrestricted", False), f"{path}.unrestricted")
        if unrestricted and d.get("playable", False):
            raise EffectError(
                f"{path}.unrestricted", "a card played whatever its requirements is not only a playable one"
            )
        pick = _choice(d.get("pick", "random"), f"{path}.pick", ("random", "choice", "top"))
        if also and pick == "top":
            raise EffectError(f"{path}.pick", 'a card of several piles has no "top"')
        effect = PlayCard(
            from_=source,
            cards=parse_card_match(d["cards"], f"{path}.cards") if "cards" in d else None,
            pick=pick,
            target=target,
            when=when,
            selector=selector,
            also=also,
            playable=_bool(d.get("playable", False), f"{path}.playable"),
            now=_bool(d.get("now", False), f"{path}.now"),
            unrestricted=unrestricted,
        )
    elif op == "forbid":
        d = _keys(data, path, {"op", "what"}, {"cards", "target", "duration", "when"})
        what = _choice(d["what"], f"{path}.what", ("play", "chain", "attack", "healed"))
        cards = parse_card_match(d["cards"], f"{path}.cards") if "cards" in d else None
        if what in ("attack", "healed") and cards is not None:
            raise EffectError(f"{path}.cards", f"forbidding {what!r} names no cards")
        if context == "ability":
            _check_static_ability(duration, aim, path)
        effect = Forbid(what, cards, target, duration, when, selector=selector)
    elif op == "acts_now":
        d = _keys(data, path, {"op"}, {"cards", "chained", "target", "duration", "when"})
        cards = parse_card_match(d["cards"], f"{path}.cards") if "cards" in d else None
        chained = _bool(d.get("chained", False), f"{path}.chained")
        if context == "ability":
            _check_static_ability(duration, aim, path)
        effect = ActsNow(cards, chained, target, duration, when, selector=selector)
    elif op == "cards_last":
        d = _keys(data, path, {"op", "cards", "lasts"}, {"target", "when", "longer"})
        lasts = parse_duration(d["lasts"], f"{path}.lasts")
        if lasts.kind not in ("permanent", "turns", "combats"):
            raise EffectError(f"{path}.lasts", 'expected "permanent", {"turns": N} or {"combats": N}')
        longer = d.get("longer", False)
        if not isinstance(longer, bool):
            raise EffectError(f"{path}.longer", "must be true or false")
        if longer and lasts.kind == "permanent":
            raise EffectError(f"{path}.longer", "only turns or combats are added to a card's own stay")
        effect = CardsLast(
            parse_card_match(d["cards"], f"{path}.cards"),
            lasts,
            target,
            when,
            selector=selector,
            longer=longer,
        )
    elif op == "bound":
        d = _keys(data, path, {"op", "stats"}, {"below", "above", "target", "duration", "when"})
        if not isinstance(d["stats"], list) or not d["stats"]:
            raise EffectError(f"{path}.stats", f"expected a non-empty list of {', '.join(BOUND_STATS)}")
        stats = tuple(_choice(v, f"{path}.stats[{i}]", BOUND_STATS) for i, v in enumerate(d["stats"]))
        if len(set(stats)) != len(stats):
            raise EffectError(f"{path}.stats", "a stat is listed twice")
        below = _int(d["below"], f"{path}.below", lo=0) if "below" in d else None
        above = _int(d["above"], f"{path}.above", lo=0) if "above" in d else None
        if below is None and above is None:
            raise EffectError(path, "a bound needs below, above or both")
        if context == "ability":
            _check_static_ability(duration, aim, path)
        effect = Bound(stats, below, above, target, duration, when, selector=selector)
    elif op == "double":
        d = _keys(data, path, {"op", "stats"}, {"sign", "current", "cards", "target", "duration", "when"})
        if not isinstance(d["stats"], list) or not d["stats"]:
            raise EffectError(f"{path}.stats", f"expected a non-empty list of {', '.join(BOUND_STATS)}")
        stats = tuple(_choice(v, f"{path}.stats[{i}]", BOUND_STATS) for i, v in enumerate(d["stats"]))
        if len(set(stats)) != len(stats):
            raise EffectError(f"{path}.stats", "a stat is listed twice")
        current = _bool(d.get("current", False), f"{path}.current")
        if context == "ability":
            if current:
                raise EffectError(f"{path}.current", "a standing ability has no moment to read modifiers at")
            _check_static_ability(duration, aim, path)
        effect = Double(
            stats,
            _choice(d.get("sign", "both"), f"{path}.sign", DOUBLE_SIGNS),
            current,
            parse_card_match(d["cards"], f"{path}.cards") if "cards" in d else None,
            target,
            duration,
            when,
            selector=selector,
        )
    elif op == "swap":
        d = _keys(data, path, {"op", "stats"}, {"target", "duration", "when"})
        if not isinstance(d["stats"], list) or len(d["stats"]) != 2:
            raise EffectError(f"{path}.stats", f"expected two of {', '.join(SWAP_STATS)}")
        first, second = (_choice(v, f"{path}.stats[{i}]", SWAP_STATS) for i, v in enumerate(d["stats"]))
        if first == second:
            raise EffectError(f"{path}.stats", "a stat is swapped with itself")
        effect = Swap((first, second), target, duration, when, selector=selector)
    elif op == "extra_attack":
        d = _keys(data, path, {"op", "amount"}, {"kind", "target", "when"})
        effect = ExtraAttack(
            amount=parse_amount(d["amount"], f"{path}.amount"),
            kind=_choice(d.get("kind", "physical"), f"{path}.kind", ("physical", "magical")),
            target=target,
            when=when,
            selector=selector,
        )
    elif op == "one_of":
        d = _keys(data, path, {"op", "options"}, {"pick", "when"})
        options = d["options"]
        if not isinstance(options, list) or len(options) < 2:
            raise EffectError(f"{path}.options", "expected a list of at least two effect lists")
        if depth >= MAX_NESTING:
            raise EffectError(path, f"effects nested more than {MAX_NESTING} deep")
        parsed = tuple(
            _parse_list(o, f"{path}.options[{i}]", "card" if context == "ability" else context, depth + 1)
            for i, o in enumerate(options)
        )
        effect = OneOf(parsed, _choice(d.get("pick", "choice"), f"{path}.pick", ("choice", "random")), when)
    elif op == "trigger":
        d = _keys(data, path, {"op", "on", "effects"}, {"limit", "when", "times"})
        if depth >= MAX_NESTING:
            raise EffectError(path, f"effects nested more than {MAX_NESTING} deep")
        inner: Context = "order" if context == "order" else "card"
        if "times" in d and "limit" not in d:
            raise EffectError(f"{path}.times", "times is how many times per turn or game: it needs a limit")
        effect = Trigger(
            on=parse_event(d["on"], f"{path}.on"),
            effects=_parse_list(d["effects"], f"{path}.effects", inner, depth + 1),
            limit=_choice(d["limit"], f"{path}.limit", LIMITS) if "limit" in d else None,
            when=when,
            times=_int(d["times"], f"{path}.times", lo=2, hi=MAX_COUNT) if "times" in d else 1,
        )
        if effect.on.kind not in CHARACTER_EVENTS and _names_event(effect.effects):
            raise EffectError(
                f"{path}.effects",
                f'the target "event" needs an event about a character, not {effect.on.kind!r}',
            )
        if effect.on.kind not in ("damaged", "deals") and _names_event(effect.effects, "event_other"):
            raise EffectError(
                f"{path}.effects",
                f'the target "event_other" needs an event about damage, not {effect.on.kind!r}',
            )
    elif op == "may_play":
        d = _keys(data, path, {"op", "cards"}, {"when", "target"})
        effect = MayPlay(
            parse_card_match(d["cards"], f"{path}.cards"), when, target=target, selector=selector
        )
    elif op == "carry":
        d = _keys(data, path, {"op", "cards", "count"}, {"when", "target"})
        effect = Carry(
            cards=parse_card_match(d["cards"], f"{path}.cards"),
            count=_int(d["count"], f"{path}.count", lo=2, hi=MAX_COUNT),
            when=when,
            target=target,
            selector=selector,
        )
    elif op in _MORE_OPS:
        effect = _parse_more(data, path, context, depth, when, target, selector, duration)
    elif op == "advance_turns":
        d = _keys(data, path, {"op", "amount"}, {"when"})
        effect = AdvanceTurns(_advance_amount(d["amount"], f"{path}.amount"), when)
    else:  # may_attach
        d = _keys(data, path, {"op", "cards"}, {"when", "target", "onto"})
        effect = MayAttach(
            parse_card_match(d["cards"], f"{path}.cards"),
            when,
            target=target,
            selector=selector,
            onto=_choice(d.get("onto", "characters"), f"{path}.onto", ATTACH_ONTO),
        )
    if depth == 0 and not isinstance(effect, Trigger):
        for name in ("event", "event_other"):
            if _names_event((effect,), name):
                raise EffectError(
                    f"{path}.target", f'the target "{name}" is only for the effects of a trigger'
                )
    return effect


_MORE_OPS = frozenset({"traits", "attack_kind", "pay", "counter", "draw_phase"})


def _advance_amount(data: Any, path: str) -> int | tuple[int, int]:
    """``advance_turns`` amount: N (1..10) turns, or ``[lo, hi]`` rolled (0 ≤ lo < hi ≤ 10)."""
    if isinstance(data, list):
        if len(data) != 2:
            raise EffectError(path, "expected N or [min, max]")
        lo, hi = _int(data[0], f"{path}[0]", lo=0, hi=10), _int(data[1], f"{path}[1]", lo=1, hi=10)
        if lo >= hi:
            raise EffectError(path, f"range min {lo} is not below max {hi}")
        return (lo, hi)
    return _int(data, path, lo=1, hi=10)


def _parse_more(
    data: Mapping[str, Any],
    path: str,
    context: Context,
    depth: int,
    when: Condition | None,
    target: str,
    selector: Selector | None,
    duration: Duration,
) -> Effect:
    """The ops added for the rules-text compiler's next clauses (see the docstring)."""
    op = data["op"]
    if op == "traits":
        d = _keys(data, path, {"op", "mode"}, {*TRAIT_KINDS, "target", "duration", "when", "of"})
        mode = _choice(d["mode"], f"{path}.mode", TRAIT_MODES)
        of = parse_target(d["of"], f"{path}.of") if "of" in d else None
        if of is not None and mode == "remove":
            raise EffectError(f"{path}.of", 'copying the traits of others is "add" or "set", not "remove"')
        lists: dict[str, TraitList] = {}
        for kind in TRAIT_KINDS:
            if kind in d:
                lists[kind] = _trait_list(d[kind], f"{path}.{kind}", mode, kind, copied=of is not None)
        if not lists:
            raise EffectError(path, f"name at least one of {', '.join(TRAIT_KINDS)}")
        if context == "ability":
            _check_static_ability(duration, target, path)
        return Traits(
            mode,
            classes=lists.get("classes"),
            races=lists.get("races"),
            guilds=lists.get("guilds"),
            castes=lists.get("castes"),
            keywords=lists.get("keywords"),
            target=target,
            duration=duration,
            when=when,
            selector=selector,
            of=of,
        )
    if op == "attack_kind":
        d = _keys(data, path, {"op", "kind"}, {"target", "duration", "when"})
        if context == "ability":
            _check_static_ability(duration, target, path)
        kind = _choice(d["kind"], f"{path}.kind", ("magical", "direct"))
        return AttackKind(kind, target, duration, when, selector=selector)
    if op == "pay":
        d = _keys(data, path, {"op", "cost", "effects"}, {"may", "by", "when"})
        if depth >= MAX_NESTING:
            raise EffectError(path, f"effects nested more than {MAX_NESTING} deep")
        return Pay(
            cost=parse_cost(d["cost"], f"{path}.cost"),
            effects=_parse_list(d["effects"], f"{path}.effects", context, depth + 1),
            may=_bool(d.get("may", False), f"{path}.may"),
            by=_choice(d.get("by", "self"), f"{path}.by", ("self", "opponent")),
            when=when,
        )
    if op == "counter":
        d = _keys(data, path, {"op"}, {"cards", "to", "target", "when"})
        return Counter(
            cards=parse_card_match(d["cards"], f"{path}.cards") if "cards" in d else None,
            to=_choice(d.get("to", "discard"), f"{path}.to", COUNTER_PILES),
            target=target,
            when=when,
            selector=selector,
        )
    d = _keys(data, path, {"op", "amount"}, {"owner", "phases", "when"})
    amount = (
        None if d["amount"] == "none" else _int(d["amount"], f"{path}.amount", lo=-MAX_COUNT, hi=MAX_COUNT)
    )
    if amount == 0:
        raise EffectError(f"{path}.amount", "0 more cards changes nothing")
    phases = d.get("phases", 1)
    phases_n = None if phases == "all" else _int(phases, f"{path}.phases", lo=1, hi=MAX_COUNT)
    if context == "ability" and phases_n is not None:
        raise EffectError(
            f"{path}.phases",
            'a character\'s standing ability holds at every draw phase while it lives ("all"); the next '
            "N draw phases need a trigger (when do they start?)",
        )
    return DrawPhase(
        amount=amount,
        owner=_choice(d.get("owner", "self"), f"{path}.owner", OWNERS),
        phases=phases_n,
        when=when,
    )


def _trait_list(data: Any, path: str, mode: str, kind: str, copied: bool = False) -> TraitList:
    if copied:  # "copie les castes de ses alliés": the kinds copied, each "all" of theirs
        if data != "all" or kind == "keywords":
            raise EffectError(path, 'with "of", name the guilds, classes, races or castes copied as "all"')
        return "all"
    if data == "all":
        if mode != "remove":
            raise EffectError(path, '"all" is for removing every one of a kind (or copying them, with "of")')
        return "all"
    if not isinstance(data, list) or not data:
        raise EffectError(
            path, f'expected a non-empty list of slugs (or "all" to remove them all); got {data!r}'
        )
    if kind == "keywords":
        items = tuple(_choice(v, f"{path}[{i}]", KEYWORDS) for i, v in enumerate(data))
    else:
        items = tuple(_slug(v, f"{path}[{i}]") for i, v in enumerate(data))
    if len(set(items)) != len(items):
        raise EffectError(path, "a slug is listed twice")
    return items


def parse_cost(data: Any, path: str) -> Cost:
    """What a ``pay`` costs (see the module docstring)."""
    if not isinstance(data, Mapping):
        raise EffectError(path, f"expected an object (a cost), got {type(data).__name__}")
    if "hand" in data:
        d = _keys(data, path, {"hand"}, {"to"})
        to = _choice(d.get("to", "discard"), f"{path}.to", ("discard", "removed"))
        return Cost("hand", _int(d["hand"], f"{path}.hand", lo=1, hi=MAX_COUNT), to=to)
    if "attached" in data:
        d = _keys(data, path, {"attached", "count"}, set())
        return Cost(
            "attached",
            _int(d["count"], f"{path}.count", lo=1, hi=MAX_COUNT),
            match=parse_card_match(d["attached"], f"{path}.attached"),
        )
    if "markers" in data:
        d = _keys(data, path, {"markers", "count"}, set())
        return Cost(
            "markers",
            _int(d["count"], f"{path}.count", lo=1, hi=MAX_COUNT),
            marker=_slug(d["markers"], f"{path}.markers"),
        )
    raise EffectError(path, "give one of hand, attached, markers")


def _set_value(data: Any, stat: str, path: str) -> int | tuple[int, int] | Scaled:
    if isinstance(data, Mapping):
        return parse_scaled(data, path, signed=False)
    if isinstance(data, list):
        if stat != "attack" or len(data) != 2:
            raise EffectError(path, "only the Attaque is set to a range [min, max]")
        lo, hi = _int(data[0], f"{path}[0]", lo=0), _int(data[1], f"{path}[1]", lo=0)
        if lo > hi:
            raise EffectError(path, f"range min {lo} is above max {hi}")
        return (lo, hi)
    return _int(data, path, lo=0)


def _check_static_ability(duration: Duration, target: Target, path: str) -> None:
    """A static ability holds while its character lives: for the combat each time it applies."""
    if duration.kind != "combat":
        raise EffectError(
            f"{path}.duration",
            "a character's standing ability holds while it lives (no duration); a lasting effect "
            "needs a trigger (when does it start?)",
        )


def _parse_list(data: Any, path: str, context: Context, depth: int) -> tuple[Effect, ...]:
    if not isinstance(data, list) or not data:
        raise EffectError(path, "expected a non-empty list of effects")
    return tuple(parse_effect(item, f"{path}[{i}]", context, depth) for i, item in enumerate(data))


def parse_effects(data: Any, path: str = "effects", context: Context = "card") -> tuple[Effect, ...]:
    """Parse a JSON list of effects; raise :class:`EffectError` on the first bad value."""
    if not isinstance(data, list):
        raise EffectError(path, f"expected a list of effects, got {type(data).__name__}")
    return tuple(parse_effect(item, f"{path}[{i}]", context) for i, item in enumerate(data))


# --- serialising -------------------------------------------------------------------------------


def effect_target(effect: Effect) -> Target:
    """Whom an effect reaches: its target name, or its selector object."""
    selector: Selector | None = getattr(effect, "selector", None)
    if selector is not None:
        return selector
    target: str = getattr(effect, "target", "self")
    return target


def _put_target(out: dict[str, Any], effect: Effect, default: str) -> None:
    target = effect_target(effect)
    if target != default:
        out["target"] = target_to_json(target)


def _put_duration(out: dict[str, Any], duration: Duration) -> None:
    if duration.kind != "combat":
        out["duration"] = duration.to_json()


def effect_to_json(effect: Effect) -> dict[str, Any]:
    """The canonical JSON of an effect (defaults omitted); ``parse_effect`` inverts it."""
    out: dict[str, Any] = {"op": effect.op}
    if isinstance(effect, Modify):
        out.update(stat=effect.stat, amount=points_to_json(effect.amount))
        _put_target(out, effect, "self")
        _put_duration(out, effect.duration)
        if effect.allies is not None:
            out["allies"] = effect.allies.to_json()
    elif isinstance(effect, Damage):
        out.update(kind=effect.kind, amount=effect.amount.to_json())
        if effect.element is not None:
            out["element"] = effect.element
        _put_target(out, effect, "opponent")
    elif isinstance(effect, Heal | LoseHp):
        out["amount"] = effect.amount.to_json()
        _put_target(out, effect, "self")
    elif isinstance(effect, Draw | Discard | Mill):
        out["count"] = effect.count
    elif isinstance(effect, Revive):
        out["hp"] = effect.hp
    elif isinstance(effect, ChainOn):
        out["match"] = effect.match.to_json()
        _put_target(out, effect, "self")
        if effect.duration is not None:
            out["duration"] = effect.duration.to_json()
    elif isinstance(effect, Chain):
        out["match"] = effect.match.to_json()
    elif isinstance(effect, SetStat):
        value = effect.value
        out.update(stat=effect.stat, value=list(value) if isinstance(value, tuple) else points_to_json(value))
        _put_target(out, effect, "self")
        _put_duration(out, effect.duration)
    elif isinstance(effect, DamageTaken | DamageDealt | HealDealt | Immune):
        if not isinstance(effect, Immune):
            out["amount"] = points_to_json(effect.amount)
        if not isinstance(effect, HealDealt) and effect.kinds:
            out["kinds"] = list(effect.kinds)
        if not isinstance(effect, HealDealt) and effect.elements:
            out["elements"] = list(effect.elements)
        if isinstance(effect, Immune) and effect.by is not None:
            out["by"] = effect.by
            if effect.by_cards is not None:
                out["by_cards"] = effect.by_cards.to_json()
        if not isinstance(effect, DamageTaken) and effect.cards is not None:
            out["cards"] = effect.cards.to_json()
        _put_target(out, effect, "self")
        _put_duration(out, effect.duration)
    elif isinstance(effect, Marker):
        out.update(name=effect.name, count="all" if effect.count == MARKERS_ALL else effect.count)
        _put_target(out, effect, "self")
    elif isinstance(effect, Traits | AttackKind | Pay | Counter | DrawPhase):
        _more_to_json(out, effect)
    elif isinstance(effect, Tap):
        _put_target(out, effect, "opponent")
    elif isinstance(effect, Untap | GrantOrder):
        _put_target(out, effect, "self")
    elif isinstance(effect, Attach):
        out["target"] = target_to_json(effect_target(effect))
    elif isinstance(effect, Become):
        out["card"] = effect.card
        _put_target(out, effect, "self")
    elif isinstance(effect, AdvanceTurns):
        out["amount"] = list(effect.amount) if isinstance(effect.amount, tuple) else effect.amount
    elif isinstance(effect, MoveCards):
        out.update({"from": _from_json(effect), "to": effect.to})
        if effect.owner != "self":
            out["owner"] = effect.owner
        if effect.count != 1:
            out["count"] = "all" if effect.count is None else effect.count
        if effect.cards is not None:
            out["cards"] = effect.cards.to_json()
        if effect.pick != "random":
            out["pick"] = effect.pick
        if effect.to == "attach":
            _put_target(out, effect, "self")
        if effect.into != "owner":
            out["into"] = effect.into
    elif isinstance(effect, CardTo):
        out["to"] = effect.to
    elif isinstance(effect, DiscardAttached):
        _put_target(out, effect, "opponent")
        if effect.count != 1:
            out["count"] = "all" if effect.count is None else effect.count
        if effect.cards is not None:
            out["cards"] = effect.cards.to_json()
        if effect.owner != "any":
            out["owner"] = effect.owner
        if effect.pick != "random":
            out["pick"] = effect.pick
        if effect.to != "discard":
            out["to"] = effect.to
        if effect.other:
            out["other"] = True
        if effect.into != "owner":
            out["into"] = effect.into
        if effect.may:
            out["may"] = True
    elif isinstance(effect, CreateCard):
        out["card"] = effect.card
        if effect.to != "hand":
            out["to"] = effect.to
        if effect.count != 1:
            out["count"] = effect.count
        _put_target(out, effect, "self")
    elif isinstance(effect, PlayCard):
        out["from"] = _from_json(effect)
        if effect.cards is not None:
            out["cards"] = effect.cards.to_json()
        if effect.pick != "random":
            out["pick"] = effect.pick
        if effect.playable:
            out["playable"] = True
        if effect.now:
            out["now"] = True
        if effect.unrestricted:
            out["unrestricted"] = True
        _put_target(out, effect, "self")
    elif isinstance(effect, Swap):
        out["stats"] = list(effect.stats)
        _put_target(out, effect, "self")
        _put_duration(out, effect.duration)
    elif isinstance(effect, Double):
        out["stats"] = list(effect.stats)
        if effect.sign != "both":
            out["sign"] = effect.sign
        if effect.current:
            out["current"] = True
        if effect.cards is not None:
            out["cards"] = effect.cards.to_json()
        _put_target(out, effect, "self")
        _put_duration(out, effect.duration)
    elif isinstance(effect, Bound):
        out["stats"] = list(effect.stats)
        if effect.below is not None:
            out["below"] = effect.below
        if effect.above is not None:
            out["above"] = effect.above
        _put_target(out, effect, "self")
        _put_duration(out, effect.duration)
    elif isinstance(effect, Forbid):
        out["what"] = effect.what
        if effect.cards is not None:
            out["cards"] = effect.cards.to_json()
        _put_target(out, effect, "self")
        _put_duration(out, effect.duration)
    elif isinstance(effect, CardsLast):
        out.update(cards=effect.cards.to_json(), lasts=effect.lasts.to_json())
        _put_target(out, effect, "self")
        if effect.longer:
            out["longer"] = True
    elif isinstance(effect, ActsNow):
        if effect.cards is not None:
            out["cards"] = effect.cards.to_json()
        if effect.chained:
            out["chained"] = True
        _put_target(out, effect, "all_allies")
        _put_duration(out, effect.duration)
    elif isinstance(effect, ExtraAttack):
        out["amount"] = effect.amount.to_json()
        if effect.kind != "physical":
            out["kind"] = effect.kind
        _put_target(out, effect, "opponent")
    elif isinstance(effect, OneOf):
        out["options"] = [effects_to_json(o) for o in effect.options]
        if effect.pick != "choice":
            out["pick"] = effect.pick
    elif isinstance(effect, Trigger):
        out.update(on=effect.on.to_json(), effects=effects_to_json(effect.effects))
        if effect.limit is not None:
            out["limit"] = effect.limit
        if effect.times != 1:
            out["times"] = effect.times
    else:
        assert isinstance(effect, MayPlay | MayAttach | Carry)
        out["cards"] = effect.cards.to_json()
        if isinstance(effect, Carry):
            out["count"] = effect.count
        if isinstance(effect, MayAttach) and effect.onto != "characters":
            out["onto"] = effect.onto
        _put_target(out, effect, "self")
    if effect.when is not None:
        out["when"] = effect.when.to_json()
    return out


def _more_to_json(out: dict[str, Any], effect: Traits | AttackKind | Pay | Counter | DrawPhase) -> None:
    if isinstance(effect, Traits):
        out["mode"] = effect.mode
        for kind in TRAIT_KINDS:
            value = getattr(effect, kind)
            if value is not None:
                out[kind] = value if value == "all" else list(value)
        if effect.of is not None:
            out["of"] = target_to_json(effect.of)
        _put_target(out, effect, "self")
        _put_duration(out, effect.duration)
    elif isinstance(effect, AttackKind):
        out["kind"] = effect.kind
        _put_target(out, effect, "self")
        _put_duration(out, effect.duration)
    elif isinstance(effect, Pay):
        out.update(cost=effect.cost.to_json(), effects=effects_to_json(effect.effects))
        if effect.may:
            out["may"] = True
        if effect.by != "self":
            out["by"] = effect.by
    elif isinstance(effect, Counter):
        if effect.cards is not None:
            out["cards"] = effect.cards.to_json()
        if effect.to != "discard":
            out["to"] = effect.to
        _put_target(out, effect, "all_enemies")
    else:
        out["amount"] = "none" if effect.amount is None else effect.amount
        if effect.owner != "self":
            out["owner"] = effect.owner
        if effect.phases != 1:
            out["phases"] = "all" if effect.phases is None else effect.phases


def effects_to_json(effects: Sequence[Effect]) -> list[dict[str, Any]]:
    return [effect_to_json(e) for e in effects]


def walk_effects(effects: Sequence[Effect]) -> list[Effect]:
    """Every effect of a list, with those nested in triggers and ``one_of`` options (depth first)."""
    out: list[Effect] = []
    for effect in effects:
        out.append(effect)
        if isinstance(effect, Trigger):
            out.extend(walk_effects(effect.effects))
        elif isinstance(effect, OneOf):
            for option in effect.options:
                out.extend(walk_effects(option))
        elif isinstance(effect, Pay):
            out.extend(walk_effects(effect.effects))
    return out
