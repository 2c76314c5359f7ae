// The one design of every e-mail (./design.ts): each kind, rendered with hostile words from its
// visitors and writers, shows them as text in both parts; its pictures have alt text and sizes,
// its links names and only web, mail or phone addresses; its footer has the agency's details as
// published now, and a change in the console shows in the next e-mail sent.
import { randomUUID } from "node:crypto";
import { Window } from "happy-dom";
import { describe, expect, it } from "vitest";
import { fieldValues } from "#app/config/content-fields.ts";
import { agencyType } from "#app/content-types/agency/type.ts";
import { sqliteDatabase } from "../db/testing/databases.ts";
import { cleanupsAfterEach, deliver, startHarness } from "../testing/feature-harness.ts";
import {
  renderSamples,
  sampleContext,
  SAMPLE_NAMES,
  type SampleName,
  type Words,
} from "../testing/mail-samples.ts";
import { EMAIL_LOGO } from "./design.ts";
import { seedDetails } from "./index.ts";

const SCRIPT = "<script>alert(1)</script>";
const BREAKOUT = `"><img src=x onerror=alert(1)>`;
const LONG = "W".repeat(200);
const JS = "javascript:alert(1)";
const HOSTILE: Words = {
  name: `Ada ${LONG} ${SCRIPT} ${BREAKOUT}`,
  email: `${BREAKOUT}@example.com`,
  phone: JS,
  message: `${LONG}\n\n${SCRIPT}\n\n${BREAKOUT}\n\n[click](${JS}) ${JS}`,
  title: `${SCRIPT} ${BREAKOUT}`,
  markdown: `${SCRIPT}\n\n${BREAKOUT}\n\n${LONG}\n\n[click](${JS}) ![x](${JS}) <a href="${JS}">a</a>`,
};
/** The words each kind shows (the confirmation shows only the address it was asked for). */
const SHOWN: Record<SampleName, string[]> = {
  "newsletter-confirm": [BREAKOUT],
  "newsletter-issue": [SCRIPT, BREAKOUT, LONG, JS],
  "newsletter-post": [SCRIPT, BREAKOUT, LONG, JS],
  "contact-notice": [SCRIPT, BREAKOUT, LONG, JS],
  "comment-moderation": [SCRIPT, BREAKOUT, LONG, JS],
  "comment-digest": [SCRIPT, BREAKOUT, LONG],
  "staff-invitation": [SCRIPT, BREAKOUT, LONG],
};

function parse(html: string) {
  const window = new Window();
  return new window.DOMParser().parseFromString(html, "text/html");
}

