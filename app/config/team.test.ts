import { describe, expect, it } from "vitest";
import { parseId } from "#app/lib/format.ts";
import { memberPath, teamLists } from "./team.ts";

describe("team config", () => {
  it("builds member paths that read back to the same id", () => {
    expect(memberPath(4)).toBe("/team-details/4");
    expect(parseId(memberPath(4).split("/").pop())).toBe(4);
  });

  it("has three listings, the first showing up to six members", () => {
    expect(teamLists.map((l) => l.path)).toEqual(["/team", "/team-2", "/team-3"]);
    expect(new Set(teamLists.map((l) => l.layout)).size).toBe(3);
    expect(teamLists[0].limit).toBe(6);
  });
});
