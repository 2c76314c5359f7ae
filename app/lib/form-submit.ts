// What app/hooks/use-form-submit.ts does once a visitor uses a form, loaded on the first focus or
// send: a form is on every page (the footer's newsletter), and this code would otherwise be in
// every page's first load (budgets.json). A form that cannot reach the server is kept on the
// phone and sent when the network is back (app/lib/outbox.ts, imported here so that it is at hand
// offline).
import type { FetcherWithComponents } from "react-router";
import {
  IDEMPOTENCY_FIELD,
  NETWORK_ERROR,
  SCRIPT_FIELD,
  XSRF_FIELD,
  type OutboxForm,
} from "#app/config/forms.ts";
import type { FormReply } from "#app/lib/form-reply.ts";
import { postApi } from "#app/lib/form-send.ts";
import { prepareForm, whenReady } from "#app/lib/form-token.ts";
import { notify } from "#app/lib/notify.ts";
import * as outbox from "#app/lib/outbox.ts";
import { belongsTo, copyText, keptFields, savedNote, type OutboxEntry } from "#app/lib/outbox-entry.ts";

type Errors = Record<string, string | undefined>;

type FieldErrors<F extends string> = Partial<Record<F, string>>;

export type FormState = {
  errors: Record<string, string | undefined>;
  failure: string;
  success: string;
  note: string;
  /** Waiting out the token's minimum age before the post. */
  waiting: boolean;
  /** Kept on the phone to be sent later (the network was out of reach), or refused when it was
   *  sent: the form offers to copy it and to delete it. */
  saved?: { key: string; refused: boolean } | null;
};

export type FormSubmitOptions<F extends string> = {
  /** The route whose action takes the form (its `action` attribute without JavaScript). */
  action: string;
  /** With JavaScript, post the fields as JSON to this API instead (the contact form: the spec's
   *  `POST /api/send-email`, §7), the token in the X-XSRF-TOKEN header and the key in
   *  Idempotency-Key; its answer `{success, message, errors?}` is read as §8 says. */
  api?: string;
  /** The visible fields, in order: the first with an error gets the focus. */
  fields: readonly F[];
  /** The answer to the post without JavaScript, shown as the page comes (actionData). */
  initial?: Pick<FormReply<FieldErrors<F>>, "outcome" | "notice">;
  /** The form's errors, in the browser (the server checks again); none: send. */
  validate?: (
    data: Record<string, string>,
    form: HTMLFormElement,
  ) => Promise<FieldErrors<F>> | FieldErrors<F>;
  /** One field's error when the visitor leaves it (once they typed or after an error). */
  validateField?: (name: F, value: string) => Promise<string | undefined>;
  /** Loaded when the visitor starts on the form (the validator). */
  preload?: () => Promise<unknown>;
  /** A form of one field focuses it after any refusal, not only its own error (the newsletter). */
  focusOnRefusal?: boolean;
  /** The toast after success: its title and description. */
  sentToast: (message: string) => [string, string?];
  onSent?: () => void;
  /** Kept on the phone when the server is out of reach, and sent when the network is back: which
   *  form it is (app/lib/outbox.ts). */
  outbox?: OutboxForm;
};

/** The hook's parts these functions act on (refs and setters: never read during render). */
export type FormParts = {
  options: FormSubmitOptions<string>;
  fetcher: FetcherWithComponents<FormReply>;
  form: { current: HTMLFormElement | null };
  sent: { current: { data: FormData; renewed: boolean } | null };
  setState: (update: (state: FormState) => FormState) => void;
};

const focusFirst = (p: FormParts, found: Errors, refused = false) => {
  const { fields, focusOnRefusal } = p.options;
  const first = fields.find((f) => found[f]) ?? (refused && focusOnRefusal ? fields[0] : undefined);
  if (first) p.form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
};

function refuse(p: FormParts, message: string, found: Errors = {}) {
  p.setState((s) => ({ ...s, failure: message, errors: found }));
  focusFirst(p, found, true);
  void notify("error", message);
}

/** Each keyed form's key (a form with the IDEMPOTENCY_FIELD: contact) and the content it was
 *  made for. Every try of the same content sends it (an answer lost, a 5xx, a 429, a renewed
 *  token): the server stores the message once. Other content, or a message sent, gets a new one. */
const keys = new WeakMap<HTMLFormElement, { content: string; key: string }>();

function withKey(p: FormParts, element: HTMLFormElement, data: FormData) {
  if (!data.has(IDEMPOTENCY_FIELD)) return;
  const content = JSON.stringify(p.options.fields.map((f) => data.get(f)));
  let kept = keys.get(element);
  // randomUUID needs https (or localhost): elsewhere the message goes without a key, as before.
  if (kept?.content !== content) keys.set(element, (kept = { content, key: crypto.randomUUID?.() ?? "" }));
  data.set(IDEMPOTENCY_FIELD, kept.key);
}

