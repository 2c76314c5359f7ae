// @vitest-environment node
// The console's Subscribers page and its CSV (app/routes/admin/subscribers.tsx,
// subscribers-csv.ts) for bounced people, on the built server in this process over HTTP: the
// Bounced filter with its count, each person's bounce with the mail server's reply shown as text
// (a hostile reply too), the bounced download with when and why, and nobody bounced in the file
// of people to mail.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { insertSubscriber } from "#server/newsletter/testing/subscribers.ts";
import { parseCsv } from "#server/testing/csv.ts";
import { shownText, startSite, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("the console's bounced subscribers");
const REPLY = `550 5.1.1 <bayo@example.com>: no such user <img src=x onerror="alert(1)">`;

describe.skipIf(skip)("the console's bounced subscribers", () => {
  let site: InProcessSite;
  let cookie = "";
  const at = Date.UTC(2025, 10, 3, 9, 30);
  beforeAll(async () => {
    site = await startSite();
    const { staff, db } = site.services;
    const { member } = await staff.store.invite(
      { email: "ngozi@techspark.ng", name: "Ngozi", by: "shell" },
      at,
    );
    cookie = `staff=${await staff.store.startSession(member.id, "test", Date.now())}`;
    await insertSubscriber(db.kysely, "ada@example.com", "subscribed", at);
    const bayo = await insertSubscriber(db.kysely, "bayo@example.com", "subscribed", at);
    await db.kysely
      .updateTable("newsletter_subscriber")
      .set({ state: "bounced", bouncedAt: at + 60_000, bounceReason: REPLY })
      .where("id", "=", bayo)
      .execute();
  });
  afterAll(() => site?.stop());

  const get = (path: string) => fetch(site.base + path, { redirect: "manual", headers: { cookie } });

  it("lists the bounced with their count, when and the server's reply as text", async () => {
    const res = await get("/admin/subscribers?state=bounced");
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = shownText(html);
    expect(text).toContain("Bounced (1)");
    expect(text).toContain("Subscribed (1)");
    expect(text).toContain("bayo@example.com");
    expect(text).not.toContain("ada@example.com");
    expect(text).toContain(`Mail server's reply ${REPLY}`);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain('href="/admin/subscribers.csv?state=bounced"');
    expect(text).toContain("Download bounced (CSV)");
  });

  it("downloads the bounced with when and why; the file of people to mail has nobody bounced", async () => {
    const res = await get("/admin/subscribers.csv?state=bounced");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /filename="bounced-subscribers-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const rows = parseCsv(await res.text());
    expect(rows.slice(1)).toEqual([
      [
        "bayo@example.com",
        "2025-11-03 09:30:00",
        "2025-11-03 09:30:00",
        "/blog-standard footer",
        "2025-11-03 09:31:00",
        REPLY,
      ],
    ]);
    const toMail = parseCsv(await (await get("/admin/subscribers.csv")).text());
    expect(toMail.map((r) => r[0])).toEqual(["Email Address", "ada@example.com"]);
  });
});
