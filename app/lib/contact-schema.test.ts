// @vitest-environment node
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  contactSchema,
  validateContact,
  validateContactField,
} from "./contact-schema.ts";

const valid = {
  name: "Ada Obi",
  email: "ada@example.com",
  phone: "+234 803 555 0142",
  message: "Hello,\nwe need a website.",
};

// Any string, including lone surrogates and every control character.
const anyString = fc.string({ unit: "binary", maxLength: 300 });
const fieldValue = fc.oneof(anyString, fc.anything());
const LINE_BREAKS = ["\r", "\n", "\r\n", "\u2028", "\u2029", "\u0085"];
const CONTROLS = [...LINE_BREAKS, "\u0000", "\t", "\u001b", "\u007f", "\u202e"];

// Valid values, the way people type them.
const printable = fc
  .string({ unit: "grapheme", minLength: 1, maxLength: 40 })
  .filter((s) => s.trim().length > 0 && !/[\p{C}\u2028\u2029\u115F\u1160\u3164\uFFA0]/u.test(s));
const validName = printable.filter((s) => s.trim().length <= CONTACT_LIMITS.name);
const validEmail = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9_+-]{1,12}(\.[a-z0-9_+-]{1,8}){0,2}$/),
    fc.stringMatching(/^[a-z0-9]{1,12}(-[a-z0-9]{1,6})?$/),
    fc.constantFrom("com", "ng", "org", "co.uk", "com.ng"),
  )
  .filter(([local]) => !/^[.]|[.]$/.test(local) && /[a-z0-9_+-]$/.test(local))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const validPhone = fc
  .tuple(fc.boolean(), fc.array(fc.stringMatching(/^[0-9]{1,5}$/), { minLength: 1, maxLength: 5 }))
  .map(([plus, groups]) => `${plus ? "+" : ""}${groups.join(" ")}`)
  .filter((p) => {
    const digits = p.replace(/\D/g, "").length;
    return digits >= 7 && digits <= 15 && p.length <= CONTACT_LIMITS.phone;
  });
const validMessage = fc
  .array(fc.oneof(printable, fc.constantFrom("\n", "\r\n", "\t", " ")), { minLength: 1, maxLength: 30 })
  .map((parts) => parts.join(""))
  .filter((m) => m.trim().length > 0);

