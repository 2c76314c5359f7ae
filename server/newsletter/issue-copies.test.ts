// An issue's e-mail is rendered once and each subscriber's unsubscribe token put in afterwards
// (issues.ts, subscriberCopy): each reader must still get their own working link, in the HTML,
// the text and the List-Unsubscribe header, and an edit of the agency's details or of the issue
// must show in the next e-mail, never a stale copy.
import { describe, expect, it } from "vitest";
import { createLinkSigner } from "../mail/links.ts";
import { seedDetails } from "../mail/index.ts";
import { renderIssue, type Issue } from "./issues.ts";
import { UNSUBSCRIBE_LINK } from "./mail.ts";

const links = createLinkSigner("a-secret-of-32-characters-at-least");
const context = { siteUrl: "https://techspark.ng", links, details: seedDetails() };
const issue: Pick<Issue, "id" | "subject" | "body" | "post"> = {
  id: "0b4f6c1e-5d2a-4c4e-9a57-3f1f3c0c2a11",
  subject: "What we built in March",
  body: "## A bakery's website\n\nOrders by WhatsApp, and a menu that loads on a bus.",
  post: null,
};

/** The unsubscribe tokens an e-mail carries, and whose they are. */
function tokensIn(s: string): string[] {
  return [...s.matchAll(/newsletter\/unsubscribe\?token=([\w.~-]+)/g)].map((m) => {
    const check = links.verify(UNSUBSCRIBE_LINK, m[1]!, Date.now());
    return check.ok ? check.payload : `not a valid token: ${m[1]}`;
  });
}

describe("an issue rendered once for all its subscribers", () => {
  it("gives each subscriber their own unsubscribe link, everywhere it appears", async () => {
    const mails = await Promise.all(
      ["sub-1", "sub-2", "sub-3"].map((id) =>
        renderIssue({ issue, email: `${id}@example.com`, subscriberId: id }, context),
      ),
    );
    mails.forEach((mail, i) => {
      const id = `sub-${i + 1}`;
      expect(mail.to).toBe(`${id}@example.com`);
      expect(tokensIn(mail.html)).toEqual([id]);
      expect(tokensIn(mail.text)).toEqual([id]);
      expect(tokensIn(mail.headers!["List-Unsubscribe"]!)).toEqual([id]);
      expect(`${mail.html}${mail.text}${JSON.stringify(mail.headers)}`).not.toMatch(/slot/);
    });
    // The rest is the same e-mail, byte for byte.
    const without = (s: string) => s.replace(/token=[\w.~-]+/g, "token=…");
    expect(without(mails[1]!.html)).toBe(without(mails[0]!.html));
    expect(without(mails[2]!.text)).toBe(without(mails[0]!.text));
  });

  it("shows a change of the agency's details, or of the issue, in the next e-mail", async () => {
    const first = await renderIssue({ issue, email: "a@example.com", subscriberId: "a" }, context);
    const seed = seedDetails();
    expect(first.html).toContain(seed.address.street);
    const moved = { ...seed, address: { ...seed.address, street: "12 Gado Nasko Road" } };
    const after = await renderIssue(
      { issue, email: "a@example.com", subscriberId: "a" },
      { ...context, details: moved },
    );
    expect(after.html).toContain("12 Gado Nasko Road");
    const edited = { ...issue, body: "## A school's website\n\nTimetables on every phone." };
    const again = await renderIssue({ issue: edited, email: "a@example.com", subscriberId: "a" }, context);
    expect(again.html).toContain("Timetables on every phone");
    expect(again.html).not.toContain("Orders by WhatsApp");
  });
});
