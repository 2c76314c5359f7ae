// The audit log's one writer (docs/staff-console.md: what is recorded and for how long): who
// (`actor`, a member's e-mail) did what (`action`, e.g. "enquiry.erased") to what (`subject`),
// with a word more (`detail`). Every staff action is written through here. Its table is declared
// here too, so that the writer every feature uses depends on no feature's declarations.
import { randomUUID } from "node:crypto";
import type { Queries } from "./db/index.ts";

/** The table (migration 0004; named when only the staff console wrote it). */
export type StaffAuditTable = {
  id: string;
  at: number;
  /** Who did it: a member's e-mail or 'shell' ('visitor' in entries from before migration 0009:
   *  refused anonymous sign-ins are counted in staff_sign_in_refusal now). */
  actor: string;
  /** e.g. "signed-in", "invited", "removed", "comment.approve". */
  action: string;
  /** What it was done to: an e-mail address, a comment id… */
  subject: string | null;
  detail: string | null;
};

// Joins the database's type by declaration merging, as the features' tables do.
declare module "./db/schema.ts" {
  interface Database {
    staff_audit: StaffAuditTable;
  }
}

export type Audit = (
  actor: string,
  action: string,
  subject?: string | null,
  detail?: string | null,
) => Promise<void>;

/** One entry, in `q`: the database, or the transaction that makes the change it records. */
export async function writeAudit(
  q: Queries,
  at: number,
  ...[actor, action, subject = null, detail = null]: Parameters<Audit>
): Promise<void> {
  await q
    .insertInto("staff_audit")
    .values({ id: randomUUID(), at, actor, action, subject, detail })
    .execute();
}

/** The audit log as the staff service writes it: on its database, at its clock's time. */
export function auditLog(q: Queries, now: () => number): Audit {
  return (...entry) => writeAudit(q, now(), ...entry);
}
