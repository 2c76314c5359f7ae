// The staff console in the browser, as the agency will use it: the first owner is invited from
// the shell, creates a passkey (Chromium's virtual authenticator runs the real WebAuthn
// ceremony), sees the overview, signs out and in again. Without a session, with an ended one and
// as a removed member, no page or data request gets anything but the sign-in page or a 401.
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { screenshots } from "./page-checks.ts";
import { addAuthenticator, expectAccessible, sessionCookie, staffConsole, test } from "./staff-helpers.ts";
import { openDatabase } from "../../server/db/index.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createCommentRepository } from "../../server/comments/repository.ts";
import { ABSOLUTE_MS, createStaffRepository } from "../../server/staff/repository.ts";
import routes from "../../app/routes.ts";
import { agencyType } from "../../app/content-types/agency/type.ts";
import { decodeHeader } from "../../server/testing/smtp.ts";

const seededAgency = agencyType.seed[0]!;

const { at, staff, inviteLink, signUp, dataDir, smtp: mailServer } = staffConsole;

async function expectSignInPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await expect(page.getByText("Welcome,")).toHaveCount(0);
}

test("the first owner: invited from the shell, creates a passkey, sees the overview, signs out and in again", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000); // two ceremonies and six axe runs: slow when the other workers are busy
  // Something waiting for the agency: one pending comment more than the worker's server had.
  const db = await openDatabase({ dataDir: dataDir() });
  let before: { comments: number; enquiries: number };
  try {
    // As the overview counts them (server/staff/overview.ts).
    const n = (row: { n: string | number | bigint }) => Number(row.n);
    before = {
      comments: n(
        await db.kysely
          .selectFrom("blog_comment")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("state", "=", "pending")
          .executeTakeFirstOrThrow(),
      ),
      enquiries: n(
        await db.kysely
          .selectFrom("contact_message")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("status", "=", "received")
          .where("createdAt", ">", Date.now() - 7 * 86_400_000)
          .executeTakeFirstOrThrow(),
      ),
    };
    await createCommentRepository(db, createOutbox(db), "x").write(
      {
        postId: 1,
        postTitle: "A post",
        parentId: null,
        name: "Reader",
        email: "reader@example.com",
        body: "Waiting for approval.",
        client: "e2e",
        spam: null,
      },
      Date.now(),
    );
  } finally {
    await db.close();
  }

  const authenticator = await addAuthenticator(page);
  const link = await inviteLink("amaka@techspark.ng", "--owner", "--name", "Amaka Obi");

  // Opening the link changes nothing (mail scanners open links): it names the person and waits.
  await page.goto(link);
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your invitation" })).toBeVisible();
  await expect(page.locator("main")).toContainText("Amaka Obi (amaka@techspark.ng)");
  await expect(page.locator("main")).toContainText("as an owner");
  expect(await authenticator.credentials()).toHaveLength(0);
  expect(await sessionCookie(page)).toBeUndefined();
  await expectAccessible(page);

  await page.getByRole("button", { name: "Create my passkey" }).click();
  await expect(page).toHaveURL(at("/admin"));
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Amaka Obi" })).toBeVisible();
  const cards = page.getByRole("listitem");
  await expect(cards.filter({ hasText: "Comments waiting" })).toContainText(String(before.comments + 1));
  await expect(cards.filter({ hasText: "Enquiries this week" })).toContainText(String(before.enquiries));
  // The server took a backup at start into its BACKUP_DIR (server/backup/): the overview says when.
  await expect(page.getByTestId("backup-status")).toHaveText(
    /^Last backup: (less than a minute|\d+ minutes?) ago$/,
  );
  await expect(page.getByRole("banner")).toContainText("Owner");
  await expectAccessible(page);
  await screenshots(page, "overview-1280", { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshots(page, "overview-390", { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
  const credentials = await authenticator.credentials();
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // The session cookie: HttpOnly, SameSite=Lax, the whole site (plain-http localhost: not Secure).
  const cookie = await sessionCookie(page);
  expect(cookie).toMatchObject({ name: "staff", httpOnly: true, sameSite: "Lax", path: "/" });
  const admin = await request.get(at("/admin"), { headers: { Cookie: `staff=${cookie!.value}` } });
  expect(admin.status()).toBe(200);
  expect(admin.headers()["cache-control"]).toBe("private, no-store");
  expect(admin.headers()["x-robots-tag"]).toBe("noindex, nofollow");

  // The link works once.
  const again = await page.context().newPage();
  await again.goto(link);
  await expect(again.getByRole("alert")).toContainText("This invitation was used already");
  await again.close();

  // Sign out: back to the sign-in page, and the old cookie opens nothing any more.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(at("/admin"));
  await expectSignInPage(page);
  await expectAccessible(page);
  expect(await sessionCookie(page)).toBeUndefined();
  const ended = await request.get(at("/admin.data"), { headers: { Cookie: `staff=${cookie!.value}` } });
  expect(ended.status()).toBe(401);

  // Sign in with the passkey on this device, from the keyboard.
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Amaka Obi" })).toBeVisible();

  // The audit log has it all.
  const audit = (await staff("audit", "--limit", "10000"))
    .split("\n")
    .filter((line) => line.includes("amaka@techspark.ng"))
    .join("\n");
  for (const action of ["invited", "passkey.added", "signed-in", "signed-out"])
    expect(audit).toContain(action);
});

/** A pending comment on post `postId`, written as a reader's would be. */
async function pendingComment(postId: number, name: string, body: string) {
  const db = await openDatabase({ dataDir: dataDir() });
  try {
    await createCommentRepository(db, createOutbox(db), "x").write(
      {
        postId,
        postTitle: `Post ${postId}`,
        parentId: null,
        name,
        email: `${name.split(" ")[0]!.toLowerCase()}@example.com`,
        body,
        client: "e2e",
        spam: null,
      },
      Date.now(),
    );
  } finally {
    await db.close();
  }
}

test("comments: the queue with its posts; approve one, reject or mark many at once; the post shows the approved one", async ({
  page,
  request,
  member,
}) => {
  test.setTimeout(60_000);
  await pendingComment(3, "Halima Musa", "Which backup service do you use?");
  await pendingComment(3, "Spam Bot", "Cheap followers at example.com");
  await pendingComment(4, "Another Bot", "Buy now");
  await pendingComment(5, "Kind Reader", "Thank you for this.");
  // The member's moderation in the audit log (other tests on the worker's server may add theirs).
  const moderated = async (action: string) =>
    (await staff("audit", "--limit", "10000"))
      .split("\n")
      .filter((line) => line.includes(member.email) && line.includes(action)).length;
  const before = { approve: await moderated("comment.approve"), spam: await moderated("comment.spam") };
  await page.goto(at("/admin"));

  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Comments" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Comments waiting" })).toBeVisible();
  const halima = page.getByRole("article", { name: "Halima Musa" });
  await expect(halima).toContainText("Which backup service do you use?");
  await expect(halima.getByRole("link", { name: "Post 3" })).toHaveAttribute(
    "href",
    "/blog-single-sidebar/3",
  );
  await expectAccessible(page);

  await halima.getByRole("button", { name: "Approve the comment by Halima Musa" }).click();
  await expect(page.getByRole("status")).toHaveText("1 comment approved and shown on the post.");
  await expect(page.getByRole("article", { name: "Halima Musa" })).toHaveCount(0);
  // On the post at once (this instance dropped its kept copy).
  expect(await (await request.get(at("/blog-single-sidebar/3"))).text()).toContain(
    "Which backup service do you use?",
  );

  // Many at once: nothing ticked is a clear message; ticked ones go together.
  await page
    .getByRole("group", { name: "With the ticked comments" })
    .getByRole("button", { name: "Mark as spam" })
    .click();
  await expect(page.getByRole("status")).toHaveText("Tick at least one comment first.");
  await page.getByLabel("Tick the comment by Spam Bot").check();
  await page.getByLabel("Tick the comment by Another Bot").check();
  await page
    .getByRole("group", { name: "With the ticked comments" })
    .getByRole("button", { name: "Mark as spam" })
    .click();
  await expect(page.getByRole("status")).toHaveText("2 comments marked as spam.");
  await expect(page.getByRole("article", { name: "Spam Bot" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Another Bot" })).toHaveCount(0);
  await expect(page.getByRole("article", { name: "Kind Reader" })).toHaveCount(1); // not ticked: untouched
  const post = await (await request.get(at("/blog-single-sidebar/3"))).text();
  expect(post).not.toContain("Cheap followers");

  expect(await moderated("comment.approve")).toBe(before.approve + 1);
  expect(await moderated("comment.spam")).toBe(before.spam + 2);
});

test("no session, an ended session, a removed member: the sign-in page (401) or 401 data, never data", async ({
  page,
  request,
}) => {
  const paths = ["/admin", "/admin/", "/admin/comments"];
  for (const p of paths) {
    const doc = await request.get(at(p));
    expect(doc.status(), p).toBe(401);
    const html = await doc.text();
    expect(html).toContain("Sign in with a passkey");
    expect(html).not.toContain("Welcome,");
    expect(html).not.toContain("Comments waiting");
    expect(doc.headers()["cache-control"]).toBe("private, no-store");
  }
  // Each loader checks on its own: asking for the overview's data alone (no layout) is refused too.
  for (const p of [
    "/admin.data",
    "/admin.data?_routes=routes/admin/overview",
    "/admin.data?_routes=routes/admin/layout",
    "/admin/comments.data",
    "/admin/comments.data?_routes=routes/admin/comments",
  ]) {
    const data = await request.get(at(p));
    expect(data.status(), p).toBe(401);
    expect(await data.text()).not.toContain("commentsPending");
  }
  // A made-up cookie is no session.
  const forged = await request.get(at("/admin.data"), { headers: { Cookie: `staff=${"A".repeat(43)}` } });
  expect(forged.status()).toBe(401);

  // A member signed in, then removed from the shell: the very next request is refused.
  await signUp(page, "tunde@techspark.ng", "Tunde Bello");
  await expect(page.getByRole("banner")).toContainText("Staff");
  const cookie = (await sessionCookie(page))!;
  expect(
    (await request.get(at("/admin.data"), { headers: { Cookie: `staff=${cookie.value}` } })).status(),
  ).toBe(200);
  expect(await staff("remove", "tunde@techspark.ng")).toContain("tunde@techspark.ng");
  expect(
    (await request.get(at("/admin.data"), { headers: { Cookie: `staff=${cookie.value}` } })).status(),
  ).toBe(401);
  await page.reload();
  await expectSignInPage(page);
  // Their passkey is gone with them: signing in with it is refused, in words.
  await hydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toContainText("not registered for the staff console");
});

type RouteEntry = { path?: string; index?: boolean; id?: string; file: string; children?: RouteEntry[] };

/** Every console page behind a session, from the route table (so a new page is swept too): its
 *  address (":id" segments filled in) and its route id. */
/** Every console route; `resource`: one without a page (a download). */
function consoleRoutes(): { path: string; id: string; resource: boolean }[] {
  const found: { path: string; id: string; resource: boolean }[] = [];
  const walk = (entries: RouteEntry[], prefix: string) => {
    for (const e of entries) {
      const path = e.index ? prefix : [prefix, e.path].filter(Boolean).join("/");
      if (path.startsWith("admin") && !["admin/invite", "admin/sign-out"].includes(path))
        found.push({
          path: `/${path.replace(/:\w+/g, "x")}`,
          // A module used by two routes names each (app/routes.ts: { id }).
          id: e.id ?? e.file.replace(/\.tsx?$/, ""),
          resource: e.file.endsWith(".ts"),
        });
      if (e.children) walk(e.children, path);
    }
  };
  walk(routes as RouteEntry[], "");
  return found;
}

test("every console page and its data: nothing without a session, with an ended one, or as a removed member", async ({
  request,
}) => {
  const targets = consoleRoutes();
  expect(targets.map((t) => t.path)).toEqual(
    expect.arrayContaining([
      "/admin",
      "/admin/comments",
      "/admin/team",
      "/admin/enquiries/x",
      "/admin/enquiries.csv",
      "/admin/subscribers",
      "/admin/subscribers.csv",
      "/admin/newsletter",
      "/admin/newsletter/new",
      "/admin/newsletter/x",
      "/admin/content",
      "/admin/content/x",
      "/admin/content/x/new",
      "/admin/content/x/x",
    ]),
  );
  // An ended session (signed in eight days ago) and a removed member's session.
  const db = await openDatabase({ dataDir: dataDir() });
  const cookies: Record<string, string> = { none: "" };
  try {
    const store = createStaffRepository(db);
    const now = Date.now();
    const { member: old } = await store.invite(
      { email: "old@techspark.ng", name: "Old", role: "owner", by: "shell" },
      now,
    );
    cookies.ended = `staff=${await store.startSession(old.id, "x", now - ABSOLUTE_MS - 3_600_000)}`;
    const { member: gone } = await store.invite(
      { email: "gone@techspark.ng", name: "Gone", role: "owner", by: "shell" },
      now,
    );
    cookies.removed = `staff=${await store.startSession(gone.id, "x", now)}`;
    await store.remove("gone@techspark.ng", "shell", now);
  } finally {
    await db.close();
  }
  for (const [kind, cookie] of Object.entries(cookies)) {
    const headers = cookie ? { Cookie: cookie } : undefined;
    for (const { path: p, id, resource } of targets) {
      const doc = await request.get(at(p), { headers });
      expect(doc.status(), `${kind} ${p}`).toBe(401);
      expect(doc.headers()["cache-control"]).toBe("private, no-store");
      const html = await doc.text();
      if (resource) {
        // A download (the CSV): no page to show, and nothing in the answer.
        expect(html, `${kind} ${p}`).not.toMatch(/@techspark\.ng|@example\.com|,/);
        continue;
      }
      expect(html, `${kind} ${p}`).toContain("Sign in with a passkey");
      expect(html, `${kind} ${p}`).not.toContain("Welcome,");
      expect(doc.headers()["cache-control"]).toBe("private, no-store");
      const base = p === "/admin" ? "/admin" : p;
      for (const data of [`${base}.data`, `${base}.data?_routes=${id}`]) {
        const answer = await request.get(at(data), { headers });
        expect(answer.status(), `${kind} ${data}`).toBe(401);
        // The root's data (the agency's public details, on every page) aside: nothing of the
        // console's.
        const text = seededAgency.emails.reduce((t, email) => t.replaceAll(email, ""), await answer.text());
        expect(text, `${kind} ${data}`).not.toMatch(/@techspark\.ng|@example\.com|commentsPending/);
      }
    }
  }
});

test("signed in, a hand-made post to any console page gets a 4xx with a reason, never a 500", async ({
  request,
}) => {
  const db = await openDatabase({ dataDir: dataDir() });
  let cookie: string;
  try {
    const store = createStaffRepository(db);
    const { member } = await store.invite(
      { email: "poster@techspark.ng", name: "Poster", role: "owner", by: "shell" },
      Date.now(),
    );
    cookie = `staff=${await store.startSession(member.id, "x", Date.now())}`;
  } finally {
    await db.close();
  }
  const origin = new URL(at("/")).origin;
  // The session's form token, as its pages carry it: with it, each action answers the body itself.
  const overview = await request.get(at("/admin"), { headers: { Cookie: cookie } });
  const token = /name="console-token" value="([\w-]+)"/.exec(await overview.text())?.[1] ?? "";
  expect(token).not.toBe("");
  const bodies: { name: string; headers: Record<string, string>; data: string }[] = [
    { name: "not a form", headers: { "Content-Type": "text/plain" }, data: "intent=send-confirmed" },
    { name: "JSON", headers: { "Content-Type": "application/json" }, data: '{"intent":"send-confirmed"}' },
    {
      name: "a cut multipart",
      headers: { "Content-Type": "multipart/form-data; boundary=zz" },
      data: '--zz\r\nContent-Disposition: form-data; name="intent"\r\n\r\nerase',
    },
    {
      name: "an unknown intent",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: "intent=%00drop&email=x",
    },
    {
      name: "an unknown intent with the token",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      data: `intent=%00drop&email=x&console-token=${token}`,
    },
  ];
  for (const { path: p, resource } of consoleRoutes()) {
    if (resource) continue;
    for (const body of bodies) {
      const answer = await request.post(at(p), {
        headers: { ...body.headers, Cookie: cookie, Origin: origin },
        data: body.data,
        maxRedirects: 0,
      });
      expect(answer.status(), `${body.name} to ${p}`).toBeGreaterThanOrEqual(400);
      expect(answer.status(), `${body.name} to ${p}`).toBeLessThan(500);
      expect(await answer.text(), `${body.name} to ${p}`).not.toMatch(/at \w+ \(|TypeError|stack/i);
    }
  }
});

test("the console is out of the sitemap and the site search, and the invitation page needs the link", async ({
  page,
  request,
}) => {
  expect(await (await request.get(at("/sitemap.xml"))).text()).not.toContain("/admin");
  expect(await (await request.get(at("/search?q=admin"))).text()).not.toContain('href="/admin');
  await page.goto(at("/admin/invite"));
  await expect(page.getByRole("alert")).toContainText("needs the whole link");
  await page.goto(at(`/admin/invite#${"B".repeat(43)}`));
  await expect(page.getByRole("alert")).toContainText("This invitation link is not valid");
});

test("owners invite staff by e-mail and remove them; a member adds a passkey and ends a session elsewhere", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000); // two browsers, three ceremonies, four axe runs
  await addAuthenticator(page);
  await page.goto(await inviteLink("bisi@techspark.ng", "--owner", "--name", "Bisi Ade"));
  await hydrated(page);
  await page.getByRole("button", { name: "Create my passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Bisi Ade" })).toBeVisible();

  // The team page: the form checks itself before anything is sent.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Team" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Team" })).toBeVisible();
  await hydrated(page);
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByText("Please enter their name.")).toBeVisible();
  await expect(page.getByText("Please enter their e-mail address.")).toBeVisible();
  await page.getByLabel("Name").fill("Chidi Nwosu");
  await page.getByLabel("E-mail address").fill("not-an-address");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByText("Please enter a valid e-mail address.")).toBeVisible();
  await page.getByLabel("E-mail address").fill("Chidi@TechSpark.ng");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "Invitation e-mailed to chidi@techspark.ng. The link works once, for 24 hours.",
  );
  await expectAccessible(page);

  // The e-mail, through the outbox to the SMTP server on loopback.
  const smtp = mailServer();
  await smtp.waitFor(() => smtp.received.some((m) => m.envelopeTo.includes("chidi@techspark.ng")), 10_000);
  const mail = smtp.received.find((m) => m.envelopeTo.includes("chidi@techspark.ng"))!;
  expect(decodeHeader(mail.headers.get("subject")!)).toBe(
    "Your invitation to the TechSpark Innovations staff console",
  );
  expect(mail.text).toContain("bisi@techspark.ng invited you");
  const secret = /\/admin\/invite#([\w.-]+)/.exec(mail.text)?.[1];
  expect(secret).toBeTruthy();

  // Chidi, on their own browser: staff, without the owners' pages.
  const chidiContext = await browser.newContext({ reducedMotion: "reduce" });
  const chidi = await chidiContext.newPage();
  const first = await addAuthenticator(chidi);
  await chidi.goto(at(`/admin/invite#${secret}`));
  await hydrated(chidi);
  await expect(chidi.locator("main")).toContainText("as a member of staff");
  await chidi.getByRole("button", { name: "Create my passkey" }).click();
  await expect(chidi.getByRole("heading", { level: 1, name: "Welcome, Chidi Nwosu" })).toBeVisible();
  await expect(
    chidi.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Team" }),
  ).toHaveCount(0);
  const cookie = (await chidiContext.cookies()).find((c) => c.name === "staff")!;
  for (const p of ["/admin/team", "/admin/audit"]) {
    const refused = await request.get(at(p), { headers: { Cookie: `staff=${cookie.value}` } });
    expect(refused.status(), p).toBe(403);
    expect(await refused.text()).toContain("Owners only");
    const data = await request.get(at(`${p}.data`), { headers: { Cookie: `staff=${cookie.value}` } });
    expect(data.status(), `${p}.data`).toBe(403);
    expect(await data.text()).not.toContain("bisi@techspark.ng");
  }

  // Their account: a second passkey (another device), and a session elsewhere they end.
  await chidi.goto(at("/admin/account"));
  await hydrated(chidi);
  await expect(chidi.getByRole("region", { name: "Your passkeys" }).getByRole("listitem")).toHaveCount(1);
  await first.remove();
  await addAuthenticator(chidi);
  await chidi.getByRole("button", { name: "Add a passkey on this device" }).click();
  await expect(chidi.getByRole("status")).toHaveText("Passkey added: you can sign in with it from now on.");
  const passkeys = chidi.getByRole("region", { name: "Your passkeys" });
  await expect(passkeys.getByRole("listitem")).toHaveCount(2);
  // The lost device's passkey (the older one) is removed from the new one; the last one cannot be.
  await passkeys
    .getByRole("listitem")
    .first()
    .getByRole("button", { name: /^Remove the passkey/ })
    .click();
  await expect(chidi.getByRole("status")).toHaveText("Passkey removed: it can no longer sign in.");
  await expect(passkeys.getByRole("listitem")).toHaveCount(1);
  await expect(passkeys.getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  const db = await openDatabase({ dataDir: dataDir() });
  let elsewhere: string;
  try {
    const store = createStaffRepository(db);
    elsewhere = await store.startSession(
      (await store.memberByEmail("chidi@techspark.ng"))!.id,
      "Safari on iOS",
      Date.now(),
    );
  } finally {
    await db.close();
  }
  await chidi.reload();
  const sessions = chidi.getByRole("region", { name: "Where you are signed in" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This browser" })).toHaveCount(1);
  await sessions.getByRole("button", { name: "End the session on Safari on iOS" }).click();
  await expect(chidi.getByRole("status")).toHaveText("That session has ended: it is signed out.");
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  expect((await request.get(at("/admin.data"), { headers: { Cookie: `staff=${elsewhere}` } })).status()).toBe(
    401,
  );
  await expectAccessible(chidi);

  // The owner removes Chidi, after confirming: Chidi's next click is the sign-in page.
  await page.reload();
  await page.getByRole("button", { name: "Remove Chidi Nwosu" }).click();
  await expect(page.getByRole("heading", { name: "Remove chidi@techspark.ng?" })).toBeVisible();
  expect(
    (await request.get(at("/admin.data"), { headers: { Cookie: `staff=${cookie.value}` } })).status(),
  ).toBe(200);
  await page.getByRole("button", { name: "Remove for good" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "chidi@techspark.ng is removed: signed out everywhere, passkeys deleted.",
  );
  await chidi.reload();
  await expectSignInPage(chidi);
  await chidiContext.close();

  // The audit log, for owners.
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Audit log" }).click();
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(log).toContainText("removed");
  await expect(log).toContainText("session.ended");
  await expect(log).toContainText("passkey.removed");
  await expect(
    log.getByRole("row").filter({ hasText: "invited" }).filter({ hasText: "chidi@techspark.ng" }),
  ).toHaveCount(1);
  await expectAccessible(page);
});
