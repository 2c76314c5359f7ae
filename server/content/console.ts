// The staff console's content (app/lib/ports/content-console.ts): the types of
// app/content-types/, each item edited through the type's fields and checked by its
// schema (one plain sentence per field's problem), saved based on the revision the editor started
// from (an older one is refused with the item as stored), published now or at a time,
// unpublished, moved on its list, deleted; every change written to the audit log, and shown on
// this instance at once (on the others within their poll, server/content/index.ts).
import type { z } from "zod";
import type { ContentType } from "#app/content-types/define.ts";
import { fieldValues, itemFromValues, type ContentField } from "#app/config/content-fields.ts";
import type {
  ContentConsolePort,
  ContentFieldErrors,
  ContentItemState,
  ContentItemView,
  ContentTypeView,
} from "#app/lib/ports/content-console.ts";
import { pictureFrom, type PictureData } from "#app/lib/media.ts";
import type { ContentRepository, ItemChange, SaveResult, StoredItem } from "./repository.ts";
import type { UploadedPictures } from "../pictures/index.ts";
import type { Audit } from "../audit.ts";
import type { MediaEntry } from "#app/lib/media.server.ts";
import { PICTURE_FRAMES, type PictureFrame } from "#app/config/picture-sizes.ts";
import { uploadedNames } from "#app/lib/picture-upload.ts";

/** A type as the console shows it (a picture field with a frame offers the uploads of its shape
 *  too: the editor adds them, `framedPictures`). */
const typeView = (t: ContentType<unknown>, published?: readonly unknown[]): ContentTypeView => {
  // Choices that follow the content (a service's Covered by), from what is published now.
  const following = published && t.choices ? t.choices(published) : {};
  return {
    name: t.name,
    label: t.label,
    itemLabel: t.itemLabel,
    fields: t.fields.map((f) =>
      f.kind === "choice" ? { ...f, options: following[f.name] ?? f.options } : f,
    ),
    pages: t.pages,
    single: t.single === true,
    sortsByDate: t.dated !== undefined,
  };
};

/** Whether a picture is of a frame's shape, within 2 % (a crop rounded to whole pixels). */
const ofFrame = (e: MediaEntry, frame: PictureFrame) =>
  Math.abs(e.width / e.height / PICTURE_FRAMES[frame].ratio - 1) <= 0.02;

const stateOf = (item: Pick<StoredItem, "state" | "publishAt">, now: number): ContentItemState =>
  item.state === "draft"
    ? "draft"
    : item.publishAt !== null && item.publishAt > now
      ? "scheduled"
      : "published";

/** What a list of texts is made of, for its messages. */
const unitOf = (field: ContentField | undefined) =>
  field?.kind === "paragraphs"
    ? "paragraphs"
    : field?.kind === "lines"
      ? "lines"
      : field?.kind === "rows"
        ? `${field.rowLabel}s`
        : "items";

/** One schema problem as a plain sentence. */
function sentence(issue: z.core.$ZodIssue, field: ContentField | undefined): string {
  switch (issue.code) {
    case "too_small":
    case "too_big": {
      const limit = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const bound = issue.exact ? "Exactly" : issue.code === "too_small" ? "At least" : "At most";
      if (issue.origin === "string")
        return issue.code === "too_small" && Number(limit) <= 1
          ? "Required."
          : `${bound} ${limit} characters.`;
      if (issue.origin === "array") return `${bound} ${limit} ${unitOf(field)}.`;
      // A bound the number may not reach (a counter's `positive()`: more than 0).
      if (issue.inclusive === false) return `${issue.code === "too_small" ? "More" : "Less"} than ${limit}.`;
      return `${bound} ${limit}.`;
    }
    case "invalid_format":
      if (issue.format === "ends_with") return `End it with "${(issue as { suffix?: string }).suffix}".`;
      if (issue.format === "starts_with") return `Start it with "${(issue as { prefix?: string }).prefix}".`;
      // A schema's own message ("lower-case letters, digits and dashes only") says more than zod's.
      return issue.message.startsWith("Invalid")
        ? "Not in the form this field takes."
        : sentenceOf(issue.message);
    case "invalid_type":
      if (issue.expected === "int") return "A whole number is needed.";
      return issue.expected === "number" ? "A number is needed." : "Required.";
    case "invalid_value":
      return "Choose one of the options.";
    default:
      return sentenceOf(issue.message);
  }
}

