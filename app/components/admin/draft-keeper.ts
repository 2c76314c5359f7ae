import { useEffect, useRef, useState } from "react";
import { useFetcher, useFetchers } from "react-router";
import { postFormValues, validatePost } from "#app/lib/post-form.ts";
import { POST_FORM_FIELDS, type PostFormValues } from "#app/lib/ports/posts-console.ts";
import { PREVIEW_ACTION } from "./live-preview.tsx";

// Nothing a writer types is lost (decision 028). Every change to the post's form is kept on this
// device (localStorage, a moment after the last key) until the server has it: a closed tab, a
// crashed browser or a lost connection loses nothing, and the editor opened again puts it back.
// A draft is also saved on the server, as a revision, a few seconds after typing stops, based on
// the revision the writer started from: someone else's save meanwhile refuses it (409), as a
// pressed Save is refused, and nothing is overwritten. A published or scheduled post is saved
// only when Save is pressed (its page would change as the writer types), but kept on the device.

/** Kept on the device this long after the last key. */
const KEEP_MS = 400;
/** Saved on the server this long after the last key (a draft). */
export const AUTOSAVE_MS = 3000;

/** Where a post's unsaved text is kept on this device (a new post: "new"). */
export const draftKey = (postId: number | null) => `techspark:post-draft:${postId ?? "new"}`;

type Kept = { values: PostFormValues; base: number | null; at: number };

/** What the post page's action answers an autosave. */
export type AutosaveAnswer =
  | { ok: true; autosaved: { revision: number; at: number } }
  | { ok: false; message: string; conflict?: boolean };

const same = (a: PostFormValues, b: PostFormValues) =>
  POST_FORM_FIELDS.every((f) => JSON.stringify(a[f]) === JSON.stringify(b[f]));

const clock = new Intl.DateTimeFormat("en-GB", { timeStyle: "short", timeZone: "Africa/Lagos" });

function read(key: string): Kept | null {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? "null") as Kept | null;
    return kept && typeof kept === "object" && kept.values
      ? { ...kept, values: postFormValues(kept.values) }
      : null;
  } catch {
    return null;
  }
}

function write(key: string, kept: Kept) {
  try {
    localStorage.setItem(key, JSON.stringify(kept));
  } catch {
    // Storage full or refused (a private window): the server's saves still keep it.
  }
}

export function forget(postId: number | null) {
  try {
    localStorage.removeItem(draftKey(postId));
  } catch {
    // Nothing kept.
  }
}

