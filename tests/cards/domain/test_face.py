"""Card faces drawn from the data (cards/domain/face.py): what each face shows, in both languages,
and that it is well-formed SVG whatever the text."""

from __future__ import annotations

import colorsys
import xml.etree.ElementTree as ET

import pytest

from cards.domain.face import FRAMES, FaceFacts, face_kind, face_svg, fit_text, type_line, wrap
from cards.domain.specs import CardSpec, CharacterSpec
from cards.domain.text import Names, rules_text

SVG = "{http://www.w3.org/2000/svg}"
NAMES = Names(
    classes={"combattant": ("Warrior", "Combattant"), "mage": ("Mage", "Mage")},
    races={"humain": ("Human", "Humain")},
    guilds={"zil": ("Zil Warriors", "Les Combattants de Zil")},
    types={
        "objet": ("Item", "Objet"),
        "arme": ("Weapon", "Arme"),
        "epee": ("Sword", "Épée"),
        "sort": ("Spell", "Sort"),
        "feu": ("Fire", "Feu"),
        "action": ("Action", "Action"),
        "theurgie": ("Theurgy", "Théurgie"),
        "foi": ("Faith", "Foi"),
    },
)
HERO = CharacterSpec(
    slug="hero-2", family="hero", level=2, name_en="The Hero", name_fr="Le Héros", guild="zil",
    classes=("combattant", "mage"), race="humain", hp=17, attack_min=3, attack_max=6, defense=2, spirit=1,
    unique=True,
)  # fmt: skip
SWORD = CardSpec(
    slug="sword-1", family="sword", level=1, name_en="Sword", name_fr="Épée", type="epee",
    type_path=("objet", "arme", "epee"), persistent=True,
    effects=(),
)  # fmt: skip
FIREBALL = CardSpec(
    slug="fireball-1", family="fireball", level=1, name_en="Fireball", name_fr="Boule de feu", type="feu",
    type_path=("sort", "feu"),
)  # fmt: skip
PRAYER = CardSpec(
    slug="prayer-1", family="prayer", level=1, name_en="Prayer", name_fr="Prière", type="foi",
    type_path=("theurgie", "foi"),
)  # fmt: skip
CHARGE = CardSpec(
    slug="charge-1", family="charge", level=1, name_en="Charge", name_fr="Charge", type="action",
    type_path=("action",),
)  # fmt: skip


def facts(lang: str = "en", **kwargs: object) -> FaceFacts:
    return FaceFacts(lang=lang, names=NAMES, guild_colors={"zil": "AF569A"}, **kwargs)  # type: ignore[arg-type]


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def texts(root: ET.Element, css: str) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter(f"{SVG}text") if css in (e.get("class") or "").split()]


def test_a_character_face_shows_its_name_type_line_and_stats() -> None:
    root = parse(face_svg(HERO, facts(levels=3)))
    assert texts(root, "face-name") == ["The Hero"]
    assert texts(root, "face-type") == ["Character — Human · Warrior / Mage"]
    assert texts(root, "face-stat-hp") == ["17"]
    assert texts(root, "face-stat-attack") == ["3–6"]  # the attack range
    assert texts(root, "face-stat-defense") == ["2"]
    assert texts(root, "face-stat-spirit") == ["1"]
    assert root.find(f"{SVG}title").text == "The Hero — Character — Human · Warrior / Mage"  # type: ignore[union-attr]


def test_the_same_face_in_french_names_stats_and_types_in_french() -> None:
    svg = face_svg(HERO, facts("fr", castes=["Sorcelame"]))
    root = parse(svg)
    assert texts(root, "face-name") == ["Le Héros"]
    assert texts(root, "face-type") == ["Personnage — Humain · Combattant / Mage · Sorcelame"]
    assert "Défense" in svg and "Esprit" in svg and ">PV<" in svg
    assert "Les Combattants de Zil" in svg


def test_level_pips_fill_up_to_the_level_out_of_the_family() -> None:
    root = parse(face_svg(HERO, facts(levels=3)))
    (level,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "face-level"]
    pips = level.findall(f"{SVG}circle")
    assert [p.get("fill") != "none" for p in pips] == [True, True, False]  # level 2 of 3
    assert level.find(f"{SVG}title").text == "Level 2"  # type: ignore[union-attr]


def test_the_unique_mark_is_drawn_only_on_unique_cards() -> None:
    assert 'class="face-unique"' in face_svg(HERO, facts())
    assert 'class="face-unique"' not in face_svg(SWORD, facts())


