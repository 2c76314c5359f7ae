import { describe, expect, it } from "vitest";
import { memberIdFrom, memberPath, teamLists } from "./team.ts";

describe("team config", () => {
  it("reads only plain positive whole numbers as member ids", () => {
    expect(memberIdFrom("1")).toBe(1);
    expect(memberIdFrom("12")).toBe(12);
    for (const bad of [undefined, "", "0", "01", "-1", "1.5", "abc", "1e3", " 1", "9999999"]) {
      expect(memberIdFrom(bad), String(bad)).toBeUndefined();
    }
  });

  it("builds member paths that read back to the same id", () => {
    expect(memberPath(4)).toBe("/team-details/4");
    expect(memberIdFrom(memberPath(4).split("/").pop())).toBe(4);
  });

  it("has three listings, the first showing up to six members", () => {
    expect(teamLists.map((l) => l.path)).toEqual(["/team", "/team-2", "/team-3"]);
    expect(new Set(teamLists.map((l) => l.layout)).size).toBe(3);
    expect(teamLists[0].limit).toBe(6);
  });
});
