// Drawing vocabulary for the generated artwork: devices, UI cards, charts and objects in one
// consistent flat style (rounded cards, soft violet shadows, one amber highlight). Each motif is
// drawn in its own coordinate box (documented per function) and placed with `place()`.
import {
  amber,
  amberDeep,
  amberSoft,
  brand,
  indigo,
  indigoSoft,
  ink,
  lilac,
  mist,
  night,
  nightRaised,
  orchid,
  orchidSoft,
  white,
} from "./palette.ts";
import {
  blob,
  blurFilter,
  circle,
  line,
  linear,
  n,
  poly,
  radial,
  rect,
  rng,
  shadowFilter,
  smooth,
  type Rng,
} from "./svg.ts";

export type Theme = {
  dark: boolean;
  card: string;
  card2: string;
  line: string;
  soft: string;
  muted: string;
  primary: string;
  primary2: string;
  accent: string;
  ink: string;
  onPrimary: string;
};

export const light: Theme = {
  dark: false,
  card: white,
  card2: mist,
  line: brand[200],
  soft: brand[100],
  muted: brand[300],
  primary: brand[700],
  primary2: brand[500],
  accent: amber,
  ink,
  onPrimary: white,
};

export const dark: Theme = {
  dark: true,
  card: "#26163a",
  card2: "#1e1230",
  line: "#3d2656",
  soft: "#33204a",
  muted: brand[600],
  primary: brand[400],
  primary2: brand[300],
  accent: amber,
  ink: "#f4eefa",
  onPrimary: night,
};

/** Place a motif drawn in its own box at (x, y), scaled and optionally rotated about its origin. */
export function place(svg: string, x: number, y: number, s = 1, rotate = 0): string {
  const t = [
    `translate(${n(x)} ${n(y)})`,
    rotate ? `rotate(${n(rotate)})` : "",
    s !== 1 ? `scale(${n(s)})` : "",
  ]
    .filter(Boolean)
    .join(" ");
  return `<g transform="${t}">${svg}</g>`;
}

/** Shared filters and gradients every scene can reference. */
export function commonDefs(): string {
  return (
    shadowFilter("sh", 14, 18, brand[950], 0.22) +
    shadowFilter("shs", 6, 8, brand[950], 0.2) +
    blurFilter("glow", 40) +
    blurFilter("glowS", 14) +
    linear("gPrimary", [
      [0, brand[500]],
      [1, brand[800]],
    ]) +
    linear("gVivid", [
      [0, orchid],
      [1, brand[700]],
    ]) +
    linear("gAmber", [
      [0, amberSoft],
      [1, amberDeep],
    ]) +
    linear(
      "gIndigo",
      [
        [0, indigoSoft],
        [1, indigo],
      ],
      0,
      0,
      0,
      1,
    ) +
    linear(
      "gArea",
      [
        [0, brand[500], 0.45],
        [1, brand[500], 0],
      ],
      0,
      0,
      0,
      1,
    ) +
    linear(
      "gAreaD",
      [
        [0, brand[300], 0.5],
        [1, brand[300], 0],
      ],
      0,
      0,
      0,
      1,
    ) +
    `<pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.6" fill="${brand[400]}" fill-opacity="0.35"/></pattern>` +
    `<pattern id="dotsD" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.6" fill="${brand[300]}" fill-opacity="0.16"/></pattern>` +
    `<pattern id="grid" width="64" height="64" patternUnits="userSpaceOnUse"><path d="M64 0H0V64" fill="none" stroke="${brand[300]}" stroke-opacity="0.1" stroke-width="1.5"/></pattern>`
  );
}

export type Backdrop = "light" | "lilac" | "deep" | "vivid" | "night" | "dusk";

/** Full-bleed background with soft glows; `seed` moves the glows so no two pictures match. */
export function backdrop(
  kind: Backdrop,
  w: number,
  h: number,
  seed: number | string,
  texture: "dots" | "grid" | "none" = "dots",
): { defs: string; body: string } {
  const r = rng(`bg-${seed}`);
  const id = `bg${typeof seed === "number" ? seed : seed.replace(/[^a-z0-9]/gi, "")}`;
  const palettes: Record<
    Backdrop,
    { a: string; b: string; g1: string; g2: string; o1: number; o2: number; dark: boolean }
  > = {
    light: { a: "#fcf9fe", b: brand[100], g1: brand[300], g2: orchidSoft, o1: 0.55, o2: 0.45, dark: false },
    lilac: { a: brand[100], b: brand[200], g1: indigoSoft, g2: "#ffffff", o1: 0.7, o2: 0.7, dark: false },
    deep: { a: brand[950], b: brand[800], g1: brand[600], g2: indigo, o1: 0.75, o2: 0.45, dark: true },
    vivid: { a: brand[800], b: brand[600], g1: orchid, g2: indigo, o1: 0.55, o2: 0.55, dark: true },
    night: { a: night, b: brand[900], g1: brand[700], g2: orchid, o1: 0.7, o2: 0.3, dark: true },
    dusk: { a: brand[900], b: brand[700], g1: amberDeep, g2: orchid, o1: 0.35, o2: 0.45, dark: true },
  };
  const p = palettes[kind];
  const ang = r.range(0, 1);
  const defs =
    linear(
      `${id}l`,
      [
        [0, p.a],
        [1, p.b],
      ],
      0,
      ang * 0.4,
      1,
      1 - ang * 0.4,
    ) +
    radial(`${id}r1`, [
      [0, p.g1, p.o1],
      [1, p.g1, 0],
    ]) +
    radial(`${id}r2`, [
      [0, p.g2, p.o2],
      [1, p.g2, 0],
    ]);
  const m = Math.max(w, h);
  const c1: [number, number] = [r.range(0.55, 0.95) * w, r.range(0.0, 0.45) * h];
  const c2: [number, number] = [r.range(0.05, 0.4) * w, r.range(0.6, 1) * h];
  let body =
    rect(0, 0, w, h, 0, `url(#${id}l)`) +
    `<ellipse cx="${n(c1[0])}" cy="${n(c1[1])}" rx="${n(m * 0.55)}" ry="${n(m * 0.45)}" fill="url(#${id}r1)"/>` +
    `<ellipse cx="${n(c2[0])}" cy="${n(c2[1])}" rx="${n(m * 0.45)}" ry="${n(m * 0.4)}" fill="url(#${id}r2)"/>`;
  if (texture === "dots") body += rect(0, 0, w, h, 0, p.dark ? "url(#dotsD)" : "url(#dots)");
  if (texture === "grid") body += rect(0, 0, w, h, 0, "url(#grid)");
  return { defs, body };
}

