import { createContext, use } from "react";
import { Form, type FormProps } from "react-router";
import { CONSOLE_TOKEN_FIELD } from "#app/lib/console-form.ts";

/** The signed-in session's form token, given by the console's layout to every form below it. */
export const ConsoleTokenContext = createContext("");

/** Every form that changes something in the console: a post (React Router's <Form>, so it works
 *  with and without JavaScript) carrying the session's token, which every console action checks
 *  (app/lib/staff.server.ts: requireStaffForm). */
export function ConsoleForm({ children, ...props }: Omit<FormProps, "method">) {
  const token = use(ConsoleTokenContext);
  return (
    <Form method="post" {...props}>
      <input type="hidden" name={CONSOLE_TOKEN_FIELD} value={token} />
      {children}
    </Form>
  );
}
