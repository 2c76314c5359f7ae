// Artwork for the six case studies (thumb 4:3 and full 16:9 share one subject each).
import {
  amber,
  amberDeep,
  amberSoft,
  appScreen,
  avatar,
  bankCard,
  bars,
  brand,
  browser,
  card,
  chip,
  circle,
  coin,
  dashboard,
  donut,
  glow,
  heart,
  indigoSoft,
  ink,
  laptop,
  magnifier,
  megaphone,
  orchid,
  phone,
  pin,
  place,
  rect,
  ring,
  rings,
  skeleton,
  skins,
  sparkle,
  white,
  type Theme,
} from "../lib/motifs.ts";
import type { SceneSpec } from "../lib/scene.ts";
import { n } from "../lib/svg.ts";
import { text } from "../lib/text.ts";

export type ProjectArt = { id: number; slug: string; title: string; spec: SceneSpec };

/** Shopping bag, ~150 × 170. */
const bag = (fill: string, handle: string) =>
  `<path d="M44 50V36a31 31 0 0 1 62 0v14" fill="none" stroke="${handle}" stroke-width="10" stroke-linecap="round"/>` +
  `<path d="M10 46H140L150 170H0Z" fill="${fill}" stroke="${fill}" stroke-width="10" stroke-linejoin="round"/>` +
  circle(48, 80, 7, handle) +
  circle(102, 80, 7, handle);

/** Video-call screen content (doctor consultation) in a w × h area. */
function videoCall(w: number, h: number, t: Theme): string {
  let s = rect(0, 0, w, h, 0, t.dark ? brand[900] : brand[100]);
  const id = "vcclip";
  s += `<clipPath id="${id}"><rect x="20" y="20" width="${n(w * 0.64)}" height="${n(h - 40)}" rx="14"/></clipPath>`;
  s += `<g clip-path="url(#${id})">${rect(20, 20, w * 0.64, h - 40, 14, "url(#gVivid)")}${avatar(20 + w * 0.32, h * 0.58, h * 0.36, "none", skins[1], white)}${rect(20 + w * 0.32 - 30, h * 0.58 + h * 0.13, 60, 10, 5, brand[300])}</g>`;
  s +=
    rect(w * 0.68, 20, w * 0.3, h * 0.38, 14, t.card) +
    avatar(w * 0.83, 20 + h * 0.19, h * 0.13, indigoSoft, skins[4], brand[600]);
  s += rect(w * 0.68, h * 0.44, w * 0.3, h * 0.5, 14, t.card);
  s += skeleton(w * 0.7, h * 0.5, w * 0.26, [0.8, 0.6, 0.9, 0.5], t.line, 8, 20);
  s += rect(w * 0.32 - 110, h - 96, 220, 60, 30, ink, ` opacity="0.55"`);
  [0, 1, 2].forEach(
    (i) => (s += circle(w * 0.32 - 60 + i * 60, h - 66, 20, i === 1 ? "#e5484d" : white, ` opacity="0.95"`)),
  );
  return s;
}

/** Clipboard survey form, 300 × 400. */
function clipboard(t: Theme): string {
  let s =
    rect(0, 20, 300, 380, 22, brand[700], ` filter="url(#sh)"`) +
    rect(16, 44, 268, 340, 14, white) +
    rect(100, 0, 100, 44, 14, brand[400]);
  [0, 1, 2, 3].forEach((i) => {
    const y = 80 + i * 74;
    s += rect(40, y, 150, 10, 5, brand[200]);
    [0, 1, 2, 3, 4].forEach(
      (k) =>
        (s += circle(
          52 + k * 46,
          y + 36,
          13,
          k === (i * 2 + 1) % 5 ? t.primary : "none",
          k === (i * 2 + 1) % 5 ? "" : ` stroke="${brand[300]}" stroke-width="4"`,
        )),
    );
  });
  return s;
}

/** Graduation cap, ~240 × 150, origin at the top point. */
const cap = (fill: string, tassel: string) =>
  `<path d="M0 0L120 -48L240 0L120 48Z" transform="translate(0 48)" fill="${fill}"/>` +
  `<path d="M50 76V120C90 150 150 150 190 120V76L120 104Z" fill="${fill}" opacity="0.85"/>` +
  `<path d="M120 48L210 70V130" fill="none" stroke="${tassel}" stroke-width="7" stroke-linecap="round"/>` +
  circle(210, 136, 12, tassel);

