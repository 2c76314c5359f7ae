// One service of the catalogue (the content type "service", ./type.ts), and the groups the
// listings show them in.
import { z } from "zod";
import { iconName, mediaName, numericId, sentence, title } from "#app/content/schemas.ts";

/** How the service listings group the catalogue (./seed.ts). */
export const serviceGroupIds = ["development", "business", "branding", "marketing"] as const;

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
 * One service of the catalogue (the content type "service", ./type.ts). Its
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

export const serviceGroupSchema = z
  .array(z.object({ id: z.enum(serviceGroupIds), title, text: sentence }))
  .length(serviceGroupIds.length);
export type ServiceGroupInput = z.input<typeof serviceGroupSchema>;
export type ServiceItem = z.output<typeof serviceItem>;
