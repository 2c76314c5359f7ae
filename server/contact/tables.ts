// The contact inbox's table (migration 0001; handled at / by: 0005; idempotency key: 0019). A message's delivery is its
// job in the mail outbox (kind 'contact-notice', recordId = message id).

export type ContactMessageTable = {
  id: string;
  createdAt: number;
  updatedAt: number;
  name: string;
  email: string;
  phone: string;
  message: string;
  /** HMAC of the client's address, never the address itself. */
  clientHash: string;
  /** 'spam': caught by the honeypot or timing checks; kept for review, never e-mailed. */
  status: "received" | "spam";
  /** When a member of staff marked it as handled in the console (null: new). */
  handledAt: number | null;
  /** Who did: the member's e-mail, kept with the message. */
  handledBy: string | null;
  /** The random UUID the visitor's form sent with every try of this message (unique): a resend
   *  stores nothing. Null: sent without one. */
  idempotencyKey: string | null;
};

// These tables join the database's type by declaration merging: server/db imports nothing built on it.
declare module "../db/schema.ts" {
  interface Database {
    contact_message: ContactMessageTable;
  }
}
