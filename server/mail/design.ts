// The one design of every e-mail the site sends: the agency's logo on its deep violet, a white
// card with the e-mail's title, body and small print, and under it the agency's name, postal
// address, phones, public address and social links as published in the console now.
//
// Made with React Email's components (tables and inline styles that Gmail, Outlook and Apple Mail
// show alike) and rendered by @react-email/render. The server runs .ts files as they are (Node's
// type stripping), so there is no JSX here: `h` is React's createElement.
//
// The kinds' bodies stay the escaped markup of `html` (./template.ts): an `Html` value is the
// only markup inserted as it is (dangerouslySetInnerHTML); everything else, the title and the
// agency's details included, is escaped by React. The plain-text part is the kinds' own text
// (written for plain text: links on lines of their own, an issue's Markdown) followed by the
// agency's details converted from this same HTML (toPlainText), so both parts always agree.
import { createElement as h, type CSSProperties, type ReactNode } from "react";
// Each component from its own package (the ones @react-email/components gathers): that bundle
// also loads Tailwind, Prism and a Markdown parser, 0.7-1 s and 40 MB more at every server start.
import { Body } from "@react-email/body";
import { Column } from "@react-email/column";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Img } from "@react-email/img";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Row } from "@react-email/row";
import { Text } from "@react-email/text";
import { render, toPlainText } from "@react-email/render";
import { site } from "#app/config/site.ts";
import { formatAddress, telHref } from "#app/lib/agency.ts";
import type { MailContext } from "./kind.ts";

/** What an e-mail shows (./template.ts: EmailContent, whose markup only `html` and `raw` make). */
export type Letter = {
  title: string;
  /** The body's markup, inserted as it is. */
  html: { readonly value: string };
  text: string[];
  footer?: { html: { readonly value: string }; text: string[] };
  preview?: string;
};

/** What the layout needs from the kind's render context: where the site is (the logo and the
 *  links are absolute), and the agency's details as published now. */
export type DesignContext = Pick<MailContext, "siteUrl" | "details">;

/** The logo, a PNG made from the SVG logo by scripts/media/identity.ts (twice this size, for sharp
 *  screens) on the header's colour: a client that inverts colours leaves pictures alone. */
export const EMAIL_LOGO = { path: "/img/email-logo.png", width: 178, height: 40 } as const;

// The site's colours (app/styles/app.css, as hex: mail clients know no OKLCH).
export const COLOURS = {
  header: "#321343", // brand 900: the header's band, also baked into the logo's PNG
  brand: "#662d91", // brand 700: links and buttons
  accent: "#f9ad26", // amber: the header's one thin line
  canvas: "#f6f1f9",
  card: "#ffffff",
  ink: "#1c1121",
  muted: "#584e5f",
  line: "#e2dbe7",
  dark: {
    canvas: "#100918",
    card: "#1e1428",
    ink: "#edeaef",
    muted: "#bcb4c1",
    line: "#3b2f48",
    link: "#d7afed", // brand 300: purple text on dark surfaces keeps 4.5:1
  },
} as const;

const FONT =
  "'Plus Jakarta Sans',-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

