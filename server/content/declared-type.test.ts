// @vitest-environment node
// A ninth content type, declared and nothing else: job openings, shaped as a folder of
// app/content-types/ is (its declaration, schema, seed and view), given to the content service and
// the console as the server gives them the list. The service seeds it beside the eight, checks
// its items, publishes one and shows it to the view its pages would read; the console lists it,
// makes an opening from a form and publishes it; a member's rename still reaches the posts'
// cascade only through the team's declaration. No server code names the type.
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldValues } from "#app/config/content-fields.ts";
import { contentType, type ContentType } from "#app/content-types/define.ts";
import { contentTypes } from "#app/content-types/index.ts";
import { teamType } from "#app/content-types/team/type.ts";
import { contentOf } from "#app/lib/content.server.ts";
import { contentContext } from "#app/lib/ports/content.ts";
import { memoryLog } from "../testing/log.ts";
import { deferrals, freshDb, sqliteDatabase } from "../db/testing/databases.ts";
import { createContentConsole } from "./console.ts";
import { declaredCascades } from "./cascades.ts";
import { createContentService } from "./index.ts";

const defer = deferrals();

/** app/content-types/job/, as one object: schema.ts, seed.ts, type.ts and view.server.ts. */
const jobFolder = (() => {
  const schema = z.object({
    id: z.string().regex(/^[a-z0-9-]+$/),
    title: z.string().min(3),
    place: z.enum(["Abuja", "Remote"]),
    summary: z.string().min(20),
  });
  type Job = z.output<typeof schema>;
  const seed: Job[] = [
    {
      id: "frontend-engineer",
      title: "Frontend Engineer",
      place: "Abuja",
      summary: "Build the sites our clients' customers use every day, phones first.",
    },
  ];
  const type = contentType<Job>({
    name: "job",
    item: schema,
    key: (j) => j.id,
    seed,
    label: "Job openings",
    itemLabel: "opening",
    title: (j) => `${j.title} (${j.place})`,
    fields: [
      { name: "title", label: "Title", kind: "line" },
      {
        name: "place",
        label: "Place",
        kind: "choice",
        options: [
          { value: "Abuja", label: "Abuja" },
          { value: "Remote", label: "Remote" },
        ],
      },
      { name: "summary", label: "Summary", kind: "text" },
      { name: "id", label: "Short name", kind: "key" },
    ],
    pages: ["/careers"],
    shown: { field: "title" },
  });
  const view = (context: Readonly<RouterContextProvider>) => contentOf(context, type);
  return { schema, seed, type, view };
})();

const types = [...contentTypes, jobFolder.type as ContentType<unknown>];

async function start() {
  const { db, cleanup } = await freshDb(sqliteDatabase);
  defer(cleanup);
  const log = memoryLog();
  const content = await createContentService({ db, types, watchMs: 20, logger: log.logger });
  defer(() => content.close());
  const audited: string[] = [];
  const console = createContentConsole({
    store: content.store,
    types,
    now: Date.now,
    refresh: content.refresh,
    published: (name) => content.port.published().items.get(name) ?? [],
    audit: async (actor, action, subject) => void audited.push(`${actor} ${action} ${subject}`),
  });
  const context = new RouterContextProvider();
  context.set(contentContext, content.port);
  return { content, console, context, log, audited };
}

describe("a ninth content type, by its declaration only", () => {
  it("is seeded beside the eight on the first start, and its pages' view reads it", async () => {
    const { context, log } = await start();
    const seeded = log.entries.filter((e) => e.msg === "content.seeded").map((e) => e.type);
    expect(seeded.sort()).toEqual(types.map((t) => t.name).sort());
    expect(jobFolder.view(context)).toEqual(jobFolder.seed);
  });

  it("is listed, made from a form and published by the console, then shown to its view", async () => {
    const { console, context, audited } = await start();
    expect(console.type("job")).toMatchObject({ label: "Job openings", itemLabel: "opening" });
    expect((await console.list("job"))!.items).toMatchObject([
      { key: "frontend-engineer", title: "Frontend Engineer (Abuja)", state: "published" },
    ]);
    const opening = {
      id: "project-manager",
      title: "Project Manager",
      place: "Remote",
      summary: "Keep our clients' projects on time, on budget and <b>plainly</b> explained.",
    };
    const values = fieldValues(jobFolder.type.fields, opening);
    // The type's own schema says no to what it refuses.
    expect(
      await console.create("amina@techspark.ng", "job", {
        values: { ...values, place: "Lagos" },
        intent: "publish",
        publishAt: null,
      }),
    ).toMatchObject({ ok: false, reason: "invalid", errors: { place: expect.any(String) } });
    expect(
      await console.create("amina@techspark.ng", "job", { values, intent: "publish", publishAt: null }),
    ).toEqual({ ok: true, key: "project-manager", changed: true, state: "published" });
    expect(jobFolder.view(context).map((j) => j.id)).toEqual(["frontend-engineer", "project-manager"]);
    // Markup is kept as the text it is: the pages escape it.
    expect(jobFolder.view(context)[1]!.summary).toContain("<b>plainly</b>");
    expect(audited).toContain("amina@techspark.ng content.created job/project-manager");
  });

  it("cascades nothing it did not declare: only the team's rename reaches its hook", async () => {
    const calls: string[] = [];
    const cascade = declaredCascades(types, {
      "post-authors": async (_trx, { was, is }) => void calls.push(`${was} → ${is}`),
    });
    const member = teamType.seed[0]!;
    const change = { key: "1", by: "amina@techspark.ng", now: 0 };
    const trx = {} as Parameters<typeof cascade>[0];
    const renamed = { ...member, name: "Chinedu Okafor-Bello" };
    await cascade(trx, { ...change, type: "job", before: jobFolder.seed[0], after: jobFolder.seed[0] });
    await cascade(trx, { ...change, type: "team", before: member, after: { ...member } });
    await cascade(trx, { ...change, type: "team", before: null, after: member });
    expect(calls).toEqual([]);
    await cascade(trx, { ...change, type: "team", before: member, after: renamed });
    expect(calls).toEqual([`${member.name} → Chinedu Okafor-Bello`]);
  });
});
