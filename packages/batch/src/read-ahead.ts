// A worker reads its next model while it converts the current one. The checks of readInsideSync
// (real path inside the root, a regular file, its size) run at once; the bytes come in ONE read on
// libuv's thread pool, because each asynchronous step only advances when the worker's event loop
// turns, which a parse and an export hold (a multi-step read would wait for the task's end).
import { closeSync, fstatSync, openSync, read, realpathSync } from 'node:fs';
import path from 'node:path';
import { isInside } from '@relic3d/core/node';

/** Files larger than this are read when their task starts (memory stays one model ahead at most). */
export const READ_AHEAD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Starts reading `relative` inside `realRoot`. Resolves to its bytes, or to undefined whenever
 * anything is off (outside the root, missing, not a file, too large, shorter than its size): the task
 * then reads synchronously as before, which reports the reason. Never rejects.
 */
export function startModelRead(realRoot: string, relative: string, maxBytes = READ_AHEAD_MAX_BYTES): Promise<Uint8Array | undefined> {
  let fd: number;
  let size: number;
  try {
    // The native realpath: one call, where the JS one lstats every folder of the path (strace: 18 statx per model).
    const real = realpathSync.native(path.join(realRoot, ...relative.split('/')));
    if (!isInside(realRoot, real)) return Promise.resolve(undefined);
    fd = openSync(real, 'r');
  } catch {
    return Promise.resolve(undefined);
  }
  try {
    const stat = fstatSync(fd);
    size = stat.size;
    if (!stat.isFile() || size > maxBytes) {
      closeSync(fd);
      return Promise.resolve(undefined);
    }
  } catch {
    closeSync(fd);
    return Promise.resolve(undefined);
  }
  const bytes = new Uint8Array(size);
  return new Promise((resolve) => {
    const done = (result: Uint8Array | undefined) => {
      try {
        closeSync(fd);
      } catch {
        /* the bytes are read */
      }
      resolve(result);
    };
    if (size === 0) return done(bytes);
    // The size at the fstat, as readInsideSync reads; a short read (the file shrank) reads again, synchronously.
    read(fd, bytes, 0, size, 0, (error, n) => done(error || n !== size ? undefined : bytes));
  });
}

/** One read ahead at most: the next task's model, taken by that task or dropped. */
export class ReadAhead {
  private pending: { id: number; bytes: Promise<Uint8Array | undefined> } | undefined;

  constructor(private readonly realRoot: string) {}

  /** Starts reading task `id`'s model (replacing a read ahead that no task took). */
  start(id: number, file: string): void {
    if (this.pending?.id === id) return;
    this.pending = { id, bytes: startModelRead(this.realRoot, file) };
  }

  /** The bytes read ahead for task `id`, or undefined (none started, or they could not be read). */
  async take(id: number): Promise<Uint8Array | undefined> {
    const pending = this.pending;
    if (!pending || pending.id !== id) return undefined;
    this.pending = undefined;
    return pending.bytes;
  }
}