/** Asks for the token when the visitor starts on the form; the validator loads too. */
export function prepare(p: FormParts) {
  void p.options.preload?.().catch(() => {});
  // The toasts' code too, while the network is here: a form sent offline still says so in one.
  void import("sonner").catch(() => {});
  void import("#app/lib/toast-layer.ts").catch(() => {});
  prepareForm().catch(() => {}); // asked again when sending
}

/** Posts the form's fields as JSON to its API and acts on the answer (the fetcher is not used:
 *  it cannot send headers, and would post to the route's `.data` twin, not the API). */
async function postJson(p: FormParts, api: string, data: FormData, token: string, renew: boolean) {
  p.sent.current = { data, renewed: renew };
  const key = data.get(IDEMPOTENCY_FIELD);
  const reply = await postApi(
    api,
    p.options.fields,
    keptFields(data),
    token,
    typeof key === "string" ? key : "",
  );
  p.setState((s) => ({ ...s, waiting: false }));
  answer(p, reply);
}

async function post(p: FormParts, data: FormData, renew: boolean) {
  p.setState((s) => ({ ...s, waiting: true }));
  let token: string;
  try {
    token = await whenReady({ renew });
  } catch {
    // The token could not be fetched: the server is out of reach.
    p.sent.current = null;
    p.setState((s) => ({ ...s, waiting: false }));
    return keepOnPhone(p, data);
  }
  const { api } = p.options;
  if (api) return postJson(p, api, data, token, renew);
  data.set(XSRF_FIELD, token);
  p.setState((s) => ({ ...s, waiting: false }));
  p.sent.current = { data, renewed: renew };
  await p.fetcher.submit(data, {
    method: "post",
    action: p.options.action,
    // The page's own data did not change: nothing else is fetched again.
    defaultShouldRevalidate: false,
    preventScrollReset: true,
  });
}

/** Checks the form in the browser, then posts it to the route's action. */
export async function submit(p: FormParts, element: HTMLFormElement) {
  const data = new FormData(element);
  p.setState((s) => ({ ...s, success: "", note: "" }));
  const found: Errors = (await p.options.validate?.(Object.fromEntries(data) as never, element)) ?? {};
  if (Object.values(found).some(Boolean)) {
    p.setState((s) => ({ ...s, errors: found }));
    focusFirst(p, found);
    return;
  }
  p.setState((s) => ({ ...s, errors: {} }));
  data.set(SCRIPT_FIELD, "1");
  withKey(p, element, data);
  await post(p, data, false);
}

/** The action's answer: sent, refused, or asked to confirm. */
export function answer(p: FormParts, reply: FormReply) {
  const attempt = p.sent.current;
  if (!attempt) return;
  p.sent.current = null;
  // 403: the token expired (or a stale cookie was sent): renewed and sent again, once.
  if (reply.status === 403 && !attempt.renewed) return void post(p, attempt.data, true);
  const { outcome } = reply;
  if (reply.status === 0 && outcome?.message === NETWORK_ERROR) return void keepOnPhone(p, attempt.data);
  if (reply.notice) p.setState((s) => ({ ...s, note: reply.notice! }));
  else if (outcome?.success) {
    if (p.form.current) keys.delete(p.form.current);
    forget(p);
    p.form.current?.reset();
    p.setState((s) => ({ ...s, failure: "", success: outcome.message }));
    p.options.onSent?.();
    const [title, description] = p.options.sentToast(outcome.message);
    void notify("success", title, description);
  } else if (outcome) refuse(p, outcome.message, outcome.errors);
}

/** One field checked when the visitor leaves it (once they typed, or after an error). */
export async function check(p: FormParts, name: string, value: string, hadError: boolean) {
  const { validateField } = p.options;
  if (!validateField || (!value && !hadError)) return;
  const error = await validateField(name, value);
  p.setState((s) => ({ ...s, errors: { ...s.errors, [name]: error } }));
}

/** The entry each form on the page shows (kept, or refused when it was sent), and how to stop
 *  following it. */
const shown = new WeakMap<HTMLFormElement, { entry: OutboxEntry; stop: () => void }>();

/** The visible fields' values, as the key's content (withKey). */
const contentOf = (p: FormParts, values: Record<string, string>) =>
  JSON.stringify(p.options.fields.map((f) => values[f] ?? null));

/** The server is out of reach: the form is kept on the phone, to be sent when the network is back
 *  (its key, made by withKey for the contact form, goes with it; the others get one here). */