@pytest.mark.parametrize(
    ("spec", "kind"),
    [(HERO, "character"), (SWORD, "item"), (FIREBALL, "spell"), (CHARGE, "action"), (PRAYER, "theurgy")],
)
def test_the_frame_is_the_colour_of_the_kind(spec: CardSpec | CharacterSpec, kind: str) -> None:
    """Characters red, actions purple, spells blue, items brown, theurgies yellow (issue 19 §1)."""
    assert face_kind(spec) == kind
    root = parse(face_svg(spec, facts()))
    frame = root.find(f"{SVG}rect")
    assert frame is not None and frame.get("fill") == FRAMES[kind][0]


def test_frame_colours_are_what_the_game_uses() -> None:
    """Characters red, items brown, actions purple, spells blue, theurgies yellow: by hue and value."""

    def hsv(color: str) -> tuple[float, float]:
        h, _, v = colorsys.rgb_to_hsv(*(int(color[i : i + 2], 16) / 255 for i in (1, 3, 5)))
        return h * 360, v

    hue, value = hsv(FRAMES["character"][0])
    assert hue < 10 or hue > 350
    hue, value = hsv(FRAMES["item"][0])
    assert 15 < hue < 40 and value < 0.5  # brown: a dark orange
    hue, value = hsv(FRAMES["theurgy"][0])
    assert 40 < hue < 60 and value > 0.8  # yellow: a bright one
    assert 200 < hsv(FRAMES["spell"][0])[0] < 235
    assert 260 < hsv(FRAMES["action"][0])[0] < 290


def test_a_card_of_no_guild_says_so_and_its_type_line_is_its_type_path() -> None:
    svg = face_svg(SWORD, facts())
    assert texts(parse(svg), "face-type") == ["Item — Weapon — Sword"]
    assert "No guild" in svg
    assert "Sans guilde" in face_svg(SWORD, facts("fr"))
    assert type_line(SWORD, facts("fr")) == "Objet — Arme — Épée"


def test_the_rules_text_is_the_generated_one() -> None:
    root = parse(face_svg(SWORD, facts()))
    (rules,) = [g for g in root.iter(f"{SVG}g") if g.get("class") == "face-rules"]
    drawn = " ".join("".join(t.itertext()) for t in rules)
    assert drawn == " ".join(rules_text(SWORD, NAMES)["en"].split())


def test_rarity_and_set_are_in_the_footer_when_known() -> None:
    root = parse(face_svg(SWORD, facts(rarity="Rare", card_set="Act I")))
    assert texts(root, "face-footer") == ["Rare · Act I"]
    assert texts(parse(face_svg(SWORD, facts())), "face-footer") == []


def test_markup_in_names_is_escaped() -> None:
    evil = CardSpec(
        slug="x-1",
        family="x",
        level=1,
        name_en='<script>"&',
        name_fr="<b>",
        type="action",
        type_path=("action",),
    )
    root = parse(face_svg(evil, facts()))  # parses: nothing was injected
    assert texts(root, "face-name") == ['<script>"&']
    assert not list(root.iter(f"{SVG}script"))


def test_the_same_inputs_give_the_same_bytes() -> None:
    assert face_svg(HERO, facts()) == face_svg(HERO, facts())


def test_an_unknown_guild_gets_its_initial_and_a_bad_colour_the_neutral_one() -> None:
    odd = CharacterSpec(
        slug="o-1", family="o", level=1, name_en="Odd", name_fr="Odd", guild="zzz", classes=("mage",),
        race="humain", hp=10, attack_min=1, attack_max=2, defense=0, spirit=0,
    )  # fmt: skip
    root = parse(face_svg(odd, FaceFacts(lang="en", names=NAMES, guild_colors={"zzz": "not-a-colour"})))
    guild = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "face-guild")
    assert guild.find(f"{SVG}circle").get("fill") == "#9a968c"  # type: ignore[union-attr]
    assert any("".join(t.itertext()) == "Z" for t in guild.iter(f"{SVG}text"))


def test_wrap_breaks_at_spaces_and_cuts_long_words() -> None:
    assert wrap("one two three four", 9) == ["one two", "three", "four"]
    assert wrap("abcdefghij", 4) == ["abcd", "efgh", "ij"]
    assert wrap("first line\nsecond", 20) == ["first line", "second"]


def test_fit_text_shrinks_then_truncates() -> None:
    short = fit_text("a few words", box_width=200, box_height=100, sizes=(10, 8))
    assert short.size == 10 and not short.truncated
    long = fit_text("word " * 400, box_width=200, box_height=100, sizes=(10, 8))
    assert long.size == 8 and long.truncated and long.lines[-1].endswith("…")
    assert len(long.lines) * 8 * 1.25 <= 100
