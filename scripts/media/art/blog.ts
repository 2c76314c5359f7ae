// Artwork for the 16 blog posts: a main composition (thumb 3:2 and full 16:9) and a second,
// more abstract in-body picture per post. Topics are listed in docs/media.md so post titles can
// be matched to pictures.
import {
  amber,
  amberDeep,
  amberSoft,
  appScreen,
  avatar,
  bankCard,
  bars,
  boltPath,
  brand,
  browser,
  bubble,
  card,
  chip,
  circle,
  cloud,
  coin,
  cursor,
  dashboard,
  database,
  donut,
  envelope,
  gauge,
  globe,
  glow,
  heart,
  indigo,
  indigoSoft,
  ink,
  isoCity,
  landing,
  line,
  magnifier,
  network,
  orchid,
  orchidSoft,
  padlock,
  phone,
  place,
  plane,
  rect,
  ring,
  rings,
  rocket,
  shield,
  skeleton,
  skins,
  sparkle,
  sticky,
  swatch,
  white,
  type Backdrop,
  type Theme,
} from "../lib/motifs.ts";
import type { SceneSpec, Subject } from "../lib/scene.ts";
import { n, type Rng } from "../lib/svg.ts";
import { text } from "../lib/text.ts";

export type BlogArt = { id: number; topic: string; main: SceneSpec; inline: SceneSpec };

/** Microchip, 240 × 240 centred at 0,0. */
const microchip = (t: Theme) => {
  let s = "";
  for (let i = 0; i < 5; i++) {
    const o = -80 + i * 40;
    s += line(o, -150, o, 150, t.muted, 8) + line(-150, o, 150, o, t.muted, 8);
  }
  s +=
    rect(-110, -110, 220, 220, 30, "url(#gPrimary)", ` filter="url(#sh)"`) +
    rect(-70, -70, 140, 140, 18, brand[900]);
  s += text("AI", 0, 26, { font: "pjs-800", size: 74, fill: amber, anchor: "middle" });
  return s;
};

/** Signal bars, 120 × 100. */
const signal = (on: number, color: string, off: string) =>
  [0, 1, 2, 3]
    .map((i) => rect(i * 32, 100 - (i + 1) * 25, 22, (i + 1) * 25, 6, i < on ? color : off))
    .join("");

/** Storefront awning + door, 320 × 300. */
const store = (t: Theme) => {
  let s = rect(20, 90, 280, 210, 14, t.card, ` filter="url(#sh)"`);
  for (let i = 0; i < 5; i++)
    s += `<path d="M${i * 64} 20H${i * 64 + 64}V90A32 32 0 0 1 ${i * 64} 90Z" fill="${i % 2 ? white : brand[600]}"/>`;
  s +=
    rect(0, 0, 320, 24, 8, brand[800]) +
    rect(60, 170, 80, 130, 8, brand[200]) +
    rect(170, 150, 100, 80, 10, amberSoft) +
    circle(124, 240, 6, brand[600]);
  return s;
};

/** Universal-access figure in a circle, radius 110 at 0,0. */
const access = (fill: string, fig: string) =>
  circle(0, 0, 110, fill, ` filter="url(#sh)"`) +
  circle(0, -58, 16, fig) +
  `<path d="M-62 -28H62M0 -28V24M0 24L-34 82M0 24L34 82" fill="none" stroke="${fig}" stroke-width="18" stroke-linecap="round" stroke-linejoin="round"/>`;

/** Video-call grid, 600 × 400. */
const callGrid = (t: Theme) => {
  let s = rect(0, 0, 600, 400, 22, t.dark ? "#1b1029" : ink, ` filter="url(#sh)"`);
  const bgs = [brand[600], indigo, orchid, amberDeep];
  [0, 1, 2, 3].forEach((i) => {
    const x = 20 + (i % 2) * 290;
    const y = 20 + Math.floor(i / 2) * 160;
    const id = `cg${i}`;
    s += `<clipPath id="${id}"><rect x="${x}" y="${y}" width="270" height="150" rx="12"/></clipPath><g clip-path="url(#${id})">${rect(x, y, 270, 150, 12, bgs[i]!)}${avatar(x + 135, y + 95, 60, "none", skins[i]!, [white, amberSoft, brand[200], indigoSoft][i]!)}</g>`;
  });
  [0, 1, 2].forEach((i) => (s += circle(240 + i * 60, 365, 18, i === 2 ? "#e5484d" : brand[300])));
  return s;
};

