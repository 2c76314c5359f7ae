// @vitest-environment node
import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, retryDelay } from "./kind.ts";
import { isPermanentSmtpError } from "./transport.ts";

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
