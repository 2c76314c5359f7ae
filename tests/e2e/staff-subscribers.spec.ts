// The console's subscribers in the browser: six people on the newsletter's list (written through
// the newsletter repository, not the forms), a member signed in with a passkey sees the counts,
// filters, searches, downloads the CSV and erases one by the keyboard after the confirming second
// press; at 390 px and without JavaScript the same works with plain form posts, and a bad post
// is a 400. Without a session, no page, data request or download answers anything but 401.
import { readFileSync } from "node:fs";
import { expect, hydrated } from "./hydration.ts";
import {
  consoleToken,
  expectAccessible,
  sessionCookie,
  staffConsole,
  test,
  CONSOLE_SECRET,
} from "./staff-helpers.ts";
import { openDatabase } from "../../server/db/index.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createNewsletterRepository, type NewsletterRepository } from "../../server/newsletter/repository.ts";
import { parseCsv } from "../../server/testing/csv.ts";

// One worker for the whole file: its tests share the records made once for it.
test.describe.configure({ mode: "serial" });

const { at, staff, dataDir, filterCounts } = staffConsole;
const SECRET = CONSOLE_SECRET;
const MINUTE = 60_000;

type Seed = { email: string; minutesAgo: number; state: "subscribed" | "pending" | "unsubscribed" };
const SEEDED: Seed[] = [
  { email: "ada.obi@example.com", minutesAgo: 60, state: "subscribed" },
  { email: "ops_team@example.ng", minutesAgo: 50, state: "subscribed" },
  { email: "opsxteam@example.ng", minutesAgo: 45, state: "pending" },
  { email: "dayo@example.org", minutesAgo: 40, state: "unsubscribed" },
  { email: "erase.me@example.com", minutesAgo: 30, state: "subscribed" },
  { email: "no.script@example.com", minutesAgo: 20, state: "subscribed" },
];

async function withList<T>(use: (store: NewsletterRepository) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    return await use(createNewsletterRepository(db, createOutbox(db), SECRET));
  } finally {
    await db.close();
  }
}

const ours = (email: string | undefined) => SEEDED.some((s) => s.email === email);
/** The filters' counts before this file's subscribers: the worker's server is shared. */
let base: Record<string, number> = {};

test.beforeAll(async ({ browser }) => {
  base = await filterCounts(browser, "/admin/subscribers?state=all", "Filter the subscribers");
  await withList(async (store) => {
    for (const { email, minutesAgo, state } of SEEDED) {
      const at = Date.now() - minutesAgo * MINUTE;
      await store.signUp(email, { source: "/blog-standard#footer", wording: "Confirm", client: "0a1b" }, at);
      const s = (await store.findByEmail(email))!;
      if (state !== "pending") await store.confirm(s.id, s.confirmNonce!, at + MINUTE);
      if (state === "unsubscribed") await store.unsubscribe(s.id, at + 2 * MINUTE);
    }
  });
});

test("no session: every subscribers page, its data and the CSV answer 401 with no address", async ({
  request,
}) => {
  // The subscriber actions in the audit log (other specs on the worker's server may have some).
  const logged = async () =>
    (await staff("audit", "--limit", "10000")).split("\n").filter((line) => line.includes("subscriber."))
      .length;
  const before = await logged();
  for (const p of [
    "/admin/subscribers",
    "/admin/subscribers?state=all&q=ada",
    "/admin/subscribers.data",
    "/admin/subscribers.data?_routes=routes/admin/subscribers",
    "/admin/subscribers.csv",
  ]) {
    const res = await request.get(at(p));
    expect(res.status(), p).toBe(401);
    expect(res.headers()["cache-control"], p).toBe("private, no-store");
    const body = await res.text();
    for (const s of SEEDED) expect(body, p).not.toContain(s.email);
  }
  // Nor does a form post erase anyone.
  const post = await request.post(at("/admin/subscribers"), {
    form: { intent: "erase-confirmed", email: "ada.obi@example.com" },
    headers: { Origin: at("") },
  });
  expect(post.status()).toBe(401);
  expect(await withList((store) => store.findByEmail("ada.obi@example.com"))).not.toBeNull();
  expect(await logged()).toBe(before);
});

