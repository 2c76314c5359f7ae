import type { AchievementCounter } from "#app/content-types/counter/schema.ts";
import type { Agency } from "#app/content-types/agency/schema.ts";
import type { Faq } from "#app/content-types/faq/schema.ts";
import type { PricingPlan } from "#app/content-types/pricing-plan/schema.ts";
import type { ServiceItem } from "#app/content-types/service/schema.ts";
import type { Project } from "#app/content-types/project/schema.ts";
import type { TeamMember } from "#app/content-types/team/schema.ts";
import type { Testimonial } from "#app/content-types/testimonial/schema.ts";
import { memberPath } from "#app/config/team.ts";
import { servicePath } from "#app/config/catalogue.ts";
import { projectPath } from "#app/config/catalogue.ts";
import { caseStudyParts } from "#app/lib/case-study.ts";
import type { ContentTypeView } from "#app/lib/ports/content-console.ts";
import type { PictureData } from "#app/lib/media.ts";
import { AchievementCounters } from "#app/components/sections/achievements.tsx";
import { FaqList } from "#app/components/sections/faq-list.tsx";
import { PricingPlans } from "#app/components/sections/pricing-plans.tsx";
import { TestimonialCard } from "#app/components/sections/testimonial-card.tsx";
import { TeamCard } from "#app/components/sections/team-card.tsx";
import { TeamProfile } from "#app/components/sections/team-profile.tsx";
import { ContactDetails } from "#app/components/ui/contact-details.tsx";
import { SocialLinks } from "#app/components/ui/social-links.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { ServiceCard } from "#app/components/services/service-card.tsx";
import { ServicePageBody } from "#app/components/services/service-page-body.tsx";
import { PictureView } from "#app/components/ui/picture-view.tsx";
import { ProjectCard } from "#app/components/projects/project-card.tsx";
import { CaseStudy } from "#app/components/projects/case-study.tsx";

// An item as the site shows it, in the editor (the same components as the public pages). A type
// without a preview of its own shows its fields as a list.

