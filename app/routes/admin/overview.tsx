import type { Route } from "./+types/overview";
import { requireStaff, staffService } from "#app/lib/staff.server.ts";
import type { StaffOverview } from "#app/lib/ports/staff.ts";
import { backupsContext } from "#app/lib/ports/backups.ts";
import { backupLine } from "#app/lib/backup-status.ts";
import { cn } from "#app/lib/cn.ts";

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireStaff(context, request);
  const backups = context.get(backupsContext);
  return {
    name: session.member.name,
    overview: await staffService(context).overview(),
    backup: backupLine(backups ? await backups.status() : { state: "off" }, Date.now()),
  };
}

const CARDS: { key: keyof StaffOverview; label: string; hint: string; href?: string }[] = [
  {
    key: "enquiriesThisWeek",
    label: "Enquiries this week",
    hint: "Messages from the contact forms in the last 7 days.",
    href: "/admin/enquiries",
  },
  {
    key: "deliveriesFailing",
    label: "E-mails failing",
    hint: "Deliveries being retried or given up: check the mail server.",
  },
  {
    key: "commentsPending",
    label: "Comments waiting",
    hint: "Blog comments waiting for approval.",
    href: "/admin/comments",
  },
  {
    key: "signUpsThisMonth",
    label: "Newsletter sign-ups this month",
    hint: "Confirmed subscribers since the 1st.",
    href: "/admin/subscribers",
  },
];

export default function Overview({ loaderData: { name, overview, backup } }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-h2">Welcome, {name}</h1>
      <p className="mt-3 text-ink-muted">What needs attention now.</p>
      {/* The backups (docs/deploy.md "Backups"): a warning when they need the operator. */}
      <p
        data-testid="backup-status"
        className={cn(
          "mt-4 inline-block rounded-card px-4 py-2",
          backup.warning ? "border-l-4 border-danger bg-surface font-semibold text-danger" : "text-ink-muted",
        )}
      >
        {backup.text}
      </p>
      <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {CARDS.map((card) => (
          <li key={card.key} className="rounded-card bg-surface p-6 shadow-card">
            <p className="font-semibold text-ink-muted" id={`card-${card.key}`}>
              {card.label}
            </p>
            <p className="mt-2 text-h1 font-bold" aria-describedby={`card-${card.key}`}>
              {overview[card.key]}
            </p>
            <p className="mt-2 text-sm text-ink-muted">{card.hint}</p>
            {card.href && (
              <a
                href={card.href}
                className="mt-3 inline-block font-semibold text-primary-ink underline underline-offset-4"
              >
                Review<span className="sr-only"> the {card.label.toLowerCase()}</span>
              </a>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