test("counts, filters, search, the CSV, and erasing one by the keyboard after confirming", async ({
  page,
  request,
  member: _signedInAs,
}) => {
  test.slow(); // many steps, and axe six times
  await page.goto(at("/admin"));

  // From the console's navigation: the subscribed ones, latest sign-up first.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Subscribers" }).click();
  await expect(page).toHaveURL(at("/admin/subscribers"));
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  const filters = page.getByRole("navigation", { name: "Filter the subscribers" });
  await expect(filters.getByRole("link")).toHaveText([
    `Subscribed (${base.Subscribed! + 4})`,
    `Pending (${base.Pending! + 1})`,
    `Unsubscribed (${base.Unsubscribed! + 1})`,
    // Addresses the mail server refused for good (issue 47); none among these.
    `Bounced (${base.Bounced ?? 0})`,
    `All (${base.All! + 6})`,
  ]);
  await expect(filters.getByRole("link", { name: `Subscribed (${base.Subscribed! + 4})` })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(base.Subscribed! + 4);
  expect((await page.getByRole("heading", { level: 2 }).allInnerTexts()).filter(ours)).toEqual([
    "no.script@example.com",
    "erase.me@example.com",
    "ops_team@example.ng",
    "ada.obi@example.com",
  ]);
  const ada = page.getByRole("article", { name: "ada.obi@example.com" });
  await expect(ada).toContainText("Subscribed");
  await expect(ada).toContainText("Signed up");
  await expect(ada).toContainText("Confirmed");
  await expect(ada).toContainText("From /blog-standard#footer");
  await expectAccessible(page);

  await filters.getByRole("link", { name: `Unsubscribed (${base.Unsubscribed! + 1})` }).click();
  await expect(page).toHaveURL(/state=unsubscribed/);
  await expect(cards).toHaveCount(base.Unsubscribed! + 1);
  const dayo = page.getByRole("article", { name: "dayo@example.org" });
  await expect(dayo).toContainText("Unsubscribed");
  await filters.getByRole("link", { name: `Pending (${base.Pending! + 1})` }).click();
  await expect(cards).toHaveCount(base.Pending! + 1);
  await expect(page.getByRole("article", { name: "opsxteam@example.ng" })).toContainText("Not confirmed yet");

  // Search (a GET form): part of the address, whatever the letter case; "_" is a plain character.
  await filters.getByRole("link", { name: `All (${base.All! + 6})` }).click();
  await expect(cards).toHaveCount(base.All! + 6);
  const search = page.getByLabel("Search the subscribers (e-mail address)");
  await search.fill("OPS_");
  await search.press("Enter");
  await expect(page).toHaveURL(/state=all&q=OPS_/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("ops_team@example.ng");
  await expect(filters.getByRole("link")).toHaveText([
    "Subscribed (1)",
    "Pending (0)",
    "Unsubscribed (0)",
    "Bounced (0)",
    "All (1)",
  ]);
  await search.fill("example.NG");
  await search.press("Enter");
  await expect(cards).toHaveCount(2);
  await search.fill("nobody");
  await search.press("Enter");
  await expect(page.getByText("Nobody on the list matches “nobody”.")).toBeVisible();

  // The CSV: the confirmed subscribers only, as the shell's export writes them.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download subscribers (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(readFileSync((await download.path())!, "utf8"));
  expect(rows[0]).toEqual(["Email Address", "OPTIN_TIME", "CONFIRM_TIME", "SOURCE"]);
  const subscribed = SEEDED.filter((s) => s.state === "subscribed").map((s) => s.email);
  const ourRows = rows.slice(1).filter((r) => ours(r[0]));
  expect(ourRows.map((r) => r[0])).toEqual(subscribed);
  expect(ourRows[0]![1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  expect(ourRows[0]![3]).toBe("/blog-standard#footer");

  // Erase, by the keyboard: the first press only asks.
  await search.fill("erase.me");
  await search.press("Enter");
  await expect(cards).toHaveCount(1);
  await page.getByRole("button", { name: "Erase erase.me@example.com" }).focus();
  await page.keyboard.press("Enter");
  const confirm = page.getByRole("region", { name: "Erase erase.me@example.com for good?" });
  await expect(confirm).toBeFocused();
  await expect(confirm).toContainText("suppression list");
  expect(await withList((store) => store.findByEmail("erase.me@example.com"))).not.toBeNull();
  await expectAccessible(page);
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("button", { name: "Erase for good" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(confirm.getByRole("link", { name: "Keep them" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(confirm).toHaveCount(0);
  await expect(cards).toHaveCount(1);
  await page.getByRole("button", { name: "Erase erase.me@example.com" }).focus();
  await page.keyboard.press("Enter");
  await expect(confirm).toBeFocused();
  await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(at("/admin/subscribers?state=all&erased=1"));
  await expect(page.getByRole("status")).toHaveText(
    "The subscriber was erased. A keyed hash of the address stays on the suppression list.",
  );
  await expect(filters.getByRole("link", { name: `All (${base.All! + 5})` })).toBeVisible();
  await expect(page.getByRole("article", { name: "erase.me@example.com" })).toHaveCount(0);

  // Gone from the list and the CSV; suppressed; the audit log says who, never whom.
  expect(
    await withList(async (store) => [
      await store.findByEmail("erase.me@example.com"),
      await store.isSuppressed("erase.me@example.com"),
    ]),
  ).toEqual([null, true]);
  const cookie = (await sessionCookie(page))!;
  const csv = await request.get(at("/admin/subscribers.csv"), {
    headers: { Cookie: `staff=${cookie.value}` },
  });
  expect(csv.status()).toBe(200);
  expect(csv.headers()).toMatchObject({
    "content-type": "text/csv; charset=utf-8",
    "cache-control": "private, no-store",
  });
  expect(csv.headers()["content-disposition"]).toMatch(
    /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(await csv.text()).not.toContain("erase.me");
  const audit = await staff("audit", "--limit", "10000");
  expect(audit).toContain("subscriber.export");
  expect(audit).toContain("subscriber.erased");
  expect(audit).not.toContain("erase.me");
});

test("at 390 px and without JavaScript: erase after confirming; a bad post is a 400", async ({
  page,
  browser,
  request,
  member: _signedInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(at("/admin/subscribers?state=all"));
  await hydrated(page);
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= 390);
  expect(await fits()).toBe(true);
  await page.getByRole("button", { name: "Erase no.script@example.com" }).click();
  await expect(page.getByRole("region", { name: /for good\?$/ })).toBeFocused();
  expect(await fits()).toBe(true);

  const cookie = (await sessionCookie(page))!;
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  await noScript.addCookies([cookie]);
  const plain = await noScript.newPage();
  await plain.goto(at("/admin/subscribers?state=subscribed&q=no.script"));
  await plain.getByRole("button", { name: "Erase no.script@example.com" }).click();
  const heading = plain.getByRole("heading", { name: "Erase no.script@example.com for good?" });
  await expect(heading).toBeVisible();
  expect(await plain.evaluate(() => document.documentElement.scrollWidth <= 390)).toBe(true);
  // The first press erased nothing.
  expect(await withList((store) => store.findByEmail("no.script@example.com"))).not.toBeNull();
  await plain.getByRole("button", { name: "Erase for good" }).click();
  await expect(plain).toHaveURL(at("/admin/subscribers?state=subscribed&erased=1"));
  await expect(plain.getByRole("status")).toHaveText(/^The subscriber was erased\./);
  await expect(plain.getByRole("article", { name: "no.script@example.com" })).toHaveCount(0);
  await noScript.close();

  // The confirmation still open in the other tab: the address is gone, said plainly.
  await page.getByRole("button", { name: "Erase for good" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Nobody on the list has the address no.script@example.com: they may have been erased already.",
  );

  // Posts the page never sends: a 400 with a message, never a 500; nobody erased.
  const asMember = { Cookie: `staff=${cookie.value}`, Origin: at("") };
  const token = { "console-token": await consoleToken(page) };
  const forms: Record<string, string>[] = [
    { intent: "erase-confirmed" },
    { intent: "erase-confirmed", email: "" },
    { intent: "erase-confirmed", email: `${"a".repeat(320)}@example.com` },
    { intent: "drop-table", email: "ada.obi@example.com" },
    { email: "ada.obi@example.com" },
  ];
  for (const form of forms) {
    const res = await request.post(at("/admin/subscribers"), {
      form: { ...form, ...token },
      headers: asMember,
    });
    expect(res.status(), JSON.stringify(form)).toBe(400);
    expect(await res.text()).toContain("Choose whom to erase with their own Erase button.");
  }
  const json = await request.post(at("/admin/subscribers"), {
    data: { intent: "erase-confirmed", email: "ada.obi@example.com" },
    headers: asMember,
  });
  expect(json.status()).toBeLessThan(500);
  expect(json.status()).toBeGreaterThanOrEqual(400);
  expect(await withList((store) => store.findByEmail("ada.obi@example.com"))).not.toBeNull();
});
