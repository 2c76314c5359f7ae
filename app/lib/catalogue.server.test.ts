import { describe, expect, it } from "vitest";
import { findProject, projectNeighbours } from "./catalogue.server.ts";

describe("projects", () => {
  it("wraps around at both ends", () => {
    expect(projectNeighbours(1)).toMatchObject({ previous: { id: 6 }, next: { id: 2 } });
    expect(projectNeighbours(6)).toMatchObject({ previous: { id: 5 }, next: { id: 1 } });
    expect(findProject(7)).toBeUndefined();
  });
});
