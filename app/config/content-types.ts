// The content types staff edit in the console, each declared once: its name, the schema of one
// item (app/content/schemas.ts stays the single truth), the key of an item, and the seed the
// database starts from (this folder's modules). From the declaration come its rows
// (server/content/: one table of items with typed payloads, decision 020), its checks on every
// write and read, what the pages read (contentOf, app/lib/content.server.ts) and `npm run content`.
// Server-side only: zod stays out of the browser bundle.
import type { z } from "zod";
import type { ContentField } from "./content-fields.ts";
import { blogFeedPath, blogLists, blogPostLayouts } from "./blog.ts";
import { homePathsWith } from "./home-layouts.ts";
import { agency } from "../content/agency.ts";
import { faqs } from "../content/faq.ts";
import { pricingPlans } from "../content/pricing.ts";
import { iconNames } from "./icon-names.ts";
import { achievements } from "../content/achievements.ts";
import {
  achievementItem,
  agencySchema,
  faqSchema,
  pricingSchema,
  testimonialSchema,
  socialLabels,
  teamMember,
  teamQualifications,
  teamSkills,
  serviceItem,
  projectItem,
  projectSubtitles,
} from "../content/schemas.ts";
import { serviceGroups, services } from "../content/services.ts";
import { team } from "../content/team.ts";
import { projects } from "../content/projects.ts";
import { testimonials } from "../content/testimonials.ts";
// The attribute: the server imports this module as it is (server/content), not through Vite.
import manifest from "../content/media-manifest.json" with { type: "json" };

export type ContentType<Item> = {
  /** The type's name in the database and in `npm run content` (kebab-case). */
  name: string;
  /** One item's schema: every write is checked by it, and every read. */
  item: z.ZodType<Item>;
  /** An item's key within its type (unique). A method: a type of items is a type of unknowns. */
  key(item: Item): string;
  /** What the database starts from, in order (its first start, or a type new in this version). */
  seed: readonly Item[];
  /** The console's name for the type's list ("Questions and answers") and for one item. */
  label: string;
  itemLabel: string;
  /** An item's name on the console's list. */
  title(item: Item): string;
  /** The editor's fields, in order: together they make every property of an item (a test turns
   *  every seeded item into a form and back). */
  fields: readonly ContentField[];
  /** The site's pages that show the type's items (the editor links to them). */
  pages: readonly string[];
  /** One item, always on the site (the agency's details): it is edited and saved, never made,
   *  unpublished, moved or deleted. */
  single?: true;
  /** Items numbered by the console, their number in their page's address (/team-details/{id}):
   *  the key is the item's `id` as text; a new item takes one more than the highest number the
   *  type has had (a deleted item's too, so that an old address never names someone else); the
   *  form has no input for it. */
  numbered?: true;
  /** What no two items may share (a member's name: a post names its author by it), the field the
   *  editor says it on, and what it says. Compared trimmed, whatever the letter case. */
  unique?: { field: string; of(item: Item): string; message: string };
  /** The item's date as text that sorts in time order ("2025-03"): the console's list offers to
   *  put the items in its order, newest first (staff choose that or their own order). */
  dated?(item: Item): string;
  /** Choices that follow the content (a service's Covered by: the services with a page published
   *  now), by field name, from the type's published items; the declared options stand for them
   *  where the content is not at hand. */
  choices?(published: readonly Item[]): Record<string, readonly { value: string; label: string }[]>;
};

const type = <Item>(declaration: ContentType<Item>) => declaration;

/** The questions and answers: the FAQ page, the pricing page's and the home pages' featured ones. */
export const faqType = type({
  name: "faq",
  item: faqSchema.element,
  key: (f) => f.id,
  seed: faqs,
  label: "Questions and answers",
  itemLabel: "question",
  title: (f) => f.question,
  fields: [
    { name: "question", label: "Question", kind: "line", hint: "Ends with a question mark." },
    {
      name: "answer",
      label: "Answer",
      kind: "paragraphs",
      hint: "One paragraph or more, with an empty line between two.",
    },
    {
      name: "featured",
      label: "Featured",
      kind: "checkbox",
      hint: "Shown in the home pages' questions too.",
    },
    { name: "id", label: "Short name", kind: "key", hint: "Lower-case letters, digits and dashes." },
  ],
  pages: ["/faq", "/pricing", "/"],
});

