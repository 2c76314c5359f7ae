// What every page must be before a browser runs any of it: checks on its HTTP answer and on its
// HTML as an HTML parser (happy-dom's, scripts off) reads it. Plain functions, each returning
// the problems it finds as readable lines, so that html-checks.test.ts can feed them broken
// pages and see each problem reported; tests/pages/pages.test.ts runs them on every page.
import { createHash } from "node:crypto";
import { Window } from "happy-dom";

const window = new Window();
const parser = new window.DOMParser();

/** The document a browser would build from `html`, without running its scripts. */
export function parseHtml(html: string): Document {
  return parser.parseFromString(html, "text/html") as unknown as Document;
}

/**
 * A complete page of the site: one h1 with text, a title naming the company, a description a
 * search engine can show (over 50 characters), an https canonical URL, a social image from
 * /img/social/, lang="en"; its content in the HTML (a non-empty main, the footer); every image
 * with its dimensions and alt text (an empty alt marks a decorative one); every form posting
 * somewhere without JavaScript (an action on this site and a method).
 */
export function documentProblems(doc: Document): string[] {
  const problems: string[] = [];
  const h1s = doc.querySelectorAll("h1");
  if (h1s.length !== 1) problems.push(`${h1s.length} h1 elements, not one`);
  else if (!h1s[0]!.textContent.trim()) problems.push("the h1 is empty");
  if (!doc.title.includes("TechSpark Innovations"))
    problems.push(`title without the company: "${doc.title}"`);
  const description = doc.querySelector('meta[name="description"]')?.getAttribute("content") ?? "";
  if (description.length <= 50) problems.push(`meta description of ${description.length} characters`);
  const canonical = doc.querySelector('link[rel="canonical"]')?.getAttribute("href") ?? "";
  if (!/^https:\/\//.test(canonical)) problems.push(`canonical URL not https: "${canonical}"`);
  const ogImage = doc.querySelector('meta[property="og:image"]')?.getAttribute("content") ?? "";
  if (!ogImage.includes("/img/social/")) problems.push(`og:image not from /img/social/: "${ogImage}"`);
  const lang = doc.documentElement.getAttribute("lang");
  if (lang !== "en") problems.push(`html lang="${lang ?? ""}"`);

  if (!doc.querySelector("main")?.textContent.trim()) problems.push("no content in main");
  if (!doc.querySelector("footer")?.textContent.includes("All rights reserved"))
    problems.push('no footer with "All rights reserved"');

  for (const img of doc.querySelectorAll("img")) {
    const src = img.getAttribute("src") ?? "";
    if (!img.getAttribute("width") || !img.getAttribute("height")) problems.push(`no width/height: ${src}`);
    if (!img.hasAttribute("alt")) problems.push(`no alt attribute: ${src}`);
  }
  for (const form of doc.querySelectorAll("form")) {
    const action = form.getAttribute("action") ?? "";
    const method = (form.getAttribute("method") ?? "").toLowerCase();
    if (!action.startsWith("/")) problems.push(`a form without an action on this site: "${action}"`);
    if (method !== "get" && method !== "post") problems.push(`a form without a method: ${action}`);
  }
  return problems;
}

/** The URL of every link and resource of the page: anchors, stylesheets and icons, images
 *  (src and each srcset candidate), media, SVG sprites, scripts and the modules the inline
 *  module script imports, the canonical URL and the social image. Fragments are dropped. */
export function linkedUrls(doc: Document, base: string): URL[] {
  const refs: string[] = [];
  const attr = (selector: string, name: string) => {
    for (const el of doc.querySelectorAll(selector)) refs.push(el.getAttribute(name)!);
  };
  attr("a[href]", "href");
  attr("link[href]", "href");
  attr("use[href]", "href");
  attr("img[src], source[src], video[src], audio[src], script[src], iframe[src]", "src");
  attr("video[poster]", "poster");
  attr("form[action]", "action");
  attr('meta[property="og:image"], meta[name="twitter:image"]', "content");
  for (const el of doc.querySelectorAll("img[srcset], source[srcset]")) {
    for (const candidate of el.getAttribute("srcset")!.split(",")) {
      const url = candidate.trim().split(/\s+/)[0];
      if (url) refs.push(url);
    }
  }
  // React Router's module script imports the route modules after the first paint.
  for (const script of doc.querySelectorAll('script[type="module"]:not([src])')) {
    for (const m of script.textContent.matchAll(/import\("([^"]+)"\)/g)) refs.push(m[1]!);
  }
  const urls = new Map<string, URL>();
  for (const ref of refs) {
    const url = new URL(ref, base);
    url.hash = "";
    urls.set(url.href, url);
  }
  return [...urls.values()];
}

/** The links of `linkedUrls` that lead to this site: those on `origins` (the test server's and
 *  the public site's, which canonical URLs and social images name), as paths with query. */
export function internalPaths(urls: URL[], origins: string[]): string[] {
  return [...new Set(urls.filter((u) => origins.includes(u.origin)).map((u) => u.pathname + u.search))];
}

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

/** The page's answer: HTML, a CSP that allows each of its inline scripts (by hash or nonce) and
 *  no other inline code, the security headers, and caching as the page's kind asks. */
export function headerProblems(headers: Headers, doc: Document, cacheControl: RegExp): string[] {
  const problems: string[] = [];
  const type = headers.get("content-type");
  if (type !== "text/html; charset=utf-8") problems.push(`content-type: ${type}`);
  const cache = headers.get("cache-control") ?? "";
  if (!cacheControl.test(cache)) problems.push(`cache-control "${cache}", expected ${cacheControl}`);
  if (headers.get("x-content-type-options") !== "nosniff")
    problems.push("no x-content-type-options: nosniff");
  if (headers.get("x-frame-options") !== "DENY") problems.push("no x-frame-options: DENY");

  const csp = headers.get("content-security-policy");
  if (!csp) return [...problems, "no content-security-policy"];
  const directives = new Map(
    csp.split(";").map((d) => {
      const [name = "", ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );
  if (directives.get("default-src")?.join(" ") !== "'self'") problems.push("CSP default-src is not 'self'");
  const scriptSrc = directives.get("script-src") ?? [];
  if (scriptSrc.includes("'unsafe-inline'")) problems.push("CSP script-src allows 'unsafe-inline'");
  for (const script of doc.querySelectorAll("script:not([src])")) {
    if (script.getAttribute("type") === "application/ld+json") continue;
    const nonce = script.getAttribute("nonce");
    const allowed =
      scriptSrc.includes(sha256(script.textContent)) || (!!nonce && scriptSrc.includes(`'nonce-${nonce}'`));
    if (!allowed) problems.push(`CSP blocks an inline script: ${script.textContent.slice(0, 60)}`);
  }
  return problems;
}

/**
 * React Router's document as deferScripts (app/lib/deferred-scripts.server.ts) rewrites it: no
 * module preload left, one module script that waits for the first paint, then imports the route
 * modules and starts the client entry. A React Router upgrade that changes the document's shape
 * would make the rewrite quietly do nothing; this says so (it read the prerendered files once,
 * and reads every page as served since every page is rendered per request).
 */
export function deferredScriptProblems(html: string): string[] {
  const problems: string[] = [];
  if (html.includes('rel="modulepreload"')) problems.push("a module preload is left in the document");
  const modules = [...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)];
  if (modules.length !== 1) return [...problems, `${modules.length} module scripts, not one`];
  const body = modules[0]![1]!;
  if (!/^await new Promise\(\(r\) => requestAnimationFrame/.test(body))
    problems.push("the module script does not wait for the first paint");
  // A route module split by React Router (its clientAction apart: route1_clientAction).
  if (!/const \[route0(, route\d+(_\w+)?)*\] = await Promise\.all\(\[import\("\/assets\//.test(body))
    problems.push("the route modules are not imported after the first paint");
  if (!/import\("\/assets\/entry\.client-/.test(body)) problems.push("the client entry is not started");
  return problems;
}