// ---------------------------------------------------------------------------------------------
// Generic UI pieces

/** Skeleton text lines inside a box: widths are fractions of w. */
export function lines(
  x: number,
  y: number,
  w: number,
  widths: number[],
  color: string,
  h = 8,
  gap = 16,
): string {
  return widths.map((f, i) => rect(x, y + i * gap, w * f, h, h / 2, color)).join("");
}

/** A floating card with shadow. */
export function card(x: number, y: number, w: number, h: number, t: Theme, r = 18, fill?: string): string {
  return rect(x, y, w, h, r, fill ?? t.card, ` filter="url(#sh)"`);
}

/** Pill chip with a dot and a label bar. Box: w × 44. */
export function chip(w: number, t: Theme, dot = t.accent): string {
  return (
    rect(0, 0, w, 44, 22, t.card, ` filter="url(#shs)"`) +
    circle(22, 22, 9, dot) +
    rect(40, 18, w - 60, 8, 4, t.line)
  );
}

/** Round avatar (head + shoulders) in a circle of radius r centred at (cx, cy). */
export function avatar(cx: number, cy: number, r: number, bg: string, skin: string, shirt: string): string {
  const id = `av${Math.round(cx)}x${Math.round(cy)}r${Math.round(r)}`;
  return (
    `<clipPath id="${id}"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/></clipPath>` +
    circle(cx, cy, r, bg) +
    `<g clip-path="url(#${id})">` +
    `<ellipse cx="${n(cx)}" cy="${n(cy + r * 0.95)}" rx="${n(r * 0.72)}" ry="${n(r * 0.55)}" fill="${shirt}"/>` +
    circle(cx, cy - r * 0.12, r * 0.34, skin) +
    `</g>`
  );
}

export const skins = ["#8d5a3b", "#6b4128", "#a86f4c", "#5a3520", "#c48b63", "#7a4a2e"] as const;

/** Four-point sparkle (the brand's spark) centred at (cx, cy). */
export function sparkle(cx: number, cy: number, r: number, fill: string): string {
  const k = r * 0.16;
  return `<path d="M${n(cx)} ${n(cy - r)}Q${n(cx + k)} ${n(cy - k)} ${n(cx + r)} ${n(cy)}Q${n(cx + k)} ${n(cy + k)} ${n(cx)} ${n(cy + r)}Q${n(cx - k)} ${n(cy + k)} ${n(cx - r)} ${n(cy)}Q${n(cx - k)} ${n(cy - k)} ${n(cx)} ${n(cy - r)}Z" fill="${fill}"/>`;
}

/** Lightning bolt in a 48 × 48 box. */
export const boltPath = "M28.5 7 14 27.5h10l-3 13.5 15-21H25.5z";

/** Concentric rings (decoration). */
export function rings(
  cx: number,
  cy: number,
  r0: number,
  count: number,
  step: number,
  color: string,
  opacity = 0.25,
  width = 2,
): string {
  let s = "";
  for (let i = 0; i < count; i++)
    s += circle(
      cx,
      cy,
      r0 + i * step,
      "none",
      ` stroke="${color}" stroke-opacity="${n(opacity * (1 - i / (count + 1)))}" stroke-width="${n(width)}"`,
    );
  return s;
}

/** Soft glow blob behind a subject. */
export function glow(cx: number, cy: number, rx: number, ry: number, color: string, opacity = 0.6): string {
  return `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" fill="${color}" opacity="${n(opacity)}" filter="url(#glow)"/>`;
}

// ---------------------------------------------------------------------------------------------
// Charts

/** Bar chart in a w × h box; values 0..1. */
export function bars(
  w: number,
  h: number,
  values: number[],
  colors: string[],
  radius = 6,
  gapRatio = 0.38,
): string {
  const bw = w / (values.length + (values.length - 1) * gapRatio);
  return values
    .map((v, i) => {
      const bh = Math.max(6, v * h);
      return rect(
        i * bw * (1 + gapRatio),
        h - bh,
        bw,
        bh,
        Math.min(radius, bw / 2),
        colors[i % colors.length]!,
      );
    })
    .join("");
}

/** Smooth line chart (with area) in a w × h box; values 0..1. */
export function lineChart(
  w: number,
  h: number,
  values: number[],
  color: string,
  area: string | null,
  width = 5,
  dotLast = true,
): string {
  const pts = values.map((v, i): [number, number] => [(i / (values.length - 1)) * w, h - v * h]);
  const d = smooth(pts);
  const last = pts[pts.length - 1]!;
  return (
    (area ? `<path d="${d}L${n(w)} ${n(h)}L0 ${n(h)}Z" fill="${area}"/>` : "") +
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round"/>` +
    (dotLast
      ? circle(last[0], last[1], width * 1.9, white, ` stroke="${color}" stroke-width="${n(width * 0.9)}"`)
      : "")
  );
}

/** Donut chart centred at 0,0. Segments are fractions that sum to ≤ 1. */
export function donut(r: number, width: number, segments: Array<[number, string]>, track: string): string {
  const c = 2 * Math.PI * r;
  let acc = 0;
  let s = circle(0, 0, r, "none", ` stroke="${track}" stroke-width="${n(width)}"`);
  for (const [f, color] of segments) {
    s += `<circle r="${n(r)}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-dasharray="${n(f * c - 4)} ${n(c)}" stroke-dashoffset="${n(-acc * c)}" transform="rotate(-90)"/>`;
    acc += f;
  }
  return s;
}

