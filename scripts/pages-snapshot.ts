// Every page of the site's registry (build/pages.json) as a running server answers it, written
// to a folder one file per page, with what changes from build to build taken out (hashed asset
// names, the build's version): the HTML of two versions compared with `diff -r`, as the content
// issue asks when content moves into the database (docs/adding-content.md).
//   node scripts/pages-snapshot.ts http://127.0.0.1:3000 /tmp/before
//   (change, build, start again)  node scripts/pages-snapshot.ts http://127.0.0.1:3000 /tmp/after
//   diff -r /tmp/before /tmp/after
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** The HTML without what differs between two builds of the same content. */
export function normalizeHtml(html: string): string {
  return (
    html
      // Hashed asset names: /assets/home-DQ3x_9aB.js → /assets/home-#.js
      .replace(/(\/assets\/[\w.-]+?)-[\w-]{8}(\.\w+)/g, "$1-#$2")
      // The route manifest's version and hashed module names in the inline scripts.
      // (Written with a space after the colon where the manifest is printed over several lines.)
      .replace(/"version":( ?)"[0-9a-f]+"/g, '"version":$1"#"')
      .replace(/(manifest-)[0-9a-f]{8}(\.js)/g, "$1#$2")
  );
}

/** A page's file name in the folder: "/" → "index.html", "/team-details/4" → "team-details_4.html". */
export const fileOf = (pagePath: string) =>
  `${pagePath === "/" ? "index" : pagePath.slice(1).replaceAll("/", "_")}.html`;

async function main() {
  const [base, dir] = process.argv.slice(2);
  if (!base || !dir || !/^https?:\/\//.test(base)) {
    console.error(
      "usage: node scripts/pages-snapshot.ts BASE_URL DIR   (e.g. http://127.0.0.1:3000 /tmp/before)",
    );
    process.exit(2);
  }
  const pages = (JSON.parse(readFileSync("build/pages.json", "utf8")) as { path: string }[]).map(
    (p) => p.path,
  );
  mkdirSync(dir, { recursive: true });
  let failed = 0;
  for (const pagePath of pages) {
    const response = await fetch(new URL(pagePath, base));
    if (response.status !== 200) {
      console.error(`${response.status} ${pagePath}`);
      failed++;
    }
    writeFileSync(path.join(dir, fileOf(pagePath)), normalizeHtml(await response.text()));
  }
  console.log(`${pages.length - failed} of ${pages.length} pages written to ${dir}`);
  if (failed > 0) process.exit(1);
}

if (import.meta.main) await main();