describe("contact schema (property-based)", () => {
  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        validateContact(input);
      }),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        fc.record(
          { name: fieldValue, email: fieldValue, phone: fieldValue, message: fieldValue },
          { requiredKeys: [] },
        ),
        (input) => {
          const result = validateContact(input);
          if (!result.success) {
            for (const message of Object.values(result.errors)) {
              expect(message).toMatch(/^Please .+\.$/);
            }
          }
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("never accepts line breaks or control characters in single-line fields", () => {
    // Valid values with arbitrary text (any code unit) spliced in, so many inputs are accepted.
    const spliced = (base: fc.Arbitrary<string>) =>
      fc.oneof(
        base,
        fc.tuple(base, anyString, fc.nat()).map(([v, junk, at]) => {
          const i = at % (v.length + 1);
          return v.slice(0, i) + junk + v.slice(i);
        }),
      );
    let accepted = 0;
    fc.assert(
      fc.property(
        fc.record({
          name: spliced(validName),
          email: spliced(validEmail),
          phone: spliced(validPhone),
          message: spliced(validMessage),
        }),
        (input) => {
          const result = validateContact(input);
          if (result.success) {
            accepted++;
            const { name, email, phone, message } = result.data;
            for (const value of [name, email, phone]) {
              expect(value).not.toMatch(/[\p{Cc}\p{Cs}\u2028\u2029]/u);
            }
            expect(message).not.toMatch(/\r|(?![\t\n])\p{Cc}|\p{Cs}/u);
            expect(name.length).toBeLessThanOrEqual(CONTACT_LIMITS.name);
            expect(email.length).toBeLessThanOrEqual(CONTACT_LIMITS.email);
            expect(phone.length).toBeLessThanOrEqual(CONTACT_LIMITS.phone);
            expect(message.length).toBeLessThanOrEqual(CONTACT_LIMITS.message);
          }
        },
      ),
      { numRuns: 2000 },
    );
    expect(accepted).toBeGreaterThan(100); // the property was really exercised
  });

  it("rejects a line break or control character inside a name, e-mail or phone", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("name", "email", "phone") as fc.Arbitrary<"name" | "email" | "phone">,
        fc.constantFrom(...CONTROLS),
        fc.nat(),
        (field, control, at) => {
          const clean = valid[field];
          const i = 1 + (at % (clean.length - 1)); // strictly inside, so trimming cannot remove it
          const input = { ...valid, [field]: clean.slice(0, i) + control + clean.slice(i) };
          const result = validateContact(input);
          expect(result.success).toBe(false);
          if (!result.success) expect(Object.keys(result.errors)).toEqual([field]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("accepts what people really type, trimmed", () => {
    fc.assert(
      fc.property(validName, validEmail, validPhone, validMessage, (name, email, phone, message) => {
        const result = validateContact({ name: ` ${name} `, email, phone: ` ${phone}`, message });
        expect(result).toEqual({
          success: true,
          data: {
            name: name.trim(),
            email,
            phone: phone.trim(),
            message: message.trim().replace(/\r\n/g, "\n"),
          },
        });
      }),
      { numRuns: 1000 },
    );
  });
});

describe("contact schema (examples)", () => {
  it("accepts a typical Nigerian enquiry and ignores unknown fields", () => {
    expect(validateContact({ ...valid, website: "" })).toEqual({
      success: true,
      data: valid,
    });
  });

  it("explains every missing field in plain English", () => {
    expect(validateContact({})).toEqual({
      success: false,
      errors: {
        name: "Please enter your name.",
        email: "Please enter your e-mail address.",
        phone: "Please enter your phone number.",
        message: "Please enter your message.",
      },
    });
    expect(validateContact(null)).toEqual(validateContact({}));
    expect(validateContact({ name: "   ", email: 42, phone: [], message: "\n\n" })).toEqual(
      validateContact({}),
    );
  });

  it("gives one clear message per invalid field", () => {
    const result = validateContact({
      name: "x".repeat(101),
      email: "ada@",
      phone: "0803-555-0142",
      message: "y".repeat(5001),
    });
    expect(result).toEqual({
      success: false,
      errors: {
        name: "Please keep your name to 100 characters or fewer.",
        email: "Please enter a valid e-mail address.",
        phone: "Please enter a phone number using digits only (a leading + and spaces are allowed).",
        message: "Please keep your message to 5000 characters or fewer.",
      },
    });
  });

  it("checks phone numbers: digits, a leading + and spaces; 7 to 15 digits", () => {
    expect(validateContactField("phone", "08035550142")).toBeUndefined();
    expect(validateContactField("phone", "+234 803 555 0142")).toBeUndefined();
    expect(validateContactField("phone", "0803 555 01a2")).toBe(CONTACT_MESSAGES.phone.invalid);
    expect(validateContactField("phone", "234+803")).toBe(CONTACT_MESSAGES.phone.invalid);
    expect(validateContactField("phone", "(0803) 555")).toBe(CONTACT_MESSAGES.phone.invalid);
    expect(validateContactField("phone", "12345")).toBe(CONTACT_MESSAGES.phone.digits);
    expect(validateContactField("phone", "1234567890123456")).toBe(CONTACT_MESSAGES.phone.digits);
    expect(validateContactField("phone", "1 2 3 4 5 6 7 8 9 0 1")).toBe(CONTACT_MESSAGES.phone.tooLong);
  });

  it("keeps line breaks in the message (normalised to \\n) but refuses other control characters", () => {
    const ok = validateContact({ ...valid, message: "Line one\r\nLine two\rLine three\n\tindented" });
    expect(ok.success && ok.data.message).toBe("Line one\nLine two\nLine three\n\tindented");
    expect(validateContactField("message", "Hello\u0000")).toBe(CONTACT_MESSAGES.message.invalid);
    expect(validateContactField("message", "Hello\u001b[31m red")).toBe(CONTACT_MESSAGES.message.invalid);
  });

  it("refuses header injection attempts in the name and e-mail", () => {
    const injected = validateContact({
      ...valid,
      name: "Ada\r\nBcc: victim@example.com",
      email: "ada@example.com\nBcc: victim@example.com",
    });
    expect(injected).toEqual({
      success: false,
      errors: {
        name: CONTACT_MESSAGES.name.singleLine,
        email: CONTACT_MESSAGES.email.invalid,
      },
    });
  });

  it("refuses invisible characters in the name, whatever they are, and keeps real names", () => {
    for (const invisible of [
      "\u200B",
      "\u200C",
      "\u200D",
      "\u200E",
      "\u200F",
      "\u061C",
      "\u2060",
      "\uFEFF",
      "\u202E",
      "\u2066",
      "\u00AD",
      "\u3164",
    ]) {
      expect(
        validateContactField("name", `Ada${invisible} Obi`),
        `U+${invisible.codePointAt(0)!.toString(16)}`,
      ).toBe(CONTACT_MESSAGES.name.singleLine);
    }
    // Every name the schema accepts is kept made only of visible characters and spaces (leading
    // and trailing white space, tabs included, is trimmed away before the check).
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (name) => {
        const parsed = contactSchema.shape.name.safeParse(name);
        expect(parsed.success).toBe(validateContactField("name", name) === undefined);
        if (parsed.success) expect(parsed.data).not.toMatch(/[\p{C}\u2028\u2029]/u);
      }),
      { numRuns: 2000 },
    );
    expect(contactSchema.shape.name.parse("\tAda Obi \n")).toBe("Ada Obi");
    for (const name of ["Chiamaka Ọkọnkwọ", "Ṣeun Adébáyọ̀", "Zainab Ɗanjuma", "O'Brien-Smith"]) {
      expect(validateContactField("name", name)).toBeUndefined();
    }
  });
});
