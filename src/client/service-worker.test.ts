import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReminderMessage } from '#shared/api/reminders';

/*
 * The worker's reminder events (docs/product.md#reminders), driven here with events made by hand: the
 * journey (tests/e2e/reminders.spec.ts) shows a real push arriving, but no browser protocol can press a
 * notification's action button, so what Done and Snooze do is proven here against the worker's own
 * listeners.
 */

const stored = new Map<string, unknown>();
vi.mock('./lib/key-value-store', () => ({
  readValue: async (key: string) => stored.get(key),
  writeValue: async (key: string, value: unknown) => {
    stored.set(key, structuredClone(value));
  },
  deleteValue: async (key: string) => {
    stored.delete(key);
  },
}));

type Listener = (event: unknown) => void;
const listeners = new Map<string, Listener>();
const shown: Array<{ title: string; options: { body: string; tag: string; actions: unknown } }> = [];
const posted: unknown[] = [];
const opened: string[] = [];
let openClients: Array<{ focus: () => Promise<unknown>; postMessage: (message: unknown) => void }> = [];
const workerScope = {
  location: { origin: 'https://stride.test' },
  skipWaiting: async () => undefined,
  clients: {
    claim: async () => undefined,
    matchAll: async () => openClients,
    openWindow: async (url: string) => {
      opened.push(url);
      return null;
    },
  },
  registration: {
    showNotification: async (title: string, options: (typeof shown)[number]['options']) => {
      shown.push({ title, options });
    },
  },
  addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
};
vi.stubGlobal('self', workerScope);
vi.stubGlobal('PRECACHE_VERSION', 'test');
vi.stubGlobal('PRECACHE_URLS', []);
const fetchMock = vi.fn<(input: string, init: RequestInit) => Promise<Response>>();
// The worker reads `self` once, at its start; `fetch` at each call (the client setup restores globals
// after every test, so it is stubbed again before each).
await import('./service-worker');

const ID = '11111111-1111-4111-8111-111111111111';
const message: ReminderMessage = {
  type: 'reminder',
  kind: 'habit',
  id: ID,
  title: 'Stretch',
  goal: null,
  tag: `stride-reminder-habit-${ID}`,
  day: '2027-02-02',
  at: '2027-02-02T06:30:00.000Z',
  tick: 'completedToday',
};

/** Dispatches an event to the worker's listener and waits for the work it handed to waitUntil. */
async function dispatch(type: string, fields: object): Promise<void> {
  let work: Promise<unknown> = Promise.resolve();
  listeners.get(type)?.({
    ...fields,
    waitUntil: (promise: Promise<unknown>) => {
      work = promise;
    },
  });
  await work;
}

function clickOn(action: string) {
  const notification = { data: message, close: vi.fn() };
  return { notification, done: dispatch('notificationclick', { action, notification }) };
}

beforeEach(() => {
  stored.clear();
  shown.length = 0;
  posted.length = 0;
  opened.length = 0;
  openClients = [];
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

describe('a push', () => {
  it('shows the reminder with its title, kind, tag and actions, and tells open tabs', async () => {
    openClients = [{ focus: async () => undefined, postMessage: (m) => posted.push(m) }];
    await dispatch('push', { data: { json: () => message } });
    expect(shown).toEqual([
      {
        title: 'Stretch',
        options: expect.objectContaining({
          body: 'Habit',
          tag: `stride-reminder-habit-${ID}`,
          actions: [
            { action: 'done', title: 'Done' },
            { action: 'snooze', title: 'Snooze 10 min' },
          ],
        }),
      },
    ]);
    expect(posted).toEqual([{ type: 'stride-reminder', message }]);
  });

  it('that is not a reminder shows nothing', async () => {
    await dispatch('push', { data: { json: () => ({ type: 'other' }) } });
    await dispatch('push', {
      data: {
        json: () => {
          throw new SyntaxError('not JSON');
        },
      },
    });
    expect(shown).toEqual([]);
  });
});

describe("the notification's Done", () => {
  it('ticks the item through the API and closes the notification', async () => {
    fetchMock.mockResolvedValue(new Response('{}', { status: 200 }));
    const { notification, done } = clickOn('done');
    await done;
    expect(notification.close).toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe(`/api/habits/${ID}`);
    expect(init).toMatchObject({ method: 'PATCH', body: '{"completedToday":true}' });
    expect(stored.size).toBe(0);
  });

  it('without an answer keeps the tick for the app and tells an open tab to take it', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    openClients = [{ focus: async () => undefined, postMessage: (m) => posted.push(m) }];
    await clickOn('done').done;
    await clickOn('done').done;
    expect(stored.get('reminder-ticks')).toEqual([
      { kind: 'habit', id: ID, title: 'Stretch', tick: 'completedToday' },
    ]);
    expect(posted).toEqual([{ type: 'stride-reminder-ticks-kept' }, { type: 'stride-reminder-ticks-kept' }]);
  });

  it('refused for good (400) keeps nothing', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"no"}', { status: 400 }));
    await clickOn('done').done;
    expect(stored.size).toBe(0);
  });
});

describe("the notification's Snooze 10 min", () => {
  it('asks the server and closes the notification', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const { notification, done } = clickOn('snooze');
    await done;
    expect(notification.close).toHaveBeenCalled();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/reminders/snooze');
    expect(shown).toEqual([]);
  });

  it('offline shows the reminder again, saying it could not snooze', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await clickOn('snooze').done;
    expect(shown).toHaveLength(1);
    expect(shown[0]?.options.body).toBe('Could not snooze: no connection.');
    expect(shown[0]?.options.tag).toBe(`stride-reminder-habit-${ID}`);
  });
});

describe('a tap on the notification', () => {
  it('opens the item in an open tab', async () => {
    const focus = vi.fn(async () => undefined);
    openClients = [{ focus, postMessage: (m) => posted.push(m) }];
    await clickOn('').done;
    expect(focus).toHaveBeenCalled();
    expect(posted).toEqual([{ type: 'stride-open-item', kind: 'habit', id: ID }]);
    expect(opened).toEqual([]);
  });

  it('opens the app on the item when no tab is open', async () => {
    await clickOn('').done;
    expect(opened).toEqual([`/all-items?item=habit:${ID}`]);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
