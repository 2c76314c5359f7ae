// Turns a stored message into the agency's e-mail and hands it to the SMTP server (nodemailer).
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { StoredMessage } from "./store.ts";

export type Mailer = {
  /** Resolves once the SMTP server accepted the message; rejects with nodemailer's error. */
  send(message: StoredMessage): Promise<void>;
  close(): void;
};

export type MailerOptions = {
  smtpUrl: string;
  from: string;
  to: string;
  /** Socket/greeting/connection timeout (ms); keep it well below the worker's lease. */
  timeoutMs?: number;
};

export function createMailer(options: MailerOptions): Mailer {
  const timeout = options.timeoutMs ?? 60_000;
  const transport = nodemailer.createTransport({
    url: options.smtpUrl,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // The content is the visitor's: never let it reach files or URLs on this machine.
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  return {
    async send(message) {
      await transport.sendMail(composeMail(message, options));
    },
    close: () => transport.close(),
  };
}

/** The same Message-ID on every attempt, so a retry after a crash is recognisable as a duplicate. */
export function messageIdFor(id: string, from: string): string {
  const domain = /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<contact-${id}@${domain}>`;
}

export function composeMail(m: StoredMessage, options: { from: string; to: string }): SendMailOptions {
  const received = new Date(m.createdAt);
  const when = received.toUTCString();
  const text = [
    `New enquiry from the website contact form`,
    ``,
    `Name:    ${m.name}`,
    `E-mail:  ${m.email}`,
    `Phone:   ${m.phone}`,
    `Sent:    ${when}`,
    ``,
    `Message:`,
    m.message,
    ``,
    `-- `,
    `Reply to this e-mail to answer ${m.name} directly.`,
    `Reference: ${m.id}`,
  ].join("\n");

  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0;vertical-align:top">${label}</th><td style="padding:4px 0">${value}</td></tr>`;
  const html = `<!doctype html>
<html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<h1 style="font-size:18px">New enquiry from the website contact form</h1>
<table role="presentation" style="border-collapse:collapse">
${row("Name", escapeHtml(m.name))}
${row("E-mail", `<a href="mailto:${escapeHtml(m.email)}">${escapeHtml(m.email)}</a>`)}
${row("Phone", `<a href="tel:${escapeHtml(m.phone.replace(/ /g, ""))}">${escapeHtml(m.phone)}</a>`)}
${row("Sent", escapeHtml(when))}
</table>
<h2 style="font-size:16px">Message</h2>
<p style="white-space:pre-wrap">${escapeHtml(m.message)}</p>
<p style="color:#555;font-size:12px">Reply to this e-mail to answer ${escapeHtml(m.name)} directly. Reference: ${escapeHtml(m.id)}</p>
</body></html>`;

  return {
    from: options.from,
    to: options.to,
    replyTo: { name: m.name, address: m.email },
    subject: `New enquiry from ${m.name}`,
    messageId: messageIdFor(m.id, options.from),
    date: received,
    text,
    html,
  };
}

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
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
