// Artwork for the 22 services: one composition each, drawn on the 1200 × 900 stage.
import {
  amber,
  amberDeep,
  amberSoft,
  appScreen,
  article,
  avatar,
  bars,
  bezier,
  boltPath,
  brand,
  browser,
  bubble,
  bug,
  card,
  carton,
  checklist,
  chip,
  circle,
  code,
  cursor,
  dashboard,
  donut,
  envelope,
  funnel,
  gear,
  glow,
  heart,
  indigo,
  ink,
  kpi,
  landing,
  line,
  lineChart,
  magnifier,
  megaphone,
  nib,
  orchid,
  phone,
  place,
  plane,
  play,
  rect,
  ring,
  rings,
  shield,
  skeleton,
  skins,
  sparkle,
  sticky,
  swatch,
  target,
  white,
  wrench,
} from "../lib/motifs.ts";
import type { SceneSpec } from "../lib/scene.ts";
import { n } from "../lib/svg.ts";
import { text } from "../lib/text.ts";

export type ServiceArt = { id: number; slug: string; title: string; spec: SceneSpec };

const S = (id: number, slug: string, title: string, spec: Omit<SceneSpec, "seed">): ServiceArt => ({
  id,
  slug,
  title,
  spec: { ...spec, seed: slug },
});

