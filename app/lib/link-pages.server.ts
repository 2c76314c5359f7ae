// Pages behind the links the site e-mails (newsletter confirmation and unsubscribe, comment
// moderation): the link's token, and the headers that keep such a page private.

/** The token of an e-mailed link, from the page's URL. */
export function linkToken(request: Request): string {
  return (new URL(request.url).searchParams.get("token") ?? "").slice(0, 300);
}

/**
 * Pages behind e-mailed links are one person's: never cached, never indexed. Their address holds
 * the link's token, so a request from them names only the site (`strict-origin`), never the page;
 * not `no-referrer`, under which the browser sends `Origin: null` and the page's own confirming
 * form would be refused as cross-site.
 */
export const privatePageHeaders = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "strict-origin",
});
