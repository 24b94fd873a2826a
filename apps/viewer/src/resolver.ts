/**
 * Companion lookup for the viewer (textures, .chr/.ani, .mat), shared by the worker (parse) and the
 * page (toThree's textures). Dropped files go through core's FolderIndex, as the batch and
 * `parseFile` do; a URL's companions are fetched beside it.
 */
import { baseNameOf, FolderIndex, indexResolver, type Resolver } from '@relic3d/core';
import { besideUrl, CompanionFolders, TEXTURE_FOLDERS } from '@relic3d/three';
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
  // Beside the URL: names are looked up one folder at a time, each stopping at the first answer; the
  // folder the first companion was found in is tried first for the names after it, and with a
  // listing only the names it has are asked for (CompanionFolders, shared with RelicLoader). A miss
  // is answered as soon as its search ends: the page shows each texture warning as it arrives.
  const beside = source.baseUrl ? besideUrl(source.baseUrl) : undefined;
  const folders = beside && new CompanionFolders(beside, listed ? () => Promise.resolve([...listed.values()]) : undefined, { missesTogether: false });
  /** Whether `name` is a base name worth asking the server for. */
  const askable = (name: string) => {
    const base = baseNameOf(name);
    return !!folders && !!base && base !== '.' && base !== '..';
  };
  /** Whether the listing names `name` in one of the texture folders. */
  const listedBeside = (name: string) => !!listed && askable(name) && TEXTURE_FOLDERS.some((f) => listed.has((f + baseNameOf(name)).toLowerCase()));
  const fetchFirst = (name: string) => (askable(name) ? folders!.find(baseNameOf(name)) : Promise.resolve(undefined));

  const resolve = (async (name: string) => (await local?.(name)) ?? (await fetchFirst(name))) as CompanionResolver;
  resolve.has = (name) => (index?.lookup(name, fromDir) !== undefined) || listedBeside(name);
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
