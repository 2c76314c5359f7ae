// The audit log's one writer (docs/staff-console.md: what is recorded and for how long): who
// (`actor`, a member's e-mail) did what (`action`, e.g. "enquiry.erased") to what (`subject`),
// with a word more (`detail`). Every staff action is written through here.
import { randomUUID } from "node:crypto";
import type { Queries } from "./db/index.ts";

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