async function keepOnPhone(p: FormParts, data: FormData) {
  const element = p.form.current;
  const { outbox: kind, fields, action, api } = p.options;
  if (!kind || !element) return refuse(p, NETWORK_ERROR);
  const values = keptFields(data);
  const key = values[IDEMPOTENCY_FIELD] || crypto.randomUUID?.();
  if (!key) return refuse(p, NETWORK_ERROR); // randomUUID needs https (or localhost)
  let entry: OutboxEntry;
  try {
    entry = await outbox.keep({
      key,
      form: kind,
      endpoint: api ?? action,
      via: api ? "api" : "route",
      visible: [...fields],
      fields: values,
      writtenAt: Date.now(),
      page: location.pathname,
      toast: p.options.sentToast(""),
    });
  } catch {
    // No IndexedDB (a private window may refuse it): as before, the visitor is told to try again.
    return refuse(p, NETWORK_ERROR);
  }
  if (data.has(IDEMPOTENCY_FIELD)) keys.set(element, { content: contentOf(p, values), key: entry.key });
  // The spec's failure (§8: the alert and the error toast), and that nothing is lost.
  refuse(p, NETWORK_ERROR);
  show(p, entry);
}

/** Shows a kept entry in its form: the note (announced), the copy and delete buttons, and if it
 *  was refused, its errors; then follows what becomes of it. */
function show(p: FormParts, entry: OutboxEntry) {
  const element = p.form.current;
  if (!element) return;
  shown.get(element)?.stop();
  const stop = outbox.watch(entry.key, (outcome) => {
    if (!element.isConnected) return false;
    if (outcome.verdict === "deleted") {
      shown.delete(element);
      p.setState((s) => ({ ...s, saved: null, note: "" }));
    } else if (outcome.verdict === "sent") {
      shown.delete(element);
      p.setState((s) => ({ ...s, saved: null, note: "" }));
      p.sent.current = { data: new FormData(), renewed: true };
      answer(p, outcome.reply);
    } else {
      // Refused for what it says: shown with the server's errors, still kept until corrected.
      const { message = "", errors } = outcome.reply.outcome ?? {};
      show(p, { ...entry, refused: { message, ...(errors && { errors }) } });
      void notify("error", message);
    }
    return true;
  });
  shown.set(element, { entry, stop });
  const { refused } = entry;
  p.setState((s) => ({
    ...s,
    ...(refused
      ? { failure: refused.message, errors: refused.errors ?? {}, note: "" }
      : { note: savedNote(entry.form) }),
    success: "",
    saved: { key: entry.key, refused: Boolean(refused) },
  }));
}

/** The form was sent itself (online again, the visitor pressed Send): the entry it showed goes. */
function forget(p: FormParts) {
  const element = p.form.current;
  const current = element && shown.get(element);
  if (!current) return;
  current.stop();
  shown.delete(element);
  p.setState((s) => ({ ...s, saved: null }));
  void outbox.remove(current.entry.key).catch(() => {});
}

/** On a page opened while something is kept (the flag): sends what is kept (now if online, else
 *  when the network is back) and shows this form's own entry in it again, with its errors if the
 *  server refused it. */
export async function resume(p: FormParts) {
  const element = p.form.current;
  const kind = p.options.outbox;
  if (element && kind) {
    const hidden: Record<string, string> = {};
    for (const input of element.querySelectorAll<HTMLInputElement>("input[type=hidden]")) {
      hidden[input.name] = input.value;
    }
    const mine = (await outbox.entries().catch(() => [])).find((e) =>
      belongsTo(e, {
        form: kind,
        endpoint: p.options.api ?? p.options.action,
        page: location.pathname,
        hidden,
      }),
    );
    if (mine) {
      for (const name of p.options.fields) {
        const field = element.elements.namedItem(name);
        if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
          field.value = mine.fields[name] ?? "";
        }
      }
      if (mine.fields[IDEMPOTENCY_FIELD]) {
        keys.set(element, { content: contentOf(p, mine.fields), key: mine.key });
      }
      show(p, mine);
    }
  }
  outbox.start();
}

/** Copies what the form keeps (for another app, or to send it another way); false if the
 *  browser refused the clipboard. */
export async function copySaved(p: FormParts): Promise<boolean> {
  const current = p.form.current && shown.get(p.form.current);
  if (!current) return false;
  try {
    await navigator.clipboard.writeText(copyText(current.entry));
    return true;
  } catch {
    return false;
  }
}

/** Deletes what the form keeps: it will not be sent. The fields keep the text. When the service
 *  worker or another tab is sending it at that moment, the deletion waits for it: if it went, the
 *  form says it was sent (its watcher is told), never "deleted". */
export async function deleteSaved(p: FormParts) {
  const element = p.form.current;
  const current = element && shown.get(element);
  if (!current) return;
  if (!(await outbox.remove(current.entry.key).catch(() => false))) return;
  current.stop();
  shown.delete(element);
  p.setState((s) => ({ ...s, saved: null, failure: "", errors: {}, note: DELETED_NOTE }));
}

const DELETED_NOTE = "Deleted from this phone: it will not be sent.";
