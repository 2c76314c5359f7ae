// The brand palette for generated media, computed from the same OKLCH values as the CSS tokens
// in app/styles/app.css, so artwork, icons and videos match the interface exactly.

type Oklch = [l: number, c: number, h: number];

function oklchToLinear([l, c, h]: Oklch): [number, number, number] {
  const a = c * Math.cos((h * Math.PI) / 180);
  const b = c * Math.sin((h * Math.PI) / 180);
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_,
    -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_,
    -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_,
  ];
}

const inGamut = (rgb: number[]) => rgb.every((v) => v >= -1e-4 && v <= 1 + 1e-4);
const encode = (v: number) => {
  const x = Math.min(1, Math.max(0, v));
  return x <= 0.0031308 ? 12.92 * x : 1.055 * x ** (1 / 2.4) - 0.055;
};

/** OKLCH → #rrggbb, reducing chroma (same lightness and hue) until the colour fits sRGB. */
export function oklch(l: number, c: number, h: number): string {
  let lo = 0;
  let hi = c;
  let rgb = oklchToLinear([l, c, h]);
  if (!inGamut(rgb)) {
    for (let i = 0; i < 24; i++) {
      const mid = (lo + hi) / 2;
      if (inGamut(oklchToLinear([l, mid, h]))) lo = mid;
      else hi = mid;
    }
    rgb = oklchToLinear([l, lo, h]);
  }
  return `#${rgb
    .map((v) =>
      Math.round(encode(v) * 255)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** Brand scale around #662D91 (700); the steps mirror --color-brand-* in app.css. */
export const brand = {
  50: oklch(0.975, 0.012, 313),
  100: oklch(0.945, 0.028, 313),
  200: oklch(0.89, 0.055, 313),
  300: oklch(0.81, 0.095, 313),
  400: oklch(0.72, 0.135, 313),
  500: oklch(0.6, 0.165, 313),
  600: oklch(0.5, 0.165, 313),
  700: "#662d91",
  800: oklch(0.34, 0.12, 313),
  900: oklch(0.26, 0.09, 311),
  950: oklch(0.17, 0.055, 308),
} as const;

/** Warm amber accent (--color-amber-accent), used sparingly: one highlight per picture. */
export const amber = oklch(0.8, 0.16, 75);
export const amberSoft = oklch(0.9, 0.08, 80);
export const amberDeep = oklch(0.68, 0.16, 60);

/** Deep violet-black of the dark theme, and surfaces a step lighter. */
export const night = "#120a1c";
export const nightRaised = oklch(0.215, 0.04, 305);
export const nightLine = oklch(0.33, 0.045, 305);

/** Neutrals tinted toward the purple. */
export const ink = oklch(0.2, 0.035, 313);
export const inkMuted = oklch(0.44, 0.03, 313);
export const paper = oklch(0.992, 0.003, 313);
export const mist = oklch(0.965, 0.012, 313);
export const line = oklch(0.9, 0.018, 313);
export const white = "#ffffff";

/**
 * Secondary hues, all close to the brand hue (violet → magenta), for variety between pictures
 * without leaving the palette.
 */
export const orchid = oklch(0.62, 0.19, 330);
export const orchidSoft = oklch(0.86, 0.08, 330);
export const indigo = oklch(0.55, 0.17, 290);
export const indigoSoft = oklch(0.84, 0.07, 290);
export const lilac = oklch(0.78, 0.1, 305);

/** Mix two #rrggbb colours in sRGB (t = 0 → a, 1 → b). */
export function mix(a: string, b: string, t: number): string {
  const pa = [1, 3, 5].map((i) => parseInt(a.slice(i, i + 2), 16));
  const pb = [1, 3, 5].map((i) => parseInt(b.slice(i, i + 2), 16));
  return `#${pa
    .map((v, i) =>
      Math.round(v + ((pb[i] ?? 0) - v) * t)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** #rrggbb → [r, g, b] in 0..1 (for ffmpeg expressions). */
export function rgb01(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255) as [number, number, number];
}
