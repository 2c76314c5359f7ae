// The testimonials', the pricing plans' and the counters' declarations beyond what every type's
// editor is tested for (content-fields.test.ts): a testimonial's consent note (who agreed, on
// which day) goes through the form and back, is left out when both its fields are empty and
// refused when half written; the portraits offered are the media manifest's testimonial pictures;
// a counter's icons are every one its schema allows, its suffix may be left empty.
import { describe, expect, it } from "vitest";
import manifest from "#app/content/media-manifest.json";
import { fieldValues, itemFromValues } from "./content-fields.ts";
import {
  contentTypes,
  counterIcons,
  counterType,
  pricingType,
  testimonialPortraits,
  testimonialType,
} from "./content-types.ts";
import { iconNames } from "./icon-names.ts";

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
    expect(counterIcons.map((o) => o.value).sort()).toEqual([...iconNames].sort());
    expect(counterIcons).toContainEqual({ value: "badge-check", label: "Badge check" });
    for (const c of counterType.seed) expect(counterIcons.map((o) => o.value)).toContain(c.icon);
    const choice = counterType.fields.find((f) => f.name === "icon");
    expect(choice).toMatchObject({ kind: "choice", options: counterIcons });
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

describe("the pages that show them", () => {
  it("are the home pages with the section, /pricing for the plans and /about-us for the counters", () => {
    expect(testimonialType.pages).toEqual(["/", "/home-2", "/home-3"]);
    expect(pricingType.pages).toEqual(["/pricing", "/home-3"]);
    expect(counterType.pages).toEqual(["/about-us", "/", "/business"]);
  });

  it("are the five types, each with its own name", () => {
    expect(contentTypes.map((t) => t.name)).toEqual([
      "faq",
      "testimonial",
      "pricing-plan",
      "counter",
      "agency",
    ]);
  });
});
