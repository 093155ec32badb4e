import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Env } from '../../env';
import { forgetSubscription, pushTo } from '../push/push.service';
import { deleteDelivery, leaseDeliveries, retryDeliveryAt } from './reminders.repo';
import { queueDueReminders } from './reminders.service';
import { rescheduleWaiting } from './reschedule-later';

/*
 * The loop every instance runs (docs/decisions/032-push-reminders.md): each round queues the due
 * reminders, then sends the deliveries that are due. Any number of instances may run it on one
 * database: claims skip rows another holds, and deliveries are leased while they are sent.
 */

const BATCH = 100;
/** Messages sent at once by one worker. */
const SENDING_AT_ONCE = 16;

/** The wait before a retry: 5 s doubling per attempt, at most 5 minutes, never before Retry-After. */
export function retryDelayMs(attempts: number, retryAfterMs: number | null): number {
  const backoff = Math.min(5 * 60_000, 5_000 * 2 ** Math.max(0, attempts - 1));
  return Math.max(backoff, retryAfterMs ?? 0);
}

export type RoundResult = { queued: number; sent: number; retried: number; dropped: number; gone: number };

export class ReminderWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<RoundResult> | undefined;
  private stopped = false;

  constructor(private readonly options: { db: Db; env: Env; clock: () => Date; log: FastifyBaseLogger }) {}

  /** One round; a round already running is joined rather than doubled. */
  runOnce(): Promise<RoundResult> {
    this.running ??= this.round().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  /**
   * Runs a round now (what was due while every instance was down) and then every REMINDER_ROUND_MS
   * (10 s unless configured): a reminder goes out within that of its minute, well within 60 s.
   */
  start(): void {
    this.stopped = false;
    const tick = () => {
      this.runOnce()
        .catch((error: unknown) =>
          this.options.log.warn({ errorClasses: [(error as Error).name] }, 'reminder round failed'),
        )
        .finally(() => {
          if (!this.stopped) this.timer = setTimeout(tick, this.options.env.REMINDER_ROUND_MS);
        });
    };
    tick();
  }

  /** Stops the loop and waits for a round in flight. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  private async round(): Promise<RoundResult> {
    const { db, clock, env } = this.options;
    const result: RoundResult = { queued: 0, sent: 0, retried: 0, dropped: 0, gone: 0 };
    // Recomputes that failed after their writes first, so that what is queued below is current.
    await rescheduleWaiting(db, clock());
    for (;;) {
      const claimed = await queueDueReminders(db, clock(), BATCH);
      result.queued += claimed;
      if (claimed < BATCH) break;
    }
    for (;;) {
      const now = clock();
      // A delivery leased here comes back to the other instances after the lease, if this one died.
      const until = new Date(now.getTime() + env.REMINDER_LEASE_MS);
      const leased = await leaseDeliveries(db, now, until, BATCH);
      for (let i = 0; i < leased.length; i += SENDING_AT_ONCE) {
        await Promise.all(
          leased.slice(i, i + SENDING_AT_ONCE).map((delivery) => this.deliver(delivery, result)),
        );
      }
      if (leased.length < BATCH) break;
    }
    return result;
  }

  private async deliver(delivery: Awaited<ReturnType<typeof leaseDeliveries>>[number], result: RoundResult) {
    const { db, env, clock, log } = this.options;
    const outcome = await pushTo(db, env, delivery, delivery.payload, { topic: delivery.topic, now: clock });
    switch (outcome.kind) {
      case 'sent':
        result.sent++;
        await deleteDelivery(db, delivery.userId, delivery.id);
        return;
      case 'gone':
        // The browser dropped the subscription: forget it, and with it what was on its way to it.
        result.gone++;
        await forgetSubscription(db, delivery.userId, delivery.subscriptionId);
        return;
      case 'retry': {
        const at = new Date(clock().getTime() + retryDelayMs(delivery.attempts, outcome.retryAfterMs));
        if (at > delivery.expiresAt) {
          result.dropped++;
          await deleteDelivery(db, delivery.userId, delivery.id);
          return;
        }
        result.retried++;
        await retryDeliveryAt(db, delivery.userId, delivery.id, at);
        return;
      }
      case 'failed':
        result.dropped++;
        log.warn({ reason: outcome.reason }, 'reminder not delivered');
        await deleteDelivery(db, delivery.userId, delivery.id);
        return;
    }
  }
}