/** Sun + grain stalks poster for a harvest campaign, 360 × 480. */
function harvestPoster(): string {
  let s = rect(0, 0, 360, 480, 22, brand[800], ` filter="url(#sh)"`);
  s += circle(180, 200, 110, "url(#gAmber)");
  for (let i = 0; i < 5; i++) {
    const x = 90 + i * 45;
    const top = 150 + (i % 2) * 30;
    s += `<path d="M${x} 420Q${x + (i - 2) * 8} 300 ${x + (i - 2) * 14} ${top}" fill="none" stroke="${amberSoft}" stroke-width="6" stroke-linecap="round"/>`;
    for (let k = 0; k < 4; k++) {
      const y = top + 18 + k * 26;
      const cx = x + (i - 2) * 14 * (1 - (y - top) / 270);
      s += `<ellipse cx="${n(cx - 12)}" cy="${n(y)}" rx="12" ry="6" transform="rotate(-35 ${n(cx - 12)} ${n(y)})" fill="${amber}"/>`;
      s += `<ellipse cx="${n(cx + 12)}" cy="${n(y)}" rx="12" ry="6" transform="rotate(35 ${n(cx + 12)} ${n(y)})" fill="${amber}"/>`;
    }
  }
  s += rect(0, 400, 360, 80, 0, brand[900]) + rect(0, 400, 360, 80, 22, brand[900]);
  s += text("NAIJA HARVEST", 180, 452, {
    font: "pjs-800",
    size: 34,
    fill: white,
    anchor: "middle",
    tracking: 0.04,
  });
  return s;
}

const P = (id: number, slug: string, title: string, spec: Omit<SceneSpec, "seed">): ProjectArt => ({
  id,
  slug,
  title,
  spec: { ...spec, seed: `project-${slug}` },
});

