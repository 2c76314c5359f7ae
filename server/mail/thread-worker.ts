// The mail worker on a thread of its own (node:worker_threads), for the server process: its
// database writes (each a synchronous SQLite commit, fsync'd), the MIME building and the SMTP
// conversations leave the thread that answers pages. An issue to thousands then costs the
// visitors' page views nothing they notice (decision 026, "Sending"). This is the page thread's
// side: a MailWorker that passes each call on, and keeps the status the thread reports for the
// readiness check. The thread's side is the entry module given (server/mail-thread.ts), which
// builds the ordinary worker (./worker.ts) on its own connection to the database.
import { Worker } from "node:worker_threads";
import type { Agency } from "#app/lib/agency.ts";
import { describeError, type Logger } from "../log.ts";
import type { MailWorker, WorkerStatus } from "./worker.ts";

/** What the page thread tells the mail thread. */
export type ToThread =
  | { type: "start" }
  | { type: "poke" }
  | { type: "run"; id: number }
  | { type: "details"; details: Agency }
  | { type: "stop" };

/** What the mail thread tells the page thread. */
export type FromThread =
  | { type: "status"; status: WorkerStatus }
  | { type: "ran"; id: number; attempts: number; error?: string }
  | { type: "stopped" }
  | { type: "failed"; reason: string };

export type ThreadWorkerOptions = {
  /** The thread's entry module. */
  entry: URL;
  /** Its workerData (the settings it builds its worker from; structured-cloneable). */
  data: unknown;
  /** The agency's details as published now: passed on when they change (checked at each call
   *  and every `detailsCheckMs`), since the thread cannot read the page thread's content. */
  details: () => Agency;
  log: Logger;
  pollMs: number;
  leaseMs: number;
  /** How soon a thread that ended unasked is started again (default 5 s). */
  restartMs?: number;
  detailsCheckMs?: number;
};

export function createThreadWorker(options: ThreadWorkerOptions): MailWorker {
  const { log, pollMs, leaseMs } = options;
  let thread: Worker | null = null;
  let started = false;
  let stopping: Promise<void> | null = null;
  let status: WorkerStatus = { started: false, lastRunEndedAt: null, runningSince: null, pollMs, leaseMs };
  let sentDetails: Agency | undefined;
  /** When the thread now running was opened, and whether it has reported its status since. */
  let openedAt = 0;
  let reported = false;
  let runs = 0;
  const waiting = new Map<number, { resolve: (n: number) => void; reject: (e: Error) => void }>();
  let restart: NodeJS.Timeout | undefined;
  let watch: NodeJS.Timeout | undefined;

  const post = (message: ToThread) => thread?.postMessage(message);
  /** The details, when they changed since last passed on (the content's item is replaced, never
   *  changed in place, so a new object is a change). */
  const passDetails = () => {
    const now = options.details();
    if (now !== sentDetails) {
      sentDetails = now;
      post({ type: "details", details: now });
    }
  };

  function open(): Worker {
    const worker = new Worker(options.entry, { workerData: options.data });
    sentDetails = undefined;
    openedAt = Date.now();
    reported = false;
    worker.on("message", (message: FromThread) => {
      if (message.type === "status") {
        status = message.status;
        reported = true;
      } else if (message.type === "ran") {
        const wait = waiting.get(message.id);
        waiting.delete(message.id);
        if (message.error === undefined) wait?.resolve(message.attempts);
        else wait?.reject(new Error(message.error));
      } else if (message.type === "failed")
        log({ level: "error", msg: "mail.thread.failed", reason: message.reason });
    });
    worker.on("error", (error) => {
      log({ level: "error", msg: "mail.thread.error", reason: describeError(error) });
    });
    worker.on("exit", (code) => {
      if (thread === worker) thread = null;
      for (const wait of waiting.values()) wait.reject(new Error("the mail thread ended"));
      waiting.clear();
      status = { ...status, started: false, runningSince: null };
      if (started && !stopping) {
        // Ended unasked (an error it could not survive): the next thread's start frees the jobs
        // it held (a lease of this process under another worker's id: worker.ts, leaseOwnerGone).
        log({ level: "error", msg: "mail.thread.exited", code, restartInMs: options.restartMs ?? 5000 });
        restart = setTimeout(() => {
          if (!started || stopping) return;
          thread = open();
          passDetails();
          post({ type: "start" });
        }, options.restartMs ?? 5000);
        restart.unref();
      }
    });
    return worker;
  }

  return {
    start() {
      if (started) return;
      started = true;
      thread ??= open();
      passDetails();
      post({ type: "start" });
      watch = setInterval(passDetails, options.detailsCheckMs ?? 1000);
      watch.unref();
    },
    stop() {
      started = false;
      clearTimeout(restart);
      clearInterval(watch);
      const current = thread;
      if (!current) return Promise.resolve();
      stopping ??= new Promise<void>((resolve) => {
        current.once("exit", () => resolve());
        current.postMessage({ type: "stop" } satisfies ToThread);
      }).finally(() => {
        stopping = null;
      });
      return stopping;
    },
    runOnce() {
      thread ??= open();
      passDetails();
      const id = ++runs;
      return new Promise<number>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        post({ type: "run", id });
      });
    },
    poke() {
      if (!started) return;
      passDetails();
      post({ type: "poke" });
    },
    status() {
      if (!started || !thread) return { ...status, started: false, runningSince: null };
      // Loading its modules and opening the database (a second or two): a run under way, so the
      // readiness check waits as for any run, and calls it stalled if it never reports.
      if (!reported) return { ...status, started: true, runningSince: openedAt };
      return status;
    },
  };
}
