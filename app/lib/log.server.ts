// The one logger of the server: JSON lines on stdout through pino, each with its level, an ISO
// time and a message (`msg`), then the entry's own fields. Entries carry ids, states and
// hashed client addresses, never what a visitor typed. The Node server, the renderer
// (app/entry.server.tsx) and the services all log through `log`.
import { pino, stdTimeFunctions, type DestinationStream } from "pino";

export type LogLevel = "debug" | "info" | "warn" | "error";
/** One log line: `level` (default info) and `msg`, plus any JSON-serialisable fields. */
export type LogEntry = Record<string, unknown> & { level?: LogLevel; msg?: string };
export type Logger = (entry: LogEntry) => void;

const LEVELS = new Set<LogLevel>(["debug", "info", "warn", "error"]);

/** A logger writing to `destination` (stdout by default); tests pass a stream to read it. */
export function createLogger(destination?: DestinationStream): Logger {
  const logger = pino(
    {
      base: undefined, // no pid and hostname on every line
      messageKey: "msg",
      timestamp: stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      level: "debug",
    },
    destination,
  );
  return ({ level, msg, ...fields }) => {
    const method = typeof level === "string" && LEVELS.has(level) ? level : "info";
    logger[method](fields, msg);
  };
}

export const log: Logger = createLogger();
