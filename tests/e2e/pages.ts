// The pages every route test visits: the built app's page registry (build/pages.json,
// written by scripts/postbuild.ts), so a new page is tested without touching the tests.
import { readFileSync } from "node:fs";

export type BuiltPage = {
  path: string;
  title: string;
  kind: string;
  prerender: boolean;
  indexable: boolean;
  dark?: boolean;
};

export const pages: BuiltPage[] = JSON.parse(readFileSync("build/pages.json", "utf8"));