export function ContentPreview({
  type,
  item,
  pictures = {},
}: {
  type: ContentTypeView;
  item: unknown;
  /** The uploaded pictures the item names, drawn by the server (the manifest's are drawn here). */
  pictures?: Readonly<Record<string, PictureData>>;
}) {
  if (type.name === "faq") return <FaqList items={[item as Faq]} />;
  if (type.name === "testimonial") return <TestimonialPreview testimonial={item as Testimonial} />;
  if (type.name === "pricing-plan") return <PricingPlans plans={[item as PricingPlan]} />;
  if (type.name === "agency") return <AgencyPreview details={item as Agency} />;
  // The counter alone in the section's panel (the section's heading is the pages' own).
  if (type.name === "counter") return <AchievementCounters items={[item as AchievementCounter]} />;
  if (type.name === "team") return <MemberPreview member={item as TeamMember} pictures={pictures} />;
  if (type.name === "service") return <ServicePreview type={type} service={item as ServiceItem} />;
  if (type.name === "project") return <ProjectPreview project={item as Project} pictures={pictures} />;
  return (
    <dl className="grid gap-3">
      {type.fields.map((f) => (
        <div key={f.name}>
          <dt className="text-sm font-semibold">{f.label}</dt>
          <dd className="wrap-anywhere whitespace-pre-wrap">{JSON.stringify(pick(item, f.name), null, 1)}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A testimonial portrait's picture from its name alone: the editor's item holds the name, and the
 * media manifest stays on the server. Every testimonial portrait is a 320 px square whose JPEG is
 * /img/{name}-320.jpg (content-preview.test.ts checks the manifest says so); the page itself gets
 * the full picture (its AVIF and WebP) from its loader.
 */
export const previewPortrait = (name: string): PictureData => ({
  src: `/img/${name}-320.jpg`,
  width: 320,
  height: 320,
  sources: [],
});

/** The quote as the home pages show it, and the consent note only the console shows. */
function TestimonialPreview({ testimonial }: { testimonial: Testimonial }) {
  const { consent } = testimonial;
  return (
    <div className="grid gap-4">
      <TestimonialCard testimonial={{ ...testimonial, portrait: previewPortrait(testimonial.portrait) }} />
      <p className="text-sm">
        <span className="font-semibold">Consent: </span>
        {consent ? `${consent.by}, on ${consent.date}.` : "none noted."}
      </p>
    </div>
  );
}

/** A team portrait's picture from its name alone (as previewPortrait): every team portrait is
 *  made to the portrait frame, 4:5, its JPEG /img/{name}-640.jpg (content-preview.test.ts checks
 *  the manifest says so). */
export const previewTeamPortrait = (name: string): PictureData => ({
  src: `/img/${name}-640.jpg`,
  width: 640,
  height: 800,
  sources: [],
});

/** The member as /team's card and their own page show them (the same components); one who left
 *  is said to be hidden, as the site shows them nowhere. `pictures`: an uploaded portrait's. */
function MemberPreview({
  member: m,
  pictures,
}: {
  member: TeamMember;
  pictures: Readonly<Record<string, PictureData>>;
}) {
  const card = {
    id: m.id,
    name: m.name,
    profession: m.profession,
    email: m.email,
    phone: { display: m.phone, tel: m.phone.replace(/[^\d+]/g, "") },
    portrait: pictures[m.portrait] ?? previewTeamPortrait(m.portrait),
    href: memberPath(m.id),
    socials: m.socials,
    summary: m.bio[0] ?? "",
    projectCount: m.projectCount,
  };
  return (
    <div className="grid gap-6">
      {m.hidden && (
        <p className="rounded-2xl border border-line p-4 text-sm font-medium">
          Left the agency: the site shows this member nowhere; their posts keep their name.
        </p>
      )}
      <div className="max-w-xs">
        <TeamCard member={card} layout="grid" />
      </div>
      <TeamProfile
        member={{ ...card, bio: m.bio, qualifications: m.qualifications, skills: m.skills }}
        contactHref="/contact-us"
      />
    </div>
  );
}

/** A service picture from its name alone (as previewPortrait): every service picture is 4:3, its
 *  JPEG /img/{name}-640.jpg (content-preview.test.ts checks the manifest says so). */
export const previewServicePicture = (name: string): PictureData => ({
  src: `/img/${name}-640.jpg`,
  width: 640,
  height: 480,
  sources: [],
});

/** The service as /services-2's card and its own page show it (the same components): its
 *  introduction, included services, challenge and questions; or the page that covers it. */
function ServicePreview({ type, service: s }: { type: ContentTypeView; service: ServiceItem }) {
  // The covering service's title, from the editor's own choice (its label: "Branding (8)").
  const covering = type.fields.find((f) => f.name === "coveredBy");
  const coverTitle =
    covering?.kind === "choice"
      ? covering.options.find((o) => o.value === String(s.coveredBy))?.label.replace(/ \(\d+\)$/, "")
      : undefined;
  const card = {
    id: s.id,
    title: s.title,
    text: s.text,
    icon: s.icon,
    href: servicePath(s.details ? s.id : (s.coveredBy ?? s.id)),
    ...(s.details ? {} : { coveredBy: coverTitle ?? `service ${s.coveredBy}` }),
    image: previewServicePicture(s.image),
  };
  return (
    <div className="grid gap-6">
      {s.popular && (
        <p className="rounded-2xl border border-line p-4 text-sm font-medium">
          Popular: shown under &ldquo;Popular services&rdquo; on every service&rsquo;s page, if it is one of
          the first two marked.
        </p>
      )}
      <ul className="max-w-sm">
        <ServiceCard service={card} look="pictures" number={1} heading="h3" />
      </ul>
      {s.details ? (
        <div>
          <ServicePageBody service={s.details} />
        </div>
      ) : (
        <p className="rounded-2xl border border-line p-4 text-sm font-medium">
          No page of its own: its card leads to the page of {card.coveredBy}.
        </p>
      )}
    </div>
  );
}

/** A project's pictures from their names alone (as previewPortrait): every card picture is 4:3,
 *  every page picture 16:9, their JPEG /img/{name}-640.jpg (content-preview.test.ts checks the
 *  manifest says so). */
export const previewProjectPicture = (name: string, frame: "thumb" | "full"): PictureData => ({
  src: `/img/${name}-640.jpg`,
  width: frame === "thumb" ? 960 : 1600,
  height: frame === "thumb" ? 720 : 900,
  sources: [],
});

/** The project as the galleries' card and its own page show it (the same components). */
function ProjectPreview({
  project: p,
  pictures,
}: {
  project: Project;
  pictures: Readonly<Record<string, PictureData>>;
}) {
  return (
    <div className="grid gap-8">
      <div className="max-w-sm">
        <ProjectCard
          project={{
            id: p.id,
            title: p.title,
            tags: p.tags,
            summary: p.summary,
            thumb: pictures[p.thumb] ?? previewProjectPicture(p.thumb, "thumb"),
            href: projectPath(p.id),
          }}
          sizes="24rem"
        />
      </div>
      <div className="grid gap-6">
        <h3 className="text-h2">{p.title}</h3>
        <p className="text-lg">{p.summary}</p>
        <PictureView
          picture={pictures[p.thumbFull] ?? previewProjectPicture(p.thumbFull, "full")}
          alt=""
          sizes="48rem"
          imgClassName="aspect-[16/9] w-full rounded-[1.75rem] object-cover"
        />
        <CaseStudy project={{ ...caseStudyParts(p), tags: p.tags }} className="grid gap-10" />
      </div>
    </div>
  );
}

/** The details as the contact page's panel shows them: address, e-mails, phones, hours, profiles. */
function AgencyPreview({ details }: { details: Agency }) {
  return (
    <div className="rounded-card bg-brand-900 p-6 text-white">
      <ContactDetails tone="inverse" details={details} />
      <p className="mt-6 flex gap-3 text-sm text-white/85">
        <Icon name="clock" className="size-5 shrink-0" />
        {details.hours}
      </p>
      {details.socials.length > 0 && <SocialLinks links={details.socials} className="mt-6" />}
    </div>
  );
}

const pick = (item: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (v, p) => (typeof v === "object" && v !== null ? (v as Record<string, unknown>)[p] : undefined),
      item,
    );

/** The site's pages that show a type, as links: "/faq, /pricing, /". */
export function PageLinks({ pages }: { pages: readonly string[] }) {
  return pages.map((p, i) => (
    <span key={p}>
      {i > 0 && ", "}
      <a href={p} className="underline underline-offset-4">
        {p}
      </a>
    </span>
  ));
}