describe("every kind of e-mail", async () => {
  const mails = await renderSamples(HOSTILE);

  it.each(SAMPLE_NAMES)("%s: hostile words are text in both parts, nothing runs or loads", (name) => {
    const mail = mails[name];
    const doc = parse(mail.html);
    const text = doc.body.textContent!;
    for (const words of SHOWN[name]) {
      expect(text, `HTML of ${name}`).toContain(words);
      expect(mail.text, `text of ${name}`).toContain(words);
    }
    expect(doc.querySelectorAll("script, iframe, object, embed, form")).toHaveLength(0);
    const attributes = [...doc.querySelectorAll("*")].flatMap((e) => e.getAttributeNames());
    expect(attributes.filter((a) => a.startsWith("on"))).toEqual([]);
    // The one picture is the logo: hosted on the site, with its alt text and its size.
    const images = [...doc.querySelectorAll("img")];
    expect(images.map((i) => i.getAttribute("src"))).toEqual([`https://techspark.ng${EMAIL_LOGO.path}`]);
    for (const img of images) {
      expect(img.getAttribute("alt")).toBe("TechSpark Innovations");
      expect(img.getAttribute("width")).toBe(String(EMAIL_LOGO.width));
      expect(img.getAttribute("height")).toBe(String(EMAIL_LOGO.height));
    }
    for (const a of doc.querySelectorAll("a")) {
      expect(a.getAttribute("href"), a.outerHTML).toMatch(/^(https:\/\/|mailto:|tel:)/);
      // Its name, as a screen reader says it: its words, or its picture's alt text.
      const label = (a.getAttribute("aria-label") ?? a.textContent).trim();
      const alt = [...a.querySelectorAll("img")].map((i) => i.getAttribute("alt") ?? "").join("");
      expect(label || alt, a.outerHTML).not.toBe("");
    }
  });

  it("carries the agency's details as published now, in the HTML and in the text", async () => {
    const details = {
      ...seedDetails(),
      address: { ...seedDetails().address, street: "12 Aminu Kano Crescent", locality: "Wuse 2" },
      phones: ["+234 809 000 1111", "+234 701 222 3333"],
      emails: ["studio@techspark.ng"],
      socials: [{ label: "LinkedIn" as const, href: "https://www.linkedin.com/company/techspark-studio" }],
    };
    const changed = await renderSamples(HOSTILE, sampleContext(details));
    for (const name of SAMPLE_NAMES) {
      const mail = changed[name];
      const footer = parse(mail.html).querySelector(".ts-agency")!;
      expect(footer.textContent).toContain("TechSpark Innovations");
      expect(footer.textContent).toContain("12 Aminu Kano Crescent, Wuse 2, Abuja, FCT, Nigeria");
      const links = [...footer.querySelectorAll("a")].map(
        (a) => `${a.textContent} ${a.getAttribute("href")}`,
      );
      expect(links).toEqual([
        "+234 809 000 1111 tel:+2348090001111",
        "+234 701 222 3333 tel:+2347012223333",
        "studio@techspark.ng mailto:studio@techspark.ng",
        "LinkedIn https://www.linkedin.com/company/techspark-studio",
        "techspark.ng https://techspark.ng/",
      ]);
      expect(mail.html).not.toContain("Gado Nasko");
      expect(mail.text).toMatch(
        /\n-- \n[\s\S]*TechSpark Innovations\n12 Aminu Kano Crescent, Wuse 2, Abuja, FCT, Nigeria\n\+234 809 000 1111 · \+234 701 222 3333 · studio@techspark\.ng\nLinkedIn https:\/\/www\.linkedin\.com\/company\/techspark-studio\n/,
      );
    }
  });
});

// The server sends from a thread of its own (server/mail/thread-worker.ts), which cannot read the
// page thread's content: the details are passed to it when they change.
describe.each([
  { worker: "in the server's thread", extra: {}, wallClock: false },
  // (The thread keeps the wall clock.)
  { worker: "on the mail thread", extra: { mailThread: true, now: undefined }, wallClock: true },
])("a change of the agency's details in the console, the worker $worker", ({ extra, wallClock }) => {
  const cleanups = cleanupsAfterEach();

  it("shows in the next e-mail sent", async () => {
    const h = await startHarness(sqliteDatabase, cleanups, extra);
    const enquiry = async () => {
      await h.s.contact.store.insert({
        id: randomUUID(),
        createdAt: wallClock ? Date.now() : h.c.t,
        name: "Ada Obi",
        email: "ada@example.com",
        phone: "+234 803 555 0142",
        message: "We need a new website.",
        clientHash: "0123456789abcdef",
        state: "queued",
      });
      const [mail] = await deliver(h);
      return mail!;
    };
    const before = await enquiry();
    expect(before.html).toContain("Plot 14, Gado Nasko Road, Kubwa, Abuja, FCT, Nigeria");
    expect(before.text).toContain("+234 803 555 0142 · hello@techspark.ng");

    const seed = agencyType.item.parse(agencyType.seed[0]);
    const values = fieldValues(agencyType.fields, {
      ...seed,
      address: { ...seed.address, street: "12 Aminu Kano Crescent", locality: "Wuse 2" },
      phones: ["+234 809 000 1111"],
    });
    expect(
      await h.s.staff.content.save(
        "amina@techspark.ng",
        "agency",
        "agency",
        {
          values,
          intent: "save",
          publishAt: null,
        },
        1,
      ),
    ).toMatchObject({ ok: true });

    const after = await enquiry();
    expect(after.html).toContain("12 Aminu Kano Crescent, Wuse 2, Abuja, FCT, Nigeria");
    expect(after.html).toContain('href="tel:+2348090001111"');
    expect(after.html).not.toContain("Gado Nasko");
    expect(after.text).toContain("12 Aminu Kano Crescent, Wuse 2, Abuja, FCT, Nigeria");
    expect(after.text).toContain("+234 809 000 1111 · hello@techspark.ng");
  });
});
