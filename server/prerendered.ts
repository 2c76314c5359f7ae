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

function pickVariant(doc: Document, acceptEncoding: string): Variant {
  const accepts = (enc: string) => new RegExp(`\\b${enc}\\b(?!;q=0(\\.0*)?\\b)`).test(acceptEncoding);
  return doc.variants.find((v) => !v.encoding || accepts(v.encoding)) ?? doc.variants.at(-1)!;
}

export function prerenderedHandler(documents: Map<string, Document>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const queryAt = req.originalUrl.indexOf("?");
    if (queryAt !== -1) return next();
    const doc = documents.get(req.path);
    if (!doc) return next();

    res.setHeader("Content-Type", doc.type);
    res.setHeader("ETag", doc.etag);
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
    if (doc.csp) res.setHeader("Content-Security-Policy", doc.csp);
    if (req.headers["if-none-match"] === doc.etag) {
      res.status(304).end();
      return;
    }
    const variant = pickVariant(doc, String(req.headers["accept-encoding"] ?? ""));
    if (variant.encoding) res.setHeader("Content-Encoding", variant.encoding);
    res.setHeader("Content-Length", variant.body.length);
    res.status(200);
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
  };
}
