// One case study (the content type "project", ./type.ts).
import { z } from "zod";
import { mediaName, numericId, sentence, title } from "#app/content/schemas.ts";

/** The five tags a case study may carry (the spec's subtitles). */
export const projectSubtitles = ["Marketing", "Digital", "Promotion", "Development", "Research"] as const;
/** One case study (/project-details/{id}): edited in the console (./type.ts),
 *  seeded from ./seed.ts. Its page's address is derived from its
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
export type Project = z.output<typeof projectItem>;
