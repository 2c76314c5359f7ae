// The counter alone in the achievements section's panel (the section's heading is the pages' own).
import type { PreviewProps } from "#app/components/admin/content-preview.tsx";
import { AchievementCounters } from "#app/components/sections/achievements.tsx";
import type { AchievementCounter } from "./schema.ts";

export default function CounterPreview({ item }: PreviewProps<AchievementCounter>) {
  return <AchievementCounters items={[item]} />;
}
