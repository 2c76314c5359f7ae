import { describe, expect, it } from "vitest";
import { pageStore } from "./page-cache.ts";
import { storeAnswer } from "./stored.ts";

/** A stored page of about `bytes` bytes (its identity body; no compressed variants). */
const page = (bytes: number, fill = "a") => storeAnswer({ identity: Buffer.alloc(bytes, fill) }, []);
const URL_COST = 200; // the store's bookkeeping per URL, besides the URL itself

describe("pageStore", () => {
  it("keeps pages up to its size, dropping the least recently used first", () => {
    const store = pageStore(3 * (1000 + URL_COST + 2) - 1);
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
    const store = pageStore(2000);
    store.set("/a", page(1500, "x"));
    store.set("/a", page(700, "y"));
    expect(store.bytes).toBe(700 + URL_COST + 2);
    store.set("/huge", page(5000));
    expect(store.get("/huge")).toBeUndefined();
    expect(store.size).toBe(1);
    expect(store.get("/a")).toBeTruthy();
  });

  it("finds a page kept under another URL by its ETag, and never holds more than its bound", () => {
    const store = pageStore(10 * (10_000 + URL_COST + 20));
    const first = page(10_000);
    store.set("/blog?page=2", first);
    expect(store.byEtag(page(10_000).etag)).toBe(first);
    for (let i = 0; i < 100; i++) store.set(`/blog?page=${i + 3}`, first);
    expect(store.size).toBeLessThanOrEqual(10);
    expect(store.bytes).toBeLessThanOrEqual(10 * (10_000 + URL_COST + 20));
    expect(store.get("/blog?page=102")).toBe(first);
    expect(store.byEtag(first.etag)).toBe(first);
  });

  it("drops a path's pages whatever their query, and moves its generation so renders under way are not kept", () => {
    const store = pageStore(100_000);
    for (const url of [
      "/blog-single/1",
      "/blog-single/1?reply=a",
      "/blog-single/10",
      "/blog-single-sidebar/1",
    ])
      store.set(url, page(100, url));
    const before = store.generation;
    store.drop(["/blog-single/1", "/blog-single-sidebar/1"]);
    expect(store.generation).toBe(before + 1);
    expect(store.get("/blog-single/1")).toBeUndefined();
    expect(store.get("/blog-single/1?reply=a")).toBeUndefined();
    expect(store.get("/blog-single-sidebar/1")).toBeUndefined();
    expect(store.get("/blog-single/10")).toBeTruthy();
  });
});
