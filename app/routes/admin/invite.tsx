import { useEffect, useState } from "react";
import type { Route } from "./+types/invite";
import { consoleHeaders } from "#app/lib/staff.server.ts";
import type { PageHandle } from "#app/root.tsx";
import { site } from "#app/config/site.ts";
import { Button } from "#app/components/ui/button.tsx";
import { ConsoleShell } from "#app/components/admin/console-shell.tsx";
import { acceptInvitation, openInvitation, type InvitationInfo } from "#app/components/admin/staff-api.ts";
import { useHydrated } from "#app/hooks/use-motion.ts";

// An invitation's link: /admin/invite#{secret}. The secret is in the fragment, which the browser
// never sends: it stays out of logs, caches and referrers. Opening the page changes nothing; the
// button creates the passkey (the link is then used up) and signs in.

export const handle: PageHandle = { bare: true };

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: `Your invitation | Staff console | ${site.name}` },
  { name: "robots", content: "noindex, nofollow" },
];

export function loader() {
  return null;
}

type State =
  | { step: "reading" }
  | { step: "ready"; token: string; member: InvitationInfo; options: Parameters<typeof acceptInvitation>[1] }
  | { step: "creating"; member: InvitationInfo }
  | { step: "refused"; message: string };

export default function Invite() {
  const [state, setState] = useState<State>({ step: "reading" });
  const [error, setError] = useState("");
  const ready = useHydrated(); // the button is offered only once it can work

  // The link's secret, when the page opens and if another link is pasted into this tab.
  useEffect(() => {
    function read() {
      const token = window.location.hash.slice(1);
      const answer = token
        ? openInvitation(token)
        : Promise.resolve({
            ok: false,
            message: "This page needs the whole link from your invitation.",
          } as const);
      void answer.then((a) =>
        setState(
          a.ok
            ? { step: "ready", token, member: a.data.member, options: a.data.options }
            : { step: "refused", message: a.message },
        ),
      );
    }
    read();
    window.addEventListener("hashchange", read);
    return () => window.removeEventListener("hashchange", read);
  }, []);

  async function create() {
    if (state.step !== "ready") return;
    setError("");
    setState({ step: "creating", member: state.member });
    const result = await acceptInvitation(state.token, state.options);
    if (result.ok) {
      window.location.assign("/admin");
      return;
    }
    setError(result.message);
    // A new ceremony needs new options (each challenge works once).
    const again = await openInvitation(state.token);
    setState(
      again.ok
        ? { step: "ready", token: state.token, member: again.data.member, options: again.data.options }
        : { step: "refused", message: again.message },
    );
  }

  return (
    <ConsoleShell>
      <section
        aria-labelledby="invite-title"
        className="mx-auto max-w-lg rounded-card bg-surface p-8 shadow-card sm:p-10"
      >
        <h1 id="invite-title" className="text-h2">
          Your invitation
        </h1>
        <noscript>
          <p className="mt-6 rounded-lg border border-line p-4 font-semibold">
            Passkeys need JavaScript: please turn it on for this site to accept your invitation.
          </p>
        </noscript>
        {state.step === "reading" && (
          <p className="mt-4 text-ink-muted noscript:hidden" role="status">
            Checking your invitation…
          </p>
        )}
        {state.step === "refused" && (
          <p className="mt-4 font-semibold text-danger" role="alert">
            {state.message}
          </p>
        )}
        {(state.step === "ready" || state.step === "creating") && (
          <>
            <p className="mt-4 text-ink-muted">
              <span className="font-semibold text-ink">{state.member.name}</span> ({state.member.email}), you
              are invited to the staff console as{" "}
              {state.member.role === "owner" ? "an owner" : "a member of staff"}.
            </p>
            <p className="mt-4 text-ink-muted">
              Create a passkey on this device: you will sign in with your fingerprint, face or screen lock,
              and there is no password to remember or to leak. The link works once.
            </p>
            <Button
              type="button"
              className="mt-8 w-full"
              onClick={create}
              disabled={state.step === "creating" || !ready}
              aria-describedby="invite-error"
            >
              {state.step === "creating" ? "Waiting for your passkey…" : "Create my passkey"}
            </Button>
            <p id="invite-error" role="alert" className="mt-4 min-h-6 font-semibold text-danger">
              {error}
            </p>
          </>
        )}
      </section>
    </ConsoleShell>
  );
}
