// Gallery squares, about/section pictures and the hero's still slide.
import {
  amber,
  amberDeep,
  amberSoft,
  appScreen,
  avatar,
  bars,
  boltPath,
  brand,
  bubble,
  card,
  chip,
  circle,
  dashboard,
  glow,
  indigo,
  indigoSoft,
  isoCity,
  kpi,
  laptop,
  lineChart,
  network,
  orchid,
  orchidSoft,
  phone,
  place,
  rect,
  rings,
  shield,
  skins,
  sparkle,
  sticky,
  trophy,
  white,
} from "../lib/motifs.ts";
import { lilac as lilacTop, night } from "../lib/palette.ts";
import type { SceneSpec } from "../lib/scene.ts";
import { linear, n, radial, rng, svgDoc } from "../lib/svg.ts";
import { commonDefs } from "../lib/motifs.ts";

// ---------------------------------------------------------------------------------------------
// Gallery: six abstract studio pieces (square)

export const gallery: Array<{ name: string; title: string; spec: SceneSpec }> = [
  {
    name: "gallery-01",
    title: "Isometric blocks",
    spec: {
      bg: "deep",
      seed: "gallery-01",
      texture: "none",
      subject: (_t, r) =>
        place(
          isoCity(
            r,
            5,
            5,
            120,
            [
              [brand[300], brand[600], brand[700]],
              [white, brand[300], brand[400]],
              [amberSoft, amber, amberDeep],
            ],
            220,
          ),
          600,
          260,
        ),
    },
  },
  {
    name: "gallery-02",
    title: "Orbits",
    spec: {
      bg: "light",
      seed: "gallery-02",
      subject: (t, r) => {
        let s = rings(600, 450, 90, 6, 62, brand[500], 0.55, 4);
        for (let i = 0; i < 6; i++) {
          const a = r.range(0, Math.PI * 2);
          const rr = 90 + (i + 1) * 62;
          s += circle(
            600 + Math.cos(a) * rr,
            450 + Math.sin(a) * rr,
            14 + i * 2,
            i === 2 ? amber : [brand[700], brand[400], orchid][i % 3]!,
          );
        }
        return s + circle(600, 450, 70, "url(#gPrimary)") + sparkle(600, 450, 34, white) + (t.dark ? "" : "");
      },
    },
  },
  {
    name: "gallery-03",
    title: "Stacked interface cards",
    spec: {
      bg: "vivid",
      seed: "gallery-03",
      subject: (t) =>
        place(card(0, 0, 520, 340, t, 26, brand[300]), 380, 200, 1, -14) +
        place(card(0, 0, 520, 340, t, 26, brand[100]), 350, 280, 1, -6) +
        place(
          card(0, 0, 520, 340, t, 26, white) +
            rect(40, 40, 180, 16, 8, brand[700]) +
            place(
              lineChart(440, 160, [0.2, 0.35, 0.3, 0.6, 0.5, 0.85], brand[600], "url(#gArea)", 6),
              40,
              120,
            ),
          330,
          360,
          1,
          2,
        ),
    },
  },
  {
    name: "gallery-04",
    title: "Spark burst",
    spec: {
      bg: "night",
      seed: "gallery-04",
      subject: (_t, r) => {
        let s = glow(600, 450, 260, 260, brand[500], 0.8);
        for (let i = 0; i < 28; i++) {
          const a = (i / 28) * Math.PI * 2;
          const r0 = 120;
          const r1 = r0 + r.range(90, 300);
          s += `<path d="M${n(600 + Math.cos(a) * r0)} ${n(450 + Math.sin(a) * r0)}L${n(600 + Math.cos(a) * r1)} ${n(450 + Math.sin(a) * r1)}" stroke="${i % 7 === 0 ? amber : brand[300]}" stroke-width="${i % 7 === 0 ? 8 : 5}" stroke-linecap="round" opacity="${i % 7 === 0 ? 1 : 0.6}"/>`;
        }
        return (
          s +
          `<g transform="translate(480 330) scale(5)"><rect width="48" height="48" rx="13" fill="url(#gVivid)"/><path d="${boltPath}" fill="${white}"/></g>`
        );
      },
    },
  },
  {
    name: "gallery-05",
    title: "Workshop sticky notes",
    spec: {
      bg: "lilac",
      seed: "gallery-05",
      subject: () => {
        const cols = [
          amberSoft,
          brand[200],
          orchidSoft,
          indigoSoft,
          white,
          amberSoft,
          brand[100],
          brand[300],
          orchidSoft,
        ];
        return cols
          .map((c, i) =>
            place(
              sticky(c, brand[500]),
              235 + (i % 3) * 260,
              110 + Math.floor(i / 3) * 250,
              1.7,
              ((i * 37) % 11) - 5,
            ),
          )
          .join("");
      },
    },
  },
  {
    name: "gallery-06",
    title: "Mobile app in hand",
    spec: {
      bg: "dusk",
      seed: "gallery-06",
      subject: (t, r) =>
        glow(600, 450, 300, 300, orchid, 0.6) +
        place(phone(t, appScreen(t, 3, r)), 450, 110, 1.55, 8) +
        place(chip(200, t), 220, 280) +
        place(chip(180, t, brand[300]), 820, 600),
    },
  },
];

