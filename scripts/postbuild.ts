// After `react-router build`: build the service worker (build/client/sw.js), precompress text
// files for the server (brotli and gzip, served by server/prerendered.ts and sirv) and write
// build/pages.json, the list of pages the tests and benchmarks visit, taken from the built app's
// own page registry.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build as viteBuild } from "vite";
import { loadBuild } from "../server/app.ts";

// Serwist's build tool, loaded by a name TypeScript does not follow: its types bring
// browserslist's, which add to Node's `process.env` type and break every operator command's
// (`ProcessEnv` then has "no properties in common" with their env types). Its one function used
// here is typed by hand.
type InjectManifest = (options: {
  swSrc: string;
  swDest: string;
  globDirectory: string;
  globPatterns: string[];
  dontCacheBustURLsMatching?: RegExp;
}) => Promise<{ count: number; size: number; warnings: string[] }>;
const serwistBuild: string = "@serwist/build";
const { injectManifest } = (await import(serwistBuild)) as { injectManifest: InjectManifest };

const buildDir = path.resolve(process.argv[2] ?? "build");
const clientDir = path.join(buildDir, "client");

// The service worker (app/service-worker/sw.ts): one classic script (every browser with a
// service worker runs those), bundled with Serwist's runtime, then Serwist writes in its
// precache list: the font and the logos, which every page shows (decision 027).
const workerDir = mkdtempSync(path.join(tmpdir(), "techspark-sw-"));
try {
  await viteBuild({
    configFile: false,
    logLevel: "warn",
    publicDir: false,
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      outDir: workerDir,
      emptyOutDir: true,
      minify: true,
      lib: {
        entry: path.resolve("app/service-worker/sw.ts"),
        formats: ["iife"],
        name: "techsparkServiceWorker",
        fileName: () => "sw.js",
      },
    },
  });
  const worker = await injectManifest({
    swSrc: path.join(workerDir, "sw.js"),
    swDest: path.join(clientDir, "sw.js"),
    globDirectory: clientDir,
    // The Latin font only: the Latin Extended one (₦) is kept when a page that needs it loads it,
    // which is the only page that could be shown offline with it; fetched at install it cost
    // every first visit 22 KB.
    globPatterns: ["assets/plus-jakarta-sans-latin-wght-*.woff2", "img/logo-*.svg"],
    // Hashed names change with their content: no revision needed.
    dontCacheBustURLsMatching: /^assets\//,
  });
  const bytes = gzipSync(readFileSync(path.join(clientDir, "sw.js")), { level: 9 }).length;
  console.log(
    `postbuild: service worker ${(bytes / 1024).toFixed(1)} KB gzip, ${worker.count} files precached (${(worker.size / 1024).toFixed(0)} KB)`,
  );
  for (const warning of worker.warnings) console.warn(`postbuild: ${warning}`);
} finally {
  rmSync(workerDir, { recursive: true, force: true });
}
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
