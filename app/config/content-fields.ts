// The console's editor of a content type, declared with the type (app/content-types/):
// which fields it shows, how each is written in a form, and how a form's values become an item
// again (checked by the type's schema on the server). Plain data and short functions: the
// editor's page renders the fields from them (app/components/admin/content-fields.tsx), its
// action reads the item back, and a test turns every seeded item into a form and back.

import type { PictureFrame } from "#app/config/picture-sizes.ts";

type FieldBase = {
  /** The item's property; a dotted path for a nested one ("button.label"). */
  name: string;
  /** What the editor calls it. */
  label: string;
  /** One line under the label: what to write, where it shows. */
  hint?: string;
  /** May be left empty (the schema says what an empty one means); every other input is required. */
  optional?: true;
};

export type ContentField =
  /** The item's key within its type (its `id`): in its addresses, so set once when the item is made. */
  | (FieldBase & { kind: "key" })
  /** One line of text. */
  | (FieldBase & { kind: "line" })
  /** A longer text of one paragraph. */
  | (FieldBase & { kind: "text" })
  /** A list of paragraphs, written with an empty line between them. */
  | (FieldBase & { kind: "paragraphs" })
  /** A list of short texts, one a line. */
  | (FieldBase & { kind: "lines" })
  /** Yes or no: ticked is true, unticked leaves it out (an optional boolean, false when absent). */
  | (FieldBase & { kind: "checkbox" })
  /** A whole number. */
  | (FieldBase & { kind: "number" })
  /** One of a few values. `frame`: a picture that may also be one uploaded in the editor and
   *  cropped to that frame (a team member's portrait, 4:5; a project's card, 4:3, and page, 16:9;
   *  a service's, 4:3): the ready uploads of that frame's shape are offered (server/pictures/). */
  | (FieldBase & {
      kind: "choice";
      options: readonly { value: string; label: string }[];
      frame?: PictureFrame;
    })
  /** A list of small records (a value and its text, a skill and its level): one row each, an
   *  empty row to add one, a tick to remove one. */
  | (FieldBase & {
      kind: "rows";
      fields: readonly RowField[];
      rowLabel: string;
      /** Each row is its one field's value, not a record: a list of choices in their order (a
       *  project's tags). */
      values?: true;
    });

/** What a row holds: any field but a key or rows. */
export type RowField = Exclude<ContentField, { kind: "key" } | { kind: "rows" }>;

/** A form's values by input name ("answer", "values.0.title"): what the editor shows and posts. */
export type FieldValues = Record<string, string>;

/** The most rows a list takes (more than any type's schema allows). */
const MAX_ROWS = 100;

/** The input that removes a row when ticked. */
export const REMOVE_ROW = "_remove";

const at = (item: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (value, part) =>
        typeof value === "object" && value !== null ? (value as Record<string, unknown>)[part] : undefined,
      item,
    );

function put(target: Record<string, unknown>, path: string, value: unknown) {
  const parts = path.split(".");
  let node = target;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts.at(-1)!] = value;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

/** One field's value as its input shows it. */
function shown(field: RowField | Extract<ContentField, { kind: "key" }>, value: unknown): string {
  switch (field.kind) {
    case "paragraphs":
      return strings(value).join("\n\n");
    case "lines":
      return strings(value).join("\n");
    case "checkbox":
      return value === true ? "on" : "";
    default:
      return value === undefined || value === null ? "" : String(value);
  }
}

/** An item's fields as the editor's inputs show them (an empty form for no item). Each list of
 *  rows gets one empty row more, to add one. */
export function fieldValues(fields: readonly ContentField[], item?: unknown): FieldValues {
  const values: FieldValues = {};
  for (const field of fields) {
    if (field.kind !== "rows") {
      values[field.name] = shown(field, at(item, field.name));
      continue;
    }
    const rows = Array.isArray(at(item, field.name)) ? (at(item, field.name) as unknown[]) : [];
    for (const [i, row] of [...rows, undefined].entries())
      for (const sub of field.fields)
        values[`${field.name}.${i}.${sub.name}`] = shown(sub, field.values ? row : at(row, sub.name));
  }
  return values;
}

/** The number of rows a list's values hold (the empty one to add included). */
export function rowCount(values: FieldValues, field: ContentField): number {
  const prefix = `${field.name}.`;
  let count = 0;
  for (const name of Object.keys(values)) {
    if (!name.startsWith(prefix)) continue;
    const index = Number(name.slice(prefix.length).split(".")[0]);
    // Row numbers a form could not have sent (a hand-made post) are not rows.
    if (Number.isInteger(index) && index >= 0 && index < MAX_ROWS) count = Math.max(count, index + 1);
  }
  return count;
}

const lf = (text: string) => text.replace(/\r\n?/g, "\n");

/** One field's value as the item holds it, from its input's text (trimmed). */
function read(field: RowField | Extract<ContentField, { kind: "key" }>, text: string): unknown {
  const value = lf(text).trim();
  switch (field.kind) {
    case "paragraphs":
      return value
        .split(/\n\s*\n/)
        .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
        .filter(Boolean);
    case "lines":
      return value
        .split("\n")
        .map((l) => l.trim())
        .filter(Boolean);
    case "checkbox":
      return value === "" ? undefined : true;
    case "number":
      // Not a number stays text, which the schema refuses with a message.
      return value === "" ? undefined : /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value;
    default:
      return value;
  }
}

/** The form's values read back into an item (unchecked: the type's schema checks it). Rows left
 *  empty, or ticked to be removed, are dropped. */
export function itemFromValues(
  fields: readonly ContentField[],
  values: FieldValues,
): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind !== "rows") {
      const value = read(field, values[field.name] ?? "");
      if (value !== undefined) put(item, field.name, value);
      continue;
    }
    const rows: unknown[] = [];
    for (let i = 0; i < rowCount(values, field); i++) {
      const name = (sub: string) => `${field.name}.${i}.${sub}`;
      if (values[name(REMOVE_ROW)]) continue;
      if (field.fields.every((sub) => (values[name(sub.name)] ?? "").trim() === "")) continue;
      const row: Record<string, unknown> = {};
      for (const sub of field.fields) {
        const value = read(sub, values[name(sub.name)] ?? "");
        if (value !== undefined) put(row, sub.name, value);
      }
      rows.push(field.values ? row[field.fields[0]!.name] : row);
    }
    put(item, field.name, rows);
  }
  return item;
}

/** A posted form's text values by name (files and the console's own fields are not the item's). */
export function formFieldValues(form: FormData, fields: readonly ContentField[]): FieldValues {
  const names = new Set(fields.map((f) => f.name.split(".")[0]));
  const values: FieldValues = {};
  for (const [name, value] of form) {
    if (typeof value !== "string" || !names.has(name.split(".")[0]!)) continue;
    values[name] = value;
  }
  return values;
}
