import type { FastifyBaseLogger } from 'fastify';
import { refreshAllOftenBought } from './domains/orders';
import type { App } from './app';
import type { Db } from './db/client';
import { purgeSignIn } from './domains/identity';
import { sendRestockAlerts } from './domains/restock';
import { purgeAnalytics } from './domains/analytics';
import { purgeResolvedErrors } from './domains/errors';
import { sendKhataNotices } from './domains/wallet/index';
import { foldOrderCounts, foldReportDays } from './domains/orders/index';

/**
 * The background jobs of the server process, in one list. There is no queue: every process runs
 * every job on its own timer, and each job is written to be safe that way (its state lives in the
 * database and it changes rows with guarded updates and deletes, so of two processes doing the
 * same step one does it). Started by main.ts, not by buildApp, so tests and scripts that build the
 * app run no timers.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
}

export function serverJobs(
  app: Pick<App, 'outbox' | 'payments' | 'events' | 'subscriptions'>,
  db: Db,
  opts: { sms: boolean } = { sms: false },
): Job[] {
  return [
    // the order event stream (docs/orders.md): each consumer handles each event once (confirmations, status messages)
    { name: 'order events', everyMs: 2_000, run: () => app.events.drain() },
    // "Notify me": packs back in stock tell the shoppers who asked, once
    { name: 'restock alerts', everyMs: 60_000, run: () => sendRestockAlerts(db, app.outbox, opts) },
    // subscriptions (issue 44 §5): after each website's cut-off, tomorrow's orders paid from the wallet; idempotent per (subscription, date)
    { name: 'subscription orders', everyMs: 300_000, run: () => app.subscriptions.generateDue() },
    // the order list's counts (issue 42): the appended +1/−1 of each statement on orders folded into order_counts
    { name: 'order counts', everyMs: 60_000, run: () => foldOrderCounts(db) },
    // the GST and sales reports (issue 42): the days orders changed on summed again, a month of days a run
    { name: 'report days', everyMs: 60_000, run: () => foldReportDays(db) },
    // failed deliveries are retried; the rows survive a restart
    { name: 'outbox retry', everyMs: 60_000, run: () => app.outbox.retryFailed() },
    // prepaid orders not paid in time release their stock and slot
    { name: 'abandoned payments', everyMs: 60_000, run: () => app.payments.releaseAbandoned() },
    // expired sessions, codes and rate-limit windows, delivered messages, handled order events
    {
      name: 'housekeeping',
      everyMs: 3_600_000,
      run: async () => ({ ...(await purgeSignIn(db)), outbox: await app.outbox.purgeDelivered(), events: await app.events.purge() }),
    },
    // khata statements on the 1st and reminders around the due date, each once per (account, month, stage)
    { name: 'khata statements', everyMs: 3_600_000, run: () => sendKhataNotices(db, app.outbox) },
    // "often bought with": each website's counts rebuilt from its delivered orders of the last 90 days
    { name: 'often bought with', everyMs: 3_600_000, run: () => refreshAllOftenBought(db) },
    // first-party analytics past each website's retention, resolved errors not seen for 90 days
    {
      name: 'analytics retention',
      everyMs: 3_600_000,
      run: async () => ({ events: await purgeAnalytics(db), errors: await purgeResolvedErrors(db) }),
    },
  ];
}

/** Hears each run's end (the metrics: runs, failures, duration, lag). */
export interface JobObserver {
  finished(job: Job, seconds: number, ok: boolean): void;
}

/**
 * Runs each job every `everyMs` (never two runs of one job at once in a process); a failure is
 * logged and the job runs again next time. Returns `stop`, which waits for running jobs.
 */
export function startJobs(jobs: Job[], log: FastifyBaseLogger, observer?: JobObserver): () => Promise<void> {
  const running = new Set<Promise<unknown>>();
  const timers = jobs.map((job) => {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const started = performance.now();
      const ended = (ok: boolean) => observer?.finished(job, (performance.now() - started) / 1000, ok);
      const run = job
        .run()
        .then(
          () => ended(true),
          (e: unknown) => {
            log.error({ err: e, job: job.name }, 'background job failed');
            ended(false);
          },
        )
        .finally(() => {
          busy = false;
          running.delete(run);
        });
      running.add(run);
    }, job.everyMs);
    timer.unref();
    return timer;
  });
  return async () => {
    timers.forEach(clearInterval);
    await Promise.allSettled([...running]);
  };
}
