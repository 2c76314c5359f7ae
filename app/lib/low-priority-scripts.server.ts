import { Transform, type TransformCallback } from "node:stream";

/**
 * The module preloads React Router writes into `<head>`, marked `fetchpriority="low"`. They are
 * the page's JavaScript (hydration: menus, carousels, forms that send with fetch). The page reads
 * and works without it, so on a slow phone network the stylesheet, the font and the first
 * picture get the bandwidth first, and the first paint does not wait for 120 KB of scripts.
 */
export function lowerModulePreloads(head: string): string {
  return head.replace(
    /<link rel="modulepreload"(?![^>]*fetchpriority)/g,
    '<link rel="modulepreload" fetchpriority="low"',
  );
}

/** A stream that applies {@link lowerModulePreloads} to the document's head, whatever its chunks. */
export function lowPriorityScripts(): Transform {
  let held = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      if (done) return callback(null, chunk);
      // Bytes, not text, until "</head>": a chunk may end inside a character or the tag.
      held = Buffer.concat([held, chunk]);
      const end = held.indexOf("</head>");
      if (end < 0) return callback();
      done = true;
      const head = lowerModulePreloads(held.subarray(0, end).toString("utf8"));
      callback(null, Buffer.concat([Buffer.from(head, "utf8"), held.subarray(end)]));
    },
    flush(callback: TransformCallback) {
      if (done) return callback();
      callback(null, Buffer.from(lowerModulePreloads(held.toString("utf8")), "utf8"));
    },
  });
}
