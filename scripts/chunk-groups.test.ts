import path from "node:path";
import { describe, expect, it } from "vitest";
import { appModules, filesUnder, packageModules } from "./chunk-groups.ts";

const files = [
  "lib/paginate.ts",
  "lib/cn.ts",
  "hooks/use-motion.ts",
  "hooks/use-theme.ts",
  "components/blog/card.tsx",
];

describe("chunk group entries", () => {
  it("capture the files they name, in either separator, and not what is excepted", () => {
    const group = appModules(files, ["lib/paginate.", "hooks/", "components/blog/"], ["hooks/use-motion."]);
    expect(group.test("/src/app/lib/paginate.ts")).toBe(true);
    expect(group.test("C:\\src\\app\\components\\blog\\card.tsx")).toBe(true);
    expect(group.test("/src/app/hooks/use-theme.ts")).toBe(true);
    expect(group.test("/src/app/hooks/use-motion.ts")).toBe(false);
    expect(group.test("/src/app/lib/cn.ts")).toBe(false);
    // A name is a prefix up to its dot: `paginate.` is not `paginate-links.ts`.
    expect(group.test("/src/app/lib/paginate-links.ts")).toBe(false);
  });

  it("stop the build when one names no file (a renamed or deleted module)", () => {
    expect(() => appModules(files, ["lib/paginate.", "lib/comment-form."])).toThrow(
      'the chunk group entry "app/lib/comment-form." matches no file',
    );
    expect(() => appModules(files, ["hooks/"], ["hooks/use-gone."])).toThrow('"app/hooks/use-gone."');
  });

  it("stop the build when a package is not installed", () => {
    const nodeModules = path.resolve("node_modules");
    expect(
      packageModules(nodeModules, ["react", "react-dom"]).test("/x/node_modules/react-dom/index.js"),
    ).toBe(true);
    expect(() => packageModules(nodeModules, ["react", "turbo-stream"])).toThrow('"turbo-stream"');
  });

  it("list the app's files relative to app/", () => {
    expect(filesUnder(path.resolve("app"))).toContain("config/site.ts");
  });
});
