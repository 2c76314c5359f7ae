import { once } from "node:events";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { negotiate, sendStored, storeAnswer } from "./stored.ts";

describe("negotiate", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0.5, gzip;q=0.8", "gzip"],
    ["BR, GZIP", "br"],
    ["br;q=0, gzip", "gzip"],
    ["*", "br"],
    ["*;q=0, gzip;q=0", undefined],
    ["identity", undefined],
    ["deflate", undefined],
    ["gzip;q=0.5, *;q=0.9", "br"],
    [",,;;q=, ", undefined],
  ])("Accept-Encoding %j → %j", (header, expected) => {
    expect(negotiate(header)).toBe(expected);
    expect(negotiate(header)).toBe(expected); // the remembered answer is the same
  });
});

describe("sendStored", () => {
  const stored = storeAnswer(
    { identity: Buffer.from("hello"), gzip: Buffer.from("gz"), br: Buffer.from("b") },
    ["Content-Type", "text/plain; charset=utf-8", "Cache-Control", "no-cache"],
  );
  async function request(headers: Record<string, string>, method = "GET") {
    const server = createServer((req, res) => sendStored(req, res, stored));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, { method, headers });
      return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
    } finally {
      server.close();
    }
  }

  it("answers 304 without a body to the ETag, in a list or weak, and 200 otherwise", async () => {
    for (const inm of [stored.etag, `W/${stored.etag}`, `"other", ${stored.etag}`, "*"]) {
      const res = await request({ "If-None-Match": inm, "Accept-Encoding": "identity" });
      expect(res.status, inm).toBe(304);
      expect(res.body.length).toBe(0);
      expect(res.headers.get("etag")).toBe(stored.etag);
      expect(res.headers.get("content-type")).toBeNull();
    }
    const other = await request({ "If-None-Match": '"other"', "Accept-Encoding": "identity" });
    expect(other.status).toBe(200);
    expect(other.body.toString()).toBe("hello");
    // fetch() sends every conditional request with `Cache-Control: no-cache` (for caches): the
    // origin still answers the condition.
    const fetched = await request({ "If-None-Match": stored.etag, "Cache-Control": "no-cache" });
    expect(fetched.status).toBe(304);
  });

  it("sends the encoding asked for, with its length, and no body to HEAD", async () => {
    const server = createServer((req, res) => sendStored(req, res, stored));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const { port } = server.address() as AddressInfo;
    try {
      // Raw bytes: fetch would decode them.
      const raw = async (acceptEncoding: string, method = "GET") => {
        const { request: httpRequest } = await import("node:http");
        return new Promise<{ headers: Record<string, unknown>; body: string }>((resolve, reject) => {
          const req = httpRequest(
            { host: "127.0.0.1", port, method, headers: { "Accept-Encoding": acceptEncoding } },
            (res) => {
              let body = "";
              res.on("data", (c: Buffer) => (body += c.toString()));
              res.on("end", () => resolve({ headers: res.headers, body }));
            },
          );
          req.on("error", reject);
          req.end();
        });
      };
      const br = await raw("gzip, br");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.body).toBe("b");
      expect(br.headers.vary).toBe("Accept-Encoding");
      const gzip = await raw("gzip");
      expect([gzip.headers["content-encoding"], gzip.headers["content-length"], gzip.body]).toEqual([
        "gzip",
        "2",
        "gz",
      ]);
      const head = await raw("identity", "HEAD");
      expect([head.headers["content-length"], head.body]).toEqual(["5", ""]);
    } finally {
      server.close();
    }
  });
});
