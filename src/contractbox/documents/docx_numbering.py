"""List numbers of Word paragraphs ("1.2", "(a)", "iv."), computed from word/numbering.xml.

Word stores the format, not the numbers: each w:num points at a w:abstractNum whose levels give
a start value, a number format (decimal, lowerLetter, upperRoman, ...) and a template such as
"%1.%2" or "(%3)". Counters belong to the abstract list, so separate w:num entries over the same
abstract list continue one sequence, unless a w:lvlOverride/w:startOverride restarts it. A level
restarts when a higher level is used (w:lvlRestart can change or disable that). Numbering set on
a paragraph style (word/styles.xml, following w:basedOn) applies when the paragraph sets none;
its level is the one whose w:pStyle names the style, else the style's w:ilvl, else 0.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from xml.etree.ElementTree import Element

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_LEVELS = 9
_ROMAN = [
    (1000, "m"),
    (900, "cm"),
    (500, "d"),
    (400, "cd"),
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
]


@dataclass(frozen=True)
class Level:
    start: int = 1
    number_format: str = "decimal"
    template: str = "%1."
    restart_after: int | None = None  # restart when a level <= this one is used; None: any higher level
    legal: bool = False


@dataclass
class Numbering:
    abstract_levels: dict[str, dict[int, Level]] = field(default_factory=dict)
    num_to_abstract: dict[str, str] = field(default_factory=dict)
    start_overrides: dict[str, dict[int, int]] = field(default_factory=dict)
    counters: dict[str, list[int | None]] = field(default_factory=dict)
    applied_overrides: set[str] = field(default_factory=set)
    # styleId -> (numId, ilvl, basedOn) from word/styles.xml
    styles: dict[str, tuple[str | None, str | None, str | None]] = field(default_factory=dict)
    style_levels: dict[tuple[str, str], int] = field(default_factory=dict)  # (abstractNumId, styleId) -> ilvl

    @classmethod
    def parse(cls, root: Element | None, styles: Element | None = None) -> Numbering:
        numbering = cls()
        if styles is not None:
            for style in styles.findall(W + "style"):
                num_pr = style.find(f"{W}pPr/{W}numPr")
                num_id = None if num_pr is None else _val(num_pr, "numId")
                level = None if num_pr is None else _val(num_pr, "ilvl")
                numbering.styles[style.get(W + "styleId", "")] = (num_id, level, _val(style, "basedOn"))
        if root is None:
            return numbering
        for abstract in root.findall(W + "abstractNum"):
            abstract_id = _val(abstract, "", "abstractNumId") or ""
            levels = {int(_val(lvl, "", "ilvl") or 0): _level(lvl) for lvl in abstract.findall(W + "lvl")}
            numbering.abstract_levels[abstract_id] = levels
            for lvl in abstract.findall(W + "lvl"):
                style_id = _val(lvl, "pStyle")
                if style_id:
                    numbering.style_levels[(abstract_id, style_id)] = int(_val(lvl, "", "ilvl") or 0)
        for num in root.findall(W + "num"):
            num_id = _val(num, "", "numId") or ""
            numbering.num_to_abstract[num_id] = _val(num, "abstractNumId") or ""
            overrides = {}
            for override in num.findall(W + "lvlOverride"):
                start = _val(override, "startOverride")
                if start is not None and start.lstrip("-").isdigit():
                    overrides[int(_val(override, "", "ilvl") or 0)] = int(start)
            numbering.start_overrides[num_id] = overrides
        return numbering

    def copy(self) -> Numbering:
        return copy.deepcopy(self)

    def label(self, paragraph_properties: Element | None, has_text: bool) -> str:
        """The number Word shows in front of this paragraph ("" when none); advances the counters."""
        if paragraph_properties is None or not has_text:
            return ""
        num_id, level_text, style_id = self._numbering_of(paragraph_properties)
        abstract_id = self.num_to_abstract.get(num_id or "")
        if not num_id or num_id == "0" or abstract_id is None:
            return ""
        if level_text is None and style_id is not None:
            level_text = str(self.style_levels.get((abstract_id, style_id), 0))
        level_index = min(max(int(level_text) if level_text and level_text.isdigit() else 0, 0), _LEVELS - 1)
        levels = self.abstract_levels.get(abstract_id, {})
        counters = self.counters.setdefault(abstract_id, [None] * _LEVELS)
        self._apply_overrides(num_id, counters)
        level = levels.get(level_index, Level())
        current = counters[level_index]
        counters[level_index] = level.start if current is None else current + 1
        for deeper in range(level_index + 1, _LEVELS):
            restart_after = levels.get(deeper, Level()).restart_after
            if restart_after is None or level_index < restart_after:
                counters[deeper] = None
        return _render(level, levels, counters)

    def _numbering_of(self, properties: Element) -> tuple[str | None, str | None, str | None]:
        """(numId, ilvl, styleId giving them): the paragraph's own numPr first, then its style chain."""
        num_pr = properties.find(W + "numPr")
        num_id = None if num_pr is None else _val(num_pr, "numId")
        level = None if num_pr is None else _val(num_pr, "ilvl")
        style_id = _val(properties, "pStyle")
        seen: set[str] = set()
        while num_id is None and style_id and style_id not in seen and len(seen) < 20:
            seen.add(style_id)
            style_num, style_level, based_on = self.styles.get(style_id, (None, None, None))
            if style_num is not None:
                return style_num, level if level is not None else style_level, style_id
            style_id = based_on
        return num_id, level, None

    def _apply_overrides(self, num_id: str, counters: list[int | None]) -> None:
        if num_id in self.applied_overrides:
            return
        self.applied_overrides.add(num_id)
        for index, start in self.start_overrides.get(num_id, {}).items():
            if 0 <= index < _LEVELS:
                counters[index] = start - 1


