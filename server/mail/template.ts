// E-mail bodies: one tiny tagged template that escapes every interpolated value, and one layout
// (HTML + plain text, ./design.ts) every kind of e-mail uses
// (docs/decisions/009-data-layer-and-mail-outbox.md).
//
//   const body = html`<p>Hello ${name}</p>`;        // name is escaped
//   html`<ul>${items.map((i) => html`<li>${i}</li>`)}</ul>`   // nested templates are kept
//   html`<a href="${href(url)}">…</a>`             // only https/http/mailto/tel links

import { renderLetter, type DesignContext } from "./design.ts";

/** Markup that is already safe to insert (made by `html` or `raw`). */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}

type Interpolated = Html | string | number | null | undefined | false | readonly Interpolated[];

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}

function render(value: Interpolated): string {
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/** HTML with every `${value}` escaped (unless it is Html itself). */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): Html {
  let out = strings[0] ?? "";
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? "");
  });
  return new Html(out);
}

/** Trusted markup written by us, never by a visitor. */
export function raw(markup: string): Html {
  return new Html(markup);
}

/** A link target for href: only web, mail and phone links; anything else is a bug. */
export function href(url: string): string {
  if (!/^(https?:\/\/|mailto:|tel:)/i.test(url))
    throw new Error(`Refusing a link that is not http(s)/mailto/tel`);
  return url;
}

/** Text with its paragraphs and line breaks kept in HTML (escaped). Built without the template
 *  on purpose: inside white-space:pre-wrap every character shows, and formatters reflow templates. */
export function paragraphs(text: string): Html {
  return new Html(
    text
      .split(/\r?\n\s*\r?\n/)
      .map((p) => `<p style="margin:0 0 12px;white-space:pre-wrap">${escapeHtml(p)}</p>`)
      .join(""),
  );
}

export type EmailContent = {
  /** Heading of the e-mail (also the HTML title). */
  title: string;
  /** HTML body (inside the layout). */
  html: Html;
  /** Plain-text body: the same content, lines joined with \n. */
  text: string[];
  /** Small print under the body (why they received it, how to stop it). */
  footer?: { html: Html; text: string[] };
  /** What mail clients show after the subject (default: the plain text's first words). */
  preview?: string;
};

export const BRAND = "#662d91";

/** The HTML and plain-text parts of an e-mail, in the site's one design (./design.ts). */
export const layout = (context: DesignContext, content: EmailContent) => renderLetter(context, content);
