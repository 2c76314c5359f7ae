// @vitest-environment node
// The browser's name (./browser.ts) and what the day's visitor hash is made of (./index.ts): the
// address and the browser's name, as docs/traffic.md says, not the whole User-Agent: the same
// address with Chrome 124 on Android and Chrome 125 on Windows is one visitor, with Firefox another.
import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { deferrals, freshDb, sqliteDatabase } from "../db/testing/databases.ts";
import { browserName } from "./browser.ts";
import { createTrafficService } from "./index.ts";

const defer = deferrals();
const T0 = Date.UTC(2026, 10, 27, 9);

/** Real User-Agents of each family (and of the browsers that look like one). */
const AGENTS: Record<string, string[]> = {
  Chrome: [
    "Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0.6367.88 Mobile/15E148 Safari/604.1",
    // Android's WebView (an app's pages).
    "Mozilla/5.0 (Linux; Android 12; TECNO KG5m Build/SP1A.210812.016; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/123.0.6312.118 Mobile Safari/537.36",
  ],
  Edge: [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 EdgA/124.0.2478.64",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/124.2478.71 Mobile/15E148 Safari/605.1.15",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045",
  ],
  Firefox: [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0",
    "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/125.0 Mobile/15E148 Safari/605.1.15",
  ],
  Safari: [
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15",
    "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
  ],
  "Samsung Internet": [
    "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-A546B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
  ],
  Opera: [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36 OPR/82.0.4342.79679",
    "Opera/9.80 (J2ME/MIDP; Opera Mini/9.80 (S60; SymbOS; Opera Mobi/23.348; U; en) Presto/2.5.25 Version/10.54",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) OPT/4.6.0 Mobile/15E148",
  ],
  other: [
    "",
    "Mozilla/5.0 (Linux; U; Android 10; en-US; TECNO KE5 Build/QP1A.190711.020) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.108 UCBrowser/13.4.0.1306 Mobile Safari/537.36",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 YaBrowser/24.4.0.0 Safari/537.36",
    // Android's old browser says Safari, and is not.
    "Mozilla/5.0 (Linux; U; Android 4.0.3; en-us; GT-I9100 Build/IML74K) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Mobile Safari/534.30",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Epiphany/605.1.15",
  ],
};

describe("the browser's name", () => {
  it("is its family: Chrome, Edge, Firefox, Safari, Samsung Internet, Opera, or other", () => {
    for (const [family, agents] of Object.entries(AGENTS))
      for (const agent of agents) expect(browserName(agent), agent).toBe(family);
    expect(browserName(undefined)).toBe("other");
  });
});

describe("the day's visitor hash", () => {
  it("is made of the address and the browser's name, not the whole User-Agent", async () => {
    const { db, cleanup } = await freshDb(sqliteDatabase);
    defer(cleanup);
    let now = T0;
    const traffic = createTrafficService({
      db,
      trustProxy: false,
      // A millisecond a view: they read back in order.
      now: () => now++,
      flushMs: 60_000,
      housekeeping: false,
    });
    defer(() => traffic.close());
    const visit = (agent: string, address = "102.89.1.10") => {
      const req = {
        method: "GET",
        url: "/",
        headers: { host: "techspark.ng", "user-agent": agent, "sec-fetch-dest": "document" },
        socket: { remoteAddress: address },
      } as unknown as IncomingMessage;
      if (traffic.observer.wants(req)) traffic.observer.seen(req, 200, "home");
    };
    visit(AGENTS.Chrome![0]!); // Chrome 124, Android
    visit(AGENTS.Chrome![1]!); // Chrome 125, Windows: the same name from the same address
    visit(AGENTS.Firefox![0]!); // another browser
    visit(AGENTS.Chrome![0]!, "102.89.1.11"); // another address
    await traffic.flush();
    const [chrome, sameName, firefox, elsewhere] = (
      await db.kysely.selectFrom("traffic_event").select("visitor").orderBy("at").execute()
    ).map((r) => r.visitor);
    expect(chrome).toMatch(/^[\w-]{16}$/);
    expect(sameName).toBe(chrome);
    expect(firefox).not.toBe(chrome);
    expect(elsewhere).not.toBe(chrome);
    expect(new Set([chrome, firefox, elsewhere]).size).toBe(3);
  });
});
