// The page's own calls that make a File of a handle or entry, counted (the folder browser's e2e tests).
import { page } from './session.js';

/**
 * Counts, from now on, the page's own calls that make a File of a handle or entry (getFile, file()):
 * each is a synchronous call to the browser process on the page's thread (issue 31). A folder handed
 * to the thumbnail workers makes none; `pageFileCalls` reads the count.
 */
export const countPageFileCalls = (on = page) => on.evaluate(() => {
  const w = window as unknown as { pageFileCalls: number; pageFileCallsWrapped?: boolean };
  w.pageFileCalls = 0;
  // Wrapped once per page: a page that opens several folders counts each from zero.
  if (w.pageFileCallsWrapped) return;
  w.pageFileCallsWrapped = true;
  type Methods = Record<string, (...args: unknown[]) => unknown>;
  const wrapped = new Set<object>();
  /** Wraps `name` on `object`'s prototype once: `then` at each call. */
  const wrap = (object: object, name: string, then: () => void) => {
    const proto = Object.getPrototypeOf(object) as Methods;
    if (wrapped.has(proto) || typeof proto[name] !== 'function') return;
    wrapped.add(proto);
    const original = proto[name];
    proto[name] = function (this: unknown, ...args: unknown[]) {
      then();
      return original.apply(this, args);
    };
  };
  wrap(Object.create(FileSystemFileHandle.prototype), 'getFile', () => w.pageFileCalls++);
  // A drop's entries have no global constructors: their prototypes are wrapped as they are met.
  type Entry = { isFile: boolean; isDirectory: boolean };
  const meet = (entry: Entry | null) => {
    if (entry?.isFile) wrap(entry, 'file', () => w.pageFileCalls++);
    // A reader made only to reach its prototype.
    else if (entry?.isDirectory) readEntries((entry as unknown as { createReader(): object }).createReader());
  };
  // readEntries' answers come through its callback: wrapped at the call, each entry met.
  const readEntries = (reader: object) => {
    const proto = Object.getPrototypeOf(reader) as Methods;
    const original = proto.readEntries;
    if (wrapped.has(original)) return;
    const replaced = function (this: unknown, ok: (entries: Entry[]) => void, failed?: unknown) {
      return original.call(this, (entries: Entry[]) => {
        entries.forEach(meet);
        ok(entries);
      }, failed);
    };
    wrapped.add(replaced);
    proto.readEntries = replaced as Methods[string];
  };
  const items = DataTransferItem.prototype as unknown as Methods;
  const getAsEntry = items.webkitGetAsEntry;
  items.webkitGetAsEntry = function (this: unknown) {
    const entry = getAsEntry.call(this) as Entry | null;
    meet(entry);
    return entry;
  };
});
export const pageFileCalls = (on = page) => on.evaluate(() => (window as unknown as { pageFileCalls: number }).pageFileCalls);
