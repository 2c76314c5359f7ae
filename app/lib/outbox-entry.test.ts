import { describe, expect, it } from "vitest";
import type { FormReply } from "#app/lib/form-reply.ts";
import {
  belongsTo,
  copyText,
  keptFields,
  sameContent,
  savedNote,
  verdict,
  type OutboxEntry,
} from "./outbox-entry.ts";

const entry = (over: Partial<OutboxEntry> = {}): OutboxEntry => ({
  key: "0b7e2a9c-2f4e-4d1a-9a53-1f1b8f0f2c11",
  form: "contact",
  endpoint: "/api/send-email",
  via: "api",
  visible: ["name", "email", "phone", "message"],
  fields: {
    _key: "0b7e2a9c-2f4e-4d1a-9a53-1f1b8f0f2c11",
    name: "Ada Okafor",
    email: "ada@example.com",
    phone: "+234 803 555 0199",
    message: "A booking app for our clinic.",
  },
  writtenAt: 1,
  page: "/contact-us",
  toast: ["Thanks For Your Message! We'll get back to you soon."],
  ...over,
});

const reply = (status: number, over: Partial<FormReply> = {}): FormReply => ({
  status,
  outcome: { success: status >= 200 && status < 300, message: "m" },
  values: {},
  ...over,
});

describe("keptFields", () => {
  it("keeps every text field but the token and the script's mark, which go fresh", () => {
    const data = new FormData();
    data.set("_xsrf", "old-token");
    data.set("_script", "1");
    data.set("email", "ada@example.com");
    data.set("placement", "footer");
    data.set("upload", new Blob(["x"]));
    expect(keptFields(data)).toEqual({ email: "ada@example.com", placement: "footer" });
  });
});

describe("belongsTo", () => {
  const footer = entry({
    form: "newsletter",
    endpoint: "/newsletter",
    via: "route",
    visible: ["email"],
    fields: { email: "ada@example.com", placement: "footer", page: "/pricing" },
    page: "/pricing",
  });
  const form = { form: "newsletter" as const, endpoint: "/newsletter", page: "/pricing" };

  it("is the form of the same kind, endpoint, page and hidden fields", () => {
    expect(
      belongsTo(footer, { ...form, hidden: { placement: "footer", page: "/pricing", _xsrf: "t" } }),
    ).toBe(true);
  });

  it("is not the side panel's form, another page's, or another kind", () => {
    expect(belongsTo(footer, { ...form, hidden: { placement: "side-panel", page: "/pricing" } })).toBe(false);
    expect(belongsTo(footer, { ...form, page: "/faq", hidden: { placement: "footer", page: "/faq" } })).toBe(
      false,
    );
    expect(belongsTo(footer, { ...form, form: "contact", hidden: {} })).toBe(false);
  });

  it("a reply is not a new comment", () => {
    const comment = entry({
      form: "comment",
      endpoint: "/blog/1",
      fields: { parentId: "" },
      page: "/blog/1",
    });
    const at = { form: "comment" as const, endpoint: "/blog/1", page: "/blog/1" };
    expect(belongsTo(comment, { ...at, hidden: { parentId: "" } })).toBe(true);
    expect(belongsTo(comment, { ...at, hidden: { parentId: "7" } })).toBe(false);
  });

  it("the contact page's own key differs from the kept one's: still its form", () => {
    expect(
      belongsTo(entry(), {
        form: "contact",
        endpoint: "/api/send-email",
        page: "/contact-us",
        hidden: { _key: "x" },
      }),
    ).toBe(true);
  });
});

describe("sameContent", () => {
  it("the same fields under another key are the same message", () => {
    expect(sameContent(entry(), entry({ key: "k2", fields: { ...entry().fields, _key: "k2" } }))).toBe(true);
  });

  it("one word changed, or another form, is another", () => {
    expect(sameContent(entry(), entry({ fields: { ...entry().fields, message: "Another." } }))).toBe(false);
    expect(sameContent(entry(), entry({ endpoint: "/contact-us" }))).toBe(false);
  });
});

describe("copyText", () => {
  it("the fields one a line, the long text last after a blank line", () => {
    expect(copyText(entry())).toBe(
      "Ada Okafor\nada@example.com\n+234 803 555 0199\n\nA booking app for our clinic.",
    );
  });

  it("one field alone", () => {
    expect(copyText({ visible: ["email"], fields: { email: "ada@example.com" } })).toBe("ada@example.com");
  });
});

describe("verdict", () => {
  it("sent on success", () => {
    expect(verdict(reply(200))).toBe("sent");
  });

  it("refused for its content: a 4xx with the fields' errors, a body too large", () => {
    expect(verdict(reply(400, { outcome: { success: false, message: "m", errors: { email: "bad" } } }))).toBe(
      "refused",
    );
    expect(verdict(reply(413))).toBe("refused");
    expect(verdict(reply(404))).toBe("refused");
  });

  it("later: out of reach, busy, a token refused, a timeout, nothing stored (asked to confirm)", () => {
    for (const status of [0, 403, 408, 429, 500, 503]) expect(verdict(reply(status))).toBe("later");
    expect(verdict({ status: 200, notice: "Please confirm", values: {} })).toBe("later");
  });
});

describe("savedNote", () => {
  it("names what the visitor wrote", () => {
    expect(savedNote("newsletter")).toMatch(/^Your sign-up is saved on this phone/);
    expect(savedNote("comment")).toMatch(/^Your comment is saved/);
  });
});
