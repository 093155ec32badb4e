import {
  killNode,
  type NodeState,
  primaryPort,
  settled,
  startKeeper,
  waitForFormation,
} from '../../scripts/cluster-ha';
import { type Launched, waitForBalancer } from '../../scripts/cluster-topology';
import type { FailoverShape } from '../../scripts/failover-shape';
import { failed, lostWrites, type Sample, type signedInDevices, startLoad } from './cluster-load';
import { sleep } from './harness';

/*
 * One failover under load, as the failover test (tests/faults/failover.test.ts) and benchmark
 * (bench/failover.ts) run it: kill -9 of the primary's whole node, wait (bounded) until the standby is
 * the primary and writes are acknowledged again, restart the killed node and wait until it is the
 * standby (docs/decisions/035-database-failover.md).
 */

export type FailoverRun = {
  oldPrimary: number;
  rejoined: NodeState[];
  /** From the kill to the end of the first acknowledged create that started after it. */
  resumedMs: number | undefined;
  requests: number;
  failures: Sample[];
  /** Every answer that started between the kill and the writes' return. */
  duringSwitch: Sample[];
  acknowledged: number;
  lost: string[];
};

function firstWriteAfter(samples: Sample[], killedAt: number): Sample | undefined {
  return samples.find(
    (sample) => sample.started >= killedAt && sample.kind === 'create' && sample.status === 201,
  );
}

export type SignedIn = Awaited<ReturnType<typeof signedInDevices>>;

export async function failOver(
  shape: FailoverShape,
  signedIn: SignedIn,
  instances: number,
): Promise<FailoverRun> {
  const { formation } = shape;
  // Every instance back in after the previous switch.
  for (let i = 0; i < instances; i += 1) await waitForBalancer(shape.ports.stats, `s${i + 1}`, 'UP');
  const { devices, habits } = signedIn;
  const load = startLoad(shape.base, devices, habits);
  let killedAt = 0;
  let oldPrimary = 0;
  let rejoined: NodeState[] = [];
  try {
    await sleep(1_500);
    oldPrimary = (await primaryPort(formation.monitorUri)) ?? 0;
    const index = formation.ports.nodes.indexOf(oldPrimary);
    killedAt = performance.now();
    killNode(formation.keepers[index] as Launched);
    await waitForFormation(
      formation.monitorUri,
      (nodes) => nodes.some((node) => node.port !== oldPrimary && node.reported === 'wait_primary'),
      60_000,
    );
    for (let waited = 0; waited < 60_000 && !firstWriteAfter(load.samples, killedAt); waited += 250)
      await sleep(250);
    await sleep(1_000);
    formation.keepers[index] = startKeeper(formation.dir, formation.pgdata[index] ?? '', `node${index + 1}`);
    rejoined = await waitForFormation(formation.monitorUri, settled, 120_000);
    await sleep(500);
  } finally {
    await load.stop();
  }
  const first = firstWriteAfter(load.samples, killedAt);
  const resumedAt = first ? first.started + first.ms : Number.POSITIVE_INFINITY;
  const after = load.samples.filter((sample) => sample.started >= killedAt);
  const { acknowledged, lost } = await lostWrites(shape.base, devices);
  return {
    oldPrimary,
    rejoined,
    resumedMs: first ? Math.round(resumedAt - killedAt) : undefined,
    requests: load.samples.length,
    failures: failed(after),
    duringSwitch: after.filter((sample) => sample.started < resumedAt),
    acknowledged,
    lost,
  };
}
