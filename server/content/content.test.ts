// @vitest-environment node
// The content service as the server opens it: two instances on one PostgreSQL starting together
// import the FAQ once; a change made on one shows on the other within a second; a seed its schema
// refuses stops the start, naming the item and the field.
import { describe, expect, it } from "vitest";
import { agencyType } from "#app/content-types/agency/type.ts";
import { contentTypes } from "#app/content-types/index.ts";
import { faqType } from "#app/content-types/faq/type.ts";
import type { ContentType } from "#app/content-types/define.ts";
import { memoryLog } from "../testing/log.ts";
import { deferrals, freshDb, sqliteDatabase, testDatabases, type Location } from "../db/testing/databases.ts";
import type { Services } from "../services.ts";
import type { Logger } from "../log.ts";
import { openInstance, until } from "../testing/instances.ts";
import { checkItems, createContentService } from "./index.ts";

const databases = await testDatabases("Content service");
const defer = deferrals();

const open = (location: Location, logger?: Logger) => openInstance(location, defer, logger);

const faqsOf = (s: Services) => s.content.port.published().items.get("faq") as { question: string }[];

describe.skipIf(databases.length < 2)("two instances on one PostgreSQL", () => {
  it("import the FAQ once when they start together, and show a change made on one on the other within a second", async () => {
    const location = await databases.at(-1)!.fresh();
    defer(() => location.cleanup());
    const logs = [memoryLog(), memoryLog()];
    const [a, b] = await Promise.all(logs.map((l) => open(location, l.logger)));
    // Each type once, by one of the two.
    const seeded = logs.flatMap((l) => l.entries).filter((e) => e.msg === "content.seeded");
    expect(seeded.map((e) => e.type).sort()).toEqual(contentTypes.map((t) => t.name).sort());
    expect(faqsOf(a!)).toHaveLength(faqType.seed.length);
    expect(faqsOf(b!)).toEqual(faqsOf(a!));

    let told = 0;
    b!.content.onChange(() => told++);
    const changed = [{ ...faqType.seed[0]!, question: "Since when has TechSpark built for Abuja?" }];
    const { items } = checkItems(faqType, changed);
    await a!.content.store.importType("faq", items, "test", Date.now());
    expect(
      await until(() => faqsOf(b!)[0]?.question === "Since when has TechSpark built for Abuja?"),
    ).toBeLessThan(1000);
    expect(faqsOf(b!)).toHaveLength(1);
    expect(told).toBe(1);
  });
});

describe("a content type's seed", () => {
  it("that its schema refuses stops the start, naming the item and the field, importing nothing", async () => {
    const { db, cleanup } = await freshDb(sqliteDatabase);
    defer(cleanup);
    const broken: ContentType<unknown> = {
      ...faqType,
      seed: [faqType.seed[0], { ...faqType.seed[1], question: "No question mark" }],
    } as ContentType<unknown>;
    await expect(createContentService({ db, types: [broken], logger: () => {} })).rejects.toThrow(
      /The faq content cannot be imported:\n {2}faq\[1\]\.question: /,
    );
    expect(await db.kysely.selectFrom("content_item").select("key").execute()).toEqual([]);
  });
});

describe("a type of one item", () => {
  it("is imported with exactly one: none or two are refused, saying why", () => {
    const details = agencyType.seed[0]!;
    expect(checkItems(agencyType, [details]).problems).toEqual([]);
    expect(checkItems(agencyType, []).problems).toEqual([
      "agency: exactly one item, not 0 (it is always on the site)",
    ]);
    expect(checkItems(agencyType, [details, details]).problems).toEqual([
      "agency: exactly one item, not 2 (it is always on the site)",
      'agency "agency": given twice',
    ]);
  });
});
