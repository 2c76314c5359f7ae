// @vitest-environment node
// The console's Traffic page and its CSV (app/routes/admin/traffic.tsx, traffic-csv.ts) on the
// built server in this process, over HTTP: a stranger gets nothing; a member sees what the server
// counted (the totals, the chart with its table, the top pages, the campaigns, the 404s with
// their referrers, a conversion with its entry page and source); `?days=` other than 7, 30 or 90 is 7, never a 500; a hostile UTM tag is shown
// as text and downloaded as a cell no spreadsheet runs.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { shownText, startSite, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("the console's Traffic page");

const PHONE =
  "Mozilla/5.0 (Linux; Android 13; SM-A146B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36";
const HOSTILE = `<img src=x onerror="alert(1)">`;
const FORMULA = `=HYPERLINK("https://evil.example","win")`;

describe.skipIf(skip)("the console's Traffic page", () => {
  let site: InProcessSite;
  let cookie = "";
  beforeAll(async () => {
    site = await startSite();
    const { staff } = site.services;
    const { member } = await staff.store.invite(
      { email: "ngozi@techspark.ng", name: "Ngozi", by: "shell" },
      Date.now(),
    );
    cookie = `staff=${await staff.store.startSession(member.id, "test", Date.now())}`;
  });
  afterAll(() => site?.stop());

  const visit = (path: string, headers: Record<string, string> = {}) =>
    fetch(site.base + path, {
      redirect: "manual",
      headers: { "user-agent": PHONE, "sec-fetch-dest": "document", accept: "text/html", ...headers },
    }).then(async (res) => (await res.arrayBuffer(), res.status));
  const get = (path: string, headers: Record<string, string> = { cookie }) =>
    fetch(site.base + path, { redirect: "manual", headers });
  const page = async (path: string) => {
    const res = await get(path);
    expect(res.status, path).toBe(200);
    return res.text();
  };
  /** The text a browser shows (tags gone, entities read), one space between words. */

  it("shows a stranger nothing: the sign-in (401), the CSV too", async () => {
    for (const path of ["/admin/traffic", "/admin/traffic?days=30", "/admin/traffic.csv?days=7"]) {
      const res = await get(path, {});
      expect(res.status, path).toBe(401);
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
      const body = await res.text();
      expect(body, path).not.toContain("Top pages");
      expect(body, path).not.toContain("Views,Visitors");
    }
  });

  it("says in words there is nothing yet", async () => {
    const text = shownText(await page("/admin/traffic"));
    expect(text).toContain("No views yet in these 7 days.");
    expect(text).toContain("No missing page was asked for in these 7 days.");
    expect(text).toContain("No form was sent in these 7 days.");
    expect(text).not.toContain("<svg");
  });

  it("shows what the server counted, a hostile tag as text; ?days= other than 7, 30, 90 is 7", async () => {
    expect(await visit("/")).toBe(200);
    expect(await visit("/")).toBe(200);
    expect(
      await visit(
        `/about-us?utm_source=${encodeURIComponent(HOSTILE)}&utm_campaign=${encodeURIComponent(FORMULA)}`,
      ),
    ).toBe(200);
    expect(await visit("/no-such-page", { referer: "https://www.nairaland.com/thread/1" })).toBe(404);
    await site.services.traffic.flush();
    // A contact message sent by that visitor later that day, as the form's conversion is kept.
    const k = site.services.db.kysely;
    const first = await k
      .selectFrom("traffic_event")
      .selectAll()
      .where("kind", "=", "view")
      .orderBy("at")
      .executeTakeFirstOrThrow();
    await k
      .insertInto("traffic_event")
      .values({
        ...first,
        id: "conversion-1",
        kind: "contact",
        path: "/contact-us",
        template: "contact",
        at: first.at + 1,
      })
      .execute();

    // Two page loads' Web Vitals of the FAQ on a desktop, as their reports are kept.
    for (const [i, lcp] of [1900, 2600].entries())
      await k
        .insertInto("traffic_vital")
        .values({
          id: `vital-${i}`,
          at: first.at,
          day: first.day,
          template: "faq",
          device: "desktop",
          lcp,
          inp: null,
          cls: 0.3,
          fcp: 900,
          ttfb: 120,
        })
        .execute();

    const html = await page("/admin/traffic");
    const text = shownText(html);
    // Totals: 3 views, 1 visitor, nothing untracked, no error.
    expect(text).toMatch(/Views 3 Pages seen Visitors 1 .* Untracked views 0 .* Server errors 0/);
    // The chart, named, with its table of the same figures beside it.
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="[^"]+"/);
    expect(html).toMatch(/<title id="[^"]+">Views and visitors a day, /);
    expect(html).toMatch(
      /<caption class="sr-only">Views and visitors a day, [^<]+\(the chart&#x27;s figures\)<\/caption>/,
    );
    expect(text).toMatch(/By day .* Day Views Visitors( \w{3} \d+ \w{3} 0 0)* \w{3} \d+ \w{3} 3 1 /);
    expect(text).toMatch(/Top pages .* Page Template Views Visitors \/ home 2 1 \/about-us about 1 1/);
    expect(text).toContain("Broken links to fix");
    expect(text).toMatch(/Missing page Linked from Times \/no-such-page nairaland\.com 1/);
    expect(text).toMatch(/Devices .* Phone 3 100 %/);
    // The conversion, and the visit that led to it: its entry page, its source, the rate.
    expect(text).toMatch(/Conversions .* Conversion Count Contact messages 1/);
    expect(text).toMatch(/Entry page Source Visits Conversions Rate \/ direct 1 1 100\.0 %/);
    // Speed for real visitors: each metric's 75th percentile, rated; a metric not measured, a dash.
    expect(text).toContain(
      "Template Device Page loads LCP INP CLS FCP TTFB faq desktop 2 2.60 s, needs improvement — 0.30, poor 900 ms, good 120 ms, good",
    );
    // Their trend: a chart a Core Web Vital, named, its last day rated in words, with the
    // thresholds; a metric not measured says so; the table of the same figures below.
    expect(html).toMatch(/<title id="[^"]+">LCP, the 75th percentile a day, /);
    expect(html).toMatch(
      /<desc id="[^"]+">Good up to 2.50 s, poor above 4.00 s\. On [^:]+: 2\.60 s, needs improvement\./,
    );
    expect(html).toMatch(/<desc id="[^"]+">Good up to 0.10, poor above 0.25\. On [^:]+: 0\.30, poor\./);
    expect(text).toMatch(/Speed over time .* INP Interaction to Next Paint Not measured in these days\./);
    expect(html.match(/<svg[^>]*role="img"/g)).toHaveLength(3);
    expect(text).toMatch(
      /Speed a day .* Day Page loads LCP INP CLS FCP TTFB \w{3} \d+ \w{3} 2 2\.60 s, needs improvement/,
    );

    // The hostile tag is text: escaped in the page, no element made of it.
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(text).toContain(`Source Medium Campaign Views ${HOSTILE} — ${FORMULA} 1`);

    // Another span, and anything else: the 7 days, never a 500.
    expect(shownText(await page("/admin/traffic?days=30"))).toMatch(/Views 3 Pages seen/);
    for (const days of ["abc", "0", "-7", "31", "9999999999999999999", "7.5", "%00", "30.0"]) {
      const other = await page(`/admin/traffic?days=${days}`);
      expect(other, days).toMatch(/aria-current="page"[^>]*>7 days</);
    }
    expect(await page("/admin/traffic?days=90")).toMatch(/aria-current="page"[^>]*>90 days</);
  });

  it("downloads each table as CSV, a formula neutralised; an unknown table is a 400", async () => {
    const res = await get("/admin/traffic.csv?days=30");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="traffic-daily-30-days-to-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const daily = (await res.text()).trimEnd().split("\r\n");
    expect(daily).toHaveLength(31); // the header, then every day, those without a view too
    expect(daily[0]).toBe('"Day","Views","Visitors"');
    expect(daily.at(-1)).toMatch(/^"\d{4}-\d{2}-\d{2}","3","1"$/);
    expect(daily.slice(1, -1).every((line) => line.endsWith('"0","0"'))).toBe(true);

    const csv = async (table: string) =>
      (await (await get(`/admin/traffic.csv?table=${table}`)).text()).trimEnd().split("\r\n");
    expect(await csv("pages")).toEqual([
      '"Page","Template","Views","Visitors"',
      '"/","home","2","1"',
      '"/about-us","about","1","1"',
    ]);
    expect(await csv("not-found")).toEqual([
      '"Page","Linked from","Times"',
      '"/no-such-page","nairaland.com","1"',
    ]);
    expect(await csv("campaigns")).toEqual([
      '"Source","Medium","Campaign","Views"',
      `"<img src=x onerror=""alert(1)"">","","'=HYPERLINK(""https://evil.example"",""win"")","1"`,
    ]);
    expect(await csv("conversions")).toEqual(['"Conversion","Count"', '"Contact messages","1"']);
    expect(await csv("entries")).toEqual([
      '"Entry page","Source","Visits","Conversions","Rate"',
      '"/","direct","1","1","100.0 %"',
    ]);
    expect(await csv("vitals")).toEqual([
      '"Template","Device","Page loads","LCP p75","INP p75","CLS p75","FCP p75","TTFB p75"',
      '"faq","desktop","2","2600","","0.3","900","120"',
    ]);
    expect(await csv("devices")).toEqual([
      '"Device","Views"',
      '"phone","3"',
      '"tablet","0"',
      '"desktop","0"',
    ]);

    const unknown = await get("/admin/traffic.csv?table=%3Cb%3E");
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await unknown.text()).toBe(
      "No such table. Ask for one of: daily, pages, referrers, campaigns, not-found, devices, conversions, entries, vitals, vitals-daily.\n",
    );
  });
});
