import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./log.server.ts";

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      callback();
    },
  });
  return {
    log: createLogger(stream),
    lines: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe("log", () => {
  it("writes one JSON line with level, ISO time, message and the entry's fields", async () => {
    const { log, lines } = capture();
    log({ msg: "request", id: "abc", status: 200 });
    await new Promise((r) => setImmediate(r));
    const [line] = lines();
    expect(line).toMatchObject({ level: "info", msg: "request", id: "abc", status: 200 });
    expect(new Date(line!.time as string).toISOString()).toBe(line!.time);
    expect(line).not.toHaveProperty("pid");
    expect(line).not.toHaveProperty("hostname");
  });

  it("keeps the entry's level and falls back to info for an unknown one", async () => {
    const { log, lines } = capture();
    log({ level: "warn", msg: "mail.no-transport" });
    log({ level: "error", msg: "render error" });
    log({ level: "loud" as never, msg: "odd" });
    await new Promise((r) => setImmediate(r));
    expect(lines().map((l) => l.level)).toEqual(["warn", "error", "info"]);
  });
});
