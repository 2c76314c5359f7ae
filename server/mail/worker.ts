// Delivers the outbox: claims due jobs (each with a lease, so several workers or instances never
// hold the same job), `concurrency` at once on conversations of their own, loads each job's record, renders the
// e-mail through its kind, sends it, and records the outcome with Postfix-like retries (per kind
// where they differ).
import type { SendMailOptions } from "nodemailer";
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { Queries } from "../db/index.ts";
import { describeError, type Logger } from "../log.ts";
import {
  policyOf,
  retryDelay,
  type MailContext,
  type MailKind,
  type MailOutcome,
  type RetryPolicy,
} from "./kind.ts";
import { IN_FLIGHT, type Alongside, type Job, type Outbox } from "./outbox.ts";
import {
  describeSmtpError,
  isMaybeDelivered,
  isPermanentSmtpError,
  messageIdFor,
  type Transport,
} from "./transport.ts";

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
  /** When the run under way began, its latest e-mail did, or that e-mail's lease was last renewed
   *  (a mail server may take 10 minutes to answer); null between runs. */
  runningSince: number | null;
  pollMs: number;
  leaseMs: number;
};

export type WorkerOptions = {
  db: Queries;
  outbox: Outbox;
  transport: Transport;
  kinds: readonly MailKind[];
  /** What every e-mail is rendered with; `details` is asked for at each e-mail (the agency's
   *  details change in the console while the server runs). */
  context: Omit<MailContext, "job" | "now" | "details"> & { details: () => MailContext["details"] };
  now: () => number;
  log: Logger;
  /** Defaults for every kind (a kind's own `retry` overrides them). */
  retry: RetryPolicy;
  pollMs: number;
  /** How long a claim holds a job; renewed while the job is worked on, so a crash frees it soon. */
  leaseMs: number;
  /** Whether a process of this machine is running (tests replace it). */
  processAlive?: (pid: number) => boolean;
  /** Waits between tries of recording a delivered e-mail as sent: from `baseMs`, doubling, at most
   *  `maxMs` (default 200 ms to 10 s). */
  recordBackoff?: { baseMs: number; maxMs: number };
  /** How many e-mails are sent at once, each on its own SMTP conversation (default 1). A relay
   *  answers each message in a few tens of milliseconds to a second: several in flight keep a
   *  newsletter issue moving at its pace (docs/decisions/026-e-mail-that-arrives.md). */
  concurrency?: number;
  /** On stop, how long the e-mail being sent may still take before its conversation is cut
   *  (default 5 s): a server that waits minutes to answer the message's end (RFC 5321 allows 10)
   *  must not hold the stop past the server's forced exit, which would leave the job `sending`. */
  stopSendWaitMs?: number;
};

const MAX_PER_RUN = 100;