/** Progress ring (0..1) centred at 0,0 with a bold arc. */
export function ring(r: number, width: number, value: number, color: string, track: string): string {
  const c = 2 * Math.PI * r;
  return (
    circle(0, 0, r, "none", ` stroke="${track}" stroke-width="${n(width)}"`) +
    `<circle r="${n(r)}" fill="none" stroke="${color}" stroke-width="${n(width)}" stroke-linecap="round" stroke-dasharray="${n(value * c)} ${n(c)}" transform="rotate(-90)"/>`
  );
}

/** KPI card, 240 × 130: label bar, big value bar, sparkline. */
export function kpi(t: Theme, color: string, values: number[], up = true): string {
  return (
    card(0, 0, 240, 130, t) +
    rect(22, 24, 80, 9, 4.5, t.line) +
    rect(22, 46, 110, 20, 8, t.ink, ` opacity="0.85"`) +
    rect(146, 48, 52, 18, 9, up ? brand[100] : "#fde8d0") +
    place(lineChart(196, 34, values, color, null, 3.5, false), 22, 80)
  );
}

// ---------------------------------------------------------------------------------------------
// Devices

/** Phone, 220 × 440 body; `screen` draws into a 196 × 396 screen box at (12, 22). */
export function phone(t: Theme, screen: string, body = t.dark ? "#0d0714" : ink): string {
  const sid = `ps${screen.length}${screen.charCodeAt(10) || 0}${screen.charCodeAt(screen.length >> 1) || 0}`;
  return (
    rect(0, 0, 220, 440, 34, body, ` filter="url(#sh)"`) +
    `<clipPath id="${sid}"><rect x="10" y="10" width="200" height="420" rx="26"/></clipPath>` +
    `<g clip-path="url(#${sid})">${rect(10, 10, 200, 420, 26, t.card2)}<g transform="translate(12 22)">${screen}</g></g>` +
    rect(82, 18, 56, 14, 7, body)
  );
}

/** Browser window w × h with a toolbar; `content` draws into (0, 44) and is clipped. */
export function browser(w: number, h: number, t: Theme, content: string, tint = t.card): string {
  const id = `bw${Math.round(w)}${Math.round(h)}${content.length}`;
  return (
    rect(0, 0, w, h, 18, tint, ` filter="url(#sh)"`) +
    `<clipPath id="${id}"><rect x="0" y="0" width="${n(w)}" height="${n(h)}" rx="18"/></clipPath>` +
    `<g clip-path="url(#${id})">` +
    rect(0, 0, w, 44, 0, t.dark ? "#1b1029" : brand[50]) +
    circle(24, 22, 6, "#f08a8a") +
    circle(44, 22, 6, amber) +
    circle(64, 22, 6, "#8fd1a6") +
    rect(
      96,
      12,
      Math.min(w - 140, 360),
      20,
      10,
      t.dark ? "#2c1b40" : white,
      t.dark ? "" : ` stroke="${brand[100]}"`,
    ) +
    `<g transform="translate(0 44)">${content}</g></g>`
  );
}

/** Laptop, screen w × (w·0.62) + base; content drawn into the screen box at (14, 14). */
export function laptop(w: number, t: Theme, content: string): string {
  const h = w * 0.62;
  const id = `lp${Math.round(w)}${content.length}`;
  return (
    rect(0, 0, w, h, 16, t.dark ? "#0d0714" : "#2a1838", ` filter="url(#sh)"`) +
    `<clipPath id="${id}"><rect x="14" y="14" width="${n(w - 28)}" height="${n(h - 28)}" rx="6"/></clipPath>` +
    `<g clip-path="url(#${id})">${rect(14, 14, w - 28, h - 28, 6, t.card2)}<g transform="translate(14 14)">${content}</g></g>` +
    `<path d="M${n(-w * 0.08)} ${n(h)}H${n(w * 1.08)}L${n(w * 1.02)} ${n(h + w * 0.045)}H${n(-w * 0.02)}Z" fill="${t.dark ? brand[800] : brand[200]}"/>` +
    rect(w * 0.42, h, w * 0.16, w * 0.012, 2, t.dark ? brand[700] : brand[300])
  );
}

// ---------------------------------------------------------------------------------------------
// Screens (content for phone 196 × 396 or browser areas)

