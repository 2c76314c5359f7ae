// The pages the route tests visit: the built app's page registry (build/pages.json, written by
// scripts/postbuild.ts), so a new page is tested without touching the tests.
import { readFileSync } from "node:fs";
import { sweepPages } from "./sweep.ts";

export type BuiltPage = {
  path: string;
  title: string;
  kind: string;
  indexable: boolean;
  dark?: boolean;
  /** The query parameters the page reads (app/config/pages.ts). */
  query?: readonly string[];
};

export const readPages = (file = "build/pages.json"): BuiltPage[] => JSON.parse(readFileSync(file, "utf8"));

/** Every page of the site. Each one's HTTP answer and HTML are checked in Vitest
 *  (tests/pages/pages.test.ts); the browser sweeps load one page per template (sweep.ts). */
export const pages: BuiltPage[] = readPages();

/** The pages the browser sweeps load (sweep.ts says why these). */
export const sweptPages: BuiltPage[] = sweepPages(pages);