export const projects: ProjectArt[] = [
  P(1, "kubwa-market-connect", "Kubwa Market Connect: marketplace mobile app", {
    bg: "vivid",
    subject: (t, r) =>
      glow(600, 470, 420, 280, orchid, 0.55) +
      place(phone(t, appScreen(t, 1, r)), 200, 230, 1.05, -10) +
      place(phone(t, appScreen(t, 3, r)), 830, 200, 1.05, 10) +
      place(phone(t, appScreen(t, 0, r)), 470, 120, 1.3) +
      place(bag(amber, brand[800]), 120, 620, 0.9) +
      place(pin(white, brand[700]), 1040, 140, 1.3) +
      place(coin(46), 1040, 720) +
      sparkle(160, 180, 22, amberSoft),
  }),
  P(2, "healthline-abuja", "HealthLine Abuja: telemedicine web app", {
    bg: "light",
    subject: (t, r) => {
      let s = glow(600, 450, 460, 280, brand[300], 0.5);
      s += place(laptop(760, t, videoCall(732, 443, t)), 150, 160);
      s += place(
        card(0, 0, 220, 220, t) +
          place(ring(70, 20, 0.76, "#e5484d", t.soft), 110, 110) +
          heart(110, 112, 1.1, "#e5484d"),
        930,
        120,
      );
      const pts: Array<[number, number]> = [];
      for (let i = 0; i <= 20; i++) pts.push([i * 14, i % 7 === 3 ? -40 : i % 7 === 4 ? 26 : 0]);
      s += place(
        card(0, 0, 340, 110, t) +
          `<path d="${pts.map(([x, y], i) => `${i ? "L" : "M"}${n(x + 30)} ${n(y + 58)}`).join("")}" fill="none" stroke="${t.primary}" stroke-width="6" stroke-linejoin="round"/>`,
        60,
        690,
      );
      s += place(chip(200, t, "#8fd1a6"), 900, 680);
      void r;
      return s;
    },
  }),
  P(3, "naija-harvest-brand-campaign", "Naija Harvest brand campaign", {
    bg: "dusk",
    subject: (t, r) =>
      glow(600, 450, 400, 280, amberDeep, 0.35) +
      place(harvestPoster(), 420, 160, 1.15, -3) +
      place(phone(t, appScreen(t, 5, r)), 120, 240, 0.95, -8) +
      place(megaphone(white, brand[300]), 860, 240, 1.05) +
      place(
        card(0, 0, 240, 140, t) +
          place(bars(190, 80, [0.3, 0.5, 0.45, 0.75, 0.95], [brand[400], amber]), 25, 35),
        880,
        580,
      ) +
      sparkle(1060, 160, 20, amber),
  }),
  P(4, "paywise-fintech-dashboard", "PayWise fintech dashboard", {
    bg: "deep",
    texture: "grid",
    subject: (t, r) =>
      glow(600, 440, 420, 260, brand[500], 0.6) +
      place(browser(840, 540, t, dashboard(840, 496, t, r, amber)), 100, 120) +
      place(bankCard("url(#gVivid)"), 760, 520, 1.05, -8) +
      place(coin(44), 1080, 300) +
      place(coin(30), 1120, 400) +
      sparkle(150, 760, 20, brand[300]),
  }),
  P(5, "edubridge-learning-platform", "EduBridge learning platform", {
    bg: "lilac",
    subject: (t, r) => {
      let s = glow(600, 470, 440, 260, indigoSoft, 0.7);
      const course = (w: number, h: number) => {
        let c = rect(0, 0, w, h, 0, t.card);
        c +=
          rect(24, 24, w * 0.6, h * 0.55, 12, "url(#gPrimary)") +
          `<path d="M${n(24 + w * 0.3 - 22)} ${n(24 + h * 0.275 - 30)}l50 30-50 30z" fill="${white}"/>`;
        c += rect(24, 40 + h * 0.55, w * 0.6, 10, 5, t.soft) + rect(24, 40 + h * 0.55, w * 0.4, 10, 5, amber);
        for (let i = 0; i < 5; i++)
          c +=
            rect(w * 0.66 + 16, 24 + i * 56, w * 0.3, 44, 10, i === 1 ? brand[100] : t.card2) +
            circle(w * 0.66 + 40, 46 + i * 56, 10, i < 2 ? t.primary : t.line);
        return c;
      };
      s += place(laptop(720, t, course(692, 418)), 140, 190);
      s += place(phone(t, appScreen(t, 4, r)), 900, 260, 0.95);
      s += place(cap(brand[800], amber), 120, 40, 0.9, -8);
      s += place(card(0, 0, 160, 160, t) + place(ring(50, 16, 0.82, t.primary, t.soft), 80, 80), 960, 90);
      return s;
    },
  }),
  P(6, "abuja-sme-digital-survey", "Abuja SME digital survey", {
    bg: "night",
    subject: (t, r) => {
      let s = glow(620, 460, 420, 280, brand[600], 0.5);
      // abstract district map
      const districts = [
        "M520 160L700 130 780 230 700 330 560 300Z",
        "M700 330L780 230 920 260 940 400 820 440Z",
        "M560 300L700 330 820 440 760 560 600 520 520 420Z",
        "M820 440L940 400 1060 470 1020 600 880 610Z",
        "M600 520L760 560 880 610 820 720 640 700Z",
      ];
      districts.forEach(
        (d, i) =>
          (s += `<path d="${d}" fill="${[brand[800], brand[700], brand[600], brand[800], brand[500]][i]}" stroke="${brand[300]}" stroke-width="3" stroke-opacity="0.6"/>`),
      );
      s +=
        place(pin(amber, brand[900]), 700, 380, 1.2) +
        place(pin(white, brand[700]), 900, 470, 0.8) +
        place(pin(white, brand[700]), 640, 560, 0.8);
      s += rings(700, 430, 30, 3, 30, amber, 0.6, 3);
      s += place(clipboard(t), 140, 180, 1.05);
      s += place(
        card(0, 0, 280, 200, t) +
          place(bars(230, 120, [0.45, 0.8, 0.6, 0.95, 0.5], [brand[300], amber]), 25, 50) +
          rect(25, 24, 110, 10, 5, t.line),
        880,
        100,
      );
      s += place(
        card(0, 0, 240, 180, t) +
          place(
            donut(
              56,
              22,
              [
                [0.54, t.primary],
                [0.3, amber],
              ],
              t.soft,
            ),
            120,
            90,
          ),
        960,
        650,
      );
      s += place(magnifier(white, "#ffffff22"), 470, 720, 0.8);
      void r;
      return s;
    },
  }),
];
