// The editor's fields of every content type: each seeded item made into a form and read back is
// the same item (so the fields cover every property, in the shapes the schema takes), and a list
// of rows adds, keeps and removes rows as a form posts them.
import { describe, expect, it } from "vitest";
import { contentTypes } from "#app/content-types/index.ts";
import {
  fieldValues,
  formFieldValues,
  itemFromValues,
  rowCount,
  type ContentField,
} from "./content-fields.ts";

/** What the form posts: every value as text (an unticked box is not sent). */
function posted(values: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) if (value !== "") form.append(name, value);
  form.append("intent", "save");
  return form;
}

describe.each(contentTypes.map((t) => [t.name, t] as const))("the %s editor", (_, type) => {
  it("turns every seeded item into a form and back into the same item", () => {
    expect(type.seed.length).toBeGreaterThan(0);
    for (const seeded of type.seed) {
      const item = type.item.parse(seeded);
      const values = formFieldValues(posted(fieldValues(type.fields, item)), type.fields);
      // A numbered type's number is its key, which the console puts back (server/content/console.ts).
      const key = type.numbered ? { id: Number(type.key(item)) } : {};
      expect(type.item.parse({ ...itemFromValues(type.fields, values), ...key })).toEqual(item);
    }
  });

  it("has one key field (none when numbered), and every field's name is a property of the items", () => {
    expect(type.fields.filter((f) => f.kind === "key")).toHaveLength(type.numbered ? 0 : 1);
    if (type.numbered) expect(type.fields.map((f) => f.name)).not.toContain("id");
    // The seed's, and the schema's: an optional property no seeded item has (a testimonial's consent).
    const shape = "shape" in type.item ? (type.item.shape as Record<string, unknown>) : {};
    const properties = new Set([
      ...type.seed.flatMap((s) => Object.keys(s as object)),
      ...Object.keys(shape),
    ]);
    for (const field of type.fields) expect(properties).toContain(field.name.split(".")[0]);
  });
});

describe("a list of rows", () => {
  const fields: ContentField[] = [
    { name: "title", label: "Title", kind: "line" },
    {
      name: "skills",
      label: "Skills",
      kind: "rows",
      rowLabel: "skill",
      fields: [
        { name: "label", label: "Skill", kind: "line" },
        { name: "value", label: "Level", kind: "number" },
      ],
    },
    { name: "button.href", label: "Link", kind: "line" },
  ];
  const item = {
    title: "Team",
    skills: [
      { label: "Design", value: 80 },
      { label: "Code", value: 95 },
    ],
    button: { href: "/contact-us" },
  };

  it("shows each row and one empty row to add one", () => {
    const values = fieldValues(fields, item);
    expect(rowCount(values, fields[1]!)).toBe(3);
    expect(values).toMatchObject({ "skills.1.label": "Code", "skills.1.value": "95", "skills.2.label": "" });
    expect(values["button.href"]).toBe("/contact-us");
    // Unchanged, the empty row adds nothing.
    expect(itemFromValues(fields, values)).toEqual(item);
  });

  it("adds the filled empty row, drops a row ticked to be removed, and keeps a bad number for the schema", () => {
    const values = {
      ...fieldValues(fields, item),
      "skills.0._remove": "on",
      "skills.2.label": "Writing",
      "skills.2.value": "seventy",
    };
    expect(itemFromValues(fields, values).skills).toEqual([
      { label: "Code", value: 95 },
      { label: "Writing", value: "seventy" },
    ]);
  });

  it("ignores row numbers no form has (a hand-made post)", () => {
    expect(
      rowCount({ "skills.100000.label": "x", "skills.-1.label": "y", "skills.x.label": "z" }, fields[1]!),
    ).toBe(0);
  });
});