export function appScreen(t: Theme, variant: number, r: Rng): string {
  let s = "";
  // header
  s += rect(16, 18, 90, 12, 6, t.ink, ` opacity="0.85"`) + circle(170, 24, 14, t.primary2);
  if (variant === 0) {
    // hero card + list
    s +=
      rect(12, 56, 172, 120, 18, "url(#gPrimary)") +
      rect(30, 80, 80, 10, 5, white, ` opacity="0.9"`) +
      rect(30, 100, 110, 22, 8, white) +
      rect(30, 140, 60, 20, 10, amber);
    for (let i = 0; i < 4; i++) {
      const y = 196 + i * 48;
      s +=
        rect(12, y, 172, 40, 12, t.card) +
        rect(22, y + 8, 24, 24, 8, [brand[200], orchidSoft, indigoSoft, amberSoft][i]!) +
        rect(56, y + 11, 70 + r.int(0, 40), 7, 3.5, t.line) +
        rect(56, y + 24, 50, 6, 3, t.soft);
    }
  } else if (variant === 1) {
    // product grid (marketplace)
    for (let i = 0; i < 6; i++) {
      const x = 12 + (i % 2) * 90;
      const y = 56 + Math.floor(i / 2) * 112;
      s +=
        rect(x, y, 82, 104, 14, t.card) +
        rect(
          x + 8,
          y + 8,
          66,
          54,
          10,
          [brand[200], amberSoft, orchidSoft, indigoSoft, brand[100], brand[300]][i]!,
        ) +
        rect(x + 8, y + 70, 50, 7, 3.5, t.line) +
        rect(x + 8, y + 84, 30, 9, 4.5, t.primary);
    }
  } else if (variant === 2) {
    // health: vitals ring + appointment cards
    s += `<g transform="translate(98 130)">${ring(58, 14, 0.72, t.primary, t.soft)}${ring(36, 10, 0.5, amber, t.soft)}</g>`;
    for (let i = 0; i < 3; i++) {
      const y = 214 + i * 58;
      s +=
        rect(12, y, 172, 48, 14, t.card) +
        circle(36, y + 24, 13, i === 0 ? "#8fd1a6" : t.soft) +
        rect(58, y + 14, 80, 7, 3.5, t.line) +
        rect(58, y + 28, 50, 6, 3, t.soft);
    }
  } else if (variant === 3) {
    // wallet
    s +=
      rect(12, 56, 172, 104, 18, "url(#gVivid)") +
      rect(28, 76, 60, 8, 4, white, ` opacity="0.7"`) +
      rect(28, 96, 120, 22, 8, white) +
      circle(156, 138, 10, amber) +
      circle(142, 138, 10, amberSoft, ` opacity="0.9"`);
    s += place(bars(172, 70, [0.4, 0.7, 0.5, 0.9, 0.6, 0.8, 0.45], [t.muted, t.primary]), 12, 180);
    for (let i = 0; i < 3; i++) {
      const y = 268 + i * 40;
      s +=
        rect(12, y, 172, 32, 10, t.card) +
        circle(30, y + 16, 9, t.soft) +
        rect(48, y + 12, 64, 7, 3.5, t.line) +
        rect(140, y + 11, 34, 9, 4.5, i === 1 ? amberDeep : t.primary2);
    }
  } else if (variant === 4) {
    // course/lesson
    s +=
      rect(12, 56, 172, 100, 16, t.dark ? brand[800] : brand[200]) +
      `<path d="M88 86l30 20-30 20z" fill="${white}"/>`;
    s += rect(12, 168, 172, 8, 4, t.soft) + rect(12, 168, 110, 8, 4, amber);
    for (let i = 0; i < 4; i++) {
      const y = 192 + i * 46;
      s +=
        rect(12, y, 172, 38, 12, t.card) +
        circle(32, y + 19, 10, i < 2 ? t.primary : t.soft) +
        rect(52, y + 11, 90, 7, 3.5, t.line) +
        rect(52, y + 24, 40, 5, 2.5, t.soft);
    }
  } else {
    // feed
    for (let i = 0; i < 2; i++) {
      const y = 56 + i * 168;
      s +=
        rect(12, y, 172, 156, 16, t.card) +
        circle(32, y + 22, 11, [orchid, indigo][i]!) +
        rect(50, y + 16, 60, 7, 3.5, t.line) +
        rect(20, y + 42, 156, 78, 10, [brand[200], amberSoft][i]!) +
        heart(30, y + 132, 0.55, "#e0518a") +
        rect(52, y + 133, 40, 7, 3.5, t.soft);
    }
  }
  return s;
}

/** Dashboard content in a w × h area. */
export function dashboard(w: number, h: number, t: Theme, r: Rng, accent = t.accent): string {
  const side = Math.min(170, w * 0.2);
  let s = rect(0, 0, side, h, 0, t.dark ? "#1b1029" : brand[50]);
  s += rect(20, 22, side - 60, 12, 6, t.primary);
  for (let i = 0; i < 5; i++)
    s += rect(20, 62 + i * 34, side - 40 - r.int(0, 30), 9, 4.5, i === 1 ? t.primary2 : t.line);
  const x0 = side + 24;
  const cw = w - x0 - 24;
  const colW = (cw - 32) / 3;
  for (let i = 0; i < 3; i++) {
    const x = x0 + i * (colW + 16);
    s +=
      rect(x, 22, colW, 78, 14, t.card) +
      rect(x + 16, 38, colW * 0.4, 8, 4, t.line) +
      rect(x + 16, 56, colW * 0.6, 18, 7, i === 2 ? accent : t.ink, i === 2 ? "" : ` opacity="0.8"`);
  }
  const chartH = h - 140;
  s += rect(x0, 116, cw * 0.62, chartH, 14, t.card);
  s += place(
    lineChart(
      cw * 0.62 - 40,
      chartH - 60,
      Array.from({ length: 8 }, (_, i) => 0.2 + 0.6 * (i / 7) + r.range(-0.15, 0.15)),
      t.primary,
      "url(#gArea)",
      4,
    ),
    x0 + 20,
    146,
  );
  const bx = x0 + cw * 0.62 + 16;
  const bw = cw * 0.38 - 16;
  s += rect(bx, 116, bw, chartH, 14, t.card);
  s += place(
    donut(
      Math.min(bw, chartH) * 0.28,
      Math.min(bw, chartH) * 0.1,
      [
        [0.46, t.primary],
        [0.28, accent],
        [0.18, t.muted],
      ],
      t.soft,
    ),
    bx + bw / 2,
    116 + chartH / 2,
  );
  return s;
}

/** Code editor content in a w × h area: coloured token bars with indentation. */
export function code(w: number, h: number, t: Theme, r: Rng): string {
  const palette = [brand[300], orchidSoft, amberSoft, indigoSoft, "#9ee0c0", brand[200]];
  let s = rect(0, 0, w, h, 0, t.dark ? "#140b1f" : "#1f1230");
  const rows = Math.floor((h - 24) / 26);
  let indent = 0;
  for (let i = 0; i < rows; i++) {
    const y = 20 + i * 26;
    s += rect(14, y + 2, 16, 7, 3.5, "#5b4670");
    let x = 44 + indent * 26;
    const toks = r.int(1, 4);
    for (let k = 0; k < toks && x < w - 40; k++) {
      const tw = r.range(24, 90);
      s += rect(x, y, Math.min(tw, w - 30 - x), 10, 5, r.pick(palette));
      x += tw + 10;
    }
    const roll = r.next();
    if (roll < 0.25 && indent < 3) indent++;
    else if (roll > 0.72 && indent > 0) indent--;
  }
  return s;
}

