// @vitest-environment node
// One contract over every content type (issue 46), driven by the declaration alone: for each type
// of `contentTypes`, its first item is edited through the console's own route action (called as
// a function, with a signed-in member's session and form token, as React Router calls it), and
// the type's pages (`type.pages`) are read over HTTP from two instances of the built site on one
// database, as visitors would:
//   preview (nothing saved, no page changes) → publish (every page of both instances within a
//   second) → markup shown as text → unpublish (gone; the agency's details refuse it) → an older
//   revision restored → a new item published at a time (not before it; at it, within a second).
// On SQLite: the pages do not depend on the dialect, and the store's behaviour on both databases
// is server/content/repository.test.ts's (two instances of one PostgreSQL database:
// live-projects.test.ts). A type declared tomorrow is covered
// by being declared: its declaration says which field of which item its pages show (`shown`).
// What only a browser shows (pictures cropped in the editor, a list dragged, the phone's layout,
// the keyboard) stays in tests/e2e/, one spec per behaviour.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { UNSAFE_DataWithResponseInit as DataWithInit } from "react-router";
import { contentTypes } from "#app/content-types/index.ts";
import type { ContentType } from "#app/content-types/define.ts";
import type { FieldValues } from "#app/config/content-fields.ts";
import { ports } from "#app/lib/ports/ports.ts";
import { CONSOLE_TOKEN_FIELD } from "#app/lib/console-form.ts";
import { action, loader } from "#app/routes/admin/content-item.tsx";
import { sqliteDatabase } from "#server/db/testing/databases.ts";
import { servicesContext } from "#server/services.ts";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { fetchPage, startSite, within1s, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("the content types' contract");

/** A change saved: the editor's page again with its message (an item made: its new address). */
function expectSaved(answer: { status: number; body: Record<string, unknown> }) {
  expect(
    answer.status === 302 || (answer.status === 200 && answer.body.ok === true),
    JSON.stringify(answer.body),
  ).toBe(true);
}

/** The console's address of an item (plain-HTTP loopback, where the `staff` cookie is the session's). */
const CONSOLE = "http://localhost/admin/content";
const HOUR = 3_600_000;

/** A clock the test moves: both instances read it (a time to publish at comes without waiting). */
function testClock() {
  let offset = 0;
  return { now: () => Date.now() + offset, advance: (ms: number) => void (offset += ms) };
}

/** "2026-11-28T10:40" in Lagos time (UTC+1), as the editor's datetime-local field posts it. */
const lagosField = (ms: number) => new Date(ms + HOUR).toISOString().slice(0, 16);

const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");

type Answer = { status: number; body: Record<string, unknown>; location?: string };

describe.skipIf(skip).each([sqliteDatabase])("on $name", (database) => {
  const clock = testClock();
  let one: InProcessSite;
  let two: InProcessSite;
  let cookie: string;
  let token: string;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const location = await database.fresh();
    cleanup = location.cleanup;
    const where = { dataDir: location.dataDir, databaseUrl: location.databaseUrl, now: clock.now };
    one = await startSite(where);
    two = await startSite(where);
    const { member } = await one.services.staff.store.invite(
      { email: "ngozi@techspark.ng", name: "Ngozi Eze", role: "staff", by: "shell" },
      clock.now(),
    );
    cookie = `staff=${await one.services.staff.store.startSession(member.id, "contract", clock.now())}`;
    token = (await one.services.staff.session(cookie, CONSOLE))!.formToken;
  });

  afterAll(async () => {
    await two?.stop();
    await one?.stop();
    await cleanup?.();
  });

  /** The context as the server gives it to the route: instance one's ports (the source's
   *  contexts, as the route called is the source's). */
  const context = () => servicesContext(ports, one.services, { headers: {}, ip: "127.0.0.1" });

  /** The editor's form posted to /admin/content/{type}/{key} (or /new), answered as the browser
   *  would get it: the action's data and status, or its redirect. */
  async function post(
    type: string,
    key: string | undefined,
    values: FieldValues,
    fields: Record<string, string>,
  ): Promise<Answer> {
    const form = new FormData();
    for (const [name, value] of Object.entries({ ...values, ...fields, [CONSOLE_TOKEN_FIELD]: token }))
      if (value !== "") form.append(name, value);
    const request = new Request(`${CONSOLE}/${type}/${key ?? "new"}`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: form,
    });
    try {
      const result = (await action({
        request,
        context: context(),
        params: { type, key },
      } as never)) as DataWithInit<Record<string, unknown>>;
      return { status: result.init?.status ?? 200, body: result.data } satisfies Answer;
    } catch (thrown) {
      if (thrown instanceof Response)
        return { status: thrown.status, body: {}, location: thrown.headers.get("Location") ?? "" };
      throw thrown;
    }
  }

  /** The editor's page (/admin/content/{type}/{key}[?revision=N]) as its loader gives it. */
  async function open(type: string, key: string, search = "") {
    const request = new Request(`${CONSOLE}/${type}/${key}${search}`, { headers: { Cookie: cookie } });
    return (await loader({ request, context: context(), params: { type, key } } as never)) as {
      item: { key: string; revision: number; values: FieldValues };
      revisions: { revision: number }[];
      values: FieldValues;
    };
  }

  /** Every page of the type on both instances, checked within a second, on what the page shows:
   *  its HTML without its scripts (the hydration data and the JSON-LD carry the text too). */
  const onEveryPage = (type: ContentType<unknown>, check: (shown: string) => boolean) =>
    Promise.all(
      [one, two].map((site) =>
        within1s(site.base, type.pages, ({ status, text }) => status === 200 && check(withoutScripts(text))),
      ),
    );

  describe.each(contentTypes.map((t) => [t.name, t] as const))("%s", (name, type) => {
    const { field, text = (s: string) => s, set = {}, every = type.pages[0]! } = type.shown;
    const mark = (n: number) => text(`Contract ${name} ${n} ${database.name}`);
    /** The text of the markup test, in <b>: on the pages as text. */
    const bold = `Contract ${name} 3 ${database.name}`;
    let key: string;

    it("is declared with its editor's field on its pages", async () => {
      expect(
        type.fields.some((f) => f.name === field),
        `${name} has a field ${field}`,
      ).toBe(true);
      key = type.shown.key ?? type.key(type.item.parse(type.seed[0]));
      expect((await open(name, key)).values[field], "the first item's text").toBeTruthy();
    });

    it("previews a change without saving it: no page shows it", async () => {
      const { values } = await open(name, key);
      const answer = await post(name, key, { ...values, ...set, [field]: mark(1) }, { intent: "preview" });
      expect(answer.status).toBe(200);
      expect(JSON.stringify(answer.body.preview)).toContain(mark(1));
      for (const site of [one, two])
        for (const path of type.pages)
          expect((await fetchPage(site.base, path)).text, path).not.toContain(mark(1));
    });

    it("publishes a change: every page of both instances shows it within a second", async () => {
      const { values, item } = await open(name, key);
      const answer = await post(
        name,
        key,
        { ...values, ...set, [field]: mark(2) },
        { intent: "publish", revision: String(item.revision) },
      );
      expectSaved(answer);
      expect(await onEveryPage(type, (text) => text.includes(mark(2)))).toEqual([[], []]);
    });

    it("shows markup in the field as text on every page", async () => {
      const { values, item } = await open(name, key);
      const hostile = text(`<b>${bold}</b><img src=x onerror=alert(1)>`);
      const answer = await post(
        name,
        key,
        { ...values, ...set, [field]: hostile },
        { intent: "publish", revision: String(item.revision) },
      );
      expectSaved(answer);
      expect(
        await onEveryPage(
          type,
          (text) =>
            text.includes(`&lt;b&gt;${bold}&lt;/b&gt;`) &&
            !text.includes(`<b>${bold}`) &&
            !text.includes("<img src=x"),
        ),
      ).toEqual([[], []]);
    });

    it(
      type.single
        ? "refuses to unpublish the one item always on the site"
        : "unpublishes: no page of either instance shows it within a second",
      async () => {
        const { values, item } = await open(name, key);
        const answer = await post(name, key, values, {
          intent: "unpublish",
          revision: String(item.revision),
        });
        if (type.single) {
          expect(answer.status).toBe(400);
          expect(answer.body.message).toMatch(/always on the site/);
          expect(await onEveryPage(type, (text) => text.includes(bold))).toEqual([[], []]);
          return;
        }
        expectSaved(answer);
        expect(await onEveryPage(type, (text) => !text.includes(bold))).toEqual([[], []]);
      },
    );

    it("restores an older revision: published again, every page shows its text", async () => {
      const opened = await open(name, key);
      expect(opened.revisions.length).toBeGreaterThan(1);
      // The revision that published mark 2: loaded into the form, then published.
      let restored: FieldValues | undefined;
      for (const r of opened.revisions) {
        const values = (await open(name, key, `?revision=${r.revision}`)).values;
        if (values[field] === mark(2)) restored = values;
      }
      expect(restored, "the revision with the published change").toBeDefined();
      const answer = await post(name, key, restored!, {
        intent: "publish",
        revision: String(opened.item.revision),
      });
      expectSaved(answer);
      expect(await onEveryPage(type, (text) => text.includes(mark(2)) && !text.includes(bold))).toEqual([
        [],
        [],
      ]);
    });

    it.skipIf(type.single)(
      "publishes a new item at a time: not shown before it, shown at it within a second",
      async () => {
        const { values } = await open(name, key);
        const newKey: FieldValues = type.fields.some((f) => f.kind === "key")
          ? { id: `contract-${name}-${database.name.toLowerCase()}` }
          : {};
        const unique = type.unique ? { [type.unique.field]: mark(4) } : {};
        const at = clock.now() + 2 * HOUR;
        const answer = await post(
          name,
          undefined,
          { ...values, ...newKey, ...unique, [field]: mark(4) },
          { intent: "publish", publishAt: lagosField(at) },
        );
        expectSaved(answer);
        const listing = [every];
        for (const site of [one, two])
          expect((await fetchPage(site.base, listing[0]!)).text).not.toContain(mark(4));
        clock.advance(2 * HOUR + 60_000);
        expect(
          await Promise.all(
            [one, two].map((site) => within1s(site.base, listing, ({ text }) => text.includes(mark(4)))),
          ),
        ).toEqual([[], []]);
      },
    );
  });
});
