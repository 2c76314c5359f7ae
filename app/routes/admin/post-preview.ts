import { data } from "react-router";
import type { Route } from "./+types/post-preview";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { postPreview, type LivePreviewReply } from "#app/lib/post-preview.server.ts";
import { POST_FORM_FIELDS } from "#app/lib/ports/posts-console.ts";
import { parseId } from "#app/lib/format.ts";

// The editor's live preview (app/components/admin/live-preview.tsx): the form's fields as they
// are now, checked by a save's rules and rendered as the post page would render them. Nothing is
// kept. A console post like every other (the session's form token), so that no page elsewhere can
// make a member's browser render anything here. `?id=`: the post's number (its preview's links).

/** Nothing to read here: a member gets 405 (the editor posts), anyone else the console's 401. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(context, request);
  throw data(null, { status: 405, headers: { ...consoleHeaders(), Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { form } = await requireStaffForm(context, request);
  const id = parseId(new URL(request.url).searchParams.get("id") ?? undefined) ?? null;
  const draft = await staffService(context).posts.draft(form, id);
  // A draft that breaks a rule is answered 400, as a save of it would be: the editor shows why.
  const reply = (body: LivePreviewReply) =>
    data(body, { status: body.ok ? 200 : 400, headers: consoleHeaders() });
  if (!draft.ok)
    return reply({ ok: false, problems: POST_FORM_FIELDS.flatMap((f) => draft.errors[f] ?? []) });
  const preview = postPreview(draft.fields, draft.pictures);
  return reply(
    preview
      ? { ok: true, preview }
      : { ok: false, problems: ["the body or a picture cannot be shown as it is; save to see why."] },
  );
}
