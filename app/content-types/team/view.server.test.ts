import { describe, expect, it } from "vitest";
import { RouterContextProvider } from "react-router";
import { findPage, memberPage } from "#app/config/pages.ts";
import { teamType } from "./type.ts";
import type { TeamMember } from "./schema.ts";
import { contentContext } from "#app/lib/ports/content.ts";
import {
  everyMember,
  findMember,
  memberProfile,
  personJsonLd,
  shownMembers,
  teamCard,
  teamOf,
} from "./view.server.ts";

const team = teamType.seed;
const founder = team[0]!;

/** A request's context with these members published. */
function contextWith(members: readonly TeamMember[]) {
  const context = new RouterContextProvider();
  context.set(contentContext, {
    published: () => ({ version: 1, items: new Map([[teamType.name, members]]) }),
  });
  return context;
}

describe("team view", () => {
  it("registers one page per seeded member", () => {
    for (const m of team) expect(findPage(`/team-details/${m.id}`)?.kind, m.name).toBe("team");
    expect(findPage(`/team-details/${team.length + 1}`)).toBeUndefined();
    expect(memberPage({ id: 7, name: "Ada Obi", profession: "Data Engineer" })).toMatchObject({
      path: "/team-details/7",
      title: "Ada Obi, Data Engineer",
      kind: "team",
      indexable: true,
    });
  });

  it("finds the members shown by id only: not a hidden one, nor one whose portrait cannot be drawn", () => {
    const context = contextWith([
      team[0]!,
      { ...team[1]!, hidden: true },
      { ...team[2]!, portrait: "team-nobody" },
      team[3]!,
    ]);
    expect(findMember(context, 1)?.name).toBe("Chinedu Okafor");
    expect(findMember(context, 2)).toBeUndefined();
    expect(findMember(context, 3)).toBeUndefined();
    expect(findMember(context, undefined)).toBeUndefined();
    expect(findMember(context, 99)).toBeUndefined();
    expect(teamOf(context).map((m) => m.id)).toEqual([1, 4]);
    // The posts' authors: every published member, the hidden one too.
    expect(everyMember(context).map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(shownMembers([])).toEqual([]);
  });

  it("gives cards a link to the member's page, a resolved portrait and the phone's tel: target", () => {
    const card = teamCard(founder);
    expect(card.href).toBe("/team-details/1");
    expect(card.portrait.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(card.summary).toBe(founder.bio[0]);
    expect(card.phone).toEqual({ display: "+234 803 555 0101", tel: "+2348035550101" });
    expect(teamCard({ ...founder, phone: "+234 (0) 803-555-0101" }).phone.tel).toBe("+23408035550101");
  });

  it("shows the spec's skills and qualifications on the founder's page", () => {
    const { skills, qualifications } = memberProfile(founder);
    expect(skills).toEqual([
      { label: "Programming Language", value: 88 },
      { label: "Backend Development", value: 95 },
      { label: "Product Design", value: 80 },
    ]);
    expect(qualifications.map((q) => q.title)).toEqual([
      "Database Integration",
      "Digital marketing",
      "Software Development",
    ]);
  });

  it("describes each member as a schema.org Person that survives JSON", () => {
    for (const m of team) {
      const ld = JSON.parse(JSON.stringify(personJsonLd(m)));
      expect(ld).toMatchObject({
        "@context": "https://schema.org",
        "@type": "Person",
        name: m.name,
        jobTitle: m.profession,
        url: `https://techspark.ng/team-details/${m.id}`,
        email: `mailto:${m.email}`,
        telephone: m.phone.replace(/ /g, ""),
      });
      expect(ld.image).toMatch(/^https:\/\/techspark\.ng\/img\/team-.+\.webp$/);
      expect(ld.sameAs.length).toBeGreaterThan(0);
    }
  });
});
