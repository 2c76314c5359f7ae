import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { consoleHeaders, staffService } from "#app/lib/staff.server.ts";

// Sign out: a form post (React Router refuses one from another site), back to the sign-in page.
export async function action({ request, context }: Route.ActionArgs) {
  const cookies = await staffService(context).signOut(request.headers.get("Cookie") ?? undefined);
  const headers = new Headers(consoleHeaders());
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect("/admin", { headers });
}

export function loader() {
  return redirect("/admin");
}
