import { describe, expect, it } from "vitest";
import { consoleSections, currentSectionLabel } from "./console-sections.ts";

describe("the console's sections", () => {
  it("shows Team and the Audit log to owners only", () => {
    const labels = (role: "owner" | "staff") => consoleSections(role).map((s) => s.label);
    expect(labels("owner")).toEqual(expect.arrayContaining(["Overview", "Team", "Audit log"]));
    expect(labels("staff")).not.toContain("Team");
    expect(labels("staff")).not.toContain("Audit log");
    expect(labels("staff")).toContain("Traffic");
    expect(labels("owner").filter((l) => !labels("staff").includes(l))).toEqual(["Team", "Audit log"]);
  });

  it("names the page a phone's header shows: its section's, below it too", () => {
    expect(currentSectionLabel("/admin", "staff")).toBe("Overview");
    expect(currentSectionLabel("/admin/", "staff")).toBe("Overview");
    expect(currentSectionLabel("/admin/enquiries", "staff")).toBe("Enquiries");
    expect(currentSectionLabel("/admin/enquiries/0b7c", "staff")).toBe("Enquiries");
    expect(currentSectionLabel("/admin/newsletter/new", "owner")).toBe("Newsletter");
    expect(currentSectionLabel("/admin/account", "staff")).toBe("Your account");
    expect(currentSectionLabel("/admin/audit", "owner")).toBe("Audit log");
    expect(currentSectionLabel("/admin/traffic", "staff")).toBe("Traffic");
  });

  it("names no section for an address that is none of them", () => {
    // A prefix is not a section ("/admin/enquiries-old"), and staff have no Team page.
    expect(currentSectionLabel("/admin/enquiries-old", "owner")).toBeUndefined();
    expect(currentSectionLabel("/admin/nowhere", "owner")).toBeUndefined();
    expect(currentSectionLabel("/admin/team", "staff")).toBeUndefined();
  });
});
