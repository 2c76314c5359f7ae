import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { checkSignOut, consoleHeaders, staffService } from "#app/lib/staff.server.ts";

// Sign out: a console form post (its token checked while a session is open), back to the sign-in page.
export async function action({ request, context }: Route.ActionArgs) {
  await checkSignOut(context, request);
  const cookies = await staffService(context).signOut(
    request.headers.get("Cookie") ?? undefined,
    request.url,
  );
  const headers = new Headers(consoleHeaders());
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return redirect("/admin", { headers });
}

export function loader() {
  return redirect("/admin");
}
