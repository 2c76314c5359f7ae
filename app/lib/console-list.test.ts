import { describe, expect, it } from "vitest";
import { listHref, listQuery } from "./console-list.ts";

const FILTERS = ["new", "handled", "all"] as const;
const query = (search: string) => listQuery(new URL(`http://x/admin/enquiries${search}`), FILTERS, "new");

describe("a console list's address", () => {
  it("reads a known filter, the search trimmed and cut to 200 characters, and the page", () => {
    expect(query("?state=handled&q=%20Ada%20&page=3")).toEqual({ state: "handled", q: "Ada", page: 3 });
    expect(query(`?q=${"a".repeat(300)}`).q).toHaveLength(200);
  });

  it("falls back to the list's own filter and page 1", () => {
    expect(query("?state=nonsense")).toEqual({ state: "new", q: "", page: 1 });
  });

  it("keeps the search, starts a new filter at page 1 and leaves page 1 out", () => {
    const current = { state: "new", q: "Ada Obi" };
    expect(listHref("/admin/enquiries", current, { state: "all" })).toBe(
      "/admin/enquiries?state=all&q=Ada+Obi",
    );
    expect(listHref("/admin/enquiries", current, { page: 2 })).toBe(
      "/admin/enquiries?state=new&q=Ada+Obi&page=2",
    );
    expect(listHref("/admin/enquiries", current, { page: 1 })).toBe("/admin/enquiries?state=new&q=Ada+Obi");
  });
});
