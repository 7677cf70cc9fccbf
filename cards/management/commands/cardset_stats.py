"""``manage.py cardset_stats [--json]``: counts of the card database per guild, rarity and type."""

from __future__ import annotations

import json
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from cards.selectors import NONE, cardset_stats


class Command(BaseCommand):
    help = "Print the card database's counts: characters and cards per guild and per rarity, cards per type."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--json", action="store_true", help="print the counts as JSON")

    def handle(self, *args: Any, **options: Any) -> None:
        stats = cardset_stats()
        if options["json"]:
            self.stdout.write(json.dumps(stats, ensure_ascii=False, indent=1))
            return
        names = stats["guild_names"]
        self.stdout.write(f"{stats['characters']} characters, {stats['cards']} other cards")
        self.stdout.write(
            f"{stats['families_with_levels']} evolution families with 2 levels or more; unique: "
            f"{stats['unique']['characters']} characters, {stats['unique']['cards']} cards; "
            f"{stats['estimated_stats']} characters with estimated stats"
        )
        self.stdout.write("\nper guild            characters  cards")
        for slug in sorted(set(stats["characters_per_guild"]) | set(stats["cards_per_guild"])):
            label = names.get(slug, slug)
            chars = stats["characters_per_guild"].get(slug, 0)
            cards = stats["cards_per_guild"].get(slug, 0)
            self.stdout.write(f"  {label:<20} {chars:>8} {cards:>6}")
        rarities = stats["rarity_names"]
        self.stdout.write("\nper rarity           characters  cards")
        for slug in sorted(set(stats["characters_per_rarity"]) | set(stats["cards_per_rarity"])):
            label = rarities.get(slug, "unknown" if slug == NONE else slug)
            chars = stats["characters_per_rarity"].get(slug, 0)
            cards = stats["cards_per_rarity"].get(slug, 0)
            self.stdout.write(f"  {label:<20} {chars:>8} {cards:>6}")
        self.stdout.write("\ncards per kind")
        for slug, n in stats["cards_per_root_type"].items():
            self.stdout.write(f"  {slug:<20} {n:>6}")
        self.stdout.write("\ncards per type")
        for slug, n in stats["cards_per_type"].items():
            self.stdout.write(f"  {slug:<28} {n:>4}")
