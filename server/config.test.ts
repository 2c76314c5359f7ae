import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.ts";

describe("parseConfig", () => {
  it("has defaults that need no configuration", () => {
    const config = parseConfig({});
    expect(config).toMatchObject({ HOST: "127.0.0.1", PORT: 3000, TRUST_PROXY: false, DATA_DIR: "data" });
    expect(config.SMTP_URL).toBeUndefined();
  });
  it("parses numbers and booleans, treating empty values as unset", () => {
    const config = parseConfig({
      PORT: "8080",
      TRUST_PROXY: "true",
      SMTP_URL: "",
      RATE_LIMIT_PER_MINUTE: "50",
    });
    expect(config).toMatchObject({ PORT: 8080, TRUST_PROXY: true, RATE_LIMIT_PER_MINUTE: 50 });
    expect(parseConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
  });
  it("names every bad variable", () => {
    expect(() => parseConfig({ PORT: "http", SMTP_URL: "mail.example.com", SECRET: "short" })).toThrow(
      ConfigError,
    );
    try {
      parseConfig({ PORT: "http", SMTP_URL: "mail.example.com", SECRET: "short" });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("SMTP_URL: must be an smtp:// or smtps:// URL");
      expect(message).toContain("SECRET: must be at least 32 characters");
    }
  });
});
