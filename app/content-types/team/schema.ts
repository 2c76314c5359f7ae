// One member of the team (the content type "team", ./type.ts).
import { z } from "zod";
import { mediaName, numericId, phoneNumber, sentence, socialLabels, title } from "#app/content/schemas.ts";

export const teamQualifications = [
  "Database Integration",
  "Digital marketing",
  "Software Development",
] as const;
export const teamSkills = ["Programming Language", "Backend Development", "Product Design"] as const;
/** One member of the team (/team-details/{id}): edited in the console (./type.ts),
 *  seeded from ./seed.ts. Their page's address and their phone's `tel:` link
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
export type TeamMember = z.output<typeof teamMember>;
