import { randomUUID } from 'node:crypto';
import { type Call, call, signIn, sleep } from './harness';

/*
 * The steady load the cluster fault tests and the failover benchmark put on the production shape: a
 * few accounts with two devices each, every device creating Today tasks (acknowledged ones are
 * remembered, to be found again), reading Today and its tasks, and ticking a habit, with a short pause
 * between calls. Every loop is bounded.
 */

export const ACCOUNTS = 4;
export const DEVICES_PER_ACCOUNT = 2;
/** A bound on every load loop, far above what a run makes. */
const MAX_REQUESTS_PER_DEVICE = 5_000;

export type Sample = Call & { kind: string; started: number };
export type Device = { cookie: string; acknowledged: string[] };

export function startLoad(base: string, devices: Device[], habits: Map<string, string>) {
  const samples: Sample[] = [];
  let stopped = false;
  const runs = devices.map(async (device, index) => {
    for (let n = 0; n < MAX_REQUESTS_PER_DEVICE && !stopped; n += 1) {
      const started = performance.now();
      const roll = (n + index) % 5;
      let kind: string;
      let result: Call;
      if (roll === 0 || roll === 3) {
        kind = 'create';
        const id = randomUUID();
        result = await call(base, device.cookie, 'POST', '/api/tasks', {
          id,
          title: `Load ${n}`,
          isToday: true,
        });
        if (result.status === 201) device.acknowledged.push(id);
      } else if (roll === 1) {
        kind = 'read today';
        result = await call(base, device.cookie, 'GET', '/api/today');
      } else if (roll === 2) {
        kind = 'read tasks';
        result = await call(base, device.cookie, 'GET', '/api/tasks');
      } else {
        kind = 'tick';
        result = await call(base, device.cookie, 'PATCH', `/api/habits/${habits.get(device.cookie)}`, {
          completedToday: n % 2 === 0,
        });
      }
      samples.push({ ...result, kind, started });
      await sleep(15);
    }
  });
  return {
    samples,
    stop: async () => {
      stopped = true;
      await Promise.all(runs);
    },
  };
}

export async function signedInDevices(base: string, label: string) {
  const devices: Device[] = [];
  const habits = new Map<string, string>();
  for (let a = 0; a < ACCOUNTS; a += 1) {
    const cookie = await signIn(base, `${label}-${a}-${randomUUID()}@example.com`);
    const habit = await call(base, cookie, 'POST', '/api/habits', { title: 'Stretch', isToday: true });
    if (habit.status !== 201) throw new Error(`creating a habit answered ${habit.status}`);
    habits.set(cookie, (habit.body as { id: string }).id);
    for (let d = 0; d < DEVICES_PER_ACCOUNT; d += 1) devices.push({ cookie, acknowledged: [] });
  }
  return { devices, habits };
}

/** Every acknowledged create is still there, read back through the balancer. */
export async function lostWrites(
  base: string,
  devices: Device[],
): Promise<{ acknowledged: number; lost: string[] }> {
  let acknowledged = 0;
  const lost: string[] = [];
  for (const cookie of new Set(devices.map((device) => device.cookie))) {
    const res = await call(base, cookie, 'GET', '/api/tasks');
    if (res.status !== 200) throw new Error(`reading the tasks back answered ${res.status}`);
    const present = new Set((res.body as Array<{ id: string }>).map((task) => task.id));
    for (const device of devices.filter((own) => own.cookie === cookie)) {
      acknowledged += device.acknowledged.length;
      lost.push(...device.acknowledged.filter((id) => !present.has(id)));
    }
  }
  return { acknowledged, lost };
}

export const failed = (samples: Sample[]) =>
  samples.filter((sample) => sample.status < 200 || sample.status >= 300);
