import { closeSync, lstatSync, mkdirSync, openSync, readSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';
import { isInside } from '@relic3d/core/node';

/** A refusal or failure to write an output, as plain data. */
export class OutputError extends Error {
  override readonly name = 'OutputError';
  constructor(
    readonly code: 'OUTPUT_OUTSIDE' | 'OUTPUT_EXISTS' | 'OUTPUT_NOT_A_FILE' | string,
    message: string,
  ) {
    super(message);
  }
}

/** Where a task's temporary file lives: hidden, beside its target, named by process and task. */
export function tempName(output: string, taskId: number): string {
  return `.${path.posix.basename(output)}.${process.pid}-${taskId}.relic3d-tmp`;
}

/** The real folder an output goes to, or undefined when it does not exist (yet). */
function realParent(outRoot: string, output: string): string | undefined {
  try {
    return realpathSync(path.join(outRoot, ...path.posix.dirname(output).split('/').filter((p) => p !== '.')));
  } catch {
    return undefined;
  }
}

/** Removes what an interrupted task may have left (its temporary file); never the output itself. */
export function removeTemp(outRoot: string, output: string, taskId: number): void {
  const parent = realParent(outRoot, output);
  if (!parent || !isInside(outRoot, parent)) return;
  try {
    unlinkSync(path.join(parent, tempName(output, taskId)));
  } catch {
    /* nothing was left */
  }
}

/**
 * Whether `file` is a binary glTF whose `asset.generator` names relic3d: the only existing files a
 * batch replaces without `--force`. Reads the header and the start of the JSON chunk only.
 */
export function isRelicGlb(file: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const head = Buffer.alloc(20 + 4096);
    const n = readSync(fd, head, 0, head.length, 0);
    if (n < 20 || head.toString('latin1', 0, 4) !== 'glTF' || head.readUInt32LE(4) !== 2 || head.readUInt32LE(16) !== 0x4e4f534a) return false;
    const json = head.toString('utf8', 20, Math.min(n, 20 + head.readUInt32LE(12)));
    return /"generator"\s*:\s*"relic3d\b/.test(json);
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The modification time of a file, or undefined when it is absent. */
export function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file, { throwIfNoEntry: false })?.mtimeMs;
  } catch {
    return undefined;
  }
}

export interface WriteOptions {
  /** Replace an existing file that is not a .glb relic3d wrote. */
  force?: boolean;
  /** Names the temporary file (see `removeTemp`). */
  taskId: number;
  /** Test-only: fail the write with this errno code (a disk that fills). */
  failWith?: string;
  /**
   * Output folders already made and checked, by relative path → real path (a worker keeps one), so
   * each folder costs its mkdir and realpath once, not once per file.
   */
  folders?: Map<string, string>;
}

/**
 * Writes `bytes` to `output` (relative to the real folder `outRoot`, with '/') atomically: a
 * temporary file in the real target folder, then a rename over the target. Refuses a target that
 * resolves outside `outRoot` (a planted symlink, file or folder) and an existing file relic3d did
 * not write, unless `force`. A failed write leaves neither a temporary file nor a truncated output.
 * Synchronous: a worker has nothing else to do meanwhile, and each asynchronous step would wait for
 * the worker's next turn of its event loop, which its parse and export hold. Returns the absolute
 * path written.
 */
export function writeAtomicSync(outRoot: string, output: string, bytes: Uint8Array, options: WriteOptions): string {
  const parts = output.split('/');
  if (!parts.length || parts.some((p) => !p || p === '.' || p === '..')) throw new OutputError('OUTPUT_OUTSIDE', `refusing the output path '${output}'`);
  const relativeFolder = parts.slice(0, -1).join('/');
  let parent = options.folders?.get(relativeFolder);
  if (parent === undefined) {
    const folder = path.join(outRoot, ...parts.slice(0, -1));
    mkdirSync(folder, { recursive: true });
    parent = realpathSync(folder);
    if (!isInside(outRoot, parent)) throw new OutputError('OUTPUT_OUTSIDE', `refusing to write '${output}': its folder resolves outside the output folder (a symlink)`);
    options.folders?.set(relativeFolder, parent);
  }
  const base = parts[parts.length - 1];
  const target = path.join(parent, base);
  // No exception for the usual absent target (building one, with its stack, cost more than the lstat).
  let existing: ReturnType<typeof lstatSync> | undefined;
  try {
    existing = lstatSync(target, { throwIfNoEntry: false });
  } catch {
    existing = undefined;
  }
  if (existing) {
    if (existing.isSymbolicLink()) {
      const real = realOrUndefined(target);
      if (!real || !isInside(outRoot, real)) throw new OutputError('OUTPUT_OUTSIDE', `refusing to write '${output}': it is a symlink that leaves the output folder`);
      if (!options.force && !isRelicGlb(real)) throw new OutputError('OUTPUT_EXISTS', `refusing to replace '${output}': it is a symlink to a file relic3d did not write (--force replaces it)`);
    } else if (!existing.isFile()) {
      throw new OutputError('OUTPUT_NOT_A_FILE', `refusing to write '${output}': a folder or special file is in the way`);
    } else if (!options.force && !isRelicGlb(target)) {
      throw new OutputError('OUTPUT_EXISTS', `refusing to replace '${output}': it is not a .glb relic3d wrote (--force replaces it)`);
    }
  }
  const temp = path.join(parent, tempName(output, options.taskId));
  // 'wx': a file (or a symlink) already at the temporary name is never written through.
  const fd = openSync(temp, 'wx', 0o644);
  let closed = false;
  let renamed = false;
  try {
    if (options.failWith) throw Object.assign(new Error(`${options.failWith}: test fault, write failed`), { code: options.failWith });
    let at = 0;
    while (at < bytes.length) at += writeSync(fd, bytes, at, bytes.length - at);
    closed = true;
    closeSync(fd);
    renameSync(temp, target);
    renamed = true;
  } finally {
    if (!closed) {
      try {
        closeSync(fd);
      } catch {
        /* already failing */
      }
    }
    if (!renamed) {
      try {
        unlinkSync(temp);
      } catch {
        /* nothing to remove */
      }
    }
  }
  return target;
}

/** `writeAtomicSync` as a promise (its errors reject). */
export async function writeAtomic(outRoot: string, output: string, bytes: Uint8Array, options: WriteOptions): Promise<string> {
  return writeAtomicSync(outRoot, output, bytes, options);
}

function realOrUndefined(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}
