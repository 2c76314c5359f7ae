// Reading a page as the spec speaks of it: by its status, where it redirects, its headings, texts
// and links, and the part of the page a heading introduces. Nothing here knows our components or
// class names, so a redesign that keeps the spec's promises keeps these readings.
import { parseHtml } from "../pages/html-checks.ts";

export type Answer = {
  status: number;
  /** Where a redirect leads: path and query on this site, the whole URL elsewhere. */
  location: string | undefined;
  doc: Document;
};

/** One GET, redirects not followed: a row that promises a page is not met by a redirect to another
 *  page, and a row that promises a redirect must be seen as one. */
export async function get(base: string, path: string): Promise<Answer> {
  const res = await fetch(base + path, { redirect: "manual" });
  const header = res.headers.get("location");
  let location: string | undefined;
  if (header !== null) {
    const url = new URL(header, base + path);
    location = url.origin === new URL(base).origin ? url.pathname + url.search : url.href;
  }
  return { status: res.status, location, doc: parseHtml(await res.text()) };
}

const HEADINGS = "h1, h2, h3, h4, h5, h6";
// Node.ELEMENT_NODE and its kin: Node.js has no global Node.
const ELEMENT_NODE = 1;
const TEXT_NODE = 3;
const FRAGMENT_NODE = 11;

// Elements a browser shows on a line of their own: their text does not run into their neighbours'
// ("…for Your Business" then "By Emeka Nwosu"), as it does in textContent.
const BLOCKS = new Set(
  "ADDRESS ARTICLE ASIDE BLOCKQUOTE BR DD DETAILS DIV DL DT FIGCAPTION FIGURE FOOTER FORM H1 H2 H3 H4 H5 H6 HEADER LI MAIN NAV OL P SECTION SUMMARY TABLE TD TH TR UL".split(
    " ",
  ),
);

const UNSEEN = new Set(["SCRIPT", "STYLE", "TEMPLATE"]);

function rawText(node: Node): string {
  if (node.nodeType === TEXT_NODE) return node.nodeValue ?? "";
  if (node.nodeType !== ELEMENT_NODE && node.nodeType !== FRAGMENT_NODE) return "";
  if (UNSEEN.has((node as Element).tagName)) return "";
  const inner = [...node.childNodes].map(rawText).join("");
  return BLOCKS.has((node as Element).tagName) ? ` ${inner} ` : inner;
}

/** The text a reader sees, whitespace collapsed. */
export const textOf = (node: Node | null | undefined): string =>
  (node ? rawText(node) : "").replace(/\s+/g, " ").trim();

const rank = (heading: Element) => Number(heading.tagName.slice(1));

/** The headings in `scope` whose text is `name` (or matches it), in document order. */
export function headings(scope: ParentNode, name?: string | RegExp): Element[] {
  return [...scope.querySelectorAll(HEADINGS)].filter((h) => {
    if (name === undefined) return true;
    const text = textOf(h);
    return typeof name === "string" ? text === name : name.test(text);
  });
}

/** The one heading named so; fails with the page's headings when there is none or several. */
export function heading(scope: ParentNode, name: string | RegExp): Element {
  const found = headings(scope, name);
  if (found.length !== 1)
    throw new Error(
      `${found.length} headings named ${String(name)} among: ${headings(scope).map(textOf).join(" | ")}`,
    );
  return found[0]!;
}

/**
 * The part of the page a heading introduces, as a reader of the page's outline meets it: the
 * heading and what follows it, up to the next heading of the same rank or higher, within its
 * landmark (main, header, footer). Markup may nest the heading in any wrappers; this does not
 * care how. A detached copy, queried like any element.
 */
export function sectionOf(start: Element): Element {
  const own = rank(start);
  const endsIt = (node: Node): boolean => {
    if (node.nodeType !== ELEMENT_NODE) return false;
    const el = node as Element;
    return (el.matches(HEADINGS) && rank(el) <= own) || headings(el).some((h) => rank(h) <= own);
  };
  const section = start.ownerDocument.createElement("section");
  section.append(start.cloneNode(true));
  for (let node: Element | null = start; node && !node.matches("main, header, footer, body");) {
    for (let next = node.nextSibling; next; next = next.nextSibling) {
      if (endsIt(next)) return section;
      section.append(next.cloneNode(true));
    }
    node = node.parentElement;
  }
  return section;
}

/** The links of `scope` whose address matches `pattern`, each address once. */
export function hrefs(scope: ParentNode, pattern: RegExp): Set<string> {
  return new Set(
    [...scope.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")!).filter((h) => pattern.test(h)),
  );
}

/** The links of `scope` whose text is `name` (or matches it). */
export function linksNamed(scope: ParentNode, name: string | RegExp): HTMLAnchorElement[] {
  return [...scope.querySelectorAll<HTMLAnchorElement>("a[href]")].filter((a) => {
    const text = textOf(a);
    return typeof name === "string" ? text === name : name.test(text);
  });
}

/** The nearest element around `start` for which `holds` is true: the card or box a title and its
 *  button share, whatever wraps them. Stops short of the landmark. */
export function around(start: Element, holds: (box: Element) => boolean): Element | undefined {
  for (
    let box = start.parentElement;
    box && !box.matches("main, header, footer, body");
    box = box.parentElement
  )
    if (holds(box)) return box;
  return undefined;
}
