// The contact message's field names, limits and messages, without the validator: the form
// imports these with the page, and loads the validator (contact-schema.ts, zod) only when used.

export const CONTACT_SUCCESS_MESSAGE = "Thanks For Your Message! We'll get back to you soon.";

export const CONTACT_FIELDS = ["name", "email", "phone", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Maximum lengths in characters (use them as the inputs' `maxLength` too). */
export const CONTACT_LIMITS = { name: 100, email: 254, phone: 20, message: 5000 } as const;
/** A phone number has 7 to 15 digits (15 is the E.164 maximum, with the country code). */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

export const CONTACT_MESSAGES = {
  name: {
    required: "Please enter your name.",
    tooLong: `Please keep your name to ${CONTACT_LIMITS.name} characters or fewer.`,
    singleLine: "Please remove line breaks and special characters from your name.",
  },
  email: {
    required: "Please enter your e-mail address.",
    invalid: "Please enter a valid e-mail address.",
    tooLong: `Please keep your e-mail address to ${CONTACT_LIMITS.email} characters or fewer.`,
  },
  phone: {
    required: "Please enter your phone number.",
    invalid: "Please enter a phone number using digits only (a leading + and spaces are allowed).",
    tooLong: `Please keep your phone number to ${CONTACT_LIMITS.phone} characters or fewer.`,
    digits: `Please enter a phone number with ${PHONE_DIGITS.min} to ${PHONE_DIGITS.max} digits.`,
  },
  message: {
    required: "Please enter your message.",
    tooLong: `Please keep your message to ${CONTACT_LIMITS.message} characters or fewer.`,
    invalid: "Please remove special control characters from your message.",
  },
} as const;
