// The public forms' port: the token every form carries (server/forms) and each form's post, by the
// form's name. server/services.ts registers each feature's post under its name (one line a form),
// and a route's action names its form: `formAction(request, context, "contact", spec)`. So a new
// form adds no port, no context and no line to the seam (app/entry.server.tsx).
import { createContext } from "react-router";
import type { FormPost, FormPostAnswer } from "./common.ts";

/**
 * The site's public forms, by name. The base lists none: each form adds its name beside its
 * action, by declaration merging (as the features' tables join server/db/schema.ts):
 *
 *     declare module "#app/lib/ports/forms.ts" {
 *       interface FormNames { callback: true }
 *     }
 *
 * A misspelt name in `formAction` does not compile, and neither does server/services.ts until it
 * registers every name.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each form's action
export interface FormNames {}
export type FormName = keyof FormNames;

/** A form's post as its feature answers it: the guard, the schema, storage. */
export type SubmitForm = (input: FormPost) => Promise<FormPostAnswer>;

/** What the forms' route actions need of the server. */
export type FormsPort = {
  /** The token for a page's hidden field and the cookie that carries it (one for every form).
   *  Pass the request's Cookie header to keep a still-valid token. */
  issueToken(cookieHeader?: string): { token: string; cookie: string };
  submit: Record<FormName, SubmitForm>;
};

export const formsContext = createContext<FormsPort | null>(null);
