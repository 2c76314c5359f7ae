// Every content collection, checked whenever the site is built or served in development
// (react-router.config.ts): each parses with its schema (app/content/schemas.ts), and every
// link it holds to a page of this site names a page of the registry. A mistake stops the build
// with the file and the field named, instead of reaching a visitor as a broken page or link.
import type { z } from "zod";
import { about } from "../content/about.ts";
import { achievements } from "../content/achievements.ts";
import { faqs } from "../content/faq.ts";
import { home } from "../content/home.ts";
import { pricingPlans } from "../content/pricing.ts";
import { agency } from "../content/agency.ts";
import { projects } from "../content/projects.ts";
import {
  aboutSchema,
  achievementSchema,
  faqSchema,
  homeSchema,
  pricingSchema,
  agencySchema,
  projectSchema,
  serviceGroupSchema,
  serviceSummarySchema,
  teamSchema,
  testimonialSchema,
} from "../content/schemas.ts";
import { serviceGroups, services } from "../content/services.ts";
import { team } from "../content/team.ts";
import { testimonials } from "../content/testimonials.ts";
import { sitePages } from "./pages.ts";

export type Collection = { file: string; schema: z.ZodType; data: unknown };

export const collections: Collection[] = [
  { file: "app/content/about.ts", schema: aboutSchema, data: about },
  { file: "app/content/achievements.ts", schema: achievementSchema, data: achievements },
  { file: "app/content/faq.ts", schema: faqSchema, data: faqs },
  { file: "app/content/home.ts", schema: homeSchema, data: home },
  { file: "app/content/pricing.ts", schema: pricingSchema, data: pricingPlans },
  { file: "app/content/agency.ts", schema: agencySchema, data: agency[0] },
  { file: "app/content/projects.ts", schema: projectSchema, data: projects },
  { file: "app/content/services.ts (serviceGroups)", schema: serviceGroupSchema, data: serviceGroups },
  { file: "app/content/services.ts (services)", schema: serviceSummarySchema, data: services },
  { file: "app/content/team.ts", schema: teamSchema, data: team },
  { file: "app/content/testimonials.ts", schema: testimonialSchema, data: testimonials },
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
