// @vitest-environment node
// A post sent to subscribers, and the newsletter's web archive, through the built app in this
// process with its mail worker and a real SMTP server on loopback. "The whole post": the issue
// (its console preview, then the e-mail a subscriber receives) has the header picture at an
// e-mail width (a JPEG of this site, with its alt, width and height), the byline, the article's
// headings, list and quote, the in-body picture, and "Read it on the website"; "the excerpt and a
// link" has the excerpt and the link. Each e-mail's "View in your browser" leads to the issue's
// page, which shows it (nothing of the subscriber's) once it is sent: a draft's page, a made-up
// id and junk answer 404, never 500; the list, the sitemap and the search show sent issues only;
// hostile text in an issue is text on its page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { skipWithoutBuild } from "#server/testing/server-process.ts";
import { startSmtp, type ReceivedMail, type TestSmtp } from "#server/testing/smtp.ts";
import { insertSubscriber } from "#server/newsletter/testing/subscribers.ts";
import { fetchPage, startSite, type InProcessSite } from "./site.ts";

const skip = skipWithoutBuild("the newsletter's archive");

const AMINA = "amina@techspark.ng";
const READER = "reader@example.org";
/** Post 16 of the seed: its header picture is blog-16-full (1600 × 900, a JPEG 640 px wide). */
const POST = 16;
const TITLE = "Accessible Design Is Good Business: Lessons from a Patient Portal";
const ALT = "Illustration: the accessibility symbol beside contrast and text-size controls";
/** The header picture as the e-mail must show it: a JPEG of this site about 600 px wide. */
const HEADER_IMG = {
  src: "https://techspark.ng/img/blog-16-full-640.jpg",
  width: "552",
  height: "311",
  alt: ALT,
};
const INLINE_IMG = {
  src: "https://techspark.ng/img/blog-16-inline-640.jpg",
  width: "552",
  height: "311",
  alt: "",
};

/** The e-mail layout's logo, first picture of every e-mail (server/mail/design.ts). */
const LOGO = { src: "https://techspark.ng/img/email-logo.png", alt: "TechSpark Innovations" };

/** The attributes of every <img> of an HTML text, in order. */
const images = (html: string) =>
  [...html.matchAll(/<img\s([^>]*)>/g)].map(([, attributes]) =>
    Object.fromEntries([...attributes!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v])),
  );
/** The post's link in the e-mail, tagged with the issue's campaign for the traffic page (a
 *  pattern: its subject's words). */
const CAMPAIGN = "utm_source=newsletter&amp;utm_medium=email&amp;utm_campaign=[a-z0-9-]+";
const POST_LINK = `href="https://techspark\\.ng/blog-single-sidebar/16\\?${CAMPAIGN}"`;

