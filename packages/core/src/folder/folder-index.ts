import type { Resolver } from '../format/types.js';
import { baseNameOf, isAbsoluteName, joinInside } from './names.js';

/** One folder's entries, as spelled on disk. */
export interface FolderListing {
  files: readonly string[];
  folders: readonly string[];
}

/**
 * Lists one folder of the tree (`dir` is root-relative with '/', '' for the root), or returns
 * undefined when it cannot. Called at most once per folder.
 */
export type FolderLister = (dir: string) => FolderListing | undefined;

interface Folder {
  /** Lower-cased name → name as spelled. */
  files: Map<string, string>;
  folders: Map<string, string>;
  names: readonly string[];
}

const EMPTY: Folder = { files: new Map(), folders: new Map(), names: [] };

/** Folders where games keep textures beside their models (Flyff `Model/Texture/`). */
const TEXTURE_FOLDERS = ['texture', 'textures'];

/**
 * Every folder of a tree, listed once, with case-insensitive lookups. Companion lookup (textures,
 * skeletons, motions, material files) goes through here everywhere: the batch, `parseFile`, the
 * folder resolver and the viewer's folder drop. Paths are root-relative with '/'; nothing outside
 * the root can be named (a `..` above it resolves to nothing).
 */
export class FolderIndex {
  private readonly folders = new Map<string, Folder>();
  /** Listings received as data (`fromJSON`), turned into lookup maps on first use. */
  private received?: Record<string, FolderListing>;

  /** `lister` fills folders on first use; without it, only folders given to `setFolder` exist. */
  constructor(private readonly lister?: FolderLister) {}

  /** An index over a list of root-relative file paths (a dropped folder, a test tree). */
  static fromPaths(paths: Iterable<string>): FolderIndex {
    const files = new Map<string, string[]>();
    const folders = new Map<string, Set<string>>();
    const folderOf = (dir: string) => {
      let set = folders.get(dir);
      if (!set) folders.set(dir, (set = new Set()));
      return set;
    };
    folderOf('');
    for (const raw of paths) {
      const parts = raw.replace(/\\/g, '/').split('/').filter((p) => p && p !== '.');
      if (!parts.length || parts.includes('..')) continue;
      for (let i = 0; i < parts.length - 1; i++) folderOf(parts.slice(0, i).join('/')).add(parts[i]);
      const dir = parts.slice(0, -1).join('/');
      folderOf(dir);
      let list = files.get(dir);
      if (!list) files.set(dir, (list = []));
      list.push(parts[parts.length - 1]);
    }
    const index = new FolderIndex();
    for (const [dir, names] of folders) index.setFolder(dir, { files: files.get(dir) ?? [], folders: [...names] });
    return index;
  }

  /**
   * Adds root-relative file paths (a folder listed in parts): the lookups, listings and `files` order
   * of `fromPaths` over every path given so far, at the cost of the new ones only (rebuilding the
   * index per part was 55 ms of a thumbnail worker's first model for 9,665 paths). A path already
   * there, as spelled, is not added again; arrays `files()` returned before stay as they were.
   */
  addPaths(paths: Iterable<string>): this {
    const grown = new Map<Folder, string[]>();
    const folderAt = (dir: string): Folder => {
      let folder = this.folder(dir);
      if (folder === EMPTY) this.folders.set(dir, (folder = { files: new Map(), folders: new Map(), names: [] }));
      return folder;
    };
    for (const raw of paths) {
      const parts = raw.replace(/\\/g, '/').split('/').filter((p) => p && p !== '.');
      if (!parts.length || parts.includes('..')) continue;
      let dir = '';
      for (let i = 0; i < parts.length - 1; i++) {
        const parent = folderAt(dir);
        const lower = parts[i].toLowerCase();
        if (!parent.folders.has(lower)) parent.folders.set(lower, parts[i]);
        dir = dir ? `${dir}/${parts[i]}` : parts[i];
      }
      const folder = folderAt(dir);
      const name = parts[parts.length - 1];
      const lower = name.toLowerCase();
      const spelled = folder.files.get(lower);
      if (spelled === name) continue;
      // Another case of a listed name stays in the listing, as in `fromPaths`; the first spelling is found.
      if (spelled === undefined) folder.files.set(lower, name);
      let names = grown.get(folder);
      if (!names) grown.set(folder, (names = []));
      names.push(name);
    }
    for (const [folder, names] of grown) folder.names = [...folder.names, ...names];
    return this;
  }

