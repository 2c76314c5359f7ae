// What the pages read of the type: its published items as they are (the pages show every field).
import type { RouterContextProvider } from "react-router";
import { contentOf } from "#app/lib/content.server.ts";
import type { AchievementCounter } from "./schema.ts";
import { counterType } from "./type.ts";

/** The achievement counters published now, in their order: About and the home pages with the achievements section. */
export function countersOf(context: Readonly<RouterContextProvider>): readonly AchievementCounter[] {
  return contentOf(context, counterType);
}
