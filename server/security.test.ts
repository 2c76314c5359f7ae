import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, inlineScriptHashes } from "./security.ts";

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
