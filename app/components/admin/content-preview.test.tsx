// @vitest-environment happy-dom
// The console's previews of a testimonial, of a pricing plan and of a counter (each type's own,
// app/content-types/<name>/preview.tsx, found by ContentPreview): the public pages' components, the portrait drawn from its name alone (the manifest stays on the server: its
// convention is checked here against every testimonial portrait), the consent note beside the
// quote, and markup in a field shown as text.
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import manifest from "#app/content/media-manifest.json";
import { agencyType } from "#app/content-types/agency/type.ts";
import { counterType } from "#app/content-types/counter/type.ts";
import { pricingType } from "#app/content-types/pricing-plan/type.ts";
import { servicePictures, serviceType } from "#app/content-types/service/type.ts";
import { projectFullPictures, projectThumbs, projectType } from "#app/content-types/project/type.ts";
import { teamPortraits, teamType } from "#app/content-types/team/type.ts";
import { testimonialPortraits, testimonialType } from "#app/content-types/testimonial/type.ts";
import type { ContentTypeView } from "#app/lib/ports/content-console.ts";
import { previewProjectPicture } from "#app/content-types/project/preview.tsx";
import { previewServicePicture } from "#app/content-types/service/preview.tsx";
import { previewTeamPortrait } from "#app/content-types/team/preview.tsx";
import { previewPortrait } from "#app/content-types/testimonial/preview.tsx";
import { ContentPreview } from "./content-preview.tsx";

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

