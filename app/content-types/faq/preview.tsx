// A question as the FAQ page and the home pages show it.
import type { PreviewProps } from "#app/components/admin/content-preview.tsx";
import { FaqList } from "#app/components/sections/faq-list.tsx";
import type { Faq } from "./schema.ts";

export default function FaqPreview({ item }: PreviewProps<Faq>) {
  return <FaqList items={[item]} />;
}
