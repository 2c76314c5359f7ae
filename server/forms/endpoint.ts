// A JSON endpoint of the staff console's passkey ceremonies (server/staff): `POST {path}` with the
// X-XSRF-TOKEN header, answered `{success, message, errors?}`. The body is read here, not by
// express.json, so every failure gets the same JSON answer and status (413/415/400), never a stack.
// The public forms do not use it: they post to their route action (app/lib/form-action.server.ts),
// and the spec's contact API is a route of the app (app/lib/contact-api.server.ts).
import express, { type Request, type Response } from "express";
import { XSRF_HEADER } from "#app/config/forms.ts";
import { describeError, type Logger } from "../log.ts";
import type { FormAnswer, FormInput } from "./guard.ts";

export type EndpointDeps = {
  /** e.g. "/api/admin/sign-in" */
  path: string;
  /** For log lines: "contact", "newsletter"… */
  form: string;
  submit: (input: FormInput) => Promise<FormAnswer>;
  bodyLimitBytes: number;
  log: Logger;
};

export const HTTP_MESSAGES = {
  contentType: "Please send the form as JSON (Content-Type: application/json).",
  tooLarge: "Your message is too long to send. Please shorten it and try again.",
  malformed: "The form data could not be read. Please reload the page and try again.",
  method: "Use POST to send this form.",
  internal: "Something went wrong. Please try again later.",
} as const;

class HttpError extends Error {
  status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export function createFormEndpoint(deps: EndpointDeps): express.Router {
  const router = express.Router();
  const { path } = deps;

  router.post(path, async (req, res) => {
    let fields: unknown;
    try {
      fields = await readJsonBody(req, deps.bodyLimitBytes);
    } catch (error) {
      const status = error instanceof HttpError ? error.status : 400;
      const message = error instanceof HttpError ? error.message : HTTP_MESSAGES.malformed;
      deps.log({ level: "info", msg: `${deps.form}.rejected`, status, reason: "body" });
      if (status === 413) res.set("Connection", "close");
      send(res, { status, body: { success: false, message } });
      return;
    }
    const headers = toHeaders(req);
    const result = await deps.submit({
      fields: isRecord(fields) ? fields : {},
      token: req.get(XSRF_HEADER),
      cookieHeader: req.get("cookie"),
      headers,
      ip: req.socket.remoteAddress ?? "",
    });
    send(res, result);
  });

  router.all(path, (_req, res) => {
    res.set("Allow", "POST");
    send(res, { status: 405, body: { success: false, message: HTTP_MESSAGES.method } });
  });

  // Last resort for this router: a bug must not leak internals.
  router.use((error: unknown, req: Request, res: Response, next: (error?: unknown) => void) => {
    if (req.path !== path) return next(error);
    deps.log({ level: "error", msg: `${deps.form}.internal-error`, reason: describeError(error) });
    if (res.headersSent) return res.end();
    send(res, { status: 500, body: { success: false, message: HTTP_MESSAGES.internal } });
  });

  return router;
}

function send(res: Response, result: FormAnswer) {
  res.status(result.status).set("Cache-Control", "no-store");
  if (result.headers) res.set(result.headers);
  res.json(result.body);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toHeaders(req: Request): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

/** Reads a JSON body of at most `limit` bytes: 415 for another type, 413 when larger, 400 when
 *  not JSON. Parsed bodies an earlier middleware left on req.body are accepted as they are. */
async function readJsonBody(req: Request, limit: number): Promise<unknown> {
  const [type = "", ...params] = (req.get("content-type") ?? "").split(";");
  const charset = params
    .map((p) => p.trim().toLowerCase())
    .find((p) => p.startsWith("charset="))
    ?.slice(8)
    .replace(/"/g, "");
  if (type.trim().toLowerCase() !== "application/json" || (charset && charset !== "utf-8")) {
    throw new HttpError(415, HTTP_MESSAGES.contentType);
  }
  if (req.body !== undefined && req.readableEnded) return req.body as unknown;
  const declared = Number(req.get("content-length"));
  if (declared > limit) {
    req.resume();
    throw new HttpError(413, HTTP_MESSAGES.tooLarge);
  }
  const body = await new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > limit) return; // already answered 413; the rest is discarded
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else reject(new HttpError(413, HTTP_MESSAGES.tooLarge));
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", () => reject(new HttpError(400, HTTP_MESSAGES.malformed)));
  });
  try {
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(body));
  } catch {
    throw new HttpError(400, HTTP_MESSAGES.malformed);
  }
}
