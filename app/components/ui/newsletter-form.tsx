import { useId, useState } from "react";
import { useLocation } from "react-router";
import { Icon } from "#app/components/ui/icon.tsx";
import {
  NEWSLETTER_CHECK_INBOX,
  NEWSLETTER_CONSENT,
  NEWSLETTER_ENDPOINT,
  type NewsletterPlacement,
} from "#app/config/newsletter.ts";
import { HONEYPOT_FIELD, NETWORK_ERROR, XSRF_FIELD } from "#app/config/forms.ts";
import { notify } from "#app/lib/notify.ts";
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

// The form's client (token, JSON post) loads when the visitor starts on the form: this form is on
// every page, most visitors never use it, and its code would otherwise be in every page's first load.
const formClient = () => import("#app/lib/form-client.ts");

/** E-mail must be present and well formed (the browser's own e-mail rule); the server checks again. */
export function emailError(input: HTMLInputElement): string | null {
  if (input.validity.valueMissing) return "Please enter your e-mail address.";
  if (input.validity.typeMismatch) return "Please enter a valid e-mail address, like name@example.com.";
  return null;
}

/**
 * A newsletter sign-up. Without JavaScript it is a plain POST to /newsletter; with it, it posts
 * JSON to /api/newsletter and shows the spec's toast. Either way the visitor is asked to confirm
 * by e-mail (double opt-in), and the answer is the same for every address.
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
  const [error, setError] = useState<string | null>(serverError ?? null);
  const [status, setStatus] = useState("");
  const [sending, setSending] = useState(false);
  const dark = tone === "dark";

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem("email") as HTMLInputElement;
    const problem = emailError(input);
    setError(problem);
    setStatus("");
    if (problem) {
      input.focus();
      return;
    }
    const fields = Object.fromEntries(new FormData(form)) as Record<string, string>;
    delete fields[XSRF_FIELD];
    setSending(true);
    const result = await formClient().then(
      ({ sendForm }) => sendForm<{ email?: string }>(NEWSLETTER_ENDPOINT, fields),
      // The script itself could not be fetched (offline): the same answer as a failed post.
      () => ({ ok: false as const, message: NETWORK_ERROR, errors: undefined }),
    );
    setSending(false);
    if (result.ok) {
      form.reset();
      setStatus(NEWSLETTER_CHECK_INBOX);
      void notify("success", successMessage, NEWSLETTER_CHECK_INBOX);
    } else {
      setError(result.errors?.email ?? result.message);
      input.focus();
      void notify("error", result.message);
    }
  }

  return (
    <form
      action="/newsletter"
      method="post"
      noValidate
      className={cn("w-full", className)}
      onSubmit={(event) => void onSubmit(event)}
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
          onFocus={() => void formClient().then((client) => client.prepareForm().catch(() => {}))}
          onInput={() => error && setError(null)}
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
        {status}
      </p>
    </form>
  );
}
