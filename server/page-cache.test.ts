import { describe, expect, it } from "vitest";
import { ByteLru } from "./page-cache.ts";

const doc = (bytes: number) => ({ bytes });

describe("ByteLru", () => {
  it("keeps documents up to its size, dropping the least recently used first", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("/a", doc(40));
    lru.set("/b", doc(40));
    expect(lru.get("/a")).toBeTruthy(); // /a is now the most recent
    lru.set("/c", doc(40));
    expect(lru.get("/b")).toBeUndefined();
    expect(lru.get("/a")).toBeTruthy();
    expect(lru.get("/c")).toBeTruthy();
    expect(lru.bytes).toBe(80);
  });

  it("replaces a key without counting it twice, and refuses what could never fit", () => {
    const lru = new ByteLru<{ bytes: number }>(100);
    lru.set("/a", doc(60));
    lru.set("/a", doc(30));
    expect(lru.bytes).toBe(30);
    lru.set("/huge", doc(101));
    expect(lru.get("/huge")).toBeUndefined();
    expect(lru.size).toBe(1);
  });
});
