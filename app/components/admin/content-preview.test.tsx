// @vitest-environment happy-dom
// The console's previews of a testimonial, of a pricing plan and of a counter: the public pages'
// components, the portrait drawn from its name alone (the manifest stays on the server: its
// convention is checked here against every testimonial portrait), the consent note beside the
// quote, and markup in a field shown as text.
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import manifest from "#app/content/media-manifest.json";
import {
  agencyType,
  counterType,
  pricingType,
  testimonialPortraits,
  testimonialType,
} from "#app/config/content-types.ts";
import type { ContentTypeView } from "#app/lib/ports/content-console.ts";
import { ContentPreview, previewPortrait } from "./content-preview.tsx";

afterEach(cleanup);

const view = ({ name, label, itemLabel, fields, pages, single }: ContentTypeView): ContentTypeView => ({
  name,
  label,
  itemLabel,
  fields,
  pages,
  single,
});

describe("a testimonial's preview", () => {
  const seeded = testimonialType.seed[0]!;

  it("shows the quote as the home pages do, with its portrait and the consent note", () => {
    const item = { ...seeded, consent: { by: "Ngozi Eze, by e-mail", date: "2026-03-14" } };
    const { container } = render(<ContentPreview type={view(testimonialType)} item={item} />);
    expect(container.querySelector("blockquote")?.textContent).toBe(`“${seeded.quote}”`);
    expect(screen.getByText(seeded.name)).toBeTruthy();
    expect(screen.getByText(seeded.designation)).toBeTruthy();
    expect(container.querySelector("img")?.getAttribute("src")).toBe(
      (manifest as Record<string, { fallback: string }>)[seeded.portrait]!.fallback,
    );
    expect(container.textContent).toContain("Consent: Ngozi Eze, by e-mail, on 2026-03-14.");
  });

  it("says when no consent is noted, and shows markup as text", () => {
    const quote = "<b>Bold</b> words from a client </figure><script>alert(1)</script> here.";
    const { container } = render(<ContentPreview type={view(testimonialType)} item={{ ...seeded, quote }} />);
    expect(container.textContent).toContain("Consent: none noted.");
    expect(container.querySelector("blockquote")?.textContent).toBe(`“${quote}”`);
    expect(container.querySelector("script, b")).toBeNull();
  });

  it("draws every portrait the editor offers where the manifest has it", () => {
    for (const { value } of testimonialPortraits) {
      const entry = (manifest as Record<string, { width: number; height: number; fallback: string }>)[value]!;
      expect(previewPortrait(value), value).toMatchObject({
        src: entry.fallback,
        width: entry.width,
        height: entry.height,
      });
    }
  });
});

describe("a pricing plan's preview", () => {
  it("is the plan's card as the pricing page shows it", () => {
    const plan = pricingType.seed[1]!;
    const { container } = render(
      <MemoryRouter>
        <ContentPreview type={view(pricingType)} item={plan} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: plan.plan })).toBeTruthy();
    expect([...container.querySelectorAll("ul ul li")].map((li) => li.textContent)).toEqual(plan.bullets);
    expect(screen.getByRole("link").getAttribute("href")).toBe(plan.button.href);
  });
});

describe("the agency's details' preview", () => {
  it("shows the details in the form, not the site's: each phone and e-mail a link, the address opening the map in a new tab", async () => {
    const seeded = agencyType.item.parse(agencyType.seed[0]);
    const changed = {
      ...seeded,
      mapLink: "https://www.openstreetmap.org/search?query=Kubwa",
      phones: ["+234 809 111 2233", "0700 832 7775"],
      emails: ["studio@techspark.ng"],
      hours: "Monday – Saturday, 9:00 – 18:00 (WAT)",
      socials: [{ label: "LinkedIn" as const, href: "https://www.linkedin.com/company/techspark-studio" }],
    };
    // Inside the console, whose root has the site's (seeded) details.
    const Stub = createRoutesStub([
      {
        id: "root",
        path: "/",
        loader: () => ({ agency: seeded }),
        Component: () => <ContentPreview type={view(agencyType)} item={changed} />,
      },
    ]);
    const { container } = render(<Stub />);
    await screen.findByText("studio@techspark.ng");
    const hrefs = [...container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual([
      changed.mapLink,
      "mailto:studio@techspark.ng",
      "tel:+2348091112233",
      "tel:07008327775",
      changed.socials[0]!.href,
    ]);
    expect(container.querySelector("a")?.getAttribute("target")).toBe("_blank");
    expect(container.textContent).toContain(changed.hours);
    expect(container.textContent).not.toContain(seeded.emails[0]);
  });
});

describe("a counter's preview", () => {
  it("is the counter in the achievements' panel, its final figure in the HTML, markup as text", () => {
    const counter = { ...counterType.seed[0]!, label: "<b>Skilled</b> people", suffix: "" };
    const { container } = render(<ContentPreview type={view(counterType)} item={counter} />);
    expect(container.querySelector("[data-counter]")?.textContent).toBe("500");
    expect(container.querySelector("dt")?.textContent).toBe("<b>Skilled</b> people");
    expect(screen.getByText(counter.text)).toBeTruthy();
    expect(container.querySelector("use")?.getAttribute("href")).toMatch(/#users$/);
    expect(container.querySelector("b")).toBeNull();
  });
});