/** The form's fields set to `values` (a kept draft put back), each announced as typed. */
function fill(form: HTMLFormElement, values: PostFormValues) {
  for (const field of POST_FORM_FIELDS) {
    if (field === "tags") {
      for (const box of form.querySelectorAll<HTMLInputElement>('input[name="tags"]'))
        box.checked = values.tags.includes(box.value);
      continue;
    }
    const element = form.elements.namedItem(field);
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)
      element.value = values[field];
    else if (element instanceof HTMLSelectElement) {
      // A choice the list lacks (an upload not offered yet) is added, as the server's form does.
      if (![...element.options].some((o) => o.value === values[field]))
        element.add(new Option(values[field], values[field]));
      element.value = values[field];
    }
    if (element instanceof Element) element.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

/**
 * Keeps the post form's text on the device and (`autosave`) saves a draft on the server.
 * `saved`: the post as the server has it (null: a new post); `revision`: the one the form is
 * based on. Answers the revision a save must now be based on, and the line to show.
 */
export function useDraftKeeper({
  formId,
  postId,
  saved,
  revision,
  autosave,
  authors,
}: {
  formId: string;
  postId: number | null;
  saved: PostFormValues | null;
  revision: number | undefined;
  autosave: boolean;
  authors: readonly string[];
}) {
  const key = draftKey(postId);
  const fetcher = useFetcher<AutosaveAnswer>();
  const { data: answer, submit } = fetcher;
  // The revision the form was put back at (a kept draft's), until an autosave moves it on.
  const [restoredBase, setRestoredBase] = useState<number | undefined>(undefined);
  const base = answer?.ok ? answer.autosaved.revision : (restoredBase ?? revision);
  // A line of the page's own (put back; kept here only), shown until the server answers again.
  const [local, setLocal] = useState<{ text: string; answer: AutosaveAnswer | undefined } | null>(null);
  const note =
    local && local.answer === answer
      ? local.text
      : answer
        ? answer.ok
          ? `Saved ${clock.format(answer.autosaved.at)}`
          : answer.message
        : "";
  const sent = useRef<PostFormValues | null>(null);
  const baseRef = useRef(base);
  const answerRef = useRef(answer);
  useEffect(() => {
    baseRef.current = base;
    answerRef.current = answer;
  });
  // Someone else saved meanwhile: no more autosaves until Save shows theirs.
  const stopped = answer?.ok === false && answer.conflict === true;

  // Opened again: what was kept and not saved is put back (the revision it was based on too,
  // so that someone's save since is still refused). After the first paint, once.
  useEffect(() => {
    const timer = setTimeout(() => {
      const form = document.getElementById(formId);
      if (!(form instanceof HTMLFormElement)) return;
      const kept = read(key);
      if (!kept) return;
      if (saved && same(kept.values, saved)) return forget(postId);
      if (same(kept.values, postFormValues(new FormData(form)))) return;
      fill(form, kept.values);
      if (kept.base !== null && postId !== null) setRestoredBase(kept.base);
      setLocal({
        text: `Put back from this device: what you wrote at ${clock.format(kept.at)}, not saved yet${autosave ? "" : ": save it to keep it"}.`,
        answer: answerRef.current,
      });
    });
    return () => clearTimeout(timer);
    // Once, when the editor opens: what it is compared with is what the page was given then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // What the listeners read when they fire: a revalidation (the live preview's, every few
  // keys) gives new objects, and must not restart the timers.
  // The autosave or the live preview (live-preview.tsx) on its way: a Save pressed meanwhile waits
  // (below). React Router (8.4, handleFetcherAction) ends a navigation under way with the page it
  // had when a fetcher's action finishes during it: the post was published and the writer left on
  // the form, with no word of it (a CI flake of the new post's Publish).
  const saving = useFetchers().some(
    (f) =>
      f.state !== "idle" &&
      (f.formAction?.startsWith(PREVIEW_ACTION) === true || f.formData?.get("intent") === "autosave"),
  );
  const latest = useRef({ saved, authors, revision, autosave, stopped, submit, saving });
  useEffect(() => {
    latest.current = { saved, authors, revision, autosave, stopped, submit, saving };
  });
  // A Save pressed while an autosave or a preview is on its way: held until it ends, then pressed
  // again. Sent during an autosave, it would carry the revision the form had, and the writer's own
  // autosave would refuse it as someone else's save. `null`: pressed with Enter (no button).
  const held = useRef<HTMLElement | null | undefined>(undefined);
  useEffect(() => {
    if (saving || held.current === undefined) return;
    const submitter = held.current;
    held.current = undefined;
    const form = document.getElementById(formId);
    // The answer's revision is in the form's hidden field by now (this runs after that render).
    if (form instanceof HTMLFormElement) form.requestSubmit(submitter ?? undefined);
  }, [saving, formId]);

  useEffect(() => {
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    const form = element;
    let keepTimer: ReturnType<typeof setTimeout> | undefined;
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    const changed = () => {
      clearTimeout(keepTimer);
      clearTimeout(saveTimer);
      keepTimer = setTimeout(() => {
        const values = postFormValues(new FormData(form));
        const { saved } = latest.current;
        if (saved && same(values, saved)) return forget(postId);
        write(key, { values, base: postId === null ? null : (baseRef.current ?? null), at: Date.now() });
      }, KEEP_MS);
      if (!latest.current.autosave || latest.current.stopped) return;
      saveTimer = setTimeout(() => {
        const { saved, authors, revision, submit } = latest.current;
        const values = postFormValues(new FormData(form));
        if (saved && same(values, saved) && baseRef.current === revision) return;
        if (sent.current && same(values, sent.current)) return;
        const checked = validatePost(values, { authors });
        if (!checked.ok) {
          const count = Object.keys(checked.errors).length;
          return setLocal({
            text: `Kept on this device; saved once ${count === 1 ? "one field is" : `${count} fields are`} as a post needs (Save says which).`,
            answer: answerRef.current,
          });
        }
        const fields = new FormData(form);
        fields.set("intent", "autosave");
        fields.set("revision", String(baseRef.current));
        sent.current = values;
        void submit(fields, { method: "post" });
      }, AUTOSAVE_MS);
    };
    const pressed = (event: SubmitEvent) => {
      // Pressed now: no autosave of the same text after it.
      clearTimeout(saveTimer);
      if (!latest.current.saving) return;
      // Neither the browser nor the page's handlers (React's, at the root) see this one.
      event.preventDefault();
      event.stopPropagation();
      held.current = event.submitter;
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", pressed);
    return () => {
      form.removeEventListener("input", changed);
      form.removeEventListener("change", changed);
      form.removeEventListener("submit", pressed);
      clearTimeout(keepTimer);
      clearTimeout(saveTimer);
    };
  }, [formId, key, postId]);

  // Saved on the server: the device's copy goes, unless something was typed since.
  useEffect(() => {
    if (!answer?.ok) return;
    const form = document.getElementById(formId);
    if (
      form instanceof HTMLFormElement &&
      sent.current &&
      same(postFormValues(new FormData(form)), sent.current)
    )
      forget(postId);
  }, [answer, formId, postId]);

  return { base, note };
}