/** Landing-page wireframe content in a w × h area. */
export function landing(w: number, h: number, t: Theme, accent = t.accent): string {
  let s = rect(0, 0, w, h, 0, t.card);
  s += rect(24, 20, 70, 12, 6, t.primary);
  for (let i = 0; i < 3; i++) s += rect(w - 250 + i * 70, 22, 50, 8, 4, t.line);
  s += rect(0, 56, w, h * 0.42, 0, t.dark ? brand[900] : brand[50]);
  s +=
    rect(w * 0.08, 56 + h * 0.08, w * 0.4, 22, 10, t.ink, ` opacity="0.85"`) +
    rect(w * 0.08, 56 + h * 0.08 + 34, w * 0.32, 22, 10, t.ink, ` opacity="0.85"`);
  s += lines(w * 0.08, 56 + h * 0.08 + 76, w * 0.36, [1, 0.8], t.muted, 8, 18);
  s += rect(w * 0.08, 56 + h * 0.3, 120, 36, 18, accent);
  s += rect(w * 0.56, 56 + h * 0.05, w * 0.36, h * 0.32, 16, "url(#gVivid)");
  for (let i = 0; i < 3; i++) {
    const x = w * 0.08 + i * (w * 0.29);
    s +=
      rect(x, 56 + h * 0.5, w * 0.25, h * 0.3, 14, t.card2) +
      circle(x + 30, 56 + h * 0.5 + 32, 14, [t.primary2, orchid, indigo][i]!) +
      lines(x + 16, 56 + h * 0.5 + 62, w * 0.2, [0.9, 0.7, 0.8], t.line, 7, 15);
  }
  return s;
}

