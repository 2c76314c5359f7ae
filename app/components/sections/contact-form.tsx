import { useRef, useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_ENDPOINT,
  type ContactField,
} from "#app/lib/contact-fields.ts";
import { HONEYPOT_FIELD, XSRF_FIELD } from "#app/config/forms.ts";
import type { ContactErrors } from "#app/lib/contact-schema.ts";
import { prepareForm, sendForm } from "#app/lib/form-client.ts";
import type { ContactOutcome } from "#app/lib/request-context.ts";
import { notify } from "#app/lib/notify.ts";
import { cn } from "#app/lib/cn.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";

export type ContactFormProps = React.ComponentProps<"form"> & {
  /**
   * XSRF token from the page's loader (the form also works without JavaScript). A prerendered
   * page has no token: its script fetches one when the visitor starts on the form, and without
   * JavaScript /contact-us asks the visitor to confirm (app/lib/contact-form.server.ts).
   */
  token?: string;
  /** The outcome of a form post without JavaScript, and the values to show again after a failure. */
  outcome?: ContactOutcome;
  /** A neutral note above the button (e.g. asking to confirm a message). */
  notice?: string;
  values?: Record<string, string>;
};

// The validator (zod) loads when the visitor starts on the form, not with the page.
const loadValidator = () => import("#app/lib/contact-schema.ts");

/**
 * The contact message form. Without JavaScript it is a plain POST to /contact-us; with it,
 * it validates in the browser (same schema as the server) and posts JSON to /api/send-email.
 */
export function ContactForm({
  token = "",
  outcome,
  notice,
  values = {},
  className,
  ...props
}: ContactFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<ContactErrors>(outcome?.errors ?? {});
  const [failure, setFailure] = useState(outcome && !outcome.success ? outcome.message : "");
  const [success, setSuccess] = useState(outcome?.success ? outcome.message : "");
  const [note, setNote] = useState(notice ?? "");

  const focusFirstError = (found: ContactErrors) => {
    const first = CONTACT_FIELDS.find((f) => found[f]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const { validateContact } = await loadValidator();
    const checked = validateContact(data);
    setSuccess("");
    setNote("");
    if (!checked.success) {
      setErrors(checked.errors);
      focusFirstError(checked.errors);
      return;
    }
    setErrors({});
    setSending(true);
    const result = await sendForm<ContactErrors>(CONTACT_ENDPOINT, {
      ...checked.data,
      [HONEYPOT_FIELD]: data[HONEYPOT_FIELD] ?? "",
    });
    setSending(false);
    if (result.ok) {
      form.current?.reset();
      setFailure("");
      setSuccess(result.message);
      void notify("success", result.message);
    } else {
      setFailure(result.message);
      setErrors(result.errors ?? {});
      focusFirstError(result.errors ?? {});
      void notify("error", result.message);
    }
  }

  // Each field is checked when the visitor leaves it (once they typed or after an error).
  const field = (name: ContactField) => ({
    name,
    defaultValue: values[name],
    error: errors[name],
    required: true,
    maxLength: CONTACT_LIMITS[name],
    onFocus: () => {
      void loadValidator();
      prepareForm().catch(() => {}); // asked again when sending
    },
    onBlur: async (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = event.currentTarget.value;
      if (!value && !errors[name]) return;
      const { validateContactField } = await loadValidator();
      setErrors((current) => ({ ...current, [name]: validateContactField(name, value) }));
    },
  });

  return (
    <form
      ref={form}
      method="post"
      action="/contact-us"
      noValidate
      onSubmit={onSubmit}
      className={cn("grid gap-x-5 gap-y-2 sm:grid-cols-2", className)}
      {...props}
    >
      <input type="hidden" name={XSRF_FIELD} value={token} />
      {/* A field people never see or fill; automated senders usually do. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Leave this field empty</label>
        <input id="contact-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <FormField {...field("name")} label="Your name" autoComplete="name" />
      <FormField {...field("email")} label="E-mail address" type="email" autoComplete="email" />
      <FormField
        {...field("phone")}
        label="Phone number"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="e.g. 0803 555 0142"
        className="sm:col-span-2"
      />
      <FormField {...field("message")} label="How can we help?" multiline className="sm:col-span-2" />
      <div className="sm:col-span-2" aria-live="polite">
        {failure && (
          <p
            role="alert"
            className="mb-4 rounded-2xl border border-danger/40 bg-danger/10 px-5 py-4 font-medium text-danger"
          >
            {failure}
          </p>
        )}
        {note && (
          <p
            role="status"
            className="mb-4 rounded-2xl border border-line bg-surface-alt px-5 py-4 font-medium"
          >
            {note}
          </p>
        )}
        {success && (
          <p
            role="status"
            className="mb-4 rounded-2xl border border-primary/30 bg-primary/10 px-5 py-4 font-medium"
          >
            {success}
          </p>
        )}
      </div>
      <Button type="submit" disabled={sending} className="sm:col-span-2 sm:justify-self-start">
        {sending ? "Sending..." : "Send Message"}
        <Icon name="send" className="size-5" />
      </Button>
    </form>
  );
}
