// A content list put in order by dragging (the FAQ's, as every list of the console): a question
// dragged by its handle with the pointer to the top of the list, then from the keyboard (Space,
// the arrow keys, Space) back to where it was; each drop says where the item went and /faq shows
// the order within a second. Without JavaScript there are no handles (Up and Down remain).
import type { Locator, Page } from "@playwright/test";
import { expect, hydrated } from "./hydration.ts";
import { expectAccessible, pageHolds, shownWithin, staffConsole, test } from "./staff-helpers.ts";
import { faqType } from "../../app/content-types/faq/type.ts";

const { at } = staffConsole;

/** The questions of the console's list, in its order. */
async function listed(page: Page): Promise<string[]> {
  const headings = page
    .getByRole("list", { name: "Questions and answers" })
    .getByRole("heading", { level: 2 });
  return (await headings.allTextContents()).map((t) => t.replace(/^\d+\.\s*/, ""));
}

/** /faq has `first` before `then`. */
const faqOrder = async (first: string, then: string): Promise<true | string> => {
  const html = (await (await fetch(at("/faq"))).text()).replaceAll("&#x27;", "'");
  const a = html.indexOf(first);
  const b = html.indexOf(then);
  return a >= 0 && b >= 0 && a < b ? true : `/faq does not show "${first}" before "${then}"`;
};

async function dragTo(page: Page, handle: Locator, target: Locator) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // In steps, as a hand moves: the list makes room as the item passes.
  await page.mouse.move(from.x + from.width / 2, to.y + 8, { steps: 12 });
  await page.mouse.up();
}

test("a question dragged to the top with the pointer, and back from the keyboard: /faq follows within a second", async ({
  page,
  member,
}) => {
  test.setTimeout(90_000);
  void member;
  await page.goto(at("/admin/content/faq"));
  await hydrated(page);
  const before = await listed(page);
  const [first, , third] = before;
  const handle = (question: string) =>
    page.getByRole("button", { name: `Drag “${question}” to another place` });
  await expect(handle(third!)).toBeVisible();

  // With the pointer: the third question onto the first's place.
  const items = page.getByRole("list", { name: "Questions and answers" }).getByRole("listitem");
  await dragTo(page, handle(third!), items.first());
  // The page's own status (dnd-kit reads its steps out in a live region of its own, outside main).
  const status = page.getByRole("main").getByRole("status");
  await expect(status).toHaveText("Moved to place 1: the site shows the new order.");
  await expect.poll(() => listed(page)).toEqual([third, ...before.filter((q) => q !== third)]);
  await shownWithin(Date.now(), 1_000, () => faqOrder(third!, first!));

  // From the keyboard: picked up, two places down, dropped; read out at each step.
  await handle(third!).focus();
  await page.keyboard.press("Space");
  // Read out: picked up (then at once "over" its own place).
  await expect(
    page.getByRole("status").filter({ hasText: /^(Picked up “.+”, at|“.+” is over) place 1 of \d+\.$/ }),
  ).toBeAttached();
  const over = (n: number) =>
    expect(
      page.getByRole("status").filter({ hasText: new RegExp(`is over place ${n} of \\d+\\.$`) }),
    ).toBeAttached();
  await page.keyboard.press("ArrowDown");
  await over(2);
  await page.keyboard.press("ArrowDown");
  await over(3);
  await page.keyboard.press("Space");
  await expect(status).toHaveText("Moved to place 3: the site shows the new order.");
  await expect.poll(() => listed(page)).toEqual(before);
  await shownWithin(Date.now(), 1_000, () => faqOrder(first!, third!));
  await expectAccessible(page);
});

test("a place that is not one is refused, and a drop without the session's token changes nothing", async ({
  page,
  member,
}) => {
  void member;
  await page.goto(at("/admin/content/faq"));
  const before = await listed(page);
  const token = await page.locator('input[name="console-token"]').first().inputValue();
  const key = faqType.seed[1]!.id;
  const post = (form: Record<string, string>) =>
    page.request.post(at("/admin/content/faq"), {
      form,
      headers: { Origin: new URL(at("")).origin },
    });
  for (const position of ["0", "-1", "1.5", "abc", "", "1e309"]) {
    const answer = await post({ "console-token": token, intent: "place", key, position });
    expect(answer.status(), `place "${position}"`).toBe(400);
  }
  expect(
    (await post({ "console-token": token, intent: "place", key: "no-such", position: "1" })).status(),
  ).toBe(404);
  expect((await post({ intent: "place", key, position: "1" })).status()).toBe(403);
  await page.reload();
  expect(await listed(page)).toEqual(before);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the list has no drag handles, and Up and Down still move", async ({ page, member }) => {
    void member;
    await page.goto(at("/admin/content/faq"));
    await expect(page.getByRole("button", { name: /^Drag / })).toHaveCount(0);
    const [first, second] = await listed(page);
    await page.getByRole("button", { name: `Move “${second}” up` }).click();
    await expect(page.getByRole("status")).toHaveText("Moved up: the site shows the new order.");
    await page.getByRole("button", { name: `Move “${second}” down` }).click();
    expect((await listed(page)).slice(0, 2)).toEqual([first, second]);
    expect(await pageHolds(at("/faq"), first!.replaceAll("'", "&#x27;"))).toBe(true);
  });
});
