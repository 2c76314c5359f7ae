import { useId, useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { notify } from "#app/lib/notify.ts";
import { cn } from "#app/lib/cn.ts";

type NewsletterFormProps = React.ComponentProps<"form"> & {
  successMessage?: string;
  tone?: "light" | "dark";
};

/** E-mail must be present and well formed (the browser's own e-mail rule); nothing is sent. */
export function emailError(input: HTMLInputElement): string | null {
  if (input.validity.valueMissing) return "Please enter your e-mail address.";
  if (input.validity.typeMismatch) return "Please enter a valid e-mail address, like name@example.com.";
  return null;
}

export function NewsletterForm({
  successMessage = "Thanks for Your Email",
  tone = "light",
  className,
  ...props
}: NewsletterFormProps) {
  const id = useId();
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      action="/newsletter"
      method="post"
      noValidate
      className={cn("w-full", className)}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        const input = form.elements.namedItem("email") as HTMLInputElement;
        const problem = emailError(input);
        setError(problem);
        if (problem) {
          input.focus();
          return;
        }
        form.reset();
        void notify("success", successMessage);
      }}
      {...props}
    >
      <label htmlFor={`${id}-email`} className="mb-2 block text-sm font-semibold">
        Subscribe to our newsletter
      </label>
      <div className="flex gap-2">
        <input
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="Your e-mail address"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onInput={() => error && setError(null)}
          className={cn(
            "min-h-12 w-full min-w-0 rounded-full border px-5 text-[0.95rem] placeholder:opacity-70",
            tone === "dark"
              ? "border-white/25 bg-white/10 text-white placeholder:text-white/75"
              : "border-line bg-canvas text-ink placeholder:text-ink-muted",
          )}
        />
        <button
          type="submit"
          className="grid size-12 shrink-0 place-items-center rounded-full bg-primary text-on-primary transition-colors hover:bg-primary-hover"
        >
          <Icon name="send" className="size-5" />
          <span className="sr-only">Subscribe</span>
        </button>
      </div>
      <p
        id={`${id}-error`}
        role="alert"
        className={cn("mt-2 text-sm font-medium", tone === "dark" ? "text-amber-accent" : "text-danger")}
      >
        {error}
      </p>
    </form>
  );
}
