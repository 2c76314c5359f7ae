// What a public form's route action answers (app/lib/form-action.server.ts), to the page posted
// without JavaScript (actionData) and to the page's script (useFetcher) alike, and the route's
// clientAction that turns a failed request into the same answer: a fetcher's error would
// otherwise replace the page with the error boundary.
import { isRouteErrorResponse, type ClientActionFunctionArgs } from "react-router";
import { FALLBACK_ERROR, NETWORK_ERROR, NO_MESSAGE_ERROR } from "#app/config/forms.ts";

export type FormOutcome<E = Record<string, string>> = {
  success: boolean;
  message: string;
  errors?: E;
};

export type FormReply<E = Record<string, string>> = {
  /** The HTTP status it was sent with (a script cannot read it from a fetcher). */
  status: number;
  /** Sent (success) or refused (the message, and the fields' errors). */
  outcome?: FormOutcome<E>;
  /** Nothing was stored: the visitor checks the form and sends it again (a form from a
   *  page kept for every visitor, which carries no token, or one sent sooner than a person types). */
  notice?: string;
  /** A fresh token for the form shown again (pages that carry none in their HTML). */
  token?: string;
  /** The fields to show again, each cut to its own limit; empty after success. */
  values: Record<string, string>;
};

/** The failure text of a request that did not reach the action, or whose answer was not the
 *  action's (a proxy's error page): its message when it has one (JSON), 'Failed to send message'
 *  for `success: false` without one, else the status; a network error says so. */
function failedRequest(error: unknown): FormReply {
  const fail = (status: number, message: string): FormReply => ({
    status,
    outcome: { success: false, message },
    values: {},
  });
  if (isRouteErrorResponse(error)) {
    const answer = parseJson(error.data);
    if (typeof answer?.message === "string" && answer.message) return fail(error.status, answer.message);
    if (answer?.success === false) return fail(error.status, NO_MESSAGE_ERROR);
    return fail(error.status, `The server answered with an error (HTTP ${error.status}).`);
  }
  // fetch() rejects with a TypeError when the server cannot be reached; anything else (an answer
  // that is not React Router's) gets the generic sentence, never a technical message.
  return fail(0, error instanceof TypeError ? NETWORK_ERROR : FALLBACK_ERROR);
}

function parseJson(text: unknown): { success?: unknown; message?: unknown } | null {
  if (typeof text !== "string") return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null ? value : null;
  } catch {
    return null;
  }
}

/** A form route's clientAction: the server's answer, or a failure the form can show. */
export async function formClientAction({ serverAction }: ClientActionFunctionArgs): Promise<FormReply> {
  try {
    return (await serverAction()) as FormReply;
  } catch (error) {
    return failedRequest(error);
  }
}
