/**
 * The path a loader should look its page up by: the prerender asks for "/services-2/" (with a
 * trailing slash, its output folder); visitors never see that form (the server redirects it).
 */
export function routePath(url: URL): string {
  return url.pathname.length > 1 ? url.pathname.replace(/\/+$/, "") : url.pathname;
}
