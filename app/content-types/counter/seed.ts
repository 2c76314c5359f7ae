import type { AchievementInput } from "./schema.ts";

// The achievement counters of About and the home pages with the achievements section: the seed
// the database starts from (staff edit them in the console; the section's heading is home.ts's).
export const achievements = [
  {
    id: "professionals",
    end: 500,
    suffix: "+",
    label: "Highly skilled professionals",
    text: "Engineers, designers and marketers in our network across Nigeria, ready to join your project.",
    icon: "users",
  },
  {
    id: "projects-delivered",
    end: 20,
    suffix: "+",
    label: "Projects delivered",
    text: "Large platforms we delivered end to end in the last two years, from discovery workshop to launch.",
    icon: "rocket",
  },
  {
    id: "happy-clients",
    end: 15,
    suffix: "+",
    label: "Happy clients",
    text: "Long-term clients who have trusted us with their products for five years or more.",
    icon: "smile",
  },
] satisfies AchievementInput;
