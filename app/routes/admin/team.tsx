import { useState } from "react";
import { data } from "react-router";
import type { Route } from "./+types/team";
import { consoleHeaders, requireStaff, requireStaffForm, staffService } from "#app/lib/staff.server.ts";
import { INVITE_FIELDS, validateInvite } from "#app/lib/staff-invite-schema.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";
import { ConsoleForm } from "#app/components/admin/console-form.tsx";

// Owners only: who has access, inviting someone (the link is e-mailed to them), and removing
// someone (their sessions end at once). Removal asks for confirmation; all without JavaScript too.

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireStaff(context, request, "owner");
  return { me: session.member.email, members: await staffService(context).members() };
}

type Answer = {
  message?: string;
  ok?: boolean;
  errors?: Record<string, string>;
  values?: Record<string, string>;
  confirmRemove?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const { session, form } = await requireStaffForm(context, request, "owner");
  const staff = staffService(context);
  const field = (name: string) => String(form.get(name) ?? "").slice(0, 300);
  const answer = (body: Answer, status = 200) => data(body, { status, headers: consoleHeaders() });
  switch (field("intent")) {
    case "invite": {
      const values = Object.fromEntries(INVITE_FIELDS.map((f) => [f, field(f)]));
      const result = await staff.invite(session.member, values);
      return result.ok
        ? answer({
            ok: true,
            message: `Invitation e-mailed to ${result.email}. The link works once, for 24 hours.`,
          })
        : answer(
            { ok: false, message: "Please correct the highlighted fields.", errors: result.errors, values },
            400,
          );
    }
    case "remove":
      return answer({ confirmRemove: field("email") });
    case "remove-confirmed": {
      const outcome = await staff.remove(session.member, field("email"));
      const words = {
        removed: `${field("email")} is removed: signed out everywhere, passkeys deleted.`,
        unknown: "Nobody active has that address.",
        self: "You cannot remove yourself: ask another owner.",
      } as const;
      return answer(
        { ok: outcome === "removed", message: words[outcome] },
        outcome === "removed" ? 200 : 400,
      );
    }
    default:
      return answer({ ok: false, message: "Unknown action." }, 400);
  }
}

export const headers: Route.HeadersFunction = () => consoleHeaders();

export const meta: Route.MetaFunction = () => [
  { title: "Team | Staff console" },
  { name: "robots", content: "noindex, nofollow" },
];

const day = new Intl.DateTimeFormat("en-NG", { dateStyle: "medium", timeZone: "Africa/Lagos" });

export default function Team({ loaderData: { me, members }, actionData }: Route.ComponentProps) {
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...actionData?.errors, ...clientErrors };
  const values = actionData?.ok === false ? actionData.values : undefined;

  function check(event: React.FormEvent<HTMLFormElement>) {
    const fields = Object.fromEntries(new FormData(event.currentTarget));
    const result = validateInvite(fields);
    if (result.success) return setClientErrors({});
    event.preventDefault();
    setClientErrors(result.errors as Record<string, string>);
  }

  return (
    <>
      <h1 className="text-h2">Team</h1>
      <p className="mt-3 text-ink-muted">Who can sign in to the console. Only owners see this page.</p>
      <p
        role="status"
        className={
          actionData?.ok === false ? "mt-4 min-h-6 font-semibold text-danger" : "mt-4 min-h-6 font-semibold"
        }
      >
        {actionData?.message}
      </p>

      {actionData?.confirmRemove && (
        <section
          aria-labelledby="confirm-title"
          className="mt-4 rounded-card border-2 border-danger bg-surface p-6"
        >
          <h2 id="confirm-title" className="text-h3">
            Remove {actionData.confirmRemove}?
          </h2>
          <p className="mt-2 text-ink-muted">
            They are signed out everywhere at once and their passkeys are deleted. You can invite them again
            later.
          </p>
          <ConsoleForm className="mt-4 flex flex-wrap gap-3">
            <input type="hidden" name="email" value={actionData.confirmRemove} />
            <Button type="submit" name="intent" value="remove-confirmed">
              Remove for good
            </Button>
            <a href="/admin/team" className="inline-flex min-h-12 items-center px-4 font-semibold underline">
              Keep them
            </a>
          </ConsoleForm>
        </section>
      )}

      <section
        aria-labelledby="members-title"
        className="mt-6 rounded-card bg-surface p-6 shadow-card sm:p-8"
      >
        <h2 id="members-title" className="text-h3">
          Members
        </h2>
        <ul className="mt-5 grid gap-3">
          {members.map((m) => (
            <li
              key={m.email}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-lg border border-line p-4"
            >
              <span className="font-semibold">{m.name}</span>
              <span className="text-sm text-ink-muted">{m.email}</span>
              <span className="text-sm">
                {m.removed
                  ? "Removed"
                  : `${m.role === "owner" ? "Owner" : "Staff"}, ${m.passkeys === 0 ? "no passkey yet" : `${m.passkeys} passkey${m.passkeys === 1 ? "" : "s"}`}`}
                {m.lastSignIn !== null && `, last sign-in ${day.format(m.lastSignIn)}`}
              </span>
              {!m.removed && m.email !== me && (
                <ConsoleForm className="ml-auto">
                  <input type="hidden" name="email" value={m.email} />
                  <Button type="submit" name="intent" value="remove" size="sm" tone="outline">
                    Remove<span className="sr-only"> {m.name}</span>
                  </Button>
                </ConsoleForm>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="invite-title" className="mt-6 rounded-card bg-surface p-6 shadow-card sm:p-8">
        <h2 id="invite-title" className="text-h3">
          Invite someone
        </h2>
        <p className="mt-2 text-ink-muted">
          They receive an e-mail with a link that works once, for 24 hours, to create their passkey. Inviting
          someone again (a lost phone) sends a new link and keeps their other passkeys.
        </p>
        <ConsoleForm noValidate onSubmit={check} className="mt-5 grid gap-x-6 sm:grid-cols-2">
          <FormField
            name="name"
            label="Name"
            autoComplete="off"
            maxLength={100}
            defaultValue={values?.name}
            error={errors.name}
            required
          />
          <FormField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="off"
            maxLength={254}
            defaultValue={values?.email}
            error={errors.email}
            required
          />
          <fieldset className="sm:col-span-2">
            <legend className="mb-2 text-sm font-semibold">Role</legend>
            <div className="flex flex-wrap gap-6">
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="role"
                  value="staff"
                  defaultChecked={values?.role !== "owner"}
                  className="size-5 accent-primary"
                />
                Staff: enquiries, comments, subscribers, newsletter
              </label>
              <label className="flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="role"
                  value="owner"
                  defaultChecked={values?.role === "owner"}
                  className="size-5 accent-primary"
                />
                Owner: also the team and the audit log
              </label>
            </div>
            <p className="mt-1.5 min-h-5 text-sm font-medium text-danger">{errors.role}</p>
          </fieldset>
          <Button type="submit" name="intent" value="invite" className="mt-2 sm:w-fit">
            Send the invitation
          </Button>
        </ConsoleForm>
      </section>
    </>
  );
}
