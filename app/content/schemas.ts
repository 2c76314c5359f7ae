// One schema per content collection. Content modules are checked against these types at
// compile time (`satisfies`) and parsed at every build (app/config/check-content.ts); zod stays
// out of the browser bundle because pages import the data, not this file.
import { z } from "zod";
import { iconNames } from "../config/icon-names.ts";

const id = z.string().regex(/^[a-z0-9-]+$/, "lower-case letters, digits and dashes only");
const sentence = z.string().min(20);
const title = z.string().min(3);
/** The social networks a profile may be on (the agency's and the team's). */
export const socialLabels = ["LinkedIn", "X (Twitter)", "Facebook", "Instagram"] as const;

/** YAML reads an unquoted 2023-12-19 as a date: accept both, keep "YYYY-MM-DD". */
const isoDay = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : v),
  z.iso.date({ error: "a day, as YYYY-MM-DD" }),
);

export const faqSchema = z.array(
  z.object({
    id,
    question: z.string().min(8).endsWith("?"),
    answer: z.array(sentence).min(1),
    /** Shown in the home page FAQ block. */
    featured: z.boolean().optional(),
  }),
);
export type FaqInput = z.input<typeof faqSchema>;

export const pricingSchema = z
  .array(
    z.object({
      id,
      plan: z.string().min(3),
      planInfo: sentence,
      bullets: z.array(z.string().min(5)).length(3),
      button: z.object({ label: z.string(), href: z.string().startsWith("/") }),
      icon: z.enum(["code", "smartphone", "megaphone"]),
    }),
  )
  .length(3);
export type PricingInput = z.input<typeof pricingSchema>;

/** A phone number as people write it: digits, spaces, dashes, brackets, an optional leading "+". */
const phoneNumber = z
  .string()
  .regex(/^\+?[0-9][0-9 ()-]{5,22}[0-9]$/, "digits, spaces and dashes, as +234 803 555 0142")
  .refine((v) => v.replace(/\D/g, "").length >= 7, "at least seven digits");

/** The agency's own details: the header, footer, side panel, contact page and structured data of
 *  every page show them. One item, always on the site (app/config/content-types.ts). */
export const agencySchema = z.object({
  id: z.literal("agency"),
  address: z.object({
    street: title,
    locality: z.string().min(2),
    region: z.string().min(2),
    country: z.string().min(2),
    /** ISO 3166 code, for the structured data ("NG"). */
    countryCode: z.string().regex(/^[A-Z]{2}$/, "two capital letters, as NG"),
  }),
  /** Where the address opens on a map (any https address); without it the address is plain text. */
  mapLink: z.preprocess((v) => (v === "" ? undefined : v), z.url({ protocol: /^https$/ }).optional()),
  phones: z.array(phoneNumber).min(1).max(3),
  emails: z.array(z.email()).min(1).max(3),
  hours: z.string().min(5).max(120),
  socials: z
    .array(z.object({ label: z.enum(socialLabels), href: z.url({ protocol: /^https$/ }) }))
    .max(socialLabels.length),
});
export type AgencyInput = z.input<typeof agencySchema>;

export const aboutSchema = z.object({
  intro: z.array(sentence).min(1),
  background: z.array(sentence).min(1),
  mission: sentence,
  vision: sentence,
  values: z.array(z.object({ title: z.string(), text: sentence })).min(3),
  milestones: z.array(z.object({ year: z.number().int(), text: sentence })).min(3),
});
export type AboutInput = z.input<typeof aboutSchema>;

// ---------------------------------------------------------------------------------------------
// Home page, services, projects, team and testimonials.

/** Icons content may name: any icon of the sprite (app/config/icon-names.ts). */
export const iconName = z.enum(iconNames);

const numericId = z.number().int().positive();
/** A picture under media/ (see app/lib/media.server.ts), e.g. "project-01-thumb". */
const mediaName = z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);
/** A page of this site: the build checks that the page exists (app/config/check-content.ts). */
const sitePath = z.string().regex(/^\/[a-z0-9/-]*$/);
const iconItem = z.object({ title, text: sentence, icon: iconName });

/** How the service listings group the catalogue (app/content/services.ts). */
export const serviceGroupIds = ["development", "business", "branding", "marketing"] as const;
export type ServiceGroupId = (typeof serviceGroupIds)[number];

const question = z.object({ question: z.string().min(8).endsWith("?"), answer: z.array(sentence).min(1) });

