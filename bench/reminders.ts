import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { type Database, openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { loadEnv } from '../src/server/env';
import { type DevIssuer, startDevIssuer } from '../src/server/modules/auth/dev-issuer';
import { loginAs } from '../tests/server/helpers/login';
import { hasPostgresBinaries, startThrowawayPostgres } from '../tests/server/helpers/postgres-server';

/*
 * `npm run bench -- reminders`: 10,000 reminders due in the same minute for 1,000 people (ten tasks
 * each, one browser each), sent by two instances' reminder workers on one database to a push service
 * on loopback (bench/push-sink.ts, in its own process: it checks every VAPID signature and decrypts
 * every message). Prints, per engine, how long from the minute until the last one arrived, the
 * server's processor time per reminder (this process: both instances, the encryption and the signing;
 * PostgreSQL's own work is in its processes), and how many arrived twice, which must be none
 * (docs/decisions/032-push-reminders.md). The workers run round after round on the benchmark's clock,
 * as each instance's loop would, without its 10 s pause: the time is the sending's, not the pause's.
 */

const PEOPLE = Number(process.env.BENCH_REMINDER_PEOPLE ?? 1_000);
const PER_PERSON = 10;
const ENGINES = (process.env.BENCH_ENGINES ?? 'pglite,postgres').split(',').map((name) => name.trim());
/** The minute everything is due, in UTC (each person's zone). */
const DUE = new Date('2027-03-01T07:30:00Z');
const PUBLIC_URL = 'http://localhost:3000';

type Count = { arrived: number; twice: number; rejected: number };
type Sink = { ask<T>(message: object, answer: string): Promise<T>; child: ChildProcess };

async function startSink(): Promise<Sink> {
  const child = fork(resolve(import.meta.dirname, 'push-sink.ts'), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ask = <T>(message: object, answer: string) =>
    new Promise<T>((done) => {
      const listen = (reply: { kind: string }) => {
        if (reply.kind !== answer) return;
        child.off('message', listen);
        done(reply as T);
      };
      child.on('message', listen);
      if (Object.keys(message).length > 0) child.send(message);
    });
  await ask({}, 'ready');
  return { ask, child };
}

async function instance(db: Database, clock: () => Date, issuer: DevIssuer): Promise<FastifyInstance> {
  const env = loadEnv({
    NODE_ENV: 'test',
    PORT: '0',
    PUBLIC_URL,
    LOG_LEVEL: 'silent',
    RATE_LIMITS: 'off',
  });
  const app = await buildApp({
    db: db.db,
    env,
    clock,
    clientRoot: '/nonexistent/stride-client',
    oidc: {
      issuer: issuer.issuer,
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
      redirectUri: `${PUBLIC_URL}/api/auth/callback`,
    },
  });
  await app.ready();
  return app;
}

/** 1,000 people, each with one browser and ten tasks planned for the day with a reminder at 7:30. */
async function seed(app: FastifyInstance, db: Database, sink: Sink, now: Date): Promise<void> {
  const { made } = await sink.ask<{ made: object[] }>({ kind: 'subscribe', count: PEOPLE }, 'subscriptions');
  const day = DUE.toISOString().slice(0, 10);
  const write = async (headers: Record<string, string>, url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  };
  for (let person = 0; person < PEOPLE; person += 8) {
    await Promise.all(
      made.slice(person, person + 8).map(async (subscription, i) => {
        const { headers } = await loginAs(db.db, {
          email: `reminded-${person + i}@example.com`,
          timeZone: 'UTC',
          now,
        });
        await write(headers, '/api/push/subscriptions', subscription);
        for (let task = 0; task < PER_PERSON; task++)
          await write(headers, '/api/tasks', {
            title: `Reminder ${task}`,
            plannedFor: day,
            remindAt: '07:30',
          });
      }),
    );
  }
}

async function measureOn(engine: string, db: () => Promise<Database>, close: () => Promise<void>) {
  let now = new Date(DUE.getTime() - 10 * 60_000);
  const clock = () => now;
  const issuer = await startDevIssuer({ port: 0, redirectUris: [`${PUBLIC_URL}/api/auth/callback`] });
  const sink = await startSink();
  const first = await db();
  const second = engine === 'pglite' ? first : await db();
  const apps = [await instance(first, clock, issuer), await instance(second, clock, issuer)];
  try {
    const seeding = performance.now();
    await seed(apps[0] as FastifyInstance, first, sink, now);
    console.log(
      `${engine}: ${PEOPLE * PER_PERSON} reminders for ${PEOPLE} people seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
    );
    const total = PEOPLE * PER_PERSON;
    now = new Date(DUE.getTime() + 1_000);
    const cpu = process.cpuUsage();
    const started = performance.now();
    let count: Count = { arrived: 0, twice: 0, rejected: 0 };
    let rounds = 0;
    // Bounded: a round that sends nothing new three times running ends it.
    for (let idle = 0; count.arrived < total && idle < 3 && rounds < 500; rounds++) {
      await Promise.all(apps.map((app) => app.reminders.runOnce()));
      const before = count.arrived;
      count = await sink.ask<Count>({ kind: 'count' }, 'count');
      idle = count.arrived > before ? 0 : idle + 1;
    }
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    // Two more rounds of both instances, a minute on: nothing more may come.
    now = new Date(DUE.getTime() + 61_000);
    for (let i = 0; i < 2; i++) await Promise.all(apps.map((app) => app.reminders.runOnce()));
    count = await sink.ask<Count>({ kind: 'count' }, 'count');
    return {
      engine,
      reminders: total,
      arrived: count.arrived,
      'sent twice': count.twice,
      'refused by the service': count.rejected,
      'all sent after (s)': seconds.toFixed(1),
      'per second': Math.round(count.arrived / seconds),
      'server CPU ms per reminder': ((used.user + used.system) / 1000 / total).toFixed(2),
      rounds,
    };
  } finally {
    for (const app of apps) await app.close();
    await first.close();
    if (second !== first) await second.close();
    await close();
    await issuer.close();
    sink.child.send({ kind: 'close' });
  }
}

export async function runRemindersBenchmark(): Promise<void> {
  const rows: Array<Record<string, string | number>> = [];
  if (ENGINES.includes('pglite')) {
    const open = async () => {
      const database = await openDatabase({ pglite: await PGlite.create() });
      await migrateDatabase(database);
      return database;
    };
    rows.push(await measureOn('PGlite', open, async () => undefined));
  }
  if (ENGINES.includes('postgres')) {
    if (!hasPostgresBinaries()) {
      console.warn('!!! PostgreSQL binaries not found: the reminders benchmark runs on PGlite only.');
    } else {
      const server = await startThrowawayPostgres();
      const admin = new pg.Client({ connectionString: server.adminUrl });
      await admin.connect();
      await admin.query('create database stride_reminders');
      await admin.end();
      let migrated = false;
      const open = async () => {
        const database = await openDatabase({ databaseUrl: server.urlFor('stride_reminders') });
        if (!migrated) await migrateDatabase(database);
        migrated = true;
        return database;
      };
      rows.push(await measureOn('PostgreSQL', open, async () => server.stop()));
    }
  }
  console.log('Target: every reminder sent, none twice.');
  console.table(rows);
  if (rows.some((row) => row['sent twice'] !== 0 || row.arrived !== row.reminders)) process.exitCode = 1;
}
