// The models of an opened folder as the grid lists them, and the search and filters over them. Pure:
// the unit tests run it in Node.

/** One model file of the folder. */
export interface CatalogEntry {
  /** Root-relative path with '/' (a `.res` entry: beside its pack). */
  path: string;
  /** The base name, shown on the card and searched. */
  name: string;
  /** The format id from the extension ('o3d', 'ms3d', …). */
  format: string;
  size: number;
  /** Last modification (ms since 1970); a packed entry has its pack's. */
  modified: number;
}

/** What rendering a thumbnail learnt about a model: the card's badges, and what the filters ask. */
export interface ThumbInfo {
  failed?: string;
  skinned: boolean;
  /** Clip count (0: still). */
  clips: number;
  /** LOD levels (0 or 1: none). */
  lods: number;
  missingTextures: number;
  triangles: number;
}

export type Tristate = 'any' | 'yes' | 'no';

export interface Filters {
  /** Words of the name, all of them, any case ('mvr_ dragon'). */
  query: string;
  /** A Flyff name prefix ('mvr_', 'obj_', 'item_', 'part_') or '' for any. */
  prefix: string;
  /** A format id or '' for any. */
  format: string;
  animated: Tristate;
  failed: Tristate;
}

export const NO_FILTERS: Filters = { query: '', prefix: '', format: '', animated: 'any', failed: 'any' };

/** The Flyff client's name prefixes: monsters and NPCs, objects, items, player parts. */
export const FLYFF_PREFIXES = ['mvr_', 'obj_', 'item_', 'part_'] as const;

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The format id of a model file by its extension, or undefined. */
export function formatOf(name: string, extensions: readonly string[]): string | undefined {
  const lower = name.toLowerCase();
  const ext = extensions.find((e) => lower.endsWith(e));
  return ext?.slice(1);
}

/** The models among `files` (paths → size and time), sorted by name in any case, then by path. */
export function catalogOf(files: Iterable<[string, { size: number; lastModified: number }]>, extensions: readonly string[]): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  for (const [path, file] of files) {
    const format = formatOf(path, extensions);
    if (format) out.push({ path, name: baseName(path), format, size: file.size, modified: file.lastModified });
  }
  // Plain comparisons of lower-case keys (compareEntries' order, each key made once): a locale
  // collator made sorting 5,400 names a long task.
  const keyed = out.map((e) => ({ e, name: e.name.toLowerCase(), path: e.path.toLowerCase() }));
  keyed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return keyed.map((k) => k.e);
}

/** The grid's order: by name in any case, then by path (catalogOf's). */
export function compareEntries(a: CatalogEntry, b: CatalogEntry): number {
  const [an, bn] = [a.name.toLowerCase(), b.name.toLowerCase()];
  if (an !== bn) return an < bn ? -1 : 1;
  const [ap, bp] = [a.path.toLowerCase(), b.path.toLowerCase()];
  return ap < bp ? -1 : ap > bp ? 1 : 0;
}

/**
 * The grid's order of `entries` (indices) when those from `from` on were appended (sorted among
 * themselves, as catalogOf gives them) to entries in `order`: the two merged, indices unchanged.
 */
export function mergeOrder(entries: readonly CatalogEntry[], order: readonly number[], from: number): number[] {
  return mergeIndices(entries, order, Array.from({ length: entries.length - from }, (_, k) => from + k));
}

/**
 * The grid's filtered order (`filterCatalog` over mergeOrder's) once the entries from `from` on were
 * appended: `shown`, the filtered order before, merged with those of the new entries that pass. Only
 * the new entries are filtered: a picked folder grows by parts of ~1,000 models into ~5,400, and
 * each part filtered all of them again.
 */
export function mergeShown(entries: readonly CatalogEntry[], shown: readonly number[], from: number, filters: Filters, infoOf: (entry: CatalogEntry) => ThumbInfo | undefined): number[] {
  const added = filterCatalog(entries.slice(from), filters, infoOf).map((k) => from + k);
  return mergeIndices(entries, shown, added);
}

