// The home page content and the collections it shares with other pages: ids are unique, and
// every picture it names exists (the schemas are checked at build: app/config/check-content.ts).
import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { achievements } from "#app/content-types/counter/seed.ts";
import { home } from "./home.ts";
import { projects } from "#app/content-types/project/seed.ts";
import { services } from "#app/content-types/service/seed.ts";
import { team } from "#app/content-types/team/seed.ts";
import { testimonials } from "#app/content-types/testimonial/seed.ts";

const unique = (ids: Array<string | number>) => new Set(ids).size === ids.length;

describe("home content", () => {
  it("has unique ids, numbered from 1 where they are page ids", () => {
    expect(unique(home.hero.slides.map((s) => s.id))).toBe(true);
    expect(unique(testimonials.map((t) => t.id))).toBe(true);
    expect(unique(achievements.map((a) => a.id))).toBe(true);
    expect(services.map((x) => x.id)).toEqual(services.map((_, i) => i + 1));
    // The projects' and the team's pages are derived from their numbers (projectPath, memberPath).
    expect(projects.map((x) => x.id)).toEqual(projects.map((_, i) => i + 1));
    // The team's pages are derived from their numbers (memberPath).
    expect(team.map((x) => x.id)).toEqual(team.map((_, i) => i + 1));
  });

  it("links each service to its own page", () => {
    // A service without a page of its own is covered by a service with one (its card's link).
    const pages = new Set(services.filter((s) => "details" in s).map((s) => s.id));
    for (const s of services) if (!("details" in s)) expect(pages).toContain(s.coveredBy);
    expect(services.slice(0, 3).every((s) => "details" in s)).toBe(true);
    // The spec's two popular services.
    expect(services.filter((s) => "popular" in s && s.popular).map((s) => s.id)).toEqual([1, 2]);
  });

  it("has the spec's three team roles first", () => {
    expect(team.slice(0, 3).map((m) => m.profession)).toEqual([
      "Founder / CEO",
      "Business Development Manager",
      "Engineering Tech Lead",
    ]);
  });

  it("names only media files that exist", () => {
    const manifestPath = "app/content/media-manifest.json";
    const pictures = [
      ...home.hero.slides.map((s) => (s.type === "video" ? s.poster : s.image)),
      ...home.about.images,
      home.digitalBanner.image,
      home.whyChooseUs.image,
      home.brands.poster,
      ...services.map((s) => s.image),
      ...projects.flatMap((p) => [p.thumb, p.thumbFull]),
      ...team.map((m) => m.portrait),
      ...testimonials.map((t) => t.portrait),
    ];
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Record<string, unknown>;
    expect(pictures.filter((name) => !manifest[name])).toEqual([]);
    const videos = [
      ...home.hero.slides.flatMap((s) => (s.type === "video" ? [s.video] : [])),
      home.brands.video,
    ];
    for (const v of videos) {
      expect(existsSync(`public/videos/${v}.webm`), `${v}.webm`).toBe(true);
      expect(existsSync(`public/videos/${v}.mp4`), `${v}.mp4`).toBe(true);
    }
    for (const logo of home.brands.logos) expect(existsSync(`public${logo.file}`), logo.file).toBe(true);
    if (home.digitalBanner.video.provider === "custom") {
      expect(existsSync(`public${home.digitalBanner.video.url}`)).toBe(true);
    }
  });
});
