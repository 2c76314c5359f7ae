// The team's content as the pages show it, assembled on the server: pictures resolved from the
// media manifest and only the fields each page shows, so the browser gets no more than it needs.
import { memberPath } from "#app/config/team.ts";
import { absoluteUrl, site } from "#app/config/site.ts";
import { mediaUrl, pictureData } from "#app/lib/media.server.ts";
import type { PictureData } from "./media.ts";
import { team } from "#app/content/team.ts";

export type Member = (typeof team)[number];

export function findMember(id: number | undefined): Member | undefined {
  return team.find((m) => m.id === id);
}

/** What a team card shows of a member. */
export type TeamCardData = {
  id: number;
  name: string;
  profession: string;
  email: string;
  phone: { display: string; tel: string };
  portrait: PictureData;
  /** The member's page. */
  href: string;
  socials: Array<{ label: string; href: string }>;
  /** The first sentences of the bio (the profile layout shows them). */
  summary: string;
  projectCount: number;
};

/** A member's card in a listing or a teaser. */
export function teamCard(m: Member): TeamCardData {
  return {
    id: m.id,
    name: m.name,
    profession: m.profession,
    email: m.email,
    phone: m.phone,
    portrait: pictureData(m.portrait),
    href: memberPath(m.id),
    socials: m.socials,
    summary: m.bio[0]!,
    projectCount: m.projectCount,
  };
}

/** Everything the member's page shows. */
export function memberProfile(m: Member) {
  return { ...teamCard(m), bio: m.bio, qualifications: m.qualifications, skills: m.skills };
}

/** schema.org Person data for the member's page. */
export function personJsonLd(m: Member) {
  return {
    "@context": "https://schema.org",
    "@type": "Person",
    "@id": `${absoluteUrl(memberPath(m.id))}#person`,
    name: m.name,
    jobTitle: m.profession,
    description: m.bio[0],
    url: absoluteUrl(memberPath(m.id)),
    image: absoluteUrl(mediaUrl(m.portrait, 640, "webp")),
    email: `mailto:${m.email}`,
    telephone: m.phone.tel,
    sameAs: m.socials.map((s) => s.href),
    knowsAbout: m.qualifications.map((q) => q.title),
    worksFor: { "@type": "Organization", name: site.name, url: site.url },
  };
}
