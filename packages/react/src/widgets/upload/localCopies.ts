/**
 * Local copies of uploaded files in the browser (IndexedDB 'myDatabase' v1, store 'files', keyed by the file's uid),
 * so a preview survives a reload. Failures are silent apart from a console line (spec §8).
 */
const DB_NAME = 'myDatabase';
const STORE = 'files';

function open(): Promise<IDBDatabase | undefined> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => {
      console.log('local file store unavailable', request.error);
      resolve(undefined);
    };
  });
}

async function run(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest): Promise<unknown> {
  try {
    const db = await open();
    if (!db) return undefined;
    return await new Promise((resolve) => {
      const request = act(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        console.log('local file store failed', request.error);
        resolve(undefined);
      };
    });
  } catch (error) {
    console.log('local file store failed', error);
    return undefined;
  }
}

export function saveLocalCopy(id: string, file: File): Promise<unknown> {
  return run('readwrite', (store) => store.put(file, id));
}

export function deleteLocalCopy(id: string): Promise<unknown> {
  return run('readwrite', (store) => store.delete(id));
}

export async function readLocalCopy(id: string): Promise<File | undefined> {
  const found = await run('readonly', (store) => store.get(id));
  return found instanceof File ? found : undefined;
}
