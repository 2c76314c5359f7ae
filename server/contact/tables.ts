// The contact inbox's table (migration 0001). A message's delivery is its job in the mail
// outbox (kind 'contact-notice', recordId = message id).

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
};

export type ContactTables = { contact_message: ContactMessageTable };
