// The questions and answers: the FAQ page, the pricing page's and the home pages' featured ones.
import { contentType } from "../define.ts";
import { faqSchema } from "./schema.ts";
import { faqs } from "./seed.ts";

export const faqType = contentType({
  name: "faq",
  item: faqSchema.element,
  key: (f) => f.id,
  seed: faqs,
  label: "Questions and answers",
  itemLabel: "question",
  title: (f) => f.question,
  fields: [
    { name: "question", label: "Question", kind: "line", hint: "Ends with a question mark." },
    {
      name: "answer",
      label: "Answer",
      kind: "paragraphs",
      hint: "One paragraph or more, with an empty line between two.",
    },
    {
      name: "featured",
      label: "Featured",
      kind: "checkbox",
      hint: "Shown in the home pages' questions too.",
    },
    { name: "id", label: "Short name", kind: "key", hint: "Lower-case letters, digits and dashes." },
  ],
  pages: ["/faq", "/pricing", "/"],
  // /pricing shows three questions of its own; the home page the featured ones.
  shown: { field: "question", text: (s) => `${s}?`, key: "how-much-does-it-cost", set: { featured: "on" } },
});
