// Every content collection, checked whenever the site is built or served in development
// (react-router.config.ts): each parses with its schema (app/content/schemas.ts; a content
// type's seed with its type's, app/content-types/), and every link it holds to a page of this
// site names a page of the registry. A mistake stops the build with the file and the field
// named, instead of reaching a visitor as a broken page or link.
import { z } from "zod";
import { contentTypes } from "#app/content-types/index.ts";
import { serviceGroupSchema } from "#app/content-types/service/schema.ts";
import { serviceGroups } from "#app/content-types/service/seed.ts";
import { about } from "../content/about.ts";
import { home } from "../content/home.ts";
import { aboutSchema, homeSchema } from "../content/schemas.ts";
import { sitePages } from "./pages.ts";

export type Collection = { file: string; schema: z.ZodType; data: unknown };

export const collections: Collection[] = [
  { file: "app/content/about.ts", schema: aboutSchema, data: about },
  { file: "app/content/home.ts", schema: homeSchema, data: home },
  {
    file: "app/content-types/service/seed.ts (serviceGroups)",
    schema: serviceGroupSchema,
    data: serviceGroups,
  },
  // Each content type's seed: by the seed's own rules where it has them (the spec's three plans),
  // else as a list of items.
  ...contentTypes.map((type) => ({
    file: `app/content-types/${type.name}/seed.ts`,
    schema: type.seedSchema ?? z.array(type.item),
    data: type.seed,
  })),
];

/** Every `href` in a value that points into this site ("/…"), with where it sits. */
function* siteLinks(value: unknown, at: string): Generator<{ at: string; href: string }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* siteLinks(item, `${at}[${i}]`);
  } else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) {
      const where = at ? `${at}.${key}` : key;
      if (key === "href" && typeof item === "string" && item.startsWith("/")) yield { at: where, href: item };
      else yield* siteLinks(item, where);
    }
  }
}

/** What is wrong with the content, one line per problem (none: an empty list). */
export function contentProblems(
  list: Collection[] = collections,
  pagePaths: ReadonlySet<string> = new Set(sitePages().map((p) => p.path)),
): string[] {
  const problems: string[] = [];
  for (const { file, schema, data } of list) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push(`${file}: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
      }
    }
    for (const { at, href } of siteLinks(data, "")) {
      const path = href.replace(/[?#].*$/, "");
      if (!pagePaths.has(path)) problems.push(`${file}: ${at}: ${href} is not a page of the site`);
    }
  }
  return problems;
}

/** Throws, listing every problem, unless all content is valid. */
export function checkContent(): void {
  const problems = contentProblems();
  if (problems.length) throw new Error(`Invalid content:\n  ${problems.join("\n  ")}`);
}
