import { Icon } from "#app/components/ui/icon.tsx";
import { ButtonLink } from "#app/components/ui/button.tsx";
import { Counter } from "#app/components/ui/counter.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { SkillBar } from "#app/components/ui/skill-bar.tsx";
import { SocialLinks } from "#app/components/ui/social-links.tsx";
import { cn } from "#app/lib/cn.ts";
import type { TeamCardData } from "#app/content-types/team/view.server.ts";

type TeamProfileProps = React.ComponentProps<"section"> & {
  member: TeamCardData & {
    bio: string[];
    qualifications: Array<{ title: string; text: string }>;
    skills: Array<{ label: string; value: number }>;
  };
  contactHref: string;
};

/** A member's page: portrait and ways to reach them beside their bio, qualifications and skills. */
export function TeamProfile({ member: m, contactHref, className, ...props }: TeamProfileProps) {
  const firstName = m.name.split(" ")[0];
  return (
    <section className={cn("section-y", className)} {...props}>
      <div className="container-page grid gap-14 lg:grid-cols-[minmax(0,0.85fr)_minmax(0,1.15fr)] lg:gap-20">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <div className="relative">
            <PictureView
              picture={m.portrait}
              alt={`Portrait of ${m.name}`}
              priority
              sizes="(min-width: 1024px) 480px, 90vw"
              className="block overflow-hidden rounded-[1.75rem] shadow-card"
              imgClassName="aspect-[4/5] w-full object-cover"
            />
            <p className="absolute -bottom-6 left-5 rounded-2xl bg-primary px-5 py-4 text-on-primary shadow-card">
              <Counter
                end={m.projectCount}
                suffix="+"
                duration={2000}
                className="block text-4xl leading-none font-extrabold"
              />
              <span className="mt-1 block text-sm font-semibold text-white/85">projects led</span>
            </p>
          </div>
          <div className="mt-14 rounded-card border border-line bg-surface p-6 shadow-card sm:p-8">
            <h2 className="text-h3">Contact {firstName}</h2>
            <ul className="mt-5 space-y-4">
              {[
                { icon: "mail" as const, label: "E-mail", value: m.email, href: `mailto:${m.email}` },
                {
                  icon: "phone" as const,
                  label: "Phone",
                  value: m.phone.display,
                  href: `tel:${m.phone.tel}`,
                },
              ].map((c) => (
                <li key={c.label} className="flex items-center gap-3">
                  <span className="grid size-10 shrink-0 place-items-center rounded-full bg-primary/12 text-primary-ink">
                    <Icon name={c.icon} />
                  </span>
                  <span className="text-sm">
                    <span className="block font-semibold">{c.label}</span>
                    <a href={c.href} className="break-all text-ink-muted underline-offset-4 hover:underline">
                      {c.value}
                    </a>
                  </span>
                </li>
              ))}
            </ul>
            <div className="mt-7 flex flex-wrap items-center gap-4">
              <ButtonLink to={contactHref} arrow>
                Contact Me
              </ButtonLink>
              <SocialLinks links={m.socials} owner={m.name} />
            </div>
          </div>
        </div>

        <div className="min-w-0">
          <p className="mb-3 text-sm font-bold tracking-[0.18em] text-primary-ink uppercase">
            {m.profession}
          </p>
          <h2 className="text-h2">About {firstName}</h2>
          <div className="mt-6 space-y-4 text-lg text-ink-muted">
            {m.bio.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>

          <h2 className="mt-14 text-h3">Qualifications</h2>
          <ul className="mt-6 space-y-5">
            {m.qualifications.map((q) => (
              <li key={q.title} className="flex gap-4">
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent text-on-accent">
                  <Icon name="check" className="size-5" />
                </span>
                <span>
                  <span className="block font-bold">{q.title}</span>
                  <span className="mt-1 block text-ink-muted">{q.text}</span>
                </span>
              </li>
            ))}
          </ul>

          <h2 className="mt-14 text-h3">Skills</h2>
          <div className="mt-6 space-y-7 rounded-card border border-line bg-surface p-6 shadow-card sm:p-8">
            {m.skills.map((s) => (
              <SkillBar key={s.label} label={s.label} value={s.value} />
            ))}
          </div>
        </div>
      </div>
    </section>
  );
}
