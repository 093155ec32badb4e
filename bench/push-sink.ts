import { TestPushService } from '../tests/server/helpers/push-service';

/*
 * The reminders benchmark's push service (bench/reminders.ts), in a process of its own so that the
 * work of receiving (checking each VAPID signature, decrypting each message) is not counted as the
 * server's. It is the tests' push service (tests/server/helpers/push-service.ts); the benchmark asks
 * it over IPC for subscriptions and for what arrived.
 */

type Ask = { kind: 'subscribe'; count: number } | { kind: 'count' } | { kind: 'close' };

const service = await TestPushService.start();

process.on('message', (ask: Ask) => {
  if (ask.kind === 'subscribe') {
    const made = Array.from({ length: ask.count }, () => service.subscribe().json);
    process.send?.({ kind: 'subscriptions', made });
  } else if (ask.kind === 'count') {
    // One arrival per subscription and item is right; any more of one pair is a reminder sent twice.
    const seen = new Set<string>();
    let twice = 0;
    for (const arrival of service.arrivals) {
      const key = `${arrival.subscriptionId}:${(arrival.payload as { id?: string }).id ?? ''}`;
      if (seen.has(key)) twice++;
      seen.add(key);
    }
    process.send?.({
      kind: 'count',
      arrived: service.arrivals.length,
      twice,
      rejected: service.rejected.length,
    });
  } else {
    void service.close().then(() => process.exit(0));
  }
});
process.send?.({ kind: 'ready' });
