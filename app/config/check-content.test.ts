import { describe, expect, it } from "vitest";
import { homeSchema } from "../content/schemas.ts";
import { faqSchema } from "#app/content-types/faq/schema.ts";
import { faqs } from "#app/content-types/faq/seed.ts";
import { home } from "../content/home.ts";
import { collections, contentProblems } from "./check-content.ts";

describe("content check (run by every build)", () => {
  it("finds nothing wrong with the site's content", () => {
    expect(contentProblems()).toEqual([]);
  });

  it("covers every schema of app/content/schemas.ts that describes a collection", async () => {
    const schemas = await import("../content/schemas.ts");
    const checked = new Set(collections.map((c) => c.schema));
    const collectionSchemas = Object.entries(schemas).filter(
      ([name]) => name.endsWith("Schema") && name !== "blogFrontmatterSchema",
    );
    // The blog's frontmatter is parsed when the posts load (app/content/blog-posts.server.ts).
    expect(collectionSchemas.filter(([, schema]) => !checked.has(schema as never)).map(([n]) => n)).toEqual(
      [],
    );
  });

  it("names the file and the field of an entry that does not parse", () => {
    const broken = structuredClone(faqs) as Array<{ question: string }>;
    broken[1]!.question = "Why is that";
    expect(contentProblems([{ file: "faq.ts", schema: faqSchema, data: broken }])).toEqual([
      expect.stringMatching(/^faq\.ts: 1\.question: /),
    ]);
  });

  it("names a link to a page the site does not have", () => {
    const broken = structuredClone(home);
    broken.team.more.href = "/our-people";
    expect(contentProblems([{ file: "home.ts", schema: homeSchema, data: broken }])).toEqual([
      "home.ts: team.more.href: /our-people is not a page of the site",
    ]);
  });
});
