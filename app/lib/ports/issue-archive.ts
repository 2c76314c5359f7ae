// The newsletter's web archive: what the public pages read of the sent issues (server/newsletter/
// archive.ts). Only issues past 'draft' are here: a draft's id is nobody's page.
import { createContext } from "react-router";
import type { IssuePost } from "./issues.ts";

export type ArchivedIssueSummary = {
  /** The issue's id (a random UUID: nobody finds a draft by counting). */
  id: string;
  subject: string;
  /** When Send was pressed. */
  sentAt: number;
  /** A line or two of what it says (the post's excerpt, or the start of the issue's text). */
  description: string;
};

export type ArchivedIssue = ArchivedIssueSummary & {
  /** Markdown. */
  body: string;
  post: IssuePost | null;
};

export type IssueArchivePort = {
  /** The sent issues, newest first: answered from memory, kept current on every instance. */
  sent(): readonly ArchivedIssueSummary[];
  /** A sent issue whole; null for a draft, an unknown or a malformed id. */
  get(id: string): Promise<ArchivedIssue | null>;
};

export const issueArchiveContext = createContext<IssueArchivePort | null>(null);
