// Delivers the outbox: claims one due job at a time (with a lease, so several workers or
// instances never hold the same job), loads its record, renders the e-mail through its kind,
// sends it, and records the outcome with Postfix-like retries (per kind where they differ).
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Queries } from "../db/index.ts";
import { describeError, type Logger } from "../log.ts";
import { policyOf, retryDelay, type MailContext, type MailKind, type RetryPolicy } from "./kind.ts";
import { IN_FLIGHT, type Job, type Outbox } from "./outbox.ts";
import { describeSmtpError, isPermanentSmtpError, messageIdFor, type Transport } from "./transport.ts";

export type MailWorker = {
  /** Frees the jobs a crashed process of this machine held, then polls. */
  start(): void;
  /** Stops polling and claiming, and waits for the delivery in progress, if any (one e-mail):
   *  the jobs not yet claimed stay due for the next worker. */
  stop(): Promise<void>;
  /** Delivers every job due now; resolves with the number of delivery attempts made. */
  runOnce(): Promise<number>;
  /** Runs soon (e.g. right after a job was queued) if started. */
  poke(): void;
  /** Whether it is started and how recently it ran (the server's readiness, server/health/). */
  status(): WorkerStatus;
};

/** Times are Date.now() (the wall clock, whatever clock the worker is given for its jobs). */
export type WorkerStatus = {
  started: boolean;
  /** When the last run ended; null before the first. */
  lastRunEndedAt: number | null;
  /** When the run under way began, or its latest e-mail did; null between runs. */
  runningSince: number | null;
  pollMs: number;
  leaseMs: number;
};

export type WorkerOptions = {
  db: Queries;
  outbox: Outbox;
  transport: Transport;
  kinds: readonly MailKind[];
  context: Omit<MailContext, "job" | "now">;
  now: () => number;
  log: Logger;
  /** Defaults for every kind (a kind's own `retry` overrides them). */
  retry: RetryPolicy;
  pollMs: number;
  /** How long a claim holds a job; renewed while the job is worked on, so a crash frees it soon. */
  leaseMs: number;
  /** Whether a process of this machine is running (tests replace it). */
  processAlive?: (pid: number) => boolean;
};

const MAX_PER_RUN = 100;

/** Whether process `pid` runs: signal 0 checks without sending (EPERM: it runs as someone else). */
function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * A lease owner of this machine whose process is gone: `host:pid:id` with our host name and a
 * pid that no longer runs, or our own pid under another id (a container restarted: pid 1 again).
 * Owners of other machines are never judged: their leases run out.
 */
export function leaseOwnerGone(owner: string, self: string, alive: (pid: number) => boolean): boolean {
  const [host, pid, id] = owner.split(":");
  const [ourHost, ourPid] = self.split(":");
  if (owner === self || host !== ourHost || !id || !/^\d+$/.test(pid ?? "")) return false;
  return pid === ourPid || !alive(Number(pid));
}

