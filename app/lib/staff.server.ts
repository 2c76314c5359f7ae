// What every staff-console loader and action does first: the signed-in member, or no data at all
// (401: the console's boundary shows the sign-in page; 403 for a page only owners may use).
import { data, type RouterContext } from "react-router";
import { staffContext, type StaffPort, type StaffSessionView } from "#app/lib/request-context.ts";

type Context = { get: <T>(ctx: RouterContext<T>) => T };

/** Console pages are one person's: never kept by any cache, never indexed; a request from them
 *  names only the site (strict-origin keeps the Origin header the forms are checked by). */
export const consoleHeaders = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "strict-origin",
});

/** A console form's fields; a body that is no form (hand-made, cut short) reads as an empty one,
 *  which each action answers with its own 400, never a 500. */
export const consoleForm = (request: Request): Promise<FormData> =>
  request.formData().catch(() => new FormData());

export function staffService(context: Context): StaffPort {
  const staff = context.get(staffContext);
  if (!staff) throw data("The staff console is not available on this server.", { status: 503 });
  return staff;
}

export async function requireStaff(
  context: Context,
  request: Request,
  role?: "owner",
): Promise<StaffSessionView> {
  const session = await staffService(context).session(request.headers.get("Cookie") ?? undefined);
  if (!session) throw data({ signIn: true }, { status: 401, headers: consoleHeaders() });
  if (role && session.member.role !== role) throw data(null, { status: 403, headers: consoleHeaders() });
  return session;
}
