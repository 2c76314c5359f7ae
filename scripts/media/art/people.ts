// Illustrated portraits: geometric busts with a large initials monogram behind them. Faceless
// by design (these stand in for the real team's photos), each with its own colours and styling.
import {
  amber,
  amberDeep,
  amberSoft,
  brand,
  indigo,
  indigoSoft,
  ink,
  orchid,
  orchidSoft,
  white,
} from "../lib/palette.ts";
import { circle, linear, n, radial, rect, svgDoc } from "../lib/svg.ts";
import { text } from "../lib/text.ts";

type Hair = "fade" | "hijab" | "afro" | "gele" | "bald" | "bun" | "kufi" | "puff";
type Outfit = "blazer" | "crew" | "hoodie" | "collar" | "kaftan";

export type Person = {
  slug: string;
  name: string;
  role: string;
  skin: string;
  hair: Hair;
  hairColor: string;
  outfit: Outfit;
  outfitColor: string;
  bg: [string, string];
  monogram: string;
  glasses?: boolean;
  beard?: boolean;
  beardColor?: string;
  earrings?: boolean;
  accent?: string;
};

/** Darken a #rrggbb colour by factor f (0..1). */
function shade(hex: string, f: number): string {
  return `#${[1, 3, 5]
    .map((i) =>
      Math.round(parseInt(hex.slice(i, i + 2), 16) * (1 - f))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The bust drawn in an 800 × 1000 box, head centred at (400, 470). */
function bust(p: Person): string {
  const skinShade = shade(p.skin, 0.18);
  const hairC = p.hairColor;
  const acc = p.accent ?? amber;
  // Head parts are drawn around (400, 470) and moved down/enlarged as a group (shorter neck).
  const HEAD = `transform="translate(400 500) scale(1.12) translate(-400 -470)"`;
  let s = `<g ${HEAD}>`;
  // back hair / head covering behind the neck
  if (p.hair === "hijab")
    s += `<path d="M230 520C220 330 300 270 400 270S580 330 570 520L610 900H190Z" fill="${hairC}"/>`;
  if (p.hair === "puff") s += circle(400, 300, 150, hairC);
  s += `</g>`;
  // neck
  if (p.hair !== "hijab") s += `<path d="M350 600H450V720C430 750 370 750 350 720Z" fill="${skinShade}"/>`;
  // shoulders (drawn in the original 748-high box, raised and widened)
  const out = p.outfitColor;
  s += `<g transform="translate(400 -48) scale(1.14 1.04) translate(-400 0)">`;
  s += `<path d="M110 1010C120 850 200 770 330 748H470C600 770 680 850 690 1010Z" fill="${out}"/>`;
  // outfit details
  if (p.outfit === "blazer") {
    s +=
      `<path d="M330 748L400 900 470 748Z" fill="${white}"/>` +
      `<path d="M330 748L300 760 372 1000H400ZM470 748L500 760 428 1000H400Z" fill="${shade(out, 0.25)}"/>`;
    s += `<path d="M378 790L400 816 422 790 412 900H388Z" fill="${acc}"/>`;
  } else if (p.outfit === "crew") {
    s += `<path d="M345 748C360 790 440 790 455 748" fill="none" stroke="${shade(out, 0.3)}" stroke-width="14" stroke-linecap="round"/>`;
    s += rect(470, 860, 90, 10, 5, shade(out, 0.2));
  } else if (p.outfit === "hoodie") {
    s += `<path d="M300 752C310 840 490 840 500 752C470 800 330 800 300 752Z" fill="${shade(out, 0.3)}"/>`;
    s += `<path d="M370 820V900M430 820V900" stroke="${white}" stroke-width="8" stroke-linecap="round" opacity="0.8"/>`;
  } else if (p.outfit === "collar") {
    s +=
      `<path d="M345 745L400 800 455 745 470 760 420 830H380L330 760Z" fill="${white}"/>` +
      `<path d="M400 800V1000" stroke="${shade(out, 0.2)}" stroke-width="4"/>`;
  } else if (p.outfit === "kaftan") {
    s +=
      `<path d="M350 752L400 830 450 752" fill="none" stroke="${acc}" stroke-width="10"/>` +
      `<path d="M400 830V1000" stroke="${acc}" stroke-width="10"/>`;
    for (let i = 0; i < 4; i++) s += circle(400, 870 + i * 34, 6, acc);
  }
  s += `</g>`;
  // head
  s += `<g ${HEAD}>`;
  if (p.hair !== "hijab")
    s += `<ellipse cx="282" cy="480" rx="26" ry="40" fill="${skinShade}"/><ellipse cx="518" cy="480" rx="26" ry="40" fill="${skinShade}"/>`;
  s += `<ellipse cx="400" cy="470" rx="122" ry="150" fill="${p.skin}"/>`;
  s += `<path d="M400 320C470 320 522 380 522 470C522 560 470 620 400 620C450 590 478 540 478 470C478 400 450 345 400 320Z" fill="${skinShade}" opacity="0.55"/>`;
  if (p.earrings) s += circle(282, 530, 14, acc) + circle(518, 530, 14, acc);
  if (p.beard)
    s += `<path d="M286 470C290 560 330 626 400 626S510 560 514 470C500 540 470 572 400 572S300 540 286 470Z" fill="${p.beardColor ?? "#1b1210"}"/>`;
  // hair / head coverings on top
  switch (p.hair) {
    case "fade":
      s += `<path d="M276 450C270 350 320 305 400 305S530 350 524 450C510 400 480 370 400 366S292 400 276 450Z" fill="${hairC}"/>`;
      break;
    case "afro":
      s += `<path d="M268 470C240 330 300 270 400 268S562 330 532 470C520 410 490 385 400 385S282 410 268 470Z" fill="${hairC}"/>`;
      for (const [x, y, r] of [
        [300, 330, 46],
        [360, 290, 50],
        [440, 290, 50],
        [500, 330, 46],
      ] as const)
        s += circle(x, y, r, hairC);
      break;
    case "bald":
      s += `<path d="M300 380C330 340 370 328 400 326" fill="none" stroke="${white}" stroke-width="12" stroke-linecap="round" opacity="0.18"/>`;
      break;
    case "bun":
      s +=
        circle(400, 262, 62, hairC) +
        `<path d="M276 470C262 360 310 312 400 312S540 360 524 470C512 420 470 392 400 392S290 420 276 470Z" fill="${hairC}"/>`;
      for (let i = 0; i < 5; i++)
        s += `<path d="M${320 + i * 40} 330C${330 + i * 40} 350 ${330 + i * 40} 370 ${320 + i * 40} 392" fill="none" stroke="${shade(hairC, -0.6)}" stroke-width="5" opacity="0.35"/>`;
      break;
    case "gele":
      s += `<path d="M262 430C240 330 300 250 400 236C520 222 590 300 556 420C520 380 470 360 400 360S300 380 262 430Z" fill="${hairC}"/>`;
      s += `<path d="M300 300C360 250 480 240 560 300M290 360C370 300 470 300 550 350" fill="none" stroke="${shade(hairC, 0.25)}" stroke-width="12" stroke-linecap="round"/>`;
      s += `<path d="M520 250C590 200 640 240 600 300C580 270 560 260 520 250Z" fill="${shade(hairC, 0.15)}"/>`;
      break;
    case "hijab":
      s += `<path d="M248 500C240 340 310 290 400 290S560 340 552 500C540 420 490 352 400 352S260 420 248 500Z" fill="${shade(hairC, 0.15)}"/>`;
      s += `<path d="M290 600C320 660 360 690 400 690S480 660 510 600C520 660 540 720 560 760H240C260 720 280 660 290 600Z" fill="${hairC}"/>`;
      break;
    case "kufi":
      s += `<path d="M284 410C284 330 330 300 400 300S516 330 516 410Z" fill="${hairC}"/>`;
      s += `<path d="M290 380H510" stroke="${amberSoft}" stroke-width="8" stroke-dasharray="14 10"/>`;
      break;
    case "puff":
      s += `<path d="M276 460C270 370 320 330 400 330S530 370 524 460C510 410 470 390 400 390S290 410 276 460Z" fill="${hairC}"/>`;
      break;
  }
  if (p.glasses)
    s += `<g fill="${white}" fill-opacity="0.18" stroke="${ink}" stroke-width="10"><rect x="308" y="440" width="76" height="58" rx="20"/><rect x="416" y="440" width="76" height="58" rx="20"/></g><path d="M384 462Q400 452 416 462" fill="none" stroke="${ink}" stroke-width="8"/>`;
  return s + `</g>`;
}