export type Faq = z.output<typeof faqSchema.element>;

/** The media manifest's pictures whose names start with `prefix` (media/, built by
 *  scripts/build-images.ts), each named after its person ("testimonial-ngozi-eze": Ngozi Eze). */
const portraitsOf = (prefix: string) =>
  Object.keys(manifest)
    .filter((name) => name.startsWith(prefix))
    .sort()
    .map((value) => ({
      value,
      label: value
        .slice(prefix.length)
        .split("-")
        .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
        .join(" "),
    }));

/** The portraits a testimonial may show: the media manifest's testimonial pictures. */
export const testimonialPortraits = portraitsOf("testimonial-");

/** What clients say: the home pages' testimonials carousel. */
export const testimonialType = type<Testimonial>({
  name: "testimonial",
  item: testimonialSchema.element,
  key: (t) => t.id,
  seed: testimonials,
  label: "Testimonials",
  itemLabel: "testimonial",
  title: (t) => t.name,
  fields: [
    {
      name: "quote",
      label: "Quote",
      kind: "text",
      hint: "The client's own words, without quotation marks: the site adds them.",
    },
    { name: "name", label: "Client's name", kind: "line", hint: "As they want it shown." },
    {
      name: "designation",
      label: "Role and company",
      kind: "line",
      hint: "For example: Operations Director, Zuma Logistics.",
    },
    {
      name: "portrait",
      label: "Portrait",
      kind: "choice",
      options: testimonialPortraits,
      hint: "The photo shown beside the name.",
    },
    {
      name: "consent.by",
      label: "Consent given by",
      kind: "line",
      optional: true,
      hint: "Who agreed to this quote and their name on the site, and how: Ngozi Eze, by e-mail.",
    },
    {
      name: "consent.date",
      label: "Consent given on",
      kind: "line",
      optional: true,
      hint: "The day they agreed, as year-month-day: 2026-03-14.",
    },
    { name: "id", label: "Short name", kind: "key", hint: "Lower-case letters, digits and dashes." },
  ],
  pages: homePathsWith("testimonials", { light: true }),
});

export type Testimonial = z.output<typeof testimonialSchema.element>;

/** The plans: the pricing page and the home pages' pricing section. */
export const pricingType = type<PricingPlan>({
  name: "pricing-plan",
  item: pricingSchema.element,
  key: (p) => p.id,
  seed: pricingPlans,
  label: "Pricing plans",
  itemLabel: "plan",
  title: (p) => p.plan,
  fields: [
    {
      name: "plan",
      label: "Plan name",
      kind: "line",
      hint: "The card's heading. The second plan of the list is the highlighted one.",
    },
    {
      name: "planInfo",
      label: "Summary",
      kind: "text",
      hint: "One or two sentences under the name: what the client gets.",
    },
    {
      name: "bullets",
      label: "What is included",
      kind: "lines",
      hint: "Exactly three points, one a line, each with a tick on the card.",
    },
    {
      name: "button.label",
      label: "Button text",
      kind: "line",
      hint: "For example: Learn More. Screen readers hear the plan's name after it.",
    },
    {
      name: "button.href",
      label: "Button link",
      kind: "line",
      hint: "A page of this site, starting with /: /contact-us.",
    },
    {
      name: "icon",
      label: "Icon",
      kind: "choice",
      options: [
        { value: "code", label: "Code (websites)" },
        { value: "smartphone", label: "Phone (apps)" },
        { value: "megaphone", label: "Megaphone (marketing)" },
      ],
      hint: "The picture at the top of the card.",
    },
    { name: "id", label: "Short name", kind: "key", hint: "Lower-case letters, digits and dashes." },
  ],
  pages: ["/pricing", ...homePathsWith("pricing", { light: true })],
});

