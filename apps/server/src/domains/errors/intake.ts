import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { recordOccurrences, type Occurrence } from './service';

/** What the intake has done since the process started (for the log now, metrics later). */
export interface ErrorIntakeStats {
  /** waiting to be written */
  queued: number;
  /** written to the inbox */
  stored: number;
  /** refused because the queue was full, or the intake closed */
  dropped: number;
  /** lost because their batch could not be written (the database failed) */
  failed: number;
}

export interface ErrorIntake {
  /**
   * Queues the occurrences `make` makes of `items` (null: not one), for one website, as many as
   * there is room for: the rest are dropped and counted without being made (a full queue costs
   * a flood nothing more). Answers how many were queued.
   */
  offer<T>(websiteId: number, items: readonly T[], make: (item: T) => Occurrence | null): number;
  /** Resolves once everything queued so far is written (or failed): for tests and shutdown. */
  drain(): Promise<void>;
  /** Takes nothing more, drains for at most `timeoutMs`, then drops what is left (logged). */
  close(timeoutMs?: number): Promise<void>;
  stats(): ErrorIntakeStats;
}

/**
 * The error inbox's intake: the tunnel and the server's error reporter only queue (in memory,
 * bounded) and answer at once; a background loop writes the queue in batches of 25, one
 * statement per website per batch, resting three times as long as a batch took before the next.
 * On PGlite every statement queues behind the one running (and runs on the event loop), so
 * writing a flood of error events in the request, one statement each, had shoppers' searches
 * wait for all of them (issue 38). A full queue drops what does not fit and counts it: error
 * reports are worth less than the shop.
 */
export function createErrorIntake(db: Db, opts: { capacity: number; batchSize?: number; log?: FastifyBaseLogger | false }): ErrorIntake {
  const batchSize = opts.batchSize ?? 25;
  const log = opts.log || undefined;
  const queue: Array<{ websiteId: number; occurrence: Occurrence }> = [];
  const counts = { stored: 0, dropped: 0, failed: 0 };
  let running: Promise<void> | null = null;
  let closed = false;
  let warnedAt = 0;

  const drop = (n: number, why: 'full' | 'closed' | 'shutdown') => {
    if (n <= 0) return;
    counts.dropped += n;
    // one line per 10 s at most, with the running total: a flood must not flood the log too
    const now = Date.now();
    if (why === 'shutdown' || now - warnedAt >= 10_000) {
      warnedAt = now;
      log?.warn({ dropped: n, droppedTotal: counts.dropped, why }, 'error inbox intake dropped occurrences');
    }
  };

  async function run() {
    // the answer that queued them goes out first
    await new Promise((r) => setImmediate(r));
    while (queue.length) {
      const started = performance.now();
      const batch = queue.splice(0, batchSize);
      const bySite = new Map<number, Occurrence[]>();
      for (const { websiteId, occurrence } of batch) {
        const list = bySite.get(websiteId);
        if (list) list.push(occurrence);
        else bySite.set(websiteId, [occurrence]);
      }
      for (const [websiteId, occurrences] of bySite) {
        try {
          await recordOccurrences(db, websiteId, occurrences);
          counts.stored += occurrences.length;
        } catch (err) {
          counts.failed += occurrences.length;
          log?.warn({ err, lost: occurrences.length }, 'error inbox intake could not store a batch');
        }
      }
      // The shop's requests go first: rest three times as long as the batch took (at most a
      // quarter of the database's time goes to the inbox; on PGlite, of the event loop's too).
      // Closing, no request is left to wait for.
      if (queue.length && !closed) await new Promise((r) => setTimeout(r, Math.min(1_000, 3 * (performance.now() - started))));
    }
  }

  function start() {
    running ??= run().finally(() => {
      running = null;
      // taken between the loop's last look and here
      if (queue.length) start();
    });
  }

  async function drain() {
    while (running || queue.length) {
      start();
      await running;
    }
  }

  return {
    offer(websiteId, items, make) {
      if (closed) {
        drop(items.length, 'closed');
        return 0;
      }
      let taken = 0;
      let i = 0;
      for (; i < items.length && queue.length < opts.capacity; i++) {
        const occurrence = make(items[i]!);
        if (!occurrence) continue;
        queue.push({ websiteId, occurrence });
        taken++;
      }
      drop(items.length - i, 'full');
      if (taken) start();
      return taken;
    },
    drain,
    async close(timeoutMs = 5_000) {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), timeoutMs)));
      const done = await Promise.race([drain().then(() => 'done' as const), late]);
      clearTimeout(timer);
      if (done === 'late') drop(queue.splice(0).length, 'shutdown');
    },
    stats: () => ({ queued: queue.length, ...counts }),
  };
}
