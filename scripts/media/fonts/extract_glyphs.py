#!/usr/bin/env python3
"""Extract glyph outlines, advances and pair kerning into a compact JSON, so the TypeScript
generators can set text as SVG paths (no font needed where the SVG is rasterised or shown).

Run once when the glyph set or the fonts change; the output (glyphs.dat, JSON: not named .json
so formatters leave the minified data alone) is committed.
Needs Debian packages python3-fonttools and woff2 (woff2_decompress):
    apt-get install python3-fonttools woff2
    /usr/bin/python3 scripts/media/fonts/extract_glyphs.py
Fonts: Plus Jakarta Sans (OFL 1.1, from @fontsource-variable/plus-jakarta-sans, static instances at
the weights below), DejaVu (Bitstream Vera licence) and Liberation (OFL 1.1) from the Debian packages.
"""
import json, os, shutil, subprocess, sys, tempfile
from fontTools.ttLib import TTFont
from fontTools.pens.basePen import BasePen
from fontTools.varLib import instancer

ROOT = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.abspath(os.path.join(ROOT, "..", "..", ".."))
PJS = os.path.join(REPO, "node_modules/@fontsource-variable/plus-jakarta-sans/files/plus-jakarta-sans-latin-wght-normal.woff2")
CHARS = "".join(chr(c) for c in range(32, 127)) + "\u2019\u2013\u2014\u2022\u20a6\u00e9\u2026\u00d7"

FONTS = [
    ("pjs-800", "pjs", 800),
    ("pjs-700", "pjs", 700),
    ("pjs-500", "pjs", 500),
    ("pjs-300", "pjs", 300),
    ("serif-700", "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf", None),
    ("libserif-400", "/usr/share/fonts/truetype/liberation/LiberationSerif-Regular.ttf", None),
    ("narrow-700", "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf", None),
    ("mono-700", "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf", None),
]


class PathPen(BasePen):
    """Absolute M/L/Q/Z commands with integer font units (y up)."""

    def __init__(self, glyphset):
        super().__init__(glyphset)
        self.out = []

    def _p(self, pt):
        return "%d %d" % (round(pt[0]), round(pt[1]))

    def _moveTo(self, pt):
        self.out.append("M" + self._p(pt))

    def _lineTo(self, pt):
        self.out.append("L" + self._p(pt))

    def _qCurveToOne(self, p1, p2):
        self.out.append("Q" + self._p(p1) + " " + self._p(p2))

    def _curveToOne(self, p1, p2, p3):  # CFF fonts; not expected here
        self.out.append("C" + self._p(p1) + " " + self._p(p2) + " " + self._p(p3))

    def _closePath(self):
        self.out.append("Z")


def pair_kerning(font, names):
    """Flatten GPOS 'kern' PairPos lookups (format 1 and 2) and the legacy 'kern' table."""
    kern = {}
    wanted = set(names)
    if "GPOS" in font:
        gpos = font["GPOS"].table
        idx = set()
        for fr in gpos.FeatureList.FeatureRecord:
            if fr.FeatureTag == "kern":
                idx.update(fr.Feature.LookupListIndex)
        for i in sorted(idx):
            lookup = gpos.LookupList.Lookup[i]
            for st in lookup.SubTable:
                if lookup.LookupType == 9:
                    if st.ExtensionLookupType != 2:
                        continue
                    st = st.ExtSubTable
                elif lookup.LookupType != 2:
                    continue
                cov = st.Coverage.glyphs
                if st.Format == 1:
                    for g1, ps in zip(cov, st.PairSet):
                        if g1 not in wanted:
                            continue
                        for pvr in ps.PairValueRecord:
                            v = getattr(pvr.Value1, "XAdvance", 0) if pvr.Value1 else 0
                            if v and pvr.SecondGlyph in wanted:
                                kern.setdefault((g1, pvr.SecondGlyph), v)
                elif st.Format == 2:
                    cd1 = st.ClassDef1.classDefs if st.ClassDef1 else {}
                    cd2 = st.ClassDef2.classDefs if st.ClassDef2 else {}
                    for g1 in cov:
                        if g1 not in wanted:
                            continue
                        rec = st.Class1Record[cd1.get(g1, 0)]
                        for g2 in wanted:
                            c2 = cd2.get(g2, 0)
                            v2 = rec.Class2Record[c2].Value1
                            v = getattr(v2, "XAdvance", 0) if v2 else 0
                            if v:
                                kern.setdefault((g1, g2), v)
    if not kern and "kern" in font:
        for table in font["kern"].kernTables:
            for (a, b), v in table.kernTable.items():
                if a in wanted and b in wanted and v:
                    kern.setdefault((a, b), v)
    return kern


def extract(key, font):
    cmap = font.getBestCmap()
    gs = font.getGlyphSet()
    hmtx = font["hmtx"]
    os2 = font["OS/2"]
    glyphs = {}
    name_to_char = {}
    for ch in CHARS:
        gname = cmap.get(ord(ch))
        if gname is None:
            continue
        pen = PathPen(gs)
        gs[gname].draw(pen)
        glyphs[ch] = [hmtx[gname][0], "".join(pen.out)]
        name_to_char[gname] = ch
    kern = pair_kerning(font, list(name_to_char))
    kern_out = {name_to_char[a] + name_to_char[b]: v for (a, b), v in sorted(kern.items())}
    return {
        "unitsPerEm": font["head"].unitsPerEm,
        "ascender": font["hhea"].ascent,
        "descender": font["hhea"].descent,
        "capHeight": getattr(os2, "sCapHeight", 0) or round(font["head"].unitsPerEm * 0.7),
        "xHeight": getattr(os2, "sxHeight", 0) or round(font["head"].unitsPerEm * 0.5),
        "glyphs": glyphs,
        "kern": dict(sorted(kern_out.items())),
    }


def main():
    tmp = tempfile.mkdtemp()
    try:
        src = os.path.join(tmp, "pjs.woff2")
        shutil.copy(PJS, src)
        subprocess.run(["woff2_decompress", src], check=True)
        pjs_path = os.path.join(tmp, "pjs.ttf")
        out = {}
        for key, path, weight in FONTS:
            if path == "pjs":
                font = instancer.instantiateVariableFont(TTFont(pjs_path), {"wght": weight})
            else:
                font = TTFont(path)
            out[key] = extract(key, font)
            print(key, len(out[key]["glyphs"]), "glyphs", len(out[key]["kern"]), "kerning pairs", file=sys.stderr)
        with open(os.path.join(ROOT, "glyphs.dat"), "w") as f:
            json.dump(out, f, separators=(",", ":"), sort_keys=True)
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