export const services: ServiceArt[] = [
  S(1, "mobile-app-development", "Mobile app development", {
    bg: "deep",
    subject: (t, r) =>
      glow(600, 470, 360, 260, brand[500], 0.55) +
      place(phone(t, appScreen(t, 1, r)), 330, 250, 1.15, -8) +
      place(phone(t, appScreen(t, 0, r)), 610, 170, 1.3, 6) +
      place(chip(200, t), 820, 620) +
      place(chip(170, t, brand[400]), 180, 190) +
      sparkle(1000, 220, 30, amber) +
      sparkle(220, 680, 18, brand[300]),
  }),
  S(2, "web-app-development", "Web app development", {
    bg: "light",
    subject: (t, r) =>
      glow(640, 460, 420, 260, brand[300], 0.5) +
      place(browser(860, 560, t, dashboard(860, 516, t, r)), 170, 150) +
      place(
        card(0, 0, 250, 150, t) +
          `<path d="M60 50l-28 26 28 26M190 50l28 26-28 26M140 40l-30 76" fill="none" stroke="${t.primary}" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>`,
        860,
        600,
      ) +
      place(chip(190, t), 90, 620),
  }),
  S(3, "business-development", "Business development", {
    bg: "vivid",
    subject: (t) => {
      const steps = [0.28, 0.42, 0.58, 0.78];
      let s = glow(640, 520, 380, 220, orchid, 0.5);
      steps.forEach((v, i) => {
        const x = 230 + i * 190;
        const h = v * 520;
        s += rect(
          x,
          760 - h,
          150,
          h,
          18,
          i === 3 ? "url(#gAmber)" : i % 2 ? brand[300] : white,
          i === 3 ? "" : ` opacity="${i % 2 ? 0.85 : 0.95}"`,
        );
      });
      s += `<path d="M200 560C420 520 560 420 700 360S900 230 1020 170" fill="none" stroke="${white}" stroke-width="14" stroke-linecap="round"/>`;
      s += `<path d="M990 140l70 10-34 62z" fill="${white}"/>`;
      s += place(
        avatar(0, 0, 46, brand[200], skins[0], brand[700]) + avatar(70, 0, 46, amberSoft, skins[3], indigo),
        230,
        160,
      );
      s += place(kpi(t, brand[400], [0.2, 0.35, 0.3, 0.6, 0.8]), 850, 560, 0.9);
      return s + sparkle(1080, 120, 24, amber);
    },
  }),
  S(4, "web-design", "Web design", {
    bg: "lilac",
    subject: (t) => {
      let s = place(browser(760, 600, t, landing(760, 556, t)), 140, 140, 1);
      const sw = [brand[700], brand[400], amber, brand[100]];
      s += place(
        card(0, 0, 230, 250, t) +
          sw
            .map((c, i) =>
              rect(
                24 + (i % 2) * 96,
                24 + Math.floor(i / 2) * 104,
                86,
                90,
                14,
                c,
                c === brand[100] ? ` stroke="${brand[200]}" stroke-width="3"` : "",
              ),
            )
            .join(""),
        860,
        120,
        1,
      );
      s += place(
        card(0, 0, 220, 210, t) +
          text("Aa", 26, 130, { font: "pjs-800", size: 110, fill: t.primary }) +
          rect(28, 160, 150, 10, 5, t.line),
        880,
        420,
        1,
      );
      s += place(cursor(), 700, 560, 1.4);
      return s;
    },
  }),
  S(5, "software-engineering", "Software engineering", {
    bg: "night",
    texture: "grid",
    subject: (t, r) => {
      const id = "se-clip";
      let s = glow(560, 420, 360, 240, brand[600], 0.6);
      s += `<clipPath id="${id}"><rect x="120" y="140" width="700" height="520" rx="20"/></clipPath>`;
      s +=
        rect(120, 140, 700, 520, 20, "#1f1230", ` filter="url(#sh)"`) +
        `<g clip-path="url(#${id})"><g transform="translate(120 184)">${code(700, 476, t, r)}</g>${rect(120, 140, 700, 44, 0, "#2a1a3d")}${circle(148, 162, 6, "#f08a8a")}${circle(168, 162, 6, amber)}${circle(188, 162, 6, "#8fd1a6")}</g>`;
      // git graph
      const gx = 920;
      s += `<path d="M${gx} 170V740" stroke="${brand[400]}" stroke-width="8"/>`;
      s += `<path d="M${gx} 300C${gx} 360 ${gx + 90} 360 ${gx + 90} 420V520C${gx + 90} 580 ${gx} 580 ${gx} 640" fill="none" stroke="${amber}" stroke-width="8"/>`;
      for (const y of [190, 300, 420 - 0, 640, 740])
        s += circle(
          y === 420 ? gx + 90 : gx,
          y,
          20,
          y === 420 ? amber : brand[300],
          ` stroke="${t.card2}" stroke-width="8"`,
        );
      s += circle(gx + 90, 520, 20, amber, ` stroke="${t.card2}" stroke-width="8"`);
      s += place(
        rect(0, 0, 330, 120, 16, "#140b1f", ` filter="url(#shs)"`) +
          rect(22, 26, 22, 10, 3, "#8fd1a6") +
          rect(54, 26, 160, 10, 5, brand[300]) +
          rect(22, 56, 250, 10, 5, "#5b4670") +
          rect(22, 84, 120, 10, 5, amber),
        430,
        640,
      );
      return s;
    },
  }),
  S(6, "data-analytics", "Data analytics", {
    bg: "light",
    subject: (t) => {
      let s = glow(600, 450, 420, 280, brand[300], 0.45);
      s +=
        card(120, 160, 640, 460, t) +
        rect(160, 200, 180, 14, 7, t.ink, ` opacity="0.8"`) +
        rect(160, 228, 110, 10, 5, t.line);
      s += place(
        lineChart(560, 280, [0.25, 0.4, 0.32, 0.55, 0.48, 0.7, 0.62, 0.88], t.primary, "url(#gArea)", 7),
        160,
        300,
      );
      s += place(
        lineChart(560, 280, [0.1, 0.2, 0.3, 0.26, 0.38, 0.35, 0.5, 0.55], amber, null, 5, false),
        160,
        300,
      );
      s +=
        card(800, 160, 300, 300, t) +
        place(
          donut(
            92,
            34,
            [
              [0.5, t.primary],
              [0.3, amber],
              [0.12, brand[300]],
            ],
            t.soft,
          ),
          950,
          310,
        );
      s +=
        place(kpi(t, t.primary, [0.2, 0.4, 0.35, 0.7, 0.9]), 820, 500) +
        place(bars(200, 120, [0.4, 0.6, 0.5, 0.85, 0.7], [brand[300], t.primary]), 160, 660 - 200);
      return s;
    },
  }),
  S(7, "cybersecurity-auditing", "Cybersecurity & auditing", {
    bg: "deep",
    texture: "grid",
    subject: (t, r) =>
      glow(600, 450, 300, 300, brand[500], 0.7) +
      rings(600, 450, 190, 5, 60, brand[300], 0.35) +
      place(shield(t, "lock"), 470, 270, 1.3) +
      place(checklist(t, [true, true, false], r), 860, 520, 0.95) +
      place(
        card(0, 0, 240, 96, t) +
          [0, 1, 2, 3, 4, 5].map((i) => circle(36 + i * 34, 48, 10, i < 4 ? brand[300] : t.line)).join(""),
        110,
        190,
      ) +
      sparkle(980, 220, 22, amber),
  }),
  S(8, "graphic-design", "Graphic design", {
    bg: "vivid",
    subject: (t) =>
      `<g opacity="0.95">${circle(480, 430, 210, orchid)}${`<path d="M620 250L880 690H360Z" fill="${amber}" opacity="0.9"/>`}${rect(560, 430, 300, 300, 28, indigo, ` opacity="0.85"`)}</g>` +
      place(bezier({ ...t, primary: white, muted: brand[200] }), 180, 110, 1.3) +
      place(nib(white, brand[700]), 900, 130, 1.2, 25) +
      sparkle(190, 700, 26, white),
  }),
  S(9, "logo-design", "Logo design", {
    bg: "lilac",
    texture: "grid",
    subject: (t) => {
      let s = card(250, 110, 700, 680, t, 28);
      // construction grid
      for (const [cx, cy, rr] of [
        [600, 450, 230],
        [520, 450, 150],
        [680, 450, 150],
        [600, 370, 90],
        [600, 530, 90],
      ] as const)
        s += circle(cx, cy, rr, "none", ` stroke="${brand[300]}" stroke-width="3" stroke-dasharray="10 10"`);
      s += line(300, 450, 900, 450, brand[200], 3) + line(600, 160, 600, 740, brand[200], 3);
      s += `<g transform="translate(470 320) scale(5.4)"><rect width="48" height="48" rx="13" fill="url(#gPrimary)"/><path d="${boltPath}" fill="${white}" stroke="${white}" stroke-width="1.6" stroke-linejoin="round"/></g>`;
      s += sparkle(788, 300, 40, amber);
      for (const [x, y] of [
        [470, 320],
        [729, 320],
        [470, 579],
        [729, 579],
      ] as const)
        s += rect(x - 9, y - 9, 18, 18, 3, white, ` stroke="${brand[500]}" stroke-width="4"`);
      return s;
    },
  }),
  S(10, "branding", "Branding", {
    bg: "dusk",
    subject: (t) => {
      let s = glow(600, 480, 380, 260, orchid, 0.45);
      s += place(
        card(0, 0, 440, 270, t, 22, brand[700]) +
          `<g transform="translate(40 40) scale(1.5)"><rect width="48" height="48" rx="13" fill="${white}"/><path d="${boltPath}" fill="${brand[700]}"/></g>` +
          rect(40, 190, 200, 14, 7, white, ` opacity="0.9"`) +
          rect(40, 218, 130, 10, 5, white, ` opacity="0.5"`),
        190,
        200,
        1,
        -6,
      );
      s += place(
        card(0, 0, 440, 270, t, 22, white) +
          rect(40, 40, 160, 16, 8, brand[700]) +
          rect(40, 72, 100, 10, 5, brand[200]) +
          rect(40, 200, 260, 10, 5, brand[100]) +
          rect(40, 222, 180, 10, 5, brand[100]) +
          sparkle(380, 60, 24, amber),
        360,
        380,
        1,
        4,
      );
      s +=
        place(swatch(amber, t), 880, 160, 1, 8) +
        place(swatch(brand[400], t), 930, 380, 1, -4) +
        place(swatch(brand[800], t), 860, 590, 1, 6);
      return s;
    },
  }),
  S(11, "ui-ux-design", "UI/UX design", {
    bg: "light",
    subject: (t, r) => {
      let s = glow(600, 450, 460, 260, brand[200], 0.6);
      const xs = [120, 470, 820];
      xs.forEach((x, i) => {
        s += place(phone(t, appScreen(t, [4, 0, 2][i]!, r), ink), x, 200, 0.95);
      });
      s += `<path d="M345 420C390 360 420 360 460 420M695 420C740 480 770 480 810 420" fill="none" stroke="${brand[500]}" stroke-width="6" stroke-dasharray="2 14" stroke-linecap="round"/>`;
      s += place(cursor(), 620, 560, 1.3) + circle(606, 548, 30, amber, ` opacity="0.35"`);
      s +=
        place(sticky(amberSoft, amberDeep), 1010, 120, 0.9, 8) +
        place(sticky(brand[200], brand[500]), 80, 100, 0.9, -8);
      return s;
    },
  }),
  S(12, "landing-pages", "Landing pages", {
    bg: "vivid",
    subject: (t) => {
      let s = glow(600, 460, 360, 300, orchid, 0.5);
      s += place(
        browser(
          560,
          720,
          {
            ...t,
            dark: false,
            card: white,
            card2: brand[50],
            line: brand[200],
            soft: brand[100],
            muted: brand[300],
            primary: brand[700],
            primary2: brand[500],
            ink,
          },
          landing(560, 676, {
            ...t,
            dark: false,
            card: white,
            card2: brand[50],
            line: brand[200],
            soft: brand[100],
            muted: brand[300],
            primary: brand[700],
            primary2: brand[500],
            ink,
          }),
        ),
        320,
        90,
      );
      s += rect(
        360,
        384,
        150,
        60,
        30,
        "none",
        ` stroke="${amber}" stroke-width="6" stroke-dasharray="14 10"`,
      );
      s += place(cursor(), 470, 420, 1.3);
      s += place(
        card(0, 0, 250, 200, t) +
          place(lineChart(200, 100, [0.1, 0.25, 0.3, 0.55, 0.85], amber, null, 6), 25, 60) +
          rect(25, 24, 100, 10, 5, t.line),
        900,
        540,
      );
      s += place(funnel(180, 40, [brand[300], brand[400], amber]), 1000, 170);
      return s;
    },
  }),
  S(13, "website-maintenance", "Website maintenance", {
    bg: "night",
    subject: (t, r) => {
      let s = glow(600, 420, 400, 260, brand[600], 0.55);
      s += place(browser(700, 460, t, article(700, 416, t)), 110, 120);
      s +=
        place(gear(120, 10, brand[400], t.card2), 860, 360) + place(gear(70, 8, amber, t.card2), 1010, 250);
      s += place(wrench(white), 720, 620, 1.2, -35);
      const pts: Array<[number, number]> = [];
      for (let i = 0; i <= 24; i++) pts.push([i * 26, i % 6 === 3 ? -60 : i % 6 === 4 ? 40 : r.range(-8, 8)]);
      s += place(
        card(0, 0, 700, 150, t) +
          `<path d="${pts.map(([x, y], i) => `${i ? "L" : "M"}${n(x + 40)} ${n(y + 80)}`).join("")}" fill="none" stroke="#8fd1a6" stroke-width="6" stroke-linejoin="round"/>`,
        110,
        640,
      );
      return s;
    },
  }),
  S(14, "qa-engineering", "QA engineering", {
    bg: "lilac",
    subject: (t, r) => {
      let s = place(checklist(t, [true, true, true, false, true], r), 170, 170, 1.25);
      s += glow(800, 420, 200, 200, brand[400], 0.5);
      s += place(magnifier(brand[700], "#ffffff88"), 780, 380, 1.6);
      s += place(bug(brand[500], brand[800]), 780, 380, 0.7);
      s += place(
        card(0, 0, 300, 110, t) +
          rect(24, 28, 120, 10, 5, t.line) +
          rect(24, 60, 252, 16, 8, t.soft) +
          rect(24, 60, 210, 16, 8, "#6cc799"),
        760,
        640,
      );
      return s;
    },
  }),
  S(15, "social-media-marketing", "Social media marketing", {
    bg: "vivid",
    subject: (t, r) =>
      glow(600, 460, 320, 300, orchid, 0.6) +
      place(phone(t, appScreen(t, 5, r)), 470, 140, 1.3) +
      place(bubble(220, 90, white, brand[200]), 190, 230) +
      place(bubble(200, 90, amberSoft, amberDeep), 850, 560) +
      heart(920, 250, 2.4, "#f06292") +
      heart(250, 620, 1.6, white) +
      place(
        card(0, 0, 170, 70, t, 35, white) +
          heart(40, 36, 0.75, "#e0518a") +
          rect(70, 30, 70, 12, 6, brand[200]),
        860,
        360,
      ),
  }),
  S(16, "seo", "Search engine optimisation", {
    bg: "light",
    subject: (t) => {
      let s =
        card(140, 150, 760, 96, t, 48) +
        circle(200, 198, 20, "none", ` stroke="${t.primary}" stroke-width="7"`) +
        line(214, 212, 228, 226, t.primary, 7) +
        rect(250, 190, 300, 14, 7, t.line);
      const rows = [1, 0.82, 0.7, 0.6];
      rows.forEach((w, i) => {
        const y = 290 + i * 120;
        s +=
          card(140, y, 620 * w, 96, t) +
          rect(170, y + 26, 44, 44, 12, i === 0 ? amber : t.soft) +
          rect(236, y + 28, 260 * w, 12, 6, i === 0 ? t.primary : t.line) +
          rect(236, y + 54, 180 * w, 9, 4.5, t.soft);
      });
      s += text("#1", 182, 318 + 26, { font: "pjs-800", size: 24, fill: ink, anchor: "start" });
      s += place(magnifier(brand[700], "#ffffffaa"), 900, 420, 1.7);
      s += place(bars(140, 90, [0.3, 0.5, 0.75, 1], [brand[300], brand[500], brand[700], amber]), 830, 380);
      return s;
    },
  }),
  S(17, "email-marketing", "Email marketing", {
    bg: "deep",
    subject: (t) =>
      glow(560, 460, 360, 260, brand[500], 0.55) +
      place(
        card(0, 0, 300, 360, t, 18, white) +
          rect(30, 40, 160, 14, 7, brand[700]) +
          skeleton(30, 80, 240, [1, 0.9, 0.95, 0.6], brand[200], 9, 20) +
          rect(30, 180, 240, 90, 12, "url(#gVivid)") +
          rect(30, 292, 110, 34, 17, amber),
        450,
        120,
        1,
        -4,
      ) +
      place(envelope({ ...t, card: white, line: brand[200] }, brand[600]), 340, 460, 1.6) +
      place(plane(white, brand[300]), 870, 170, 1.3) +
      `<path d="M700 380C780 360 820 320 860 260" fill="none" stroke="${white}" stroke-width="5" stroke-dasharray="4 16" stroke-linecap="round" opacity="0.7"/>` +
      place(card(0, 0, 220, 200, t) + place(ring(60, 16, 0.68, amber, t.soft), 110, 100), 900, 560),
  }),
  S(18, "ppc-advertising", "PPC advertising", {
    bg: "dusk",
    subject: (t) =>
      glow(600, 450, 360, 260, amberDeep, 0.35) +
      place(
        card(0, 0, 520, 300, t, 22, white) +
          rect(30, 30, 60, 24, 8, amber) +
          rect(104, 34, 200, 14, 7, brand[700]) +
          skeleton(30, 80, 460, [1, 0.85], brand[200], 10, 22) +
          rect(30, 150, 460, 110, 14, "url(#gPrimary)") +
          rect(350, 204, 120, 40, 20, amber),
        190,
        170,
        1,
      ) +
      place(cursor(ink, white), 640, 400, 1.6) +
      rings(640, 400, 30, 3, 26, amber, 0.8, 4) +
      place(target(110, { ...t, card: white }), 900, 600) +
      place(
        card(0, 0, 260, 150, t) +
          place(bars(210, 90, [0.3, 0.55, 0.45, 0.8, 0.65, 0.95], [brand[400], amber]), 25, 35),
        160,
        560,
      ),
  }),
  S(19, "marketing-analytics", "Marketing analytics", {
    bg: "lilac",
    subject: (t, r) => {
      let s = card(110, 130, 460, 640, t) + rect(150, 170, 160, 14, 7, t.ink, ` opacity="0.8"`);
      s += place(funnel(360, 92, [brand[300], brand[500], brand[700], amber]), 340, 230);
      s += place(kpi(t, t.primary, [0.3, 0.5, 0.45, 0.7, 0.85]), 640, 140);
      s += place(kpi(t, amberDeep, [0.7, 0.6, 0.55, 0.4, 0.5], false), 640, 300);
      s +=
        card(640, 460, 450, 310, t) +
        place(
          donut(
            90,
            30,
            [
              [0.42, t.primary],
              [0.26, amber],
              [0.18, brand[300]],
              [0.1, indigo],
            ],
            t.soft,
          ),
          760,
          615,
        );
      s += skeleton(900, 560, 150, [0.9, 0.7, 0.8, 0.6], t.line, 10, 28);
      void r;
      return s;
    },
  }),
  S(20, "content-marketing", "Content marketing", {
    bg: "night",
    subject: (t) =>
      glow(600, 450, 380, 280, brand[600], 0.5) +
      place(browser(520, 600, t, article(520, 556, t)), 160, 150, 1, -3) +
      place(
        card(0, 0, 380, 240, t, 20) +
          rect(20, 20, 340, 200, 14, "url(#gVivid)") +
          place(play(40, amber), 190, 120),
        640,
        180,
        1,
        4,
      ) +
      place(megaphone(brand[300], white), 700, 520, 1.2) +
      place(nib(amber, brand[800]), 100, 520, 0.9, -30),
  }),
  S(21, "brand-strategy", "Brand strategy", {
    bg: "deep",
    subject: (t) => {
      let s = glow(600, 470, 360, 260, brand[500], 0.5);
      const layers = [
        [amber, 170],
        [brand[300], 290],
        [brand[400], 410],
        [brand[600], 530],
      ] as const;
      layers.forEach(([c, w], i) => {
        const y = 220 + i * 118;
        s += `<path d="M${600 - w / 2} ${y}H${600 + w / 2}L${600 + (w + 120) / 2} ${y + 104}H${600 - (w + 120) / 2}Z" fill="${c}"/>`;
      });
      s += `<path d="M600 120L660 218H540Z" fill="${white}"/>`;
      s += place(
        card(0, 0, 230, 300, t) +
          [0, 1, 2, 3]
            .map(
              (i) =>
                circle(36, 50 + i * 66, 12, i === 0 ? amber : t.primary) +
                rect(62, 44 + i * 66, 130, 10, 5, t.line),
            )
            .join("") +
          `<path d="M36 62V230" stroke="${t.line}" stroke-width="4"/>`,
        900,
        300,
      );
      s += place(target(70, t), 210, 330);
      return s;
    },
  }),
  S(22, "packaging-design", "Packaging design", {
    bg: "light",
    subject: (t) => {
      let s = glow(620, 520, 360, 220, brand[300], 0.5);
      s += `<g transform="translate(160 180)" fill="none" stroke="${brand[400]}" stroke-width="4" stroke-dasharray="12 9">${rect(90, 0, 160, 110, 0, "none")}${rect(0, 110, 90, 200, 0, "none")}${rect(90, 110, 160, 200, 0, "none")}${rect(250, 110, 90, 200, 0, "none")}${rect(340, 110, 160, 200, 0, "none")}${rect(90, 310, 160, 110, 0, "none")}</g>`;
      s += rect(250, 290, 160, 200, 0, brand[100]);
      s += place(carton(200, 190), 820, 300);
      s += `<g transform="translate(820 300)"><path d="M-173 100L0 200V390L-173 290Z" fill="${brand[700]}" opacity="0.9"/><path d="M-150 170L-30 240" stroke="${white}" stroke-width="10" stroke-linecap="round"/>${sparkle(-80, 250, 24, amber)}</g>`;
      s += place(
        card(0, 0, 200, 100, t) +
          circle(50, 50, 26, brand[700]) +
          circle(100, 50, 26, amber) +
          circle(150, 50, 26, brand[300]),
        880,
        680,
      );
      return s;
    },
  }),
  S(23, "visual-identity", "Visual identity", {
    bg: "vivid",
    subject: (t) => {
      const mark = (x: number, y: number, sc: number, tile: string, bolt: string) =>
        `<g transform="translate(${x} ${y}) scale(${sc})"><rect width="48" height="48" rx="13" fill="${tile}"/><path d="${boltPath}" fill="${bolt}"/></g>`;
      let s = glow(600, 460, 380, 300, orchid, 0.55);
      s += place(
        card(0, 0, 380, 500, t, 16, white) +
          mark(36, 36, 1.3, brand[700], white) +
          rect(230, 44, 110, 10, 5, brand[200]) +
          rect(230, 62, 80, 10, 5, brand[200]) +
          skeleton(36, 150, 308, [1, 0.95, 0.9, 0.6, 0, 1, 0.85, 0.7], brand[100], 10, 24) +
          rect(0, 470, 380, 30, 0, brand[700]) +
          rect(0, 470, 380, 8, 0, amber),
        170,
        180,
        1,
        -6,
      );
      s += place(
        card(0, 0, 320, 190, t, 16, brand[800]) +
          mark(28, 28, 1.1, white, brand[800]) +
          rect(28, 120, 170, 12, 6, white) +
          rect(28, 144, 110, 8, 4, brand[300]) +
          sparkle(280, 40, 16, amber),
        560,
        180,
        1,
        5,
      );
      s += place(
        card(0, 0, 320, 190, t, 16, white) +
          rect(0, 0, 320, 190, 16, "none") +
          mark(126, 50, 1.4, brand[700], white) +
          rect(100, 140, 120, 10, 5, brand[200]),
        620,
        410,
        1,
        -3,
      );
      s += place(envelope({ ...t, card: white, line: brand[200] }, brand[600]), 560, 640, 1.05, 4);
      return s;
    },
  }),
  S(24, "brand-guidelines", "Brand guidelines", {
    bg: "light",
    subject: (t) => {
      let s = glow(600, 470, 460, 260, brand[300], 0.5);
      // open booklet: two pages and a spine shadow
      s += card(150, 170, 450, 560, t, 14) + card(600, 170, 450, 560, t, 14);
      s += rect(585, 170, 30, 560, 0, brand[100]);
      s += text("Aa", 200, 380, { font: "pjs-800", size: 170, fill: brand[700] });
      s += text("Bb Cc 123", 204, 450, { font: "pjs-500", size: 34, fill: brand[500] });
      s += skeleton(204, 500, 340, [1, 0.9, 0.95, 0.7, 0, 0.8, 0.6], brand[200], 10, 24);
      const sw = [brand[700], brand[400], brand[200], amber, ink, brand[950]];
      sw.forEach((c, i) => (s += rect(650 + (i % 3) * 124, 220 + Math.floor(i / 3) * 124, 108, 108, 14, c)));
      s += `<g transform="translate(740 500)"><rect x="-30" y="-30" width="168" height="168" fill="none" stroke="${brand[400]}" stroke-width="3" stroke-dasharray="10 8"/><g transform="scale(2.25)"><rect width="48" height="48" rx="13" fill="url(#gPrimary)"/><path d="${boltPath}" fill="${white}"/></g></g>`;
      s +=
        rect(1030, 230, 46, 70, 8, amber) +
        rect(1030, 320, 46, 70, 8, brand[400]) +
        rect(1030, 410, 46, 70, 8, brand[200]);
      return s;
    },
  }),
];
