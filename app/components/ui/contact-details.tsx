import { Icon } from "#app/components/ui/icon.tsx";
import { formatAddress, site } from "#app/config/site.ts";
import { cn } from "#app/lib/cn.ts";

/** Address, e-mail and phone from the site config, as a list of links. */
export function ContactDetails({
  tone = "default",
  className,
  ...props
}: React.ComponentProps<"ul"> & { tone?: "default" | "inverse" }) {
  const items = [
    { icon: "map-pin" as const, label: "Address", value: formatAddress(), href: undefined },
    { icon: "mail" as const, label: "E-mail", value: site.email, href: `mailto:${site.email}` },
    { icon: "phone" as const, label: "Phone", value: site.phone.display, href: `tel:${site.phone.tel}` },
  ];
  return (
    <ul className={cn("space-y-4", className)} {...props}>
      {items.map(({ icon, label, value, href }) => (
        <li key={label} className="flex gap-3">
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
              >
                {value}
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
