import { readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { iconNames } from "../app/config/icon-names.ts";
import { renderSprite, spritePath } from "./build-icons.ts";

it("the committed icon sprite holds every icon the site names, and nothing else", () => {
  const sprite = readFileSync(spritePath, "utf8");
  expect(sprite).toBe(renderSprite());
  const ids = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
  expect(ids).toEqual([...iconNames]);
});
