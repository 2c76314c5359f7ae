// The console's enquiries in the browser: three messages from the contact form (written through
// the contact inbox, not the page; no SMTP, so their e-mails wait), a member signed in with a
// passkey filters, searches, opens one, marks it as handled, replies, erases one with the
// confirming second press (also without JavaScript) and downloads the CSV. Without a session,
// no page, data request or download answers anything but 401.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, sessionCookie, staffConsole, test } from "./staff-helpers.ts";
import { openDatabase } from "../../server/db/index.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createContactRepository, type NewMessage } from "../../server/contact/repository.ts";
import { parseCsv } from "../../server/testing/csv.ts";

// One worker for the whole file: its tests share the records made once for it.
test.describe.configure({ mode: "serial" });

const { at, staff, dataDir, filterCounts } = staffConsole;
const MINUTE = 60_000;

const message = (minutesAgo: number, fields: Partial<NewMessage>): NewMessage => ({
  id: randomUUID(),
  createdAt: Date.now() - minutesAgo * MINUTE,
  name: "",
  email: "",
  phone: "+234 803 555 0142",
  message: "",
  clientHash: "0123456789abcdef",
  state: "waiting-for-transport",
  ...fields,
});

const HALIMA = message(3, {
  name: "Halima Musa",
  email: "halima@example.com",
  message: "We need a school portal.\nFor 300 pupils, by March.",
});
const CHINEDU = message(2, {
  name: "Obi, Chinedu",
  email: "chinedu@example.ng",
  message: 'A quote for a "website, shop"?\nThanks',
});
const BOT = message(1, {
  name: "Spam Bot",
  email: "bot@example.net",
  message: "Cheap followers",
  state: "spam",
});
const SEEDED = [HALIMA, CHINEDU, BOT];
const seeded = (id: string | undefined) => SEEDED.some((m) => m.id === id);
/** The filters' counts before this file's messages: the worker's server is shared. */
let base: Record<string, number> = {};

test.beforeAll(async ({ browser }) => {
  base = await filterCounts(browser, "/admin/enquiries?state=all", "Filter the enquiries");
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    const inbox = createContactRepository(db, createOutbox(db));
    for (const m of SEEDED) await inbox.insert(m);
  } finally {
    await db.close();
  }
});

test("no session: every enquiries page, its data and the CSV answer 401 with no message data", async ({
  request,
}) => {
  const id = HALIMA.id;
  // The enquiry actions in the audit log (other specs on the worker's server may have some).
  const logged = async () =>
    (await staff("audit", "--limit", "10000")).split("\n").filter((line) => line.includes("enquiry.")).length;
  const before = await logged();
  for (const p of [
    "/admin/enquiries",
    "/admin/enquiries?state=all&q=halima",
    `/admin/enquiries/${id}`,
    "/admin/enquiries.data",
    "/admin/enquiries.data?_routes=routes/admin/enquiries",
    `/admin/enquiries/${id}.data`,
    `/admin/enquiries/${id}.data?_routes=routes/admin/enquiry`,
    "/admin/enquiries.csv",
  ]) {
    const res = await request.get(at(p));
    expect(res.status(), p).toBe(401);
    expect(res.headers()["cache-control"], p).toBe("private, no-store");
    const body = await res.text();
    for (const m of SEEDED) {
      expect(body, p).not.toContain(m.email);
      expect(body, p).not.toContain(m.name);
    }
    expect(body, p).not.toContain("school portal");
  }
  // Nor does a form post change anything.
  for (const intent of ["handled", "erase-confirmed"]) {
    const post = await request.post(at(`/admin/enquiries/${id}`), {
      form: { intent },
      headers: { Origin: at("") },
    });
    expect(post.status(), intent).toBe(401);
  }
  expect(await logged()).toBe(before);
});

