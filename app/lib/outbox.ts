// Forms kept on the phone until the network is back (issue 48): a contact message, a newsletter
// sign-up or a comment whose post could not reach the server is kept in IndexedDB (idb-keyval:
// database "techspark-offline", store "outbox", one entry per message under its idempotency key)
// and sent by the service worker when the browser says the network is back (Background Sync,
// where the browser has it: even with no tab of the site open), when the browser says it is
// online again while the page is open, or on the next visit to any public page (a localStorage
// flag, OUTBOX_FLAG, tells the page's script there is something to send without loading this
// code). The sending itself is app/lib/outbox-send.ts, shared with the worker: the same key every
// time, so the server stores it once however many times it is tried, and a fresh token (the one
// the page had may have expired). Nothing leaves the phone but to this site; the entry is removed
// once sent or when the visitor deletes it. Loaded with a form's first use (app/lib/form-submit.ts
// imports it), or on a visit when the flag is set.
import { set } from "idb-keyval";
import { OUTBOX_FLAG } from "#app/config/forms.ts";
import { notify } from "#app/lib/notify.ts";
import { sameContent, type OutboxEntry } from "#app/lib/outbox-entry.ts";
import {
  OUTBOX_SYNC_TAG,
  changes,
  entries,
  removeKept,
  sendKept,
  store,
  type Change,
  type Outcome,
} from "#app/lib/outbox-send.ts";

export { entries };

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

const REFUSED_TITLE = "What you saved on this phone was not sent";

/** What became of an entry, on this page: its form shows it, or a toast says it. */
function shown({ entry, outcome }: Change) {
  if (tell(entry.key, outcome) || outcome.verdict === "deleted") return;
  if (outcome.verdict === "sent") void notify("success", ...entry.toast);
  else {
    const message = outcome.reply.outcome?.message ?? "";
    void notify("error", REFUSED_TITLE, `${message} Open ${entry.page} to correct or delete it.`);
  }
}

// Private browsing may refuse storage: the next visit then does not look, the open page still sends.
function flag(on: boolean) {
  try {
    if (on) localStorage.setItem(OUTBOX_FLAG, "1");
    else localStorage.removeItem(OUTBOX_FLAG);
  } catch {
    // Nothing else to do: the flag only saves loading this code on visits with nothing to send.
  }
}

const flagWhatIsKept = async () => flag((await entries()).length > 0);

/** Asks the browser to wake the service worker when the network is back, even if every tab of the
 *  site is closed by then (Background Sync, Chromium's browsers). Where there is no worker, or no
 *  Background Sync, the page's own tries (below) are the only ones. */
async function askForSync() {
  if (!("serviceWorker" in navigator) || !("sync" in ServiceWorkerRegistration.prototype)) return;
  const registration = (await navigator.serviceWorker.getRegistration()) as
    (ServiceWorkerRegistration & { sync: { register(tag: string): Promise<void> } }) | undefined;
  // No worker yet (refused, or not installed yet): the page sends it.
  if (registration?.active) await registration.sync.register(OUTBOX_SYNC_TAG).catch(() => {});
}

/** Keeps `entry` (or the one already kept with the same content, written again), and listens for
 *  the network. Returns the entry kept: its key is the one to send from now on. */
export async function keep(entry: OutboxEntry): Promise<OutboxEntry> {
  const same = (await entries()).find((e) => sameContent(e, entry));
  const kept: OutboxEntry = same ? { ...entry, key: same.key, writtenAt: same.writtenAt } : entry;
  await set(kept.key, kept, store());
  flag(true);
  listen();
  void askForSync().catch(() => {});
  return kept;
}

/** Deletes an entry before it goes (the visitor's choice, or the form sent it itself). False when
 *  it was no longer kept: sent meanwhile (by the worker or another tab), which its form is told. */
export async function remove(key: string): Promise<boolean> {
  const removed = await removeKept(key, "page");
  if (removed) tell(key, { verdict: "deleted" });
  await flagWhatIsKept();
  return removed;
}

let listening = false;

function listen() {
  if (listening) return;
  listening = true;
  addEventListener("online", () => void flush());
  // Sent, refused or deleted by the worker or another tab: this page's form shows it. What the
  // worker sent with no form of it here, the page the visitor is looking at says.
  changes()?.addEventListener("message", (event: MessageEvent<Change>) => {
    const change = event.data;
    if (change.by === "worker" && document.visibilityState === "visible") shown(change);
    else tell(change.entry.key, change.outcome);
    void flagWhatIsKept().catch(() => {});
  });
}

/** On a page where something is kept: sends it now if the browser is online, else when it is. */
export function start() {
  listen();
  if (navigator.onLine) void flush();
  else void askForSync().catch(() => {});
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
  if (await sendKept("page", shown)) retryIn = 2000;
  else tryAgainLater(); // still out of reach: the rest too
  await flagWhatIsKept();
}