export type PricingPlan = z.output<typeof pricingSchema.element>;

/** The agency's details: the header, footer, side panel and contact blocks of every page, the
 *  contact page's hours and the structured data (app/lib/agency.ts). */
export const agencyType = type<Agency>({
  name: "agency",
  item: agencySchema,
  key: (a) => a.id,
  seed: agency,
  label: "The agency's details",
  itemLabel: "details",
  title: () => "Address, phones, e-mails, hours and social links",
  single: true,
  fields: [
    { name: "address.street", label: "Street", kind: "line", hint: "Plot or number and street." },
    { name: "address.locality", label: "Town or district", kind: "line", hint: "For example: Kubwa." },
    { name: "address.region", label: "State", kind: "line", hint: "For example: Abuja, FCT." },
    { name: "address.country", label: "Country", kind: "line" },
    {
      name: "address.countryCode",
      label: "Country code",
      kind: "line",
      hint: "Two capital letters, for search engines: NG for Nigeria.",
    },
    {
      name: "mapLink",
      label: "Map link",
      kind: "line",
      optional: true,
      hint: "An https address where the address opens on a map. Empty: the address is plain text.",
    },
    {
      name: "phones",
      label: "Phone numbers",
      kind: "lines",
      hint: "One to three, one a line, as people dial them from abroad: +234 803 555 0142.",
    },
    {
      name: "emails",
      label: "E-mail addresses",
      kind: "lines",
      hint: "One to three, one a line. Messages from the contact form go to the inbox set for the server, not here.",
    },
    {
      name: "hours",
      label: "Opening hours",
      kind: "line",
      hint: "As the contact page says them: Monday – Friday, 8:00 – 17:00 (WAT).",
    },
    {
      name: "socials",
      label: "Social links",
      kind: "rows",
      rowLabel: "profile",
      fields: [
        {
          name: "label",
          label: "Network",
          kind: "choice",
          options: socialLabels.map((value) => ({ value, label: value })),
        },
        { name: "href", label: "Profile address", kind: "line", hint: "Starting with https://." },
      ],
    },
    { name: "id", label: "Short name", kind: "key" },
  ],
  pages: ["/", "/contact-us", "/about-us"],
});

export type Agency = z.output<typeof agencySchema>;
/** The icons a counter may show: every icon the schema allows (the site's own, icon-names.ts),
 *  by its name in words ("badge-check": Badge check). */
export const counterIcons = [...iconNames].sort().map((value) => ({
  value,
  label: `${value.charAt(0).toUpperCase()}${value.slice(1).replaceAll("-", " ")}`,
}));

/** The achievement counters: About and the home pages with the achievements section. */
export const counterType = type<AchievementCounter>({
  name: "counter",
  item: achievementItem,
  key: (c) => c.id,
  seed: achievements,
  label: "Achievement counters",
  itemLabel: "counter",
  title: (c) => `${c.end}${c.suffix} ${c.label}`,
  fields: [
    {
      name: "end",
      label: "Number",
      kind: "number",
      hint: "The figure it counts up to: a whole number, with what follows it five characters at most (1200+).",
    },
    {
      name: "suffix",
      label: "After the number",
      kind: "line",
      optional: true,
      hint: "Shown right after it, as the + of 500+ or the K+ of 15K+. Leave it empty for none.",
    },
    { name: "label", label: "What it counts", kind: "line", hint: "Under the number: Happy clients." },
    {
      name: "text",
      label: "Sentence",
      kind: "text",
      hint: "One sentence under that, of 20 characters or more: what the number means.",
    },
    {
      name: "icon",
      label: "Icon",
      kind: "choice",
      options: counterIcons,
      hint: "The picture above the number.",
    },
    { name: "id", label: "Short name", kind: "key", hint: "Lower-case letters, digits and dashes." },
  ],
  pages: ["/about-us", ...homePathsWith("achievements", { light: true })],
});

export type AchievementCounter = z.output<typeof achievementItem>;

/** The portraits a member may show: the media manifest's team pictures ("team-amina-bello"), made
 *  to the portrait frame (4:5) by scripts/build-images.ts. */
