// Signing in to the staff console in Chromium after issue 26: the real passkey (Chromium's
// virtual authenticator) sends the user handle the server now requires, so members sign in as
// before; a refused stranger is counted on the Audit page, apart from the staff actions, and that
// page stays accessible. The forged answers (another member's user handle, a taken credential
// id, the rate limit) are API tests: server/staff/http.test.ts and tests/hostile/sign-in.test.ts.
import { expect, hydrated, test } from "./hydration.ts";
import { consoleServer, expectAccessible } from "./staff-helpers.ts";

test.describe.configure({ mode: "serial" });
test.use({ reducedMotion: "reduce" });

const { at, staff, signUp } = consoleServer("e2e-sign-in-");

test("a member signs out and in again with their passkey, twice (the user handle is checked and sent)", async ({
  page,
}) => {
  await signUp(page, "amaka@techspark.ng", "Amaka Obi");
  for (let round = 0; round < 2; round++) {
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await hydrated(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Amaka Obi" })).toBeVisible();
  }
  expect(await staff("audit")).not.toContain("sign-in-refused");
});

test("a stranger's refused sign-in is counted on the Audit page, not written into the log", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000); // two ceremonies and two axe runs
  // Someone whose passkey the console no longer knows (removed), trying to sign in with it.
  const strangerContext = await browser.newContext({ reducedMotion: "reduce" });
  const stranger = await strangerContext.newPage();
  await signUp(stranger, "gone@techspark.ng", "Gone Person");
  await staff("remove", "gone@techspark.ng");
  await stranger.reload();
  await hydrated(stranger);
  await stranger.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(stranger.getByRole("alert")).toContainText("not registered for the staff console");
  await strangerContext.close();

  // An owner looks (invited again with --owner: the role changes at once).
  await signUp(page, "bisi@techspark.ng", "Bisi Ade");
  await staff("invite", "bisi@techspark.ng", "--owner", "--name", "Bisi Ade");
  await page.goto(at("/admin/audit"));
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  const refused = page.getByRole("region", { name: "Refused sign-in attempts" });
  await expect(refused).toContainText("1 attempt in the last 24 hours, from 1 connection");
  await expect(refused.getByRole("list", { name: "Why, in the last 24 hours" })).toContainText(
    "1 attempt: a passkey this console does not know",
  );
  // The log itself names no visitor: its rows are staff actions.
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(log).toContainText("removed");
  await expect(log).not.toContainText("visitor");
  await expect(log).not.toContainText("sign-in-refused");
  await expectAccessible(page);
});
