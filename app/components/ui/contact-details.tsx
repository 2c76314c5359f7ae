import { Icon } from "#app/components/ui/icon.tsx";
import { formatAddress, telHref, useAgency, type Agency } from "#app/lib/agency.ts";
import { cn } from "#app/lib/cn.ts";

/** The agency's address, e-mail addresses and phone numbers (its details in the console), as a
 *  list of links; the address opens on a map when the details have a map link. */
export function ContactDetails({
  tone = "default",
  details,
  className,
  ...props
}: React.ComponentProps<"ul"> & {
  tone?: "default" | "inverse";
  /** Other details than the site's (the console's preview of a change). */
  details?: Agency;
}) {
  const published = useAgency();
  const agency = details ?? published;
  if (!agency) return null;
  const items = [
    {
      icon: "map-pin" as const,
      label: "Address",
      value: formatAddress(agency),
      href: agency.mapLink,
      map: true,
    },
    ...agency.emails.map((email) => ({
      icon: "mail" as const,
      label: "E-mail",
      value: email,
      href: `mailto:${email}`,
      map: false,
    })),
    ...agency.phones.map((phone) => ({
      icon: "phone" as const,
      label: "Phone",
      value: phone,
      href: telHref(phone),
      map: false,
    })),
  ];
  return (
    <ul className={cn("space-y-4", className)} {...props}>
      {items.map(({ icon, label, value, href, map }) => (
        <li key={`${label} ${value}`} className="flex gap-3">
          <span
            className={cn(
              "grid size-10 shrink-0 place-items-center rounded-full",
              tone === "inverse" ? "bg-white/10 text-white" : "bg-primary/12 text-primary-ink",
            )}
          >
            <Icon name={icon} />
          </span>
          <span className="text-sm">
            <span className="block font-semibold">{label}</span>
            {href ? (
              <a
                href={href}
                className="break-words underline-offset-4 opacity-85 hover:underline hover:opacity-100"
                {...(map && { target: "_blank", rel: "noopener noreferrer" })}
              >
                {value}
                {map && <span className="sr-only"> (a map, in a new tab)</span>}
              </a>
            ) : (
              <span className="opacity-85">{value}</span>
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
