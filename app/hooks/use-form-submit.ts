// The states every public form shares (contact, newsletter, comments): checked in the browser,
// sending, sent, refused, asked to confirm; the first wrong field focused, the outcome announced
// (the form's live region and a toast). The form posts its fields through a fetcher to the same
// route action it posts to without JavaScript (app/lib/form-action.server.ts), with the token the
// page's HTML cannot carry: asked for when the visitor starts on the form, and renewed once,
// transparently, when the server refused it (expired). What happens then is in
// app/lib/form-submit.ts, loaded on first use. A form the server could not be reached for is kept
// on the phone and sent when the network is back (app/lib/outbox.ts); a page opened while something
// is kept (a flag in localStorage, read once the page has painted) sends it and shows its form's
// own again.
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { OUTBOX_FLAG } from "#app/config/forms.ts";
import type { FormReply } from "#app/lib/form-reply.ts";
import type { FormParts, FormState, FormSubmitOptions } from "#app/lib/form-submit.ts";

type Errors<F extends string> = Partial<Record<F, string>>;

const logic = () => import("#app/lib/form-submit.ts");
export function useFormSubmit<F extends string>(options: FormSubmitOptions<F>) {
  const { initial } = options;
  const fetcher = useFetcher<FormReply>();
  const form = useRef<HTMLFormElement>(null);
  const sent = useRef<FormParts["sent"]["current"]>(null);
  const [state, setState] = useState<FormState>(() => ({
    errors: initial?.outcome?.errors ?? {},
    failure: initial?.outcome?.success === false ? initial.outcome.message : "",
    success: initial?.outcome?.success ? initial.outcome.message : "",
    note: initial?.notice ?? "",
    waiting: false,
  }));
  const parts = (): FormParts => ({
    options: options as unknown as FormSubmitOptions<string>,
    fetcher,
    form,
    sent,
    setState,
  });

  useEffect(() => {
    // Something is kept on the phone to send (private browsing may refuse storage: then nothing).
    try {
      if (localStorage.getItem(OUTBOX_FLAG)) void logic().then((l) => l.resume(parts()));
    } catch {
      // Nothing kept can be known of.
    }
    // Once, when the form is first shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const reply = fetcher.state === "idle" ? fetcher.data : undefined;
  useEffect(() => {
    if (reply && sent.current) void logic().then((l) => l.answer(parts(), reply));
    // Only a new answer acts; the rest is read when it does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reply]);

  return {
    form,
    onSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const element = event.currentTarget;
      void logic().then((l) => l.submit(parts(), element));
    },
    sending: state.waiting || fetcher.state !== "idle",
    errors: state.errors as Errors<F>,
    failure: state.failure,
    success: state.success,
    note: state.note,
    /** Kept on the phone (or refused when it was sent later): the props of its buttons
     *  (app/components/ui/saved-on-phone.tsx). */
    saved: state.saved
      ? {
          form: options.outbox!,
          onCopy: () => logic().then((l) => l.copySaved(parts())),
          onDelete: () => void logic().then((l) => l.deleteSaved(parts())),
        }
      : null,
    /** The events of a field: the token and validator load on focus; the field is checked on blur. */
    fieldEvents: (name: F) => ({
      onFocus: () => void logic().then((l) => l.prepare(parts())),
      onBlur: (event: React.FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const { value } = event.currentTarget;
        const hadError = Boolean(state.errors[name]);
        void logic().then((l) => l.check(parts(), name, value, hadError));
      },
    }),
    /** Clears the form's error (the visitor is typing again). */
    clearError: () => setState((s) => ({ ...s, errors: {}, failure: "" })),
  };
}
