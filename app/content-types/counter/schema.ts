// One achievement counter (the content type "counter", ./type.ts), and the seed's three.
import { z } from "zod";
import { counter, iconName, id, sentence } from "#app/content/schemas.ts";

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
export type AchievementCounter = z.output<typeof achievementItem>;
