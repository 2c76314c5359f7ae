// Text set as SVG paths from glyph outlines extracted once by fonts/extract_glyphs.py (fonts/glyphs.dat, JSON), so the
// SVG sources render the same everywhere (librsvg on any machine, <img> in any browser) without
// relying on an installed font.
import { readFileSync } from "node:fs";

type FontData = {
  unitsPerEm: number;
  ascender: number;
  descender: number;
  capHeight: number;
  xHeight: number;
  glyphs: Record<string, [advance: number, path: string]>;
  kern: Record<string, number>;
};

export type FontKey =
  "pjs-800" | "pjs-700" | "pjs-500" | "pjs-300" | "serif-700" | "libserif-400" | "narrow-700" | "mono-700";

const fonts = JSON.parse(readFileSync(new URL("../fonts/glyphs.dat", import.meta.url), "utf8")) as Record<
  FontKey,
  FontData
>;

export type TextOptions = {
  font?: FontKey;
  size: number;
  /** Extra space between letters, in em. */
  tracking?: number;
  anchor?: "start" | "middle" | "end";
};

const r = (n: number) => {
  const v = Math.round(n * 100) / 100;
  return Object.is(v, -0) ? "0" : String(v);
};

function glyph(f: FontData, ch: string): [number, string] {
  const g = f.glyphs[ch] ?? f.glyphs["?"];
  if (!g) throw new Error(`No glyph for ${JSON.stringify(ch)}`);
  return g;
}

/** Advance width of `text` in user units. */
export function measure(text: string, { font = "pjs-700", size, tracking = 0 }: TextOptions): number {
  const f = fonts[font];
  const scale = size / f.unitsPerEm;
  const chars = [...text];
  let w = 0;
  chars.forEach((ch, i) => {
    w += glyph(f, ch)[0] * scale;
    const next = chars[i + 1];
    if (next !== undefined) w += (f.kern[ch + next] ?? 0) * scale + tracking * size;
  });
  return w;
}

export function metrics(font: FontKey, size: number) {
  const f = fonts[font];
  const s = size / f.unitsPerEm;
  return {
    capHeight: f.capHeight * s,
    xHeight: f.xHeight * s,
    ascender: f.ascender * s,
    descender: f.descender * s,
  };
}

/**
 * Path data for `text` with its baseline at (x, y). Returns the `d` attribute and the width, so
 * callers can place text next to other shapes.
 */
export function textPath(
  text: string,
  x: number,
  y: number,
  opts: TextOptions,
): { d: string; width: number } {
  const { font = "pjs-700", size, tracking = 0, anchor = "start" } = opts;
  const f = fonts[font];
  const scale = size / f.unitsPerEm;
  const width = measure(text, opts);
  let pen = anchor === "middle" ? x - width / 2 : anchor === "end" ? x - width : x;
  const parts: string[] = [];
  const chars = [...text];
  chars.forEach((ch, i) => {
    const [advance, d] = glyph(f, ch);
    if (d) {
      // Absolute M/L/Q/C/Z commands in font units, y up: map each coordinate pair.
      parts.push(
        d.replace(/([MLQCZ])([^MLQCZ]*)/g, (_m, cmd: string, args: string) => {
          const nums = args.trim()
            ? args
                .trim()
                .split(/[\s,]+/)
                .map(Number)
            : [];
          const out: string[] = [];
          for (let k = 0; k < nums.length; k += 2) {
            out.push(`${r(pen + (nums[k] ?? 0) * scale)} ${r(y - (nums[k + 1] ?? 0) * scale)}`);
          }
          return cmd + out.join(" ");
        }),
      );
    }
    pen += advance * scale;
    const next = chars[i + 1];
    if (next !== undefined) pen += (f.kern[ch + next] ?? 0) * scale + tracking * size;
  });
  return { d: parts.join(""), width };
}

/** A <path> element for `text`. */
export function text(
  str: string,
  x: number,
  y: number,
  opts: TextOptions & { fill: string; opacity?: number },
): string {
  const { d } = textPath(str, x, y, opts);
  const op = opts.opacity !== undefined && opts.opacity < 1 ? ` opacity="${opts.opacity}"` : "";
  return d ? `<path fill="${opts.fill}"${op} d="${d}"/>` : "";
}

/** Greedy word wrap to lines no wider than maxWidth. */
export function wrap(str: string, maxWidth: number, opts: TextOptions): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of str.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && measure(candidate, opts) > maxWidth) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}
