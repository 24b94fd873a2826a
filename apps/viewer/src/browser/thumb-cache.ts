// Rendered thumbnails kept in IndexedDB, keyed by file name, size and time (catalog's thumbKey), so a
// second visit to a folder shows its grid at once. Without IndexedDB (private modes) nothing is kept.
import type { ThumbInfo } from './catalog.js';

export interface CachedThumb {
  blob?: Blob;
  info: ThumbInfo;
}

/** Bumped when thumbnails are drawn differently, so old pictures are not shown. */
const DB_NAME = 'relic3d-thumbnails-v1';
const STORE = 'thumbs';

const request = <T>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
  r.onsuccess = () => resolve(r.result);
  r.onerror = () => reject(r.error);
});

export class ThumbCache {
  private db?: Promise<IDBDatabase | undefined>;

  private open(): Promise<IDBDatabase | undefined> {
    return (this.db ??= new Promise((resolve) => {
      if (typeof indexedDB === 'undefined') return resolve(undefined);
      const r = indexedDB.open(DB_NAME, 1);
      r.onupgradeneeded = () => r.result.createObjectStore(STORE);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => resolve(undefined);
      r.onblocked = () => resolve(undefined);
    }));
  }

  /** The cached thumbnails among `keys`, read 500 to a transaction (thousands of requests at once are a long task). */
  async getMany(keys: readonly string[]): Promise<Map<string, CachedThumb>> {
    const found = new Map<string, CachedThumb>();
    const db = await this.open();
    if (!db) return found;
    for (let at = 0; at < keys.length; at += 500) {
      const store = db.transaction(STORE, 'readonly').objectStore(STORE);
      await Promise.all(keys.slice(at, at + 500).map(async (key) => {
        const value = (await request(store.get(key)).catch(() => undefined)) as CachedThumb | undefined;
        if (value?.info) found.set(key, value);
      }));
    }
    return found;
  }

  /** Stores one thumbnail; a full disk only means it is drawn again next time. */
  async put(key: string, value: CachedThumb): Promise<void> {
    const db = await this.open();
    if (!db) return;
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).put(value, key)).catch(() => undefined);
  }

  /** Forgets every thumbnail (the e2e tests start cold). */
  async clear(): Promise<void> {
    const db = await this.open();
    if (db) await request(db.transaction(STORE, 'readwrite').objectStore(STORE).clear()).catch(() => undefined);
  }
}
