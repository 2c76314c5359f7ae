// Every content collection, checked whenever the site is built or served in development
// (react-router.config.ts): each parses with its schema (app/content/schemas.ts), and every
// link it holds to a page of this site names a page of the registry. A mistake stops the build
// with the file and the field named, instead of reaching a visitor as a broken page or link.
import type { z } from "zod";
import { about } from "../content/about.ts";
import { achievements } from "#app/content-types/counter/seed.ts";
import { faqs } from "#app/content-types/faq/seed.ts";
import { home } from "../content/home.ts";
import { pricingPlans } from "#app/content-types/pricing-plan/seed.ts";
import { agency } from "#app/content-types/agency/seed.ts";
import { projects } from "#app/content-types/project/seed.ts";
import { aboutSchema, homeSchema } from "../content/schemas.ts";
import { achievementSchema } from "#app/content-types/counter/schema.ts";
import { faqSchema } from "#app/content-types/faq/schema.ts";
import { pricingSchema } from "#app/content-types/pricing-plan/schema.ts";
import { agencySchema } from "#app/content-types/agency/schema.ts";
import { projectSchema } from "#app/content-types/project/schema.ts";
import { serviceGroupSchema, serviceSummarySchema } from "#app/content-types/service/schema.ts";
import { teamSchema } from "#app/content-types/team/schema.ts";
import { testimonialSchema } from "#app/content-types/testimonial/schema.ts";
import { serviceGroups, services } from "#app/content-types/service/seed.ts";
import { team } from "#app/content-types/team/seed.ts";
import { testimonials } from "#app/content-types/testimonial/seed.ts";
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
