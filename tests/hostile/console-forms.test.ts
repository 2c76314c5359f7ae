// @vitest-environment node
// The staff console's forms against the real built server (`node server/main.ts`), sent byte
// for byte over a socket (issue 26). A post with a valid session cookie and neither Origin nor
// Sec-Fetch-Site (a proxy stripped them) passes the fast path's origin check, so every console
// action must ask for its session's form token: without it, or with another session's, 403 and
// nothing changes. The body limit lets through the largest issue the page allows, however it is
// written, and a field too long gets its own message, not "Request too large".
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ROOT,
  skipWithoutBuild,
  startBuiltServer,
  type BuiltServer,
} from "#server/testing/server-process.ts";
import type { Db } from "#server/db/index.ts";
import { createStaffRepository } from "#server/staff/repository.ts";
import { CONSOLE_MAX_BODY_BYTES } from "#server/request-guard.ts";
import { POST_LIMITS } from "#app/lib/post-form.ts";
import { POST_FORM_FIELDS } from "#app/lib/ports/posts-console.ts";
import { CONSOLE_FORM_REFUSED, CONSOLE_TOKEN_FIELD } from "#app/lib/console-form.ts";
import routes from "../../app/routes.ts";
import { raw, request, withDatabase } from "./helpers.ts";

const skip = skipWithoutBuild("console forms");

type RouteEntry = { path?: string; index?: boolean; file: string; children?: RouteEntry[] };

/** Every console route with an action, from the route table (a new one is swept too). */
function consoleActions(): string[] {
  const found: string[] = [];
  const walk = (entries: RouteEntry[], prefix: string) => {
    for (const e of entries) {
      const at = e.index ? prefix : [prefix, e.path].filter(Boolean).join("/");
      const source = readFileSync(path.join(ROOT, "app", e.file), "utf8");
      if (at.startsWith("admin") && /export (async )?function action\b/.test(source))
        found.push(`/${at.replace(/:\w+/g, "00000000-0000-4000-8000-000000000000")}`);
      if (e.children) walk(e.children, at);
    }
  };
  walk(routes as RouteEntry[], "");
  return found;
}