/** The text of a service's own page (/services-details/{id}). */
const serviceDetails = z.object({
  intro: z.array(sentence).min(2),
  /** What an engagement includes (the spec's "included services"). */
  included: z
    .array(z.object({ title, text: sentence }))
    .min(4)
    .max(6),
  challenge: z.array(sentence).min(1),
  faq: z.array(question).length(3),
});

/** The console's inputs of a page left empty (every list empty): the service has no page. */
const emptyDetails = (v: unknown) =>
  typeof v === "object" &&
  v !== null &&
  Object.values(v).every((x) => x === undefined || (Array.isArray(x) && x.length === 0))
    ? undefined
    : v;

/** A number chosen in the console comes as its digits; none chosen as "". */
const chosenNumber = (v: unknown) =>
  v === "" ? undefined : typeof v === "string" && /^\d+$/.test(v) ? Number(v) : v;

/**
 * One service of the catalogue (the content type "service", app/config/content-types.ts). Its
 * number is its page's (/services-details/{id}) when it has `details`; a service without them is
 * covered by another's page (`coveredBy`, that service's number: Logo Design → Branding). Its
 * link is derived from those (serviceHref), not kept.
 */
export const serviceItem = z
  .object({
    /** Its page's number: the seed's 1 to 24, a new service the next (the console gives it). */
    id: numericId,
    title,
    text: sentence,
    icon: iconName,
    image: mediaName,
    group: z.enum(serviceGroupIds),
    /** Shown as one of the service pages' popular services (the first two marked). */
    popular: z.boolean().optional(),
    details: z.preprocess(emptyDetails, serviceDetails.optional()),
    coveredBy: z.preprocess(chosenNumber, numericId.optional()),
  })
  .superRefine((s, ctx) => {
    if (s.details && s.coveredBy !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["coveredBy"],
        message: "a service with its own page is covered by no other: leave this empty",
      });
    if (!s.details && s.coveredBy === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["coveredBy"],
        message: "choose the service whose page covers it, or write its own page below",
      });
    if (s.coveredBy === s.id)
      ctx.addIssue({ code: "custom", path: ["coveredBy"], message: "a service cannot cover itself" });
    if (s.popular && !s.details)
      ctx.addIssue({
        code: "custom",
        path: ["popular"],
        message: "only a service with its own page can be a popular one",
      });
  });

export const serviceSummarySchema = z.array(serviceItem);
export type ServiceSummaryInput = z.input<typeof serviceSummarySchema>;
export type ServiceDetails = z.output<typeof serviceDetails>;

export const serviceGroupSchema = z
  .array(z.object({ id: z.enum(serviceGroupIds), title, text: sentence }))
  .length(serviceGroupIds.length);
export type ServiceGroupInput = z.input<typeof serviceGroupSchema>;

/** The five tags a case study may carry (the spec's subtitles). */
export const projectSubtitles = ["Marketing", "Digital", "Promotion", "Development", "Research"] as const;
/** One case study (/project-details/{id}): edited in the console (app/config/content-types.ts,
 *  projectType), seeded from app/content/projects.ts. Its page's address is derived from its
 *  number (projectPath), not kept; any number of them may be published. */
export const projectItem = z.object({
  /** Its page's number: the seed's 1 to 6, a new project the next (the console gives it). */
  id: numericId,
  title,
  /** One or two of the five, each once, shown on cards; the first is the card's subtitle. */
  tags: z
    .array(z.enum(projectSubtitles))
    .min(1)
    .max(2)
    .refine((list) => new Set(list).size === list.length, "each tag once"),
  summary: sentence,
  client: title,
  projectType: title,
  /** The month it was delivered: the lists may be put in its order (newest first). */
  date: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, "a month, as YYYY-MM (2025-03)"),
  address: title,
  /** The case study (/project-details/{id}): what was wrong, what we did, what changed. */
  challenge: z.array(sentence).min(1),
  approach: z.array(sentence).min(1),
  result: z.array(sentence).min(1),
  /** The card's picture (4:3) and the page's (16:9): pictures of the media manifest. */
  thumb: mediaName,
  thumbFull: mediaName,
});
export const projectSchema = z.array(projectItem);
export type ProjectInput = z.input<typeof projectSchema>;

export const teamQualifications = [
  "Database Integration",
  "Digital marketing",
  "Software Development",
] as const;
export const teamSkills = ["Programming Language", "Backend Development", "Product Design"] as const;
/** One member of the team (/team-details/{id}): edited in the console (app/config/content-types.ts,
 *  teamType), seeded from app/content/team.ts. Their page's address and their phone's `tel:` link
 *  are derived (memberPath, telHref), not kept. */
