// What the page snapshot takes out of the HTML it compares: only what differs from build to
// build of the same content (hashed asset names, the manifest's version), not the content.
import { describe, expect, it } from "vitest";
import { fileOf, normalizeHtml } from "./pages-snapshot.ts";

describe("a page's snapshot", () => {
  it("takes out the build's hashes and keeps the content, numbers included", () => {
    const a = `<link href="/assets/app-DQ3x_9aB.css"/><script>import("/assets/faq-Ab12Cd34.js");window.__m={"version":"79656ad2"}</script><a href="tel:+2348035550142">Call</a>`;
    const b = `<link href="/assets/app-Zz99yy88.css"/><script>import("/assets/faq-Qq77Rr66.js");window.__m={"version":"0badcafe"}</script><a href="tel:+2348035550142">Call</a>`;
    expect(normalizeHtml(a)).toBe(normalizeHtml(b));
    expect(normalizeHtml(a)).toContain("tel:+2348035550142");
    expect(normalizeHtml(a.replace("Call", "Ring"))).not.toBe(normalizeHtml(b));
    // The manifest printed over several lines, as the pages' hydration script has it.
    expect(normalizeHtml(`{\n  "version": "1e5938ef"\n}`)).toBe(
      normalizeHtml(`{\n  "version": "62ac589f"\n}`),
    );
  });

  it("names a file for each page", () => {
    expect(["/", "/faq", "/team-details/4"].map(fileOf)).toEqual([
      "index.html",
      "faq.html",
      "team-details_4.html",
    ]);
  });
});
