// The contact form's port: what the pages need of server/contact.
import { createContext } from "react-router";
import type { FormPost, FormPostAnswer } from "./common.ts";

/** What pages need of the contact service (server/contact): tokens and the no-JS form post. */
export type ContactPort = {
  issueToken(cookieHeader?: string): { token: string; cookie: string };
  /** `confirm`: nothing was stored; the visitor is asked to check the form and send it again. */
  submitForm(input: FormPost): Promise<FormPostAnswer>;
};

export const contactContext = createContext<ContactPort | null>(null);
