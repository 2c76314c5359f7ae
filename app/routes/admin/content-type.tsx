import { use, useEffect } from "react";
import { data, Link, useSubmit } from "react-router";
import type { Route } from "./+types/content-type";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { ButtonLink, Button } from "#app/components/ui/button.tsx";
import { ConsoleForm, ConsoleTokenContext } from "#app/components/admin/console-form.tsx";
import { CONSOLE_TOKEN_FIELD } from "#app/lib/console-form.ts";
import { postStateLabel } from "#app/components/admin/post-state.ts";
import { PageLinks } from "#app/components/admin/content-preview.tsx";
import { When } from "#app/components/admin/when.tsx";
import { SortableList } from "#app/components/admin/sortable-list.tsx";
import { useHydrated } from "#app/hooks/use-motion.ts";

// One content type's items in the order the site shows them: each opens in its editor, and moves
// one place up or down (a button each: from the keyboard and without JavaScript alike), or, with
// JavaScript, is dragged to its place by its handle (with a pointer, a finger or the keyboard). A
// type whose items have a date (the projects) may also be sorted by it, newest first, at once.

const notFound = () => data(null, { status: 404, headers: consoleHeaders() });

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireStaff(context, request);
  const list = await staffService(context).content.list(params.type);
  if (!list) throw notFound();
  const deleted = new URL(request.url).searchParams.get("deleted");
  return {
    ...list,
    deleted: deleted && deleted.length <= 100 ? deleted : null,
    erased: new URL(request.url).searchParams.has("erased"),
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { session, form } = await requireStaffForm(context, request);
  const intent = form.get("intent");
  const key = String(form.get("key") ?? "");
  const answer = (
    body: { ok: boolean; message: string; moved?: { key: string; intent: "up" | "down" | "place" } },
    status = 200,
  ) => data(body, { status, headers: consoleHeaders() });
  const content = staffService(context).content;
  if (intent === "by-date") {
    if (!(await content.sortByDate(session.member.email, params.type)))
      return answer({ ok: false, message: "This list has no dates to sort by." }, 400);
    return answer({ ok: true, message: "Sorted by date, newest first: the site shows this order." });
  }
  if (intent === "place") {
    // Dragged to a place on the list: 1 is the first.
    const position = Number(form.get("position"));
    if (!Number.isSafeInteger(position) || position < 1)
      return answer({ ok: false, message: "That is not a place on the list." }, 400);
    if (!(await content.move(session.member.email, params.type, key, position))) throw notFound();
    return answer({
      ok: true,
      message: `Moved to place ${position}: the site shows the new order.`,
      moved: { key, intent },
    });
  }
  if (intent !== "up" && intent !== "down") return answer({ ok: false, message: "Choose what to do." }, 400);
  const moved = await content.move(session.member.email, params.type, key, intent);
  if (!moved) throw notFound();
  return answer({
    ok: true,
    message: `Moved ${intent}: the site shows the new order.`,
    moved: { key, intent },
  });
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.type.label ?? "Content"} | Staff console` },
  { name: "robots", content: "noindex, nofollow" },
];

export default function ContentType({ loaderData, actionData }: Route.ComponentProps) {
  const { type, items, deleted, erased } = loaderData;
  const message =
    actionData?.message ||
    (deleted ? `Deleted “${deleted}”.` : erased ? "Deleted, and its history erased." : "");
  // With JavaScript the list is re-ordered in place: the focus stays on the moved item's button
  // (the other one when it reached the end of the list).
  const moved = actionData?.moved;
  const hydrated = useHydrated();
  // A drop posts the item's new place to this page's action, as Up and Down do.
  const submit = useSubmit();
  const token = use(ConsoleTokenContext);
  const place = (key: string, position: number) =>
    void submit(
      { [CONSOLE_TOKEN_FIELD]: token, intent: "place", key, position: String(position) },
      { method: "post" },
    );
  useEffect(() => {
    if (!moved || moved.intent === "place") return;
    const button = (intent: string) =>
      document.getElementById(`move-${moved.key}-${intent}`) as HTMLButtonElement | null;
    const same = button(moved.intent);
    (same && !same.disabled ? same : button(moved.intent === "up" ? "down" : "up"))?.focus();
  }, [moved]);
  return (
    <>
      <Link to="/admin/content" className="font-semibold text-primary-ink underline underline-offset-4">
        All content
      </Link>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-h2">{type.label}</h1>
        {!type.single && (
          <ButtonLink to={`/admin/content/${type.name}/new`} size="sm">
            Add a {type.itemLabel}
          </ButtonLink>
        )}
      </div>
      <p className="mt-3 text-ink-muted">
        {type.single ? "On every page, as on " : "In the order the site shows them, on "}
        <PageLinks pages={type.pages} />.
      </p>
      {type.sortsByDate && items.length > 1 && (
        <ConsoleForm className="mt-4 flex flex-wrap items-center gap-3" aria-label="Order by date">
          <Button type="submit" name="intent" value="by-date" size="sm" tone="outline">
            Sort by date, newest first
          </Button>
          <span className="text-sm text-ink-muted">Or put them in your own order below.</span>
        </ConsoleForm>
      )}
      <p
        role="status"
        className={actionData?.ok === false ? "mt-4 font-semibold text-danger" : "mt-4 font-semibold"}
      >
        {message}
      </p>
      {items.length === 0 ? (
        <p className="mt-6 rounded-card bg-surface p-6 shadow-card">None yet.</p>
      ) : (
        <SortableList
          className="mt-6 grid gap-4"
          aria-label={type.label}
          items={items}
          keyOf={(item) => item.key}
          nameOf={(item) => item.title}
          enabled={hydrated && !type.single && items.length > 1}
          onPlace={place}
          render={(item, i, handle) => (
            <article
              aria-labelledby={`item-${item.key}`}
              className="grid gap-3 rounded-card bg-surface p-5 shadow-card sm:grid-cols-[1fr_auto] sm:items-center sm:p-6"
            >
              <div className="flex items-start gap-3">
                {handle}
                <div className="grid gap-1">
                  <h2 id={`item-${item.key}`} className="font-bold wrap-anywhere">
                    <span className="text-ink-muted">{i + 1}. </span>
                    <Link
                      to={`/admin/content/${type.name}/${item.key}`}
                      className="text-primary-ink underline underline-offset-4"
                    >
                      {item.title}
                    </Link>
                  </h2>
                  <p className="font-semibold">{postStateLabel(item)}</p>
                  <p className="text-sm text-ink-muted">
                    Last saved by {item.updatedBy}, <When ms={item.updatedAt} className="" />
                  </p>
                </div>
              </div>
              {!type.single && (
                <ConsoleForm className="flex gap-2" aria-label={`Move “${item.title}”`}>
                  <input type="hidden" name="key" value={item.key} />
                  <Button
                    type="submit"
                    name="intent"
                    value="up"
                    id={`move-${item.key}-up`}
                    size="sm"
                    tone="outline"
                    disabled={i === 0}
                    aria-label={`Move “${item.title}” up`}
                  >
                    Up
                  </Button>
                  <Button
                    type="submit"
                    name="intent"
                    value="down"
                    id={`move-${item.key}-down`}
                    size="sm"
                    tone="outline"
                    disabled={i === items.length - 1}
                    aria-label={`Move “${item.title}” down`}
                  >
                    Down
                  </Button>
                </ConsoleForm>
              )}
            </article>
          )}
        />
      )}
    </>
  );
}
