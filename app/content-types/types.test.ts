// The testimonials', the pricing plans' and the counters' declarations beyond what every type's
// editor is tested for (content-fields.test.ts): a testimonial's consent note (who agreed, on
// which day) goes through the form and back, is left out when both its fields are empty and
// refused when half written; the portraits offered are the media manifest's testimonial pictures;
// a counter's icons are every one its schema allows, its suffix may be left empty; a service's
// page (exactly three questions) or the service covering it, its picture and popular mark.
import { describe, expect, it } from "vitest";
import manifest from "#app/content/media-manifest.json";
import { fieldValues, itemFromValues } from "#app/config/content-fields.ts";
import { contentTypes } from "./index.ts";
import { iconChoices } from "./define.ts";
import { counterType } from "./counter/type.ts";
import { pricingType } from "./pricing-plan/type.ts";
import { servicePictures, serviceType } from "./service/type.ts";
import { projectFullPictures, projectThumbs, projectType } from "./project/type.ts";
import { teamPortraits, teamType } from "./team/type.ts";
import { testimonialPortraits, testimonialType } from "./testimonial/type.ts";
import { iconNames } from "#app/config/icon-names.ts";

const [seeded] = testimonialType.seed;
const formOf = (item: unknown) => fieldValues(testimonialType.fields, item);
const parse = (values: Record<string, string>) =>
  testimonialType.item.safeParse(itemFromValues(testimonialType.fields, values));

describe("a testimonial's consent", () => {
  it("goes through the form and back", () => {
    const item = { ...seeded!, consent: { by: "Ngozi Eze, by e-mail", date: "2026-03-14" } };
    const values = formOf(item);
    expect(values).toMatchObject({ "consent.by": "Ngozi Eze, by e-mail", "consent.date": "2026-03-14" });
    expect(parse(values)).toEqual({ success: true, data: item });
  });

  it("is none when both its fields are left empty", () => {
    const parsed = parse({ ...formOf(seeded), "consent.by": " ", "consent.date": "" });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.consent).toBeUndefined();
  });

  it("is refused half written, or with a day that is not one", () => {
    const issues = (values: Record<string, string>) =>
      parse({ ...formOf(seeded), ...values }).error?.issues.map((i) => i.path.join("."));
    expect(issues({ "consent.by": "Ngozi Eze, by e-mail" })).toEqual(["consent.date"]);
    expect(issues({ "consent.date": "2026-03-14" })).toEqual(["consent.by"]);
    expect(issues({ "consent.by": "Ngozi Eze", "consent.date": "14/03/2026" })).toEqual(["consent.date"]);
    expect(issues({ "consent.by": "Ngozi Eze", "consent.date": "2026-02-30" })).toEqual(["consent.date"]);
  });
});

describe("the testimonials' portraits", () => {
  it("are the manifest's testimonial pictures, each named after its person, the seed's among them", () => {
    const names = Object.keys(manifest).filter((n) => n.startsWith("testimonial-"));
    expect(testimonialPortraits.map((o) => o.value).sort()).toEqual(names.sort());
    expect(testimonialPortraits).toContainEqual({ value: "testimonial-ngozi-eze", label: "Ngozi Eze" });
    for (const t of testimonialType.seed) expect(names).toContain(t.portrait);
  });
});

describe("a counter", () => {
  it("offers every icon its schema allows, named in words, the seed's among them", () => {
    expect(iconChoices.map((o) => o.value).sort()).toEqual([...iconNames].sort());
    expect(iconChoices).toContainEqual({ value: "badge-check", label: "Badge check" });
    for (const c of counterType.seed) expect(iconChoices.map((o) => o.value)).toContain(c.icon);
    const choice = counterType.fields.find((f) => f.name === "icon");
    expect(choice).toMatchObject({ kind: "choice", options: iconChoices });
  });

  it("keeps the spec's three figures as its seed, and may be published without a suffix", () => {
    expect(counterType.seed.map((c) => `${c.end}${c.suffix} ${c.label}`)).toEqual([
      "500+ Highly skilled professionals",
      "20+ Projects delivered",
      "15+ Happy clients",
    ]);
    expect(counterType.seed.map(counterType.title)).toEqual([
      "500+ Highly skilled professionals",
      "20+ Projects delivered",
      "15+ Happy clients",
    ]);
    const values = { ...fieldValues(counterType.fields, counterType.seed[1]), suffix: "", end: "12" };
    expect(counterType.item.safeParse(itemFromValues(counterType.fields, values))).toEqual({
      success: true,
      data: { ...counterType.seed[1], end: 12, suffix: "" },
    });
  });
});

