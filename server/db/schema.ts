// The typed shape of the whole database, as repositories see it (camelCase; the columns are
// snake_case). Each feature declares its tables beside its code and is added here.
import type { CommentTables } from "../comments/tables.ts";
import type { ContactTables } from "../contact/tables.ts";
import type { FormTables } from "../forms/tables.ts";
import type { MailTables } from "../mail/tables.ts";
import type { NewsletterTables } from "../newsletter/tables.ts";
import type { StaffTables } from "../staff/tables.ts";

export type Database = ContactTables &
  MailTables &
  NewsletterTables &
  CommentTables &
  StaffTables &
  FormTables;
