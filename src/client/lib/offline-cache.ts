import { type DehydratedState, dehydrate, hydrate, type QueryClient } from '@tanstack/react-query';
import { connectivity, subscribeConnectivity } from './connectivity';
import { deleteValue, readValue, writeValue } from './key-value-store';
import { SAVED_DATA_KEY, savingStopped } from './saved-data';
import { USER_QUERY_KEY, userIdOf } from './signed-in-user';

/*
 * The last data seen, kept in IndexedDB so that the app opens with it without a network
 * (docs/product.md#connectivity, docs/decisions/018-installable-app.md). Every successful read is saved
 * a moment later. The saved copy is put back only while Stride cannot be reached (offline at start, or
 * once a call gets no answer): online, the server's answer is the truth and nothing older flashes
 * first. It never replaces newer data. Signing out, a deleted account and a signed-out answer remove
 * it: nothing of a person stays on a shared device after they leave. It names its person, and is never
 * shown to another one: a session can end without a sign-out (expired, or ended from another device).
 */

const KEY = SAVED_DATA_KEY;
/** Saved copies of another shape (an older app, or one that did not name its person) are ignored. */
const FORMAT = 2;
// Short: a reload right after a change must find it saved (IndexedDB writes begun at pagehide may not
// finish). Saves within the delay are one write.
const SAVE_DELAY_MS = 100;
/** A copy older than this is not shown: the person would not recognise it as their day. */
const MAX_AGE_MS = 14 * 24 * 60 * 60_000;
/** The longest the first paint waits for the saved copy; online, the server answers soon anyway. */
export const RESTORE_WAIT_MS = 150;

type Saved = { format: number; savedAt: number; userId: string; state: DehydratedState };

const USER_KEY = JSON.stringify(USER_QUERY_KEY);

async function save(queryClient: QueryClient): Promise<void> {
  // Signing out has just forgotten the person: a save still due would bring them back.
  if (savingStopped()) return;
  // Data with a failed refetch on top (offline, it is the usual case) is the last data seen, kept as
  // plain success: the failure belongs to this visit, not to the saved copy.
  const { queries, ...rest } = dehydrate(queryClient, {
    shouldDehydrateQuery: (query) => query.state.data !== undefined && query.queryKey[0] === 'api',
  });
  const state: DehydratedState = {
    ...rest,
    queries: queries.map((query) => ({
      ...query,
      state: {
        ...query.state,
        status: 'success',
        error: null,
        fetchFailureReason: null,
        fetchStatus: 'idle',
      },
    })),
  };
  const user = state.queries.find((query) => JSON.stringify(query.queryKey) === USER_KEY);
  const userId = userIdOf(user?.state.data);
  // Signed out (the user call answered null): keep nothing.
  if (userId === undefined) return deleteValue(KEY);
  return writeValue(KEY, { format: FORMAT, savedAt: Date.now(), userId, state } satisfies Saved);
}

/**
 * Whether the copy is this person's. Before the user call has answered (offline at start) the copy's own
 * person is the one shown: every visit with an answer rewrites the copy or deletes it.
 */
function isTheirs(queryClient: QueryClient, saved: Saved): boolean {
  const answer = queryClient.getQueryData(USER_QUERY_KEY);
  return answer === undefined || userIdOf(answer) === saved.userId;
}

/** Puts the saved copy back whenever Stride cannot be reached, and keeps saving from now on. */
export async function startOfflineCache(queryClient: QueryClient): Promise<void> {
  const saved = await readValue<Saved>(KEY);
  if (saved?.format === FORMAT && Date.now() - saved.savedAt < MAX_AGE_MS) {
    const restore = () => {
      if (isTheirs(queryClient, saved)) hydrate(queryClient, saved.state);
    };
    if (connectivity() !== 'online') restore();
    const stop = subscribeConnectivity(() => {
      if (connectivity() === 'online') return;
      restore();
      stop();
    });
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A page closed or reloaded within the delay still leaves its last data behind.
  window.addEventListener('pagehide', () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    void save(queryClient);
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void save(queryClient);
    }, SAVE_DELAY_MS);
  });
}
