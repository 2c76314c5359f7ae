// What the staff console's browser tests share: the built server in its own process on a temp
// data folder with an SMTP server on loopback, ONE of each per Playwright worker (the
// `consoleServer` worker fixture: the staff specs a worker runs share them, one after another),
// the shell's `npm run staff` against it, Chromium's virtual authenticator (the real WebAuthn
// ceremony), and axe in the light and the dark theme. Specs sharing a server keep to their own
// data: their own members' addresses, and counts read relative to what was there before.
// Signed in once per worker: a test that asks for `member` (staff) or `owner` starts signed in as
// the worker's one member of that role, who did the real ceremony once (the first time a test of
// the worker asked) and whose session cookie (the context's storageState) is put into the
// test's own browser context (not the `storageState` option: Playwright hands that to the test's
// `request` and every `browser.newContext()` too, and tests check what a request WITHOUT a
// session gets). Tests ABOUT signing in or up, passkeys, sessions, invitations and
// removal do their own ceremony with their own member (`signUp`): none may end these sessions.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, hydrated, test as base } from "./hydration.ts";
import { axeInPage, axeTags, coloursSettled, THEME_RULES } from "./page-checks.ts";
import { ROOT, startServerProcess } from "../../server/testing/server-process.ts";
import { startSmtp, type TestSmtp } from "../../server/testing/smtp.ts";
import { openDatabase } from "../../server/db/index.ts";
import { createStaffRepository } from "../../server/staff/repository.ts";

/** The secret the console's server is given (the suppression list's keyed hashes, signed links). */
export const CONSOLE_SECRET = "e2e-staff-secret-0123456789-abcdefghijklmn";

type ConsoleServer = {
  dataDir: string;
  smtp: TestSmtp;
  /** Passkeys need a secure context: http://localhost is one, http://127.0.0.1 is not an RP ID. */
  origin: string;
};

/** The worker's signed-in members (the same addresses on every worker's own server). */
export const MEMBERS = {
  staff: { email: "sade@techspark.ng", name: "Sade Adeyemi" },
  owner: { email: "olu@techspark.ng", name: "Olu Bakare" },
} as const;
type Role = keyof typeof MEMBERS;
export type Member = (typeof MEMBERS)[Role];
type StorageState = Awaited<ReturnType<BrowserContext["storageState"]>>;

/** A console server on `dataDir` (the worker's, or a second instance on the same database). */
function startConsoleServer(dataDir: string, smtpUrl: string) {
  return startServerProcess({
    cwd: ROOT,
    command: ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "server/main.ts"],
    env: {
      DATA_DIR: dataDir,
      // The server takes a backup at start (the overview says when: staff-console.spec.ts).
      BACKUP_DIR: path.join(dataDir, "backups"),
      SMTP_URL: smtpUrl,
      SECRET: CONSOLE_SECRET,
      LOG_REQUESTS: "false",
      MIN_SUBMIT_MS: "0",
      // Several sign-ins a minute from one address (server/staff/http.test.ts tests the limit).
      RATE_LIMIT_PER_MINUTE: "1000",
      RATE_LIMIT_PER_HOUR: "10000",
      // An issue's e-mails 0.1 s apart, not 1 s (the pace itself: server/newsletter tests):
      // a send to the worker's ~10 subscribers is done in the outbox's next poll (5 s),
      // after the page has shown it part-way, instead of ten seconds later.
      NEWSLETTER_PER_MINUTE: "600",
    },
  });
}

let current: ConsoleServer | undefined;
const running = () => {
  if (!current)
    throw new Error("the consoleServer fixture is not running: import `test` from staff-helpers.ts");
  return current;
};

/** `test` for the console's specs: starts the worker's server and SMTP sink on first use;
 *  `member` / `owner`: the test's page starts signed in (see above). */
export const test = base.extend<
  { member: Member; owner: Member },
  { consoleServer: ConsoleServer; signedIn: (role: Role) => Promise<StorageState> }