function portraitSvg(p: Person, w: number, h: number, title: string): string {
  const id = p.slug.replace(/[^a-z0-9]/g, "");
  const defs =
    linear(`${id}bg`, [
      [0, p.bg[0]],
      [1, p.bg[1]],
    ]) +
    radial(`${id}gl`, [
      [0, white, 0.35],
      [1, white, 0],
    ]);
  // monogram + bust scaled into the canvas: portraits show the whole 800 × 1000 box, square
  // avatars zoom to head and shoulders (box rows 110…870).
  const square = w === h;
  const s = square ? h / 760 : Math.max(w / 800, h / 1000);
  const bx = (w - 800 * s) / 2;
  const by = square ? -110 * s : h - 1000 * s;
  const mono = text(p.monogram, 400, 560, {
    font: "pjs-800",
    size: 520,
    fill: white,
    anchor: "middle",
    tracking: -0.04,
    opacity: 0.14,
  });
  const body =
    rect(0, 0, w, h, 0, `url(#${id}bg)`) +
    `<ellipse cx="${n(w * 0.5)}" cy="${n(h * 0.4)}" rx="${n(w * 0.55)}" ry="${n(h * 0.45)}" fill="url(#${id}gl)"/>` +
    `<g transform="translate(${n(bx)} ${n(by - 60 * s)}) scale(${n(s)})">${mono}</g>` +
    `<g transform="translate(${n(bx)} ${n(by)}) scale(${n(s)})">${bust(p)}</g>`;
  return svgDoc(w, h, body, defs, title);
}

