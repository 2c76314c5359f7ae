// What every staff-console loader and action does first: the signed-in member, or no data at all
// (401: the console's boundary shows the sign-in page; 403 for a page only owners may use).
import { data, type RouterContext } from "react-router";
import { CONSOLE_FORM_REFUSED, CONSOLE_TOKEN_FIELD } from "#app/lib/console-form.ts";
import { safeEqual } from "#app/lib/digest.server.ts";
import { readForm } from "#app/lib/form-action.server.ts";
import type { StaffSessionView } from "#app/lib/ports/staff-session.ts";
import { staffContext, type StaffPort } from "#app/lib/ports/staff.ts";

type Context = { get: <T>(ctx: RouterContext<T>) => T };

/** Console pages are one person's: never kept by any cache, never indexed; a request from them
 *  names only the site (strict-origin keeps the Origin header the forms are checked by). */
export const consoleHeaders = () => ({
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "strict-origin",
});

/** A console form's fields, read as every form's (app/lib/form-action.server.ts; the server has
 *  already held the body to the console's limit); a body that is no form (hand-made, cut short)
 *  reads as an empty one (refused for its missing token), never a 500. */
async function consoleForm(request: Request): Promise<FormData> {
  const form = await readForm(request, Infinity);
  return form instanceof FormData ? form : new FormData();
}

/** Whether a posted value is the session's form token (compared in constant time). */
function isFormToken(submitted: FormDataEntryValue | null, expected: string): boolean {
  return typeof submitted === "string" && safeEqual(submitted, expected);
}

/** A console action's start: the signed-in member (as requireStaff) and the form they sent,
 *  which must carry their session's token (the hidden field of <ConsoleForm>); without it, or
 *  with another session's, 403 and nothing is done. The fast path's Origin check stays: this is
 *  the second lock, for a post whose Origin and Sec-Fetch-Site a proxy stripped (issue 26). */
export async function requireStaffForm(
  context: Context,
  request: Request,
  role?: "owner",
): Promise<{ session: StaffSessionView; form: FormData }> {
  const session = await requireStaff(context, request, role);
  const form = await consoleForm(request);
  if (!isFormToken(form.get(CONSOLE_TOKEN_FIELD), session.formToken)) throw formRefused();
  return { session, form };
}

/** The 403 of a console post without its session's token (the boundary shows the message). */
const formRefused = () => data({ refused: CONSOLE_FORM_REFUSED }, { status: 403, headers: consoleHeaders() });

/** Sign-out is a console post too; with no session there is nothing to guard (the cookies go). */
export async function checkSignOut(context: Context, request: Request): Promise<void> {
  const session = await staffService(context).session(
    request.headers.get("Cookie") ?? undefined,
    request.url,
  );
  if (!session) return;
  const form = await consoleForm(request);
  if (!isFormToken(form.get(CONSOLE_TOKEN_FIELD), session.formToken)) throw formRefused();
}

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
  const session = await staffService(context).session(
    request.headers.get("Cookie") ?? undefined,
    request.url,
  );
  if (!session) throw data({ signIn: true }, { status: 401, headers: consoleHeaders() });
  if (role && session.member.role !== role) throw data(null, { status: 403, headers: consoleHeaders() });
  return session;
}
