import path from 'node:path';
import { FolderIndex, indexResolver, lruCache, requireFormat, serializeError, type CompanionCache, type FolderListing, type SerializedError, type Warning } from '@relic3d/core';
import { folderIndex, MAX_COMPANION_BYTES, readFolderFile, readInside, readInsideSync, type RootedFolder } from '@relic3d/core/node';
import { resArchive } from '@relic3d/res';
import { inputFormats } from '@relic3d/formats';
import { optimizeGlb, toGlb, type ExportOptions, type OptimizeOptions } from '@relic3d/gltf';
import { ready } from '@relic3d/kernels';
import { isRelicGlb, mtimeOf, writeAtomicSync } from './output.js';
import { ReadAhead } from './read-ahead.js';
import { MAX_MODEL_BYTES } from './scan.js';

/**
 * A format's own parse options (an `.o3d`'s `motions`, …), passed to every model's parse as they
 * are: the batch reads none of them, so a new format never changes it. Sent to the workers, so
 * structured-cloneable.
 */
export type FormatOptions = Readonly<Record<string, unknown>>;

/** How each model of a batch is converted (the choices of `relic3d batch`). */
export interface ConversionOptions {
  /** Code page of the models' strings ('gbk', 'windows-1251', …); default each format's own. */
  codePage?: string;
  /** Passed to each model's format as they are (e.g. `{ motions: 'all' }` for Flyff models). */
  formatOptions?: FormatOptions;
  kernels?: 'wasm' | 'js';
  /** Export one level of detail / one clip (as `relic3d convert --lod/--animation`). */
  lod?: number;
  animation?: string;
  /** Make each .glb web-ready (`relic3d batch --optimize`): optimizeGlb's options, its warnings counted per file. */
  optimize?: Omit<OptimizeOptions, 'onWarning'>;
  /** Skip a model whose .glb (written by relic3d) is newer than it. */
  resume?: boolean;
  /** Replace existing files relic3d did not write. */
  force?: boolean;
  /** Bytes of decoded companions (skeletons, motions, images) each worker keeps; default 64 MiB. */
  cacheBytes?: number;
}

/** What every conversion of a batch shares; a worker receives it once. */
export interface ConvertSettings extends ConversionOptions {
  /** Real path of the batch folder: models and companions are read only inside it. */
  root: string;
  /** Real path of the output folder: nothing is written outside it. */
  out: string;
  /** `FolderIndex.toJSON()` of the batch folder, listed once by the main thread. */
  index: Record<string, FolderListing>;
}

/** One model to convert. */
export interface ConvertTask {
  /** Identifies the task in the batch (also names its temporary file). */
  id: number;
  /** Model path relative to the batch folder, with '/'. */
  file: string;
  /** .glb path relative to the output folder, with '/'. */
  output: string;
}

/** Warnings of one code in one file: how many, and the first message. */
export interface WarningCount {
  code: string;
  count: number;
  message: string;
}

/** What a worker sends back for a task: small, no model bytes. */
export interface ConvertResult {
  id: number;
  status: 'converted' | 'failed' | 'up-to-date';
  format?: string;
  error?: SerializedError;
  warnings: WarningCount[];
  /** Bytes of the written .glb. */
  bytes?: number;
  meshes?: number;
  triangles?: number;
  clips?: number;
  /** Milliseconds reading the model, parsing it (companions included), exporting and writing. */
  ms: { read: number; parse: number; export: number; write: number };
}

export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** Test-only faults, honoured only when RELIC3D_BATCH_TEST_FAULTS is set (JSON). */
interface Faults {
  /** A model whose path contains this never finishes (a stuck parser). */
  hang?: string;
  /** A model whose path contains this exhausts the worker's heap. */
  oom?: string;
  /** Writes of outputs whose path contains `path` fail with errno `code` (a full disk). */
  write?: { path: string; code: string };
}

function testFaults(): Faults | undefined {
  const raw = typeof process !== 'undefined' ? process.env.RELIC3D_BATCH_TEST_FAULTS : undefined;
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as Faults;
  } catch {
    return undefined;
  }
}

const now = () => performance.now();

