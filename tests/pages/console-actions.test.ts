// @vitest-environment node
// Every action of the staff console, found in the app's route config (app/routes.ts), called as
// React Router calls it (`action({ request, context, params })`, issue 46): without a session it
// answers 401; with a member's session but without the session's form token (the post another
// site's page would make, its Origin stripped by a proxy), or with another session's, 403; and
// either way nothing is done: the audit log, where every console change is written, is as it was.
// A console route added tomorrow with an action is in this table by being routed. And a choice an
// action offers is one of its values or refused (the post's Send to subscribers), never guessed.
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";
import { ports } from "#app/lib/ports/ports.ts";
import { CONSOLE_TOKEN_FIELD } from "#app/lib/console-form.ts";
import { servicesContext } from "#server/services.ts";
import { ROOT, skipWithoutBuild } from "#server/testing/server-process.ts";
import { startSite, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("the console's actions");

/** Every routed module with its full path ("admin/posts/:id"). */
function flatten(entries: readonly RouteConfigEntry[], parent = ""): { path: string; file: string }[] {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ""].filter(Boolean).join("/");
    return [{ path: full, file: e.file }, ...flatten(e.children ?? [], full)];
  });
}

const consoleRoutes = flatten(routes).filter((r) => r.path === "admin" || r.path.startsWith("admin/"));

/** A value for each of a path's parameters: an item that exists where the action looks it up
 *  first, or not (either way the guard answers before it). */
const PARAMS: Record<string, string> = { id: "1", type: "faq", key: "how-long-in-business" };

const modules = await Promise.all(
  consoleRoutes.map(async (r) => ({
    ...r,
    module: (await import(path.join(ROOT, "app", r.file))) as {
      action?: (args: unknown) => Promise<unknown>;
    },
  })),
);
const withActions = modules.filter((m) => typeof m.module.action === "function");

/** What an action answered: its status, thrown or returned. */
async function statusOf(run: () => Promise<unknown>): Promise<number> {
  try {
    const result = (await run()) as { init?: { status?: number }; status?: number } | undefined;
    return result instanceof Response ? result.status : (result?.init?.status ?? 200);
  } catch (thrown) {
    const t = thrown as { init?: { status?: number }; status?: number };
    if (thrown instanceof Response) return thrown.status;
    if (t && typeof t === "object" && "init" in t) return t.init?.status ?? 200;
    throw thrown;
  }
}

describe.skipIf(skip)("every console action", () => {
  let site: InProcessSite;
  let member: string;
  let other: string;
  let otherToken: string;

  beforeAll(async () => {
    site = await startSite();
    const store = site.services.staff.store;
    // An owner: the owners' actions (posts' trash, the team) get past the role check to the token.
    const owner = await store.invite(
      { email: "olu@techspark.ng", name: "Olu Bakare", role: "owner", by: "shell" },
      Date.now(),
    );
    member = `staff=${await store.startSession(owner.member.id, "one", Date.now())}`;
    other = `staff=${await store.startSession(owner.member.id, "two", Date.now())}`;
    otherToken = (await site.services.staff.session(other, "http://localhost/admin"))!.formToken;
  });

  afterAll(() => site?.stop());

  const auditRows = async () =>
    Number(
      (
        await site.services.db.kysely
          .selectFrom("staff_audit")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  function call(route: (typeof withActions)[number], cookie: string | null, token: string | null) {
    const params = Object.fromEntries(
      [...route.path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, PARAMS[name!] ?? "1"]),
    );
    const url = `http://localhost/${route.path.replace(/:(\w+)/g, (_, name: string) => params[name]!)}`;
    const form = new FormData();
    form.append("intent", "delete-confirmed");
    if (token !== null) form.append(CONSOLE_TOKEN_FIELD, token);
    const request = new Request(url, {
      method: "POST",
      headers: cookie ? { Cookie: cookie } : {},
      body: form,
    });
    // The context as the server builds it for a request (every port of the app).
    const context = servicesContext(ports, site.services, { headers: {}, ip: "127.0.0.1" });
    return statusOf(() => route.module.action!({ request, context, params }));
  }

  it("are found: every console route module with an action", () => {
    const files = readdirSync(path.join(ROOT, "app/routes/admin"));
    expect(withActions.length).toBeGreaterThan(10);
    for (const m of withActions) expect(files).toContain(path.basename(m.file));
  });

  it.each(withActions.map((m) => [m.path, m] as const))("%s", async (_, route) => {
    const before = await auditRows();
    // Signing out without a session has nothing to end: it goes to the sign-in page.
    expect(await call(route, null, null), "no session").toBe(route.path === "admin/sign-out" ? 302 : 401);
    expect(await call(route, member, null), "no form token").toBe(403);
    expect(await call(route, member, "x".repeat(43)), "a made-up token").toBe(403);
    expect(await call(route, member, otherToken), "another session's token").toBe(403);
    expect(
      await site.services.staff.session(member, "http://localhost/admin"),
      "the session goes on",
    ).not.toBeNull();
    expect(await auditRows(), "nothing written to the audit log").toBe(before);
  });

  it("the post's Send to subscribers refuses a choice that is not one: 400, no issue started", async () => {
    const route = withActions.find((m) => m.path === "admin/posts/:id")!;
    const token = (await site.services.staff.session(member, "http://localhost/admin"))!.formToken;
    const issues = async () =>
      (
        await site.services.db.kysely
          .selectFrom("newsletter_issue")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n;
    const send = (carry: string[]) => {
      const form = new FormData();
      form.append("intent", "send");
      form.append(CONSOLE_TOKEN_FIELD, token);
      for (const c of carry) form.append("carry", c);
      const request = new Request("http://localhost/admin/posts/16", {
        method: "POST",
        headers: { Cookie: member },
        body: form,
      });
      const context = servicesContext(ports, site.services, { headers: {}, ip: "127.0.0.1" });
      return statusOf(() => route.module.action!({ request, context, params: { id: "16" } }));
    };
    const before = Number(await issues());
    for (const carry of [[], [""], ["everything"], ["WHOLE"], ["excerpt<script>"], ["whole\u0000"]])
      expect(await send(carry), JSON.stringify(carry)).toBe(400);
    expect(Number(await issues())).toBe(before);
    // The two choices start an issue each (a redirect to it).
    expect(await send(["whole"])).toBe(302);
    expect(await send(["excerpt"])).toBe(302);
    expect(Number(await issues())).toBe(before + 2);
  });
});
