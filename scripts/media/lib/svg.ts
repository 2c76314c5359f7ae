// Small SVG-writing helpers shared by the generators. Everything is deterministic: numbers are
// rounded the same way on every run and randomness comes from a seeded generator.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** Round to 2 decimals for compact, stable output. */
export const n = (v: number): string => {
  const x = Math.round(v * 100) / 100;
  return Object.is(x, -0) ? "0" : String(x);
};

/** Seeded PRNG (mulberry32): the same seed always yields the same picture. */
export function rng(seed: number | string) {
  let s =
    typeof seed === "number"
      ? seed
      : [...seed].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 2166136261);
  s >>>= 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (a: number, b: number) => a + (b - a) * next(),
    int: (a: number, b: number) => Math.floor(a + (b - a + 1) * next()),
    pick: <T>(arr: readonly T[]): T => arr[Math.floor(next() * arr.length)] as T,
  };
}
export type Rng = ReturnType<typeof rng>;

/** Attribute string from an object (undefined values skipped). */
export function attrs(a: Record<string, string | number | undefined>): string {
  return Object.entries(a)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? n(v) : v}"`)
    .join("");
}

export const rect = (x: number, y: number, w: number, h: number, rx: number, fill: string, extra = "") =>
  `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}"${rx ? ` rx="${n(rx)}"` : ""} fill="${fill}"${extra}/>`;

export const circle = (cx: number, cy: number, r: number, fill: string, extra = "") =>
  `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="${fill}"${extra}/>`;

export const line = (
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width: number,
  extra = "",
) =>
  `<line x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}" stroke="${stroke}" stroke-width="${n(width)}" stroke-linecap="round"${extra}/>`;

export const path = (d: string, fill: string, extra = "") => `<path d="${d}" fill="${fill}"${extra}/>`;

export const stroke = (d: string, color: string, width: number, extra = "") =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-linejoin="round"${extra}/>`;

/** Polyline path from points. */
export const poly = (pts: Array<[number, number]>, close = false) =>
  pts.map(([x, y], i) => `${i ? "L" : "M"}${n(x)} ${n(y)}`).join("") + (close ? "Z" : "");

/** Smooth path through points (Catmull-Rom → cubic Bézier). */
export function smooth(pts: Array<[number, number]>): string {
  if (pts.length < 2) return "";
  let d = `M${n(pts[0]![0])} ${n(pts[0]![1])}`;
  for (let i = 0; i < pts.length - 1; i++) {
    const p0 = pts[i - 1] ?? pts[i]!;
    const p1 = pts[i]!;
    const p2 = pts[i + 1]!;
    const p3 = pts[i + 2] ?? p2;
    const c1: [number, number] = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: [number, number] = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d;
}

/** Closed smooth blob around (cx, cy). */
export function blob(cx: number, cy: number, r: number, rand: Rng, points = 7, wobble = 0.22): string {
  const pts: Array<[number, number]> = [];
  for (let i = 0; i < points; i++) {
    const a = (i / points) * Math.PI * 2;
    const rr = r * (1 - wobble / 2 + wobble * rand.next());
    pts.push([cx + Math.cos(a) * rr, cy + Math.sin(a) * rr]);
  }
  // Close smoothly by wrapping the control points.
  const m = pts.length;
  let d = `M${n(pts[0]![0])} ${n(pts[0]![1])}`;
  for (let i = 0; i < m; i++) {
    const p0 = pts[(i - 1 + m) % m]!;
    const p1 = pts[i]!;
    const p2 = pts[(i + 1) % m]!;
    const p3 = pts[(i + 2) % m]!;
    d += `C${n(p1[0] + (p2[0] - p0[0]) / 6)} ${n(p1[1] + (p2[1] - p0[1]) / 6)} ${n(p2[0] - (p3[0] - p1[0]) / 6)} ${n(p2[1] - (p3[1] - p1[1]) / 6)} ${n(p2[0])} ${n(p2[1])}`;
  }
  return d + "Z";
}

export type Stop = [offset: number, color: string, opacity?: number];

export function linear(id: string, stops: Stop[], x1 = 0, y1 = 0, x2 = 1, y2 = 1): string {
  return `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}">${stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${n(o)}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${n(op)}"` : ""}/>`,
    )
    .join("")}</linearGradient>`;
}

export function radial(id: string, stops: Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
  return `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}">${stops
    .map(
      ([o, c, op]) =>
        `<stop offset="${n(o)}" stop-color="${c}"${op !== undefined ? ` stop-opacity="${n(op)}"` : ""}/>`,
    )
    .join("")}</radialGradient>`;
}

/** Gaussian-blur filter (for soft glows and shadows). */
export const blurFilter = (id: string, sd: number) =>
  `<filter id="${id}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(sd)}"/></filter>`;

/** Soft drop shadow filter tinted violet. */
export const shadowFilter = (id: string, dy: number, sd: number, color = "#1a0b27", opacity = 0.28) =>
  `<filter id="${id}" x="-30%" y="-30%" width="160%" height="170%"><feDropShadow dx="0" dy="${n(dy)}" stdDeviation="${n(sd)}" flood-color="${color}" flood-opacity="${n(opacity)}"/></filter>`;

export function svgDoc(width: number, height: number, body: string, defs = "", title?: string): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    (title ? `<title>${escapeXml(title)}</title>` : "") +
    (defs ? `<defs>${defs}</defs>` : "") +
    body +
    `</svg>\n`
  );
}

export function escapeXml(s: string): string {
  return s.replace(/[<>&"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;" })[c] ?? c);
}

/** Write a file only when its content changed (keeps mtimes and the incremental build stable). */
export function writeIfChanged(file: string, content: string | Buffer): boolean {
  try {
    const old = readFileSync(file);
    if (Buffer.isBuffer(content) ? old.equals(content) : old.toString("utf8") === content) return false;
  } catch {
    // missing: write it
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return true;
}