export const teamPortraits = portraitsOf("team-");

const choices = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The team: /team, /team-2, /team-3, each member's /team-details/{id}, the home pages' and
 *  /about-us's teaser, the posts' authors (app/lib/team-view.server.ts). */
export const teamType = type<TeamMember>({
  name: "team",
  item: teamMember,
  key: (m) => String(m.id),
  seed: team,
  label: "Team",
  itemLabel: "member",
  title: (m) => (m.hidden ? `${m.name} (left: hidden)` : `${m.name}, ${m.profession}`),
  numbered: true,
  unique: {
    field: "name",
    of: (m) => m.name,
    message:
      "Another member of the team has this name, and posts name their author by it: add what tells them apart (a middle name or an initial).",
  },
  fields: [
    { name: "name", label: "Name", kind: "line", hint: "As the team pages and their posts show it." },
    { name: "profession", label: "Role", kind: "line", hint: "Their title here: Engineering Tech Lead." },
    {
      name: "bio",
      label: "Biography",
      kind: "paragraphs",
      hint: "One paragraph or more, with an empty line between two. The first is also the card's summary and the note under their posts.",
    },
    {
      name: "projectCount",
      label: "Projects led",
      kind: "number",
      hint: "A whole number, 0 or more: their card and page show it.",
    },
    { name: "email", label: "E-mail address", kind: "line", hint: "Their own, shown as a link." },
    {
      name: "phone",
      label: "Phone number",
      kind: "line",
      hint: "As people dial it from abroad: +234 803 555 0101. The call link is made from it.",
    },
    {
      name: "portrait",
      label: "Portrait",
      kind: "choice",
      options: teamPortraits,
      frame: "portrait",
      hint: "Their photo: one of the team's photos, or one uploaded above, shown in the portrait frame (taller than wide).",
    },
    {
      name: "socials",
      label: "Social links",
      kind: "rows",
      rowLabel: "profile",
      hint: "One to four of their own profiles.",
      fields: [
        { name: "label", label: "Network", kind: "choice", options: choices(socialLabels) },
        { name: "href", label: "Profile address", kind: "line", hint: "Starting with https://." },
      ],
    },
    {
      name: "qualifications",
      label: "Qualifications",
      kind: "rows",
      rowLabel: "qualification",
      hint: "The three titles, each once, with a sentence on what it means for them.",
      fields: [
        { name: "title", label: "Title", kind: "choice", options: choices(teamQualifications) },
        { name: "text", label: "What it means for them", kind: "text", hint: "20 characters or more." },
      ],
    },
    {
      name: "skills",
      label: "Skills",
      kind: "rows",
      rowLabel: "skill",
      hint: "The three skills, each once, with a level from 1 to 100 (the bar's length in percent).",
      fields: [
        { name: "label", label: "Skill", kind: "choice", options: choices(teamSkills) },
        { name: "value", label: "Level", kind: "number", hint: "1 to 100." },
      ],
    },
    {
      name: "hidden",
      label: "Left the agency",
      kind: "checkbox",
      hint: "Hidden from the team pages; their posts keep their name.",
    },
  ],
  pages: ["/team", "/team-2", "/team-3", "/about-us", ...homePathsWith("team-teaser", { light: true })],
});

export type TeamMember = z.output<typeof teamMember>;

/** The pictures a service may show: the media manifest's service pictures ("service-seo"). */
export const servicePictures = portraitsOf("service-");

/** The choice of the service whose page covers another's card: none, or a service with a page,
 *  by title and number (the console's: those published now, `serviceType.choices`; the seed's
 *  where the content is not at hand). */
const coverChoices = (list: readonly { id: number; title: string; details?: unknown }[]) => [
  { value: "", label: "None: it has its own page" },
  ...list.filter((s) => s.details).map((s) => ({ value: String(s.id), label: `${s.title} (${s.id})` })),
];

/** The services and their FAQs: the three listings, each service's /services-details/{id} with
 *  its popular services, the home pages' teaser, the footer's links, the sitemap and the search
 *  (app/lib/services-view.server.ts). Numbered as the team: an address never names another. */
