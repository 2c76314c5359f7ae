// A real SMTP server on 127.0.0.1 for the tests (smtp-server), with a minimal MIME reader.
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  raw: string;
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Map<string, string>;
  text: string;
  html: string;
};

export type SmtpMode =
  | { kind: "accept" }
  | { kind: "reject"; code: number; message: string } // at RCPT TO
  | { kind: "hold" } // reads the message and never answers (until the client goes away)
  /** Holds every answer to RCPT TO until the mode is changed (then answered as the new mode
   *  says): conversations stopped before the message is sent. */
  | { kind: "hold-rcpt" }
  | { kind: "reject-data"; code: number; message: string } // answers the message's end with it
  | { kind: "delay"; ms: number }
  /** Refuses the e-mails to these addresses (a dead mailbox: 550 at RCPT TO; a message the
   *  recipient's server will not take: 550 at the message's end; a full one: 452), takes the rest. */
  | { kind: "refuse"; at: "rcpt" | "data"; to: readonly string[]; code: number; message: string };

/** Whether `mode` refuses a recipient at this stage of the conversation. */
const refuses = (m: SmtpMode, at: "rcpt" | "data", recipients: readonly string[]) =>
  m.kind === "refuse" && m.at === at && recipients.some((r) => m.to.includes(r.toLowerCase()));

export type TestSmtp = {
  port: number;
  url: string;
  /** Messages the server accepted. */
  received: ReceivedMail[];
  /** Messages whose DATA arrived, whatever the answer (accepted, held…). */
  dataSeen: ReceivedMail[];
  /** Recipients whose RCPT TO is being held (mode `hold-rcpt`), connections gone included. */
  readonly rcptHeld: number;
  mode: SmtpMode;
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function startSmtp(port = 0, mode: SmtpMode = { kind: "accept" }): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  const dataSeen: ReceivedMail[] = [];
  const state = { mode };
  /** The RCPT TO answers held by `hold-rcpt`, given when the mode changes. */
  let held: (() => void)[] = [];
  const answerRcpt = (address: string, callback: (error?: Error | null) => void) => {
    const m = state.mode;
    if (m.kind === "hold-rcpt") return held.push(() => answerRcpt(address, callback));
    if (m.kind === "reject" || (m.kind === "refuse" && refuses(m, "rcpt", [address]))) {
      return callback(Object.assign(new Error(m.message), { responseCode: m.code }));
    }
    callback();
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    closeTimeout: 50,
    onRcptTo(address, _session, callback) {
      answerRcpt(address.address, callback);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"));
        mail.envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : "";
        mail.envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        dataSeen.push(mail);
        const m = state.mode;
        if (m.kind === "hold") return; // never answer
        if (m.kind === "reject-data" || (m.kind === "refuse" && refuses(m, "data", mail.envelopeTo)))
          return callback(Object.assign(new Error(m.message), { responseCode: m.code }));
        const accept = () => {
          received.push(mail);
          callback(null, "Queued");
        };
        if (m.kind === "delay") setTimeout(accept, m.ms);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  // A client killed in the middle of a conversation (the crash tests SIGKILL the server while this
  // one holds its answers) resets its connection: smtp-server reports that as its own "error",
  // which would otherwise crash the test process.
  server.on("error", () => {});
  const address = server.server.address();
  const actualPort = typeof address === "object" && address ? address.port : port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    dataSeen,
    get mode() {
      return state.mode;
    },
    set mode(m: SmtpMode) {
      state.mode = m;
      const waiting = held;
      held = [];
      for (const answer of waiting) answer();
    },
    get rcptHeld() {
      return held.length;
    },
    waitFor: (predicate, timeoutMs = 10_000) => waitFor(predicate, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export async function waitFor(predicate: () => boolean | Promise<boolean>, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const i = line.indexOf(":");
    if (i > 0) headers.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? "7bit").toLowerCase();
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (e === "quoted-printable") {
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

function split(raw: string): [Map<string, string>, string] {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  return [parseHeaders(head), body];
}

function collect(headers: Map<string, string>, body: string, out: { text: string; html: string }) {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith("multipart/") && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      const [h, b] = split(part.replace(/^\r?\n/, ""));
      collect(h, b.replace(/\r?\n$/, ""), out);
    }
    return;
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding")).replace(/\r\n/g, "\n");
  if (type.toLowerCase().startsWith("text/html")) out.html += decoded;
  else out.text += decoded;
}

/** Decodes an RFC 2047 encoded-word header value (UTF-8, B or Q). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeBody(text.replace(/_/g, " "), "quoted-printable"),
    );
}

export function parseMail(raw: string): ReceivedMail {
  const [headers, body] = split(raw);
  const out = { text: "", html: "" };
  collect(headers, body, out);
  return { raw, envelopeFrom: "", envelopeTo: [], headers, text: out.text, html: out.html };
}
