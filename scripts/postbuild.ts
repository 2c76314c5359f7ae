// After `react-router build`: precompress text files for the server (brotli and gzip,
// served by server/prerendered.ts and sirv) and write build/pages.json, the list of pages
// the tests and benchmarks visit, taken from the built app's own page registry.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { loadBuild } from "../server/app.ts";

const buildDir = path.resolve(process.argv[2] ?? "build");
const clientDir = path.join(buildDir, "client");
const compressible = /\.(html|js|mjs|css|svg|json|xml|txt|data|webmanifest|ico)$/;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const file of files(clientDir)) {
  if (!compressible.test(file) || statSync(file).size < 512) continue;
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  count += 1;
  raw += body.length;
  br += brotli.length;
}
console.log(
  `postbuild: precompressed ${count} files, ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`,
);

const build = await loadBuild(buildDir);
const pages = build.entry.module.sitePages();
writeFileSync(path.join(buildDir, "pages.json"), JSON.stringify(pages, null, 2));
console.log(`postbuild: wrote build/pages.json (${pages.length} pages)`);