export const serviceType = type<ServiceItem>({
  name: "service",
  item: serviceItem,
  key: (s) => String(s.id),
  seed: services,
  label: "Services",
  itemLabel: "service",
  title: (s) =>
    `${s.title}${s.details ? "" : " (covered by another's page)"}${s.popular ? " (popular)" : ""}`,
  numbered: true,
  choices: (published) => ({ coveredBy: coverChoices(published) }),
  fields: [
    { name: "title", label: "Title", kind: "line", hint: "The card's heading and its page's: Web Design." },
    {
      name: "text",
      label: "Summary",
      kind: "text",
      hint: "One or two sentences (20 characters or more) on its card and under its page's title; search engines show it too.",
    },
    {
      name: "group",
      label: "Group",
      kind: "choice",
      options: serviceGroups.map((g) => ({ value: g.id, label: g.title })),
      hint: "Where the service listings show it.",
    },
    {
      name: "icon",
      label: "Icon",
      kind: "choice",
      options: counterIcons,
      hint: "The picture on its card.",
    },
    {
      name: "image",
      label: "Picture",
      kind: "choice",
      options: servicePictures,
      frame: "card",
      hint: "Its card's artwork on /services-2 (4:3, shown whole) and the picture at the top of its page (its middle, 16:9): one of ours, or one uploaded above, cropped to 4:3.",
    },
    {
      name: "popular",
      label: "Popular",
      kind: "checkbox",
      hint: "Shown under \"Popular services\" on every service's page: the first two so marked in this list's order, and only a service with its own page.",
    },
    {
      name: "coveredBy",
      label: "Covered by",
      kind: "choice",
      optional: true,
      options: coverChoices(services),
      hint: "For a service without a page of its own: the service whose page its card links to. Leave it at None and write its page below otherwise.",
    },
    {
      name: "details.intro",
      label: "Its page: introduction",
      kind: "paragraphs",
      optional: true,
      hint: "Two paragraphs or more, with an empty line between two. Empty for a service covered by another's page.",
    },
    {
      name: "details.included",
      label: "Its page: included services",
      kind: "rows",
      rowLabel: "included service",
      hint: "Four to six things every engagement includes, each with a sentence.",
      fields: [
        { name: "title", label: "Title", kind: "line" },
        { name: "text", label: "What it is", kind: "text", hint: "20 characters or more." },
      ],
    },
    {
      name: "details.challenge",
      label: "Its page: the challenge",
      kind: "paragraphs",
      optional: true,
      hint: "One paragraph or more: what is hard about this work and how we handle it.",
    },
    {
      name: "details.faq",
      label: "Its page: questions and answers",
      kind: "rows",
      rowLabel: "question",
      hint: 'Exactly three, each a question ending with "?" and its answer (paragraphs of 20 characters or more).',
      fields: [
        { name: "question", label: "Question", kind: "line", hint: "Ends with a question mark." },
        {
          name: "answer",
          label: "Answer",
          kind: "paragraphs",
          hint: "One paragraph or more, with an empty line between two.",
        },
      ],
    },
  ],
  pages: ["/services", "/services-2", "/services-3", ...homePathsWith("services-teaser", { light: true })],
});

export type ServiceItem = z.output<typeof serviceItem>;

/** The pictures a project may show, of the media manifest: the cards' (4:3, "project-01-thumb")
 *  and the pages' (16:9, "project-01-full"), each named by the seeded project that shows it. */
const projectPictures = (suffix: "thumb" | "full") =>
  Object.keys(manifest)
    .filter((name) => /^project-\d+-/.test(name) && name.endsWith(`-${suffix}`))
    .sort()
    .map((value) => {
      const seeded = projects.find((p) => (suffix === "thumb" ? p.thumb : p.thumbFull) === value);
      const number = value.split("-")[1];
      return { value, label: seeded ? `${number}: ${seeded.title}` : number! };
    });
export const projectThumbs = projectPictures("thumb");
export const projectFullPictures = projectPictures("full");

