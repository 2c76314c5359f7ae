import { describe, expect, it } from "vitest";
import { ByteLru, limiter } from "./page-cache.ts";

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

describe("limiter", () => {
  it("runs at most the limit at once, the others in order of arrival", async () => {
    const limit = limiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const task = (i: number) =>
      limit(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        order.push(i);
        running--;
        return i;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(task))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order.slice(0, 2).sort()).toEqual([1, 2]);
  });
});
