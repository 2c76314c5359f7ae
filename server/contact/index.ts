// The contact service: the form's post (the /contact-us route action hands it over) and the
// inbox, on the shared database and mail outbox.
// Usage (server/services.ts opens the database and the mail service first):
//   const contact = createContactService({ db, mail, forms, ...settings });
import { openDatabase, type DatabaseOptions, type Db } from "../db/index.ts";
import type { MailService } from "../mail/index.ts";
import { createOutbox, type Outbox } from "../mail/outbox.ts";
import type { Forms } from "../forms/index.ts";
import { consoleLogger, type Logger } from "../log.ts";
import { createContactRepository, type ContactRepository } from "./repository.ts";
import { submitContact, type SubmitInput, type SubmitResult } from "./submit.ts";

export type { ContactRepository } from "./repository.ts";
export type { SubmitResult } from "./submit.ts";

export type ContactSettings = {
  rateLimit: { perMinute: number; perHour: number }; // per client, for this form
  logger?: Logger; // default: the server log (app/lib/log.server.ts)
  /** Clock in ms since epoch (default Date.now). */
  now?: () => number;
};

export type ContactService = {
  /** For SSR pages with the no-JS form: the hidden field value and a Set-Cookie header value. */
  issueToken: Forms["issueToken"];
  /** The form's post (the route action, with JavaScript or without).
   *  `fields` are the form fields (incl. the honeypot `website`), `token` the hidden `_xsrf`
   *  field, `ip` the socket's peer address. */
  submitForm(input: SubmitInput): Promise<SubmitResult>;
  /** The inbox: messages and their delivery state. */
  store: ContactRepository;
};

export function createContactService(
  config: ContactSettings & { db: Db; mail: MailService; forms: Forms },
): ContactService {
  const now = config.now ?? Date.now;
  const log = config.logger ?? consoleLogger;
  const { mail, forms } = config;
  const store = createContactRepository(config.db, mail.outbox);
  const limiter = forms.guard.limiter("contact", config.rateLimit);

  const submitForm = (input: SubmitInput) =>
    submitContact(
      {
        store,
        guard: forms.guard,
        limiter,
        now,
        log,
        transportAvailable: mail.transportAvailable,
        onStored: () => mail.worker.poke(),
      },
      input,
    );

  return {
    issueToken: forms.issueToken,
    submitForm,
    store,
  };
}

export type Inbox = { db: Db; outbox: Outbox; store: ContactRepository; close(): Promise<void> };

/** The inbox on its own connection, for the operator commands and tests (the server itself
 *  gets it from server/services.ts). */
export async function openInbox(options: DatabaseOptions): Promise<Inbox> {
  const db = await openDatabase(options);
  const outbox = createOutbox(db);
  return { db, outbox, store: createContactRepository(db, outbox), close: () => db.close() };
}