test("filter, search, open one, mark it handled, reply, download the CSV, erase one after confirming", async ({
  page,
  request,
  member,
}) => {
  test.slow(); // many steps, and axe four times
  await page.goto(at("/admin"));

  // From the overview's card to the list: the new ones (not spam), newest first.
  await page.getByRole("link", { name: "Review the enquiries this week" }).click();
  await expect(page).toHaveURL(at("/admin/enquiries"));
  await expect(page.getByRole("heading", { level: 1, name: "Enquiries" })).toBeVisible();
  const filters = page.getByRole("navigation", { name: "Filter the enquiries" });
  await expect(filters.getByRole("link")).toHaveText([
    `New (${base.New! + 2})`,
    `Handled (${base.Handled})`,
    `Spam (${base.Spam! + 1})`,
    `E-mail failing (${base["E-mail failing"]})`,
    `All (${base.All! + 3})`,
  ]);
  await expect(filters.getByRole("link", { name: `New (${base.New! + 2})` })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(base.New! + 2);
  const ours = async () =>
    (await cards.allInnerTexts()).flatMap((t) =>
      ["Obi, Chinedu", "Halima Musa"].filter((name) => t.includes(name)),
    );
  expect(await ours()).toEqual(["Obi, Chinedu", "Halima Musa"]);
  const halimaCard = page.getByRole("article", { name: "Halima Musa" });
  await expect(halimaCard).toContainText("halima@example.com");
  await expect(halimaCard).toContainText("We need a school portal.");
  await expect(halimaCard).not.toContainText("300 pupils"); // the first line only
  await expect(halimaCard.getByRole("list", { name: "State" })).toHaveText(/New.*E-mail waiting/);
  await expectAccessible(page);

  await filters.getByRole("link", { name: `Spam (${base.Spam! + 1})` }).click();
  await expect(page).toHaveURL(/state=spam/);
  await expect(cards).toHaveCount(base.Spam! + 1);
  await expect(cards.filter({ hasText: "Spam Bot" })).toHaveCount(1);

  // Search (a GET form): in every field, whatever the letter case; the filter is kept.
  await filters.getByRole("link", { name: `All (${base.All! + 3})` }).click();
  await expect(cards).toHaveCount(base.All! + 3);
  const search = page.getByLabel("Search the enquiries (name, e-mail, phone or message)");
  await search.fill("SCHOOL PORTAL");
  await search.press("Enter");
  await expect(page).toHaveURL(/state=all&q=SCHOOL\+PORTAL/);
  await expect(cards).toHaveCount(1);
  await expect(filters.getByRole("link", { name: "All (1)" })).toBeVisible();
  await search.fill("example.NG");
  await search.press("Enter");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Obi, Chinedu");

  // The CSV: every message (a download, with its own name), as the shell's export writes it.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download all (CSV)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = parseCsv(readFileSync((await download.path())!, "utf8"));
  expect(rows[0]!.join(",")).toBe("id,received,state,attempts,sent,name,email,phone,message,last_error");
  expect(
    rows
      .slice(1)
      .filter((r) => seeded(r[0]))
      .map((r) => [r[0], r[2], r[5], r[6], r[8]]),
  ).toEqual(SEEDED.map((m) => [m.id, m.state, m.name, m.email, m.message]));

  // One in full: the line breaks kept, the text shown as text.
  await search.fill("halima");
  await search.press("Enter");
  await page.getByRole("link", { name: "Halima Musa" }).click();
  await expect(page).toHaveURL(at(`/admin/enquiries/${HALIMA.id}`));
  await expect(page.getByRole("heading", { level: 1, name: "Halima Musa" })).toBeVisible();
  const text = page.getByRole("region", { name: "Message" }).locator("p");
  expect(await text.innerText()).toBe("We need a school portal.\nFor 300 pupils, by March.");
  await expect(page.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    "mailto:halima@example.com?subject=Re%3A%20your%20message%20to%20TechSpark%20Innovations",
  );
  // Its e-mail waits for a mail server (SMTP_URL unset): nothing to retry.
  await expect(page.locator("dl")).toContainText("E-mail waiting for the mail server");
  await expect(page.getByRole("button", { name: "Retry delivery" })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Mark as handled" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked as handled.");
  await expect(page.locator("dl")).toContainText(`By ${member.email}`);
  await expect(page.getByRole("button", { name: "Mark as new" })).toBeVisible();

  // The list shows who handled it.
  await page.getByRole("link", { name: "All enquiries" }).click();
  await expect(filters.getByRole("link", { name: `New (${base.New! + 1})` })).toBeVisible();
  await filters.getByRole("link", { name: `Handled (${base.Handled! + 1})` }).click();
  await expect(page.getByRole("article", { name: "Halima Musa" })).toContainText(
    `Handled by ${member.email}`,
  );

  // Erase: the first press only asks.
  await page.goto(at(`/admin/enquiries/${CHINEDU.id}`));
  await page.getByRole("button", { name: "Erase" }).click();
  const confirm = page.getByRole("region", { name: "Erase this message for good?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toBeFocused();
  const cookie = (await sessionCookie(page))!;
  const asMember = { headers: { Cookie: `staff=${cookie.value}` } };
  expect((await request.get(at(`/admin/enquiries/${CHINEDU.id}`), asMember)).status()).toBe(200);
  await confirm.getByRole("button", { name: "Erase for good" }).click();
  await expect(page).toHaveURL(at("/admin/enquiries?erased=1"));
  await expect(page.getByRole("status")).toHaveText("The message was erased.");
  await expect(page.getByRole("article", { name: "Obi, Chinedu" })).toHaveCount(0);

  // Gone: a 404 inside the console, and out of the CSV.
  const gone = await request.get(at(`/admin/enquiries/${CHINEDU.id}`), asMember);
  expect(gone.status()).toBe(404);
  await page.goto(at(`/admin/enquiries/${CHINEDU.id}`));
  await expect(page.getByRole("heading", { level: 1, name: "Not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" })).toBeVisible();
  const csv = await request.get(at("/admin/enquiries.csv"), asMember);
  expect(csv.status()).toBe(200);
  expect(csv.headers()).toMatchObject({
    "content-type": "text/csv; charset=utf-8",
    "cache-control": "private, no-store",
  });
  expect(csv.headers()["content-disposition"]).toMatch(
    /^attachment; filename="enquiries-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  expect(
    parseCsv(await csv.text())
      .map((r) => r[0])
      .filter((id) => id === "id" || seeded(id)),
  ).toEqual(["id", HALIMA.id, BOT.id]);

  const audit = await staff("audit", "--limit", "10000");
  for (const action of ["enquiry.handled", "enquiry.export", "enquiry.erased"])
    expect(audit).toContain(action);
});

test("at 390 px, from the keyboard, and without JavaScript (spam delivered after all, handled, erased)", async ({
  page,
  browser,
  member: _signedInAs,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(at("/admin/enquiries?state=all"));
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= 390);
  expect(await fits()).toBe(true);

  // The keyboard: open a message, ask to erase, keep it.
  await page.getByRole("link", { name: "Spam Bot" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Spam Bot" })).toBeVisible();
  expect(await fits()).toBe(true);
  await hydrated(page);
  await page.getByRole("button", { name: "Erase" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Erase this message for good?" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Erase for good" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Keep it" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "Erase this message for good?" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1, name: "Spam Bot" })).toBeVisible();

  // Without JavaScript: plain form posts, the same steps.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  await noScript.addCookies([(await sessionCookie(page))!]);
  const plain = await noScript.newPage();
  await plain.goto(at(`/admin/enquiries/${BOT.id}`));
  await plain.getByRole("button", { name: "Not spam: deliver it" }).click();
  await expect(plain.getByRole("status")).toHaveText("Queued for delivery.");
  // On its way: queued, or already taken by the mail worker (its own thread, poked at once).
  await expect(plain.getByRole("list", { name: "State" })).toHaveText(/New.*E-mail (queued|sending|sent)/);
  await plain.getByRole("button", { name: "Mark as handled" }).click();
  await expect(plain.getByRole("status")).toHaveText("Marked as handled.");
  await plain.getByRole("button", { name: "Erase" }).click();
  await expect(plain.getByRole("heading", { name: "Erase this message for good?" })).toBeVisible();
  await plain.goto(at(`/admin/enquiries/${BOT.id}`)); // the first press erased nothing
  await expect(plain.getByRole("heading", { level: 1, name: "Spam Bot" })).toBeVisible();
  await plain.getByRole("button", { name: "Erase" }).click();
  await plain.getByRole("button", { name: "Erase for good" }).click();
  await expect(plain).toHaveURL(at("/admin/enquiries?erased=1"));
  await expect(plain.getByRole("status")).toHaveText("The message was erased.");
  await noScript.close();
  expect(await staff("audit", "--limit", "10000")).toContain("enquiry.retry");
});
