// @vitest-environment node
import { describe, expect, it } from "vitest";
import { createLinkSigner } from "./links.ts";

const signer = createLinkSigner("k".repeat(32));
const NOW = 1_900_000_000_000;

describe("signed e-mail links", () => {
  it("verifies its own link until it expires, then still names its payload", () => {
    const token = signer.sign("confirm", "abc~123", NOW + 1000);
    expect(signer.verify("confirm", token, NOW)).toEqual({ ok: true, payload: "abc~123" });
    expect(signer.verify("confirm", token, NOW + 1000)).toEqual({
      ok: false,
      reason: "expired",
      payload: "abc~123",
    });
    expect(signer.verify("confirm", signer.sign("confirm", "x", null), NOW * 2)).toEqual({
      ok: true,
      payload: "x",
    });
  });

  it("refuses a link for another purpose, another secret, or with any part changed", () => {
    const token = signer.sign("unsubscribe", "sub-1", null);
    expect(signer.verify("confirm", token, NOW)).toEqual({ ok: false, reason: "invalid" });
    expect(createLinkSigner("o".repeat(32)).verify("unsubscribe", token, NOW)).toEqual({
      ok: false,
      reason: "invalid",
    });
    const [payload, expiry, mac] = token.split(".") as [string, string, string];
    for (const forged of [
      `sub-2.${expiry}.${mac}`,
      `${payload}.${(NOW + 1e9).toString(36)}.${mac}`,
      `${payload}.${expiry}.${mac.slice(0, -1)}A`,
      `${payload}.${expiry}.${mac}.extra`,
      `${payload}.${expiry}`,
      "",
      "a".repeat(400),
      `<script>.${expiry}.${mac}`,
    ]) {
      expect(signer.verify("unsubscribe", forged, NOW)).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("will not sign a payload a link cannot carry", () => {
    expect(() => signer.sign("confirm", "a.b", null)).toThrow();
    expect(() => signer.sign("confirm", "a b", null)).toThrow();
  });
});
