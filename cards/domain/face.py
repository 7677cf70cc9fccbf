"""Card faces: an SVG drawing of a card or a character, made from its data alone.

There are no publisher images to use, and none may be copied: every face is drawn here from the
spec — a frame in the colour of the card's kind (characters red, actions purple, spells blue,
items brown, theurgies yellow, the rest grey), the guild's colour and emblem (the project's own
simple marks), the name, level pips, the unique mark, the type line, the generated rules text
(:func:`cards.domain.text.rules_text`) and, for a character, HP, attack range, Défense and Esprit.

Pure Python (no Django): the same inputs always give the same bytes, so a face can be cached and
served with an ETag computed from its content.

    >>> svg = face_svg(spec, FaceFacts(lang="fr", names=names, guild_colors={"zil": "AF569A"}))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from xml.sax.saxutils import escape

from cards.domain.specs import ACTION, ITEM, SPELL, THEURGY, CardSpec, CharacterSpec
from cards.domain.text import Lang, Names, rules_text

#: Bump when the drawing changes: it is part of every face's ETag (through the content) and of
#: the URLs pages write, so browsers fetch the new drawing.
FACE_VERSION = "1"
WIDTH, HEIGHT = 250, 350
#: Kind of face -> (frame colour, panel tint, text colour on the frame).
FRAMES: Mapping[str, tuple[str, str, str]] = {
    "character": ("#8e1c1c", "#fbeeee", "#ffffff"),
    ACTION: ("#5b2a86", "#f3edf9", "#ffffff"),
    SPELL: ("#1f4e9c", "#edf2fb", "#ffffff"),
    ITEM: ("#6b4423", "#f6efe7", "#ffffff"),
    THEURGY: ("#e2b93b", "#fdf7e3", "#1d1b16"),
    "other": ("#5f6368", "#f1f2f3", "#ffffff"),
}
#: What each kind is called on the face's type line when the type tree gives no better name.
KIND_WORDS: Mapping[str, tuple[str, str]] = {
    "character": ("Character", "Personnage"),
}
STAT_LABELS: Mapping[str, tuple[str, str]] = {
    "hp": ("HP", "PV"),
    "attack": ("Attack", "Attaque"),
    "defense": ("Defense", "Défense"),
    "spirit": ("Spirit", "Esprit"),
}
UNIQUE_WORD = ("Unique", "Unique")
NO_GUILD_WORD = ("No guild", "Sans guilde")
LEVEL_WORD = ("Level", "Niveau")
#: Guild slug -> the emblem drawn in a 24×24 box centred on 0,0 (the project's own marks: plain
#: geometric shapes, not the game's logos). Unknown guilds get their initial in a ring.
EMBLEMS: Mapping[str, str] = {
    # Noz'Dingard: a six-pointed star
    "noz": '<path d="M0 -10 L3 -3 L10 -3 L4.5 1.5 L7 9 L0 4.5 L-7 9 L-4.5 1.5 L-10 -3 L-3 -3 Z"/>',
    # Zil: a lightning bolt
    "zil": '<path d="M3 -11 L-6 1 L-1 1 L-4 11 L6 -2 L1 -2 Z"/>',
    # Kotoba: two crossed blades
    "kotoba": '<path d="M-8 -9 L9 8 M8 -9 L-9 8" stroke-width="3" stroke-linecap="round" fill="none"/>',
    # Cœur de Sève: a leaf
    "coeur_de_seve": '<path d="M-8 8 C-8 -4 0 -10 9 -10 C9 0 3 8 -8 8 Z M-8 8 L3 -3" stroke-width="1.2"/>',
    # Pirates: a wave
    "pirates": '<path d="M-10 2 Q-5 -6 0 2 T10 2 L10 8 L-10 8 Z"/>',
    # Nomades du désert: a sun
    "nameades": '<circle r="5"/><path d="M0 -11 V-7 M0 7 V11 M-11 0 H-7 M7 0 H11 M-8 -8 L-5.5 -5.5 '
    'M5.5 5.5 L8 8 M8 -8 L5.5 -5.5 M-5.5 5.5 L-8 8" stroke-width="2" stroke-linecap="round"/>',
    # Mercenaires: a coin
    "non_affilies": '<circle r="9" fill="none" stroke-width="2.5"/><circle r="3.5"/>',
    # Néhantistes: an eye of the void
    "nehantistes": '<path d="M-11 0 Q0 -10 11 0 Q0 10 -11 0 Z" fill="none" stroke-width="2"/>'
    '<circle r="3.5"/>',
    # Légion Runique: a rune
    "legion_runique": '<path d="M0 -11 L8 0 L0 11 L-8 0 Z M0 -11 V11" fill="none" stroke-width="2"/>',
    # Lieurs de pierres: stacked stones
    "lieurs_de_pierres": '<rect x="-9" y="2" width="18" height="7" rx="2"/><rect x="-6" y="-6" width="12" '
    'height="7" rx="2"/><rect x="-3" y="-12" width="6" height="5" rx="1.5"/>',
}
#: A card of no guild: an open ring.
NEUTRAL_EMBLEM = '<circle r="8" fill="none" stroke-width="2.5"/>'
NEUTRAL_COLOR = "9a968c"
#: Average glyph width of the faces' sans-serif font, in em: enough to wrap text in a known box.
GLYPH_EM = 0.53


@dataclass(frozen=True)
class FaceFacts:
    """What a face shows beyond the spec: the language, display names, guild colours (hex,
    without ``#``) by slug, how many levels the card's family has, and optional rarity, set
    and caste names (already in ``lang``)."""

    lang: Lang
    names: Names = field(default_factory=Names)
    guild_colors: Mapping[str, str] = field(default_factory=dict)
    levels: int = 1
    rarity: str = ""
    card_set: str = ""
    castes: Sequence[str] = ()


def _pick(pair: tuple[str, str], lang: Lang) -> str:
    return pair[0] if lang == "en" else pair[1]


def face_kind(spec: CardSpec | CharacterSpec) -> str:
    """``character``, or the card's kind when it has a frame of its own, else ``other``."""
    if isinstance(spec, CharacterSpec):
        return "character"
    return spec.kind if spec.kind in FRAMES else "other"


def type_line(spec: CardSpec | CharacterSpec, facts: FaceFacts) -> str:
    """``Character — Human · Warrior`` / ``Item — Weapon — One-handed — Sword``."""
    names, lang = facts.names, facts.lang
    if isinstance(spec, CharacterSpec):
        parts = [names.race(spec.race, lang), " / ".join(names.cls(c, lang) for c in spec.classes)]
        parts.extend(facts.castes)
        return f"{_pick(KIND_WORDS['character'], lang)} — {' · '.join(p for p in parts if p)}"
    return " — ".join(names.type(t, lang) for t in spec.type_path)


def wrap(text: str, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` characters, at spaces (a word longer
    than a line is cut)."""
    lines: list[str] = []
    for paragraph in text.splitlines():
        line = ""
        for word in paragraph.split():
            while len(word) > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:width])
                word = word[width:]
            candidate = f"{line} {word}" if line else word
            if len(candidate) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
    return lines


@dataclass(frozen=True)
class FittedText:
    lines: list[str]
    size: float
    truncated: bool


def fit_text(text: str, *, box_width: float, box_height: float, sizes: Sequence[float]) -> FittedText:
    """The largest of ``sizes`` (in px) at which ``text`` wraps into the box; at the smallest,
    the lines that fit and a final ``…``."""
    lines: list[str] = []
    for size in sizes:
        per_line = max(4, int(box_width / (GLYPH_EM * size)))
        lines = wrap(text, per_line)
        if len(lines) * size * 1.25 <= box_height:
            return FittedText(lines, size, truncated=False)
    size = sizes[-1]
    keep = max(1, int(box_height / (size * 1.25)))
    if len(lines) <= keep:
        return FittedText(lines, size, truncated=False)
    kept = lines[:keep]
    kept[-1] = kept[-1].rstrip(" .,;") + " …"
    return FittedText(kept, size, truncated=True)


def _fit_line(text: str, width: float, largest: float, smallest: float) -> float:
    """The font size (px) at which one line of ``text`` fits ``width``."""
    size = largest
    while size > smallest and len(text) * GLYPH_EM * size > width:
        size -= 0.5
    return size


def _hex(color: str, default: str) -> str:
    value = color.strip().lstrip("#")
    if len(value) == 6 and all(c in "0123456789abcdefABCDEF" for c in value):
        return f"#{value.lower()}"
    return f"#{default}"


def _ink_on(color: str) -> str:
    """Black or white, whichever reads better on ``color`` (``#rrggbb``): the WCAG relative
    luminance against its contrast threshold."""
    r, g, b = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    return "#1d1b16" if luminance > 0.179 else "#ffffff"


def _text(x: float, y: float, content: str, *, size: float, **attrs: str) -> str:
    extra = "".join(
        f' {k.rstrip("_").replace("_", "-")}="{escape(v, {chr(34): "&quot;"})}"' for k, v in attrs.items()
    )
    return f'<text x="{x:g}" y="{y:g}" font-size="{size:g}"{extra}>{escape(content)}</text>'


def _emblem(guild: str | None, facts: FaceFacts, ink: str) -> str:
    if guild is None:
        return f'<g fill="{ink}" stroke="{ink}">{NEUTRAL_EMBLEM}</g>'
    mark = EMBLEMS.get(guild)
    if mark is None:
        initial = (facts.names.guild(guild, facts.lang) or guild)[:1].upper()
        return f'<g fill="none" stroke="{ink}" stroke-width="2"><circle r="9"/></g>' + _text(
            0, 4.5, initial, size=13, fill=ink, text_anchor="middle", font_weight="700"
        )
    return f'<g fill="{ink}" stroke="{ink}">{mark}</g>'


def face_svg(spec: CardSpec | CharacterSpec, facts: FaceFacts) -> str:
    """The face of ``spec`` as an SVG document (UTF-8 text), ``WIDTH``×``HEIGHT``."""
    lang, names = facts.lang, facts.names
    kind = face_kind(spec)
    frame, tint, frame_ink = FRAMES[kind]
    name = spec.name_en if lang == "en" else spec.name_fr
    guild = spec.guild
    guild_color = _hex(facts.guild_colors.get(guild, "") if guild else NEUTRAL_COLOR, NEUTRAL_COLOR)
    guild_ink = _ink_on(guild_color)
    guild_name = names.guild(guild, lang) if guild else _pick(NO_GUILD_WORD, lang)
    types = type_line(spec, facts)
    rules = rules_text(spec, names)[lang]
    title = f"{name} — {types}"
    out: list[str] = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
        f'height="{HEIGHT}" role="img" aria-labelledby="face-title" data-face-version="{FACE_VERSION}" '
        f"font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\">",
        f'<title id="face-title">{escape(title)}</title>',
        # the frame: the kind's colour, a tinted panel inside
        f'<rect width="{WIDTH}" height="{HEIGHT}" rx="14" fill="{frame}"/>',
        f'<rect x="9" y="9" width="{WIDTH - 18}" height="{HEIGHT - 18}" rx="9" fill="{tint}"/>',
        # the name bar
        f'<rect x="9" y="9" width="{WIDTH - 18}" height="34" rx="9" fill="{frame}"/>',
    ]
    name_x = 48
    name_room = WIDTH - name_x - 18 - (22 if spec.unique else 0)
    size = _fit_line(name, name_room, 15, 9)
    out.append(_text(name_x, 31, name, size=size, fill=frame_ink, font_weight="700", class_="face-name"))
    if spec.unique:
        # the unique mark: a diamond at the end of the name bar
        out.append(
            f'<g transform="translate({WIDTH - 28} 26)" class="face-unique"><path d="M0 -8 L7 0 L0 8 '
            f'L-7 0 Z" fill="{frame_ink}"/><title>{escape(_pick(UNIQUE_WORD, lang))}</title></g>'
        )
    # the guild: its colour and emblem in a disc over the corner of the name bar
    out.append(
        f'<g transform="translate(28 26)" class="face-guild"><circle r="17" fill="{guild_color}" '
        f'stroke="{frame}" stroke-width="3"/>{_emblem(guild, facts, guild_ink)}'
        f"<title>{escape(guild_name)}</title></g>"
    )
    # the art window: no illustration exists, so a large emblem in the guild's colour
    out.append(f'<rect x="20" y="50" width="{WIDTH - 40}" height="104" rx="6" fill="{guild_color}"/>')
    out.append(
        f'<g transform="translate({WIDTH / 2:g} 102) scale(3.4)" opacity="0.35">'
        f"{_emblem(guild, facts, guild_ink)}</g>"
    )
    out.append(_text(28, 146, guild_name, size=_fit_line(guild_name, 140, 10, 7), fill=guild_ink))
    # level pips: filled up to the level, open for the family's other levels
    levels = max(facts.levels, spec.level)
    pips = []
    for i in range(levels):
        cx = WIDTH - 30 - (levels - 1 - i) * 11
        filled = i < spec.level
        pips.append(
            f'<circle cx="{cx}" cy="142" r="4" fill="{frame if filled else "none"}" '
            f'stroke="{frame}" stroke-width="1.5"/>'
        )
    level_word = f"{_pick(LEVEL_WORD, lang)} {spec.level}"
    pill_x = WIDTH - 30 - (levels - 1) * 11 - 8
    pill = f'<rect x="{pill_x}" y="134" width="{WIDTH - 22 - pill_x}" height="16" rx="8" fill="#ffffff"/>'
    out.append(f'<g class="face-level"><title>{escape(level_word)}</title>{pill}{"".join(pips)}</g>')
    # the type line
    out.append(f'<rect x="20" y="160" width="{WIDTH - 40}" height="20" rx="4" fill="{frame}"/>')
    out.append(
        _text(
            26, 174, types, size=_fit_line(types, WIDTH - 52, 10.5, 6.5), fill=frame_ink, class_="face-type"
        )
    )
    # the rules text
    is_character = isinstance(spec, CharacterSpec)
    box_top, box_bottom = 186, (HEIGHT - 62 if is_character else HEIGHT - 34)
    out.append(
        f'<rect x="20" y="{box_top}" width="{WIDTH - 40}" height="{box_bottom - box_top}" rx="4" '
        f'fill="#ffffff" stroke="{frame}" stroke-opacity="0.35"/>'
    )
    fitted = fit_text(
        rules, box_width=WIDTH - 56, box_height=box_bottom - box_top - 10, sizes=(10.5, 9.5, 8.5, 7.5, 6.5)
    )
    y = box_top + 5 + fitted.size
    lines = [
        _text(28, y + i * fitted.size * 1.25, line, size=fitted.size) for i, line in enumerate(fitted.lines)
    ]
    out.append(f'<g class="face-rules" fill="#1d1b16">{"".join(lines)}</g>')
    if is_character:
        assert isinstance(spec, CharacterSpec)
        stats = (
            ("hp", str(spec.hp)),
            ("attack", f"{spec.attack_min}–{spec.attack_max}"),
            ("defense", str(spec.defense)),
            ("spirit", str(spec.spirit)),
        )
        cell = (WIDTH - 40) / len(stats)
        cells = []
        for i, (key, value) in enumerate(stats):
            x = 20 + i * cell
            box = f'<rect x="{x + 2:g}" y="{HEIGHT - 56}" width="{cell - 4:g}" height="30" rx="5"'
            cells.append(
                f'{box} fill="{frame}"/>'
                + _text(
                    x + cell / 2,
                    HEIGHT - 46,
                    _pick(STAT_LABELS[key], lang),
                    size=7.5,
                    fill=frame_ink,
                    text_anchor="middle",
                )
                + _text(
                    x + cell / 2,
                    HEIGHT - 31,
                    value,
                    size=13,
                    fill=frame_ink,
                    text_anchor="middle",
                    font_weight="700",
                    class_=f"face-stat-{key}",
                )
            )
        out.append(f'<g class="face-stats">{"".join(cells)}</g>')
    footer = " · ".join(p for p in (facts.rarity, facts.card_set) if p)
    if footer:
        out.append(
            _text(
                WIDTH / 2,
                HEIGHT - 16,
                footer,
                size=_fit_line(footer, WIDTH - 40, 8, 6),
                fill="#5d5a52",
                text_anchor="middle",
                class_="face-footer",
            )
        )
    out.append("</svg>")
    return "".join(out)


__all__ = ["FACE_VERSION", "FRAMES", "FaceFacts", "face_kind", "face_svg", "fit_text", "type_line", "wrap"]