describe.skipIf(skip)("console forms against the built server", () => {
  let server: BuiltServer;
  /** The owner's session cookie and its form token; another session's token. */
  let cookie = "";
  let token = "";
  let otherToken = "";

  /** Sends the request over a socket (the largest issues take a while to save). */
  const send = (head: string, body = "") => raw(server.port, head, body, 20_000);
  const withDb = <T>(fn: (db: Db) => Promise<T>) => withDatabase(server.dataDir, fn);
  const auditCount = () =>
    withDb(async (db) => (await db.kysely.selectFrom("staff_audit").select("id").execute()).length);

  /** A form post as a proxy that strips Origin and Sec-Fetch-Site would pass it on. */
  const post = (target: string, fields: string, extra: Record<string, string> = {}) =>
    send(
      request("POST", target, {
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(Buffer.byteLength(fields)),
        ...extra,
      }),
      fields,
    );
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

  /** The hidden field of a console page, as the page carries it. */
  const tokenOf = async (sessionCookie: string) => {
    const page = await send(request("GET", "/admin", { Cookie: sessionCookie }));
    expect(page.status).toBe(200);
    return new RegExp(`name="${CONSOLE_TOKEN_FIELD}" value="([\\w-]+)"`).exec(page.body)?.[1] ?? "";
  };

  beforeAll(async () => {
    server = await startBuiltServer("console-forms-", {
      SECRET: "console-forms-secret-0123456789-abcdefghij",
    });
    const [mine, other] = await withDb(async (db) => {
      const store = createStaffRepository(db);
      const { member } = await store.invite(
        { email: "amaka@techspark.ng", name: "Amaka Obi", role: "owner", by: "shell" },
        Date.now(),
      );
      return [
        await store.startSession(member.id, "x", Date.now()),
        await store.startSession(member.id, "y", Date.now()),
      ];
    });
    cookie = `staff=${mine}`;
    token = await tokenOf(cookie);
    otherToken = await tokenOf(`staff=${other}`);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(otherToken).toMatch(/^[\w-]{43}$/);
    expect(otherToken).not.toBe(token);
  }, 60_000);

  afterAll(async () => {
    await server?.close();
  });

  it("refuses a post without the session's token on every console action, with no Origin or Sec-Fetch-Site", async () => {
    const targets = consoleActions();
    expect(targets).toEqual(
      expect.arrayContaining([
        "/admin/comments",
        "/admin/team",
        "/admin/account",
        "/admin/subscribers",
        "/admin/newsletter/new",
        "/admin/sign-out",
      ]),
    );
    const before = await auditCount();
    // Bodies that would change something if the token were not asked for.
    const intents = {
      intent: "remove-confirmed",
      email: "amaka@techspark.ng",
      act: "approve",
      id: "x",
      subject: "Hi",
      body: "Hi",
    };
    const bodies = {
      "no token": form(intents),
      "an empty token": form({ ...intents, [CONSOLE_TOKEN_FIELD]: "" }),
      "another session's token": form({ ...intents, [CONSOLE_TOKEN_FIELD]: otherToken }),
      "a made-up token": form({ ...intents, [CONSOLE_TOKEN_FIELD]: "A".repeat(43) }),
      "not a form": "intent=send-confirmed",
    };
    for (const target of targets)
      for (const twin of [target, `${target}.data`])
        for (const [name, body] of Object.entries(bodies)) {
          const answer = await post(
            twin,
            body,
            name === "not a form" ? { "Content-Type": "text/plain" } : {},
          );
          expect(answer.status, `${name} to ${twin}`).toBe(403);
          // The console's pages say why (sign-out is outside them: the site's own error page).
          if (twin === target && target !== "/admin/sign-out")
            expect(answer.body, `${name} to ${twin}`).toContain(CONSOLE_FORM_REFUSED);
        }
    // Nothing happened: no audit entry, still signed in, nothing created.
    expect(await auditCount()).toBe(before);
    expect((await send(request("GET", "/admin.data", { Cookie: cookie }))).status).toBe(200);
    expect(
      await withDb(
        async (db) => (await db.kysely.selectFrom("newsletter_issue").select("id").execute()).length,
      ),
    ).toBe(0);
  }, 120_000);

  it("with the token, every console action reads the form and answers it (no Origin needed)", async () => {
    for (const target of consoleActions()) {
      if (target === "/admin/sign-out") continue;
      const answer = await post(target, form({ [CONSOLE_TOKEN_FIELD]: token, intent: "nothing" }));
      // Each action's own answer to a form it does not understand: never the token's 403.
      expect(answer.status, target).toBeGreaterThanOrEqual(400);
      expect(answer.status, target).toBeLessThan(500);
      expect(answer.status, target).not.toBe(403);
    }
    const invited = await post(
      "/admin/team",
      form({
        [CONSOLE_TOKEN_FIELD]: token,
        intent: "invite",
        name: "Tunde Bello",
        email: "tunde@techspark.ng",
        role: "staff",
      }),
    );
    expect(invited.status).toBe(200);
    expect(invited.body).toContain("Invitation e-mailed to tunde@techspark.ng");
  });

  it("saves an issue of 12,000 × é, or 20,000 of the costliest characters; 20,001 gets the field's message; past the console's limit 413", async () => {
    const issue = (body: string, subject = "November") =>
      form({ [CONSOLE_TOKEN_FIELD]: token, subject, body, intent: "save" });
    const bodies = async () =>
      withDb(async (db) =>
        (await db.kysely.selectFrom("newsletter_issue").select("body").execute()).map((r) => r.body),
      );

    // 72 KB encoded: refused as too large before issue 26.
    const accented = await post("/admin/newsletter/new", issue("é".repeat(12_000)));
    expect(accented.status).toBe(302);
    expect(accented.headers.location).toMatch(/^\/admin\/newsletter\/[\w-]+\?saved=1$/);
    expect(await bodies()).toContain("é".repeat(12_000));

    // "€": one character the page counts, 9 bytes encoded (180 KB), and a subject of 150.
    const costly = await post("/admin/newsletter/new.data", issue("€".repeat(20_000), "€".repeat(150)));
    expect(costly.status).toBeLessThan(400); // single fetch: the redirect is in the body
    expect(costly.body).toContain("saved=1");
    expect(await bodies()).toContain("€".repeat(20_000));

    const tooLong = await post("/admin/newsletter/new", issue("a".repeat(20_001)));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toContain("The issue can be at most 20,000 characters.");

    const huge = await send(
      request("POST", "/admin/newsletter/new", {
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(CONSOLE_MAX_BODY_BYTES + 1),
      }),
      "subject=x",
    );
    expect(huge.status).toBe(413);
    // The public routes keep their 64 KB.
    const publicPost = await send(
      request("POST", "/contact-us", {
        "Content-Type": "application/x-www-form-urlencoded",
        "Content-Length": String(64 * 1024 + 1),
      }),
      "name=x",
    );
    expect(publicPost.status).toBe(413);
    expect(await bodies()).toHaveLength(2);
  });

  it("reads a post with every field at its longest in the costliest characters: field messages, never a 413", async () => {
    // "€" is 9 bytes percent-encoded: 20,000 in the body and 500 in every other field (about 250 KB).
    const fields = Object.fromEntries(
      POST_FORM_FIELDS.map((f) => [f, "€".repeat(f === "body" ? POST_LIMITS.body : POST_LIMITS.line)]),
    );
    const answer = await post(
      "/admin/posts/new",
      form({ [CONSOLE_TOKEN_FIELD]: token, ...fields, intent: "save" }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("10 to 100 characters");
  });

  it("signs out only with the token", async () => {
    const refused = await post("/admin/sign-out", form({ [CONSOLE_TOKEN_FIELD]: otherToken }));
    expect(refused.status).toBe(403);
    expect((await send(request("GET", "/admin.data", { Cookie: cookie }))).status).toBe(200);
    const signedOut = await post("/admin/sign-out", form({ [CONSOLE_TOKEN_FIELD]: token }));
    expect(signedOut.status).toBe(302);
    expect((await send(request("GET", "/admin.data", { Cookie: cookie }))).status).toBe(401);
  });
});
