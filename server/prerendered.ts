// Prerendered documents, loaded into memory once at start with their precompressed
// variants (written by scripts/postbuild.ts), ETag and CSP. Served only for requests
// without a query string: a query may change the content (e.g. ?page=2).
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Request, Response, NextFunction } from "express";
import { contentSecurityPolicy, inlineScriptHashes } from "./security.ts";

type Variant = { body: Buffer; encoding?: "br" | "gzip" };
type Document = {
  type: string;
  etag: string;
  csp?: string;
  variants: Variant[];
};

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

function load(file: string): Document {
  const body = readFileSync(file);
  const ext = path.extname(file);
  const variants: Variant[] = [];
  for (const [suffix, encoding] of [
    [".br", "br"],
    [".gz", "gzip"],
  ] as const) {
    if (existsSync(file + suffix)) variants.push({ body: readFileSync(file + suffix), encoding });
  }
  variants.push({ body });
  return {
    type: types[ext] ?? "application/octet-stream",
    etag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
    csp: ext === ".html" ? contentSecurityPolicy(inlineScriptHashes(body.toString("utf8"))) : undefined,
    variants,
  };
}

/** URL path → document, for every index.html below `clientDir` and the given root files. */
export function loadPrerendered(clientDir: string, rootFiles = ["sitemap.xml", "robots.txt"]) {
  const documents = new Map<string, Document>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets") walk(full);
      } else if (entry.name === "index.html") {
        const rel = path.relative(clientDir, dir).split(path.sep).join("/");
        documents.set(`/${rel}`, load(full));
      }
    }
  };
  walk(clientDir);
  for (const name of rootFiles) {
    const file = path.join(clientDir, name);
    if (existsSync(file)) documents.set(`/${name}`, load(file));
  }
  return documents;
}

/**
 * The build's hashed assets (build/client/assets: scripts, the stylesheet, fonts, the icon
 * sprite), with their precompressed variants: a few MB, answered from memory like the pages.
 */
export function loadAssets(assetsDir: string) {
  const assets = new Map<string, Document>();
  if (!existsSync(assetsDir)) return assets;
  for (const entry of readdirSync(assetsDir, { withFileTypes: true })) {
    if (!entry.isFile() || /\.(br|gz)$/.test(entry.name)) continue;
    assets.set(`/assets/${entry.name}`, load(path.join(assetsDir, entry.name)));
  }
  return assets;
}

function pickVariant(doc: Document, acceptEncoding: string): Variant {
  const accepts = (enc: string) => new RegExp(`\\b${enc}\\b(?!;q=0(\\.0*)?\\b)`).test(acceptEncoding);
  return doc.variants.find((v) => !v.encoding || accepts(v.encoding)) ?? doc.variants.at(-1)!;
}

function send(req: Request, res: Response, doc: Document) {
  res.setHeader("ETag", doc.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (req.headers["if-none-match"] === doc.etag) {
    res.status(304).end();
    return;
  }
  const variant = pickVariant(doc, String(req.headers["accept-encoding"] ?? ""));
  if (variant.encoding) res.setHeader("Content-Encoding", variant.encoding);
  res.setHeader("Content-Type", doc.type);
  res.setHeader("Content-Length", variant.body.length);
  res.status(200);
  if (req.method === "HEAD") res.end();
  else res.end(variant.body);
}

/** /assets/*: one year, immutable (the names change with the content); unknown names 404. */
export function assetsHandler(assets: Map<string, Document>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith("/assets/")) return next();
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const doc = assets.get(req.path);
    if (!doc) return void res.status(404).type("text/plain").send("Not found");
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    send(req, res, doc);
  };
}

export function prerenderedHandler(documents: Map<string, Document>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const queryAt = req.originalUrl.indexOf("?");
    if (queryAt !== -1) return next();
    const doc = documents.get(req.path);
    if (!doc) return next();

    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    if (doc.csp) res.setHeader("Content-Security-Policy", doc.csp);
    send(req, res, doc);
  };
}
