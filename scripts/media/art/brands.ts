// Ten fictional client wordmarks for the brand strip. Single colour (white by default, so they sit
// on the dark video), text set as paths so they look the same in every browser as <img>.
import { metrics, textPath, type FontKey } from "../lib/text.ts";

type Wordmark = {
  slug: string;
  name: string;
  /** Mark drawn in a 40 × 40 box at (0, 4); empty for type-only wordmarks. */
  mark: string;
  /** Stroke (3 units wide) cut out of the mark, so the background shows through. */
  cut?: string;
  word: string;
  font: FontKey;
  size: number;
  tracking?: number;
  /** Optional second, smaller line set beside the word. */
  tag?: { text: string; font: FontKey; size: number; tracking?: number };
};

const wordmarks: Wordmark[] = [
  {
    slug: "zuma-logistics",
    name: "Zuma Logistics",
    mark: `<path d="M2 40L18 10 26 24 31 16 42 40Z"/>`,
    word: "ZUMA",
    font: "pjs-800",
    size: 30,
    tracking: 0.12,
    tag: { text: "LOGISTICS", font: "pjs-500", size: 11, tracking: 0.3 },
  },
  {
    slug: "arewa-foods",
    name: "Arewa Foods",
    mark: `<path d="M6 38C6 18 20 6 40 6 40 26 26 38 6 38Z"/>`,
    cut: "M6 38L28 16",
    word: "Arewa Foods",
    font: "serif-700",
    size: 28,
  },
  {
    slug: "sahelia-solar",
    name: "Sahelia Solar",
    mark: `<circle cx="22" cy="24" r="9"/><path d="M22 4v6M22 38v6M2 24h6M36 24h6M8 10l4 4M32 34l4 4M36 10l-4 4M12 34l-4 4" stroke="#fff" stroke-width="3.4" stroke-linecap="round"/>`,
    word: "sahelia",
    font: "pjs-700",
    size: 32,
    tag: { text: "SOLAR", font: "pjs-800", size: 12, tracking: 0.25 },
  },
  {
    slug: "gwarinpa-homes",
    name: "Gwarinpa Homes",
    mark: `<path d="M4 22L22 6 40 22V42H28V30H16V42H4Z"/>`,
    word: "GWARINPA HOMES",
    font: "narrow-700",
    size: 28,
    tracking: 0.06,
  },
  {
    slug: "olumo-health",
    name: "Olumo Health",
    mark: `<path d="M15 4H29V15H40V29H29V40H15V29H4V15H15Z"/>`,
    word: "Olumo Health",
    font: "pjs-500",
    size: 30,
    tracking: -0.01,
  },
  {
    slug: "paykobo",
    name: "Paykobo",
    mark: "",
    word: "paykobo",
    font: "pjs-800",
    size: 38,
    tracking: -0.04,
  },
  {
    slug: "kolanut-studio",
    name: "Kolanut Studio",
    mark: `<path d="M22 4C34 4 40 14 40 24S32 44 22 44 4 34 4 24 10 4 22 4Z"/>`,
    cut: "M22 8V40",
    word: "kolanut/studio",
    font: "mono-700",
    size: 24,
  },
  {
    slug: "benue-agro",
    name: "Benue Agro Co.",
    mark: `<path d="M22 44V14" stroke="#fff" stroke-width="3.4" stroke-linecap="round"/><path d="M22 16C14 14 10 8 10 2 18 4 22 10 22 16ZM22 16C30 14 34 8 34 2 26 4 22 10 22 16ZM22 28C14 26 10 20 10 14 18 16 22 22 22 28ZM22 28C30 26 34 20 34 14 26 16 22 22 22 28Z"/>`,
    word: "Benue Agro",
    font: "serif-700",
    size: 28,
    tag: { text: "CO.", font: "serif-700", size: 14 },
  },
  {
    slug: "maitama-capital",
    name: "Maitama Capital",
    mark: `<path d="M22 2L42 12H2Z"/><path d="M6 16h6v20H6zM19 16h6v20h-6zM32 16h6v20h-6zM2 38h40v5H2z"/>`,
    word: "MAITAMA",
    font: "libserif-400",
    size: 30,
    tracking: 0.16,
    tag: { text: "CAPITAL", font: "pjs-500", size: 11, tracking: 0.35 },
  },
  {
    slug: "wuse-motors",
    name: "Wuse Motors",
    mark: `<circle cx="22" cy="24" r="18" fill="none" stroke="#fff" stroke-width="5"/><circle cx="22" cy="24" r="5"/><path d="M22 6v13M6 30l11-4M38 30l-11-4" stroke="#fff" stroke-width="4"/>`,
    word: "WUSE MOTORS",
    font: "pjs-800",
    size: 26,
    tracking: 0.02,
  },
];

/** SVG for one wordmark, `fill` defaults to white. Height 48, width fitted to the content. */
export function wordmarkSvg(w: Wordmark, fill = "#ffffff"): string {
  const hasMark = w.mark !== "";
  const x0 = hasMark ? 54 : 2;
  const cap = metrics(w.font, w.size).capHeight;
  const baseline = 24 + cap / 2;
  const main = textPath(w.word, x0, baseline, { font: w.font, size: w.size, tracking: w.tracking ?? 0 });
  let width = x0 + main.width;
  let extra = "";
  if (w.tag) {
    const tag = textPath(w.tag.text, width + 10, baseline, {
      font: w.tag.font,
      size: w.tag.size,
      tracking: w.tag.tracking ?? 0,
    });
    extra = tag.d;
    width += 10 + tag.width;
  }
  const vw = Math.ceil(width + 2);
  const markBody = w.mark.replace(/stroke="#fff"/g, `stroke="${fill}"`);
  const mark = !hasMark
    ? ""
    : w.cut
      ? `<mask id="cut"><rect width="48" height="48" fill="#fff"/><path d="${w.cut}" stroke="#000" stroke-width="3" stroke-linecap="round"/></mask><g mask="url(#cut)">${markBody}</g>`
      : markBody;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${vw} 48" width="${vw}" height="48" fill="${fill}">` +
    `<title>${w.name}</title>` +
    mark +
    `<path d="${main.d}${extra}"/>` +
    `</svg>\n`
  );
}

export const brands = wordmarks;
