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
/** Thumbnails drawn within this long are stored in one transaction. */
const PUT_MS = 300;

const request = <T>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
  r.onsuccess = () => resolve(r.result);
  r.onerror = () => reject(r.error);
});

export class ThumbCache {
  private db?: Promise<IDBDatabase | undefined>;
  /**
   * The keys stored, read once: a key not among them is a miss without a request (a folder's first
   * visit then queues its cards for drawing at once; each lookup was a round trip of 0.1 s under load).
   */
  private keys?: Promise<Set<string>>;

  private storedKeys(db: IDBDatabase): Promise<Set<string>> {
    return (this.keys ??= request(db.transaction(STORE, 'readonly').objectStore(STORE).getAllKeys())
      .then((keys) => new Set(keys.map(String)))
      .catch(() => new Set<string>()));
  }

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
    const stored = await this.storedKeys(db);
    keys = keys.filter((key) => stored.has(key));
    for (let at = 0; at < keys.length; at += 500) {
      const store = db.transaction(STORE, 'readonly').objectStore(STORE);
      await Promise.all(keys.slice(at, at + 500).map(async (key) => {
        const value = (await request(store.get(key)).catch(() => undefined)) as CachedThumb | undefined;
        if (value?.info) found.set(key, value);
      }));
    }
    return found;
  }

  /** Thumbnails waiting to be stored, written together (one transaction, not one per thumbnail). */
  private pending = new Map<string, CachedThumb>();
  private writing?: ReturnType<typeof setTimeout>;

  /**
   * Stores one thumbnail, with the others that arrive within `PUT_MS` in one transaction (a
   * transaction per thumbnail was 5,400 round trips on the page); a full disk only means it is drawn again.
   */
  put(key: string, value: CachedThumb): void {
    this.pending.set(key, value);
    this.writing ??= setTimeout(() => void this.write(), PUT_MS);
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    this.pending = new Map();
    this.writing = undefined;
    const db = await this.open();
    if (!db) return;
    const stored = await this.storedKeys(db);
    const store = db.transaction(STORE, 'readwrite').objectStore(STORE);
    await Promise.all([...batch].map(([key, value]) => {
      stored.add(key);
      return request(store.put(value, key)).catch(() => undefined);
    }));
  }

  /** Forgets every thumbnail (the e2e tests start cold). */
  async clear(): Promise<void> {
    const db = await this.open();
    if (!db) return;
    (await this.storedKeys(db)).clear();
    this.pending.clear();
    await request(db.transaction(STORE, 'readwrite').objectStore(STORE).clear()).catch(() => undefined);
  }
}
