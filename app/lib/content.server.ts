// What a page's loader reads of a content type: its published items, in their order.
//   const faqs = contentOf(context, faqType);
import type { RouterContextProvider } from "react-router";
import type { ContentType } from "#app/config/content-types.ts";
import { rememberPictures } from "./media.server.ts";
import { contentContext } from "./ports/content.ts";

/** The published content whose uploaded pictures pictureData knows (made known once a version). */
let remembered: object | undefined;

export function contentOf<Item>(
  context: Readonly<RouterContextProvider>,
  type: ContentType<Item>,
): readonly Item[] {
  const published = context.get(contentContext).published();
  if (published !== remembered) {
    rememberPictures(published.pictures);
    remembered = published;
  }
  // Each item was checked by `type.item` when the server read it (server/content/index.ts).
  return (published.items.get(type.name) ?? []) as readonly Item[];
}
