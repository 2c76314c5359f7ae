import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import {
  isRouteErrorResponse,
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from "react-router";
import { cspNonceContext } from "#app/lib/ports/common.ts";
import { RenderOnlyProvider, renderOnlyContext } from "#app/lib/render-only.tsx";
import { deferredScripts } from "#app/lib/deferred-scripts.server.ts";
import { log } from "#app/lib/log.server.ts";
import { PAGE_CACHE_CONTROL } from "#app/lib/http-cache.ts";

// The Node server reads these from the built bundle (build.entry.module), so that it uses
// the same context objects and the same page registry as the app itself.
// This list is the seam: server/app.ts takes its type from here (EntryExports). A new context
// joins the record of ports (app/lib/ports/ports.ts), not this list.
export { cspNonceContext } from "#app/lib/ports/common.ts";
export { ports } from "#app/lib/ports/ports.ts";
export { sitePages } from "#app/config/pages.ts";

export const streamTimeout = 5_000;

/**
 * Errors while rendering, one JSON line each like the server's other logs. A request the page
 * refuses (405 for a form posted where there is none, 404 …) is the visitor's, not a fault: not
 * logged. Aborted requests (the visitor left) neither.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logRenderError(request, error);
};

function logRenderError(request: Request, error: unknown) {
  log({
    level: "error",
    msg: "render error",
    path: new URL(request.url).pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}

// Every page is rendered completely before it is sent (onAllReady): the site has no
// slow data, and whole documents compress better and suit crawlers and prerendering.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(cspNonceContext) || undefined;

  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <RenderOnlyProvider values={loadContext.get(renderOnlyContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </RenderOnlyProvider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          // The scripts load after the first paint (prerendered pages too: the prerender
          // renders through here).
          const document = body.pipe(deferredScripts());
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          // The same for every visitor unless its route says otherwise (the contact page's token,
          // an e-mailed link's, the console): a shared cache may keep it, revalidating it by its
          // ETag on every request, so a change shows at once. An error page is kept by no one.
          if (!responseHeaders.has("Cache-Control"))
            responseHeaders.set("Cache-Control", status === 200 ? PAGE_CACHE_CONTROL : "private, no-cache");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(document), {
              headers: responseHeaders,
              status,
            }),
          );
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          status = 500;
          logRenderError(request, error);
        },
      },
    );
  });
}