/** The case studies: the three galleries, each project's /project-details/{id}, the home pages'
 *  teasers, the sitemap and the search (app/lib/projects-view.server.ts). */
export const projectType = type<Project>({
  name: "project",
  item: projectItem,
  key: (p) => String(p.id),
  seed: projects,
  label: "Projects",
  itemLabel: "project",
  title: (p) => `${p.title} (${p.date})`,
  numbered: true,
  dated: (p) => p.date,
  fields: [
    {
      name: "title",
      label: "Title",
      kind: "line",
      hint: "The project's name, as its card and page show it.",
    },
    {
      name: "summary",
      label: "Summary",
      kind: "text",
      hint: "One or two sentences on what was done and what changed: the card's text and the page's introduction.",
    },
    {
      name: "tags",
      label: "Tags",
      kind: "rows",
      rowLabel: "tag",
      values: true,
      hint: "One or two of the five, each once. The first is the card's subtitle.",
      fields: [{ name: "tag", label: "Tag", kind: "choice", options: choices(projectSubtitles) }],
    },
    { name: "client", label: "Client", kind: "line", hint: "Who it was for: HealthLine Clinics." },
    {
      name: "projectType",
      label: "Project type",
      kind: "line",
      hint: "What it was, in a few words: Telemedicine web app.",
    },
    {
      name: "date",
      label: "Date",
      kind: "line",
      hint: "The month it was delivered, as year-month: 2025-03. The lists may be sorted by it.",
    },
    { name: "address", label: "Address", kind: "line", hint: "Where the client is: Wuse II, Abuja." },
    {
      name: "challenge",
      label: "The challenge",
      kind: "paragraphs",
      hint: "What was wrong: one paragraph or more, with an empty line between two.",
    },
    {
      name: "approach",
      label: "Our approach",
      kind: "paragraphs",
      hint: "What we did: one paragraph or more, with an empty line between two.",
    },
    {
      name: "result",
      label: "The result",
      kind: "paragraphs",
      hint: "What changed, in the client's numbers: one paragraph or more.",
    },
    {
      name: "thumb",
      label: "Card picture",
      kind: "choice",
      options: projectThumbs,
      frame: "card",
      hint: "Shown on the galleries and the home pages, 4:3: one of ours, or one uploaded above, cropped to 4:3.",
    },
    {
      name: "thumbFull",
      label: "Page picture",
      kind: "choice",
      options: projectFullPictures,
      frame: "wide",
      hint: "The wide picture at the top of its page, 16:9: one of ours, or one uploaded above, cropped to 16:9.",
    },
  ],
  pages: [
    "/project-2-column",
    "/project-3-column",
    "/project-carousel",
    ...homePathsWith("projects-teaser", { light: true }),
  ],
});

export type Project = z.output<typeof projectItem>;

/**
 * The blog's posts, declared beside the other types but kept apart (decision 019): their own
 * tables with revisions, a schedule, a trash and comments (server/posts/), their own editor
 * (Markdown and uploaded pictures) and their files in Markdown (app/config/post-file.ts) rather
 * than JSON. What goes over every kind of content reads them from here: the console's Content
 * page lists them first, and `npm run content -- export | import` carries them in `posts/`.
 */
export const postType = {
  name: "posts",
  label: "Blog posts",
  itemLabel: "post",
  /** The console's list of posts (its own, not /admin/content/{type}). */
  editor: "/admin/posts",
  /** The folder of their Markdown files in an export (one `{slug}.md` a post). */
  folder: "posts",
  pages: [
    ...blogLists.map((l) => l.path),
    ...blogPostLayouts.map((l) => `${l.path}/{id}`),
    blogFeedPath,
    ...homePathsWith("blog-teaser", { light: true }),
  ],
} as const;

/** Every content type kept as items with typed payloads (the posts: `postType`, above). */
export const contentTypes: readonly ContentType<unknown>[] = [
  faqType,
  testimonialType,
  pricingType,
  counterType,
  agencyType,
  teamType,
  serviceType,
  projectType,
];
