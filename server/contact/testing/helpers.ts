// Shared test fixtures: configurations, valid input, temp dirs, an HTTP server on 127.0.0.1.
import express from "express";
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ContactService } from "../index.ts";
import { createCsrf } from "../../forms/csrf.ts";
import { DEFAULT_TOKEN_TTL_MS } from "../../forms/index.ts";
import { openServices, type Services, type ServicesConfig } from "../../services.ts";
import type { SubmitInput } from "../submit.ts";
import { formActionsRouter } from "../../testing/form-actions.ts";

export const SECRET = "test-secret-0123456789-abcdefghijklmnop";
export const MAIL_FROM = "TechSpark website <no-reply@techspark.ng>";
export const MAIL_TO = "hello@techspark.ng";

export const VALID = {
  name: "Ada Obi",
  email: "ada@example.com",
  phone: "+234 803 555 0142",
  message: "We need a new website for our school.\nCan you help?",
};

/** A directory removed by the returned cleanup. */
export function tempDir(prefix = "contact-"): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export type Clock = { t: number; now: () => number; advance(ms: number): void };
export function clock(start = Date.UTC(2031, 0, 6, 9, 0, 0)): Clock {
  const c: Clock = {
    t: start,
    now: () => c.t,
    advance: (ms) => {
      c.t += ms;
    },
  };
  return c;
}

/** Log sink that keeps entries (and their JSON) for assertions. */
export function memoryLog() {
  const entries: Record<string, unknown>[] = [];
  return {
    entries,
    logger: (e: Record<string, unknown>) => void entries.push(e),
    json: () => JSON.stringify(entries),
  };
}

export function config(overrides: Partial<ServicesConfig> & Pick<ServicesConfig, "dataDir">): ServicesConfig {
  return {
    mailFrom: MAIL_FROM,
    mailTo: MAIL_TO,
    secret: SECRET,
    rateLimit: { perMinute: 1000, perHour: 10_000 },
    minSubmitMs: 3000,
    trustProxy: false,
    startWorker: false,
    logger: () => {},
    ...overrides,
  };
}

/** A token the server (secret SECRET) issued `ageMs` before `now`: a visitor who has had the form
 *  that long. */
export function agedToken(now: number, ageMs = 20_000, secret = SECRET): string {
  return createCsrf({
    secret,
    ttlMs: DEFAULT_TOKEN_TTL_MS,
    secureCookie: false,
    now: () => now - ageMs,
  }).issue().token;
}

/** A no-JS form submission with a valid token, filled in `fillMs` after the page was shown. */
export function formInput(
  now: number,
  fields: Record<string, unknown> = VALID,
  extra: Partial<SubmitInput> & { fillMs?: number } = {},
): SubmitInput {
  const { fillMs = 20_000, ...rest } = extra;
  const token = agedToken(now, fillMs);
  return {
    fields: { website: "", ...fields },
    token,
    cookieHeader: `XSRF-TOKEN=${token}`,
    headers: new Headers(),
    ip: "203.0.113.7",
    ...rest,
  };
}

/** Serves the services' routers (GET /api/csrf, the console's /api/admin/…, the traffic beacon …)
 *  and the public forms' route actions (/contact-us …: server/testing/form-actions.ts) on
 *  127.0.0.1 (random port). Not POST /api/send-email: a React Router route, served by the built
 *  server only. */
export async function serve(target: {
  services: Services;
}): Promise<{ url: string; close(): Promise<void> }> {
  const app = express();
  app.use(target.services.routers);
  app.use(formActionsRouter(target.services));
  const server = app.listen(0, "127.0.0.1");
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The contact service on its own database and mail service (as server/main.ts assembles it);
 *  `close()` closes them all. */
export async function openContact(
  c: ServicesConfig,
): Promise<ContactService & { services: Services; close(): Promise<void> }> {
  const services = await openServices(c);
  return { ...services.contact, services, close: services.close };
}