/** Article page content in a w × h area. */
export function article(w: number, h: number, t: Theme, imgFill = "url(#gVivid)"): string {
  let s = rect(0, 0, w, h, 0, t.card);
  s +=
    rect(w * 0.12, 26, w * 0.6, 18, 9, t.ink, ` opacity="0.85"`) +
    rect(w * 0.12, 54, w * 0.4, 18, 9, t.ink, ` opacity="0.85"`);
  s += rect(w * 0.12, 90, w * 0.76, h * 0.32, 12, imgFill);
  s += lines(w * 0.12, 110 + h * 0.32, w * 0.76, [1, 0.94, 0.98, 0.7, 0, 1, 0.9, 0.6], t.line, 8, 18);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Objects (each in the box noted)

/** Shield, 200 × 240, with a keyhole or a tick. */
export function shield(t: Theme, mark: "tick" | "lock" = "tick"): string {
  const d =
    "M100 0C130 20 165 30 200 30V110C200 175 150 220 100 240C50 220 0 175 0 110V30C35 30 70 20 100 0Z";
  return (
    `<path d="${d}" fill="url(#gPrimary)" filter="url(#sh)"/>` +
    `<path d="M100 20C124 36 152 46 180 47V112C180 164 140 200 100 218Z" fill="${white}" opacity="0.08"/>` +
    (mark === "tick"
      ? `<path d="M62 118l26 26 52-58" fill="none" stroke="${amber}" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"/>`
      : rect(64, 104, 72, 60, 12, amber) +
        `<path d="M76 104V86a24 24 0 0 1 48 0v18" fill="none" stroke="${amber}" stroke-width="12"/>` +
        circle(100, 128, 8, brand[800]) +
        rect(96, 130, 8, 18, 4, brand[800]))
  );
}

/** Padlock, 120 × 150. */
export function padlock(color: string, shackle: string): string {
  return (
    `<path d="M28 64V44a32 32 0 0 1 64 0v20" fill="none" stroke="${shackle}" stroke-width="14"/>` +
    rect(0, 60, 120, 90, 20, color, ` filter="url(#shs)"`) +
    circle(60, 98, 11, white) +
    rect(55, 100, 10, 24, 5, white)
  );
}

/** Gear centred at 0,0. */
export function gear(r: number, teeth: number, fill: string, hole: string): string {
  const pts: Array<[number, number]> = [];
  const inner = r * 0.8;
  for (let i = 0; i < teeth * 4; i++) {
    const a = (i / (teeth * 4)) * Math.PI * 2;
    const rr = i % 4 < 2 ? r : inner;
    pts.push([Math.cos(a) * rr, Math.sin(a) * rr]);
  }
  return (
    `<path d="${poly(pts, true)}" fill="${fill}" stroke="${fill}" stroke-width="${n(r * 0.06)}" stroke-linejoin="round"/>` +
    circle(0, 0, r * 0.38, hole)
  );
}

/** Open-end wrench, about 240 long, pointing right, origin at the handle end. */
export function wrench(fill: string): string {
  const id = `wr${fill.replace(/[^a-z0-9]/gi, "")}`;
  return (
    `<mask id="${id}"><rect x="-20" y="-80" width="300" height="160" fill="#fff"/><path d="M196 -15H260V15H196A15 15 0 0 1 196 -15Z" fill="#000"/></mask>` +
    `<g mask="url(#${id})" fill="${fill}"><path d="M0 -16H150L168 -30H182A48 48 0 1 1 182 30H168L150 16H0A16 16 0 0 1 0 -16Z"/></g>` +
    `<circle cx="22" cy="0" r="7" fill="${brand[800]}" opacity="0.35"/>`
  );
}

/** Envelope, 240 × 160. */
export function envelope(t: Theme, flap = t.primary): string {
  return (
    rect(0, 0, 240, 160, 16, t.card, ` filter="url(#sh)"`) +
    `<path d="M8 12L120 92 232 12" fill="none" stroke="${flap}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<path d="M10 150L92 82M230 150L148 82" stroke="${t.line}" stroke-width="6" stroke-linecap="round"/>`
  );
}

/** Paper plane, ~160 × 110. */
export function plane(fill: string, shade: string): string {
  return `<path d="M0 50L160 0 110 110 76 72Z" fill="${fill}"/><path d="M160 0L76 72 70 108 88 84" fill="${shade}"/>`;
}

/** Magnifier, lens radius 60 at 0,0, handle to bottom-right. */
export function magnifier(frame: string, lens: string): string {
  return (
    `<path d="M44 44L110 110" stroke="${frame}" stroke-width="26" stroke-linecap="round"/>` +
    circle(0, 0, 60, lens, ` stroke="${frame}" stroke-width="16"`) +
    `<path d="M-30 -18a36 36 0 0 1 26-20" fill="none" stroke="${white}" stroke-width="8" stroke-linecap="round" opacity="0.7"/>`
  );
}

/** Heart centred at 0,0 (width ~ 40·s). */
export function heart(cx: number, cy: number, s: number, fill: string): string {
  return `<path transform="translate(${n(cx)} ${n(cy)}) scale(${n(s)})" d="M0 14C-30 -8 -18 -30 0 -16C18 -30 30 -8 0 14Z" fill="${fill}"/>`;
}

/** Speech bubble, w × h with tail at bottom-left. */
export function bubble(w: number, h: number, fill: string, lineColor: string): string {
  return (
    `<path d="M18 0H${n(w - 18)}Q${n(w)} 0 ${n(w)} 18V${n(h - 18)}Q${n(w)} ${n(h)} ${n(w - 18)} ${n(h)}H40L14 ${n(h + 18)}L20 ${n(h)}H18Q0 ${n(h)} 0 ${n(h - 18)}V18Q0 0 18 0Z" fill="${fill}" filter="url(#shs)"/>` +
    lines(18, h / 2 - 12, w - 36, [0.9, 0.6], lineColor, 8, 16)
  );
}

/** Target rings centred at 0,0 with an arrow. */
export function target(r: number, t: Theme): string {
  return (
    circle(0, 0, r, t.card, ` filter="url(#sh)"`) +
    circle(0, 0, r * 0.75, t.primary) +
    circle(0, 0, r * 0.52, t.card) +
    circle(0, 0, r * 0.28, amber) +
    `<path d="M${n(r * 0.05)} ${n(-r * 0.05)}L${n(r * 1.1)} ${n(-r * 1.1)}" stroke="${ink}" stroke-width="${n(r * 0.07)}" stroke-linecap="round"/>` +
    `<path d="M${n(r * 1.1)} ${n(-r * 1.1)}l${n(r * 0.02)} ${n(-r * 0.28)}l${n(r * 0.22)} ${n(r * 0.06)}l${n(-r * 0.04)} ${n(r * 0.2)}l${n(-r * 0.2)} ${n(r * 0.02)}z" fill="${brand[500]}"/>`
  );
}

/** Mouse pointer, ~40 × 56 at 0,0. */
export function cursor(fill = ink, edge = white): string {
  return `<path d="M0 0V44L12 33 21 53 30 49 21 30H37Z" fill="${fill}" stroke="${edge}" stroke-width="3.5" stroke-linejoin="round"/>`;
}

/** Isometric box with top at (0,0); size = edge length. */
export function isoBox(size: number, h: number, top: string, left: string, right: string): string {
  const dx = size * 0.866;
  const dy = size * 0.5;
  return (
    `<path d="M0 0L${n(dx)} ${n(dy)}L0 ${n(2 * dy)}L${n(-dx)} ${n(dy)}Z" fill="${top}"/>` +
    `<path d="M${n(-dx)} ${n(dy)}L0 ${n(2 * dy)}V${n(2 * dy + h)}L${n(-dx)} ${n(dy + h)}Z" fill="${left}"/>` +
    `<path d="M${n(dx)} ${n(dy)}L0 ${n(2 * dy)}V${n(2 * dy + h)}L${n(dx)} ${n(dy + h)}Z" fill="${right}"/>`
  );
}

/** Funnel of `steps` layers, width w at the top, at (0,0). */
export function funnel(w: number, layerH: number, colors: string[]): string {
  let s = "";
  colors.forEach((c, i) => {
    const top = w * (1 - i * 0.2);
    const bot = w * (1 - (i + 1) * 0.2 + 0.04);
    const y = i * (layerH + 10);
    s += `<path d="M${n(-top / 2)} ${n(y)}H${n(top / 2)}L${n(bot / 2)} ${n(y + layerH)}H${n(-bot / 2)}Z" fill="${c}" stroke="${c}" stroke-width="6" stroke-linejoin="round"/>`;
  });
  return s;
}

/** Megaphone pointing right, ~220 × 150 at 0,0. */
export function megaphone(body: string, bell: string): string {
  return (
    `<path d="M40 50L170 0V150L40 100Z" fill="${bell}" stroke="${bell}" stroke-width="10" stroke-linejoin="round"/>` +
    rect(0, 44, 52, 62, 12, body) +
    `<path d="M52 100L70 150H92L84 104Z" fill="${body}"/>` +
    `<path d="M190 40q26 35 0 70M210 22q40 53 0 106" fill="none" stroke="${amber}" stroke-width="8" stroke-linecap="round"/>`
  );
}

/** Rocket pointing up-right, ~120 × 200 (origin at nose). */
export function rocket(body: string, trim: string, flame = amber): string {
  return (
    `<path d="M0 0C30 26 40 70 36 120H-36C-40 70 -30 26 0 0Z" fill="${body}"/>` +
    circle(0, 58, 16, trim, ` stroke="${white}" stroke-width="6"`) +
    `<path d="M-36 92L-62 134L-36 124ZM36 92L62 134L36 124Z" fill="${trim}"/>` +
    `<path d="M-22 124Q0 190 22 124Z" fill="${flame}"/>` +
    `<path d="M-10 124Q0 160 10 124Z" fill="${amberSoft}"/>`
  );
}

/** Cloud, ~260 × 150 at 0,0. */
export function cloud(fill: string, extra = ""): string {
  return `<path d="M60 150C25 150 0 126 0 96C0 66 24 44 54 44C64 18 90 0 122 0C160 0 190 26 196 62C232 64 260 90 260 110C260 134 238 150 210 150Z" fill="${fill}"${extra}/>`;
}

/** Database cylinder, w wide, h tall. */
export function database(w: number, h: number, fill: string, band: string): string {
  const ry = w * 0.16;
  return (
    `<path d="M0 ${n(ry)}V${n(h - ry)}A${n(w / 2)} ${n(ry)} 0 0 0 ${n(w)} ${n(h - ry)}V${n(ry)}Z" fill="${fill}"/>` +
    `<ellipse cx="${n(w / 2)}" cy="${n(ry)}" rx="${n(w / 2)}" ry="${n(ry)}" fill="${band}"/>` +
    [0.38, 0.66]
      .map(
        (f) =>
          `<path d="M0 ${n(h * f)}A${n(w / 2)} ${n(ry)} 0 0 0 ${n(w)} ${n(h * f)}" fill="none" stroke="${band}" stroke-width="5"/>`,
      )
      .join("")
  );
}

/** Network of nodes in a w × h box. */
export function network(
  w: number,
  h: number,
  r: Rng,
  count: number,
  nodeColors: string[],
  lineColor: string,
  lineOpacity = 0.5,
): string {
  const pts: Array<[number, number, number]> = [];
  for (let i = 0; i < count; i++)
    pts.push([r.range(0.05, 0.95) * w, r.range(0.05, 0.95) * h, r.range(5, 13)]);
  let s = "";
  for (let i = 0; i < pts.length; i++)
    for (let j = i + 1; j < pts.length; j++) {
      const a = pts[i]!;
      const b = pts[j]!;
      const d = Math.hypot(a[0] - b[0], a[1] - b[1]);
      if (d < Math.min(w, h) * 0.42)
        s += line(
          a[0],
          a[1],
          b[0],
          b[1],
          lineColor,
          2,
          ` stroke-opacity="${n(lineOpacity * (1 - d / (Math.min(w, h) * 0.42)) + 0.08)}"`,
        );
    }
  pts.forEach(([x, y, rr], i) => (s += circle(x, y, rr, nodeColors[i % nodeColors.length]!)));
  return s;
}

/** Pen nib with Bézier handles (graphic design). Box ~ 300 × 200, origin top-left. */
export function bezier(t: Theme): string {
  return (
    `<path d="M10 170C60 20 220 20 290 150" fill="none" stroke="${t.primary}" stroke-width="8" stroke-linecap="round"/>` +
    line(10, 170, 70, 40, t.muted, 3) +
    line(290, 150, 230, 20, t.muted, 3) +
    rect(0, 160, 20, 20, 4, white, ` stroke="${t.primary}" stroke-width="4"`) +
    rect(280, 140, 20, 20, 4, white, ` stroke="${t.primary}" stroke-width="4"`) +
    circle(70, 40, 9, amber) +
    circle(230, 20, 9, amber)
  );
}

/** Pen nib, ~70 × 140, tip at the bottom. */
export function nib(fill: string, shade: string): string {
  return (
    `<path d="M35 140L0 60 18 0H52L70 60Z" fill="${fill}"/><path d="M35 140L35 72" stroke="${shade}" stroke-width="4"/>` +
    circle(35, 66, 8, shade) +
    rect(14, -16, 42, 22, 6, shade)
  );
}

/** Colour swatch card, 120 × 160. */
export function swatch(color: string, t: Theme): string {
  return (
    rect(0, 0, 120, 160, 14, t.card, ` filter="url(#shs)"`) +
    rect(10, 10, 100, 100, 8, color) +
    rect(12, 124, 60, 8, 4, t.line) +
    rect(12, 140, 40, 6, 3, t.soft)
  );
}

/** Checklist card, 260 × (48 + 52·items). */
export function checklist(t: Theme, items: boolean[], r: Rng): string {
  let s = card(0, 0, 260, 48 + items.length * 52, t) + rect(24, 24, 110, 12, 6, t.ink, ` opacity="0.8"`);
  items.forEach((done, i) => {
    const y = 58 + i * 52;
    s +=
      rect(24, y, 30, 30, 9, done ? t.primary : t.soft) +
      (done
        ? `<path d="M31 ${y + 15}l6 6 11-12" fill="none" stroke="${white}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>`
        : "") +
      rect(68, y + 11, r.range(90, 160), 8, 4, t.line);
  });
  return s;
}

/** Geometric bug (QA), ~120 × 150 centred at 0,0. */
export function bug(body: string, legs: string): string {
  let s = "";
  for (const y of [-20, 10, 40])
    s += `<path d="M-40 ${y}L-72 ${y - 14}M40 ${y}L72 ${y - 14}" stroke="${legs}" stroke-width="9" stroke-linecap="round"/>`;
  s += `<path d="M-14 -52L-30 -76M14 -52L30 -76" stroke="${legs}" stroke-width="7" stroke-linecap="round"/>`;
  s +=
    `<ellipse cx="0" cy="10" rx="46" ry="58" fill="${body}"/>` +
    `<ellipse cx="0" cy="-46" rx="26" ry="18" fill="${legs}"/>` +
    line(0, -34, 0, 66, legs, 5);
  return s;
}

/** Coin, radius r at 0,0, with the ₦ sign drawn as strokes. */
export function coin(r: number): string {
  const k = r * 0.32;
  return (
    circle(0, 0, r, amberDeep) +
    circle(0, -r * 0.06, r, amber) +
    circle(0, -r * 0.06, r * 0.74, "none", ` stroke="${amberSoft}" stroke-width="${n(r * 0.08)}"`) +
    `<path d="M${n(-k)} ${n(k * 1.3)}V${n(-k * 1.4)}L${n(k)} ${n(k * 1.2)}V${n(-k * 1.5)}M${n(-k * 1.5)} ${n(-k * 0.3)}H${n(k * 1.5)}M${n(-k * 1.5)} ${n(k * 0.3)}H${n(k * 1.5)}" fill="none" stroke="${amberDeep}" stroke-width="${n(r * 0.12)}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

/** Bank card, 300 × 190. */
export function bankCard(fill: string): string {
  return (
    rect(0, 0, 300, 190, 22, fill, ` filter="url(#sh)"`) +
    rect(26, 58, 46, 36, 8, amberSoft) +
    [0, 1, 2, 3].map((i) => rect(26 + i * 64, 126, 50, 10, 5, white, ` opacity="0.75"`)).join("") +
    rect(26, 154, 90, 8, 4, white, ` opacity="0.5"`) +
    circle(246, 40, 16, amber, ` opacity="0.9"`) +
    circle(264, 40, 16, orchidSoft, ` opacity="0.8"`)
  );
}

/** Speedometer gauge centred at 0,0 (radius r), value 0..1. */
export function gauge(r: number, value: number, t: Theme): string {
  const arc = (from: number, to: number) => {
    const a0 = Math.PI * (1 - from);
    const a1 = Math.PI * (1 - to);
    return `M${n(Math.cos(a0) * r)} ${n(-Math.sin(a0) * r)}A${n(r)} ${n(r)} 0 0 1 ${n(Math.cos(a1) * r)} ${n(-Math.sin(a1) * r)}`;
  };
  const a = Math.PI * (1 - value);
  return (
    `<path d="${arc(0, 1)}" fill="none" stroke="${t.soft}" stroke-width="${n(r * 0.16)}" stroke-linecap="round"/>` +
    `<path d="${arc(0, 0.45)}" fill="none" stroke="${t.muted}" stroke-width="${n(r * 0.16)}" stroke-linecap="round"/>` +
    `<path d="${arc(0.45, value)}" fill="none" stroke="${t.primary}" stroke-width="${n(r * 0.16)}" stroke-linecap="round"/>` +
    `<path d="M0 0L${n(Math.cos(a) * r * 0.78)} ${n(-Math.sin(a) * r * 0.78)}" stroke="${amber}" stroke-width="${n(r * 0.07)}" stroke-linecap="round"/>` +
    circle(0, 0, r * 0.1, t.ink)
  );
}

/** Globe (meridians and parallels) radius r at 0,0. */
export function globe(r: number, fill: string, lineColor: string): string {
  return (
    circle(0, 0, r, fill) +
    [0.35, 0.7]
      .map(
        (f) => `<ellipse rx="${n(r * f)}" ry="${n(r)}" fill="none" stroke="${lineColor}" stroke-width="3"/>`,
      )
      .join("") +
    [-0.5, 0, 0.5]
      .map(
        (f) =>
          `<path d="M${n(-Math.sqrt(1 - f * f) * r)} ${n(f * r)}H${n(Math.sqrt(1 - f * f) * r)}" stroke="${lineColor}" stroke-width="3"/>`,
      )
      .join("") +
    circle(0, 0, r, "none", ` stroke="${lineColor}" stroke-width="3"`)
  );
}

/** Map pin, ~60 × 84, tip at (0, 84)... origin at circle centre. */
export function pin(fill: string, dot = white): string {
  return (
    `<path d="M0 52C-20 28 -30 18 -30 0A30 30 0 0 1 30 0C30 18 20 28 0 52Z" fill="${fill}"/>` +
    circle(0, 0, 11, dot)
  );
}

/** Isometric stack of blocks (data/infrastructure), origin at the top vertex of the base. */
export function isoCity(
  r: Rng,
  cols: number,
  rows: number,
  size: number,
  palettes: Array<[string, string, string]>,
  maxH: number,
): string {
  let s = "";
  const dx = size * 0.866;
  const dy = size * 0.5;
  for (let sum = 0; sum <= cols + rows - 2; sum++)
    for (let i = 0; i < cols; i++) {
      const j = sum - i;
      if (j < 0 || j >= rows) continue;
      const x = (i - j) * dx;
      const y = (i + j) * dy;
      const h = r.range(0.15, 1) * maxH;
      const [top, left, right] = r.pick(palettes);
      s += place(isoBox(size * 0.86, h, top, left, right), x, y - h + size * 0.07);
    }
  return s;
}

/** Sticky note, 120 × 120 with a fold. */
export function sticky(fill: string, lineColor: string): string {
  return (
    `<path d="M0 0H120V92L92 120H0Z" fill="${fill}" filter="url(#shs)"/><path d="M92 120V92H120Z" fill="${lineColor}" opacity="0.5"/>` +
    lines(14, 24, 92, [0.9, 0.7, 0.8], lineColor, 7, 16)
  );
}

/** Play button disc, radius r at 0,0. */
export function play(r: number, fill: string, tri = white): string {
  return (
    circle(0, 0, r, fill, ` filter="url(#shs)"`) +
    `<path d="M${n(-r * 0.28)} ${n(-r * 0.4)}L${n(r * 0.45)} 0L${n(-r * 0.28)} ${n(r * 0.4)}Z" fill="${tri}" stroke="${tri}" stroke-width="${n(r * 0.08)}" stroke-linejoin="round"/>`
  );
}

/** Simple trophy, ~160 × 200, origin top-left. */
export function trophy(fill: string, shade: string): string {
  return (
    `<path d="M30 0H130V60A50 50 0 0 1 30 60Z" fill="${fill}"/>` +
    `<path d="M30 14H8A22 30 0 0 0 34 70M130 14H152A22 30 0 0 1 126 70" fill="none" stroke="${fill}" stroke-width="10"/>` +
    rect(68, 108, 24, 44, 4, shade) +
    rect(36, 150, 88, 22, 8, fill) +
    rect(24, 170, 112, 24, 8, shade) +
    sparkle(80, 48, 20, white)
  );
}

/** Package box (isometric carton) with tape, size = edge. */
export function carton(size: number, h: number): string {
  const dx = size * 0.866;
  const dy = size * 0.5;
  return (
    isoBox(size, h, "#f6d9b0", "#d9a86e", "#c08a4f") +
    `<path d="M${n(-dx / 2)} ${n(dy / 2)}L${n(dx / 2)} ${n(dy * 1.5)}" stroke="${brand[600]}" stroke-width="${n(size * 0.12)}"/>` +
    `<path d="M${n(dx / 2)} ${n(dy * 1.5)}V${n(dy * 1.5 + h * 0.45)}" stroke="${brand[600]}" stroke-width="${n(size * 0.12)}"/>`
  );
}

export {
  blob,
  circle,
  line,
  rect,
  lines as skeleton,
  amber,
  brand,
  indigo,
  orchid,
  lilac,
  orchidSoft,
  indigoSoft,
  amberSoft,
  amberDeep,
  white,
  ink,
  night,
  nightRaised,
};
