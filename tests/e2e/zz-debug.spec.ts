import { hydrated } from "./hydration.ts";
import { staffConsole, test } from "./staff-helpers.ts";
test("debug", async ({ page, member }) => {
  void member;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(staffConsole.at("/admin/posts/1"));
  await hydrated(page);
  await page.waitForSelector(".cm-content");
  for (const c of ["light", "dark", "light"] as const) {
    await page.emulateMedia({ colorScheme: c });
    await page.waitForTimeout(700);
    console.log(c, await page.evaluate(() => document.getAnimations().map((a) => `${(a as CSSTransition).transitionProperty ?? ""} ${a.playState} ${((a.effect as KeyframeEffect).target as HTMLElement)?.outerHTML.slice(0, 100)}`).join("\n")));
  }
});
