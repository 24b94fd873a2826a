/**
 * Companion lookup for the viewer (textures, .chr/.ani, .mat), shared by the worker (parse) and the
 * page (toThree's textures). Dropped files go through core's FolderIndex, as the batch and
 * `parseFile` do; a URL's companions are fetched beside it.
 */
import { baseNameOf, FolderIndex, indexResolver, type Resolver } from '@relic3d/core';
import { besideUrl } from '@relic3d/three';
import { packedBytes } from './files.js';

export interface CompanionSource {
  /** Dropped or opened files by root-relative path ('Model/Texture/a.dds'); read only when asked for. */
  files?: Record<string, Blob | Uint8Array>;
  /** The model's path among `files`. */
  modelPath?: string;
  /** The model's URL: companions are fetched beside it (after `files`). */
  baseUrl?: string;
  /** Names known to exist beside the URL (samples): nothing else is fetched. */
  listing?: readonly string[];
}

export interface CompanionResolver extends Resolver {
  /** Whether `name` would resolve, without reading it (answered from the index or the listing). */
  has(name: string): boolean;
  /** Present when every file is known (dropped files, or a URL with a listing): `name` is not there, so nothing is asked for it. */
  lacks?(name: string): boolean;
}

/** Folders beside a model where games keep textures, as FolderIndex tries them. */
const TEXTURE_FOLDERS = ['', 'Texture/', 'Textures/'];

export function companionResolver(source: CompanionSource): CompanionResolver {
  const files = source.files ?? {};
  const paths = Object.keys(files);
  const index = paths.length ? FolderIndex.fromPaths(paths) : undefined;
  const modelPath = source.modelPath?.replace(/\\/g, '/') ?? '';
  const fromDir = index ? modelPath.slice(0, Math.max(0, modelPath.lastIndexOf('/'))) : '';
  const read = new Map<string, Promise<Uint8Array | undefined>>();
  const readFile = (relative: string) => {
    let found = read.get(relative);
    if (!found) {
      const file = files[relative];
      // A `.res` entry arrives as a slice of its pack, deciphered here when its type says so.
      found = file instanceof Uint8Array ? Promise.resolve(file) : file ? packedBytes(file) : Promise.resolve(undefined);
      read.set(relative, found);
    }
    return found;
  };
  const local = index ? indexResolver(index, fromDir, readFile) : undefined;

  // The listing by lower-case path: a name is fetched under the listing's own spelling (servers are
  // case-sensitive, the games were not), and a name it lacks is never asked for.
  const listed = source.listing && new Map(source.listing.map((n) => [n.replace(/\\/g, '/').toLowerCase(), n.replace(/\\/g, '/')]));
  const beside = source.baseUrl ? besideUrl(source.baseUrl) : undefined;
  const fetchBeside = (relative: string) => beside?.(relative.split('/').map(encodeURIComponent).join('/')) ?? Promise.resolve(undefined);
  /** The paths beside the URL worth asking for, in order: all three folders, or only what the listing names. */
  const remote = (name: string) => {
    const base = baseNameOf(name);
    if (!source.baseUrl || !base || base === '.' || base === '..') return [];
    const tries = TEXTURE_FOLDERS.map((f) => f + base);
    return listed ? tries.map((t) => listed.get(t.toLowerCase())).filter((t): t is string => t !== undefined) : tries;
  };
  // One answer per name in any case: the first candidate that answers, or none.
  const answers = new Map<string, Promise<Uint8Array | undefined>>();
  const fetchFirst = (name: string) => {
    const key = baseNameOf(name).toLowerCase();
    let answer = answers.get(key);
    if (!answer) {
      answer = (async () => {
        for (const relative of remote(name)) {
          const bytes = await fetchBeside(relative);
          if (bytes) return bytes;
        }
        return undefined;
      })();
      answers.set(key, answer);
    }
    return answer;
  };

  const resolve = (async (name: string) => (await local?.(name)) ?? (await fetchFirst(name))) as CompanionResolver;
  resolve.has = (name) => (index?.lookup(name, fromDir) !== undefined) || (!!listed && remote(name).length > 0);
  // Only a URL without a listing leaves a name unknown until it is fetched.
  if (!source.baseUrl || listed) resolve.lacks = (name) => !resolve.has(name);
  if (local) {
    resolve.list = () => local.list!();
    resolve.key = (name) => local.key!(name);
  } else if (source.listing) {
    const names = source.listing.filter((n) => !/[\\/]/.test(n));
    resolve.list = () => names;
  }
  return resolve;
}
