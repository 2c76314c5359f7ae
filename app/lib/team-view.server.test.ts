import { describe, expect, it } from "vitest";
import { findPage } from "#app/config/pages.ts";
import { redirects } from "#app/config/redirects.ts";
import { team } from "#app/content/team.ts";
import { findMember, memberProfile, personJsonLd, teamCard } from "./team-view.server.ts";

const founder = team[0]!;

describe("team view", () => {
  it("registers one page per member, and the bare path redirects to the first", () => {
    for (const m of team) expect(findPage(`/team-details/${m.id}`)?.kind, m.name).toBe("team");
    expect(findPage(`/team-details/${team.length + 1}`)).toBeUndefined();
    expect(redirects.get("/team-details")).toBe("/team-details/1");
  });

  it("finds members by id only", () => {
    expect(findMember(2)?.name).toBe("Amina Bello");
    expect(findMember(undefined)).toBeUndefined();
    expect(findMember(99)).toBeUndefined();
  });

  it("gives cards a link to the member's page and a resolved portrait", () => {
    const card = teamCard(founder);
    expect(card.href).toBe("/team-details/1");
    expect(card.portrait.sources.map((s) => s.type)).toEqual(["image/avif", "image/webp"]);
    expect(card.summary).toBe(founder.bio[0]);
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
        telephone: m.phone.tel,
      });
      expect(ld.image).toMatch(/^https:\/\/techspark\.ng\/img\/team-.+\.webp$/);
      expect(ld.sameAs.length).toBeGreaterThan(0);
    }
  });
});
