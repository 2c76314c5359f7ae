// Every content type kept as items with typed payloads, one folder each (./<name>/: its
// declaration, schema, seed, console preview and the view its pages read). The server, the
// console and `npm run content` take them from this list; the console's preview finds each
// type's own by its folder (app/components/admin/content-preview.tsx). ./index.test.ts fails when
// a folder is missing from the list, or a listed type lacks its seed, preview or view. The posts
// are apart (./posts.ts).
import type { ContentType } from "./define.ts";
import { agencyType } from "./agency/type.ts";
import { counterType } from "./counter/type.ts";
import { faqType } from "./faq/type.ts";
import { pricingType } from "./pricing-plan/type.ts";
import { projectType } from "./project/type.ts";
import { serviceType } from "./service/type.ts";
import { teamType } from "./team/type.ts";
import { testimonialType } from "./testimonial/type.ts";

export const contentTypes: readonly ContentType<unknown>[] = [
  faqType,
  testimonialType,
  pricingType,
  counterType,
  agencyType,
  teamType,
  serviceType,
  projectType,
];
