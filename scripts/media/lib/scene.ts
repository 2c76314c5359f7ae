// A scene = backdrop + a subject drawn on a 1200 × 900 stage, fitted into any canvas size.
import { backdrop, commonDefs, dark, light, type Backdrop, type Theme } from "./motifs.ts";
import { n, rng, svgDoc, type Rng } from "./svg.ts";

export const STAGE_W = 1200;
export const STAGE_H = 900;

export type Subject = (
  t: Theme,
  r: Rng,
  frame: { w: number; h: number; s: number; ox: number; oy: number },
) => string;

export type SceneSpec = {
  bg: Backdrop;
  seed: string;
  subject: Subject;
  texture?: "dots" | "grid" | "none";
  /** Drawn in canvas coordinates under the subject (e.g. edge decorations on wide canvases). */
  under?: (t: Theme, r: Rng, w: number, h: number) => string;
  /** Extra zoom of the stage (1 = fit). */
  zoom?: number;
  /** Stage offset in stage units (to re-frame a subject). */
  shift?: [number, number];
};

export function themeFor(bg: Backdrop): Theme {
  return bg === "light" || bg === "lilac" ? light : dark;
}

export function scene(w: number, h: number, spec: SceneSpec, title: string): string {
  const t = themeFor(spec.bg);
  const bd = backdrop(spec.bg, w, h, spec.seed, spec.texture ?? "dots");
  const s = Math.min(w / STAGE_W, h / STAGE_H) * (spec.zoom ?? 1);
  const [sx, sy] = spec.shift ?? [0, 0];
  const ox = (w - STAGE_W * s) / 2 + sx * s;
  const oy = (h - STAGE_H * s) / 2 + sy * s;
  const r = rng(spec.seed);
  const under = spec.under ? spec.under(t, rng(`${spec.seed}-u`), w, h) : "";
  const body =
    bd.body +
    under +
    `<g transform="translate(${n(ox)} ${n(oy)}) scale(${n(s)})">${spec.subject(t, r, { w, h, s, ox, oy })}</g>`;
  return svgDoc(w, h, body, commonDefs() + bd.defs, title);
}
