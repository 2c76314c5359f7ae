import { useId, useState } from "react";
import { PrefetchPageLinks, useLocation } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import {
  NEWSLETTER_CHECK_INBOX,
  NEWSLETTER_CONSENT,
  type NewsletterPlacement,
} from "#app/config/newsletter.ts";
import { HONEYPOT_FIELD, XSRF_FIELD } from "#app/config/forms.ts";
import { useFormSubmit } from "#app/hooks/use-form-submit.ts";
import { SavedOnPhone } from "#app/components/ui/saved-on-phone.tsx";
import { cn } from "#app/lib/cn.ts";

type NewsletterFormProps = React.ComponentProps<"form"> & {
  /** Where the form sits (recorded with the visitor's consent). */
  placement: NewsletterPlacement;
  successMessage?: string;
  tone?: "light" | "dark";
  /** XSRF token, on pages rendered per request (the no-JS confirmation step). Prerendered pages
   *  have none: the script fetches one, and without JavaScript /newsletter asks to confirm. */
  token?: string;
  defaultEmail?: string;
  /** The page the visitor signed up on (default: this one); the confirmation step keeps it. */
  page?: string;
  /** An error from the server (the no-JS post). */
  serverError?: string;
};

/** E-mail must be present and well formed (the browser's own e-mail rule); the server checks again. */
export function emailError(input: HTMLInputElement): string | null {
  if (input.validity.valueMissing) return "Please enter your e-mail address.";
  if (input.validity.typeMismatch) return "Please enter a valid e-mail address, like name@example.com.";
  return null;
}

/**
 * A newsletter sign-up, posted to /newsletter with JavaScript or without; with it, the page stays
 * and shows the spec's toast. Either way the visitor is asked to confirm by e-mail (double
 * opt-in), and the answer is the same for every address.
 */
export function NewsletterForm({
  placement,
  successMessage = "Thanks for your Email",
  tone = "light",
  token = "",
  defaultEmail,
  page,
  serverError,
  className,
  ...props
}: NewsletterFormProps) {
  const id = useId();
  const { pathname } = useLocation();
  const { form, onSubmit, sending, errors, failure, success, note, saved, fieldEvents, clearError } =
    useFormSubmit<"email">({
      action: "/newsletter",
      fields: ["email"],
      initial: serverError ? { outcome: { success: false, message: serverError } } : undefined,
      validate: (_data, form) => {
        const problem = emailError(form.elements.namedItem("email") as HTMLInputElement);
        return problem ? { email: problem } : {};
      },
      focusOnRefusal: true,
      sentToast: () => [successMessage, NEWSLETTER_CHECK_INBOX],
      outbox: "newsletter",
    });
  // The sign-up posts to /newsletter's action: from another page, React Router loads that route's
  // code when it is sent, and reloads the page (the address lost) if it cannot, as on a network
  // that just went. So it is fetched once the visitor starts on the form, while there is network
  // (again at each focus: one before the page had learned its links' routes found no route).
  const [started, setStarted] = useState(0);
  const error = errors.email ?? (failure || null);
  const dark = tone === "dark";

  return (
    <form
      action="/newsletter"
      method="post"
      noValidate
      className={cn("w-full", className)}
      ref={form}
      onSubmit={onSubmit}
      {...props}
    >
      <input type="hidden" name={XSRF_FIELD} value={token} />
      <input type="hidden" name="placement" value={placement} />
      <input type="hidden" name="page" value={page ?? pathname} />
      {/* A field people never see or fill; automated senders usually do. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-website`}>Leave this field empty</label>
        <input id={`${id}-website`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <label htmlFor={`${id}-email`} className="mb-2 block text-sm font-semibold">
        Subscribe to our newsletter
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          maxLength={254}
          autoComplete="email"
          placeholder="Your e-mail address"
          defaultValue={defaultEmail}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-consent${error ? ` ${id}-error` : ""}`}
          onFocus={() => {
            setStarted((n) => n + 1);
            fieldEvents("email").onFocus();
          }}
          onInput={() => error && clearError()}
          className={cn(
            "min-h-12 w-full min-w-0 rounded-full border px-5 text-[0.95rem] placeholder:opacity-70",
            dark
              ? "border-white/25 bg-white/10 text-white placeholder:text-white/75"
              : "border-line bg-canvas text-ink placeholder:text-ink-muted",
          )}
        />
        <button
          type="submit"
          disabled={sending}
          className="grid size-12 shrink-0 place-items-center rounded-full bg-primary text-on-primary transition-colors hover:bg-primary-hover disabled:opacity-70"
        >
          <Icon name="send" className="size-5" />
          <span className="sr-only">{sending ? "Subscribing…" : "Subscribe"}</span>
        </button>
      </div>
      <p id={`${id}-consent`} className={cn("mt-2 text-xs", dark ? "text-white/75" : "text-ink-muted")}>
        {NEWSLETTER_CONSENT}
      </p>
      <p
        id={`${id}-error`}
        role="alert"
        className={cn("mt-2 text-sm font-medium", dark ? "text-amber-accent" : "text-danger")}
      >
        {error}
      </p>
      <p role="status" className="text-sm font-medium">
        {success ? NEWSLETTER_CHECK_INBOX : note}
      </p>
      {saved && <SavedOnPhone {...saved} />}
      {started > 0 && <PrefetchPageLinks key={started} page="/newsletter" />}
    </form>
  );
}