// ---------------------------------------------------------------------------------------------
// About / section pictures

export const about: Array<{ name: string; title: string; w: number; h: number; spec: SceneSpec }> = [
  {
    name: "about-1",
    title: "Our team building a product together",
    w: 960,
    h: 1200,
    spec: {
      bg: "light",
      seed: "about-1",
      zoom: 1.5,
      subject: (t, r) =>
        glow(600, 450, 400, 360, brand[300], 0.5) +
        place(bubble(260, 96, white, brand[200]), 250, 40) +
        place(laptop(640, t, dashboard(612, 369, t, r)), 280, 230) +
        place(
          card(0, 0, 300, 120, t) +
            avatar(60, 60, 36, brand[200], skins[0], brand[700]) +
            avatar(120, 60, 36, amberSoft, skins[3], indigo) +
            avatar(180, 60, 36, orchidSoft, skins[4], brand[500]) +
            circle(240, 60, 36, t.soft) +
            rect(222, 56, 36, 8, 4, brand[500]),
          240,
          700,
        ) +
        place(kpi(t, t.primary, [0.2, 0.4, 0.35, 0.7, 0.9]), 700, 740) +
        sparkle(930, 120, 26, amber),
    },
  },
  {
    name: "about-2",
    title: "Abuja skyline connected by our network",
    w: 1280,
    h: 960,
    spec: {
      bg: "night",
      seed: "about-2",
      texture: "none",
      subject: (_t, r) => {
        let s = glow(600, 520, 480, 240, brand[600], 0.6);
        // Aso Rock-like massif and a city skyline (stylised)
        s += `<path d="M-200 700C-80 600 40 520 160 470C260 430 330 380 420 360C520 340 560 420 640 470C720 520 860 540 1000 600C1100 640 1250 660 1400 700V900H-200Z" fill="${brand[800]}"/>`;
        const blocks: Array<[number, number, number]> = [];
        for (let i = 0; i < 16; i++)
          blocks.push([-40 + i * 80 + r.range(-10, 10), r.range(140, 360), r.range(50, 70)]);
        for (const [x, h, w] of blocks) {
          s += rect(x, 780 - h, w, h + 140, 6, brand[700]);
          for (let k = 0; k < Math.floor(h / 44); k++)
            if (r.next() > 0.45)
              s += rect(
                x + 12,
                800 - h + k * 44,
                w - 24,
                12,
                3,
                r.next() > 0.8 ? amber : brand[400],
                ` opacity="0.85"`,
              );
        }
        s += rect(-200, 780, 1600, 200, 0, brand[950]);
        s += place(network(1200, 360, r, 16, [white, amber, brand[300]], brand[300], 0.5), 0, 40);
        return s;
      },
    },
  },
  {
    name: "why-choose-us",
    title: "Quality, security and growth",
    w: 1280,
    h: 960,
    spec: {
      bg: "deep",
      seed: "why-choose-us",
      subject: (t, r) =>
        glow(600, 450, 380, 300, brand[500], 0.6) +
        rings(600, 440, 220, 4, 70, brand[300], 0.3) +
        place(trophy("url(#gAmber)", amberDeep), 460, 230, 1.75) +
        place(shield(t, "tick"), 150, 380, 0.85) +
        place(
          card(0, 0, 280, 200, t) +
            place(bars(230, 120, [0.35, 0.5, 0.7, 0.95], [brand[300], amber]), 25, 50),
          840,
          360,
        ) +
        place(
          card(0, 0, 220, 90, t) + [0, 1, 2, 3, 4].map((i) => sparkle(34 + i * 38, 45, 14, amber)).join(""),
          200,
          170,
        ) +
        (r.next() > 2 ? "" : ""),
    },
  },
  {
    name: "cta-banner",
    title: "Abstract brand banner",
    w: 1920,
    h: 640,
    spec: {
      bg: "vivid",
      seed: "cta-banner",
      texture: "grid",
      subject: () => "",
      under: (_t, r, w, h) => {
        let s = "";
        for (let i = 0; i < 7; i++) {
          const y = h * 0.15 + i * h * 0.12;
          const ph = r.range(0, 6.28);
          const pts = Array.from(
            { length: 17 },
            (_, k) => `${k ? "L" : "M"}${n((k / 16) * w)} ${n(y + Math.sin(k * 0.55 + ph) * h * 0.08)}`,
          ).join("");
          s += `<path d="${pts}" fill="none" stroke="${i === 3 ? amber : white}" stroke-width="${i === 3 ? 5 : 3}" stroke-opacity="${i === 3 ? 0.8 : 0.18}" stroke-linejoin="round"/>`;
        }
        s +=
          rings(w * 0.88, h * 0.5, 60, 5, 60, white, 0.35, 3) +
          sparkle(w * 0.88, h * 0.5, 44, amber) +
          sparkle(w * 0.08, h * 0.22, 18, white);
        return s;
      },
    },
  },
];

