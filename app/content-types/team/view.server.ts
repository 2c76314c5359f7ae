// The team's content as the pages show it, assembled on the server: the published members (edited
// in the console: the content type "team", ./type.ts), pictures resolved from
// the media manifest and only the fields each page shows, so the browser gets no more than it
// needs. A member who left (`hidden`) is on no team page, list, teaser, sitemap or search; the
// posts they wrote keep their name (app/lib/blog.server.ts reads every published member).
import type { RouterContextProvider } from "react-router";
import { teamType } from "./type.ts";
import type { TeamMember } from "./schema.ts";
import { memberPath } from "#app/config/team.ts";
import { absoluteUrl, site } from "#app/config/site.ts";
import { contentOf } from "#app/lib/content.server.ts";
import { mediaUrl, pictureData, pictureKnown } from "#app/lib/media.server.ts";
import type { PictureData } from "#app/lib/media.ts";

export type Member = TeamMember;

/** Every published member, those who left (hidden) too: the posts' authors. */
export function everyMember(context: Readonly<RouterContextProvider>): readonly Member[] {
  return contentOf(context, teamType);
}

/** The members the team pages show of these, in their order: not hidden, and with a portrait the
 *  site can draw (one the manifest lacks, an item imported by hand, leaves the member out rather
 *  than failing every team page). */
export function shownMembers(members: readonly Member[]): Member[] {
  return members.filter((m) => !m.hidden && pictureKnown(m.portrait));
}

/** The members the team pages show now. */
export function teamOf(context: Readonly<RouterContextProvider>): Member[] {
  return shownMembers(everyMember(context));
}

/** A member the site shows (none for a hidden one: their page is gone). */
export function findMember(
  context: Readonly<RouterContextProvider>,
  id: number | undefined,
): Member | undefined {
  return teamOf(context).find((m) => m.id === id);
}

/** A phone number's `tel:` target: its digits and the "+" (as the agency's: telHref). */
export const telOf = (phone: string) => phone.replace(/[^\d+]/g, "");

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
    phone: { display: m.phone, tel: telOf(m.phone) },
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
    telephone: telOf(m.phone),
    sameAs: m.socials.map((s) => s.href),
    knowsAbout: m.qualifications.map((q) => q.title),
    worksFor: { "@type": "Organization", name: site.name, url: site.url },
  };
}