/** "a message" as "A message." */
const sentenceOf = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}${/[.!?]$/.test(s) ? "" : "."}`;

/** The schema's problems by the editor's input names (values re-made from the item, so that a
 *  list's numbers are the schema's), the first of each input. */
function fieldErrors(
  fields: readonly ContentField[],
  issues: readonly z.core.$ZodIssue[],
): ContentFieldErrors {
  const errors: ContentFieldErrors = {};
  for (const issue of issues) {
    const path = issue.path.map(String);
    const field = fields.find((f) => {
      const parts = f.name.split(".");
      return parts.every((p, i) => path[i] === p);
    });
    let name = field?.name ?? fields[0]!.name;
    let prefix = "";
    const rest = field ? path.slice(field.name.split(".").length) : [];
    if (field?.kind === "rows" && rest.length >= 1) {
      const sub = field.fields.find((f) => f.name === rest.slice(1).join(".")) ?? field.fields[0]!;
      name = `${field.name}.${rest[0]}.${sub.name}`;
      errors[name] ??= sentence(issue, sub);
      continue;
    }
    if ((field?.kind === "paragraphs" || field?.kind === "lines") && rest.length === 1)
      prefix = `${field.kind === "paragraphs" ? "Paragraph" : "Line"} ${Number(rest[0]) + 1}: `;
    const text = sentence(issue, field);
    errors[name] ??= prefix ? `${prefix}${text.charAt(0).toLowerCase()}${text.slice(1)}` : text;
  }
  return errors;
}

/** One more than the highest number among these keys (1 for none). */
export const nextNumber = (keys: Iterable<string>) =>
  Math.max(0, ...[...keys].map(Number).filter(Number.isSafeInteger)) + 1;

export function createContentConsole(config: {
  store: ContentRepository;
  types: readonly ContentType<unknown>[];
  now: () => number;
  audit: Audit;
  /** Reads the content again on this instance (services.content.refresh). */
  refresh: () => Promise<void>;
  /** The pictures staff uploaded (server/pictures/): a picture field with a frame (a portrait)
   *  may choose a ready one of that frame's shape. */
  uploaded?: UploadedPictures;
  /** A type's items published now (the content service's, in memory): the choices that follow
   *  the content (ContentType.choices). */
  published?: (type: string) => readonly unknown[];
}): ContentConsolePort {
  const { store, now, audit } = config;
  const byName = new Map(config.types.map((t) => [t.name, t]));
  const view = (t: ContentType<unknown>) => typeView(t, config.published?.(t.name));

  function itemView(type: ContentType<unknown>, stored: StoredItem): ContentItemView {
    const parsed = type.item.safeParse(stored.payload);
    const item = parsed.success ? parsed.data : stored.payload;
    return {
      key: stored.key,
      title: parsed.success ? type.title(parsed.data) : stored.key,
      state: stateOf(stored, now()),
      publishAt: stored.publishAt,
      updatedAt: stored.updatedAt,
      updatedBy: stored.updatedBy,
      revision: stored.revision,
      values: fieldValues(type.fields, item),
      item,
    };
  }

  /** A numbered type's item has its key as its `id`, which the form does not hold; a new one's
   *  preview shows it as 1 (its number is given when it is saved). */
  function check(type: ContentType<unknown>, values: Record<string, string>, key?: string) {
    // An item's key is its own, whatever the form sent (or left out: the agency's editor shows no
    // short name, so its preview had none and was refused).
    const keyField = type.fields.find((f) => f.kind === "key");
    const raw = itemFromValues(
      type.fields,
      keyField && key !== undefined ? { ...values, [keyField.name]: key } : values,
    );
    if (type.numbered) raw.id = key === undefined ? 1 : Number(key);
    const parsed = type.item.safeParse(raw);
    if (parsed.success) return { ok: true as const, item: parsed.data };
    return { ok: false as const, errors: fieldErrors(type.fields, parsed.error.issues) };
  }

  /** The uploaded pictures ready now whose shape is one of these frames' (within 2 %), newest
   *  first: those cropped to the frame as they were uploaded, and any other of its shape (one
   *  uploaded in a post's editor). */
  async function framedPictures(frames: ReadonlySet<PictureFrame>) {
    if (!config.uploaded || frames.size === 0) return [];
    const names = config.uploaded.names();
    const entries = await config.uploaded.entries(names);
    return names
      .filter((n) => entries[n] && [...frames].some((f) => ofFrame(entries[n]!, f)))
      .map((name) => ({ name, entry: entries[name]! }));
  }

  /** The type's picture fields with a frame (a portrait; a project's card and page pictures). */
  const framedFields = (type: ContentType<unknown>) =>
    type.fields.flatMap((f) => (f.kind === "choice" && f.frame ? [{ ...f, frame: f.frame }] : []));

  /** A picture field's value that is neither one of its choices nor an uploaded picture of its
   *  frame's shape, ready (a hand-made post, a picture of another shape, or one removed
   *  meanwhile), said on the field. */
  async function pictureProblems(type: ContentType<unknown>, values: Record<string, string>) {
    const fields = framedFields(type);
    if (fields.length === 0) return null;
    const ready = await framedPictures(new Set(fields.map((f) => f.frame)));
    const errors: Record<string, string> = {};
    for (const field of fields) {
      const value = (values[field.name] ?? "").trim();
      if (field.options.some((o) => o.value === value)) continue;
      if (ready.some((p) => p.name === value && ofFrame(p.entry, field.frame))) continue;
      errors[field.name] = value.startsWith("u/")
        ? `Choose a picture from the list, or upload one: this one is not ready, or not of the frame's shape (${PICTURE_FRAMES[field.frame].label}).`
        : "Choose a picture from the list, or upload one.";
    }
    return Object.keys(errors).length > 0 ? { ok: false as const, reason: "invalid" as const, errors } : null;
  }

  /** The type's `unique` refusal when another item than `key` has the same value. */
  async function taken(type: ContentType<unknown>, item: unknown, key?: string) {
    if (!type.unique) return null;
    const { field, of, message } = type.unique;
    const value = of(item).trim().toLowerCase();
    for (const other of await store.all(type.name)) {
      if (other.key === key) continue;
      const parsed = type.item.safeParse(other.payload);
      if (parsed.success && of(parsed.data).trim().toLowerCase() === value)
        return { ok: false as const, reason: "invalid" as const, errors: { [field]: message } };
    }
    return null;
  }

  /** The item's new state and time, from what the editor asked for and what it was. */
  function changeOf(
    intent: "save" | "publish" | "unpublish",
    publishAt: number | null,
    payload: unknown,
    old?: StoredItem,
  ): ItemChange {
    if (intent === "publish") return { payload, state: "published", publishAt };
    if (intent === "unpublish") return { payload, state: "draft", publishAt: null };
    return { payload, state: old?.state ?? "draft", publishAt: old?.publishAt ?? null };
  }

  async function done(by: string, action: string, type: ContentType<unknown>, result: SaveResult) {
    if (!result.ok) {
      if (result.reason === "conflict")
        return { ok: false as const, reason: "conflict" as const, current: itemView(type, result.current) };
      return result.reason === "taken"
        ? { ok: false as const, reason: "taken" as const }
        : { ok: false as const, reason: "unknown" as const };
    }
    if (result.changed) {
      await audit(by, `content.${action}`, `${type.name}/${result.item.key}`, result.item.state);
      await config.refresh();
    }
    return {
      ok: true as const,
      key: result.item.key,
      changed: result.changed,
      state: stateOf(result.item, now()),
    };
  }

  return {
    async types() {
      const at = now();
      return Promise.all(
        config.types.map(async (t) => {
          const counts: Record<ContentItemState, number> = { published: 0, scheduled: 0, draft: 0 };
          for (const item of await store.all(t.name)) counts[stateOf(item, at)]++;
          return { ...view(t), counts };
        }),
      );
    },

    type(name) {
      const type = byName.get(name);
      return type ? view(type) : null;
    },

    async list(name) {
      const type = byName.get(name);
      if (!type) return null;
      const items = (await store.all(name)).map((stored) => {
        const { revision: _r, values: _v, item: _i, ...summary } = itemView(type, stored);
        return summary;
      });
      return { type: view(type), items };
    },

    async get(name, key) {
      const type = byName.get(name);
      const stored = type && (await store.get(name, key));
      if (!type || !stored) return null;
      const revisions = (await store.revisions(name, key)).map((r) => {
        const parsed = type.item.safeParse(r.payload);
        return {
          revision: r.revision,
          action: r.action,
          state: r.state,
          at: r.at,
          by: r.by,
          title: parsed.success ? type.title(parsed.data) : key,
        };
      });
      return { type: view(type), item: itemView(type, stored), revisions };
    },

    check(name, values, key) {
      const type = byName.get(name);
      return type ? check(type, values, key) : null;
    },

    async create(by, name, change) {
      const type = byName.get(name);
      // A type of one item (the agency's details) has it already: there is no other to make.
      if (!type || type.single) return { ok: false, reason: "unknown" };
      // A numbered type's new item takes the next number (two made at once: the second tries the
      // number after, once).
      for (let attempt = 0; ; attempt++) {
        const number = type.numbered ? String(nextNumber(await store.keys(name))) : undefined;
        const checked = check(type, change.values, number);
        if (!checked.ok) return { ok: false, reason: "invalid", errors: checked.errors };
        const key = type.key(checked.item);
        // "/admin/content/{type}/new" is the editor of a new item: no item can have that address.
        if (key === "new") return { ok: false, reason: "taken" };
        const same = (await taken(type, checked.item)) ?? (await pictureProblems(type, change.values));
        if (same) return same;
        const result = await store.create(
          name,
          key,
          changeOf(change.intent, change.publishAt, checked.item),
          by,
          now(),
        );
        if (type.numbered && !result.ok && result.reason === "taken" && attempt === 0) continue;
        return done(by, "created", type, result);
      }
    },

    async save(by, name, key, change, revision) {
      const type = byName.get(name);
      const old = type && (await store.get(name, key));
      if (!type || !old) return { ok: false, reason: "unknown" };
      // A type of one item is always on the site: it changes, it is never taken off.
      // (Published later would take it off until then.)
      if (type.single && (change.intent === "unpublish" || change.publishAt !== null))
        return { ok: false, reason: "always-shown" };
      // The key is set once: whatever the form sent, the item keeps its own (check).
      const checked = check(type, change.values, key);
      if (!checked.ok) return { ok: false, reason: "invalid", errors: checked.errors };
      const same = (await taken(type, checked.item, key)) ?? (await pictureProblems(type, change.values));
      if (same) return same;
      const result = await store.save(
        name,
        key,
        changeOf(change.intent, change.publishAt, checked.item, old),
        revision,
        by,
        now(),
      );
      return done(by, change.intent === "save" ? "saved" : `${change.intent}ed`, type, result);
    },

    async move(by, name, key, where) {
      const items = byName.has(name) && !byName.get(name)!.single ? await store.all(name) : [];
      const from = items.findIndex((i) => i.key === key);
      if (from === -1) return false;
      // One place up or down, or to a place on the list (1 is the first: dragged there).
      const to = where === "up" ? from - 1 : where === "down" ? from + 1 : where - 1;
      if (to === from) return true;
      if (to < 0 || to >= items.length) return true;
      await store.move(name, key, to, now());
      await audit(by, "content.moved", `${name}/${key}`, `${from + 1} → ${to + 1}`);
      await config.refresh();
      return true;
    },

    async sortByDate(by, name) {
      const type = byName.get(name);
      if (!type?.dated) return false;
      const dated = type.dated.bind(type);
      // An item the schema refuses (written by hand) has no date to go by: it goes last.
      const dateOf = (payload: unknown) => {
        const parsed = type.item.safeParse(payload);
        return parsed.success ? dated(parsed.data) : "";
      };
      const items = (await store.all(name)).map((i) => ({ key: i.key, date: dateOf(i.payload) }));
      // Newest first; Array.prototype.sort is stable, so one date keeps the list's order.
      const keys = items
        .toSorted((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))
        .map((i) => i.key);
      if (await store.order(name, keys, now())) {
        await audit(by, "content.sorted", name, "by date, newest first");
        await config.refresh();
      }
      return true;
    },

    async remove(by, name, key, erase = false) {
      if (!byName.has(name) || byName.get(name)!.single) return false;
      if (!(await store.remove(name, key, by, now(), erase))) return false;
      // An erased item's key may be a person's name (a testimonial's): the log keeps its type only.
      if (erase) await audit(by, "content.erased", name);
      else await audit(by, "content.deleted", `${name}/${key}`);
      await config.refresh();
      return true;
    },

    async framedPictures(name, field) {
      const type = byName.get(name);
      const fields = type ? framedFields(type).filter((f) => field === undefined || f.name === field) : [];
      return (await framedPictures(new Set(fields.map((f) => f.frame)))).map((p) => p.name);
    },

    async pictures(item) {
      const names = [...uploadedNames(item)];
      if (names.length === 0 || !config.uploaded) return {};
      const entries = await config.uploaded.entries(names);
      const drawn: Record<string, PictureData> = {};
      // Served under /media/ (server/pictures/serve.ts), as the pages draw them.
      for (const [name, entry] of Object.entries(entries)) drawn[name] = pictureFrom(entry, `/media/${name}`);
      return drawn;
    },

    async revision(name, key, revision) {
      const type = byName.get(name);
      const found = type && (await store.revisions(name, key)).find((r) => r.revision === revision);
      return type && found ? fieldValues(type.fields, found.payload) : null;
    },
  };
}
