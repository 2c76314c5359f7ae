// What a page's loader reads of a content type: its published items, in their order.
//   const faqs = contentOf(context, faqType);
import type { RouterContextProvider } from "react-router";
import type { ContentType } from "#app/content-types/define.ts";
import { contentContext } from "./ports/content.ts";
import { rememberPictures } from "./media.server.ts";

export function contentOf<Item>(
  context: Readonly<RouterContextProvider>,
  type: ContentType<Item>,
): readonly Item[] {
  const { items, pictures } = context.get(contentContext).published();
  // The uploaded pictures the items name, before any of them is drawn (a name's entry never
  // changes: remembering them again is cheap).
  rememberPictures(pictures);
  // Each item was checked by `type.item` when the server read it (server/content/index.ts).
  return (items.get(type.name) ?? []) as readonly Item[];
}