/** A model: over 2 GiB is reported, not read. */
const readModel = (root: string, file: string) => readInsideSync(root, file, MAX_MODEL_BYTES);


/** A read failure as plain data ("cannot read: EACCES"). */
function readError(e: unknown): SerializedError {
  const error = serializeError(e);
  if (error.name === 'Error') error.name = 'ReadError';
  if (/^E[A-Z]+$/.test(error.code ?? '')) error.message = `cannot read: ${error.code}`;
  return error;
}

/** A write failure ("cannot write: ENOSPC"); refusals (OutputError) keep their own message. */
function writeError(e: unknown): unknown {
  const code = (e as { code?: unknown })?.code;
  if (e instanceof Error && e.name === 'Error' && typeof code === 'string' && /^E[A-Z]+$/.test(code)) {
    return Object.assign(new Error(`cannot write the .glb: ${code}`), { name: 'WriteError', code });
  }
  return e;
}

function tally(warnings: Warning[]): WarningCount[] {
  const byCode = new Map<string, WarningCount>();
  for (const w of warnings) {
    const entry = byCode.get(w.code);
    if (entry) entry.count++;
    else byCode.set(w.code, { code: w.code, count: 1, message: w.message });
  }
  return [...byCode.values()];
}

/**
 * A cache that keeps a companion only from its second use: in a game folder most skeletons and
 * motions belong to one model (a monster's own), and keeping them would push out the few that
 * hundreds of models share (the player skeletons, shared textures). Remembers the keys it has seen
 * (a bounded set, oldest forgotten first).
 */
export function sharedOnlyCache(inner: CompanionCache, remember = 65536): CompanionCache {
  const seen = new Set<string>();
  return {
    get: (key) => inner.get(key),
    set(key, value, bytes) {
      if (seen.has(key)) {
        inner.set(key, value, bytes);
        return;
      }
      seen.add(key);
      if (seen.size > remember) seen.delete(seen.values().next().value as string);
    },
  };
}

/** The directory part of a root-relative path ('' at the root). */
const dirOf = (file: string) => (file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '');

/**
 * The conversion a batch worker runs for each task: read the model inside the root, parse it with
 * companions looked up in the shared index (decoded ones cached per worker), export a .glb and
 * write it atomically inside the output folder. Never rejects: failures come back in the result.
 */
/** A batch worker's conversion; `ahead(task)` starts reading the model of the task queued next. */
export type Converter = ((task: ConvertTask) => Promise<ConvertResult>) & { ahead(task: ConvertTask): void };

