import { Transform, type TransformCallback } from "node:stream";

/**
 * The page's JavaScript starts loading after its first paint.
 *
 * React Router writes `<link rel="modulepreload">` for every chunk of the page into `<head>` and
 * one inline module script that imports the route modules and then the client entry. On a slow
 * phone network those ~120 KB of scripts share the connection with the stylesheet, the font and
 * the first picture, and the first paint waits. The page reads and works without JavaScript
 * (links, forms, menus), so the scripts can wait one frame: this rewrites the document so that
 *
 * - the preload links are gone from `<head>`;
 * - the module script waits for the first frame to be painted, then adds the same preloads
 *   (all chunks are fetched in parallel, as before) and imports the route modules dynamically.
 *
 * A document that does not have the expected shape is left as it is (it still works, only
 * sooner); tests/e2e and the unit test below check that the built pages have it.
 */
export function deferScripts(html: string): string {
  const preloads: string[] = [];
  const withoutPreloads = html.replace(
    /<link rel="modulepreload"[^>]*?href="([^"]+)"[^>]*\/?>/g,
    (_, href) => {
      preloads.push(href as string);
      return "";
    },
  );
  const script = /(<script[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/.exec(withoutPreloads);
  if (!script || preloads.length === 0) return html;
  const body = script[2]!;
  const imports = [...body.matchAll(/^import \* as (\w+) from ("[^"]+");$/gm)];
  if (imports.length === 0 || !/^import\("[^"]+"\);$/m.test(body)) return html;

  const rest = body.replace(/^import \* as \w+ from "[^"]+";$\n?/gm, "").replace(/^;\n/, "");
  const deferred = [
    // Runs before the next paint; the timeout, right after it.
    "await new Promise((r) => requestAnimationFrame(() => setTimeout(r)));",
    `for (const href of ${JSON.stringify(preloads)}) document.head.append(Object.assign(document.createElement("link"), { rel: "modulepreload", href }));`,
    `const [${imports.map((m) => m[1]).join(", ")}] = await Promise.all([${imports.map((m) => `import(${m[2]})`).join(", ")}]);`,
    rest,
  ].join("\n");
  return (
    withoutPreloads.slice(0, script.index) +
    script[1] +
    deferred +
    script[3] +
    withoutPreloads.slice(script.index + script[0].length)
  );
}

/** A stream that applies {@link deferScripts} to a whole document (pages are rendered whole). */
export function deferredScripts(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback: TransformCallback) {
      callback(null, Buffer.from(deferScripts(Buffer.concat(chunks).toString("utf8")), "utf8"));
    },
  });
}
