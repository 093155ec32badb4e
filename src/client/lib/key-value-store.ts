/*
 * One IndexedDB object store used as a key-value store (lib/offline-cache.ts). Every failure (private
 * windows, storage turned off, quota) answers "nothing stored" instead of throwing: keeping a copy is a
 * convenience, never a reason for the app to fail.
 */

const DB_NAME = 'stride';
const STORE = 'kv';

let opening: Promise<IDBDatabase | undefined> | undefined;

function open(): Promise<IDBDatabase | undefined> {
  opening ??= new Promise((resolve) => {
    try {
      const request = indexedDB.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
      request.onblocked = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
  return opening;
}

function run<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  return open().then(
    (db) =>
      new Promise((resolve) => {
        if (!db) return resolve(undefined);
        try {
          const request = work(db.transaction(STORE, mode).objectStore(STORE));
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => resolve(undefined);
        } catch {
          resolve(undefined);
        }
      }),
  );
}

export function readValue<T>(key: string): Promise<T | undefined> {
  return run('readonly', (store) => store.get(key) as IDBRequest<T>);
}

export async function writeValue(key: string, value: unknown): Promise<void> {
  await run('readwrite', (store) => store.put(value, key));
}

export async function deleteValue(key: string): Promise<void> {
  await run('readwrite', (store) => store.delete(key));
}
