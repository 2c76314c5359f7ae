// Every port the Node server fills on each request, in one record: app/entry.server.tsx exports it,
// and the server builds each request's context from it (server/services.ts `servicesContext`), as
// the tests' form actions do. The value the server must give is typed from this record, so a port
// added here and not filled there fails `tsc`: adding a context is one line here and its value
// there. (The CSP nonce is the HTTP layer's own, set by server/app.ts.)
import type { RouterContext } from "react-router";
import { backupsContext } from "./backups.ts";
import { commentsContext } from "./comments.ts";
import { clientIpContext } from "./common.ts";
import { contentContext } from "./content.ts";
import { formsContext } from "./forms.ts";
import { issueArchiveContext } from "./issue-archive.ts";
import { newsletterContext } from "./newsletter.ts";
import { postsContext } from "./posts.ts";
import { staffContext } from "./staff.ts";

export const ports = {
  forms: formsContext,
  newsletter: newsletterContext,
  issueArchive: issueArchiveContext,
  comments: commentsContext,
  staff: staffContext,
  posts: postsContext,
  content: contentContext,
  backups: backupsContext,
  clientIp: clientIpContext,
} as const;

export type Ports = typeof ports;

/** What a context holds. A port's `null` default means "no services" (the prerender); a request
 *  the server answers has every one. */
type ValueOf<C> = C extends RouterContext<infer T> ? NonNullable<T> : never;

/** One value for each port of the record, none missing. */
export type PortValues = { [K in keyof Ports]: ValueOf<Ports[K]> };
