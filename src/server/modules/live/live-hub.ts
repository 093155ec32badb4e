import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { LIVE_EVENTS } from '#shared/api/wire-names';
import type { ChangeMessage, LiveMessage } from './live-messages';

/*
 * This instance's open live-update streams (docs/decisions/017-live-sync.md), by person. Every message
 * from the database channel comes here; a change is numbered and kept in a short ring so that a stream
 * reconnecting with Last-Event-ID gets what it missed, or `resync` when it cannot be known.
 */

/** Streams one person may hold open on one instance; the oldest is closed for a new one. */
export const MAX_STREAMS_PER_PERSON = 10;
/** Changes kept for replay, across everyone on this instance. */
export const REPLAY_RING_SIZE = 2_000;
/** Bytes a stream may have waiting to be sent before it is dropped as too slow. */
export const MAX_PENDING_BYTES = 256 * 1024;

export type LiveStream = {
  userId: string;
  sessionId: string;
  response: ServerResponse;
};

type Kept = { seq: number; message: ChangeMessage };
type EndMessage = Extract<LiveMessage, { type: 'end' }>;

/**
 * How long an ended session is remembered: another instance may still trust its cached session for a
 * few seconds (modules/auth/session-cache.ts) and must not let it open a stream meanwhile.
 */
const ENDED_MEMORY_MS = 10_000;

function ends(message: EndMessage, stream: LiveStream): boolean {
  if (message.userId !== stream.userId || stream.sessionId === message.exceptSessionId) return false;
  return message.sessionIds === undefined || message.sessionIds.includes(stream.sessionId);
}

export class LiveHub {
  /** Names this instance's event ids: another instance's id cannot be replayed here. */
  readonly instanceId = randomBytes(4).toString('hex');
  private readonly streams = new Map<string, Set<LiveStream>>();
  private readonly ring: Kept[] = [];
  private seq = 0;
  private recentEnds: Array<{ at: number; message: EndMessage }> = [];

  /** Adds a stream, closing the person's oldest when they already hold the most. */
  add(stream: LiveStream): void {
    const now = Date.now();
    this.recentEnds = this.recentEnds.filter((end) => now - end.at < ENDED_MEMORY_MS);
    if (this.recentEnds.some((end) => ends(end.message, stream))) {
      stream.response.end();
      return;
    }
    const own = this.streams.get(stream.userId) ?? new Set<LiveStream>();
    this.streams.set(stream.userId, own);
    if (own.size >= MAX_STREAMS_PER_PERSON) {
      const oldest = own.values().next().value;
      if (oldest) this.close(oldest);
    }
    own.add(stream);
    stream.response.once('close', () => this.forget(stream));
  }

  /** How many streams are open here (for tests and logs). */
  get size(): number {
    let count = 0;
    for (const own of this.streams.values()) count += own.size;
    return count;
  }

  deliver(message: LiveMessage): void {
    if (message.type === 'end') {
      this.recentEnds.push({ at: Date.now(), message });
      for (const stream of [...(this.streams.get(message.userId) ?? [])]) {
        if (ends(message, stream)) this.close(stream);
      }
      return;
    }
    this.seq += 1;
    this.ring.push({ seq: this.seq, message });
    if (this.ring.length > REPLAY_RING_SIZE) this.ring.shift();
    for (const stream of this.streams.get(message.userId) ?? []) this.send(stream, this.seq, message);
  }

  /**
   * What a stream reconnecting with `lastEventId` missed: the person's changes after it, or `resync`
   * when the id is another instance's (or an earlier run's) or older than the ring.
   */
  catchUp(stream: LiveStream, lastEventId: string | undefined): void {
    if (lastEventId === undefined) return;
    const [instance, seqText] = lastEventId.split('-', 2);
    const last = Number(seqText);
    const oldest = this.ring[0]?.seq ?? this.seq + 1;
    if (instance !== this.instanceId || !Number.isInteger(last) || last > this.seq || last < oldest - 1) {
      this.write(stream, `event: ${LIVE_EVENTS.resync}\ndata: {}\n\n`);
      return;
    }
    for (const kept of this.ring) {
      if (kept.seq > last && kept.message.userId === stream.userId) this.send(stream, kept.seq, kept.message);
    }
  }

  /** The channel lost messages: every stream is told to refetch everything. */
  resyncAll(): void {
    for (const own of this.streams.values()) {
      for (const stream of own) this.write(stream, `event: ${LIVE_EVENTS.resync}\ndata: {}\n\n`);
    }
  }

  /** A comment line: keeps proxies from closing an idle stream, and finds dead ones. */
  heartbeat(): void {
    for (const own of this.streams.values()) for (const stream of own) this.write(stream, ': ping\n\n');
  }

  closeAll(): void {
    for (const own of [...this.streams.values()]) for (const stream of [...own]) this.close(stream);
  }

  close(stream: LiveStream): void {
    this.forget(stream);
    stream.response.end();
  }

  private send(stream: LiveStream, seq: number, message: ChangeMessage): void {
    const data = JSON.stringify({
      kinds: message.kinds,
      ids: message.ids,
      ...(message.tab ? { tab: message.tab } : {}),
    });
    this.write(stream, `id: ${this.instanceId}-${seq}\nevent: ${LIVE_EVENTS.change}\ndata: ${data}\n\n`);
  }

  private write(stream: LiveStream, text: string): void {
    const { response } = stream;
    if (response.writableEnded || response.destroyed) {
      this.forget(stream);
      return;
    }
    // A client that reads slower than changes arrive would make the server hold its backlog: it is
    // dropped, and reconnects with Last-Event-ID (or resyncs) when it can keep up.
    if (response.writableLength > MAX_PENDING_BYTES) {
      this.forget(stream);
      response.destroy();
      return;
    }
    response.write(text);
  }

  private forget(stream: LiveStream): void {
    const own = this.streams.get(stream.userId);
    if (!own) return;
    own.delete(stream);
    if (own.size === 0) this.streams.delete(stream.userId);
  }
}
