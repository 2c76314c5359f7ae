import { describe, expect, it } from "vitest";
import { routePath } from "./route-path.ts";

describe("routePath", () => {
  it("drops the trailing slash the prerender asks with", () => {
    expect(routePath(new URL("https://x.test/services-2/"))).toBe("/services-2");
    expect(routePath(new URL("https://x.test/blog-standard//?page=2"))).toBe("/blog-standard");
  });
  it("keeps the root and clean paths as they are", () => {
    expect(routePath(new URL("https://x.test/"))).toBe("/");
    expect(routePath(new URL("https://x.test/project-3-column"))).toBe("/project-3-column");
  });
});
