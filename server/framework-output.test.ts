// Two of our rewrites read React Router's HTML with regular expressions: deferScripts
// (app/lib/deferred-scripts.server.ts) moves the module preloads after the first paint, and
// inlineScriptHashes (server/security.ts) lists the inline scripts for the CSP. If a React Router
// upgrade changes the document's shape, the first would quietly do nothing and the second would
// break pages under the CSP. These tests read every page of the real build and fail loudly.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./security.ts";
import { missingBuild, ROOT, skipOrFail } from "./testing/server-process.ts";

const skip = skipOrFail(missingBuild(), "React Router's output", "TEST_REQUIRE_BUILD");
const client = path.join(ROOT, "build", "client");

function documents(): Array<[string, string]> {
  const found: Array<[string, string]> = [];
  for (const entry of readdirSync(client, { recursive: true, encoding: "utf8" })) {
    if (entry.endsWith(".html")) found.push([entry, readFileSync(path.join(client, entry), "utf8")]);
  }
  return found;
}

/** The inline scripts a browser would run, as an HTML parser (not our regex) finds them. */
function parsedInlineScripts(html: string): string[] {
  const window = new Window();
  const doc = new window.DOMParser().parseFromString(html, "text/html");
  const scripts = [...doc.querySelectorAll("script")].filter(
    (s) => !s.hasAttribute("src") && s.getAttribute("type") !== "application/ld+json",
  );
  const bodies = scripts.map((s) => s.textContent);
  void window.happyDOM.close();
  return bodies;
}

const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;

describe.skipIf(skip)("React Router's documents, as built", () => {
  const pages = skip ? [] : documents();

  it("are all there", () => {
    // One per prerendered page of the registry (build/pages.json), none missing.
    const registry = JSON.parse(readFileSync(path.join(ROOT, "build", "pages.json"), "utf8")) as Array<{
      prerender: boolean;
    }>;
    expect(pages.length).toBe(registry.filter((p) => p.prerender).length);
    expect(pages.length).toBeGreaterThan(30); // 37: the pages that show no posts (decision 019)
  });

  it("had their scripts deferred: deferScripts recognised every one", () => {
    for (const [file, html] of pages) {
      expect(html, `${file}: a module preload is left in the document`).not.toContain('rel="modulepreload"');
      const modules = [...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)];
      expect(modules, `${file}: one module script`).toHaveLength(1);
      const body = modules[0]![1]!;
      expect(body, `${file}: the module script waits for the first paint`).toMatch(
        /^await new Promise\(\(r\) => requestAnimationFrame/,
      );
      expect(body, `${file}: the route modules are imported after it`).toMatch(
        // A route module split by React Router (its clientAction apart: route1_clientAction).
        /const \[route0(, route\d+(_\w+)?)*\] = await Promise\.all\(\[import\("\/assets\//,
      );
      expect(body, `${file}: the client entry is still started`).toMatch(/import\("\/assets\/entry\.client-/);
    }
  });

  it("have every inline script an HTML parser finds listed by inlineScriptHashes, and no other", () => {
    for (const [file, html] of pages) {
      const parsed = parsedInlineScripts(html);
      expect(parsed.length, `${file}: React Router's context and module scripts`).toBeGreaterThanOrEqual(2);
      expect(inlineScriptHashes(html).sort(), file).toEqual([...new Set(parsed.map(sha))].sort());
    }
  });
});
