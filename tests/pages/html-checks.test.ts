// The page checks made to fail: a check that finds nothing on a broken page would let every page
// of tests/pages/pages.test.ts pass. Each broken variant of a good page must be reported.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "#server/security.ts";
import {
  deferredScriptProblems,
  documentProblems,
  headerProblems,
  internalPaths,
  linkedUrls,
  parseHtml,
} from "./html-checks.ts";

const inline = "window.__ctx = {};";
const sha = `'sha256-${createHash("sha256").update(inline, "utf8").digest("base64")}'`;

/** A page with everything a page of the site must have; `edit` breaks one thing. */
function page(edit: (html: string) => string = (h) => h): string {
  return edit(`<!DOCTYPE html>
<html lang="en"><head>
<title>About Us | TechSpark Innovations</title>
<meta name="description" content="Who we are: a Kubwa, Abuja team of engineers, designers and marketers.">
<link rel="canonical" href="https://techspark.ng/about-us">
<meta property="og:image" content="https://techspark.ng/img/social/about.jpg">
<link rel="stylesheet" href="/assets/app.css">
</head><body>
<a href="#main">Skip</a>
<main id="main"><h1>About Us</h1>
<img src="/img/a-640.jpg" srcset="/img/a-640.jpg 640w, /img/a-1280.jpg 1280w" width="640" height="400" alt="Our office">
<svg><use href="/assets/icons.svg#menu"></use></svg>
<a href="/contact-us?from=about">Contact</a> <a href="mailto:hello@techspark.ng">Mail</a>
<a href="https://x.com/techsparkng">X</a>
<form action="/newsletter" method="post"><input name="email"></form>
</main>
<footer>© 2031 TechSpark Innovations. All rights reserved.</footer>
<script>${inline}</script>
<script type="module">await import("/assets/entry.client.js");</script>
</body></html>`);
}

const moduleSha = `'sha256-${createHash("sha256").update('await import("/assets/entry.client.js");', "utf8").digest("base64")}'`;
const goodHeaders = () =>
  new Headers({
    "content-type": "text/html; charset=utf-8",
    "cache-control": "public, max-age=0, must-revalidate",
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "content-security-policy": contentSecurityPolicy([sha, moduleSha]),
  });
const publicCaching = /^public, max-age=0, must-revalidate$/;

describe("documentProblems", () => {
  it("finds nothing wrong with a complete page", () => {
    expect(documentProblems(parseHtml(page()))).toEqual([]);
  });

  it.each([
    ["two h1s", (h: string) => h.replace("</main>", "<h1>Again</h1></main>"), /^2 h1 elements/],
    ["no h1", (h: string) => h.replace(/<h1>.*?<\/h1>/, ""), /^0 h1 elements/],
    ["an empty h1", (h: string) => h.replace("<h1>About Us</h1>", "<h1> </h1>"), /^the h1 is empty/],
    [
      "a title without the company",
      (h: string) => h.replace(" | TechSpark Innovations", ""),
      /^title without/,
    ],
    [
      "a short description",
      (h: string) => h.replace(/content="Who[^"]*"/, 'content="Who we are."'),
      /^meta description of 11/,
    ],
    [
      "an http canonical URL",
      (h: string) => h.replace("https://techspark.ng/about-us", "http://techspark.ng/about-us"),
      /^canonical URL not https/,
    ],
    [
      "another social image",
      (h: string) => h.replace("/img/social/about.jpg", "/img/about.jpg"),
      /^og:image not from/,
    ],
    ["another language", (h: string) => h.replace('lang="en"', 'lang="fr"'), /^html lang="fr"/],
    [
      "an empty main",
      (h: string) => h.replace(/<main id="main">[\s\S]*<\/main>/, '<main id="main"></main><h1>About Us</h1>'),
      /^no content in main/,
    ],
    ["no footer", (h: string) => h.replace(/<footer>.*<\/footer>/, ""), /^no footer/],
    [
      "an image without alt",
      (h: string) => h.replace(' alt="Our office"', ""),
      /^no alt attribute: \/img\/a-640\.jpg/,
    ],
    [
      "an image without dimensions",
      (h: string) => h.replace(' height="400"', ""),
      /^no width\/height: \/img\/a-640\.jpg/,
    ],
    [
      "a form without an action",
      (h: string) => h.replace(' action="/newsletter"', ""),
      /^a form without an action/,
    ],
    [
      "a form posting elsewhere",
      (h: string) => h.replace('action="/newsletter"', 'action="https://evil.example/"'),
      /^a form without an action on this site/,
    ],
    ["a form without a method", (h: string) => h.replace(' method="post"', ""), /^a form without a method/],
  ])("reports %s", (_, edit, problem) => {
    const problems = documentProblems(parseHtml(page(edit)));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });
});

