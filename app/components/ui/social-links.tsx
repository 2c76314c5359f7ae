import { useAgency } from "#app/lib/agency.ts";
import { cn } from "#app/lib/cn.ts";

const initials: Record<string, string> = {
  Facebook: "f",
  "X (Twitter)": "X",
  LinkedIn: "in",
  Instagram: "ig",
};

type SocialLinksProps = React.ComponentProps<"ul"> & {
  /** Profiles to list; the agency's own by default. */
  links?: ReadonlyArray<{ label: string; href: string }>;
  /** Whose profiles they are, for the links' names ("Amina Bello on LinkedIn"). */
  owner?: string;
};

/** Social profiles (the agency's, or a team member's); each opens in a new tab. */
export function SocialLinks({ links, owner, className, ...props }: SocialLinksProps) {
  const agency = useAgency()?.socials ?? [];
  links ??= agency;
  if (links.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-2.5", className)} {...props}>
      {links.map((social) => (
        <li key={social.href}>
          <a
            href={social.href}
            target="_blank"
            rel="noopener noreferrer"
            className="grid size-11 place-items-center rounded-full border border-current/25 text-sm font-bold transition-colors hover:border-primary hover:bg-primary hover:text-on-primary"
          >
            <span aria-hidden="true">{initials[social.label]}</span>
            <span className="sr-only">
              {owner ? `${owner} on ${social.label}` : social.label} (opens in a new tab)
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
