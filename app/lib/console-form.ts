// The hidden field every staff-console form carries: the session's form token (issue 26;
// server/staff/form-token.ts makes it, app/lib/staff.server.ts checks it).
export const CONSOLE_TOKEN_FIELD = "console-token";

/** What a console action answers (403) to a post without the token of the session it came with. */
export const CONSOLE_FORM_REFUSED =
  "This form was not sent: it did not come from a console page of your current session. Reload the page and try again.";
