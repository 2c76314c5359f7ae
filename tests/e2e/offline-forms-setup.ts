// What the specs of the forms that wait for the network share (issue 48: offline-forms.spec.ts,
// the page's own sending; offline-sync.spec.ts, the service worker's Background Sync): a site of
// their own with its SMTP server (own-site.ts), and the reads of what arrived and of what the
// phone keeps.
import type { BrowserContext, Page } from "@playwright/test";
import { expect } from "./hydration.ts";
import { ownSite } from "./own-site.ts";
import { openDatabase } from "../../server/db/index.ts";

export const SAVED =
  /^Your message is saved on this phone and will be sent by itself when you are back online, even if you close this page\.$/;
export const UNREACHABLE = "We could not reach our server. Please check your connection and try again.";
export const THANKS = "Thanks For Your Message! We'll get back to you soon.";

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

export async function writeMessage(page: Page, email: string, message: string) {
  const form = page.locator("main form");
  await form.getByLabel("Your name").fill("Ada Okafor");
  await form.getByLabel("E-mail address").fill(email);
  await form.getByLabel("Phone number").fill("+234 803 555 0199");
  await form.getByLabel("How can we help?").fill(message);
}

/** The spec's own site (started before its tests, stopped after) and what reads it. */
export function offlineSite() {
  // A real minimum age of the token (decision 012): what is kept must wait it out when sent.
  const own = ownSite("offline", { MIN_SUBMIT_MS: "1500" });

  /** A page of the site on localhost: a secure context (crypto.randomUUID, the clipboard API, a
   *  service worker). */
  const at = (p: string) => `${own.server.url.replace("127.0.0.1", "localhost")}${p}`;

  async function rows(table: "contact_message" | "newsletter_subscriber" | "blog_comment", email: string) {
    const db = await openDatabase({ dataDir: own.dataDir, mustExist: true });
    try {
      return await db.kysely.selectFrom(table).selectAll().where("email", "=", email).execute();
    } finally {
      await db.close();
    }
  }

  /** The e-mails that reached the SMTP server whose text names `words`. */
  const mailsWith = (words: string) => own.smtp.received.filter((m) => m.text.includes(words));

  /** Writes a message on /contact-us and presses Send with no network: it is kept on the phone. */
  async function sendOffline(page: Page, context: BrowserContext, email: string, message: string) {
    await page.goto(at("/contact-us"));
    await writeMessage(page, email, message);
    await context.setOffline(true);
    await page.locator("main form").getByRole("button", { name: "Send Message" }).click();
    // The spec's failure (§8: an alert and an error toast), and what became of the message.
    await expect(page.locator("main form").getByRole("alert")).toHaveText(UNREACHABLE);
    await expect(page.locator("main form").getByRole("status").first()).toHaveText(SAVED);
  }

  return { own, at, rows, mailsWith, sendOffline };
}