def _val(element: Element, child: str, attribute: str = "val") -> str | None:
    target = element.find(W + child) if child else element
    return None if target is None else target.get(W + attribute)


def _level(lvl: Element) -> Level:
    start = _val(lvl, "start")
    restart = _val(lvl, "lvlRestart")
    return Level(
        start=int(start) if start and start.lstrip("-").isdigit() else 1,
        number_format=_val(lvl, "numFmt") or "decimal",
        template=_val(lvl, "lvlText") or "",
        restart_after=int(restart) - 1 if restart and restart.isdigit() else None,
        legal=lvl.find(W + "isLgl") is not None,
    )


def _render(level: Level, levels: dict[int, Level], counters: list[int | None]) -> str:
    if level.number_format == "bullet":
        return "\u2022"
    if level.number_format == "none":
        return level.template.split("%")[0].strip()
    text = level.template
    for index in range(_LEVELS, 0, -1):  # %10 cannot occur; high first so %1 does not eat %1x
        placeholder = f"%{index}"
        if placeholder in text:
            source = levels.get(index - 1, Level())
            value = counters[index - 1]
            value = source.start if value is None else value
            number_format = "decimal" if level.legal else source.number_format
            text = text.replace(placeholder, format_number(value, number_format))
    return text.strip()


def format_number(value: int, number_format: str) -> str:
    if number_format in ("lowerLetter", "upperLetter"):
        letters = _letters(value)
        return letters.upper() if number_format == "upperLetter" else letters
    if number_format in ("lowerRoman", "upperRoman"):
        roman = _roman(value)
        return roman.upper() if number_format == "upperRoman" else roman
    if number_format == "decimalZero":
        return f"{value:02d}"
    return str(value)


def _letters(value: int) -> str:
    # Word repeats the letter past z: a..z, aa..zz, aaa..
    if value < 1:
        return str(value)
    letter = "abcdefghijklmnopqrstuvwxyz"[(value - 1) % 26]
    return letter * ((value - 1) // 26 + 1)


def _roman(value: int) -> str:
    if not 0 < value < 4000:
        return str(value)
    out = []
    for amount, symbol in _ROMAN:
        while value >= amount:
            out.append(symbol)
            value -= amount
    return "".join(out)
