// All the files of one conversion, or none: each is checked, then written to a temporary file in
// the output folder, then every temporary takes its name. Nothing that was there is replaced
// unless `force`, and the input (by inode, through any link) never is.
import { closeSync, linkSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import path from 'node:path';
import { WriteError } from '@relic3d/core';
import { isInside } from '@relic3d/core/node';
import { nameLimitProblem } from './output-names.js';

export interface PlannedFile {
  name: string;
  bytes: Uint8Array;
}

export interface CommitOptions {
  /** The format written, for errors. */
  format: string;
  /** Replace files that are there (never the protected ones, never through a link leaving the folder). */
  force?: boolean;
  /** Files never replaced, even with `force`: the input. Compared by device and inode, and by real path. */
  protect?: readonly string[];
}

interface Identity {
  dev: number;
  ino: number;
  real: string;
}

function identityOf(file: string): Identity | undefined {
  try {
    const s = statSync(file);
    return { dev: s.dev, ino: s.ino, real: realpathSync(file) };
  } catch {
    return undefined;
  }
}

const sameFile = (s: Stats, real: string | undefined, id: Identity) => (s.ino !== 0 && s.dev === id.dev && s.ino === id.ino) || (real !== undefined && real.toLowerCase() === id.real.toLowerCase());

let commits = 0;

/** Why an output file was refused; on the `WriteError` as `refusal`. */
export type OutputRefusal = 'OUTPUT_IS_INPUT' | 'OUTPUT_EXISTS' | 'OUTPUT_OUTSIDE' | 'OUTPUT_NOT_A_FILE' | 'OUTPUT_NAME_TOO_LONG';

const refuse = (format: string, file: string, refusal: OutputRefusal, limit: string, max: string | number, message: string) =>
  Object.assign(new WriteError({ format, code: refusal === 'OUTPUT_NAME_TOO_LONG' ? 'OVER_LIMIT' : 'UNSUPPORTED', limit, value: file, max, where: file, message }), { refusal });

/** The refusal of a `WriteError` `commitFiles` threw, or undefined for any other error. */
export const refusalOf = (e: unknown): OutputRefusal | undefined =>
  e instanceof WriteError ? ((e as WriteError & { refusal?: OutputRefusal }).refusal ?? undefined) : undefined;

/** Nearest existing folder of `folder` (real), or undefined. */
function existingAncestor(folder: string): string | undefined {
  for (let at = folder; ; at = path.dirname(at)) {
    try {
      return realpathSync(at);
    } catch {
      if (path.dirname(at) === at) return undefined;
    }
  }
}

/**
 * Checks every file of `files` against `folder` and what is in it, before anything is written:
 * a name over the limits, the input (a symlink or hard link to it is it), a folder or special file,
 * a symlink leaving the folder, or (without `force`) any existing file is a `WriteError` naming it.
 */
export function checkTargets(folder: string, files: readonly PlannedFile[], options: CommitOptions): void {
  const protect = (options.protect ?? []).map(identityOf).filter((id): id is Identity => id !== undefined);
  const real = existingAncestor(folder) ?? folder;
  for (const { name } of files) {
    const target = path.join(folder, name);
    const tooLong = nameLimitProblem(real, name);
    if (tooLong) throw refuse(options.format, target, 'OUTPUT_NAME_TOO_LONG', 'file name bytes', 255, `cannot create '${target}': ${tooLong}`);
    let there: Stats | undefined;
    try {
      there = lstatSync(target);
    } catch {
      continue;
    }
    let resolved: string | undefined;
    try {
      resolved = realpathSync(target);
    } catch {
      resolved = undefined;
    }
    let followed: Stats | undefined;
    try {
      followed = statSync(target);
    } catch {
      followed = undefined;
    }
    for (const id of protect) {
      if (sameFile(there, resolved, id) || (followed && sameFile(followed, resolved, id))) {
        throw refuse(options.format, target, 'OUTPUT_IS_INPUT', 'input file', 'a file other than the input', `refusing to write '${target}': it is the input ${id.real}${there.isSymbolicLink() ? ' (through a symlink)' : there.nlink > 1 ? ' (a hard link)' : ''}; name another output`);
      }
    }
    if (there.isSymbolicLink()) {
      if (!resolved || !isInside(real, resolved)) throw refuse(options.format, target, 'OUTPUT_OUTSIDE', 'symlink', 'a file inside the output folder', `refusing to write '${target}': it is a symlink that leaves the output folder`);
    } else if (!there.isFile()) {
      throw refuse(options.format, target, 'OUTPUT_NOT_A_FILE', 'existing file', 'a regular file', `refusing to write '${target}': a folder or special file is in the way`);
    }
    if (!options.force) throw refuse(options.format, target, 'OUTPUT_EXISTS', 'existing file', 'a new file (--force replaces it)', `refusing to replace '${target}': it exists and this run did not create it (--force replaces it)`);
  }
}

/**
 * Throws `checkTargets`' OUTPUT_IS_INPUT refusal when `outPath` is a protected file (the input, also
 * through a link), before anything is read or converted: the commit would refuse it anyway, after the
 * work. Any other problem of the name is left for the commit to report, in its own order.
 */
export function refuseInputAsOutput(outPath: string, options: CommitOptions): void {
  try {
    checkTargets(path.dirname(path.resolve(outPath)), [{ name: path.basename(outPath), bytes: new Uint8Array(0) }], { ...options, force: true });
  } catch (e) {
    if (refusalOf(e) === 'OUTPUT_IS_INPUT') throw e;
  }
}

/**
 * Writes `files` into `folder` (made when missing) all or none, after `checkTargets`. Without
 * `force` each file is hard-linked to its name (which fails if anything appeared there since the
 * check) or, where links are not possible, renamed after a fresh check. With `force` what was
 * there is moved aside first and put back if a later file fails. Returns the absolute paths.
 */
export function commitFiles(folder: string, files: readonly PlannedFile[], options: CommitOptions): string[] {
  checkTargets(folder, files, options);
  mkdirSync(folder, { recursive: true });
  const root = realpathSync(folder);
  const id = `${process.pid}-${++commits}`;
  const temps: string[] = [];
  const asides: { target: string; aside: string }[] = [];
  const created: string[] = [];
  const fail = (e: unknown): never => {
    for (const target of created) tryUnlink(target);
    for (const { target, aside } of asides) tryRename(aside, target);
    for (const temp of temps) tryUnlink(temp);
    if (e instanceof WriteError) throw e;
    const code = (e as NodeJS.ErrnoException)?.code ?? 'EIO';
    throw new WriteError({ format: options.format, code: 'UNSUPPORTED', limit: 'file system', value: code, where: root, message: `could not write into ${root} (${code}): ${e instanceof Error ? e.message : String(e)}; nothing was written` });
  };
  try {
    files.forEach((file, i) => {
      // Short temporary names: a 255-byte output name must not make its temporary too long.
      const temp = path.join(root, `.relic3d-${id}-${i}.tmp`);
      const fd = openSync(temp, 'wx', 0o644);
      temps.push(temp);
      try {
        for (let at = 0; at < file.bytes.length; ) at += writeSync(fd, file.bytes, at, file.bytes.length - at);
      } finally {
        closeSync(fd);
      }
    });
    checkTargets(root, files, options);
    files.forEach((file, i) => {
      const target = path.join(root, file.name);
      const temp = temps[i]!;
      if (options.force && exists(target)) {
        const aside = path.join(root, `.relic3d-${id}-${i}.old`);
        renameSync(target, aside);
        asides.push({ target, aside });
      }
      place(temp, target);
      created.push(target);
    });
  } catch (e) {
    fail(e);
  }
  for (const { aside } of asides) tryUnlink(aside);
  return files.map((f) => path.join(root, f.name));
}

/** Gives `temp` the name `target`, never over a file that appeared since the check. */
function place(temp: string, target: string): void {
  try {
    linkSync(temp, target);
    unlinkSync(temp);
    return;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw e;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'EXDEV' && code !== 'ENOSYS') throw e;
  }
  // A file system without hard links: the last check, then a rename.
  if (exists(target)) throw Object.assign(new Error(`'${target}' appeared while writing`), { code: 'EEXIST' });
  renameSync(temp, target);
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function tryUnlink(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    /* already gone */
  }
}

function tryRename(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch {
    /* left where it is: better than lost */
  }
}
