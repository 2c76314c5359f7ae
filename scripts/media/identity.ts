// Identity: logo (SVG files + the generated React component), favicons, app icons, the web app
// manifest, the client wordmarks and one 1200 × 630 social image per page kind.
//   node scripts/media/identity.ts
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { agency } from "#app/content-types/agency/seed.ts";
import { site } from "../../app/config/site.ts";
import { brands, wordmarkSvg } from "./art/brands.ts";
import { team } from "./art/people.ts";
import {
  bubble,
  card,
  commonDefs,
  dark,
  envelope,
  glow,
  isoCity,
  network,
  phone,
  appScreen,
  pin,
  place,
  rings,
  sparkle,
  browser,
  dashboard,
  avatar,
  backdrop,
} from "./lib/motifs.ts";
import { amber, amberSoft, brand, indigo, ink, night, orchid, orchidSoft, white } from "./lib/palette.ts";
import { circle, rect, rng, svgDoc, writeIfChanged } from "./lib/svg.ts";
import { text, textPath, wrap } from "./lib/text.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const out = (p: string) => join(root, p);
let written = 0;
const write = (p: string, c: string | Buffer) => {
  if (writeIfChanged(out(p), c)) written++;
};

// ---------------------------------------------------------------------------------------------
// Logo geometry (48-unit-high artboard): tile + bolt + amber sparkle, then the wordmark.

const BOLT = "M28.5 7 14 27.5h10l-3 13.5 15-21H25.5z";
const SPARK = "M38 5.5q.9 4.6 5.5 5.5-4.6.9-5.5 5.5-.9-4.6-5.5-5.5 4.6-.9 5.5-5.5z";
const WORD = { font: "pjs-800", size: 30, tracking: -0.01 } as const;
const tech = textPath("Tech", 60, 34.5, WORD);
// "h" + "S" kerning is applied by setting the full word and measuring "Tech" alone.
const full = textPath("TechSpark", 60, 34.5, WORD);
const sparkWord = textPath("Spark", 60 + full.width - textPath("Spark", 0, 0, WORD).width, 34.5, WORD);
const LOGO_W = Math.ceil(60 + full.width + 1);
const round1 = (d: string) => d.replace(/-?\d+\.\d+/g, (m) => String(Math.round(Number(m) * 10) / 10));
const TECH_D = round1(tech.d);
const SPARK_D = round1(sparkWord.d);

const tones = {
  light: { tile: ["#833fa4", brand[800]], bolt: white, spark: amber, tech: ink, sparkWord: brand[700] },
  dark: { tile: [brand[500], brand[700]], bolt: white, spark: amber, tech: "#ffffff", sparkWord: brand[300] },
} as const;

function logoSvg(tone: "light" | "dark"): string {
  const c = tones[tone];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${LOGO_W} 48" width="${LOGO_W * 4}" height="192">` +
    `<title>TechSpark Innovations</title>` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c.tile[0]}"/><stop offset="1" stop-color="${c.tile[1]}"/></linearGradient></defs>` +
    `<rect width="48" height="48" rx="13" fill="url(#g)"/>` +
    `<path d="${BOLT}" fill="${c.bolt}" stroke="${c.bolt}" stroke-width="1.6" stroke-linejoin="round"/>` +
    `<path d="${SPARK}" fill="${c.spark}"/>` +
    `<path d="${TECH_D}" fill="${c.tech}"/>` +
    `<path d="${SPARK_D}" fill="${c.sparkWord}"/>` +
    `</svg>\n`
  );
}

write("public/img/logo-light.svg", logoSvg("light"));
write("public/img/logo-dark.svg", logoSvg("dark"));

// The site shows the logo as these two files (app/components/ui/site-logo.tsx): one cached
// request, no path data in every page's HTML and JavaScript.

