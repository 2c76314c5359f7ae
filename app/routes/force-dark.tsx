import { Outlet } from "react-router";
import type { PageHandle } from "#app/root.tsx";

// Layout route of the dark home variants: the same pages, always in the dark theme.
export const handle = { forceDark: true } satisfies PageHandle;

export default function ForceDark() {
  return <Outlet />;
}
