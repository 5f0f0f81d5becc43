#!/usr/bin/env python3
"""Regenerates fonts/WenQuanYiMicroHei-subset.ttf: the CJK glyphs the locales use.

The renderer draws with DejaVu Sans (Latin, Cyrillic, symbols) and falls back, glyph by
glyph, to this subset for what DejaVu lacks. Run it after changing a locale's text:

    apt-get install fonts-wqy-microhei && pip install fonttools
    python3 fonts/subset.py

The `every_locale_character_has_a_glyph` test (renderer/tests/fonts.rs) fails when a
character of any locale string is in neither font.
"""
import pathlib
import sys

from fontTools import subset

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCE = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
TARGET = ROOT / "fonts" / "WenQuanYiMicroHei-subset.ttf"


def wide(c: str) -> bool:
    """CJK ideographs, kana, CJK and full-width punctuation: what DejaVu Sans lacks."""
    o = ord(c)
    return (
        0x2E80 <= o <= 0x9FFF
        or 0xF900 <= o <= 0xFAFF
        or 0xFE30 <= o <= 0xFE4F
        or 0xFF00 <= o <= 0xFFEF
    )


chars = set(chr(c) for c in range(0x20, 0x7F))
for path in sorted((ROOT / "locales").glob("*/*.ftl")):
    chars.update(c for c in path.read_text(encoding="utf-8") if wide(c))

options = subset.Options()
options.font_number = 0
options.layout_features = []
options.hinting = False
options.name_IDs = ["*"]
options.notdef_outline = True
options.glyph_names = False
font = subset.load_font(str(SOURCE), options)
subsetter = subset.Subsetter(options)
subsetter.populate(text="".join(sorted(chars)))
subsetter.subset(font)
subset.save_font(font, str(TARGET), options)
print(f"{TARGET.relative_to(ROOT)}: {len(chars)} characters, {TARGET.stat().st_size} bytes")
