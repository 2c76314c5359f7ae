// @vitest-environment node
// What the revisions page shows of two revisions: only the fields that differ, in the editor's
// order; the body line by line, unchanged lines kept only around a change; a one-line field as
// its old line removed and its new one added.
import { describe, expect, it } from "vitest";
import { compareFields, diffText } from "./compare.ts";
import { readPostFolder, seedFolder } from "./files.ts";

const POST = readPostFolder(seedFolder()).posts.find((p) => p.id === 16)!;
/** A tag the post does not have. */
const OTHER_TAG = (["Fashion", "Food", "Health"] as const).find((t) => !POST.tags.includes(t))!;

describe("comparing two revisions", () => {
  it("names only the fields that changed, each line added or removed", () => {
    const changes = compareFields(POST, {
      ...POST,
      title: "A new title for the post",
      tags: [...POST.tags, OTHER_TAG],
    });
    expect(changes).toEqual([
      {
        field: "title",
        lines: [
          { kind: "removed", text: POST.title },
          { kind: "added", text: "A new title for the post" },
        ],
      },
      {
        field: "tags",
        lines: [
          { kind: "removed", text: POST.tags.join(", ") },
          { kind: "added", text: [...POST.tags, OTHER_TAG].join(", ") },
        ],
      },
    ]);
    expect(compareFields(POST, { ...POST })).toEqual([]);
  });

  it("shows the body's changed lines with two unchanged lines around each, the rest counted", () => {
    const old = Array.from({ length: 20 }, (_, i) => `Line ${i + 1}`);
    const next = [...old];
    next[9] = "Line 10, changed";
    next.push("Line 21");
    expect(diffText(old.join("\n"), next.join("\n"))).toEqual([
      { kind: "skipped", count: 7 },
      { kind: "same", text: "Line 8" },
      { kind: "same", text: "Line 9" },
      { kind: "removed", text: "Line 10" },
      { kind: "added", text: "Line 10, changed" },
      { kind: "same", text: "Line 11" },
      { kind: "same", text: "Line 12" },
      { kind: "skipped", count: 6 },
      { kind: "same", text: "Line 19" },
      { kind: "same", text: "Line 20" },
      { kind: "added", text: "Line 21" },
    ]);
  });

  it("reads a last line without its line break, and Windows line breaks, as the same line", () => {
    expect(diffText("one\ntwo", "one\r\ntwo\nthree\n")).toEqual([
      { kind: "same", text: "one" },
      { kind: "same", text: "two" },
      { kind: "added", text: "three" },
    ]);
    expect(diffText("", "new")).toEqual([
      { kind: "removed", text: "" },
      { kind: "added", text: "new" },
    ]);
  });
});
