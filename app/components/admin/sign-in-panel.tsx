import { useState } from "react";
import { Button } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/hooks/use-motion.ts";
import { signInWithPasskey } from "./staff-api.ts";

/** The console's door: one button, the passkey on this device (or a phone nearby). */
export function SignInPanel() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  // Before the page's script runs, a press would do nothing: not offered as working until then.
  const ready = useHydrated();

  async function signIn() {
    setBusy(true);
    setError("");
    const result = await signInWithPasskey();
    if (result.ok) {
      window.location.reload(); // every console page loads again, signed in
      return;
    }
    setBusy(false);
    setError(result.message);
  }

  return (
    <section
      aria-labelledby="sign-in-title"
      className="mx-auto max-w-lg rounded-card bg-surface p-8 shadow-card sm:p-10"
    >
      <h1 id="sign-in-title" className="text-h2">
        Sign in
      </h1>
      <p className="mt-4 text-ink-muted">
        The staff console of TechSpark Innovations: enquiries, comments and the newsletter. Sign in with the
        passkey you created from your invitation (your fingerprint, face or screen lock).
      </p>
      <noscript>
        <p className="mt-6 rounded-lg border border-line p-4 font-semibold">
          Passkeys need JavaScript: please turn it on for this site to sign in.
        </p>
      </noscript>
      <Button
        type="button"
        className="mt-8 w-full"
        onClick={signIn}
        disabled={busy || !ready}
        aria-describedby="sign-in-error"
      >
        {busy ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </Button>
      {/* One line under the button, kept when the status goes: nothing below it moves then (an
          error can only come after a press, once the status has gone). */}
      <div className="mt-4 min-h-6">
        {!ready && (
          <p role="status" className="text-sm text-ink-muted noscript:hidden">
            Getting the sign-in ready…
          </p>
        )}
        <p id="sign-in-error" role="alert" className="font-semibold text-danger">
          {error}
        </p>
      </div>
      <p className="mt-4 text-sm text-ink-muted">
        No passkey on this device, or lost it? Ask an owner for a new invitation: it works for 24 hours.
      </p>
    </section>
  );
}
