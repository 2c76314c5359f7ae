// @vitest-environment node
import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, retryDelay } from "./kind.ts";
import { isPermanentSmtpError, transportSettings } from "./transport.ts";

describe("retry schedule", () => {
  it("doubles from one minute and caps at an hour", () => {
    const minutes = [1, 2, 3, 4, 5, 6, 7, 8, 30].map((n) => retryDelay(n, DEFAULT_RETRY_POLICY) / 60_000);
    expect(minutes).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    expect(retryDelay(10_000, DEFAULT_RETRY_POLICY)).toBe(3_600_000);
  });
});

describe("permanent vs temporary SMTP errors", () => {
  it("gives up early only when the server refuses the message itself", () => {
    expect(isPermanentSmtpError({ code: "EENVELOPE", responseCode: 550 })).toBe(true);
    expect(isPermanentSmtpError({ code: "EMESSAGE", responseCode: 554 })).toBe(true);
    expect(isPermanentSmtpError({ code: "EENVELOPE", responseCode: 451 })).toBe(false);
    expect(isPermanentSmtpError({ code: "EAUTH", responseCode: 535 })).toBe(false); // fix SMTP_URL, keep the mail
    expect(isPermanentSmtpError({ code: "ECONNECTION" })).toBe(false);
    expect(isPermanentSmtpError(null)).toBe(false);
  });
});

describe("SMTP timeouts", () => {
  it("waits the 10 minutes RFC 5321 gives the answer to the message's end, and a minute to connect", () => {
    const settings = transportSettings({ smtpUrl: "smtp://127.0.0.1:25" });
    expect(settings).toMatchObject({
      connectionTimeout: 60_000,
      greetingTimeout: 60_000,
      socketTimeout: 600_000,
    });
    expect(transportSettings({ smtpUrl: "smtp://x", timeoutMs: 300, replyTimeoutMs: 900 })).toMatchObject({
      connectionTimeout: 300,
      greetingTimeout: 300,
      socketTimeout: 900,
    });
  });
});
