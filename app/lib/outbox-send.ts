// Sending what the phone keeps (issue 48), shared by the page (app/lib/outbox.ts: the `online`
// event, retries, the next visit) and the service worker (app/service-worker/sw.ts: Background
// Sync, with no tab of the site open), so that there is one sender. It uses nothing a worker lacks
// (no window, no document, no localStorage): IndexedDB through idb-keyval, fetch, the Web Locks
// API and a BroadcastChannel.
//
// - One sender at a time: every run holds the lock OUTBOX_LOCK (navigator.locks, shared by the
//   site's pages and its worker) and reads each entry again just before sending it, so an entry
//   another sender sent or the visitor deleted meanwhile is not sent again. The idempotency key is
//   the server's side of the same promise (stored once however many times it is tried).
// - What became of an entry is told to every open page of the site (OUTBOX_CHANNEL): the form
//   that shows it updates, whoever sent it.
import { createStore, del, get, set, values, type UseStore } from "idb-keyval";
import { CSRF_ENDPOINT } from "#app/config/forms.ts";
import type { FormReply } from "#app/lib/form-reply.ts";
import { postApi, postRoute } from "#app/lib/form-send.ts";
import { verdict, type OutboxEntry } from "#app/lib/outbox-entry.ts";

/** The Background Sync tag the page registers when it keeps an entry, and the worker answers. */
export const OUTBOX_SYNC_TAG = "techspark-outbox";
/** The channel the open pages hear what became of an entry on. */
export const OUTBOX_CHANNEL = "techspark-outbox";
/** The lock held while entries are sent or deleted. */
const OUTBOX_LOCK = "techspark-outbox";

let opened: UseStore | undefined;
export const store = () => (opened ??= createStore("techspark-offline", "outbox"));

/** What became of a kept form: the form on the page, if it is still there, shows it. */
export type Outcome = { verdict: "sent" | "refused"; reply: FormReply } | { verdict: "deleted" };

/** What the open pages are told: the entry as it was, what became of it, and who sent it (a page
 *  shows its own toasts; what the worker sent, the visible page says). */
export type Change = { entry: OutboxEntry; outcome: Outcome; by: "page" | "worker" };

let channel: BroadcastChannel | undefined;
/** The channel of this page or worker: a message posted on it reaches every other one, never
 *  itself. Undefined where the browser has none (it has no Background Sync either). */
export function changes(): BroadcastChannel | undefined {
  if (typeof BroadcastChannel === "undefined") return undefined;
  return (channel ??= new BroadcastChannel(OUTBOX_CHANNEL));
}

/** Runs `task` while no other page or worker of the site sends or deletes (where the browser has
 *  the Web Locks API: every browser with Background Sync has it; elsewhere only pages send, and an
 *  entry sent twice is still stored once, by its key). */
export function exclusively<T>(task: () => Promise<T>): Promise<T> {
  const locks = navigator.locks as LockManager | undefined;
  return locks ? locks.request(OUTBOX_LOCK, task) : task();
}

/** The kept entries, the oldest first. */
export async function entries(): Promise<OutboxEntry[]> {
  return (await values<OutboxEntry>(store())).sort((a, b) => a.writtenAt - b.writtenAt);
}

/** Deletes an entry unless it went meanwhile; true when it was still kept. */
export function removeKept(key: string, by: Change["by"]): Promise<boolean> {
  return exclusively(async () => {
    const entry = await get<OutboxEntry>(key, store());
    if (!entry) return false;
    await del(key, store());
    changes()?.postMessage({ entry, outcome: { verdict: "deleted" }, by } satisfies Change);
    return true;
  });
}

/** A token for a kept form, as a form gets it (GET /api/csrf, decision 012): the one in the
 *  answer, which the server also set as the cookie, once the minimum age the server asks for has
 *  passed (a token too young counts as automated). */
async function freshToken(): Promise<string> {
  const response = await fetch(CSRF_ENDPOINT, { credentials: "same-origin", cache: "no-store" });
  const answer = (await response.json().catch(() => null)) as { token?: unknown; readyInMs?: unknown } | null;
  if (typeof answer?.token !== "string") throw new TypeError("No token in the answer");
  const wait = typeof answer.readyInMs === "number" ? Math.min(Math.max(answer.readyInMs, 0), 60_000) : 0;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  return answer.token;
}

/** One try of an entry, with the run's token, renewed once if the server refused it (it expired
 *  while the phone was offline). Status 0: the site is out of reach. */
async function deliver(entry: OutboxEntry, token: () => Promise<string>, renew = false): Promise<FormReply> {
  let value: string;
  try {
    value = await token();
  } catch {
    return { status: 0, values: {} };
  }
  const reply =
    entry.via === "api"
      ? await postApi(entry.endpoint, entry.visible, entry.fields, value, entry.key)
      : await postRoute(entry.endpoint, entry.fields, value);
  if (reply.status === 403 && !renew) return deliver(entry, once(freshToken), true);
  return reply;
}

const once = <T>(make: () => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};

/**
 * Sends every kept entry not refused, one at a time: sent, it is removed; refused for what it
 * says (a field's error), it is kept with the server's reason, for its form to show. Every open
 * page is told, and `report` (the sender's own) too. False when the site was out of reach (the
 * rest waits for the next try).
 */
export function sendKept(by: Change["by"], report?: (change: Change) => void): Promise<boolean> {
  return exclusively(async () => {
    const token = once(freshToken);
    for (const listed of await entries()) {
      // Sent or deleted meanwhile, or refused: not sent.
      const entry = await get<OutboxEntry>(listed.key, store());
      if (!entry || entry.refused) continue;
      const reply = await deliver(entry, token);
      if (reply.status === 0) return false;
      const what = verdict(reply);
      if (what === "later") continue;
      if (what === "sent") await del(entry.key, store());
      else {
        const { message, errors } = reply.outcome ?? { message: "" };
        await set(entry.key, { ...entry, refused: { message, ...(errors && { errors }) } }, store());
      }
      const change: Change = { entry, outcome: { verdict: what, reply }, by };
      changes()?.postMessage(change);
      report?.(change);
    }
    return true;
  });
}
