// Hands a rendered e-mail to the SMTP server (nodemailer), and tells the worker what a failure
// means: worth retrying (server down, busy, authentication) or refused for good (5xx).
import nodemailer, { type SendMailOptions } from "nodemailer";

export type Transport = {
  /** Resolves once the SMTP server accepted the message; rejects with nodemailer's error. */
  send(mail: SendMailOptions): Promise<void>;
  close(): void;
};

export type TransportOptions = {
  smtpUrl: string;
  /** Socket/greeting/connection timeout (ms); keep it well below the worker's lease. */
  timeoutMs?: number;
};

export function createTransport(options: TransportOptions): Transport {
  const timeout = options.timeoutMs ?? 60_000;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // Content comes from visitors: never let it reach files or URLs on this machine.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(mail) {
      await transport.sendMail(mail);
    },
    close: () => transport.close(),
  };
}

/** `<{localPart}@{domain of from}>`: the same on every attempt of a job, so a re-send after a
 *  crash is recognisable as a duplicate. */
export function messageIdFor(localPart: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${localPart}@${domain}>`;
}

/** Whether the SMTP server refused the message itself (5xx), as opposed to being unreachable,
 *  busy or misconfigured for us (authentication), which are worth retrying for days. */
export function isPermanentSmtpError(error: unknown): boolean {
  const e = error as { responseCode?: unknown; code?: unknown } | null;
  const status = typeof e?.responseCode === "number" ? e.responseCode : 0;
  return status >= 500 && status < 600 && e?.code !== "EAUTH";
}

/** A short description for logs and the operator: code and SMTP reply, never message content. */
export function describeSmtpError(error: unknown): string {
  const e = error as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };
  const parts = [
    typeof e?.code === "string" ? e.code : null,
    typeof e?.response === "string" ? e.response : typeof e?.message === "string" ? e.message : null,
  ].filter(Boolean);
  return parts.join(": ") || "unknown error";
}
