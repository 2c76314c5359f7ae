// Issue 26: a newsletter issue whose body is "> " 6,000 times (12,001 characters, under the limit)
// was saved, and its page then failed every time (marked's recursion overflowed). Now every
// construct nested too deeply is refused when saved, naming the line, and a draft stored before
// that still opens: no preview, a message, never an error.
import { afterEach, describe, expect, it } from "vitest";
import { sqliteDatabase, type TestDatabase } from "../db/testing/databases.ts";
import { startHarness } from "../testing/feature-harness.ts";
import { ISSUE_LIMITS } from "#app/lib/newsletter-issue-schema.ts";
import { createLinkSigner } from "../mail/links.ts";
import { seedDetails } from "../mail/index.ts";
import { createIssueStore, issueHtml, renderIssue } from "./issues.ts";

// About rendering, not SQL: the issue store's suites (issues.test.ts) run on both databases.
const databases = [sqliteDatabase];

let cleanups: (() => Promise<unknown> | unknown)[] = [];
afterEach(async () => {
  for (const f of cleanups.reverse()) await f();
  cleanups = [];
});

const start = (database: TestDatabase) => startHarness(database, cleanups);

const THE_ISSUES_BODY = "> ".repeat(6000) + "x";

/** Each construct nested n deep. */
const NESTED: Record<string, (n: number) => string> = {
  "block quotes": (n) => "> ".repeat(n) + "x",
  "bullet lists": (n) => "- ".repeat(n) + "x",
  "ordered lists": (n) => "1. ".repeat(n) + "x",
  "indented lists": (n) => Array.from({ length: n }, (_, i) => `${"  ".repeat(i)}- item`).join("\n"),
  emphasis: (n) => "*a ".repeat(n) + "x" + " b*".repeat(n),
  strong: (n) => "**a ".repeat(n) + "x" + " b**".repeat(n),
  strikethrough: (n) => "~~a ".repeat(n) + "x" + " b~~".repeat(n),
  links: (n) => "[a ".repeat(n) + "x" + " b](https://example.com/)".repeat(n),
  images: (n) => "![a ".repeat(n) + "x" + " b](https://example.com/a.png)".repeat(n),
};

for (const database of databases) {
  describe(`on ${database.name}`, () => {
    it("the issue's body is refused when saved, with the line and the depth beside the body", async () => {
      expect(THE_ISSUES_BODY).toHaveLength(12_001);
      expect(issueHtml(THE_ISSUES_BODY)).toBeNull(); // marked cannot render it
      const h = await start(database);
      expect(
        await h.s.staff.issues.save("ngozi@techspark.ng", null, { subject: "Deep", body: THE_ISSUES_BODY }),
      ).toEqual({
        ok: false,
        errors: {
          body: "Line 1 is nested 6000 levels deep (block quotes, lists, emphasis or links inside one another): at most 20 can be shown.",
        },
      });
      expect(await h.s.staff.issues.list()).toEqual([]);
    });

    it("every construct: at most 20 levels saved and previewed, 21 refused", async () => {
      const h = await start(database);
      const issues = h.s.staff.issues;
      for (const [construct, nested] of Object.entries(NESTED)) {
        const saved = await issues.save("ngozi@techspark.ng", null, {
          subject: construct,
          body: nested(ISSUE_LIMITS.depth),
        });
        expect({ construct, ok: saved.ok }).toEqual({ construct, ok: true });
        if (saved.ok) expect((await issues.get(saved.id))!.preview?.html).toContain("Unsubscribe");
        const refused = await issues.save("ngozi@techspark.ng", null, {
          subject: construct,
          body: nested(ISSUE_LIMITS.depth + 1),
        });
        expect({ construct, refused }).toMatchObject({
          construct,
          refused: { ok: false, errors: { body: expect.stringMatching(/nested 21 levels deep/) } },
        });
      }
    });

    it("a draft stored before such bodies were refused opens without a preview, and its e-mail is never half made", async () => {
      const h = await start(database);
      const store = createIssueStore(h.s.db, h.s.mail.outbox);
      const old = await store.create(
        { subject: "Stored long ago", body: THE_ISSUES_BODY },
        "shell",
        h.c.now(),
      );
      const view = await h.s.staff.issues.get(old.id);
      expect(view).toMatchObject({ id: old.id, state: "draft", body: THE_ISSUES_BODY, preview: null });
      await expect(
        renderIssue(
          { issue: old, email: "ada@example.com", subscriberId: "s1" },
          {
            siteUrl: "https://techspark.ng",
            links: createLinkSigner("a-secret-of-32-characters-at-least"),
            details: seedDetails(),
          },
        ),
      ).rejects.toThrow(/cannot be rendered/);
      // Neither a test nor the real thing goes out: nobody gets an e-mail that cannot be made.
      await h.s.newsletter.store.signUp(
        "ada@example.com",
        { source: "/#footer", wording: "w", client: "c" },
        h.c.now(),
      );
      const member = { id: "m1", email: "ngozi@techspark.ng", name: "Ngozi", role: "owner" as const };
      expect(await h.s.staff.issues.sendTest(member, old.id)).toEqual({ ok: false, reason: "unrenderable" });
      expect(await h.s.staff.issues.send("ngozi@techspark.ng", old.id)).toEqual({
        ok: false,
        reason: "unrenderable",
      });
      expect((await h.s.staff.issues.get(old.id))!.state).toBe("draft");
      // Changed to something sane, it previews again.
      expect(
        await h.s.staff.issues.save("ngozi@techspark.ng", old.id, { subject: "Fixed", body: "> x" }),
      ).toEqual({
        ok: true,
        id: old.id,
      });
      expect((await h.s.staff.issues.get(old.id))!.preview?.html).toContain("<blockquote");
    });
  });
}
