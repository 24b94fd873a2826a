/**
 * Loading an `.o3d`'s companions: its `.chr` skeleton and the `.ani` motions `options.motions` asks
 * for, from given bytes, the cache or the resolver. One generator serves the sync and the async
 * parse: it yields the name of each file it needs and is resumed with its bytes (or undefined).
 */
import { FormatError, WarningSink, type Warning } from '@relic3d/core';
import { OBJECT_SKIN, PARENT_BONE, type AniFile, type ChrFile, type O3dFile, type O3dParseOptions } from '../file.js';
import { readAniWith } from './ani.js';
import { readChrWith } from './chr.js';
import { findCompanions, isPlayerPart, motionFileFor, motionNameOf, skeletonNameFor } from './companion-names.js';

/** The companions a scene is built with. */
export interface O3dCompanions {
  chr?: ChrFile;
  motions: { name: string; ani: AniFile }[];
}

type Bytes = Uint8Array | undefined;
type Loading<T> = Generator<string, T, Bytes>;

/** A decoded companion as the cache keeps it: never mutated, replayed with its read warnings. */
interface CachedCompanion<T> {
  value: T;
  warnings: Warning[];
}

type Reader<T> = (bytes: Uint8Array, options: O3dParseOptions, sink: WarningSink, inputViews: boolean) => T;

const toBytes = (data: Uint8Array | ArrayBuffer): Uint8Array => (data instanceof Uint8Array ? data : new Uint8Array(data));
const isPromise = (v: unknown): v is Promise<unknown> => !!v && typeof (v as { then?: unknown }).then === 'function';
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The companions, with a resolver that must answer synchronously (else a warning, and none). */
export function loadCompanionsSync(file: O3dFile, options: O3dParseOptions, sink: WarningSink): O3dCompanions {
  const steps = companions(file, options, sink);
  let step = steps.next();
  while (!step.done) step = steps.next(resolveSync(options, step.value, sink));
  return step.value;
}

/** The companions, the resolver awaited. */
export async function loadCompanions(file: O3dFile, options: O3dParseOptions, sink: WarningSink): Promise<O3dCompanions> {
  const steps = companions(file, options, sink);
  let step = steps.next();
  while (!step.done) step = steps.next(await resolveAsync(options, step.value));
  return step.value;
}

/** Whether the model needs an external skeleton: skin objects or bone parents, and no embedded bones. */
function needsSkeleton(file: O3dFile): boolean {
  if (file.skeleton) return false;
  return file.groups.some((objects) => objects.some((o) => o.type === OBJECT_SKIN || (o.parentIndex !== -1 && o.parentType === PARENT_BONE)));
}

function* companions(file: O3dFile, options: O3dParseOptions, sink: WarningSink): Loading<O3dCompanions> {
  const modelName = options.fileName ?? file.name;
  const skeletonName = skeletonNameFor(modelName);

  let chr: ChrFile | undefined;
  if (options.skeleton) {
    const bytes = toBytes(options.skeleton);
    chr = companion('skeleton (.chr)', () => readChrWith(bytes, options, sink, true));
  } else if (needsSkeleton(file) && !options.noSkeletonLookup) {
    chr = yield* loadCompanion('chr', skeletonName, 'skeleton (.chr)', readChrWith, options, sink);
    if (!chr && options.resolve) sink.warn('O3D_MISSING_SKELETON', `the skeleton '${skeletonName}' was not found`);
  }
  const hasSkeleton = (file.skeleton?.baseTMs.length ?? 0) > 0 || (chr?.bones.length ?? 0) > 0;

  const motions: O3dCompanions['motions'] = [];
  const asked = options.motions ?? 'auto';
  // A lone name (a JavaScript caller's `motions: 'stand'`) is a list of one.
  const policy = typeof asked === 'string' && asked !== 'auto' && asked !== 'all' && asked !== 'none' ? [asked] : asked;
  /** One warning for motions that are there but not loaded. */
  const notLoaded = (count: number, why: string) => {
    if (count > 0) sink.warn('O3D_MOTIONS_NOT_LOADED', `${plural(count, 'motion')} of ${skeletonName} not loaded: ${why}`);
  };
  if (Array.isArray(policy)) {
    if (!hasSkeleton) notLoaded(policy.length, 'the model has no skeleton');
    else {
      for (const motion of policy) {
        const fileName = motionFileFor(modelName, motion);
        const ani = yield* loadCompanion('ani', fileName, `motion '${fileName}'`, readAniWith, options, sink);
        if (ani) motions.push({ name: motionNameOf(modelName, fileName), ani });
        else sink.warn('O3D_MISSING_MOTION', `the motion '${fileName}' was not found`);
      }
    }
  } else if (policy === 'auto' || policy === 'all') {
    const names = listing(options);
    const found = names ? Object.entries(findCompanions(modelName, names).motions) : [];
    found.sort(([, a], [, b]) => compareNames(a, b));
    if (!found.length) {
      if (!names && options.resolve && hasSkeleton) {
        const example = motionFileFor(modelName, 'stand');
        sink.warn(
          'O3D_MOTIONS_UNLISTED',
          `the resolver cannot list the folder of ${modelName}, so no motion was looked for: name them (motions: ['stand', 'walk'], loaded as ${example} and so on) or give a resolver with list()`,
        );
      }
    } else if (!hasSkeleton) notLoaded(found.length, 'the model has no skeleton');
    else if (policy === 'auto' && isPlayerPart(modelName)) {
      notLoaded(found.length, `player parts share them; ask for them with motions: 'all' or by name, e.g. ['${found[0][0]}'] (CLI: --motions all or --motions ${found[0][0]})`);
    } else {
      for (const [name, fileName] of found) {
        const ani = yield* loadCompanion('ani', fileName, `motion '${fileName}'`, readAniWith, options, sink);
        if (ani) motions.push({ name, ani });
        else sink.warn('O3D_MISSING_MOTION', `the motion '${fileName}' is listed but could not be read`);
      }
    }
  } else if (policy !== 'none' && typeof policy === 'object' && policy) {
    const given = Object.entries(policy);
    if (!hasSkeleton) notLoaded(given.length, 'the model has no skeleton');
    else for (const [name, data] of given) motions.push({ name, ani: companion(`motion '${name}'`, () => readAniWith(toBytes(data), options, sink, true)) });
  }
  return chr ? { chr, motions } : { motions };
}

