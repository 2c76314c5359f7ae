// Hands a rendered e-mail to the SMTP server (nodemailer), and tells the worker what a failure
// means: worth retrying (server down, busy, authentication) or refused for good (5xx).
import nodemailer, { type SendMailOptions } from "nodemailer";

export type Transport = {
  /** Resolves once the SMTP server accepted the message; rejects with nodemailer's error, marked
   *  `maybeDelivered` (isMaybeDelivered) when it came after the message's end was sent. */
  send(mail: SendMailOptions): Promise<void>;
  close(): void;
};

export type TransportOptions = {
  smtpUrl: string;
  /** Connecting (DNS included) and the greeting, each (ms); default 60 s. Nothing is sent yet:
   *  a timeout here is always worth a retry. */
  timeoutMs?: number;
  /** How long the server may stay silent once connected (ms): nodemailer's socketTimeout, an
   *  inactivity timeout, so also the wait for the answer to the message's end. RFC 5321
   *  §4.5.3.2.6 gives that answer 10 minutes (a server may be scanning the message): default
   *  10 minutes. Cutting it shorter makes a slow server's e-mail "maybe delivered". */
  replyTimeoutMs?: number;
  /** Signs every message (DKIM_*: server/config.ts); the key is PEM. */
  dkim?: DkimSettings;
};

export type DkimSettings = { domainName: string; keySelector: string; privateKey: string };

/** RFC 5321 §4.5.3.2.6: the client waits at least 10 minutes for the reply to the DATA terminator. */
export const DATA_TERMINATOR_TIMEOUT_MS = 10 * 60_000;

/** The nodemailer options (exported for the test of the timeouts; checked against
 *  node_modules/nodemailer/dist/esm/smtp-connection/index.js, nodemailer 10.6). */
export function transportSettings(options: TransportOptions) {
  const setup = options.timeoutMs ?? 60_000;
  return {
    url: options.smtpUrl,
    // The whole of connecting: the DNS lookup and every address tried.
    connectionTimeout: setup,
    // From connected to the server's 220 greeting (cut short by what is left of the above).
    greetingTimeout: setup,
    // Inactivity on the connected socket: every reply, including the one to the message's end.
    socketTimeout: options.replyTimeoutMs ?? DATA_TERMINATOR_TIMEOUT_MS,
    // Content comes from visitors: never let it reach files or URLs on this machine.
    disableFileAccess: true,
    disableUrlAccess: true,
    // nodemailer signs the message as it streams it (relaxed/relaxed, rsa-sha256).
    ...(options.dkim ? { dkim: options.dkim } : {}),
  };
}

/**
 * Sends each e-mail on a connection of its own (nodemailer's unpooled transport does so too), with
 * a logger that sees nodemailer hand the message's end (`<CRLF>.<CRLF>`) to the socket: from then
 * on, a timeout or a lost connection without an answer means the server may have taken it.
 */
export function createTransport(options: TransportOptions): Transport {
  const settings = transportSettings(options);
  const open = new Set<{ close(): void }>();
  return {
    async send(mail) {
      let dataEnded = false;
      const noop = () => {};
      const logger = {
        trace: noop,
        debug: noop,
        warn: noop,
        error: noop,
        fatal: noop,
        // smtp-connection logs `{ tnx: "message", outByteCount }` when the message's stream,
        // terminator included, has been written to the socket.
        info: (entry: unknown) => {
          if ((entry as { tnx?: unknown } | null)?.tnx === "message") dataEnded = true;
        },
      };
      const transport = nodemailer.createTransport({ ...settings, logger });
      open.add(transport);
      try {
        await transport.sendMail(mail);
      } catch (error) {
        if (dataEnded && noAnswer(error) && error && typeof error === "object")
          Object.assign(error, { maybeDelivered: true });
        throw error;
      } finally {
        open.delete(transport);
        transport.close();
      }
    },
    close: () => {
      for (const t of open) t.close();
    },
  };
}

/** No SMTP reply came with the error: a timeout or a broken connection, not a refusal. */
function noAnswer(error: unknown): boolean {
  const e = error as { responseCode?: unknown } | null;
  return typeof e?.responseCode !== "number";
}

/** Whether a send failed after the message's end was sent, without the server's answer (a
 *  timeout, a lost connection): the e-mail may be out. */
export function isMaybeDelivered(error: unknown): boolean {
  return (error as { maybeDelivered?: unknown } | null)?.maybeDelivered === true;
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
