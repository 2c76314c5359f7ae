import { site } from "#app/config/site.ts";
import { cn } from "#app/lib/cn.ts";

const initials: Record<string, string> = {
  Facebook: "f",
  "X (Twitter)": "X",
  LinkedIn: "in",
  Instagram: "ig",
};

/** The agency's social profiles; each opens in a new tab. */
export function SocialLinks({ className, ...props }: React.ComponentProps<"ul">) {
  return (
    <ul className={cn("flex flex-wrap gap-2.5", className)} {...props}>
      {site.socials.map((social) => (
        <li key={social.href}>
          <a
            href={social.href}
            target="_blank"
            rel="noopener noreferrer"
            className="grid size-11 place-items-center rounded-full border border-current/25 text-sm font-bold transition-colors hover:border-primary hover:bg-primary hover:text-on-primary"
          >
            <span aria-hidden="true">{initials[social.label]}</span>
            <span className="sr-only">{social.label} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
