// A site of a spec's own: the built server on a port of its own, with a fresh data folder and a
// real SMTP server on loopback (what arrives is what an inbox would get), started before the
// spec's tests and stopped after them. For specs whose tests read the database or the e-mails.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { test } from "./hydration.ts";
import { startSmtp, type TestSmtp } from "../../server/testing/smtp.ts";
import { ROOT, startServerProcess, type ServerProcess } from "../../server/testing/server-process.ts";

type OwnSite = { smtp: TestSmtp; server: ServerProcess; dataDir: string };

/** Registers the spec's beforeAll and afterAll; the fields are set once beforeAll has run. */
export function ownSite(name: string, env: Record<string, string>): OwnSite {
  const site = {} as OwnSite;
  test.beforeAll(async () => {
    site.smtp = await startSmtp();
    site.dataDir = mkdtempSync(path.join(tmpdir(), `e2e-${name}-`));
    site.server = await startServerProcess({
      cwd: ROOT,
      command: ["node", "--max-semi-space-size=8", "--max-old-space-size=192", "server/main.ts"],
      env: {
        DATA_DIR: site.dataDir,
        SMTP_URL: site.smtp.url,
        SITE_URL: "https://techspark.ng",
        LOG_REQUESTS: "false",
        RATE_LIMIT_PER_MINUTE: "1000",
        RATE_LIMIT_PER_HOUR: "10000",
        ...env,
      },
    });
  });
  test.afterAll(async () => {
    await site.server?.stop();
    await site.smtp?.close();
    if (site.dataDir) rmSync(site.dataDir, { recursive: true, force: true });
  });
  return site;
}
