// Prerendered documents and hashed assets, loaded into memory once at start with their
// precompressed variants (written by scripts/postbuild.ts), ETag, CSP and every header, and
// answered before Express (server/fast-path.ts). Pages are served only for requests without a
// query string: a query may change the content (e.g. ?page=2).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { contentSecurityPolicy, inlineScriptHashes, securityHeaderList } from "./security.ts";
import { storeAnswer, type Stored } from "./stored.ts";
import { PAGE_CACHE_CONTROL } from "#app/lib/http-cache.ts";

const types: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".woff2": "font/woff2",
  ".json": "application/json",
};

/** Hashed assets: the name changes with the content. */
export const ASSET_CACHE_CONTROL = "public, max-age=31536000, immutable";

function load(file: string, cacheControl: string): Stored {
  const identity = readFileSync(file);
  const ext = path.extname(file);
  const read = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
  const headers = [
    ...securityHeaderList(),
    "Content-Type",
    types[ext] ?? "application/octet-stream",
    "Cache-Control",
    cacheControl,
  ];
  if (ext === ".html")
    headers.push(
      "Content-Security-Policy",
      contentSecurityPolicy(inlineScriptHashes(identity.toString("utf8"))),
    );
  return storeAnswer({ identity, br: read(".br"), gzip: read(".gz") }, headers);
}

/** URL path → answer, for every index.html below `clientDir` and the given root files. */
export function loadPrerendered(clientDir: string, rootFiles = ["sitemap.xml", "robots.txt"]) {
  const documents = new Map<string, Stored>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets") walk(full);
      } else if (entry.name === "index.html") {
        const rel = path.relative(clientDir, dir).split(path.sep).join("/");
        documents.set(`/${rel}`, load(full, PAGE_CACHE_CONTROL));
      }
    }
  };
  walk(clientDir);
  for (const name of rootFiles) {
    const file = path.join(clientDir, name);
    if (existsSync(file)) documents.set(`/${name}`, load(file, PAGE_CACHE_CONTROL));
  }
  return documents;
}

/**
 * The build's hashed assets (build/client/assets: scripts, the stylesheet, fonts, the icon
 * sprite), with their precompressed variants: a few MB, answered from memory like the pages.
 */
export function loadAssets(assetsDir: string) {
  const assets = new Map<string, Stored>();
  if (!existsSync(assetsDir)) return assets;
  for (const entry of readdirSync(assetsDir, { withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    assets.set(`/assets/${entry.name}`, load(path.join(assetsDir, entry.name), ASSET_CACHE_CONTROL));
  }
  return assets;
}