  /** Records one folder's listing (a walker that already listed it calls this once per folder). */
  setFolder(dir: string, listing: FolderListing): void {
    const files = new Map<string, string>();
    const folders = new Map<string, string>();
    // The first spelling wins when two names differ only in case, as on a case-insensitive disk.
    for (const name of listing.files) if (!files.has(name.toLowerCase())) files.set(name.toLowerCase(), name);
    for (const name of listing.folders) if (!folders.has(name.toLowerCase())) folders.set(name.toLowerCase(), name);
    this.folders.set(dir, { files, folders, names: [...listing.files] });
  }

  private folder(dir: string): Folder {
    let folder = this.folders.get(dir);
    if (!folder) {
      const listing = this.received && Object.hasOwn(this.received, dir) ? this.received[dir] : this.lister?.(dir);
      if (listing) this.setFolder(dir, listing);
      folder = this.folders.get(dir) ?? EMPTY;
      if (!listing) this.folders.set(dir, folder);
    }
    return folder;
  }

  /** A folder's files and subfolders as spelled there, or undefined when it does not exist. */
  listing(dir = ''): FolderListing | undefined {
    const folder = this.folder(dir);
    return folder === EMPTY ? undefined : { files: folder.names, folders: [...folder.folders.values()] };
  }

  /** File names in a folder, as spelled there (empty when the folder does not exist). */
  files(dir = ''): readonly string[] {
    return this.folder(dir).names;
  }

  /** The folders listed so far, with their file names: plain data a worker can receive. */
  toJSON(): Record<string, FolderListing> {
    const out: Record<string, FolderListing> = {};
    for (const [dir, folder] of this.folders) if (folder !== EMPTY) out[dir] = { files: [...folder.names], folders: [...folder.folders.values()] };
    if (this.received) for (const [dir, listing] of Object.entries(this.received)) if (!this.folders.has(dir)) out[dir] = listing;
    return out;
  }

  /**
   * The inverse of `toJSON`; folders it does not hold are listed by `lister`, when given. A folder's
   * lookup maps are built when it is first used, so a batch worker given a 100,000-file index only
   * pays for the folders its models touch.
   */
  static fromJSON(data: Record<string, FolderListing>, lister?: FolderLister): FolderIndex {
    const index = new FolderIndex(lister);
    index.received = data;
    return index;
  }

  /** A root-relative path, matched segment by segment without regard to case; undefined when absent. */
  exact(relative: string): string | undefined {
    const parts = relative.split('/').filter(Boolean);
    if (!parts.length) return undefined;
    let dir = '';
    for (let i = 0; i < parts.length - 1; i++) {
      const name = this.folder(dir).folders.get(parts[i].toLowerCase());
      if (name === undefined) return undefined;
      dir = dir ? `${dir}/${name}` : name;
    }
    const file = this.folder(dir).files.get(parts[parts.length - 1].toLowerCase());
    return file === undefined ? undefined : dir ? `${dir}/${file}` : file;
  }

  /**
   * The file a model in `fromDir` means by `name`, as old engines looked it up: the path relative to
   * the model (either slash, any case, `..` only while inside the root), then its base name in the
   * model's folder, then in a `Texture/` or `Textures/` folder beside it. An absolute name is tried
   * only by its base name. Returns the root-relative path, or undefined.
   */
  lookup(name: string, fromDir = ''): string | undefined {
    for (const candidate of this.candidates(name, fromDir)) {
      const found = this.exact(candidate);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** The root-relative paths `lookup` tries, in order. */
  candidates(name: string, fromDir = ''): string[] {
    const slashed = name.trim().replace(/\\/g, '/');
    const base = baseNameOf(slashed);
    if (!base || base === '.' || base === '..') return [];
    const out: string[] = [];
    const add = (p: string | undefined) => {
      if (p && !out.includes(p)) out.push(p);
    };
    if (!isAbsoluteName(slashed)) add(joinInside(fromDir, slashed));
    add(joinInside(fromDir, base));
    for (const folder of TEXTURE_FOLDERS) add(joinInside(fromDir, `${folder}/${base}`));
    return out;
  }
}

/** Reads a root-relative path found by the index. */
export type IndexReader = (relative: string) => Uint8Array | undefined | Promise<Uint8Array | undefined>;

/**
 * A resolver for a model in `fromDir` of an indexed tree: names resolve through `index.lookup`,
 * `list()` names the files beside the model and `key()` is the root-relative path (for caches).
 */
export function indexResolver(index: FolderIndex, fromDir: string, read: IndexReader): Resolver {
  const resolve = ((name: string) => {
    const found = index.lookup(name, fromDir);
    return found === undefined ? undefined : read(found);
  }) as Resolver;
  resolve.list = () => index.files(fromDir);
  resolve.key = (name: string) => index.lookup(name, fromDir);
  return resolve;
}