>({
  consoleServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture asks for
    async ({}, use) => {
      const smtp = await startSmtp();
      const dataDir = mkdtempSync(path.join(tmpdir(), "e2e-console-"));
      const server = await startConsoleServer(dataDir, smtp.url);
      current = { dataDir, smtp, origin: server.url.replace("127.0.0.1", "localhost") };
      try {
        await use(current);
      } finally {
        current = undefined;
        await server.stop();
        await smtp.close();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", auto: true },
  ],
  // One sign-up per role and worker, when a test first asks: a worker that runs no test needing
  // an owner does no owner ceremony.
  signedIn: [
    async ({ browser, consoleServer }, use) => {
      void consoleServer; // asked for: the server is up before these sessions and outlives them
      const states = new Map<Role, Promise<StorageState>>();
      await use((role) => {
        let state = states.get(role);
        if (!state) {
          // A failed ceremony is not kept: the next test of the worker tries again.
          state = signUpOnce(browser, role).catch((error: unknown) => {
            states.delete(role);
            throw error;
          });
          states.set(role, state);
        }
        return state;
      });
    },
    { scope: "worker" },
  ],
  member: async ({ context, signedIn }, use) => {
    await context.addCookies((await signedIn("staff")).cookies);
    await use(MEMBERS.staff);
  },
  owner: async ({ context, signedIn }, use) => {
    await context.addCookies((await signedIn("owner")).cookies);
    await use(MEMBERS.owner);
  },
});

/** The real ceremony, in a context of its own: its storageState is the member's session cookie. */
async function signUpOnce(browser: Browser, role: Role): Promise<StorageState> {
  const { email, name } = MEMBERS[role];
  // With script whatever the asking test uses (Playwright hands a test's context options to
  // browser.newContext too): the ceremony runs in the page's script.
  const context = await browser.newContext({ javaScriptEnabled: true });
  try {
    const page = await context.newPage();
    await addAuthenticator(page);
    await page.goto(await inviteLink(email, "--name", name, `--${role}`));
    await hydrated(page);
    await page.getByRole("button", { name: "Create my passkey" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${name}` })).toBeVisible();
    await expect(page.getByRole("banner")).toContainText(role === "owner" ? "Owner" : "Staff");
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** `npm run staff -- …` against the worker's server's database. */
async function staff(...args: string[]): Promise<string> {
  const { dataDir, origin } = running();
  const { stdout } = await promisify(execFile)(process.execPath, ["scripts/staff.ts", ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? "", DATA_DIR: dataDir, SITE_ORIGIN: origin },
  });
  return stdout;
}

async function inviteLink(...args: string[]): Promise<string> {
  const out = await staff("invite", ...args);
  const link = /https?:\/\/\S+\/admin\/invite#[\w-]{43}/.exec(out)?.[0];
  expect(link, out).toBeTruthy();
  return link!;
}

/** The numbers a console list's filter links show now ("New (2)" → { New: 2 }), read by an owner
 *  let in without a ceremony (a session written into the database): what a spec's own counts are
 *  relative to, on a server other specs have written to. */
async function filterCounts(
  browser: Browser,
  path: string,
  filters: string,
): Promise<Record<string, number>> {
  const db = await openDatabase({ dataDir: running().dataDir });
  let cookie: string;
  try {
    const store = createStaffRepository(db);
    const email = "counter@techspark.ng";
    const member =
      (await store.memberByEmail(email)) ??
      (await store.invite({ email, name: "Counter", role: "owner", by: "shell" }, Date.now())).member;
    cookie = await store.startSession(member.id, "e2e", Date.now());
  } finally {
    await db.close();
  }
  const context = await browser.newContext();
  try {
    await context.addCookies([{ name: "staff", value: cookie, url: running().origin }]);
    const page = await context.newPage();
    await page.goto(`${running().origin}${path}`);
    const links = await page.getByRole("navigation", { name: filters }).getByRole("link").allInnerTexts();
    expect(links.length).toBeGreaterThan(0);
    return Object.fromEntries(
      links.map((text) => {
        const [, label, n] = /^(.*) \((\d+)\)$/.exec(text.trim()) ?? [];
        return [label ?? text, Number(n)];
      }),
    );
  } finally {
    await context.close();
  }
}

/** The worker's console server, for tests and hooks declared with this file's `test`. */
export const staffConsole = {
  dataDir: () => running().dataDir,
  smtp: () => running().smtp,
  at: (p: string) => `${running().origin}${p}`,
  staff,
  inviteLink,
  filterCounts,
  /** How many confirmed subscribers an issue sent now goes to (other specs add theirs). */
  async subscribed(): Promise<number> {
    const db = await openDatabase({ dataDir: running().dataDir });
    try {
      const row = await db.kysely
        .selectFrom("newsletter_subscriber")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("state", "=", "subscribed")
        .executeTakeFirstOrThrow();
      return Number(row.n);
    } finally {
      await db.close();
    }
  },
  /** A second instance of the server on the worker's database (as behind a load balancer):
   *  its address (127.0.0.1; no console use), and stop. */
  async secondInstance(): Promise<{ url: string; stop: () => Promise<void> }> {
    const { dataDir, smtp } = running();
    const server = await startConsoleServer(dataDir, smtp.url);
    return { url: server.url, stop: () => server.stop() };
  },
  /** A member of staff invited from the shell who creates a passkey here and is signed in. */
  async signUp(page: Page, email: string, name: string) {
    await addAuthenticator(page);
    await page.goto(await inviteLink(email, "--name", name));
    await hydrated(page);
    await page.getByRole("button", { name: "Create my passkey" }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${name}` })).toBeVisible();
  },
};

/** A platform authenticator with user verification, in this page's browser (CDP WebAuthn). */
export async function addAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable", { enableUI: false });
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
    remove: () => cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId }),
  };
}

