import type pg from 'pg';
import type { Database, Db } from '../../db/client';
import { notifyChannel } from './live.repo';
import { LIVE_CHANNEL, type LiveMessage, parseLiveMessages } from './live-messages';

/*
 * The fan-out of live updates (docs/decisions/017-live-sync.md). On PostgreSQL every instance NOTIFYs
 * on one channel and LISTENs on it, so a change made through any instance reaches the streams held by
 * every other instance on the same database; LISTEN needs a connection of its own, straight to the
 * server (a transaction-mode pooler such as PgBouncer cannot keep one). The embedded database has one
 * process, which delivers in memory.
 */

export type LiveListener = {
  onMessage(message: LiveMessage): void;
  /** The listening connection was lost and is back: messages may have been missed. */
  onGap(): void;
};

export type LiveChannel = {
  publish(message: LiveMessage): Promise<void>;
  /** Starts delivering to `listener`; answers once the channel is listened to. */
  subscribe(listener: LiveListener): Promise<void>;
  close(): Promise<void>;
};

const RECONNECT_FIRST_MS = 500;
const RECONNECT_MAX_MS = 30_000;

/** How long announcements gather before one NOTIFY carries them all. */
export const BATCH_MS = 15;
/** PostgreSQL refuses a NOTIFY payload from 8,000 bytes. */
const PAYLOAD_MAX_BYTES = 7_900;

/**
 * NOTIFY is a statement and a commit of its own, taking a pooled connection and a turn on the server's
 * notification queue: one per write cost a third of a tick's throughput at 50 connections. So the
 * announcements of a few milliseconds travel together, as one JSON array per NOTIFY, which delays
 * them by at most BATCH_MS and leaves the tick at about 92% of its speed without announcements
 * (docs/decisions/017-live-sync.md).
 */
function batchingPublisher(db: Db, log: (text: string) => void) {
  let pending: string[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending: Promise<void> = Promise.resolve();

  async function send(messages: string[]): Promise<void> {
    let payload: string[] = [];
    let size = 2;
    for (const message of messages) {
      if (payload.length > 0 && size + message.length + 1 > PAYLOAD_MAX_BYTES) {
        await notifyChannel(db, LIVE_CHANNEL, `[${payload.join(',')}]`);
        payload = [];
        size = 2;
      }
      payload.push(message);
      size += message.length + 1;
    }
    if (payload.length > 0) await notifyChannel(db, LIVE_CHANNEL, `[${payload.join(',')}]`);
  }

  function flush(): Promise<void> {
    timer = undefined;
    const messages = pending;
    pending = [];
    // One batch after another, so that announcements leave in the order they were made.
    sending = sending.then(() =>
      send(messages).catch(() => log('live updates: announcements could not be sent')),
    );
    return sending;
  }

  return {
    async publish(message: LiveMessage): Promise<void> {
      pending.push(JSON.stringify(message));
      timer ??= setTimeout(() => void flush(), BATCH_MS);
    },
    /** Sends what waits now (closing). */
    flush(): Promise<void> {
      if (timer === undefined) return sending;
      clearTimeout(timer);
      return flush();
    },
  };
}

/** On PostgreSQL: a dedicated connection to `listenUrl`, re-established with growing pauses. */
export function postgresLiveChannel(
  db: Db,
  listenUrl: string,
  log: (text: string) => void = () => undefined,
): LiveChannel {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let delay = RECONNECT_FIRST_MS;

  async function connect(listener: LiveListener): Promise<void> {
    // Loaded here, on PostgreSQL only: the embedded server never needs pg (db/client.ts says why).
    const {
      default: { Client },
    } = await import('pg');
    const next = new Client({ connectionString: listenUrl, keepAlive: true });
    next.on('notification', (notice) => {
      if (notice.channel !== LIVE_CHANNEL || notice.payload === undefined) return;
      for (const message of parseLiveMessages(notice.payload)) listener.onMessage(message);
    });
    const lost = () => {
      if (closed || client !== next) return;
      client = undefined;
      next.end().catch(() => undefined);
      log('live updates: the listening connection was lost; reconnecting');
      schedule(listener);
    };
    next.on('error', lost);
    next.on('end', lost);
    try {
      await next.connect();
      await next.query(`listen ${LIVE_CHANNEL}`);
    } catch (error) {
      // Half open (connected, LISTEN refused: a pooler whose server is away): close it before retrying.
      await next.end().catch(() => undefined);
      throw error;
    }
    client = next;
  }

  function schedule(listener: LiveListener): void {
    retry = setTimeout(() => void reconnect(listener), delay);
  }

  /** A failed attempt schedules the next one, so nothing is left to reject. */
  async function reconnect(listener: LiveListener): Promise<void> {
    retry = undefined;
    try {
      await connect(listener);
      delay = RECONNECT_FIRST_MS;
      listener.onGap();
    } catch {
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
      if (!closed) schedule(listener);
    }
  }

  const publisher = batchingPublisher(db, log);
  return {
    publish: (message) => publisher.publish(message),
    subscribe: (listener) => connect(listener),
    async close() {
      // What was announced before closing still goes out (a sign-out's end of streams, say).
      await publisher.flush();
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

/**
 * The channel for the database the server opened. PostgreSQL: NOTIFY and a listener connection, so
 * that every instance hears every change. The embedded PGlite belongs to one process by construction
 * (db/data-dir-lock.ts), so its changes are delivered in that process: a NOTIFY there would only come
 * back to the same place, and cost a third of a tick's throughput (docs/decisions/017-live-sync.md).
 */
export function liveChannelFor(database: Database, listenUrl: string | undefined): LiveChannel {
  if (database.kind === 'pglite') return inProcessLiveChannel();
  if (!listenUrl)
    throw new Error('A PostgreSQL database needs DATABASE_LISTEN_URL (or DATABASE_URL) for live updates');
  return postgresLiveChannel(database.db, listenUrl, (text) => console.warn(text));
}

/** One process: straight from the announcing request to this process's streams. */
export function inProcessLiveChannel(): LiveChannel {
  let target: LiveListener | undefined;
  return {
    async publish(message) {
      target?.onMessage(message);
    },
    async subscribe(listener) {
      target = listener;
    },
    async close() {
      target = undefined;
    },
  };
}