describe("linkedUrls and internalPaths", () => {
  it("name every link and resource of the site once, without fragments, and nothing elsewhere", () => {
    const urls = linkedUrls(parseHtml(page()), "http://127.0.0.1:4000/about-us");
    expect(internalPaths(urls, ["http://127.0.0.1:4000", "https://techspark.ng"]).sort()).toEqual(
      [
        "/about-us", // the skip link (#main) and the canonical URL
        "/assets/app.css",
        "/assets/entry.client.js",
        "/assets/icons.svg",
        "/contact-us?from=about",
        "/img/a-1280.jpg",
        "/img/a-640.jpg",
        "/img/social/about.jpg",
        "/newsletter",
      ].sort(),
    );
    expect(urls.map((u) => u.href)).toContain("https://x.com/techsparkng");
  });
});

describe("headerProblems", () => {
  const doc = () => parseHtml(page());

  it("finds nothing wrong with the headers the server sends", () => {
    expect(headerProblems(goodHeaders(), doc(), publicCaching)).toEqual([]);
  });

  it.each([
    ["another content type", "content-type", "text/plain", /^content-type: text\/plain/],
    ["other caching", "cache-control", "public, max-age=3600", /^cache-control "public, max-age=3600"/],
    ["no nosniff", "x-content-type-options", null, /^no x-content-type-options/],
    ["framing allowed", "x-frame-options", null, /^no x-frame-options/],
    ["no CSP", "content-security-policy", null, /^no content-security-policy/],
    [
      "a CSP without one inline script's hash",
      "content-security-policy",
      contentSecurityPolicy([moduleSha]),
      /^CSP blocks an inline script: window\.__ctx/,
    ],
    [
      "a CSP allowing any inline script",
      "content-security-policy",
      contentSecurityPolicy(["'unsafe-inline'", sha, moduleSha]),
      /^CSP script-src allows 'unsafe-inline'/,
    ],
  ])("reports %s", (_, name, value, problem) => {
    const headers = goodHeaders();
    if (value === null) headers.delete(name);
    else headers.set(name, value);
    const problems = headerProblems(headers, doc(), publicCaching);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(problem);
  });

  it("accepts an inline script by its nonce", () => {
    const withNonce = parseHtml(page((h) => h.replace(`<script>${inline}`, `<script nonce="abc">${inline}`)));
    const headers = goodHeaders();
    headers.set("content-security-policy", contentSecurityPolicy(["'nonce-abc'", moduleSha]));
    expect(headerProblems(headers, withNonce, publicCaching)).toEqual([]);
    headers.set("content-security-policy", contentSecurityPolicy(["'nonce-xyz'", moduleSha]));
    expect(headerProblems(headers, withNonce, publicCaching)).toHaveLength(1);
  });
});

describe("deferredScriptProblems", () => {
  const deferred = [
    '<html><head></head><body><script type="module">await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));',
    'const [route0, route1_clientAction] = await Promise.all([import("/assets/root-a.js"), import("/assets/x.js")]);',
    'import("/assets/entry.client-b.js");</script></body></html>',
  ].join("\n");

  it("finds nothing wrong with the document deferScripts makes", () => {
    expect(deferredScriptProblems(deferred)).toEqual([]);
  });

  it("says when React Router's document was left as it came", () => {
    const untouched =
      '<link rel="modulepreload" href="/assets/root-a.js"/><script type="module">import "/assets/entry.client-b.js";</script>';
    expect(deferredScriptProblems(untouched)).toEqual([
      "a module preload is left in the document",
      "the module script does not wait for the first paint",
      "the route modules are not imported after the first paint",
      "the client entry is not started",
    ]);
    expect(deferredScriptProblems("<p>no script</p>")).toEqual(["0 module scripts, not one"]);
  });
});
