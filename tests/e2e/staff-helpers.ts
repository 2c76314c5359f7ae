// What the staff console's browser tests share: the built server in its own process on a temp
// data folder, the shell's `npm run staff` against it, Chromium's virtual authenticator (the real
// WebAuthn ceremony), and axe in the light and the dark theme.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./hydration.ts";
import { axeTags, coloursSettled } from "./page-checks.ts";
import { ROOT, startServerProcess, type ServerProcess } from "../../server/testing/server-process.ts";
import { startSmtp, type TestSmtp } from "../../server/contact/testing/smtp.ts";

/** Starts the server and an SMTP server on loopback before this file's tests, stops them after. */
export function consoleServer(prefix: string) {
  let server: ServerProcess | undefined;
  let smtp: TestSmtp | undefined;
  let dataDir = "";
  /** Passkeys need a secure context: http://localhost is one, http://127.0.0.1 is not an RP ID. */
  let origin = "";

  test.beforeAll(async () => {
    smtp = await startSmtp();
    dataDir = mkdtempSync(path.join(tmpdir(), prefix));
    server = await startServerProcess({
      cwd: ROOT,
      command: ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "server/main.ts"],
      env: {
        DATA_DIR: dataDir,
        SMTP_URL: smtp.url,
        SECRET: "e2e-staff-secret-0123456789-abcdefghijklmn",
        LOG_REQUESTS: "false",
        MIN_SUBMIT_MS: "0",
        // Several sign-ins a minute from one address (server/staff/http.test.ts tests the limit).
        RATE_LIMIT_PER_MINUTE: "1000",
        RATE_LIMIT_PER_HOUR: "10000",
      },
    });
    origin = server.url.replace("127.0.0.1", "localhost");
  });

  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /** `npm run staff -- …` against the server's database. */
  async function staff(...args: string[]): Promise<string> {
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

  return {
    dataDir: () => dataDir,
    smtp: () => smtp!,
    at: (p: string) => `${origin}${p}`,
    staff,
    inviteLink,
    /** A member of staff invited from the shell who creates a passkey here and is signed in. */
    async signUp(page: Page, email: string, name: string) {
      await addAuthenticator(page);
      await page.goto(await inviteLink(email, "--name", name));
      await hydrated(page);
      await page.getByRole("button", { name: "Create my passkey" }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Welcome, ${name}` })).toBeVisible();
    },
  };
}

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
    // Not in the page's own "legacy mode" (page-checks.ts): console pages may hold a frame.
    const axe = new AxeBuilder({ page }).withTags(axeTags).options({ resultTypes: ["violations"] });
    if (exclude) axe.exclude(exclude);
    const { violations } = await axe.analyze();
    expect(
      violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      colorScheme,
    ).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: null });
}