describe.skipIf(skip)("a post sent to subscribers, and the newsletter's archive", () => {
  let smtp: TestSmtp;
  let site: InProcessSite;
  const get = (path: string) => fetchPage(site.base, path);
  const issues = () => site.services.staff.issues;
  const posts = () => site.services.staff.posts;

  /** Starts an issue from the post in this mode; its id. */
  async function fromPost(mode: "whole" | "excerpt") {
    const started = await posts().sendToSubscribers(AMINA, POST, mode);
    if (!started.ok) throw new Error(`not started: ${started.reason}`);
    return started.issueId;
  }

  /** Sends the issue; the e-mail the subscriber receives. */
  async function send(id: string): Promise<ReceivedMail> {
    const before = smtp.received.length;
    expect(await issues().send(AMINA, id)).toEqual({ ok: true, recipients: 1 });
    await smtp.waitFor(() => smtp.received.length > before);
    return smtp.received[before]!;
  }

  /** The path of the e-mail's "View in your browser" link (absolute to the public origin). */
  const webPath = (mail: ReceivedMail) => {
    const match =
      /<a href="https:\/\/techspark\.ng(\/newsletter\/issues\/[\w-]+)"[^>]*>View in your browser<\/a>/.exec(
        mail.html,
      );
    return match?.[1];
  };

  beforeAll(async () => {
    smtp = await startSmtp();
    site = await startSite({ smtpUrl: smtp.url });
    await insertSubscriber(site.services.db.kysely, READER, "subscribed", Date.now());
    // Kept by the page cache before any issue is sent: a sent one must show in them all the same.
    for (const path of ["/newsletter/issues", "/sitemap.xml", "/search?q=accessible"])
      expect((await get(path)).status, path).toBe(200);
  });

  afterAll(async () => {
    await site?.stop();
    await smtp?.close();
  });

  it("carries the whole post: picture, byline, article and link, in the preview and the e-mail; its page once sent", async () => {
    const id = await fromPost("whole");
    const draft = await issues().get(id);
    expect(draft).toMatchObject({ state: "draft", subject: TITLE, post: { id: POST } });
    const preview = draft!.preview!.html;
    expect(images(preview)).toEqual([
      expect.objectContaining(LOGO),
      expect.objectContaining(HEADER_IMG),
      expect.objectContaining(INLINE_IMG),
    ]);
    expect(preview).toContain("By Zainab Musa · 9 August 2023");
    expect(preview).toMatch(/<h2 [^>]*>Who we designed for<\/h2>/);
    expect(preview).toMatch(/<li><strong>Text that scales\.<\/strong>/);
    expect(preview).toMatch(/<blockquote [^>]*>\s*<p [^>]*>Accessibility is not a feature/);
    // The in-body picture, decoration, just before the mid-title (as on the post's page).
    expect(preview).toMatch(/blog-16-inline-640\.jpg"[^>]*>\s*<h2 [^>]*>Small changes with large effects/);
    expect(preview).toMatch(new RegExp(`<a\\s+${POST_LINK}[^>]*>\\s*Read it on the website\\s*</a`));
    // Not on the web while it is a draft (its id is no page), nor in the list.
    expect((await get(`/newsletter/issues/${id}`)).status).toBe(404);
    expect((await get("/newsletter/issues")).text).not.toContain(id);

    const mail = await send(id);
    expect(mail.envelopeTo).toEqual([READER]);
    expect(images(mail.html)).toEqual([
      expect.objectContaining(LOGO),
      expect.objectContaining(HEADER_IMG),
      expect.objectContaining(INLINE_IMG),
    ]);
    expect(mail.html).toMatch(/<h2 [^>]*>Who we designed for<\/h2>/);
    expect(mail.html).toMatch(/<li><strong>Large touch targets\.<\/strong>/);
    expect(mail.html).toMatch(new RegExp(POST_LINK));
    // Every picture is this site's.
    for (const [, src] of mail.html.matchAll(/<img src="([^"]+)"/g))
      expect(src).toMatch(/^https:\/\/techspark\.ng\/img\//);
    expect(mail.text).toMatch(
      /Read it on the website: https:\/\/techspark\.ng\/blog-single-sidebar\/16\?utm_source=newsletter&utm_medium=email&utm_campaign=[a-z0-9-]+\n/,
    );
    expect(mail.text).toContain(`View in your browser: https://techspark.ng/newsletter/issues/${id}`);

    // "View in your browser" works: the issue on the site's page, nothing of the reader's.
    const path = webPath(mail);
    expect(path).toBe(`/newsletter/issues/${id}`);
    const page = await get(path!);
    expect(page.status).toBe(200);
    expect(page.text).toContain(`<h1`);
    expect(page.text).toContain(TITLE);
    expect(page.text).toMatch(/<h2 id="who-we-designed-for">Who we designed for<\/h2>/);
    expect(page.text).toContain(`alt="${ALT}"`);
    expect(page.text).toMatch(/href="\/blog-single-sidebar\/16"[^>]*>Read it on the website/);
    expect(page.text).not.toContain(READER);
    // (Every page's footer says e-mails have an unsubscribe link; none is here.)
    expect(page.text).not.toContain("/newsletter/unsubscribe");
    expect(page.text).not.toContain("token=");

    // The list, the sitemap and the search have it now (their kept copies were dropped).
    const list = await get("/newsletter/issues");
    expect(list.text).toContain(`href="/newsletter/issues/${id}"`);
    expect((await get("/sitemap.xml")).text).toContain(`/newsletter/issues/${id}<`);
    expect((await get("/search?q=accessible")).text).toContain(`/newsletter/issues/${id}`);
  });

  it("carries the excerpt and a link to the post", async () => {
    const id = await fromPost("excerpt");
    const issue = await issues().get(id);
    expect(issue).toMatchObject({ subject: TITLE, post: null });
    expect(issue!.preview!.html).toContain("we designed first for older patients");
    expect(issue!.preview!.html).toMatch(new RegExp(POST_LINK));
    expect(issue!.preview!.html).not.toContain("Who we designed for");
    expect(images(issue!.preview!.html)).toEqual([expect.objectContaining(LOGO)]); // no picture of the post
    const mail = await send(id);
    expect(mail.html).toMatch(new RegExp(POST_LINK));
    expect((await get(webPath(mail)!)).text).toContain("we designed first for older patients");
  });

  it("answers 404 for a made-up id, and a 4xx for junk, never 500", async () => {
    for (const id of [
      "00000000-0000-4000-8000-000000000000",
      "1",
      "x".repeat(3000),
      "' or 1=1 --",
      "%E2%80%AE",
    ])
      expect((await get(`/newsletter/issues/${id}`)).status, id).toBe(404);
    // Refused before any page is rendered (server/request-guard.ts).
    for (const id of ["%00", "..%2F..%2Fetc%2Fpasswd", "%ZZ"]) {
      const { status } = await get(`/newsletter/issues/${id}`);
      expect(status, id).toBeGreaterThanOrEqual(400);
      expect(status, id).toBeLessThan(500);
    }
  });

  it("shows an issue's hostile text as text on its page and in the list", async () => {
    const subject = `<script>alert("subject")</script> & "quotes"`;
    const saved = await issues().save(AMINA, null, {
      subject,
      body: [
        "Plain words first.",
        "",
        "<img src=x onerror=alert(1)> <script>alert(2)</script>",
        "",
        "[a trap](javascript:alert(3)) ![a pixel](https://tracker.example/p.gif)",
      ].join("\n"),
    });
    if (!saved.ok) throw new Error("not saved");
    const mail = await send(saved.id);
    for (const page of [await get(webPath(mail)!), await get("/newsletter/issues")]) {
      expect(page.status).toBe(200);
      expect(page.text).toContain(
        "&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; &quot;quotes&quot;",
      );
      expect(page.text).not.toContain('<script>alert("subject")');
      expect(page.text).not.toContain("<img src=x");
      expect(page.text).not.toContain("javascript:alert");
      expect(page.text).not.toContain('tracker.example/p.gif"');
    }
  });
});
