// What a page's loader reads of a content type: its published items, in their order.
//   const faqs = contentOf(context, faqType);
import type { RouterContextProvider } from "react-router";
import type { ContentType } from "#app/config/content-types.ts";
import { contentContext } from "./ports/content.ts";

export function contentOf<Item>(
  context: Readonly<RouterContextProvider>,
  type: ContentType<Item>,
): readonly Item[] {
  // Each item was checked by `type.item` when the server read it (server/content/index.ts).
  return (context.get(contentContext).published().items.get(type.name) ?? []) as readonly Item[];
}