// ---------------------------------------------------------------------------------------------
// Hero still (third slide): a glowing isometric "digital city" at dusk, 1920 × 1080.

export function heroStill(): string {
  const w = 1920;
  const h = 1080;
  const r = rng("hero-3");
  const defs =
    commonDefs() +
    linear(
      "h3sky",
      [
        [0, night],
        [0.55, brand[900]],
        [1, brand[700]],
      ],
      0,
      0,
      0,
      1,
    ) +
    radial("h3sun", [
      [0, amber, 0.9],
      [0.35, amberDeep, 0.45],
      [1, orchid, 0],
    ]) +
    linear(
      "h3fade",
      [
        [0, night, 0],
        [1, night, 0.92],
      ],
      0,
      0,
      0,
      1,
    ) +
    radial("h3glow", [
      [0, brand[400], 0.55],
      [1, brand[400], 0],
    ]);
  let body = `<rect width="${w}" height="${h}" fill="url(#h3sky)"/>`;
  body += `<ellipse cx="${w * 0.62}" cy="${h * 0.5}" rx="${w * 0.42}" ry="${h * 0.42}" fill="url(#h3sun)"/>`;
  body += `<ellipse cx="${w * 0.3}" cy="${h * 0.75}" rx="${w * 0.5}" ry="${h * 0.4}" fill="url(#h3glow)"/>`;
  // stars
  for (let i = 0; i < 70; i++)
    body += circle(
      r.range(0, w),
      r.range(0, h * 0.45),
      r.range(0.8, 2.2),
      white,
      ` opacity="${n(r.range(0.2, 0.8))}"`,
    );
  // orbit rings
  body += `<g transform="translate(${w * 0.62} ${h * 0.5}) scale(1 0.32)">${rings(0, 0, 320, 4, 110, amberSoft, 0.35, 3)}</g>`;
  // the city: tonal violet blocks with light tops, a few amber-lit towers
  const tonal: Array<[string, string, string]> = [brand[400], brand[300], lilacTop].map(
    (top) => [top, brand[700], brand[900]] as [string, string, string],
  );
  const palettes: Array<[string, string, string]> = [
    ...tonal,
    ...tonal,
    [brand[500], brand[800], brand[950]],
    [orchidSoft, brand[600], brand[900]],
    [indigoSoft, indigo, brand[900]],
    [amberSoft, amber, amberDeep],
  ];
  body += place(isoCity(r, 9, 9, 124, palettes, 280), w * 0.68, h * 0.36);
  body += `<rect x="0" y="${h * 0.55}" width="${w}" height="${h * 0.45}" fill="url(#h3fade)"/>`;
  // connection arcs above the city
  const arcs: Array<[number, number, number, number]> = [
    [0.42, 0.5, 0.7, 0.42],
    [0.55, 0.62, 0.85, 0.55],
    [0.48, 0.72, 0.78, 0.68],
  ];
  for (const [x1, y1, x2, y2] of arcs) {
    const mx = ((x1 + x2) / 2) * w;
    const my = Math.min(y1, y2) * h - 180;
    body += `<path d="M${n(x1 * w)} ${n(y1 * h)}Q${n(mx)} ${n(my)} ${n(x2 * w)} ${n(y2 * h)}" fill="none" stroke="${amberSoft}" stroke-width="3" stroke-dasharray="2 12" stroke-linecap="round" opacity="0.8"/>`;
    body += circle(x1 * w, y1 * h, 7, amber) + circle(x2 * w, y2 * h, 7, white);
  }
  body += sparkle(w * 0.62, h * 0.2, 40, white);
  return svgDoc(w, h, body, defs, "A glowing isometric digital city at dusk");
}