// E-mails show the logo as a PNG (most mail clients show no SVG), twice its shown size for sharp
// screens, on the e-mail header's deep violet baked in: a mail client that darkens or inverts the
// colours around it (dark mode) leaves a picture as it is, and the white wordmark stays readable
// on its own background (server/mail/design.ts: EMAIL_LOGO, HEADER_BACKGROUND).
const EMAIL_LOGO_HEIGHT = 40;
write(
  "public/img/email-logo.png",
  await sharp(Buffer.from(logoSvg("dark")))
    .resize({ height: EMAIL_LOGO_HEIGHT * 2 })
    .flatten({ background: brand[900] })
    .png({ compressionLevel: 9, palette: true, colours: 64 })
    .toBuffer(),
);

// ---------------------------------------------------------------------------------------------
// Favicons and app icons

const favicon =
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48">` +
  `<defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="#833fa4"/><stop offset="1" stop-color="${brand[800]}"/></linearGradient></defs>` +
  `<rect width="48" height="48" rx="13" fill="url(#g)"/>` +
  `<path d="${BOLT}" fill="#fff" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/>` +
  `<path d="${SPARK}" fill="${amber}"/></svg>\n`;
write("public/favicon.svg", favicon);

/** Small-size mark: bolt enlarged and thickened, no sparkle (it would be a smudge at 16 px). */
const smallMark = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 48 48">` +
  `<rect width="48" height="48" rx="11" fill="${brand[700]}"/>` +
  `<path d="${BOLT}" transform="translate(24 24) scale(1.12) translate(-25 -24)" fill="#fff" stroke="#fff" stroke-width="3" stroke-linejoin="round"/></svg>`;

/** Full-bleed square icon (no transparency; platforms apply their own mask). */
const appIcon = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 48 48">` +
  `<defs><linearGradient id="g" x2="1" y2="1"><stop stop-color="#833fa4"/><stop offset="1" stop-color="${brand[800]}"/></linearGradient></defs>` +
  `<rect width="48" height="48" fill="url(#g)"/>` +
  `<g transform="translate(24 24) scale(0.62) translate(-24 -24)"><path d="${BOLT}" fill="#fff" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/><path d="${SPARK}" fill="${amber}"/></g></svg>`;

const png = (svg: string, size: number) =>
  sharp(Buffer.from(svg), { density: 72 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: size <= 32, colours: 64, dither: 0 })
    .toBuffer();

write("public/apple-touch-icon.png", await png(appIcon(180), 180));
write("public/icon-192.png", await png(appIcon(192), 192));
write("public/icon-512.png", await png(appIcon(512), 512));

// favicon.ico: the ICO container (6-byte header + 16-byte directory entries) wrapping PNG images
// encoded by sharp. Only the container is assembled here.
const icoImages = [await png(smallMark(16), 16), await png(smallMark(32), 32)];
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(icoImages.length, 4);
let offset = 6 + 16 * icoImages.length;
const dir = icoImages.map((img, i) => {
  const size = [16, 32][i]!;
  const e = Buffer.alloc(16);
  e.writeUInt8(size, 0);
  e.writeUInt8(size, 1);
  e.writeUInt8(0, 2);
  e.writeUInt8(0, 3);
  e.writeUInt16LE(1, 4);
  e.writeUInt16LE(32, 6);
  e.writeUInt32LE(img.length, 8);
  e.writeUInt32LE(offset, 12);
  offset += img.length;
  return e;
});
write("public/favicon.ico", Buffer.concat([header, ...dir, ...icoImages]));

