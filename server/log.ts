// Structured JSON logs through the server's one logger (app/lib/log.server.ts). Entries carry
// ids, states and hashed client addresses — never the visitor's name, e-mail, phone or message.
export { log as consoleLogger, type Logger } from "#app/lib/log.server.ts";

/** Error code and message for logs (never stack traces or query parameters). */
export function describeError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const parts = [
    typeof e?.code === "string" ? e.code : null,
    typeof e?.message === "string" ? e.message : null,
  ].filter(Boolean);
  return parts.join(": ") || "unknown error";
}
