// The services and their FAQs: the three listings, each service's /services-details/{id} with
// its popular services, the home pages' teaser, the footer's links, the sitemap and the search
// (./view.server.ts). Numbered as the team: an address never names another.
import { homePathsWith } from "#app/config/home-layouts.ts";
import { contentType, iconChoices, portraitsOf } from "../define.ts";
import { serviceItem, type ServiceItem } from "./schema.ts";
import { serviceGroups, services } from "./seed.ts";

/** The pictures a service may show: the media manifest's service pictures ("service-seo"). */
export const servicePictures = portraitsOf("service-");

/** The choice of the service whose page covers another's card: none, or a service with a page,
 *  by title and number (the console's: those published now, `serviceType.choices`; the seed's
 *  where the content is not at hand). */
const coverChoices = (list: readonly { id: number; title: string; details?: unknown }[]) => [
  { value: "", label: "None: it has its own page" },
  ...list.filter((s) => s.details).map((s) => ({ value: String(s.id), label: `${s.title} (${s.id})` })),
];

export const serviceType = contentType<ServiceItem>({
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
      options: iconChoices,
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
  shown: { field: "title" },
});
