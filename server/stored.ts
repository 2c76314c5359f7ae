// Answers kept in memory (prerendered pages, hashed assets, kept per-request pages): the body in
// each encoding, with every header computed once, so that serving one is a lookup and a write.
import type { IncomingMessage, ServerResponse } from "node:http";
import fresh from "fresh";
import Negotiator from "negotiator";
import { sha256Etag } from "#app/lib/digest.server.ts";

export type Encoding = "br" | "gzip";
export type Variant = {
  body: Buffer;
  encoding?: Encoding;
  /** Every header of the answer, flat ([name, value, …]), but the request id. */
  head: string[];
};
export type Stored = {
  status: number;
  etag: string;
  /** Headers of a 304 (no body, no Content-*). */
  notModified: string[];
  /** Brotli first, then gzip, then the identity body (always last). */
  variants: Variant[];
  /** Bytes held (all bodies). */
  bytes: number;
};

/**
 * `headers` are the answer's own ([name, value, …]: type, cache policy, CSP, security headers);
 * ETag, Vary, Content-Encoding and Content-Length are added per variant.
 */
export function storeAnswer(
  bodies: { identity: Buffer; br?: Buffer; gzip?: Buffer },
  headers: string[],
  { status = 200, etag = sha256Etag(bodies.identity) }: { status?: number; etag?: string } = {},
): Stored {
  const common = [...headers, "ETag", etag, "Vary", "Accept-Encoding"];
  const variants: Variant[] = [];
  for (const encoding of ["br", "gzip"] as const) {
    const body = bodies[encoding];
    if (body)
      variants.push({
        body,
        encoding,
        head: [...common, "Content-Encoding", encoding, "Content-Length", String(body.length)],
      });
  }
  variants.push({
    body: bodies.identity,
    head: [...common, "Content-Length", String(bodies.identity.length)],
  });
  const withoutContent = [];
  for (let i = 0; i < common.length; i += 2) {
    if (!/^content-(type|length|encoding)$/i.test(common[i]!))
      withoutContent.push(common[i]!, common[i + 1]!);
  }
  return {
    status,
    etag,
    notModified: withoutContent,
    variants,
    bytes: variants.reduce((sum, v) => sum + v.body.length, 0),
  };
}

/** negotiator 1.x takes the server's preference for ties (its published types predate it). */
type PreferringNegotiator = { encodings(available: string[], options: { preferred: string[] }): string[] };

const negotiated = new Map<string, Encoding | undefined>();
const OURS: Encoding[] = ["br", "gzip"];

/** The best encoding we have that the request accepts (brotli, gzip, none); q=0 refuses. */
export function negotiate(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  let choice = negotiated.get(acceptEncoding);
  if (choice === undefined && !negotiated.has(acceptEncoding)) {
    // Ours in order of preference where the client weighs them the same.
    const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
    const best = (negotiator as unknown as PreferringNegotiator).encodings(OURS, { preferred: OURS })[0];
    choice = OURS.find((e) => e === best);
    // Browsers send a handful of different values; a client sending thousands gets no cache.
    if (negotiated.size < 256) negotiated.set(acceptEncoding, choice);
  }
  return choice;
}

function pick(stored: Stored, acceptEncoding: string | undefined): Variant {
  const encoding = negotiate(acceptEncoding);
  return (encoding && stored.variants.find((v) => v.encoding === encoding)) || stored.variants.at(-1)!;
}

/**
 * Writes a stored answer (304 when the request has its ETag; no body for HEAD). `extra` headers
 * (the request id) come last. With `merge`, headers already set on `res` (by Express
 * middleware) are kept and ours are set one by one.
 */
export function sendStored(
  req: IncomingMessage,
  res: ServerResponse,
  stored: Stored,
  extra: string[] = [],
  merge = false,
) {
  // If-None-Match (weak or strong tags, lists, `*`) by `fresh`. Only that header is passed: its
  // reading of `Cache-Control: no-cache` (never 304) is for caches; an origin answers the
  // condition (RFC 9110 13.2.1), and fetch() adds no-cache to every conditional request.
  const ifNoneMatch = req.headers["if-none-match"];
  const notModified =
    ifNoneMatch !== undefined && fresh({ "if-none-match": ifNoneMatch }, { etag: stored.etag });
  const variant = notModified ? undefined : pick(stored, req.headers["accept-encoding"]);
  const head = variant ? variant.head : stored.notModified;
  const status = notModified ? 304 : stored.status;
  if (merge) {
    for (let i = 0; i < head.length; i += 2) res.setHeader(head[i]!, head[i + 1]!);
    for (let i = 0; i < extra.length; i += 2) res.setHeader(extra[i]!, extra[i + 1]!);
    res.statusCode = status;
  } else {
    res.writeHead(status, extra.length ? head.concat(extra) : head);
  }
  if (!variant || req.method === "HEAD") res.end();
  else res.end(variant.body);
}