export function createConverter(settings: ConvertSettings): Converter {
  const index = FolderIndex.fromJSON(settings.index);
  const cache = sharedOnlyCache(lruCache(settings.cacheBytes ?? DEFAULT_CACHE_BYTES));
  // Flyff .res packs are folders, as in the client: a path the index lists may be an entry of a pack
  // beside it. Loose files win; the packs are opened once per worker, when a loose read misses.
  let packs: RootedFolder | undefined;
  const packed = (relative: string, maxBytes: number) => readFolderFile((packs ??= folderIndex(settings.root, { archives: [resArchive] })), relative, maxBytes);
  // A companion that cannot be read is missing; the format warns about it.
  const read = (relative: string) => readInside(settings.root, relative, MAX_COMPANION_BYTES) ?? packed(relative, MAX_COMPANION_BYTES);
  const faults = testFaults();
  const warm = settings.kernels === 'js' ? Promise.resolve() : ready();
  const folders = new Map<string, string>();
  const readAhead = new ReadAhead(settings.root);
  /** The model, loose or from a pack; or why it cannot be read. */
  const readNow = (file: string): Uint8Array | SerializedError => {
    try {
      return readModel(settings.root, file);
    } catch (e) {
      return ((e as NodeJS.ErrnoException).code === 'ENOENT' ? packed(file, MAX_MODEL_BYTES) : undefined) ?? readError(e);
    }
  };

  /** Everything but the write: the result so far, and the .glb to write when there is one. */
  const compute = async (task: ConvertTask): Promise<{ result: ConvertResult; glb?: Uint8Array }> => {
    const ms = { read: 0, parse: 0, export: 0, write: 0 };
    const result: ConvertResult = { id: task.id, status: 'failed', warnings: [], ms };
    const target = path.join(settings.out, ...task.output.split('/'));
    const source = path.join(settings.root, ...task.file.split('/'));
    if (settings.resume) {
      const made = mtimeOf(target);
      const changed = mtimeOf(source);
      if (made !== undefined && changed !== undefined && made >= changed && isRelicGlb(target)) {
        result.status = 'up-to-date';
        return { result };
      }
    }
    await warm;
    let t = now();
    // Read ahead while the task before ran; otherwise (or when that read gave up) now.
    const bytes = (await readAhead.take(task.id)) ?? readNow(task.file);
    ms.read = now() - t;
    if (!(bytes instanceof Uint8Array)) {
      result.error = bytes;
      return { result };
    }
    if (faults?.hang && task.file.includes(faults.hang)) {
      // Blocked forever, as a task stuck in a read or a loop looks to the pool (its timeout and Ctrl-C
      // are wall-clock), without burning a core for the tests' 3-s timeouts; terminate() ends the wait.
      for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    }
    if (faults?.oom && task.file.includes(faults.oom)) {
      const hoard: number[][] = [];
      for (;;) hoard.push(Array.from({ length: 1 << 16 }, (_, i) => i * 1.5));
    }
    const warnings: Warning[] = [];
    const resolve = indexResolver(index, dirOf(task.file), read);
    const fileName = task.file.slice(task.file.lastIndexOf('/') + 1);
    let glb: Uint8Array | undefined;
    try {
      t = now();
      const format = requireFormat(bytes, fileName, inputFormats, { byExtension: true });
      result.format = format.id;
      const options: Record<string, unknown> = { ...settings.formatOptions, fileName, resolve, cache, kernels: settings.kernels };
      if (settings.codePage) options.codePage = settings.codePage;
      const scene = await format.parse(bytes, options);
      warnings.push(...scene.warnings);
      ms.parse = now() - t;
      result.meshes = scene.meshes.length;
      let triangles = 0;
      for (const mesh of scene.meshes) for (const p of mesh.primitives) if ((p.mode ?? 'TRIANGLES') === 'TRIANGLES') triangles += Math.floor((p.indices ? p.indices.length : p.attributes.POSITION.length / 3) / 3);
      result.triangles = triangles;
      result.clips = settings.animation !== undefined ? 1 : scene.animations.length;

      t = now();
      const exportOptions: ExportOptions = { resolve, cache, onWarning: (w) => void warnings.push(w) };
      if (settings.lod !== undefined) exportOptions.lod = settings.lod;
      if (settings.animation !== undefined) exportOptions.animation = settings.animation;
      glb = await toGlb(scene, exportOptions);
      if (settings.optimize) glb = await optimizeGlb(glb, { ...settings.optimize, onWarning: exportOptions.onWarning });
      ms.export = now() - t;
    } catch (e) {
      result.error = serializeError(e);
      if (!result.format && result.error.format && result.error.format !== 'unknown') result.format = result.error.format;
    }
    result.warnings = tally(warnings);
    return { result, glb };
  };

  const write = (task: ConvertTask, result: ConvertResult, glb: Uint8Array): ConvertResult => {
    const t = now();
    const failWith = faults?.write && task.output.includes(faults.write.path) ? faults.write.code : undefined;
    try {
      writeAtomicSync(settings.out, task.output, glb, { force: settings.force, taskId: task.id, failWith, folders });
      result.bytes = glb.byteLength;
      result.status = 'converted';
    } catch (e) {
      result.error = serializeError(writeError(e));
    }
    result.ms.write = now() - t;
    return result;
  };

  const convert = async (task: ConvertTask): Promise<ConvertResult> => {
    const { result, glb } = await compute(task);
    return glb ? write(task, result, glb) : result;
  };
  // A resumed batch skips most files: reading them ahead would be the run's main cost.
  const ahead = (task: ConvertTask) => void (settings.resume ? undefined : readAhead.start(task.id, task.file));
  return Object.assign(convert, { ahead });
}
