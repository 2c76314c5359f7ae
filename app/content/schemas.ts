// The schemas of the site's fixed content (the home page, About, the blog's front matter) and the
// pieces every content type's schema is made of (app/content-types/<name>/schema.ts: an id, a
// sentence, a phone number, a picture's name…). Content modules are checked against these types
// at compile time (`satisfies`) and parsed at every build (app/config/check-content.ts); zod stays
// out of the browser bundle because pages import the data, not this file.
import { z } from "zod";
import { iconNames } from "../config/icon-names.ts";

export const id = z.string().regex(/^[a-z0-9-]+$/, "lower-case letters, digits and dashes only");
export const sentence = z.string().min(20);
export const title = z.string().min(3);
/** The social networks a profile may be on (the agency's and the team's). */
export const socialLabels = ["LinkedIn", "X (Twitter)", "Facebook", "Instagram"] as const;

/** YAML reads an unquoted 2023-12-19 as a date: accept both, keep "YYYY-MM-DD". */
export const isoDay = z.preprocess(
  (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : v),
  z.iso.date({ error: "a day, as YYYY-MM-DD" }),
);

/** A phone number as people write it: digits, spaces, dashes, brackets, an optional leading "+". */
export const phoneNumber = z
  .string()
  .regex(/^\+?[0-9][0-9 ()-]{5,22}[0-9]$/, "digits, spaces and dashes, as +234 803 555 0142")
  .refine((v) => v.replace(/\D/g, "").length >= 7, "at least seven digits");

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
// The home page, and the pieces the content types' schemas share.

/** Icons content may name: any icon of the sprite (app/config/icon-names.ts). */
export const iconName = z.enum(iconNames);

export const numericId = z.number().int().positive();
/** A picture under media/ (see app/lib/media.server.ts), e.g. "project-01-thumb". */
export const mediaName = z.string().regex(/^[a-z0-9-]+(\/[a-z0-9-]+)*$/);
/** A page of this site: the build checks that the page exists (app/config/check-content.ts). */
const sitePath = z.string().regex(/^\/[a-z0-9/-]*$/);
const iconItem = z.object({ title, text: sentence, icon: iconName });

/** A counter's figure and what it counts: the achievement counters' and the home page banner's. */
export const counter = z.object({ end: z.number().int().positive(), suffix: z.string(), label: title });
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
  /** A member of the team (the console's Team; the Markdown files: app/content-types/team/seed.ts), by name. */
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
