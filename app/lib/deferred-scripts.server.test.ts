import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { deferredScripts, deferScripts } from "./deferred-scripts.server.ts";

// The shape React Router 8 renders (see build/client/*/index.html).
const document = [
  '<html><head><link rel="stylesheet" href="/assets/app.css" data-precedence="high"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/framework.js"/>',
  '<link rel="modulepreload" href="/assets/root.js"/><link rel="modulepreload" href="/assets/faq.js"/>',
  "<title>FAQ — Ọjọ́</title></head><body><main>…</main>",
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="" nonce="abc">;',
  'import * as route0 from "/assets/root.js";',
  'import * as route1 from "/assets/faq.js";',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client.js"}};',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/faq":route1};',
  "",
  'import("/assets/entry.client.js");</script></body></html>',
].join("\n");

describe("deferScripts", () => {
  const out = deferScripts(document);

  it("takes the module preloads out of the head, keeping the stylesheet", () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css" data-precedence="high"/>');
  });

  it("waits for the first frame, then preloads the same chunks and imports the routes", () => {
    const script = /<script type="module" async="" nonce="abc">([\s\S]*?)<\/script>/.exec(out)![1]!;
    expect(script).not.toMatch(/^import \*/m);
    const wait = script.indexOf("requestAnimationFrame");
    const preload = script.indexOf(
      '["/assets/entry.client.js","/assets/framework.js","/assets/root.js","/assets/faq.js"]',
    );
    const routes = script.indexOf(
      'const [route0, route1] = await Promise.all([import("/assets/root.js"), import("/assets/faq.js")]);',
    );
    const modules = script.indexOf('window.__reactRouterRouteModules = {"root":route0,"routes/faq":route1};');
    const entry = script.indexOf('import("/assets/entry.client.js");');
    expect([wait, preload, routes, modules, entry].every((i) => i >= 0)).toBe(true);
    expect(wait < preload && preload < routes && routes < modules && modules < entry).toBe(true);
  });

  it("leaves the rest of the document as it was", () => {
    expect(out).toContain("<title>FAQ — Ọjọ́</title>");
    expect(out).toContain("<script>window.__reactRouterContext = {};</script>");
  });

  it("leaves a document of another shape untouched", () => {
    const plain = "<html><head></head><body><p>Hello</p></body></html>";
    expect(deferScripts(plain)).toBe(plain);
    const noImports = document.replace(/^import \* as .*$/gm, "");
    expect(deferScripts(noImports)).toBe(noImports);
  });
});

describe("deferredScripts", () => {
  it("rewrites the whole document however it arrives in chunks", async () => {
    const bytes = Buffer.from(document, "utf8");
    const chunks: Buffer[] = [];
    for (let i = 0; i < bytes.length; i += 5) chunks.push(bytes.subarray(i, i + 5));
    expect(await text(Readable.from(chunks).pipe(deferredScripts()))).toBe(deferScripts(document));
  });
});
