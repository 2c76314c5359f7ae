// Signing in to the staff console in Chromium after issue 26: the real passkey (Chromium's
// virtual authenticator) sends the user handle the server now requires, so members sign in as
// before; a refused stranger is counted on the Audit page, apart from the staff actions, and that
// page stays accessible. The forged answers (another member's user handle, a taken credential
// id, the rate limit) are API tests: server/staff/http.test.ts and tests/hostile/sign-in.test.ts.
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, staffConsole, test } from "./staff-helpers.ts";

const { at, staff, signUp } = staffConsole;

test("a member signs out and in again with their passkey, twice (the user handle is checked and sent)", async ({
  page,
}) => {
  await signUp(page, "ngozi@techspark.ng", "Ngozi Obi");
  for (let round = 0; round < 2; round++) {
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    await hydrated(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Ngozi Obi" })).toBeVisible();
  }
  expect(await staff("audit", "--limit", "10000")).not.toContain("sign-in-refused");
});

test("a stranger's refused sign-in is counted on the Audit page, not written into the log", async ({
  page,
  browser,
  owner: _signedInAs,
}) => {
  test.setTimeout(90_000); // a ceremony (two, if the worker's owner signs up first) and two axe runs
  // The worker's owner looks, first at the counts before (the worker's server is shared: other
  // specs may have been refused already).
  await page.goto(at("/admin/audit"));
  const refused = page.getByRole("region", { name: "Refused sign-in attempts" });
  const count = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
  const before = await refused.innerText();
  const day = count(before, /(\d+) attempts? in the last 24 hours/);
  const unknown = count(before, /(\d+) attempts?: a passkey this console does not know/);
  const attempts = (n: number) => `${n} ${n === 1 ? "attempt" : "attempts"}`;

  // Someone whose passkey the console no longer knows (removed), trying to sign in with it.
  const strangerContext = await browser.newContext({ reducedMotion: "reduce" });
  const stranger = await strangerContext.newPage();
  await signUp(stranger, "lost@techspark.ng", "Lost Person");
  await staff("remove", "lost@techspark.ng");
  await stranger.reload();
  await hydrated(stranger);
  await stranger.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(stranger.getByRole("alert")).toContainText("not registered for the staff console");
  await strangerContext.close();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await expect(refused).toContainText(`${attempts(day + 1)} in the last 24 hours, from 1 connection`);
  await expect(refused.getByRole("list", { name: "Why, in the last 24 hours" })).toContainText(
    `${attempts(unknown + 1)}: a passkey this console does not know`,
  );
  // The log itself names no visitor: its rows are staff actions.
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(log).toContainText("removed");
  await expect(log).not.toContainText("visitor");
  await expect(log).not.toContainText("sign-in-refused");
  await expectAccessible(page);
});