const manifest = {
  name: site.name,
  short_name: site.shortName,
  description: site.tagline,
  start_url: "/",
  scope: "/",
  display: "standalone",
  background_color: night,
  theme_color: brand[700],
  icons: [
    { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
    { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
  ],
};
write("public/site.webmanifest", `${JSON.stringify(manifest, null, 2)}\n`);

// ---------------------------------------------------------------------------------------------
// Client wordmarks

for (const b of brands) write(`public/img/brands/${b.slug}.svg`, wordmarkSvg(b));

// ---------------------------------------------------------------------------------------------
// Social images, 1200 × 630 JPEG per page kind

type Kind =
  "home" | "services" | "projects" | "team" | "blog" | "about" | "pricing" | "faq" | "contact" | "default";
const social: Record<Kind, { title: string; subtitle: string; art: () => string }> = {
  home: {
    title: "Technology that sparks growth",
    subtitle: "Web & mobile apps, data, security and digital marketing",
    art: () =>
      rings(0, 0, 70, 5, 46, brand[300], 0.5, 3) +
      `<g transform="translate(-96 -96) scale(4)"><rect width="48" height="48" rx="13" fill="url(#gVivid)"/><path d="${BOLT}" fill="#fff" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/><path d="${SPARK}" fill="${amber}"/></g>`,
  },
  services: {
    title: "Our Services",
    subtitle: "Software, design and marketing under one roof",
    art: () => {
      const fills = [
        brand[400],
        amber,
        orchid,
        indigo,
        brand[300],
        brand[600],
        orchidSoft,
        brand[500],
        amberSoft,
      ];
      return (
        fills
          .map((f, i) =>
            rect(
              -165 + (i % 3) * 115,
              -165 + Math.floor(i / 3) * 115,
              100,
              100,
              22,
              f,
              i === 4 ? "" : ` opacity="${i === 1 ? 1 : 0.9}"`,
            ),
          )
          .join("") + sparkle(0, 0, 26, white)
      );
    },
  },
  projects: {
    title: "Our Projects",
    subtitle: "Case studies from Abuja and beyond",
    art: () =>
      place(browser(360, 250, dark, dashboard(360, 206, dark, rng("og-projects"))), -210, -150) +
      place(phone(dark, appScreen(dark, 1, rng("og-p2"))), 60, -60, 0.6, 6),
  },
  team: {
    title: "Meet the Team",
    subtitle: "Engineers, designers and marketers in Kubwa, Abuja",
    art: () =>
      team
        .slice(0, 5)
        .map((p, i) =>
          avatar(
            -150 + (i % 3) * 150 + (i >= 3 ? 75 : 0),
            -80 + Math.floor(i / 3) * 150,
            64,
            [brand[400], orchidSoft, indigo, amberSoft, brand[600]][i]!,
            p.skin,
            [brand[800], brand[900], white, brand[700], brand[300]][i]!,
          ),
        )
        .join(""),
  },
  blog: {
    title: "Insights & Ideas",
    subtitle: "Notes on technology, design and growth from our team",
    art: () =>
      place(
        card(0, 0, 260, 300, dark, 18) +
          rect(20, 20, 220, 130, 12, "url(#gVivid)") +
          rect(20, 170, 180, 12, 6, dark.ink, ` opacity="0.8"`) +
          rect(20, 196, 200, 9, 4.5, dark.line) +
          rect(20, 216, 150, 9, 4.5, dark.line),
        -200,
        -170,
        1,
        -6,
      ) +
      place(
        card(0, 0, 260, 300, dark, 18) +
          rect(20, 20, 220, 130, 12, "url(#gAmber)") +
          rect(20, 170, 160, 12, 6, dark.ink, ` opacity="0.8"`) +
          rect(20, 196, 200, 9, 4.5, dark.line),
        -30,
        -120,
        1,
        6,
      ),
  },
  about: {
    title: "About Us",
    subtitle: `Building digital products in Abuja since ${site.foundedYear}`,
    art: () =>
      place(
        isoCity(
          rng("og-about"),
          4,
          4,
          70,
          [
            [brand[300], brand[600], brand[800]],
            [brand[400], brand[700], brand[900]],
            [amberSoft, amber, "#dd7c00"],
          ],
          140,
        ),
        0,
        -120,
      ),
  },
  pricing: {
    title: "Pricing",
    subtitle: "Three plans, each tailored after a free consultation",
    art: () =>
      [0, 1, 2]
        .map((i) => {
          const x = -190 + i * 130;
          const y = i === 1 ? -150 : -110;
          return (
            rect(
              x,
              y,
              120,
              i === 1 ? 300 : 240,
              18,
              i === 1 ? "url(#gVivid)" : dark.card,
              ` filter="url(#shs)"`,
            ) +
            rect(x + 18, y + 24, 60, 10, 5, i === 1 ? amber : brand[400]) +
            [0, 1, 2]
              .map(
                (k) =>
                  circle(x + 26, y + 70 + k * 34, 8, i === 1 ? white : brand[400]) +
                  rect(x + 42, y + 66 + k * 34, 56, 8, 4, dark.line),
              )
              .join("")
          );
        })
        .join(""),
  },
  faq: {
    title: "Frequently Asked Questions",
    subtitle: "Timelines, costs, ownership, support and more",
    art: () =>
      place(bubble(280, 110, white, brand[200]), -200, -150) +
      place(bubble(240, 100, brand[400], brand[200]), -60, 10) +
      text("?", 150, -40, { font: "pjs-800", size: 150, fill: amber, anchor: "middle" }),
  },
  contact: {
    title: "Contact Us",
    // The seed's address: a picture made at build time (docs/media.md).
    subtitle: `${agency[0]!.address.street}, ${agency[0]!.address.locality}, Abuja`,
    art: () =>
      place(envelope({ ...dark, card: white, line: brand[200] }, brand[600]), -190, -60, 1.3) +
      place(pin(amber, brand[900]), 120, -110, 1.5),
  },
  default: {
    title: site.name,
    subtitle: site.tagline,
    art: () =>
      place(
        network(440, 360, rng("og-default"), 16, [brand[300], amber, white], brand[300], 0.5),
        -220,
        -180,
      ),
  },
};

const OG_W = 1200;
const OG_H = 630;
const logoInline = (x: number, y: number, s: number) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><rect width="48" height="48" rx="13" fill="${brand[500]}"/><path d="${BOLT}" fill="#fff" stroke="#fff" stroke-width="1.6" stroke-linejoin="round"/><path d="${SPARK}" fill="${amber}"/><path d="${TECH_D}" fill="#fff"/><path d="${SPARK_D}" fill="${brand[300]}"/></g>`;

for (const [kind, spec] of Object.entries(social) as Array<[Kind, (typeof social)[Kind]]>) {
  const bd = backdrop("night", OG_W, OG_H, `og-${kind}`, "dots");
  const titleOpts = { font: "pjs-800", size: 68, tracking: -0.02 } as const;
  const lines = wrap(spec.title, 600, titleOpts);
  const size = lines.length > 2 ? 56 : 68;
  const finalLines = size === 68 ? lines : wrap(spec.title, 600, { ...titleOpts, size });
  const lineH = size * 1.08;
  const blockH = finalLines.length * lineH;
  const top = 330 - blockH / 2 + size * 0.75;
  let body = bd.body + glow(930, 320, 260, 220, brand[600], 0.7);
  body += `<g transform="translate(930 330)">${spec.art()}</g>`;
  body += logoInline(72, 64, 0.95);
  finalLines.forEach((l, i) => (body += text(l, 72, top + i * lineH, { ...titleOpts, size, fill: white })));
  body += rect(74, top + (finalLines.length - 1) * lineH + 34, 72, 6, 3, amber);
  const sub = wrap(spec.subtitle, 560, { font: "pjs-500", size: 26 });
  sub.slice(0, 2).forEach(
    (l, i) =>
      (body += text(l, 72, top + (finalLines.length - 1) * lineH + 92 + i * 36, {
        font: "pjs-500",
        size: 26,
        fill: brand[200],
      })),
  );
  body += text(new URL(site.url).host, 72, 580, {
    font: "pjs-700",
    size: 22,
    fill: brand[300],
    tracking: 0.02,
  });
  const svg = svgDoc(OG_W, OG_H, body, commonDefs() + bd.defs);
  const jpg = await sharp(Buffer.from(svg))
    .flatten({ background: night })
    .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: "4:2:0" })
    .toBuffer();
  write(`public/img/social/${kind}.jpg`, jpg);
}

console.log(`identity: ${written} files written`);
