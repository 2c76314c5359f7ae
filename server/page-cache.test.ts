import { describe, expect, it } from "vitest";
import { limiter, PageStore } from "./page-cache.ts";
import { storeAnswer } from "./stored.ts";

/** A stored page of about `bytes` bytes (its identity body; no compressed variants). */
const page = (bytes: number, fill = "a") => storeAnswer({ identity: Buffer.alloc(bytes, fill) }, []);
const URL_COST = 200; // PageStore's bookkeeping per URL, besides the URL itself

describe("PageStore", () => {
  it("keeps pages up to its size, dropping the least recently used first", () => {
    const store = new PageStore(3 * (1000 + URL_COST + 2) - 1);
    store.set("/a", page(1000, "a"));
    store.set("/b", page(1000, "b"));
    expect(store.get("/a")).toBeTruthy(); // /a is now the most recent
    store.set("/c", page(1000, "c"));
    expect(store.get("/b")).toBeUndefined();
    expect(store.get("/a")).toBeTruthy();
    expect(store.get("/c")).toBeTruthy();
    expect(store.bytes).toBe(2 * (1000 + URL_COST + 2));
  });

  it("replaces a URL without counting it twice, and refuses what could never fit", () => {
    const store = new PageStore(2000);
    store.set("/a", page(1500, "x"));
    store.set("/a", page(700, "y"));
    expect(store.bytes).toBe(700 + URL_COST + 2);
    expect(store.distinct).toBe(1);
    store.set("/huge", page(5000));
    expect(store.get("/huge")).toBeUndefined();
    expect(store.size).toBe(1);
  });

  it("keeps one copy of a page shared by several URLs, until the last of them goes", () => {
    const store = new PageStore(1_000_000);
    const body = page(10_000);
    for (let i = 0; i < 100; i++) store.set(`/blog?page=2&n=${i}`, page(10_000));
    expect(store.size).toBe(100);
    expect(store.distinct).toBe(1);
    expect(store.byEtag(body.etag)).toBeTruthy();
    expect(store.bytes).toBeLessThan(10_000 + 100 * (URL_COST + 20));
    // Only URLs push each other out when the page is already there.
    const small = new PageStore(10_000 + 3 * (URL_COST + 5));
    for (let i = 0; i < 5; i++) small.set(`/p?${i}`, page(10_000));
    expect(small.size).toBe(3);
    expect(small.get("/p?4")).toBeTruthy();
    for (let i = 0; i < 5; i++) small.set(`/q?${i}`, page(500, "q"));
    expect(small.byEtag(body.etag)).toBeUndefined();
    expect(small.distinct).toBe(1);
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
