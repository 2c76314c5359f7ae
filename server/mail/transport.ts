// Hands a rendered e-mail to the SMTP server (nodemailer), and tells the worker what a failure
// means: worth retrying (server down, busy, authentication) or refused for good (5xx).
import nodemailer, { type SendMailOptions } from "nodemailer";
import DKIM from "nodemailer/lib/dkim";
import { pipeline, Transform, type Readable } from "node:stream";

export type Transport = {
  /** Resolves once the SMTP server accepted the message; rejects with nodemailer's error, marked
   *  `maybeDelivered` (isMaybeDelivered) when it came after the message's end was sent, or with
   *  `beforeEnd`'s own error when that threw. */
  send(mail: SendMailOptions, options?: SendOptions): Promise<void>;
  close(): void;
};

export type SendOptions = {
  /**
   * Runs once the server has taken the envelope and said "go ahead" to DATA (nodemailer has begun
   * to stream the message), and before the message's end (`<CRLF>.<CRLF>`) is written: the end
   * waits for it. Until that end the server cannot have taken the message, so an at-most-once
   * kind writes its "in flight" mark here and a crash before it leaves the e-mail safe to send
   * again. When it throws, the message is never ended: the connection is closed without the
   * terminator, the server discards what it read, and the send fails with that error.
   */
  beforeEnd?: () => Promise<void>;
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
  };
}

/**
 * The message's stream as nodemailer's SMTP connection reads it, its end held until `beforeEnd`
 * has run. Two facts of nodemailer 10.6 (smtp-connection/index.js, `send` and
 * `_createSendStream`) make this the place: the connection pipes the message into its DATA stream
 * only after the server's reply to DATA, and that stream writes the terminator when the message
 * ends. Before the pipe the message is built ahead into buffers (the DKIM signer reads all of it,
 * a small message fits in the streams' buffers), so the end of a stream of ours put earlier in
 * the chain (a `raw` message) would come at EHLO, before the envelope. `pipe()` puts this stream
 * in flowing mode, its "resume" event, which nothing else does: that is the server's go-ahead.
 */
function heldEnd(input: Readable, beforeEnd: () => Promise<void>): Transform {
  let piped!: () => void;
  const reading = new Promise<void>((resolve) => (piped = resolve));
  const gate = new Transform({
    transform: (chunk: Buffer, _encoding, done) => done(null, chunk),
    flush(done) {
      reading.then(beforeEnd).then(
        () => done(),
        (error: unknown) => done(error as Error),
      );
    },
  });
  gate.once("resume", piped);
  // An error of the message's source reaches the connection through the gate (it fails the send).
  pipeline(input, gate, () => {});
  return gate;
}

/**
 * Sends each e-mail on a connection of its own (nodemailer's unpooled transport does so too), with
 * a logger that sees nodemailer hand the message's end (`<CRLF>.<CRLF>`) to the socket: from then
 * on, a timeout or a lost connection without an answer means the server may have taken it.
 */
export function createTransport(options: TransportOptions): Transport {
  const settings = transportSettings(options);
  // nodemailer's own DKIM signer (relaxed/relaxed, rsa-sha256), applied here rather than through
  // the transport's `dkim` option so that the held end comes after it: the signature is computed
  // over the whole message, so the signer reads it all before it writes any of it.
  const signer = options.dkim ? new DKIM(options.dkim) : null;
  const open = new Set<{ close(): void }>();
  return {
    async send(mail, { beforeEnd } = {}) {
      let dataEnded = false;
      // `beforeEnd` as it ran, and its error if it threw (the send fails with that, not with
      // nodemailer's wrapping of it).
      const held: { ran?: Promise<void>; failed?: { error: unknown } } = {};
      const before =
        beforeEnd &&
        (() =>
          (held.ran = beforeEnd().catch((error: unknown) => {
            held.failed = { error };
            throw error;
          })));
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
      transport.use("stream", (message, next) => {
        if (signer) message.message.processFunc((input) => signer.sign(input));
        if (before) message.message.processFunc((input) => heldEnd(input, before));
        next();
      });
      open.add(transport);
      try {
        await transport.sendMail(mail);
      } catch (error) {
        // Cut while `beforeEnd` ran (the worker stopping): its write is done before the worker
        // records how the attempt ended.
        await held.ran?.catch(() => {});
        if (held.failed) throw held.failed.error;
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
