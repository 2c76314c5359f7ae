import { createHash } from "node:crypto";
import { once } from "node:events";
import type { AddressInfo } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  securityHeaderList,
  securityHeaders,
} from "./security.ts";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes inline scripts only, not external or JSON-LD ones", () => {
    const html = `<script>window.a=1</script><script type="module">import "/x.js"</script>
      <script src="/assets/a.js"></script><script type="application/ld+json">{"@type":"Thing"}</script>`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a=1"), sha('import "/x.js"')]);
  });
});

describe("contentSecurityPolicy", () => {
  it("never allows inline scripts wholesale and forbids framing", () => {
    const csp = contentSecurityPolicy(["'nonce-abc'"]);
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe("securityHeaderList", () => {
  it("is what the middleware sets on a response Express sends, header for header", async () => {
    const app = express();
    app.use(securityHeaders);
    app.get("/", (_req, res) => res.end("ok"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const sent = await fetch(`http://127.0.0.1:${port}/`);
      const list = securityHeaderList();
      const names = list.filter((_, i) => i % 2 === 0).map((n) => n.toLowerCase());
      expect(names).toEqual(
        expect.arrayContaining(["permissions-policy", "x-frame-options", "strict-transport-security"]),
      );
      for (let i = 0; i < list.length; i += 2) {
        expect(sent.headers.get(list[i]!), list[i]).toBe(list[i + 1]);
      }
      // And nothing the middleware set is missing from the list.
      const fromMiddleware = [...sent.headers.keys()].filter(
        (n) => !["content-length", "date", "connection", "keep-alive", "x-powered-by"].includes(n),
      );
      expect(names.sort()).toEqual(fromMiddleware.sort());
    } finally {
      server.close();
    }
  });
});

describe("Cross-Origin-Resource-Policy", () => {
  it("lets other sites show the uploaded and built pictures (a web mail, a feed reader), and nothing else", async () => {
    const app = express();
    app.use(securityHeaders);
    app.use((_req, res) => res.end("ok"));
    const server = app.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const corp = async (path: string) =>
        (await fetch(`http://127.0.0.1:${port}${path}`)).headers.get("cross-origin-resource-policy");
      for (const path of [
        "/media/u/0123456789abcdef-640.webp",
        "/media/u/0123456789abcdef-640.jpg?v=1",
        "/img/about-1-640.avif",
        "/img/posters/intro-960.jpg",
      ])
        expect(await corp(path), path).toBe("cross-origin");
      for (const path of [
        "/",
        "/about-us",
        "/assets/entry.client-abc.js",
        "/blog/rss.xml",
        "/admin/posts",
        "/media/u/",
        "/media/other.webp",
        "/images/x.webp",
        "/img/../admin",
        "/api/x?/img/a.webp",
      ])
        expect(await corp(path), path).toBe("same-origin");
      // The answers served from memory (documents, assets) keep same-origin.
      const list = securityHeaderList();
      expect(list[list.findIndex((n) => n.toLowerCase() === "cross-origin-resource-policy") + 1]).toBe(
        "same-origin",
      );
    } finally {
      server.close();
    }
  });
});
