// How a page the same for every visitor may be kept: by anyone, a browser or a shared cache, but
// revalidated by its ETag on every request, so that a change (a deploy, content changed in the
// console) shows at once. Rendered pages (app/entry.server.tsx), their data for client
// navigations (server/app.ts) and the files built ahead (server/prerendered.ts) say it alike.
export const PAGE_CACHE_CONTROL = "public, max-age=0, must-revalidate";
