// What the hostile tests share: the built server that sends e-mail, requests sent byte for byte
// over a socket (so that no client library tidies them up first), and reading the server's
// database in its data directory.
import { connect } from "node:net";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll } from "vitest";
import { SECRET } from "#server/testing/config.ts";
import { startSmtp, type TestSmtp } from "#server/testing/smtp.ts";
import { openDatabase, SQLITE_FILE, type Db } from "#server/db/index.ts";
import { startBuiltServer, type BuiltServer } from "#server/testing/server-process.ts";

/** An answer as it came; `body` is read as latin1, one character a byte. */
export type Answer = { status: number; headers: Record<string, string>; body: string; ms: number };

/** Sends `head` (and `body`) as written and reads the answer until the server closes or ends it. */
export function raw(
  port: number,
  head: string,
  body: string | Buffer = "",
  timeoutMs = 10_000,
): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const finish = () => {
      const text = Buffer.concat(chunks).toString("latin1");
      const [top = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...lines] = top.split("\r\n");
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const at = line.indexOf(":");
        headers[line.slice(0, at).toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(" ")[1]),
        headers,
        body: rest.join("\r\n\r\n"),
        ms: Date.now() - started,
      });
    };
    socket.on("data", (chunk) => {
      chunks.push(chunk);
      // One answer is all we need: stop once its declared length has arrived.
      const text = Buffer.concat(chunks).toString("latin1");
      const end = text.indexOf("\r\n\r\n");
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      if (end !== -1 && length && Buffer.byteLength(text.slice(end + 4), "latin1") >= Number(length[1])) {
        socket.destroy();
        finish();
      }
    });
    socket.on("close", finish);
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may close while we still write a body it refused: the answer came first.
      if (chunks.length) finish();
      else reject(error);
    });
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error("timed out")));
    socket.write(head);
    if (body.length) socket.write(body);
  });
}

/** A request's head (Host 127.0.0.1, Connection: close, then `headers`), to send with `raw`. */
export const request = (method: string, target: string, headers: Record<string, string> = {}) =>
  `${method} ${target} HTTP/1.1\r\n${Object.entries({ Host: "127.0.0.1", Connection: "close", ...headers })
    .map(([k, v]) => `${k}: ${v}`)
    .join("\r\n")}\r\n\r\n`;

/** The rows `sql` selects from the SQLite database in `dataDir`, opened read-only. */
export function query<T>(dataDir: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(path.join(dataDir, SQLITE_FILE), { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** `fn` with the database in `dataDir` as the site opens it (Kysely), closed afterwards. */
export async function withDatabase<T>(dataDir: string, fn: (db: Db) => Promise<T>): Promise<T> {
  const db = await openDatabase({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

/**
 * For the tests of the enclosing `describe`: the built server (secret SECRET) behind one proxy,
 * its clients told apart by X-Forwarded-For, sending its e-mail to a real SMTP server on
 * loopback; `env` adds to or replaces those settings. Both are started before the tests and
 * stopped after them.
 */
export function mailingServer(prefix: string, env: Record<string, string> = {}) {
  let server: BuiltServer | undefined;
  let smtp: TestSmtp | undefined;
  beforeAll(async () => {
    smtp = await startSmtp();
    server = await startBuiltServer(prefix, { SECRET, SMTP_URL: smtp.url, TRUST_PROXY: "1", ...env });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  return {
    get server() {
      return server!;
    },
    get smtp() {
      return smtp!;
    },
  };
}
