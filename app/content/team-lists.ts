import type { TeamListLayout } from "../config/team.ts";

// The team listings' own text (the members are the console's: app/content-types/team/seed.ts is their seed).
/** The headings of the three team listings (app/config/team.ts), by layout. */
export const teamListCopy = {
  grid: {
    heading: "The people who lead your project",
    intro:
      "Six specialists lead every engagement themselves: strategy, engineering, design, security and marketing under one roof in Kubwa, Abuja.",
  },
  overlay: {
    heading: "Meet the team behind TechSpark",
    intro:
      "The senior team you will work with, supported by a network of more than 500 engineers, designers and marketers across Nigeria.",
  },
  profile: {
    heading: "Who does what at TechSpark",
    intro:
      "What each of us is responsible for, how many projects we have led, and how to reach us directly when you have a question.",
  },
} satisfies Record<TeamListLayout, { heading: string; intro: string }>;
