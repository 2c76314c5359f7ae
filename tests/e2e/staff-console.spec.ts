// The staff console in the browser, as the agency will use it: the first owner is invited from
// the shell, creates a passkey (Chromium's virtual authenticator runs the real WebAuthn
// ceremony), sees the overview, signs out and in again. Without a session, with an ended one and
// as a removed member, no page or data request gets anything but the sign-in page or a 401.
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./hydration.ts";
import { addAuthenticator, consoleServer, expectAccessible, sessionCookie } from "./staff-helpers.ts";
import { openDatabase } from "../../server/db/index.ts";
import { createOutbox } from "../../server/mail/outbox.ts";
import { createCommentRepository } from "../../server/comments/repository.ts";

test.describe.configure({ mode: "serial" });
test.use({ reducedMotion: "reduce" });

const { at, staff, inviteLink, signUp, dataDir } = consoleServer("e2e-staff-");

async function expectSignInPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await expect(page.getByText("Welcome,")).toHaveCount(0);
}

test("the first owner: invited from the shell, creates a passkey, sees the overview, signs out and in again", async ({
  page,
  request,
}) => {
  // Something waiting for the agency: one pending comment.
  const db = await openDatabase({ dataDir: dataDir() });
  try {
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
  await expect(cards.filter({ hasText: "Comments waiting" })).toContainText("1");
  await expect(cards.filter({ hasText: "Enquiries this week" })).toContainText("0");
  await expect(page.getByRole("banner")).toContainText("Owner");
  await expectAccessible(page);
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
  const audit = await staff("audit");
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
}) => {
  await pendingComment(3, "Halima Musa", "Which backup service do you use?");
  await pendingComment(3, "Spam Bot", "Cheap followers at example.com");
  await pendingComment(4, "Another Bot", "Buy now");
  await signUp(page, "ify@techspark.ng", "Ify Okafor");

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
  await expect(page.getByRole("article", { name: "Reader" })).toHaveCount(1); // the first test's, untouched
  const post = await (await request.get(at("/blog-single-sidebar/3"))).text();
  expect(post).not.toContain("Cheap followers");

  const audit = await staff("audit");
  expect(audit).toContain("comment.approve");
  expect(audit).toContain("comment.spam");
  expect(audit).toContain("ify@techspark.ng");
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