// Links and quotes the kinds leave unstyled (an issue's Markdown) get the site's colours where
// the client keeps a style sheet (most do; inline styles win where a kind wrote its own).
// Dark mode where the client tells (Apple Mail, iOS Mail, Outlook for Mac, Thunderbird): the
// site's dark colours. Clients that darken by themselves (Gmail, Outlook.com) invert the light
// ones, which hold: ink on white becomes light on dark, and the header and the buttons are dark
// already. The kinds write their own inline colours (#555 small print, #ddd quote rules):
// attribute selectors bring them to the dark palette too.
const d = COLOURS.dark;
const STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
.ts-card a { color: ${COLOURS.brand}; }
.ts-card blockquote { margin: 0 0 16px; padding: 4px 16px; border-left: 4px solid ${COLOURS.line}; }
@media (max-width: 480px) {
  .ts-pad { padding-left: 20px !important; padding-right: 20px !important; }
}
@media (prefers-color-scheme: dark) {
  .ts-canvas, .ts-canvas > table > tbody > tr > td { background-color: ${d.canvas} !important; }
  .ts-card { background-color: ${d.card} !important; color: ${d.ink} !important; }
  .ts-card * { color: ${d.ink} !important; border-color: ${d.line} !important; }
  .ts-card [style*="color:#555"], .ts-muted, .ts-muted * { color: ${d.muted} !important; }
  .ts-card a, .ts-muted a { color: ${d.link} !important; }
  .ts-card a[style*="background"] { color: #ffffff !important; }
  .ts-card hr { border-color: ${d.line} !important; }
}
`;

const textStyle: CSSProperties = { margin: 0, fontSize: "13px", lineHeight: "20px", color: COLOURS.muted };
const footerLink: CSSProperties = { color: COLOURS.brand, textDecoration: "underline" };

/** The agency's details under the card: its name, address, phones, public address and social
 *  links, as published now (a change in the console shows in the next e-mail). */
function agencyFooter({ details, siteUrl }: DesignContext): ReactNode {
  const email = details.emails[0];
  const siteHost = new URL(siteUrl).host;
  const between = (items: ReactNode[]) =>
    items.flatMap((item, i) =>
      i === 0 ? [item] : [h("span", { key: `s${i}`, "aria-hidden": true }, " · "), item],
    );
  return h(
    Column,
    { className: "ts-pad ts-muted ts-agency", align: "center", style: { padding: "24px 28px 8px" } },
    h(Text, { style: { ...textStyle, fontWeight: 700, color: COLOURS.ink } }, site.name),
    h(Text, { style: textStyle }, formatAddress(details)),
    h(
      Text,
      { style: textStyle },
      between([
        ...details.phones.map((phone) =>
          h(Link, { key: phone, href: telHref(phone), style: footerLink }, phone),
        ),
        ...(email ? [h(Link, { key: email, href: `mailto:${email}`, style: footerLink }, email)] : []),
      ]),
    ),
    details.socials.length > 0 &&
      h(
        Text,
        { style: { ...textStyle, marginTop: "8px" } },
        between(
          details.socials.map((s) => h(Link, { key: s.href, href: s.href, style: footerLink }, s.label)),
        ),
      ),
    h(
      Text,
      { style: { ...textStyle, marginTop: "8px" } },
      h(Link, { href: `${siteUrl}/`, style: footerLink }, siteHost),
    ),
  );
}

/** The body's words alone (no link addresses, headings as written), for the preview. */
const PREVIEW_TEXT = {
  // Only its beginning is shown: a long issue is not converted whole.
  limits: { maxInputLength: 20_000 },
  selectors: [
    { selector: "a", options: { ignoreHref: true } },
    ...["h1", "h2", "h3", "h4", "h5", "h6"].map((selector) => ({ selector, options: { uppercase: false } })),
  ],
};

/** A short summary mail clients show after the subject: the body's first words. */
function previewOf(content: Letter): string {
  if (content.preview) return content.preview;
  return toPlainText(content.html.value, PREVIEW_TEXT).replace(/\s+/g, " ").trim().slice(0, 140);
}

/** One full-width band of the e-mail (a table row: what every client lays out alike). */
const band = (props: { className?: string; style?: CSSProperties }, cell: ReactNode) =>
  h(Row, { ...props, children: cell });

/** The e-mail as React elements. */
export function emailDocument(content: Letter, context: DesignContext) {
  const home = `${context.siteUrl}/`;
  const header = band(
    {
      style: {
        backgroundColor: COLOURS.header,
        borderRadius: "16px 16px 0 0",
        borderBottom: `3px solid ${COLOURS.accent}`,
      },
    },
    h(
      Column,
      { className: "ts-pad", style: { padding: "22px 28px" } },
      h(
        Link,
        { href: home, style: { display: "inline-block" } },
        h(Img, {
          src: `${context.siteUrl}${EMAIL_LOGO.path}`,
          width: EMAIL_LOGO.width,
          height: EMAIL_LOGO.height,
          alt: site.name,
        }),
      ),
    ),
  );
  // Title, body, small print. Visitors' text (a 200-character link, a long word) wraps inside
  // the card, never widens it.
  const card = band(
    { className: "ts-card", style: { backgroundColor: COLOURS.card, borderRadius: "0 0 16px 16px" } },
    h(
      Column,
      {
        className: "ts-pad",
        style: {
          padding: "32px 28px",
          color: COLOURS.ink,
          fontSize: "16px",
          lineHeight: "1.6",
          overflowWrap: "anywhere",
          wordBreak: "break-word",
        },
      },
      h(
        "h1",
        {
          style: {
            margin: "0 0 20px",
            fontSize: "24px",
            lineHeight: "1.25",
            fontWeight: 800,
            color: COLOURS.ink,
          },
        },
        content.title,
      ),
      h("div", { dangerouslySetInnerHTML: { __html: content.html.value } }),
      content.footer && [
        h(Hr, { key: "rule", style: { margin: "28px 0 16px", borderTop: `1px solid ${COLOURS.line}` } }),
        h("div", {
          key: "footer",
          className: "ts-muted",
          style: { fontSize: "13px", lineHeight: "1.55", color: COLOURS.muted },
          dangerouslySetInnerHTML: { __html: content.footer.html.value },
        }),
      ],
    ),
  );
  return h(
    Html,
    { lang: "en", dir: "ltr" },
    h(
      Head,
      null,
      h("meta", { name: "viewport", content: "width=device-width, initial-scale=1" }),
      h("meta", { name: "color-scheme", content: "light dark" }),
      h("meta", { name: "supported-color-schemes", content: "light dark" }),
      h("title", null, content.title),
      h("style", null, STYLE),
    ),
    h(Preview, null, previewOf(content)),
    h(
      Body,
      {
        className: "ts-canvas",
        style: { margin: 0, padding: 0, backgroundColor: COLOURS.canvas, fontFamily: FONT },
      },
      h(
        // Screen readers announce it as an e-mail, named by its title, inside the client's page.
        "div",
        { role: "article", "aria-roledescription": "email", "aria-label": content.title },
        h(
          Container,
          { style: { maxWidth: "600px", width: "100%", padding: "24px 12px" } },
          header,
          card,
          band({}, agencyFooter(context)),
        ),
      ),
    ),
  );
}

/** The agency's details in the plain-text part, converted from the HTML's: one line each, phone
 *  and e-mail links by their words alone, every other link followed by its address. */
const AGENCY_TEXT = {
  baseElements: { selectors: [".ts-agency"] },
  selectors: [
    { selector: "p", options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } },
    { selector: "a[href^='tel:']", format: "anchor", options: { ignoreHref: true } },
    { selector: "a[href^='mailto:']", format: "anchor", options: { ignoreHref: true } },
  ],
};

/** The agency's details as text, converted once per version of them (the details are a new
 *  object when the console publishes a change): the same for every e-mail of an issue. */
const agencyTexts = new WeakMap<DesignContext["details"], Map<string, string>>();
function agencyText({ details, siteUrl }: DesignContext, html: string): string {
  let bySite = agencyTexts.get(details);
  if (!bySite) agencyTexts.set(details, (bySite = new Map()));
  let text = bySite.get(siteUrl);
  if (text === undefined) bySite.set(siteUrl, (text = toPlainText(html, AGENCY_TEXT).trim()));
  return text;
}

/** The HTML and plain-text parts of an e-mail, in the site's one design (through ./template.ts:
 *  `layout`). */
export async function renderLetter(
  context: DesignContext,
  content: Letter,
): Promise<{ html: string; text: string }> {
  const html = await render(emailDocument(content, context));
  const agency = agencyText(context, html);
  // One signature ("-- "): the kind's small print, then the agency's details.
  const footer = content.footer ? [...content.footer.text, ""] : [];
  const text = [content.title, "", ...content.text, "", "-- ", ...footer, agency].join("\n");
  return { html, text: `${text}\n` };
}
