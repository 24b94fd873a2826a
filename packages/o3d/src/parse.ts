import { FormatError, WarningSink, type Scene } from '@relic3d/core';
import { ready } from '@relic3d/kernels';
import { motionFileFor, motionNameOf, skeletonNameFor } from './companions.js';
import { readAniWith, readChrWith, readO3dWith } from './read.js';
import { buildScene } from './scene.js';
import type { AniFile, ChrFile, O3dFile, O3dParseOptions } from './types.js';
import { OBJECT_SKIN, PARENT_BONE } from './types.js';

type Loaded = Uint8Array | ArrayBuffer | undefined | null;

const toBytes = (data: Uint8Array | ArrayBuffer): Uint8Array => (data instanceof Uint8Array ? data : new Uint8Array(data));
const isPromise = (v: unknown): v is Promise<unknown> => !!v && typeof (v as { then?: unknown }).then === 'function';

/** Whether the model needs an external skeleton: skin objects or bone parents, and no embedded bones. */
export function needsSkeleton(file: O3dFile): boolean {
  if (file.skeleton) return false;
  return file.groups.some((objects) => objects.some((o) => o.type === OBJECT_SKIN || (o.parentIndex !== -1 && o.parentType === PARENT_BONE)));
}

function checkName(file: O3dFile, fileName: string | undefined, sink: WarningSink): void {
  if (!fileName) return;
  const base = fileName.replace(/^.*[\\/]/, '');
  if (base.toLowerCase() !== file.name.toLowerCase()) {
    sink.warn('O3D_NAME_MISMATCH', `the header names '${file.name}', the file is '${base}' (the client would refuse it)`, 1);
  }
}

/** Reads a companion through the resolver only when it answers synchronously. */
function resolveSync(options: O3dParseOptions, name: string, sink: WarningSink): Uint8Array | undefined {
  if (!options.resolve) return undefined;
  let result: ReturnType<NonNullable<O3dParseOptions['resolve']>>;
  try {
    result = options.resolve(name);
  } catch {
    return undefined;
  }
  if (isPromise(result)) {
    result.catch(() => undefined);
    sink.warn('O3D_ASYNC_RESOLVER', `the resolver answered '${name}' asynchronously; use parse() (async) to load companions`);
    return undefined;
  }
  return result ? toBytes(result as ArrayBuffer | Uint8Array) : undefined;
}

/** Wraps a companion's read error so the message says which companion failed. */
function companion<T>(what: string, read: () => T): T {
  try {
    return read();
  } catch (e) {
    if (e instanceof FormatError) {
      throw new FormatError({ format: 'o3d', offset: e.offset, expected: e.expected, found: e.found, code: e.code, message: `${what}: ${e.message}` });
    }
    throw e;
  }
}

/** Parses an `.o3d` with its companions, synchronously. */
export function parseO3d(bytes: Uint8Array, options: O3dParseOptions = {}): Scene {
  const sink = new WarningSink('o3d', options.onWarning);
  const file = readO3dWith(bytes, { ...options, inputViews: true }, sink);
  return assemble(file, options, sink);
}

function assemble(file: O3dFile, options: O3dParseOptions, sink: WarningSink): Scene {
  checkName(file, options.fileName, sink);
  const modelName = options.fileName ?? file.name;

  let chr: ChrFile | undefined;
  let chrBytes = options.skeleton ? toBytes(options.skeleton) : undefined;
  if (!chrBytes && needsSkeleton(file) && !options.noSkeletonLookup) {
    chrBytes = resolveSync(options, skeletonNameFor(modelName), sink);
    if (!chrBytes && options.resolve) sink.warn('O3D_MISSING_SKELETON', `the skeleton '${skeletonNameFor(modelName)}' was not found`);
  }
  if (chrBytes) chr = companion('skeleton (.chr)', () => readChrWith(chrBytes!, { ...options, inputViews: true }, sink));

  const motions: { name: string; ani: AniFile }[] = [];
  const given = options.motions;
  if (Array.isArray(given)) {
    for (const motion of given) {
      const fileName = motionFileFor(modelName, motion);
      const data = resolveSync(options, fileName, sink);
      if (!data) {
        sink.warn('O3D_MISSING_MOTION', `the motion '${fileName}' was not found`);
        continue;
      }
      motions.push({ name: motionNameOf(modelName, fileName), ani: companion(`motion '${fileName}'`, () => readAniWith(data, { ...options, inputViews: true }, sink)) });
    }
  } else if (given) {
    for (const [name, data] of Object.entries(given)) {
      motions.push({ name, ani: companion(`motion '${name}'`, () => readAniWith(toBytes(data), { ...options, inputViews: true }, sink)) });
    }
  }
  return buildScene({ file, chr, motions, sink, kernels: options.kernels });
}

export const parseSync = parseO3d;

/**
 * Parses an `.o3d`, loading `<name>.chr` and the named motions through `options.resolve`. Waits for
 * the WASM kernels first (`options.kernels: 'js'` still forces the TypeScript path; same results).
 */
export async function parse(bytes: Uint8Array, options: O3dParseOptions = {}): Promise<Scene> {
  await ready();
  const resolve = options.resolve;
  if (!resolve) return parseO3d(bytes, options);
  // Resolve companions up front (awaiting the resolver), then parse synchronously with them.
  const cache = new Map<string, Loaded>();
  const load = async (name: string) => {
    if (!cache.has(name)) {
      let data: Loaded;
      try {
        data = await resolve(name);
      } catch {
        data = undefined;
      }
      cache.set(name, data);
    }
    return cache.get(name);
  };
  const sink = new WarningSink('o3d', options.onWarning);
  const file = readO3dWith(bytes, { ...options, inputViews: true }, sink);
  const modelName = options.fileName ?? file.name;
  if (!options.skeleton && !options.noSkeletonLookup && needsSkeleton(file)) await load(skeletonNameFor(modelName));
  if (Array.isArray(options.motions)) for (const motion of options.motions) await load(motionFileFor(modelName, motion));
  // Companions are loaded: the synchronous assembly finds them in the cache.
  return assemble(file, { ...options, resolve: (name) => (cache.get(name) ?? undefined) as Uint8Array | undefined }, sink);
}