/** The worker no longer holds the job's lease (it ran out and another claimed it). */
class LeaseLost extends Error {
  constructor() {
    super("the job's lease was lost before the message was ended");
  }
}
const RECORD_BACKOFF = { baseMs: 200, maxMs: 10_000 };

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
  /** Aborted by stop(): ends the waits between tries of a record. */
  let stopSignal = new AbortController();
  /** Aborted by stop() after `stopSendWaitMs`: cuts the SMTP conversation under way. Cut before
   *  the message's end was sent, the job is retried as after any failure; after it, the job is
   *  "maybe delivered" (tried once more, later), never left `sending` to be sent again at once. */
  let sendCut = new AbortController();
  const stopSendWaitMs = options.stopSendWaitMs ?? 5000;
  const concurrency = Math.max(1, options.concurrency ?? 1);
  const backoff = options.recordBackoff ?? RECORD_BACKOFF;

  /** Waits `ms`, or less when the worker is stopped meanwhile. */
  function pause(ms: number): Promise<void> {
    const signal = stopSignal.signal;
    return new Promise((resolve) => {
      if (signal.aborted) return resolve();
      const done = () => {
        clearTimeout(wait);
        signal.removeEventListener("abort", done);
        resolve();
      };
      const wait = setTimeout(done, ms);
      signal.addEventListener("abort", done);
    });
  }

  /**
   * Records that the SMTP server took the e-mail (or may have), trying again (with backoff) until the database
   * takes the write: a full disk (SQLITE_FULL) or a PostgreSQL restarting (57P03) must not leave a
   * delivered job to be claimed and sent again once its lease ends. Meanwhile `deliver` goes on
   * renewing the lease, so no other worker claims it while this one lives (when the database
   * refuses the renewals too, it refuses other workers' claims as well).
   *
   * The trade-off: when the worker is stopped first (SIGTERM: the server exits within seconds),
   * it stops trying and the job stays leased to it, in state 'sending'. The next start on this
   * machine, or the lease's end, makes it due again and it is sent a second time, with the same
   * Message-ID. Holding the shutdown for a database that may not come back would lose more (the
   * forced exit cuts everything else too); the error is logged with the job and its Message-ID.
   */
  async function record(
    job: Job,
    about: Record<string, unknown>,
    write: () => Promise<unknown>,
  ): Promise<void> {
    for (let tries = 1; ; tries++) {
      try {
        await write();
        if (tries > 1) log({ level: "info", msg: "mail.record.saved", ...about, tries });
        return;
      } catch (error) {
        const reason = describeError(error);
        if (stopping) {
          log({
            level: "error",
            msg: "mail.record.unsaved",
            ...about,
            messageId: job.messageId,
            reason,
            note: "sent (or maybe sent), not recorded before the worker stopped: it may be sent again",
          });
          return;
        }
        const waitMs = Math.min(backoff.baseMs * 2 ** Math.min(tries - 1, 30), backoff.maxMs);
        log({ level: "warn", msg: "mail.record.retry", ...about, tries, reason, waitMs });
        await pause(waitMs);
      }
    }
  }

  /** The kind's onOutcome for this job, to keep with its final state (none when it has none). */
  function told(kind: MailKind, job: Job, outcome: MailOutcome): Alongside | undefined {
    const onOutcome = kind.onOutcome;
    return onOutcome && ((trx) => onOutcome(trx, job.recordId, outcome, now()));
  }

  /**
   * Ends the job undelivered, its kind told how in the same transaction. When the kind listens,
   * the write is tried until the database takes it, as a delivery's is: lost, the job would be
   * claimed again and (at most once) end "unknown", and the kind would never hear of a refusal.
   */
  async function finish(
    job: Job,
    kind: MailKind,
    about: Record<string, unknown>,
    end: { state: "failed" | "expired"; reason: string; at: number; outcome: MailOutcome },
  ): Promise<void> {
    const alongside = told(kind, job, end.outcome);
    const mark = () => outbox.markFinal(job.id, owner, end.state, end.reason, end.at, alongside);
    if (alongside) await record(job, about, mark);
    else await mark();
  }

  /** The mark an at-most-once job carries from just before its message's end is written until
   *  its outcome is recorded (a crash in between leaves it failed, never sent again). */
  async function markInFlight(job: Job): Promise<void> {
    if (!(await outbox.markInFlight(job.id, owner, now()))) throw new LeaseLost();
  }

  /** Works on `job` with its lease renewed every third of its length until done. */
  async function deliver(job: Job): Promise<void> {
    const renewal = setInterval(() => {
      outbox.renew(job.id, owner, now() + leaseMs).then(
        (held) => {
          // Alive and still on it (a slow mail server): progress, for the readiness check.
          if (held && runningSince !== null) runningSince = Date.now();
        },
        (error: unknown) => {
          log({ level: "warn", msg: "mail.lease.renew-failed", jobId: job.id, reason: describeError(error) });
        },
      );
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
      const reason = "expired before it could be sent";
      const outcome = { result: "undelivered", reason, reply: null } as const;
      await finish(job, kind, about, { state: "expired", reason, at: t0, outcome });
      log({ level: "warn", msg: "mail.delivery.expired", ...about });
      return;
    }

    if (kind.atMostOnce && job.lastError === IN_FLIGHT) {
      // The last attempt was about to end its message (the mark is written just before the
      // message's end) and never recorded how it ended: the e-mail may be out. Sending it again
      // could deliver it twice. One stopped earlier in its conversation has no mark: sent again.
      const reason = "the server stopped while sending it; not sent again, so that nobody gets it twice";
      await finish(job, kind, about, {
        state: "failed",
        reason,
        at: t0,
        outcome: { result: "unknown", reason },
      });
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
      const mail = await kind.render(record, { ...context, details: context.details(), job, now: t0 });
      stage = "send";
      await transport.send(
        {
          ...mail,
          from: context.from,
          messageId: messageIdFor(job.messageId, context.from),
          headers: mail.headers,
          // nodemailer (10.5+) ends this message's SMTP conversation when it is aborted (EABORT).
          signal: sendCut.signal,
        } as SendMailOptions,
        // An at-most-once kind is marked in flight only once the server has the whole envelope
        // and nearly the whole message, just before its end is written: until that end the
        // server cannot have taken it, so a crash before the mark leaves it to be sent again, and
        // only one after it can (at worst) lose it. Written or the message is never ended.
        kind.atMostOnce ? { beforeEnd: () => markInFlight(job) } : {},
      );
    } catch (error) {
      if (error instanceof LeaseLost) return; // another worker has it now; nothing was sent
      failure = error;
    }

    if (failure === undefined) {
      log({ level: "info", msg: "mail.delivery.sent", ...about });
      const alongside = told(kind, job, { result: "delivered" });
      await record(job, about, () => outbox.markSent(job.id, now(), alongside));
      return;
    }
    const reason = stage === "send" ? describeSmtpError(failure) : `${stage}: ${describeError(failure)}`;
    const t = now();
    if (stage === "send" && isMaybeDelivered(failure)) {
      // The message's end was sent and no answer came (a timeout, a lost connection): the server
      // may have taken it. One more attempt, later (a copy too many at worst, with the same
      // Message-ID); never a loop of them, and never for an at-most-once kind.
      const maybe = `${reason} (after the message was sent: it may have been delivered)`;
      if (kind.atMostOnce || job.maybeDeliveredAt !== null) {
        const why = `${maybe}; not sent again, so that nobody gets it twice`;
        const outcome = { result: "unknown", reason: why } as const;
        await finish(job, kind, about, { state: "failed", reason: why, at: t, outcome });
        log({ level: "error", msg: "mail.delivery.failed", ...about, maybeDelivered: true, reason: why });
        return;
      }
      const nextAttemptAt = t + retryDelay(job.attempts, policy);
      // Recorded like a sent one: lost, the job would be claimed again without its mark.
      await record(job, about, () => outbox.markMaybeDelivered(job.id, owner, nextAttemptAt, maybe, t));
      log({
        level: "warn",
        msg: "mail.delivery.maybe-delivered",
        ...about,
        reason,
        nextAttemptAt: new Date(nextAttemptAt).toISOString(),
      });
      return;
    }
    const permanent = stage === "send" && isPermanentSmtpError(failure);
    const giveUp =
      (permanent && job.attempts >= policy.permanentFailureAttempts) ||
      t - job.enqueuedAt >= policy.giveUpAfterMs;
    if (giveUp) {
      const state = permanent ? "failed" : policy.giveUpAs;
      const { responseCode: reply, response } = (failure ?? {}) as {
        responseCode?: unknown;
        response?: unknown;
      };
      const outcome: MailOutcome = permanent
        ? // The server's own words ("550 5.1.1 <a@b.ng>: no such user"), for the people who read it.
          { result: "refused", reason: typeof response === "string" ? response : reason }
        : {
            result: "undelivered",
            reason,
            reply: stage === "send" && typeof reply === "number" ? reply : null,
          };
      await finish(job, kind, about, { state, reason, at: t, outcome });
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

  /** Delivers due jobs on up to `concurrency` lanes, each claiming its next job the moment it is
   *  free (never a job claimed ahead and left waiting, unleased-for-long, in a queue of ours; and
   *  no lane waits for the slowest of a batch). A lane that claimed one opens another while fewer
   *  than `concurrency` run (more may be due: an issue's e-mails fall due one after another); a
   *  lane that finds none due ends. Until none is due or MAX_PER_RUN were tried (then the next
   *  run starts at once). */
  async function runOnce(): Promise<number> {
    let attempts = 0;
    let active = 0;
    const lanes: Promise<void>[] = [];
    // A lane's failure (the database refusing a claim: a full disk) is kept, not left unhandled
    // while the loop below still awaits an earlier lane (which would end the process, or the mail
    // thread); the run fails with the first once every lane has ended.
    let failed: { error: unknown } | undefined;
    const open = () =>
      lanes.push(
        lane().catch((error: unknown) => {
          failed ??= { error };
        }),
      );
    const lane = async () => {
      active++;
      try {
        while (attempts < MAX_PER_RUN && !stopping) {
          attempts++; // reserved before the claim: the lanes never go past MAX_PER_RUN together
          const [job] = await outbox.claimMany(owner, now(), leaseMs, names, 1);
          if (!job) {
            attempts--;
            return;
          }
          // In a polled run, progress: a long run of many e-mails is not a stalled one.
          if (runningSince !== null) runningSince = Date.now();
          if (active < concurrency) open();
          await deliver(job);
        }
      } finally {
        active--;
      }
    };
    open();
    for (let i = 0; i < lanes.length; i++) await lanes[i];
    if (failed) throw failed.error;
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
      .then((attempts) => {
        // A full run leaves more due (an issue of thousands): on at once, not after a poll.
        if (attempts >= MAX_PER_RUN) again = true;
      })
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
      if (stopSignal.signal.aborted) stopSignal = new AbortController();
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
      stopSignal.abort();
      clearTimeout(timer);
      const cut = setTimeout(() => sendCut.abort(new Error("the server is stopping")), stopSendWaitMs);
      await running;
      clearTimeout(cut);
      if (sendCut.signal.aborted) sendCut = new AbortController();
    },
    runOnce: () => {
      stopping = false;
      if (stopSignal.signal.aborted) stopSignal = new AbortController();
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
