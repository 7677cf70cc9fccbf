"""Writes to collections, one module per topic (as Zulip's ``actions/``):

- :mod:`.collections` — collections themselves: create, rename, the default one, delete;
- :mod:`.copies` — adding and removing owned copies (every bad item reported at once);
- :mod:`.imports` — a CSV of copies, a deck's cards;
- :mod:`.experience` — XP grants (staff, XP cards, games) and the XP that finished games earn;
- :mod:`.evolution` — a copy evolving into the next level of its family;
- :mod:`.xp_cards` — feeding a "+N XP" card to another copy.

Every service runs in one transaction and validates everything before writing: a refused request
changes nothing. Refusals are :class:`eredan.errors.DomainError` (several:
:class:`eredan.errors.DomainErrors`) with a code of
:class:`cards.collection.error_codes.CollectionErrorCode`.

Concurrency: XP is only ever added with ``UPDATE … SET xp = xp + n`` (an ``F()`` expression), so
simultaneous grants to one copy never lose an update; evolving and consuming lock the copies
(``SELECT … FOR UPDATE``) so they read the XP they act on.

Callers import the module of the topic; this package re-exports nothing, so each name has one home.
"""
