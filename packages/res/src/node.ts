// @relic3d/res/node: packs on disk, read by position through one file handle.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { openRes, type ResPack } from './open.js';

/** A pack opened from disk; `close()` releases its file handle. */
export interface ResFile extends ResPack {
  close(): void;
}

/**
 * Opens a `.res` file: one handle, the header read by position, bodies read by offset when asked
 * for (the pack is never read whole). Throws a `FormatError` for a broken pack.
 */
export function openResFile(file: string): ResFile {
  const fd = openSync(file, 'r');
  try {
    const size = fstatSync(fd).size;
    const pack = openRes({
      size,
      read(offset, length) {
        const bytes = new Uint8Array(Math.max(0, Math.min(length, size - offset)));
        let at = 0;
        while (at < bytes.length) {
          const n = readSync(fd, bytes, at, bytes.length - at, offset + at);
          if (!n) break;
          at += n;
        }
        return at === bytes.length ? bytes : bytes.subarray(0, at);
      },
    });
    return { ...pack, close: () => closeSync(fd) };
  } catch (e) {
    closeSync(fd);
    throw e;
  }
}