export const teamMember = z.object({
  /** Their page's number: the seed's 1 to 6, a new member the next (the console gives it). */
  id: numericId,
  name: title,
  profession: title,
  bio: z.array(sentence).min(1),
  projectCount: z.number().int().nonnegative(),
  email: z.email(),
  /** As people dial it from abroad: +234 803 555 0101. */
  phone: phoneNumber,
  /** Their photo: a picture of the media manifest, cropped to the portrait frame (4:5). */
  portrait: mediaName,
  /** The member's own profiles (the agency's are in its details: agencySchema). */
  socials: z
    .array(z.object({ label: z.enum(socialLabels), href: z.url({ protocol: /^https$/ }) }))
    .min(1)
    .max(socialLabels.length),
  /** The spec's three qualifications, each with what it means for this member. */
  qualifications: z
    .array(z.object({ title: z.enum(teamQualifications), text: sentence }))
    .length(teamQualifications.length)
    .refine(
      (list) => new Set(list.map((q) => q.title)).size === list.length,
      "each of the three titles once",
    ),
  /** The spec's three skill bars, in percent. */
  skills: z
    .array(z.object({ label: z.enum(teamSkills), value: z.number().int().min(1).max(100) }))
    .length(teamSkills.length)
    .refine(
      (list) => new Set(list.map((s) => s.label)).size === list.length,
      "each of the three skills once",
    ),
  /** Left the agency: on no team page, list or search; the posts they wrote keep their name. */
  hidden: z.boolean().optional(),
});
export const teamSchema = z.array(teamMember);
export type TeamInput = z.input<typeof teamSchema>;

/** Who agreed to their words and name being shown on the site, and on which day (the issue's
 *  "consent noted"). Optional: the seeded quotes predate the note. */
const consent = z.object({ by: z.string().min(3), date: isoDay });
type ConsentInput = z.input<typeof consent>;
/** The console's form sends both fields empty for a testimonial without a note: that is none. */
const noConsentIfEmpty = (v: ConsentInput | undefined) =>
  v && `${String(v.by ?? "")}${String(v.date ?? "")}`.trim() === "" ? undefined : v;

export const testimonialSchema = z
  .array(
    z.object({
      id,
      quote: sentence,
      name: title,
      designation: title,
      portrait: mediaName,
      consent: z.preprocess(noConsentIfEmpty, consent.optional()).optional(),
    }),
  )
  .length(3);
export type TestimonialInput = z.input<typeof testimonialSchema>;

const counter = z.object({ end: z.number().int().positive(), suffix: z.string(), label: title });

/** One of the achievement counters (About, the home pages with the achievements section): its
 *  number, what follows it ("+", or nothing), what it counts, its icon and one sentence. The
 *  figure ("500+") takes five characters at most: what a third of the panel shows at its size. */
export const achievementItem = counter
  .extend({ id, icon: iconName, text: sentence })
  .refine((c) => `${c.end}${c.suffix}`.length <= 5, {
    path: ["end"],
    message: "the number and what follows it take five characters at most together (1200+, 15K+)",
  });
/** The seed's counters: the spec's three (staff may publish fewer or more in the console). */
export const achievementSchema = z.array(achievementItem).length(3);
export type AchievementInput = z.input<typeof achievementSchema>;
const step = z.object({ number: z.string().regex(/^0[1-9]$/), title, text: sentence, icon: iconName });
const sectionCopy = z.object({ eyebrow: z.string().min(3), title, intro: sentence.optional() });

