import type { Recording } from './recorder';

/**
 * Recordings the server has not accepted yet, kept in IndexedDB so that a
 * reload or a crashed tab does not lose an answer. One per question: a new
 * recording of the same question replaces the previous one. Where IndexedDB
 * is unavailable (private windows of some browsers) the page keeps the Blob
 * in memory only.
 */
export interface PendingTake extends Recording {
  interviewUuid: string;
  questionUuid: string;
}

const DB = 'vi-candidate';
const STORE = 'pending-takes';

function open(): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    if (typeof indexedDB === 'undefined') return resolve(undefined);
    const request = indexedDB.open(DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => resolve(undefined);
  });
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  try {
    return await new Promise<T | undefined>((resolve) => {
      const request = work(db.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
    });
  } finally {
    db.close();
  }
}

const keyOf = (interviewUuid: string, questionUuid: string) => `${interviewUuid}/${questionUuid}`;

export async function savePendingTake(take: PendingTake): Promise<void> {
  await run('readwrite', (store) => store.put(take, keyOf(take.interviewUuid, take.questionUuid)));
}

export async function loadPendingTake(interviewUuid: string, questionUuid: string): Promise<PendingTake | undefined> {
  return (await run<PendingTake>('readonly', (store) => store.get(keyOf(interviewUuid, questionUuid)) as IDBRequest<PendingTake>)) ?? undefined;
}

export async function forgetPendingTake(interviewUuid: string, questionUuid: string): Promise<void> {
  await run('readwrite', (store) => store.delete(keyOf(interviewUuid, questionUuid)));
}