describe("a member of the team", () => {
  const [founder] = teamType.seed;
  const formOf = (item: unknown) => fieldValues(teamType.fields, item);
  /** The form read back as the console does: the number is the item's key. */
  const parse = (values: Record<string, string>) =>
    teamType.item.safeParse({ ...itemFromValues(teamType.fields, values), id: founder!.id });
  const issues = (values: Record<string, string>) =>
    parse({ ...formOf(founder), ...values }).error?.issues.map((i) => i.path.join("."));

  it("keeps the seed's numbers as keys, so that /team-details/1 to 6 stay who they were", () => {
    expect(teamType.seed.map(teamType.key)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(teamType.numbered).toBe(true);
    expect(teamType.seed.map((m) => m.name)).toEqual([
      "Chinedu Okafor",
      "Amina Bello",
      "Tunde Adeyemi",
      "Zainab Musa",
      "Emeka Nwosu",
      "Halima Yusuf",
    ]);
  });

  it("chooses a portrait among the manifest's team pictures, the seed's among them", () => {
    const names = Object.keys(manifest).filter((n) => n.startsWith("team-"));
    expect(teamPortraits.map((o) => o.value).sort()).toEqual(names.sort());
    expect(teamPortraits).toContainEqual({ value: "team-amina-bello", label: "Amina Bello" });
    for (const m of teamType.seed) expect(names).toContain(m.portrait);
  });

  it("is hidden when the box is ticked (said on the console's list), shown when it is not", () => {
    expect(parse({ ...formOf(founder), hidden: "on" }).data?.hidden).toBe(true);
    expect(parse(formOf(founder)).data?.hidden).toBeUndefined();
    expect(teamType.title({ ...founder!, hidden: true })).toBe("Chinedu Okafor (left: hidden)");
    expect(teamType.title(founder!)).toBe("Chinedu Okafor, Founder / CEO");
    const box = teamType.fields.find((f) => f.name === "hidden");
    expect(box).toMatchObject({ kind: "checkbox", label: "Left the agency" });
  });

  it("takes a phone number as people dial it, and refuses one that is not", () => {
    expect(parse({ ...formOf(founder), phone: "+234 (0) 803-555-0101" }).success).toBe(true);
    expect(new Set(issues({ phone: "call me" }))).toEqual(new Set(["phone"]));
    expect(new Set(issues({ phone: "+234 55" }))).toEqual(new Set(["phone"]));
  });

  it("has each of the three qualifications and skills once, each level from 1 to 100", () => {
    expect(issues({ "skills.0.value": "0" })).toEqual(["skills.0.value"]);
    expect(issues({ "skills.2.value": "101" })).toEqual(["skills.2.value"]);
    expect(issues({ "skills.1.label": "Programming Language" })).toEqual(["skills"]);
    expect(issues({ "qualifications.1.title": "Database Integration" })).toEqual(["qualifications"]);
    expect(issues({ "qualifications.0.title": "Cooking" })).toEqual(["qualifications.0.title"]);
    expect(issues({ "qualifications.2._remove": "on" })).toEqual(["qualifications"]);
    const choice = teamType.fields.find((f) => f.name === "qualifications");
    expect(choice).toMatchObject({
      kind: "rows",
      fields: [{ name: "title", kind: "choice" }, { name: "text" }],
    });
  });

  it("takes one to four social profiles, each an https address", () => {
    expect(issues({ "socials.0._remove": "on", "socials.1._remove": "on" })).toEqual(["socials"]);
    expect(issues({ "socials.0.href": "http://example.com/x" })).toEqual(["socials.0.href"]);
    const values = {
      ...formOf(founder),
      "socials.2.label": "Instagram",
      "socials.2.href": "https://instagram.com/c",
    };
    expect(parse(values).data?.socials).toHaveLength(3);
  });
});

describe("a project", () => {
  const [first] = projectType.seed;
  const formOf = (item: unknown) => fieldValues(projectType.fields, item);
  /** The form read back as the console does: the number is the item's key. */
  const parse = (values: Record<string, string>) =>
    projectType.item.safeParse({ ...itemFromValues(projectType.fields, values), id: first!.id });
  const issues = (values: Record<string, string>) =>
    parse({ ...formOf(first), ...values }).error?.issues.map((i) => i.path.join("."));

  it("keeps the seed's numbers as keys, so that /project-details/1 to 6 stay what they were", () => {
    expect(projectType.seed.map(projectType.key)).toEqual(["1", "2", "3", "4", "5", "6"]);
    expect(projectType.numbered).toBe(true);
    expect(projectType.seed.map((p) => p.title)).toEqual([
      "Kubwa Market Connect",
      "HealthLine Abuja",
      "Naija Harvest Brand Campaign",
      "PayWise Fintech Dashboard",
      "EduBridge Learning Platform",
      "Abuja SME Digital Survey",
    ]);
    // The seed is newest first: sorting it by date changes nothing.
    const dates = projectType.seed.map((p) => projectType.dated!(p));
    expect(dates).toEqual(dates.toSorted().reverse());
  });

  it("keeps its tags in their order through the form (the first is the card's subtitle)", () => {
    const values = formOf(first);
    expect(values).toMatchObject({ "tags.0.tag": "Development", "tags.1.tag": "Digital", "tags.2.tag": "" });
    expect(parse(values).data?.tags).toEqual(["Development", "Digital"]);
    expect(parse({ ...values, "tags.0.tag": "Digital", "tags.1.tag": "Development" }).data?.tags).toEqual([
      "Digital",
      "Development",
    ]);
    expect(parse({ ...values, "tags.1._remove": "on" }).data?.tags).toEqual(["Development"]);
  });

  it("refuses a tag that is not one of the five, the same tag twice, none or three", () => {
    expect(issues({ "tags.0.tag": "Gardening" })).toEqual(["tags.0"]);
    expect(issues({ "tags.1.tag": "Development" })).toEqual(["tags"]);
    expect(issues({ "tags.0.tag": "", "tags.1.tag": "" })).toEqual(["tags"]);
    expect(issues({ "tags.2.tag": "Research", "tags.3.tag": "" })).toEqual(["tags"]);
  });

  it("takes a date as a month, YYYY-MM, and refuses anything else", () => {
    expect(parse({ ...formOf(first), date: "2026-12" }).success).toBe(true);
    for (const date of ["2026-13", "2026-00", "March 2026", "2026-3", "2026-03-01", ""])
      expect(issues({ date }), date).toEqual(["date"]);
  });

  it("chooses its pictures among the manifest's project pictures, named by the seed's project", () => {
    const names = Object.keys(manifest).filter((n) => n.startsWith("project-"));
    expect(projectThumbs.map((o) => o.value)).toEqual(names.filter((n) => n.endsWith("-thumb")).sort());
    expect(projectFullPictures.map((o) => o.value)).toEqual(names.filter((n) => n.endsWith("-full")).sort());
    expect(projectThumbs[1]).toEqual({ value: "project-02-thumb", label: "02: HealthLine Abuja" });
    for (const p of projectType.seed) {
      expect(names).toContain(p.thumb);
      expect(names).toContain(p.thumbFull);
    }
  });

  it("is named on the console's list with its date", () => {
    expect(projectType.title(first!)).toBe("Kubwa Market Connect (2025-03)");
  });
});

describe("the pages that show them", () => {
  it("are the home pages with the section, /pricing for the plans and /about-us for the counters", () => {
    expect(testimonialType.pages).toEqual(["/", "/home-2", "/home-3"]);
    expect(pricingType.pages).toEqual(["/pricing", "/home-3"]);
    expect(counterType.pages).toEqual(["/about-us", "/", "/business"]);
    expect(teamType.pages).toEqual([
      "/team",
      "/team-2",
      "/team-3",
      "/about-us",
      "/",
      "/home-2",
      "/home-3",
      "/business",
    ]);
  });

  it("are the seven types, each with its own name", () => {
    expect(contentTypes.map((t) => t.name)).toEqual([
      "faq",
      "testimonial",
      "pricing-plan",
      "counter",
      "agency",
      "team",
      "service",
      "project",
    ]);
  });
});

describe("a service", () => {
  const [mobile] = serviceType.seed;
  const logo = serviceType.seed.find((s) => s.title === "Logo Design")!;
  const formOf = (item: unknown) => fieldValues(serviceType.fields, item);
  /** The form read back as the console does: the number is the item's key. */
  const parse = (values: Record<string, string>, id = mobile!.id) =>
    serviceType.item.safeParse({ ...itemFromValues(serviceType.fields, values), id });
  const problems = (values: Record<string, string>, item: unknown = mobile, id?: number) =>
    parse({ ...formOf(item), ...values }, id).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

  it("keeps the seed's 24 numbers as keys, so that /services-details/1 to 10 stay what they were", () => {
    expect(serviceType.seed.map(serviceType.key)).toEqual(serviceType.seed.map((_, i) => String(i + 1)));
    expect(serviceType.numbered).toBe(true);
    expect(serviceType.seed.filter((s) => "details" in s).map((s) => s.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(serviceType.seed.filter((s) => s.popular).map((s) => s.id)).toEqual([1, 2]);
  });

  it("chooses a picture among the manifest's service pictures, the seed's among them", () => {
    const names = Object.keys(manifest).filter((n) => n.startsWith("service-"));
    expect(servicePictures.map((p) => p.value)).toEqual(names.sort());
    expect(servicePictures.find((p) => p.value === "service-ui-ux-design")?.label).toBe("Ui Ux Design");
    for (const s of serviceType.seed) expect(names).toContain(s.image);
  });

  it("has its own page with exactly three questions, four to six included services and two paragraphs", () => {
    expect(problems({})).toBeUndefined();
    expect(problems({ "details.faq.2.question": "", "details.faq.2.answer": "" })).toEqual([
      "details.faq: Too small: expected array to have exactly 3 items",
    ]);
    expect(
      problems({
        "details.faq.3.question": "A fourth question?",
        "details.faq.3.answer": "An answer long enough to count.",
      }),
    ).toHaveLength(1);
    expect(problems({ "details.faq.0.question": "No question mark" })).toHaveLength(1);
    expect(problems({ "details.included.3.title": "", "details.included.3.text": "" })).toHaveLength(1);
    expect(problems({ "details.intro": "Only one paragraph of twenty characters or more." })).toHaveLength(1);
  });

  it("is covered by another's page without its own, and never both or neither", () => {
    expect(problems({}, logo, logo.id)).toBeUndefined();
    expect(parse(formOf(logo), logo.id).data).toMatchObject({ coveredBy: 8 });
    expect(parse(formOf(logo), logo.id).data?.details).toBeUndefined();
    expect(problems({ coveredBy: "" }, logo, logo.id)).toEqual([
      "coveredBy: choose the service whose page covers it, or write its own page below",
    ]);
    expect(problems({ coveredBy: "4" })).toEqual([
      "coveredBy: a service with its own page is covered by no other: leave this empty",
    ]);
    expect(problems({ coveredBy: String(logo.id) }, logo, logo.id)).toEqual([
      "coveredBy: a service cannot cover itself",
    ]);
    expect(problems({ popular: "on" }, logo, logo.id)).toEqual([
      "popular: only a service with its own page can be a popular one",
    ]);
  });

  it("refuses a group or an icon it does not know", () => {
    expect(problems({ group: "cooking" })).toHaveLength(1);
    expect(problems({ icon: "not-an-icon" })).toHaveLength(1);
    expect(problems({ image: "../etc/passwd" })).toHaveLength(1);
  });
});