export const homeSchema = z.object({
  hero: z.object({
    slides: z
      .array(
        z.discriminatedUnion("type", [
          z.object({
            id,
            type: z.literal("video"),
            video: id,
            poster: mediaName,
            title,
            description: sentence,
          }),
          z.object({ id, type: z.literal("image"), image: mediaName, title, description: sentence }),
        ]),
      )
      .length(3),
    action: z.object({ label: title, href: sitePath }),
  }),
  promise: sectionCopy.extend({ items: z.array(iconItem).length(3) }),
  services: sectionCopy.extend({ more: z.object({ label: title, href: sitePath }) }),
  about: sectionCopy.extend({
    text: z.array(sentence).min(1),
    features: z.array(iconItem).length(2),
    images: z.tuple([mediaName, mediaName]),
    action: z.object({ label: title, href: sitePath }),
  }),
  howWeWork: sectionCopy.extend({ steps: z.array(step).length(4) }),
  projects: sectionCopy.extend({ more: z.object({ label: title, href: sitePath }) }),
  digitalBanner: sectionCopy.extend({
    text: sentence,
    counter: counter.extend({ duration: z.number().int().positive() }),
    image: mediaName,
    video: z.discriminatedUnion("provider", [
      z.object({ provider: z.enum(["youtube", "vimeo"]), id: z.string(), title }),
      z.object({
        provider: z.literal("custom"),
        url: z.string().regex(/^\/videos\/[a-z0-9-]+\.(mp4|webm)$/),
        title,
        captions: z
          .string()
          .regex(/^\/videos\/[a-z0-9-]+\.vtt$/)
          .optional(),
      }),
    ]),
    videoLabel: title,
  }),
  // The counters themselves are edited in the console (achievements.ts is their seed).
  achievements: sectionCopy.extend({ duration: z.number().int().positive() }),
  whyChooseUs: sectionCopy.extend({
    benefits: z.array(z.object({ title, text: sentence })).length(3),
    image: mediaName,
  }),
  ourProcess: sectionCopy.extend({ steps: z.array(step).length(4) }),
  team: sectionCopy.extend({ more: z.object({ label: title, href: sitePath }) }),
  testimonials: sectionCopy,
  faq: sectionCopy.extend({
    meters: z.array(z.object({ label: title, value: z.number().int().min(1).max(100) })).length(2),
  }),
  brands: z.object({
    title,
    video: id,
    poster: mediaName,
    logos: z
      .array(z.object({ name: title, file: z.string().regex(/^\/img\/brands\/[a-z0-9-]+\.svg$/) }))
      .length(10),
  }),
  pricing: sectionCopy,
  contact: sectionCopy,
  blog: sectionCopy.extend({ more: z.object({ label: title, href: sitePath }) }),
});
export type HomeInput = z.input<typeof homeSchema>;

// ---------------------------------------------------------------------------------------------
// Blog posts: one Markdown file per post in app/content/blog/, its frontmatter checked by this
// schema when app/lib/blog.server.ts loads the posts (at build and server start).

/** The spec's category names, spelled as it spells them. */
export const blogCategories = ["national", "International", "sports", "magazine", "health"] as const;
export const blogTags = [
  "Fashion",
  "Education",
  "Nation",
  "Study",
  "Health",
  "Food",
  "Algorithm",
  "Data science",
] as const;
export type BlogCategory = (typeof blogCategories)[number];
export type BlogTag = (typeof blogTags)[number];

// The messages name what is wanted in words the agency writes posts with (the console shows them
// beside each field; a file's problems start with the field's name).
const between = (min: number, max?: number) =>
  max === undefined ? `at least ${min} characters` : `${min} to ${max} characters`;
const blogText = (min: number, max?: number) => {
  const text = z.string({ error: `write ${between(min, max)}` }).min(min, between(min, max));
  return max === undefined ? text : text.max(max, between(min, max));
};
const blogPicture = z
  .string({ error: "name a picture" })
  .regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/, "a picture's name: lower-case letters, digits and -");

export const blogFrontmatterSchema = z.strictObject({
  id: numericId,
  slug: id,
  title: blogText(10, 100),
  date: isoDay,
  /** A member of the team (the console's Team; the Markdown files: app/content/team.ts), by name. */
  author: z.string({ error: "choose the author" }).min(3, "choose the author"),
  category: z.enum(blogCategories, `one of ${blogCategories.join(", ")}`),
  tags: z
    .array(z.enum(blogTags, `tags are ${blogTags.join(", ")}`), { error: "choose one to four tags" })
    .min(1, "choose one to four tags")
    .max(4, "choose one to four tags"),
  excerpt: blogText(80, 260),
  /** The body's mid-article heading (a `## ` line of the body). */
  midTitle: blogText(5, 80),
  /** The body's pull quote (a `> ` line of the body). */
  quote: blogText(20),
  /** Pictures under media/: list thumbnail (3:2), full-width header (16:9), in-body picture. */
  thumb: blogPicture,
  image: blogPicture,
  inlineImage: blogPicture,
  /** Text alternative of the header picture. */
  imageAlt: blogText(10),
});
export type BlogFrontmatter = z.output<typeof blogFrontmatterSchema>;
/** A post as written: the Markdown file's front matter and its body (app/content/blog/README.md). */
export type PostFields = BlogFrontmatter & { body: string };
