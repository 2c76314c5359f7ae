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

describe("METRICS_TOKEN", () => {
  it("is optional, and refused under 32 characters (a guessable token would open /metrics)", () => {
    expect(parseConfig({}).METRICS_TOKEN).toBeUndefined();
    expect(parseConfig({ METRICS_TOKEN: "m".repeat(32) }).METRICS_TOKEN).toBe("m".repeat(32));
    expect(() => parseConfig({ METRICS_TOKEN: "m".repeat(31) })).toThrow(
      "METRICS_TOKEN: must be at least 32 characters",
    );
  });
});

describe("SITE_ORIGIN", () => {
  it("refuses an IP address, v4 or v6, with one line saying why and what to use", () => {
    for (const origin of [
      "http://127.0.0.1:3000",
      "https://203.0.113.7",
      "http://[::1]:3000",
      "https://[2001:db8::1]",
      // Spellings URL parsing turns into an address.
      "http://2130706433:3000",
      "http://0x7f.1",
    ]) {
      expect(() => parseConfig({ SITE_ORIGIN: origin }), origin).toThrow(ConfigError);
      try {
        parseConfig({ SITE_ORIGIN: origin });
      } catch (error) {
        const lines = (error as Error).message.split("\n").filter((l) => l.includes("SITE_ORIGIN"));
        expect(lines, origin).toEqual([
          "  SITE_ORIGIN: must name the host, not an IP address (passkeys cannot be bound to an address): use http://localhost:PORT on this machine, or the site's domain",
        ]);
      }
    }
  });

  it("accepts a host name, localhost included", () => {
    for (const origin of [
      "https://techspark.ng",
      "http://localhost:3000",
      "https://staging.techspark.ng:8443",
    ])
      expect(parseConfig({ SITE_ORIGIN: origin }).SITE_ORIGIN, origin).toBe(origin);
    expect(() => parseConfig({ SITE_ORIGIN: "not a url" })).toThrow(/SITE_ORIGIN/);
  });
});

describe("backups", () => {
  it("are off unless BACKUP_DIR is set, daily by default, and refuse an interval or a keep out of range", () => {
    expect(parseConfig({})).toMatchObject({ BACKUP_EVERY_HOURS: 24, BACKUP_KEEP_MONTHS: 12 });
    expect(parseConfig({}).BACKUP_DIR).toBeUndefined();
    expect(
      parseConfig({ BACKUP_DIR: "/backups", BACKUP_EVERY_HOURS: "6", BACKUP_KEEP_MONTHS: "3" }),
    ).toMatchObject({
      BACKUP_DIR: "/backups",
      BACKUP_EVERY_HOURS: 6,
      BACKUP_KEEP_MONTHS: 3,
    });
    for (const bad of [
      { BACKUP_EVERY_HOURS: "0" },
      { BACKUP_EVERY_HOURS: "1.5" },
      { BACKUP_KEEP_MONTHS: "13" },
    ])
      expect(() => parseConfig(bad)).toThrow(Object.keys(bad)[0]);
  });
});