/** The session's console form token, from the hidden field every console form carries (for
 *  posts made by hand, as a page's own form would send them). */
export const consoleToken = (page: Page) => page.locator('input[name="console-token"]').first().inputValue();

export const sessionCookie = async (page: Page) =>
  (await page.context().cookies()).find((c) => c.name === "staff" || c.name === "__Host-staff");

/** No axe violations (WCAG 2.2 AA and best practices), in the light and the dark theme.
 *  `exclude`: a sandboxed frame axe cannot enter (no script runs there); check its document alone. */
export async function expectAccessible(page: Page, exclude?: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await coloursSettled(page);
    // Dark after light: the colour rules alone (THEME_RULES, page-checks.ts), the rest cannot change.
    // In the page itself ("legacy mode", page-checks.ts) unless it holds a frame (the newsletter
    // issue's preview): the default mode opens a blank page for every run to merge the frames'.
    const axe = (
      (await page.locator("iframe").count()) === 0 ? await axeInPage(page) : new AxeBuilder({ page })
    ).options({ resultTypes: ["violations"] });
    if (colorScheme === "light") axe.withTags(axeTags);
    else axe.withRules([...THEME_RULES]);
    if (exclude) axe.exclude(exclude);
    const { violations } = await axe.analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      colorScheme,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}

/**
 * Checks again and again until `check` answers `true`; a check begun more than `ms` after `since`
 * must. What is measured is when a change is shown to a request, not how long a busy test
 * machine takes to answer a round of them.
 */
export async function shownWithin(since: number, ms: number, check: () => Promise<true | string>) {
  for (;;) {
    const began = Date.now();
    const answer = await check();
    if (answer === true) return;
    expect(
      began - since,
      `a check begun ${began - since} ms after the change: ${answer}`,
    ).toBeLessThanOrEqual(ms);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Whether `url`'s HTML holds `text` (as a visitor's browser gets it, no session): true, or what
 *  it lacks (`holds` false: what it still has). For `shownWithin`. */
export async function pageHolds(url: string, text: string, holds = true): Promise<true | string> {
  const html = await (await fetch(url)).text();
  return html.includes(text) === holds ? true : `${url} ${holds ? "lacks" : "still has"} "${text}"`;
}

/** Every page of `urls` holds `text` (or, `holds` false, none does). */
export async function pagesHold(urls: readonly string[], text: string, holds = true): Promise<true | string> {
  for (const url of urls) {
    const answer = await pageHolds(url, text, holds);
    if (answer !== true) return answer;
  }
  return true;
}

/** Tabs until the element named `name` has the focus (its label, its aria-label or its text; at
 *  most 80 presses): a form filled from the keyboard alone. */
export async function keyboardTo(page: Page, name: string | RegExp) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null;
      return el
        ? (el.getAttribute("aria-label") ?? el.labels?.[0]?.textContent ?? el.textContent ?? "").trim()
        : "";
    });
    if (typeof name === "string" ? focused === name : name.test(focused)) return;
  }
  throw new Error(`the keyboard never reached ${String(name)}`);
}

/** A post's article, in Markdown: a mid-title, a quote, a list. */
export const BODY = [
  "We asked three shop owners in Kubwa what they wanted from a website. Their answers were short.",
  "",
  "None of them wanted a long form. All of them wanted their customers to find them on a phone.",
  "",
  "## What the owners asked for",
  "",
  "> A customer who cannot find us in ten seconds is a customer of the shop next door.",
  "",
  "- A map that opens on the phone",
  "- Opening hours that are right",
  "",
  "We built that first, and the rest later.",
].join("\n");

/** A post's fields, typed into the editor. */
export async function fillPost(page: Page, title: string, slug: string) {
  await fillSettings(page, title, slug);
  await page.getByLabel("The article, in Markdown").fill(BODY);
}

/** Every field of a post but the article. */
export async function fillSettings(page: Page, title: string, slug: string) {
  await page.getByLabel(/^Title/).fill(title);
  await page.getByLabel(/^Address/).fill(slug);
  await page.getByLabel("Author").selectOption("Amina Bello");
  await page.getByLabel("Category").selectOption("magazine");
  await page.getByRole("checkbox", { name: "Education" }).check();
  await page
    .getByLabel(/^Excerpt/)
    .fill("Three shop owners in Kubwa told us what a small business needs from its website, in few words.");
  await page.getByLabel(/^Mid-title/).fill("What the owners asked for");
  await page
    .getByLabel(/^Pull quote/)
    .fill("A customer who cannot find us in ten seconds is a customer of the shop next door.");
  await page.getByLabel(/^List picture/).selectOption("blog-03");
  await page.getByLabel(/^Header picture/).selectOption("blog-03-full");
  await page.getByLabel(/^Picture in the body/).selectOption("blog-03-inline");
  await page
    .getByLabel(/^What the header picture shows/)
    .fill("A shop owner showing her shop's page on a phone");
}