/** Two lists of entry indices, each in grid order, as one in grid order (at a tie, `a`'s first). */
function mergeIndices(entries: readonly CatalogEntry[], a: readonly number[], b: readonly number[]): number[] {
  const out: number[] = new Array(a.length + b.length);
  let i = 0, j = 0, k = 0;
  // Each entry's key made once (compareEntries' order: name in any case, then path).
  const key = (index: number) => `${entries[index].name.toLowerCase()}\u0000${entries[index].path.toLowerCase()}`;
  let ka = i < a.length ? key(a[i]) : '', kb = j < b.length ? key(b[j]) : '';
  while (i < a.length && j < b.length) {
    if (ka <= kb) {
      out[k++] = a[i++];
      if (i < a.length) ka = key(a[i]);
    } else {
      out[k++] = b[j++];
      if (j < b.length) kb = key(b[j]);
    }
  }
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}

/** The cache key of a thumbnail: the same file (name, size, time) renders the same picture. */
export function thumbKey(entry: CatalogEntry): string {
  return `${entry.path}|${entry.size}|${entry.modified}`;
}

/**
 * Whether an entry passes the filters. `info` is undefined until its thumbnail is rendered: such an
 * entry passes the animated and failed filters only when they are 'any' (it is not known yet).
 */
export function matches(entry: CatalogEntry, filters: Filters, info: ThumbInfo | undefined): boolean {
  const name = entry.name.toLowerCase();
  if (filters.prefix && !name.startsWith(filters.prefix)) return false;
  if (filters.format && entry.format !== filters.format) return false;
  const words = filters.query.toLowerCase().split(/\s+/).filter(Boolean);
  if (!words.every((w) => name.includes(w))) return false;
  if (filters.animated !== 'any' && (!info || (info.clips > 0) !== (filters.animated === 'yes'))) return false;
  if (filters.failed !== 'any' && (!info || !!info.failed !== (filters.failed === 'yes'))) return false;
  return true;
}

/**
 * The indices (into `entries`) that pass, in grid order (`order`: the indices in it, when entries were
 * appended; else theirs). `infoOf` is asked only when a filter needs what a thumbnail told, and no
 * filter at all passes everything without a look: a 5,400-model folder opens in a task that stays short.
 */
export function filterCatalog(entries: readonly CatalogEntry[], filters: Filters, infoOf: (entry: CatalogEntry) => ThumbInfo | undefined, order?: readonly number[]): number[] {
  const needsInfo = filters.animated !== 'any' || filters.failed !== 'any';
  if (!needsInfo && !filters.prefix && !filters.format && !filters.query.trim()) return order ? [...order] : Array.from(entries.keys());
  const out: number[] = [];
  for (const i of order ?? entries.keys()) {
    if (matches(entries[i], filters, needsInfo ? infoOf(entries[i]) : undefined)) out.push(i);
  }
  return out;
}

/** The badges a card shows, as short labels (title text beside each). */
export function badgesOf(info: ThumbInfo | undefined): { label: string; title: string; kind: string }[] {
  if (!info) return [];
  if (info.failed) return [{ label: 'failed', title: info.failed, kind: 'failed' }];
  const out: { label: string; title: string; kind: string }[] = [];
  if (info.skinned) out.push({ label: 'skin', title: 'skinned to a skeleton', kind: 'skinned' });
  if (info.clips) out.push({ label: `anim ${info.clips}`, title: `${info.clips} animation clip${info.clips > 1 ? 's' : ''}`, kind: 'animated' });
  if (info.lods > 1) out.push({ label: `LOD ${info.lods}`, title: `${info.lods} levels of detail`, kind: 'lods' });
  if (info.missingTextures) out.push({ label: 'tex?', title: `${info.missingTextures} texture${info.missingTextures > 1 ? 's' : ''} not found`, kind: 'missing' });
  return out;
}
