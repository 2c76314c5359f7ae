import { Icon } from "#app/components/ui/icon.tsx";
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  CONTACT_SUCCESS_MESSAGE,
  type ContactField,
} from "#app/lib/contact-fields.ts";
import { CONTACT_API, HONEYPOT_FIELD, IDEMPOTENCY_FIELD, XSRF_FIELD } from "#app/config/forms.ts";
import type { FormOutcome } from "#app/lib/form-reply.ts";
import { useFormSubmit } from "#app/hooks/use-form-submit.ts";
import { SavedOnPhone } from "#app/components/ui/saved-on-phone.tsx";
import { cn } from "#app/lib/cn.ts";
import { Button } from "#app/components/ui/button.tsx";
import { FormField } from "#app/components/ui/form-field.tsx";

export type ContactFormProps = React.ComponentProps<"form"> & {
  /**
   * XSRF token from the page's loader (the form also works without JavaScript). A page kept for
   * every visitor has no token: its script fetches one when the visitor starts on the form, and without
   * JavaScript /contact-us asks the visitor to confirm (app/lib/contact-form.server.ts).
   */
  token?: string;
  /** The idempotency key of the message written here without JavaScript (a page rendered per
   *  visitor; a failed post's comes back in `values`). None on a kept page: the server makes one
   *  for its first post, and with JavaScript the page's script makes its own (form-submit.ts). */
  idempotencyKey?: string;
  /** The outcome of a form post without JavaScript, and the values to show again after a failure. */
  outcome?: FormOutcome;
  /** A neutral note above the button (e.g. asking to confirm a message). */
  notice?: string;
  values?: Record<string, string>;
};

// The validator (zod) loads when the visitor starts on the form, not with the page.
const loadValidator = () => import("#app/lib/contact-schema.ts");

/**
 * The contact message form: without JavaScript it posts to /contact-us; with it, it is checked
 * in the browser first (same schema as the server) and sent as JSON to the spec's
 * `POST /api/send-email` (§7), its answer shown as §8 says.
 */
export function ContactForm({
  token = "",
  idempotencyKey = "",
  outcome,
  notice,
  values = {},
  className,
  ...props
}: ContactFormProps) {
  const { form, onSubmit, sending, errors, failure, success, note, saved, fieldEvents } =
    useFormSubmit<ContactField>({
      action: "/contact-us",
      api: CONTACT_API,
      fields: CONTACT_FIELDS,
      initial: { outcome, notice },
      preload: loadValidator,
      validate: async (data) => {
        const checked = (await loadValidator()).validateContact(data);
        return checked.success ? {} : checked.errors;
      },
      validateField: async (name, value) => (await loadValidator()).validateContactField(name, value),
      // The spec's toast (§8), whatever the answer's message.
      sentToast: () => [CONTACT_SUCCESS_MESSAGE],
      outbox: "contact",
    });

  const field = (name: ContactField) => ({
    name,
    defaultValue: values[name],
    error: errors[name],
    required: true,
    maxLength: CONTACT_LIMITS[name],
    ...fieldEvents(name),
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
      <input type="hidden" name={IDEMPOTENCY_FIELD} value={values[IDEMPOTENCY_FIELD] ?? idempotencyKey} />
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
        {saved && <SavedOnPhone {...saved} />}
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
