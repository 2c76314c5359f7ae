// What the pages read of the type: its published items as they are (the pages show every field).
import type { RouterContextProvider } from "react-router";
import { contentOf } from "#app/lib/content.server.ts";
import type { Faq } from "./schema.ts";
import { faqType } from "./type.ts";

/** The questions and answers published now, in their order: the FAQ page, the pricing page's and the home pages' featured ones. */
export function faqsOf(context: Readonly<RouterContextProvider>): readonly Faq[] {
  return contentOf(context, faqType);
}
