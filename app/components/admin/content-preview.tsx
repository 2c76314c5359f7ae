import { createElement, type ComponentType } from "react";
import type { ContentTypeView } from "#app/lib/ports/content-console.ts";
import type { PictureData } from "#app/lib/media.ts";

// An item as the site shows it, in the editor: each type's own preview
// (app/content-types/<name>/preview.tsx, the same components as the public pages), found by the
// type's folder; app/content-types/index.test.ts checks that every type has one. A type without
// one would show its fields as a list.

/** What a type's preview is given: the item as the editor has it (checked by the type's schema
 *  before it is shown), the type as the console sees it, and the uploaded pictures the item
 *  names, drawn by the server (the manifest's are drawn by the preview). */
export type PreviewProps<Item> = {
  type: ContentTypeView;
  item: Item;
  pictures: Readonly<Record<string, PictureData>>;
};

/** Every type's preview, by the folder it is in (the type's name). */
const previews = import.meta.glob<ComponentType<PreviewProps<unknown>>>("../../content-types/*/preview.tsx", {
  eager: true,
  import: "default",
});

/** The preview of the type named `name`, if its folder has one. */
export const previewOf = (name: string) => previews[`../../content-types/${name}/preview.tsx`];

export function ContentPreview({
  type,
  item,
  pictures = {},
}: {
  type: ContentTypeView;
  item: unknown;
  /** The uploaded pictures the item names, drawn by the server (the manifest's are drawn here). */
  pictures?: Readonly<Record<string, PictureData>>;
}) {
  // Each preview is a module's component, made once: createElement, as the type picks which.
  const preview = previewOf(type.name);
  if (preview) return createElement(preview, { type, item, pictures });
  return (
    <dl className="grid gap-3">
      {type.fields.map((f) => (
        <div key={f.name}>
          <dt className="text-sm font-semibold">{f.label}</dt>
          <dd className="wrap-anywhere whitespace-pre-wrap">{JSON.stringify(pick(item, f.name), null, 1)}</dd>
        </div>
      ))}
    </dl>
  );
}

const pick = (item: unknown, path: string): unknown =>
  path
    .split(".")
    .reduce<unknown>(
      (v, p) => (typeof v === "object" && v !== null ? (v as Record<string, unknown>)[p] : undefined),
      item,
    );

/** The site's pages that show a type, as links: "/faq, /pricing, /". */
export function PageLinks({ pages }: { pages: readonly string[] }) {
  return pages.map((p, i) => (
    <span key={p}>
      {i > 0 && ", "}
      <a href={p} className="underline underline-offset-4">
        {p}
      </a>
    </span>
  ));
}
