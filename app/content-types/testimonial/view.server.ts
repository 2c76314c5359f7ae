// What the pages read of the type: its published items as they are (the pages show every field).
import type { RouterContextProvider } from "react-router";
import { contentOf } from "#app/lib/content.server.ts";
import type { Testimonial } from "./schema.ts";
import { testimonialType } from "./type.ts";

/** The testimonials published now, in their order: the home pages' carousel (portraits drawn by the section, app/lib/home-sections.server.ts). */
export function testimonialsOf(context: Readonly<RouterContextProvider>): readonly Testimonial[] {
  return contentOf(context, testimonialType);
}