type Topic = {
  topic: string;
  bg: Backdrop;
  inlineBg: Backdrop;
  main: Subject;
  /** Key object for the abstract second picture (drawn at stage centre). */
  key: (t: Theme, r: Rng) => string;
  inlineStyle: "city" | "network" | "waves" | "orbit";
};

const topics: Topic[] = [
  {
    topic: "AI and automation for small businesses",
    bg: "night",
    inlineBg: "deep",
    inlineStyle: "network",
    main: (t, r) =>
      glow(600, 450, 360, 300, brand[600], 0.7) +
      place(network(1100, 760, r, 22, [brand[300], amber, white], brand[300], 0.45), 50, 70) +
      place(microchip(t), 600, 450, 1.15),
    key: (t) => place(microchip(t), 0, 0, 0.9),
  },
  {
    topic: "Mobile-first design for Nigerian users",
    bg: "vivid",
    inlineBg: "light",
    inlineStyle: "orbit",
    main: (t, r) =>
      glow(600, 450, 360, 300, orchid, 0.6) +
      place(phone(t, appScreen(t, 0, r)), 470, 130, 1.3) +
      place(signal(3, amber, "#ffffff44"), 860, 200, 1.3) +
      place(chip(200, t), 140, 300) +
      place(chip(170, t, brand[300]), 860, 620),
    key: (t, r) => place(phone(t, appScreen(t, 2, r)), -110, -220, 1),
  },
  {
    topic: "Cybersecurity basics every business should know",
    bg: "deep",
    inlineBg: "night",
    inlineStyle: "orbit",
    main: (t) => {
      let s = glow(600, 450, 300, 300, brand[500], 0.6);
      s += place(padlock(brand[600], brand[300]), 480, 200, 2);
      s += place(
        card(0, 0, 380, 100, t) +
          [0, 1, 2, 3, 4, 5, 6, 7].map((i) => circle(40 + i * 42, 50, 11, i < 6 ? amber : t.line)).join(""),
        140,
        660,
      );
      s += place(shield(t, "tick"), 880, 150, 0.8);
      return s;
    },
    key: (t) => place(shield(t, "lock"), -100, -120),
  },
  {
    topic: "SEO that brings real customers",
    bg: "light",
    inlineBg: "lilac",
    inlineStyle: "waves",
    main: (t) =>
      place(browser(760, 520, t, landing(760, 476, t)), 120, 190) +
      place(magnifier(brand[700], "#ffffffaa"), 850, 380, 2) +
      place(bars(150, 110, [0.3, 0.55, 0.8, 1], [brand[300], brand[500], brand[700], amber]), 775, 330),
    key: () => place(magnifier(brand[700], "#ffffffaa"), -20, -20, 1.6),
  },
  {
    topic: "Building a brand identity from scratch",
    bg: "dusk",
    inlineBg: "vivid",
    inlineStyle: "orbit",
    main: (t) =>
      place(swatch(brand[700], t), 170, 250, 1.3, -10) +
      place(swatch(amber, t), 380, 220, 1.3, -3) +
      place(swatch(brand[300], t), 590, 230, 1.3, 5) +
      place(
        card(0, 0, 300, 300, t, 24, white) +
          text("Aa", 150, 200, { font: "pjs-800", size: 150, fill: brand[700], anchor: "middle" }),
        810,
        200,
        1,
        6,
      ) +
      sparkle(1040, 160, 26, amber),
    key: () =>
      `<g transform="translate(-130 -130) scale(5.4)"><rect width="48" height="48" rx="13" fill="${white}"/><path d="${boltPath}" fill="${brand[700]}"/></g>` +
      sparkle(150, -150, 34, amber),
  },
  {
    topic: "Moving your business to the cloud",
    bg: "lilac",
    inlineBg: "deep",
    inlineStyle: "city",
    main: (_t) =>
      glow(600, 360, 400, 200, white, 0.8) +
      place(cloud(white, ` filter="url(#sh)"`), 340, 140, 2) +
      `<path d="M420 520V640M600 520V700M780 520V640" stroke="${brand[400]}" stroke-width="8" stroke-dasharray="4 16" stroke-linecap="round"/>` +
      place(database(130, 170, brand[600], brand[400]), 355, 640) +
      place(database(130, 170, brand[700], brand[500]), 535, 680) +
      place(database(130, 170, brand[600], brand[400]), 715, 640) +
      sparkle(600, 290, 40, amber),
    key: () => place(cloud(white, ` filter="url(#sh)"`), -200, -120, 1.55) + sparkle(0, 10, 30, amber),
  },
  {
    topic: "Making decisions with your data",
    bg: "light",
    inlineBg: "night",
    inlineStyle: "waves",
    main: (t, r) => place(browser(920, 600, t, dashboard(920, 556, t, r)), 140, 150),
    key: () =>
      place(
        donut(
          150,
          56,
          [
            [0.46, brand[400]],
            [0.3, amber],
            [0.14, white],
          ],
          "#ffffff22",
        ),
        0,
        0,
      ),
  },
  {
    topic: "Digital payments and fintech in Nigeria",
    bg: "vivid",
    inlineBg: "dusk",
    inlineStyle: "orbit",
    main: (t, r) =>
      glow(600, 450, 380, 300, orchid, 0.5) +
      place(phone(t, appScreen(t, 3, r)), 640, 140, 1.25) +
      place(bankCard("url(#gPrimary)"), 170, 330, 1.25, -10) +
      place(coin(56), 1000, 240) +
      place(coin(40), 1040, 360) +
      place(coin(30), 130, 700),
    key: () => place(coin(130), 0, 0),
  },
  {
    topic: "Growing an online store",
    bg: "lilac",
    inlineBg: "vivid",
    inlineStyle: "city",
    main: (t, r) =>
      place(store(t), 140, 260, 1.3) +
      place(phone(t, appScreen(t, 1, r)), 640, 150, 1.2) +
      place(chip(180, t), 880, 640) +
      sparkle(1040, 200, 26, amber),
    key: (t) => place(store(t), -160, -150, 1),
  },
  {
    topic: "UX research on a budget",
    bg: "light",
    inlineBg: "lilac",
    inlineStyle: "waves",
    main: (t) => {
      let s = "";
      const notes = [amberSoft, brand[200], orchidSoft, indigoSoft, brand[100], amberSoft];
      notes.forEach(
        (c, i) =>
          (s += place(
            sticky(c, brand[500]),
            130 + (i % 3) * 170,
            180 + Math.floor(i / 3) * 190,
            1.1,
            (i % 2 ? 4 : -5) + i,
          )),
      );
      s += `<path d="M700 700C760 560 860 520 960 420" fill="none" stroke="${brand[500]}" stroke-width="6" stroke-dasharray="2 14" stroke-linecap="round"/>`;
      s += place(
        card(0, 0, 280, 320, t) +
          avatar(140, 100, 60, brand[200], skins[2], brand[600]) +
          skeleton(40, 190, 200, [1, 0.8, 0.9, 0.6], t.line, 9, 22),
        780,
        140,
      );
      s += place(cursor(), 700, 660, 1.2);
      return s;
    },
    key: (t) =>
      place(
        card(0, 0, 280, 320, t) +
          avatar(140, 100, 60, brand[200], skins[5], amber) +
          skeleton(40, 190, 200, [1, 0.8, 0.9, 0.6], t.line, 9, 22),
        -140,
        -160,
      ),
  },
  {
    topic: "A social media strategy that works",
    bg: "dusk",
    inlineBg: "light",
    inlineStyle: "orbit",
    main: (t, r) =>
      glow(600, 450, 340, 300, orchid, 0.5) +
      place(phone(t, appScreen(t, 5, r)), 480, 130, 1.3) +
      place(bubble(230, 90, white, brand[200]), 170, 250) +
      place(bubble(200, 90, amberSoft, amberDeep), 860, 520) +
      heart(930, 260, 2.6, "#f06292") +
      heart(260, 600, 1.8, white),
    key: () => heart(0, 0, 7, "#f06292"),
  },
  {
    topic: "Email marketing that gets opened",
    bg: "deep",
    inlineBg: "lilac",
    inlineStyle: "waves",
    main: (t) =>
      glow(600, 450, 360, 260, brand[500], 0.6) +
      place(envelope({ ...t, card: white, line: brand[200] }, brand[600]), 320, 330, 2) +
      place(plane(white, brand[300]), 860, 150, 1.4) +
      `<path d="M780 400C850 360 880 320 900 270" fill="none" stroke="${white}" stroke-width="5" stroke-dasharray="4 16" stroke-linecap="round" opacity="0.7"/>`,
    key: (t) => place(envelope({ ...t, card: white, line: brand[200] }, brand[600]), -180, -120, 1.5),
  },
  {
    topic: "Launching a startup: the first 90 days",
    bg: "night",
    inlineBg: "dusk",
    inlineStyle: "city",
    main: (t) => {
      let s = glow(600, 460, 360, 300, brand[600], 0.6);
      s += `<path d="M160 760C360 740 520 640 640 470" fill="none" stroke="${brand[400]}" stroke-width="8" stroke-dasharray="2 18" stroke-linecap="round"/>`;
      (
        [
          [160, 760],
          [330, 735],
          [480, 650],
        ] as const
      ).forEach(
        ([x, y], i) =>
          (s += circle(x, y, 20, i === 2 ? amber : brand[300], ` stroke="${t.card2}" stroke-width="8"`)),
      );
      s += place(rocket(white, brand[500]), 700, 160, 1.9, 35);
      s +=
        rings(600, 450, 300, 3, 70, brand[300], 0.2) +
        sparkle(980, 180, 24, amber) +
        sparkle(260, 220, 16, white);
      return s;
    },
    key: () => place(rocket(white, brand[500]), 40, -170, 1.5, 35),
  },
  {
    topic: "Why website speed matters",
    bg: "vivid",
    inlineBg: "night",
    inlineStyle: "waves",
    main: (t) => {
      let s = glow(600, 480, 380, 260, orchid, 0.5);
      s += place(card(0, 0, 560, 400, t) + place(gauge(190, 0.86, t), 280, 290), 320, 200);
      [0.98, 0.94, 0.9].forEach(
        (v, i) =>
          (s += place(
            card(0, 0, 160, 160, t) +
              place(ring(52, 14, v, i === 0 ? "#8fd1a6" : i === 1 ? amber : t.primary, t.soft), 80, 80),
            120 + i * 0,
            120 + i * 210,
            0.9,
          )),
      );
      s += place(plane(white, brand[300]), 930, 300, 1.1);
      return s;
    },
    key: (t) => place(gauge(200, 0.9, t), 0, 80),
  },
  {
    topic: "Remote collaboration for distributed teams",
    bg: "lilac",
    inlineBg: "deep",
    inlineStyle: "network",
    main: (t) =>
      place(callGrid(t), 300, 200, 1.1) +
      place(bubble(220, 90, white, brand[200]), 110, 150) +
      place(chip(200, t), 880, 660) +
      place(globe(70, brand[600], brand[300]), 1020, 180),
    key: () => place(globe(170, brand[700], brand[300]), 0, 0),
  },
  {
    topic: "Accessible design is good business",
    bg: "deep",
    inlineBg: "light",
    inlineStyle: "orbit",
    main: (t) => {
      let s = glow(600, 450, 320, 300, brand[500], 0.6) + place(access(white, brand[700]), 420, 440, 1.5);
      s += place(
        card(0, 0, 300, 170, t) +
          rect(30, 30, 110, 110, 14, brand[700]) +
          text("Aa", 85, 110, { font: "pjs-800", size: 56, fill: white, anchor: "middle" }) +
          rect(160, 30, 110, 110, 14, white, ` stroke="${brand[200]}" stroke-width="3"`) +
          text("Aa", 215, 110, { font: "pjs-800", size: 56, fill: brand[700], anchor: "middle" }),
        720,
        200,
      );
      s += place(
        card(0, 0, 300, 120, t) +
          rect(30, 36, 240, 48, 24, "none", ` stroke="${amber}" stroke-width="6"`) +
          rect(50, 54, 120, 12, 6, t.line),
        720,
        430,
      );
      s += place(
        card(0, 0, 300, 110, t) +
          text("A", 40, 80, { font: "pjs-800", size: 36, fill: t.ink }) +
          text("A", 100, 80, { font: "pjs-800", size: 54, fill: t.ink }) +
          text("A", 180, 80, { font: "pjs-800", size: 72, fill: t.ink }),
        720,
        610,
      );
      return s;
    },
    key: () => place(access(white, brand[700]), 0, 0, 1.4),
  },
];

