import type { EnquiryDelivery, EnquirySummary } from "#app/lib/ports/enquiries.ts";
import { cn } from "#app/lib/cn.ts";

/** Where the message's e-mail to the agency is, in words; `alert`: it needs someone to look. */
export const DELIVERY: Record<EnquiryDelivery, { label: string; alert?: true }> = {
  queued: { label: "E-mail queued" },
  sending: { label: "E-mail sending" },
  sent: { label: "E-mail sent" },
  retrying: { label: "E-mail retrying", alert: true },
  failed: { label: "E-mail failed", alert: true },
  "waiting-for-transport": { label: "E-mail waiting for the mail server" },
  spam: { label: "Spam: not e-mailed", alert: true },
};

const tones = {
  new: "bg-primary/10 text-primary-ink",
  plain: "border border-line text-ink-muted",
  alert: "border border-danger text-danger",
};

/** An enquiry's state at a glance: new or handled (by whom), and its delivery. */
export function EnquiryBadges({
  enquiry,
  className,
}: {
  enquiry: Pick<EnquirySummary, "delivery" | "handledBy">;
  className?: string;
}) {
  const { delivery, handledBy } = enquiry;
  const badges: { label: string; tone: keyof typeof tones }[] = [];
  if (handledBy) badges.push({ label: `Handled by ${handledBy}`, tone: "plain" });
  else if (delivery !== "spam") badges.push({ label: "New", tone: "new" });
  badges.push({ label: DELIVERY[delivery].label, tone: DELIVERY[delivery].alert ? "alert" : "plain" });
  return (
    <ul aria-label="State" className={cn("flex flex-wrap gap-2", className)}>
      {badges.map(({ label, tone }) => (
        <li
          key={label}
          className={cn("rounded-full px-3 py-0.5 text-sm font-semibold break-words", tones[tone])}
        >
          {label}
        </li>
      ))}
    </ul>
  );
}
