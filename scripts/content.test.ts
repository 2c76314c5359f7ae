// @vitest-environment node
// `npm run content` as the operator uses it: the export of a fresh site is the seed of every
// type (app/content/), an export imported into an empty database exports the same bytes again,
// an edited file changes the site, and a bad folder is refused whole, naming the file, the item
// and the field, with nothing written.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { faqType } from "#app/config/content-types.ts";
import { deferrals, freshDb, sqliteDatabase } from "../server/db/testing/databases.ts";
import { createContentService } from "../server/content/index.ts";
import { createContentRepository } from "../server/content/repository.ts";
import { contentTypes } from "#app/config/content-types.ts";
import { main } from "./content.ts";
import { commandRunner } from "./testing/command.ts";

// The command's SQL is the content repository's, whose suite runs on both databases.
const defer = deferrals();

function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), "content-cli-"));
  defer(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A database as a server leaves it (`seeded`: after its first start), and the command on it. */
async function start({ seeded = true } = {}) {
  const { db, location, cleanup } = await freshDb(sqliteDatabase);
  defer(cleanup);
  if (seeded) await (await createContentService({ db, types: contentTypes, logger: () => {} })).close();
  const cli = commandRunner(main, { DATA_DIR: location.dataDir });
  return { db, store: createContentRepository(db), cli };
}

const read = (dir: string, type = "faq") => readFileSync(path.join(dir, `${type}.json`), "utf8");

describe("npm run content", () => {
  it("exports a fresh site as the seed of every type, in order", async () => {
    const { cli } = await start();
    const out = path.join(tempDir(), "export");
    expect(await cli("export", out)).toMatchObject({
      code: 0,
      stdout: `Exported to ${out}: ${contentTypes.map((t) => `${t.name} ${t.seed.length}`).join(", ")}.\n`,
    });
    for (const type of contentTypes) {
      const entries = JSON.parse(read(out, type.name)) as { state: string; fields: unknown }[];
      expect(entries.map((e) => e.state)).toEqual(type.seed.map(() => "published"));
      expect(entries.map((e) => e.fields)).toEqual(type.seed);
    }
    // Not over an earlier export.
    expect(await cli("export", out)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("already holds .json files"),
    });
  });

  it("gives the same bytes again after an export, edited, is imported into an empty database", async () => {
    const live = await start();
    const first = path.join(tempDir(), "first");
    await live.cli("export", first);
    const entries = JSON.parse(read(first)) as { state: string; fields: { question: string } }[];
    entries[0]!.fields.question = "How long has TechSpark been in business, exactly?";
    entries[1]!.state = "draft";
    entries.pop();
    writeFileSync(path.join(first, "faq.json"), JSON.stringify(entries));

    const empty = await start({ seeded: false });
    const result = await empty.cli("import", first);
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toContain(`faq: ${entries.length} new, 0 changed, 0 removed, 0 unchanged`);
    // A server started on it now keeps what was imported: the seed is not added.
    await (await createContentService({ db: empty.db, types: contentTypes, logger: () => {} })).close();
    const items = await empty.store.all("faq");
    expect(items).toHaveLength(entries.length);
    expect(items[0]!.payload).toMatchObject({
      question: "How long has TechSpark been in business, exactly?",
    });
    expect(items[1]!.state).toBe("draft");

    const second = path.join(tempDir(), "second");
    await empty.cli("export", second);
    expect(read(second)).toBe(`${JSON.stringify(entries, null, 2)}\n`);

    // Into the live site: its changes, and its removed question.
    const into = await live.cli("import", first);
    expect(into.stdout).toContain("faq: 0 new, 2 changed, 1 removed");
  });

  it("refuses a bad folder whole, naming the file, the item and the field; nothing is written", async () => {
    const { cli, store } = await start();
    const before = await store.version();
    const dir = tempDir();
    const entries = faqType.seed.map((fields) => ({ state: "published", fields }));
    writeFileSync(
      path.join(dir, "faq.json"),
      JSON.stringify([
        { state: "published", fields: { ...faqType.seed[0], question: "No question mark" } },
        { state: "maybe", fields: faqType.seed[1] },
        ...entries.slice(2),
        entries[2],
      ]),
    );
    writeFileSync(path.join(dir, "jobs.json"), "[]");
    const result = await cli("import", dir);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("faq.json: faq[0].question: ");
    expect(result.stderr).toContain('faq.json: item 2: "state" must be "published" or "draft"');
    expect(result.stderr).toContain(`faq.json: faq "${faqType.seed[2]!.id}": given twice`);
    expect(result.stderr).toContain(
      `jobs.json: not a content type (${contentTypes.map((t) => `${t.name}.json`).join(", ")})`,
    );
    expect(await store.version()).toBe(before);

    writeFileSync(path.join(dir, "faq.json"), "{ not json");
    rmSync(path.join(dir, "jobs.json"));
    expect((await cli("import", dir)).stderr).toContain("faq.json: not JSON");
    expect(await store.version()).toBe(before);
  });
});