/** Abstract in-body picture: a textured field in one of four styles around the topic's key object. */
function inlineSubject(style: Topic["inlineStyle"], key: Topic["key"]): Subject {
  return (t, r) => {
    let s = "";
    if (style === "city") {
      s += place(
        isoCity(
          r,
          7,
          7,
          90,
          t.dark
            ? [
                [brand[400], brand[700], brand[800]],
                [brand[300], brand[600], brand[700]],
                [amberSoft, amber, amberDeep],
              ]
            : [
                [white, brand[200], brand[300]],
                [brand[100], brand[300], brand[400]],
                [amberSoft, amber, amberDeep],
              ],
          160,
        ),
        600,
        300,
        1,
      );
      s += glow(600, 300, 280, 180, t.dark ? brand[500] : white, 0.55);
    } else if (style === "network") {
      s += place(
        network(
          1200,
          900,
          r,
          34,
          [brand[300], amber, white, brand[400]],
          t.dark ? brand[300] : brand[500],
          0.45,
        ),
        0,
        0,
      );
      s += glow(600, 450, 300, 260, brand[500], 0.5);
    } else if (style === "waves") {
      for (let i = 0; i < 9; i++) {
        const y = 160 + i * 80;
        const a = r.range(30, 90);
        const ph = r.range(0, Math.PI * 2);
        const pts = Array.from(
          { length: 13 },
          (_, k) => `${k ? "L" : "M"}${n(-100 + k * 116)} ${n(y + Math.sin(k * 0.7 + ph) * a)}`,
        ).join("");
        s += `<path d="${pts}" fill="none" stroke="${i === 4 ? amber : t.dark ? brand[300] : brand[400]}" stroke-width="${i === 4 ? 8 : 4}" stroke-opacity="${i === 4 ? 0.9 : 0.35}" stroke-linejoin="round"/>`;
      }
      s += glow(600, 450, 260, 220, t.dark ? brand[500] : white, 0.6);
    } else {
      s += rings(600, 450, 120, 6, 70, t.dark ? brand[300] : brand[500], 0.45, 3);
      for (let i = 0; i < 7; i++) {
        const a = r.range(0, Math.PI * 2);
        const rr = 190 + r.int(0, 5) * 70;
        s += circle(
          600 + Math.cos(a) * rr,
          450 + Math.sin(a) * rr,
          r.range(8, 18),
          i === 0 ? amber : t.dark ? brand[300] : brand[500],
        );
      }
      s += glow(600, 450, 220, 220, t.dark ? brand[500] : white, 0.6);
    }
    return s + `<g transform="translate(600 450) scale(1.3)">${key(t, r)}</g>`;
  };
}

export const blogs: BlogArt[] = topics.map((tp, i) => {
  const id = i + 1;
  const nn = String(id).padStart(2, "0");
  return {
    id,
    topic: tp.topic,
    main: { bg: tp.bg, seed: `blog-${nn}`, subject: tp.main, zoom: 1.12 },
    inline: {
      bg: tp.inlineBg,
      seed: `blog-${nn}-inline`,
      subject: inlineSubject(tp.inlineStyle, tp.key),
      texture: tp.inlineStyle === "city" ? "none" : "dots",
    },
  };
});
