// Delivers queued messages: claims one due job at a time (with a lease, so several workers or
// instances never hold the same job), sends it, and records the outcome with Postfix-like retries.
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { describeError, type Logger } from "./log.ts";
import { describeSmtpError, isPermanentSmtpError, type Mailer } from "./mailer.ts";
import type { ClaimedJob, ContactStore } from "./store.ts";

export type RetryPolicy = {
  /** Delay after the first failure; doubles after each further one. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** A job still failing this long after it was queued is marked failed. */
  giveUpAfterMs: number;
  /** A permanent (5xx) rejection is marked failed at this attempt. */
  permanentFailureAttempts: number;
};

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  baseDelayMs: 60_000, // 1, 2, 4, 8, 16, 32 minutes, then every hour
  maxDelayMs: 3_600_000,
  giveUpAfterMs: 5 * 24 * 3_600_000,
  permanentFailureAttempts: 3,
};

/** Delay before the next attempt after `attempt` failed attempts (1-based). */
export function retryDelay(attempt: number, policy: RetryPolicy): number {
  return Math.min(policy.baseDelayMs * 2 ** Math.min(attempt - 1, 40), policy.maxDelayMs);
}

export type OutboxWorker = {
  start(): void;
  /** Stops polling and waits for the delivery in progress, if any. */
  stop(): Promise<void>;
  /** Delivers every job due now; resolves with the number of delivery attempts made. */
  runOnce(): Promise<number>;
  /** Runs soon (e.g. right after a message was accepted) if started. */
  poke(): void;
};

export type WorkerOptions = {
  store: ContactStore;
  mailer: Mailer;
  now: () => number;
  log: Logger;
  retry: RetryPolicy;
  pollMs: number;
  leaseMs: number;
};

const MAX_PER_RUN = 100;

export function createOutboxWorker(options: WorkerOptions): OutboxWorker {
  const { store, mailer, now, log, retry, pollMs, leaseMs } = options;
  const owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let started = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | null = null;
  let again = false;

  async function deliver(job: ClaimedJob): Promise<void> {
    const { message, attempt, enqueuedAt } = job;
    try {
      await mailer.send(message);
    } catch (error) {
      const reason = describeSmtpError(error);
      const t = now();
      const permanent = isPermanentSmtpError(error);
      const giveUp =
        (permanent && attempt >= retry.permanentFailureAttempts) || t - enqueuedAt >= retry.giveUpAfterMs;
      if (giveUp) {
        await store.markFailed(message.id, owner, reason, t);
        log({
          level: "error",
          msg: "contact.delivery.failed",
          messageId: message.id,
          attempt,
          permanent,
          reason,
        });
      } else {
        const nextAttemptAt = t + retryDelay(attempt, retry);
        await store.markRetry(message.id, owner, nextAttemptAt, reason, t);
        log({
          level: "warn",
          msg: "contact.delivery.retry",
          messageId: message.id,
          attempt,
          permanent,
          reason,
          nextAttemptAt: new Date(nextAttemptAt).toISOString(),
        });
      }
      return;
    }
    await store.markSent(message.id, now());
    log({ level: "info", msg: "contact.delivery.sent", messageId: message.id, attempt });
  }

  async function runOnce(): Promise<number> {
    let attempts = 0;
    while (attempts < MAX_PER_RUN) {
      const job = await store.claim(owner, now(), leaseMs);
      if (!job) break;
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
    running = runOnce()
      .catch((error: unknown) => {
        log({ level: "error", msg: "contact.worker.error", reason: describeError(error) });
      })
      .finally(() => {
        running = null;
        schedule(again ? 0 : pollMs);
      });
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
    },
    runOnce,
    poke() {
      if (!started) return;
      if (running) again = true;
      else schedule(0);
    },
  };
}