export const team: Person[] = [
  {
    slug: "chinedu-okafor",
    name: "Chinedu Okafor",
    role: "Founder / CEO",
    skin: "#7a4a2e",
    hair: "fade",
    hairColor: "#1b1210",
    outfit: "blazer",
    outfitColor: brand[800],
    bg: [brand[500], brand[800]],
    monogram: "CO",
    beard: true,
  },
  {
    slug: "amina-bello",
    name: "Amina Bello",
    role: "Business Development Manager",
    skin: "#a86f4c",
    hair: "hijab",
    hairColor: orchid,
    outfit: "collar",
    outfitColor: brand[900],
    bg: [orchidSoft, brand[400]],
    monogram: "AB",
    earrings: false,
  },
  {
    slug: "tunde-adeyemi",
    name: "Tunde Adeyemi",
    role: "Engineering Tech Lead",
    skin: "#5a3520",
    hair: "afro",
    hairColor: "#161010",
    outfit: "crew",
    outfitColor: indigo,
    bg: [indigoSoft, indigo],
    monogram: "TA",
    glasses: true,
  },
  {
    slug: "zainab-musa",
    name: "Zainab Musa",
    role: "UI/UX Lead",
    skin: "#8d5a3b",
    hair: "gele",
    hairColor: amber,
    outfit: "kaftan",
    outfitColor: brand[700],
    bg: [amberSoft, amberDeep],
    monogram: "ZM",
    earrings: true,
    accent: white,
  },
  {
    slug: "emeka-nwosu",
    name: "Emeka Nwosu",
    role: "Cybersecurity Analyst",
    skin: "#6b4128",
    hair: "bald",
    hairColor: "#1b1210",
    outfit: "hoodie",
    outfitColor: "#2b1b3d",
    bg: [brand[800], "#120a1c"],
    monogram: "EN",
    beard: true,
    glasses: true,
  },
  {
    slug: "halima-yusuf",
    name: "Halima Yusuf",
    role: "Digital Marketing Strategist",
    skin: "#c48b63",
    hair: "bun",
    hairColor: "#20120e",
    outfit: "blazer",
    outfitColor: brand[500],
    bg: [brand[200], brand[500]],
    monogram: "HY",
    earrings: true,
    accent: amber,
  },
];

export const testimonials: Person[] = [
  {
    slug: "ngozi-eze",
    name: "Ngozi Eze",
    role: "Client",
    skin: "#7a4a2e",
    hair: "puff",
    hairColor: "#1a1110",
    outfit: "crew",
    outfitColor: amberDeep,
    bg: [brand[300], brand[600]],
    monogram: "NE",
    earrings: true,
  },
  {
    slug: "ibrahim-sule",
    name: "Ibrahim Sule",
    role: "Client",
    skin: "#a86f4c",
    hair: "kufi",
    hairColor: brand[700],
    outfit: "kaftan",
    outfitColor: white,
    bg: [indigoSoft, brand[500]],
    monogram: "IS",
    beard: true,
    accent: brand[500],
  },
  {
    slug: "folake-adebayo",
    name: "Folake Adebayo",
    role: "Client",
    skin: "#5a3520",
    hair: "gele",
    hairColor: brand[500],
    outfit: "collar",
    outfitColor: brand[800],
    bg: [amberSoft, orchid],
    monogram: "FA",
    earrings: true,
  },
];

export const teamPortrait = (p: Person) => portraitSvg(p, 800, 1000, `${p.name}, ${p.role}`);
export const avatarPortrait = (p: Person) => portraitSvg(p, 320, 320, p.name);
