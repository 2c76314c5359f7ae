import type { Faq } from "#app/config/content-types.ts";
import type { ContentTypeView } from "#app/lib/ports/content-console.ts";
import { FaqList } from "#app/components/sections/faq-list.tsx";

// An item as the site shows it, in the editor (the same components as the public pages). A type
// without a preview of its own shows its fields as a list.

export function ContentPreview({ type, item }: { type: ContentTypeView; item: unknown }) {
  if (type.name === "faq") return <FaqList items={[item as Faq]} />;
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