export function createMailWorker(options: WorkerOptions): MailWorker {
  const { db, outbox, transport, context, now, log, pollMs, leaseMs } = options;
  const kinds = new Map(options.kinds.map((k) => [k.name, k]));
  const names = [...kinds.keys()];
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopping = false;
  let lastRunEndedAt: number | null = null;
  let runningSince: number | null = null;

  /** Works on `job` with its lease renewed every third of its length until done. */
  async function deliver(job: Job): Promise<void> {
    const renewal = setInterval(() => {
      outbox.renew(job.id, owner, now() + leaseMs).catch((error: unknown) => {
        log({ level: "warn", msg: "mail.lease.renew-failed", jobId: job.id, reason: describeError(error) });
      });
    }, leaseMs / 3);
    renewal.unref();
    try {
      await attempt(job);
    } finally {
      clearInterval(renewal);
    }
  }

  async function attempt(job: Job): Promise<void> {
    const kind = kinds.get(job.kind)!;
    const policy = policyOf(kind, options.retry);
    const about = { kind: job.kind, jobId: job.id, recordId: job.recordId, attempt: job.attempts };
    const t0 = now();
    if (policy.giveUpAs === "expired" && t0 - job.enqueuedAt >= policy.giveUpAfterMs) {
      await outbox.markFinal(job.id, owner, "expired", "expired before it could be sent", t0);
      log({ level: "warn", msg: "mail.delivery.expired", ...about });
      return;
    }

    if (kind.atMostOnce && job.lastError === IN_FLIGHT) {
      // The last attempt reached the SMTP conversation and never recorded how it ended: the
      // e-mail may be out. Sending it again could deliver it twice.
      const reason = "the server stopped while sending it; not sent again, so that nobody gets it twice";
      await outbox.markFinal(job.id, owner, "failed", reason, t0);
      log({ level: "warn", msg: "mail.delivery.failed", ...about, reason });
      return;
    }

    let failure: unknown;
    let stage = "send";
    try {
      stage = "load";
      const record = await kind.load(db, job.recordId);
      if (record === null || record === undefined) {
        await outbox.markFinal(job.id, owner, "cancelled", "its record no longer exists", now());
        log({ level: "info", msg: "mail.delivery.cancelled", ...about });
        return;
      }
      stage = "render";
      const mail = kind.render(record, { ...context, job, now: t0 });
      stage = "send";
      if (kind.atMostOnce && !(await outbox.markInFlight(job.id, owner, now()))) return; // lease lost
      await transport.send({
        ...mail,
        from: context.from,
        messageId: messageIdFor(job.messageId, context.from),
        headers: mail.headers,
      });
    } catch (error) {
      failure = error;
    }

    if (failure === undefined) {
      await outbox.markSent(job.id, now());
      log({ level: "info", msg: "mail.delivery.sent", ...about });
      return;
    }
    const reason = stage === "send" ? describeSmtpError(failure) : `${stage}: ${describeError(failure)}`;
    const t = now();
    const permanent = stage === "send" && isPermanentSmtpError(failure);
    const giveUp =
      (permanent && job.attempts >= policy.permanentFailureAttempts) ||
      t - job.enqueuedAt >= policy.giveUpAfterMs;
    if (giveUp) {
      const state = permanent ? "failed" : policy.giveUpAs;
      await outbox.markFinal(job.id, owner, state, reason, t);
      log({ level: "error", msg: `mail.delivery.${state}`, ...about, permanent, reason });
    } else {
      const nextAttemptAt = t + retryDelay(job.attempts, policy);
      await outbox.markRetry(job.id, owner, nextAttemptAt, reason, t);
      log({
        level: "warn",
        msg: "mail.delivery.retry",
        ...about,
        permanent,
        reason,
        nextAttemptAt: new Date(nextAttemptAt).toISOString(),
      });
    }
  }

  async function runOnce(): Promise<number> {
    let attempts = 0;
    while (attempts < MAX_PER_RUN && !stopping) {
      const job = await outbox.claim(owner, now(), leaseMs, names);
      if (!job) break;
      // In a polled run, progress: a long run of many e-mails is not a stalled one.
      if (runningSince !== null) runningSince = Date.now();
      attempts++;
      await deliver(job);
    }
    return attempts;
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    if (!started) return;
    timer = setTimeout(tick, delay);
    timer.unref();
  }

  function tick() {
    if (running) {
      again = true;
      return;
    }
    again = false;
    runningSince = Date.now();
    running = runOnce()
      .catch((error: unknown) => {
        log({ level: "error", msg: "mail.worker.error", reason: describeError(error) });
      })
      .finally(() => {
        running = null;
        runningSince = null;
        lastRunEndedAt = Date.now();
        schedule(again ? 0 : pollMs);
      });
  }

  /** Frees the jobs of this machine's processes that died holding them (a crash, a kill). */
  async function releaseDeadLeases(): Promise<void> {
    const alive = options.processAlive ?? processAlive;
    const released = await outbox.releaseLeases((o) => leaseOwnerGone(o, owner, alive), now());
    if (released > 0)
      log({ level: "warn", msg: "mail.lease.released", jobs: released, note: "their process is gone" });
  }

  return {
    start() {
      if (started) return;
      started = true;
      stopping = false;
      running = releaseDeadLeases()
        .catch((error: unknown) => {
          log({ level: "error", msg: "mail.worker.error", reason: describeError(error) });
        })
        .finally(() => {
          running = null;
          schedule(0);
        });
    },
    async stop() {
      started = false;
      stopping = true;
      clearTimeout(timer);
      await running;
    },
    runOnce: () => {
      stopping = false;
      return runOnce();
    },
    poke() {
      if (!started) return;
      if (running) again = true;
      else schedule(0);
    },
    status: () => ({ started, lastRunEndedAt, runningSince, pollMs, leaseMs }),
  };
}