/**
 * A companion by name: from the cache (its read warnings replayed), else through the resolver.
 * What goes into the cache owns its arrays (no views of bytes the resolver may reuse), and nothing
 * downstream writes to it: the scene builder only reads skeletons and motions.
 */
function* loadCompanion<T extends ChrFile | AniFile>(
  kind: 'chr' | 'ani',
  name: string,
  what: string,
  read: Reader<T>,
  options: O3dParseOptions,
  sink: WarningSink,
): Loading<T | undefined> {
  if (!options.resolve) return undefined;
  const key = cacheKey(options, kind, name);
  const hit = key !== undefined ? (options.cache!.get(key) as CachedCompanion<T> | undefined) : undefined;
  if (hit) {
    for (const w of hit.warnings) sink.warn(w.code, w.message, w.offset);
    return hit.value;
  }
  const bytes = yield name;
  if (!bytes) return undefined;
  if (key === undefined) return companion(what, () => read(bytes, options, sink, true));
  const local = new WarningSink('o3d');
  const value = companion(what, () => read(bytes, options, local, false));
  for (const w of local.list) sink.warn(w.code, w.message, w.offset);
  const bones = 'bones' in value ? value.bones.length : value.motion.bones.length;
  options.cache!.set(key, { value, warnings: local.list } satisfies CachedCompanion<T>, bytes.length + 512 * bones + 256);
  return value;
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

/** Reads a companion through the resolver only when it answers synchronously. */
function resolveSync(options: O3dParseOptions, name: string, sink: WarningSink): Bytes {
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

async function resolveAsync(options: O3dParseOptions, name: string): Promise<Bytes> {
  try {
    const data = await options.resolve?.(name);
    return data ? toBytes(data) : undefined;
  } catch {
    return undefined;
  }
}

/** The resolver's file list, when it has one. */
function listing(options: O3dParseOptions): readonly string[] | undefined {
  try {
    return options.resolve?.list?.();
  } catch {
    return undefined;
  }
}

/** The cache key of a companion, when a cache and a resolver key are both given. */
function cacheKey(options: O3dParseOptions, kind: 'chr' | 'ani', name: string): string | undefined {
  if (!options.cache || !options.resolve?.key) return undefined;
  let key: string | undefined;
  try {
    key = options.resolve.key(name);
  } catch {
    return undefined;
  }
  return key === undefined ? undefined : `o3d:${kind}:${key}`;
}

/** Case-insensitive name order, ties by code units: the same on every disk. */
function compareNames(a: string, b: string): number {
  const la = a.toLowerCase(), lb = b.toLowerCase();
  return la < lb ? -1 : la > lb ? 1 : a < b ? -1 : a > b ? 1 : 0;
}
