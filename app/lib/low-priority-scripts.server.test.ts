import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloads, lowPriorityScripts } from "./low-priority-scripts.server.ts";

const head =
  '<html><head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/framework.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
  "<title>Café Ñ</title></head>";
const body = '<body><p>Ọjọ́ àìkú</p><link rel="modulepreload" href="/in-body.js"/></body></html>';

describe("lowerModulePreloads", () => {
  it("marks every module preload low priority, once, and nothing else", () => {
    const out = lowerModulePreloads(head);
    expect(out.match(/<link rel="modulepreload" fetchpriority="low" href/g)).toHaveLength(2);
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(lowerModulePreloads(out)).toBe(out);
  });
});

describe("lowPriorityScripts", () => {
  it("changes the head only, however the document is cut into chunks", async () => {
    const bytes = Buffer.from(head + body, "utf8");
    for (const size of [1, 3, 7, 64, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const out = await text(Readable.from(chunks).pipe(lowPriorityScripts()));
      expect(out).toBe(lowerModulePreloads(head) + body);
    }
  });

  it("passes a document without a head through, still lowering its preloads", async () => {
    const out = await text(
      Readable.from([Buffer.from('<link rel="modulepreload" href="/a.js"/>')]).pipe(lowPriorityScripts()),
    );
    expect(out).toBe('<link rel="modulepreload" fetchpriority="low" href="/a.js"/>');
  });
});
