// Forms kept on the phone until the network is back (issue 48): a contact message, a newsletter
// sign-up or a comment whose post could not reach the server is kept in IndexedDB (idb-keyval:
// database "techspark-offline", store "outbox", one entry per message under its idempotency key)
// and sent when the browser says it is online again, or on the next visit to any public page (a
// localStorage flag, OUTBOX_FLAG, tells the page's script there is something to send without
// loading this code). Sent with the same key every time, so the server stores it once however
// many times it is tried, and with a fresh token (the one the page had may have expired). Nothing
// leaves the phone but to this site; the entry is removed once sent or when the visitor deletes it.
// Loaded with a form's first use (app/lib/form-submit.ts imports it), or on a visit when the flag
// is set.
import { createStore, del, get, set, values, type UseStore } from "idb-keyval";
import { OUTBOX_FLAG } from "#app/config/forms.ts";
import type { FormReply } from "#app/lib/form-reply.ts";
import { postApi, postRoute } from "#app/lib/form-send.ts";
import { whenReady } from "#app/lib/form-token.ts";
import { notify } from "#app/lib/notify.ts";
import { sameContent, verdict, type OutboxEntry } from "#app/lib/outbox-entry.ts";

let opened: UseStore | undefined;
const store = () => (opened ??= createStore("techspark-offline", "outbox"));

/** What became of a kept form: the form on the page, if it is still there, shows it. */
export type Outcome = { verdict: "sent" | "refused"; reply: FormReply } | { verdict: "deleted" };

/** Answers true when the form on the page showed the outcome (otherwise a toast says it). */
type Watcher = (outcome: Outcome) => boolean;

const watchers = new Map<string, Watcher>();

/** Calls `watcher` with what becomes of the entry `key`; returns how to stop. */
export function watch(key: string, watcher: Watcher): () => void {
  watchers.set(key, watcher);
  return () => {
    if (watchers.get(key) === watcher) watchers.delete(key);
  };
}

const tell = (key: string, outcome: Outcome) => watchers.get(key)?.(outcome) ?? false;

// Private browsing may refuse storage: the next visit then does not look, the open page still sends.
function flag(on: boolean) {
  try {
    if (on) localStorage.setItem(OUTBOX_FLAG, "1");
    else localStorage.removeItem(OUTBOX_FLAG);
  } catch {
    // Nothing else to do: the flag only saves loading this code on visits with nothing to send.
  }
}

/** The kept entries, the oldest first. */
export async function entries(): Promise<OutboxEntry[]> {
  return (await values<OutboxEntry>(store())).sort((a, b) => a.writtenAt - b.writtenAt);
}

/** Keeps `entry` (or the one already kept with the same content, written again), and listens for
 *  the network. Returns the entry kept: its key is the one to send from now on. */
export async function keep(entry: OutboxEntry): Promise<OutboxEntry> {
  const same = (await entries()).find((e) => sameContent(e, entry));
  const kept: OutboxEntry = same ? { ...entry, key: same.key, writtenAt: same.writtenAt } : entry;
  await set(kept.key, kept, store());
  flag(true);
  listen();
  return kept;
}

/** Deletes an entry before it goes (the visitor's choice, or the form sent it itself). */
export async function remove(key: string) {
  await del(key, store());
  tell(key, { verdict: "deleted" });
  flag((await entries()).length > 0);
}

let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  addEventListener("online", () => void flush());
}

/** On a page where something is kept: sends it now if the browser is online, else when it is. */
export function start() {
  listen();
  if (navigator.onLine) void flush();
}

let running: Promise<void> | null = null;
let again = false;

/** Sends every kept entry not refused, one at a time (a second call meanwhile runs once more). */
export function flush(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      await sendAll();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

/** Tries again while the browser says it is online but the server was out of reach: the `online`
 *  event comes when the phone has a network, not always a route to the site yet (a captive portal,
 *  a mast still attaching). 2 s, doubling to a minute. */
let retryIn = 2000;
let retry: ReturnType<typeof setTimeout> | undefined;

function tryAgainLater() {
  clearTimeout(retry);
  retry = setTimeout(() => {
    if (navigator.onLine) void flush();
  }, retryIn);
  retryIn = Math.min(retryIn * 2, 60_000);
}

async function sendAll() {
  clearTimeout(retry);
  for (const listed of await entries()) {
    // Deleted meanwhile, or refused: not sent.
    const entry = await get<OutboxEntry>(listed.key, store());
    if (!entry || entry.refused) continue;
    const reply = await deliver(entry);
    if (reply.status === 0) {
      // Still out of reach: the rest too.
      tryAgainLater();
      break;
    }
    retryIn = 2000;
    const what = verdict(reply);
    if (what === "sent") {
      await del(entry.key, store());
      if (!tell(entry.key, { verdict: "sent", reply })) void notify("success", ...entry.toast);
    } else if (what === "refused") {
      const { message, errors } = reply.outcome ?? { message: "" };
      await set(entry.key, { ...entry, refused: { message, ...(errors && { errors }) } }, store());
      if (!tell(entry.key, { verdict: "refused", reply })) {
        void notify("error", REFUSED_TITLE, `${message} Open ${entry.page} to correct or delete it.`);
      }
    }
  }
  flag((await entries()).length > 0);
}

const REFUSED_TITLE = "What you saved on this phone was not sent";

/** One try of an entry: a token old enough to send (the server refuses one too young, decision
 *  012), renewed once if the server refused it (it expired while the phone was offline). */
async function deliver(entry: OutboxEntry, renew = false): Promise<FormReply> {
  let token: string;
  try {
    token = await whenReady({ renew });
  } catch {
    return { status: 0, values: {} };
  }
  const reply =
    entry.via === "api"
      ? await postApi(entry.endpoint, entry.visible, entry.fields, token, entry.key)
      : await postRoute(entry.endpoint, entry.fields, token);
  if (reply.status === 403 && !renew) return deliver(entry, true);
  return reply;
}