describe("a team member's preview", () => {
  const member = teamType.seed[2]!;
  const shown = async (item: object) => {
    const Stub = createRoutesStub([
      { id: "root", path: "/", Component: () => <ContentPreview type={view(teamType)} item={item} /> },
    ]);
    const result = render(<Stub />);
    await screen.findByText("Qualifications");
    return result;
  };

  it("is /team's card and their page's profile: role, bio, qualifications, skills, links", async () => {
    const { container } = await shown(member);
    expect(screen.getByRole("heading", { level: 3, name: member.name })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Qualifications" })).toBeTruthy();
    for (const q of member.qualifications) expect(container.textContent).toContain(q.text);
    for (const s of member.skills) expect(container.textContent).toContain(s.label);
    expect(container.textContent).toContain(member.bio[1]);
    const links = [...container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toContain(`/team-details/${member.id}`);
    expect(links).toContain("tel:+2348035550103");
    expect(links).toContain(`mailto:${member.email}`);
    for (const s of member.socials) expect(links).toContain(s.href);
    expect(container.querySelector("img")?.getAttribute("src")).toBe(
      (manifest as Record<string, { fallback: string }>)[member.portrait]!.fallback,
    );
    expect(container.textContent).not.toContain("Left the agency");
  });

  it("says a member who left is shown nowhere, and shows markup as text", async () => {
    const name = "<b>Tunde</b> <script>alert(1)</script>";
    const { container } = await shown({ ...member, name, hidden: true });
    expect(container.textContent).toContain("Left the agency: the site shows this member nowhere");
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe(name);
    expect(container.querySelector("script, b")).toBeNull();
  });

  it("draws every portrait the editor offers where the manifest has it, in the portrait frame", () => {
    for (const { value } of teamPortraits) {
      const entry = (manifest as Record<string, { width: number; height: number; fallback: string }>)[value]!;
      expect(entry.fallback, value).toBe(previewTeamPortrait(value).src);
      expect(entry.width / entry.height, value).toBe(0.8);
    }
  });
});

describe("a service's preview", () => {
  const mobile = serviceType.seed[0]!;
  const logo = serviceType.seed.find((s) => s.title === "Logo Design")!;
  const shown = async (item: object, text: string) => {
    const Stub = createRoutesStub([
      { id: "root", path: "/", Component: () => <ContentPreview type={view(serviceType)} item={item} /> },
    ]);
    const result = render(<Stub />);
    await screen.findByText(text);
    return result;
  };

  it("is its listing card and its page: introduction, included services, challenge, three questions", async () => {
    const { container } = await shown(mobile, "Included services");
    expect(screen.getByRole("heading", { level: 3, name: mobile.title })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Frequently asked questions" })).toBeTruthy();
    for (const p of mobile.details!.intro) expect(container.textContent).toContain(p);
    for (const i of mobile.details!.included) expect(container.textContent).toContain(i.text);
    expect(container.querySelectorAll("details")).toHaveLength(3);
    for (const f of mobile.details!.faq) {
      expect(container.textContent).toContain(f.question);
      expect(container.textContent).toContain(f.answer[0]);
    }
    const links = [...container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toContain("/services-details/1");
    expect(container.querySelector("img")?.getAttribute("src")).toBe(
      (manifest as Record<string, { fallback: string }>)[mobile.image]!.fallback,
    );
    expect(container.textContent).toContain("Popular: shown under");
  });

  it("says a service without a page of its own leads to the page covering it", async () => {
    const { container } = await shown(logo, "Part of Branding");
    const links = [...container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toEqual(["/services-details/8"]);
    expect(container.textContent).toContain("No page of its own: its card leads to the page of Branding.");
    expect(container.querySelector("details")).toBeNull();
    expect(container.textContent).not.toContain("Popular");
  });

  it("shows markup as text", async () => {
    const title = "<b>Apps</b> <script>alert(1)</script>";
    const answer = "<img src=x onerror=alert(1)> is an answer long enough";
    const details = {
      ...mobile.details!,
      faq: [{ question: "<i>Why</i>?", answer: [answer] }, ...mobile.details!.faq.slice(1)],
    };
    const { container } = await shown({ ...mobile, title, details }, "Included services");
    expect(screen.getByRole("heading", { level: 3 }).textContent).toBe(title);
    expect(container.textContent).toContain("<i>Why</i>?");
    expect(container.textContent).toContain(answer);
    expect(container.querySelectorAll("script, b, i")).toHaveLength(0);
    expect(container.querySelectorAll("img")).toHaveLength(1);
  });

  it("draws every picture the editor offers where the manifest has it, at 4:3", () => {
    for (const { value } of servicePictures) {
      const entry = (manifest as Record<string, { width: number; height: number; fallback: string }>)[value]!;
      expect(entry.fallback, value).toBe(previewServicePicture(value).src);
      expect(entry.width / entry.height, value).toBe(4 / 3);
    }
  });
});

describe("a project's preview", () => {
  const project = projectType.seed[1]!;
  const shown = async (item: object) => {
    const Stub = createRoutesStub([
      { id: "root", path: "/", Component: () => <ContentPreview type={view(projectType)} item={item} /> },
    ]);
    const result = render(<Stub />);
    await screen.findByText("Project information");
    return result;
  };

  it("is the galleries' card and its page's case study: tags, client, type, date, address, the three parts", async () => {
    const { container } = await shown(project);
    // The card's title and the page's.
    expect(screen.getAllByRole("heading", { name: project.title })).toHaveLength(2);
    for (const part of ["The challenge", "Our approach", "The result"])
      expect(screen.getByRole("heading", { name: part })).toBeTruthy();
    for (const text of [
      project.client,
      project.projectType,
      "November 2024",
      project.address,
      project.summary,
    ])
      expect(container.textContent).toContain(text);
    for (const p of [...project.challenge, ...project.approach, ...project.result])
      expect(container.textContent).toContain(p);
    expect(container.textContent).toContain("Digital");
    const links = [...container.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    expect(links).toContain(`/project-details/${project.id}`);
    const pictures = [...container.querySelectorAll("img")].map((i) => i.getAttribute("src"));
    const fallback = (name: string) => (manifest as Record<string, { fallback: string }>)[name]!.fallback;
    expect(pictures).toEqual([fallback(project.thumb), fallback(project.thumbFull)]);
  });

  it("shows markup in its fields as text", async () => {
    const title = "<b>Hostile</b> <script>alert(1)</script> title";
    const { container } = await shown({
      ...project,
      title,
      client: "<i>Client</i>",
      result: ["A result with <img src=x onerror=alert(1)> in it, nothing more."],
    });
    expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    expect(container.textContent).toContain("<i>Client</i>");
    expect(container.querySelector("script, b, i, img[src=x]")).toBeNull();
  });

  it("draws every picture the editor offers where the manifest has it, in the card's and the page's frames", () => {
    const entries = manifest as Record<string, { width: number; height: number; fallback: string }>;
    for (const { value } of projectThumbs) {
      expect(entries[value]!.fallback, value).toBe(previewProjectPicture(value, "thumb").src);
      expect(entries[value]!.width / entries[value]!.height, value).toBe(4 / 3);
    }
    for (const { value } of projectFullPictures) {
      expect(entries[value]!.fallback, value).toBe(previewProjectPicture(value, "full").src);
      expect(entries[value]!.width / entries[value]!.height, value).toBe(16 / 9);
    }
  });
});
