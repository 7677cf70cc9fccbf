"""The card domain in pure Python (no Django): spec value objects, the structured effect schema,
and the bundled card set reader. The Django side turns rows into these specs in ``cards/specs.py``;
the deck validator and the Eredan engine work on them only."""
