import { useState } from "react";
import { data, useRevalidator } from "react-router";
import type { Route } from "./+types/account";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { Button } from "#app/components/ui/button.tsx";
import { addPasskey } from "#app/components/admin/staff-api.ts";
import { useHydrated } from "#app/hooks/use-motion.ts";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";

// A member's own sign-in: their passkeys (add one on another device) and where they are signed in
// (end a session they do not recognise).

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  return { member: session.member, account: await staffService(context).account(session) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { session, form } = await requireStaffForm(context, request);
  const field = (name: string) => String(form.get(name) ?? "").slice(0, 1000);
  const answer = (message: string, status = 200) => data({ message }, { status, headers: consoleHeaders() });
  if (form.has("passkey")) {
    const outcome = await staffService(context).removePasskey(session, field("passkey"));
    const words = {
      removed: "Passkey removed: it can no longer sign in.",
      last: "That is your only passkey: add another one first, so that you can still sign in.",
      unknown: "That passkey was removed already.",
    } as const;
    return answer(words[outcome], outcome === "last" ? 409 : 200);
  }
  if (!form.has("session")) return answer("Choose a passkey to remove or a session to end.", 400);
  const ended = await staffService(context).endSession(session, field("session"));
  return answer(ended ? "That session has ended: it is signed out." : "That session had ended already.");
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Your account | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

const when = new Intl.DateTimeFormat("en-NG", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Africa/Lagos",
});
const date = (ms: number) => <time dateTime={new Date(ms).toISOString()}>{when.format(ms)}</time>;

export default function Account({ loaderData: { member, account }, actionData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState("");
  const ready = useHydrated(); // a passkey needs the page's script

  async function add() {
    setBusy(true);
    setNote("");
    const result = await addPasskey();
    setBusy(false);
    setNote(result.ok ? "Passkey added: you can sign in with it from now on." : result.message);
    if (result.ok) await revalidator.revalidate();
  }

  return (
    <>
      <h1 className="text-h2">Your account</h1>
      <p className="mt-3 text-ink-muted">
        {member.name}, {member.email}, {member.role === "owner" ? "owner" : "staff"}.
      </p>
      <p role="status" className="mt-4 min-h-6 font-semibold">
        {actionData?.message ?? note}
      </p>

      <section
        aria-labelledby="passkeys-title"
        className="mt-6 rounded-card bg-surface p-6 shadow-card sm:p-8"
      >
        <h2 id="passkeys-title" className="text-h3">
          Your passkeys
        </h2>
        <p className="mt-2 text-ink-muted">
          Add one on each phone or computer you use, so that losing one does not lock you out. Lost a device?
          Remove its passkey here from another one.
        </p>
        <ul className="mt-5 grid gap-3">
          {account.passkeys.map((p) => (
            <li
              key={p.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-line p-4"
            >
              <span className="font-semibold">{p.synced ? "Synced passkey" : "Device passkey"}</span>
              <span className="text-sm text-ink-muted">
                ({p.short}…), added {date(p.createdAt)}
                {p.lastUsedAt !== null && <>, last used {date(p.lastUsedAt)}</>}
              </span>
              {account.passkeys.length > 1 && (
                <ConsoleForm className="ml-auto">
                  <input type="hidden" name="passkey" value={p.id} />
                  <Button type="submit" size="sm" tone="outline">
                    Remove<span className="sr-only"> the passkey {p.short}</span>
                  </Button>
                </ConsoleForm>
              )}
            </li>
          ))}
        </ul>
        <Button type="button" className="mt-5" onClick={add} disabled={busy || !ready}>
          {busy ? "Waiting for your passkey…" : "Add a passkey on this device"}
        </Button>
        <noscript>
          <p className="mt-3 font-semibold">Passkeys need JavaScript: turn it on for this site to add one.</p>
        </noscript>
      </section>

      <section
        aria-labelledby="sessions-title"
        className="mt-6 rounded-card bg-surface p-6 shadow-card sm:p-8"
      >
        <h2 id="sessions-title" className="text-h3">
          Where you are signed in
        </h2>
        <p className="mt-2 text-ink-muted">
          A session ends after 12 hours without use, and 7 days after signing in. End any you do not
          recognise.
        </p>
        <ul className="mt-5 grid gap-3">
          {account.sessions.map((s) => (
            <li
              key={s.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-line p-4"
            >
              <span className="font-semibold">{s.device}</span>
              <span className="text-sm text-ink-muted">
                signed in {date(s.createdAt)}, last active {date(s.lastSeenAt)}
              </span>
              {s.current ? (
                <span className="ml-auto text-sm font-semibold text-primary-ink">This browser</span>
              ) : (
                <ConsoleForm className="ml-auto">
                  <input type="hidden" name="session" value={s.id} />
                  <Button type="submit" size="sm" tone="outline">
                    End<span className="sr-only"> the session on {s.device}</span>
                  </Button>
                </ConsoleForm>
              )}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
