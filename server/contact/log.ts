// Structured JSON logs. Entries carry ids, states and hashed client addresses — never the
// visitor's name, e-mail, phone or message.
export type Logger = (entry: Record<string, unknown>) => void;

export const consoleLogger: Logger = (entry) => {
  console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));
};

/** Error code and message for logs (never stack traces or query parameters). */
export function describeError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null;
  const parts = [
    typeof e?.code === "string" ? e.code : null,
    typeof e?.message === "string" ? e.message : null,
  ].filter(Boolean);
  return parts.join(": ") || "unknown error";
}
