// What the specs of the forms that wait for the network share (issue 48: offline-forms.spec.ts,
// the page's own sending; offline-sync.spec.ts, the service worker's Background Sync): a server of
// their own with a real SMTP server on loopback, so that what arrives is what an inbox would get,
// and the reads of what arrived and of what the phone keeps.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, test } from "./hydration.ts";
import { startSmtp, type TestSmtp } from "../../server/testing/smtp.ts";
import { ROOT, startServerProcess, type ServerProcess } from "../../server/testing/server-process.ts";
import { openDatabase } from "../../server/db/index.ts";

export let smtp: TestSmtp;
export let server: ServerProcess;
let dataDir: string;

/** Starts the server and the SMTP server before the file's tests, and stops them after. */
export function useSiteWithMail() {
  test.beforeAll(async () => {
    smtp = await startSmtp();
    dataDir = mkdtempSync(path.join(tmpdir(), "e2e-offline-"));
    server = await startServerProcess({
      cwd: ROOT,
      command: ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "server/main.ts"],
      env: {
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        SITE_URL: "https://techspark.ng",
        LOG_REQUESTS: "false",
        // A real minimum age of the token (decision 012): what is kept must wait it out when sent.
        MIN_SUBMIT_MS: "1500",
        RATE_LIMIT_PER_MINUTE: "1000",
        RATE_LIMIT_PER_HOUR: "10000",
      },
    });
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

/** A page of the site, on localhost: a secure context (crypto.randomUUID, the clipboard API, a
 *  service worker). */
export const at = (p: string) => `${server.url.replace("127.0.0.1", "localhost")}${p}`;

export const SAVED =
  /^Your message is saved on this phone and will be sent by itself when you are back online, even if you close this page\.$/;
export const UNREACHABLE = "We could not reach our server. Please check your connection and try again.";
export const THANKS = "Thanks For Your Message! We'll get back to you soon.";

export async function rows(
  table: "contact_message" | "newsletter_subscriber" | "blog_comment",
  email: string,
) {
  const db = await openDatabase({ dataDir, mustExist: true });
  try {
    return await db.kysely.selectFrom(table).selectAll().where("email", "=", email).execute();
  } finally {
    await db.close();
  }
}

/** The e-mails that reached the SMTP server whose text names `words`. */
export const mailsWith = (words: string) => smtp.received.filter((m) => m.text.includes(words));

/** What the phone keeps: the outbox's entries (IndexedDB) and the flag the next visit reads. */
export const kept = (page: Page) =>
  page.evaluate(async () => {
    const open = indexedDB.open("techspark-offline");
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error as Error);
    });
    if (!db.objectStoreNames.contains("outbox"))
      return { entries: 0, flag: localStorage.getItem("techspark-outbox") };
    const count = db.transaction("outbox").objectStore("outbox").count();
    const entries = await new Promise<number>((resolve) => (count.onsuccess = () => resolve(count.result)));
    db.close();
    return { entries, flag: localStorage.getItem("techspark-outbox") };
  });

export async function writeMessage(page: Page, email: string, message: string) {
  const form = page.locator("main form");
  await form.getByLabel("Your name").fill("Ada Okafor");
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Phone number").fill("+234 803 555 0199");
  await form.getByLabel("How can we help?").fill(message);
}

/** Writes a message on /contact-us and presses Send with no network: it is kept on the phone. */
export async function sendOffline(page: Page, context: BrowserContext, email: string, message: string) {
  await page.goto(at("/contact-us"));
  await writeMessage(page, email, message);
  await context.setOffline(true);
  await page.locator("main form").getByRole("button", { name: "Send Message" }).click();
  // The spec's failure (§8: an alert and an error toast), and what became of the message.
  await expect(page.locator("main form").getByRole("alert")).toHaveText(UNREACHABLE);
  await expect(page.locator("main form").getByRole("status").first()).toHaveText(SAVED);
}

/** What the server refuses though the page accepted it (the rules changed meanwhile, say): the
 *  kept message's address made invalid, in the phone's store. */
export async function spoilKeptAddress(page: Page) {
  await page.evaluate(async () => {
    const open = indexedDB.open("techspark-offline");
    const db = await new Promise<IDBDatabase>((resolve) => (open.onsuccess = () => resolve(open.result)));
    const store = db.transaction("outbox", "readwrite").objectStore("outbox");
    const all = store.getAll();
    await new Promise((resolve) => (all.onsuccess = resolve));
    const entry = (all.result as { key: string; fields: Record<string, string> }[])[0]!;
    entry.fields.email = "not-an-address";
    store.put(entry, entry.key);
    db.close();
  });
}
