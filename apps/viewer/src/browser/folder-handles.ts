// A dropped or picked folder read in a thumbnail worker from its FileSystemHandles: the page never
// makes a File. In Chromium each File the page's thread makes is a synchronous call to the browser
// process (a drop's entry.file(): RegisterBlobSync; a picked File's first stat: CaptureSnapshot),
// 9,665 of them for the bench's game folder and up to 0.7 s each under load (issue 31). Here those
// calls block only the worker.
import { expandPacks, type FileSet } from '../files.js';

/** What was dropped or picked: folders and files, as getAsFileSystemHandle / showDirectoryPicker give them. */
export type FolderHandles = readonly FileSystemHandle[];

/** Files read at once by `readAll`: getFile answers slowly, one at a time kept the worker idle. */
const READS_AT_ONCE = 8;
/**
 * A listing's first part is handed on at this many paths, or with what came in this long: iterating
 * a picked folder's 9,665 handles takes 1.6 s (an async call each), and the grid and the thumbnails
 * start from the first part (issue 31).
 */
export const LIST_PART = 256;
const LIST_PART_MS = 30;
/**
 * Later parts are this many times larger and longer: each is a task on the page (the grid grows), and
 * parts of 30 ms under load (36 of them while the listing slowed) kept the page's thread busy for seconds.
 */
const LATER_PARTS = 8;

type DirectoryValues = { values(): AsyncIterable<FileSystemHandle> };
/** Called with each file listed; a promise it returns is waited on before the next. */
type Found = (path: string, handle: FileSystemFileHandle) => void | Promise<void>;

/**
 * Folders beside the models where games keep their textures (core's FolderIndex looks there), tried
 * by name before a folder is iterated, each in its usual cases (the first found): a picked Flyff
 * `Model/` met its `Texture/` 5,511 entries into 8,976 (the file system's order), so a first
 * thumbnail's textures were listed only as the listing ended.
 */
const COMPANION_FOLDERS = [['Texture', 'texture', 'TEXTURE'], ['Textures', 'textures', 'TEXTURES']];

async function firstFolder(dir: FileSystemDirectoryHandle, names: readonly string[]): Promise<FileSystemDirectoryHandle | undefined> {
  const found = await Promise.all(names.map((name) => dir.getDirectoryHandle(name).catch(() => undefined)));
  return found.find((h) => h);
}

async function listDirectory(dir: FileSystemDirectoryHandle, prefix: string, found: Found): Promise<void> {
  const subfolders: Promise<void>[] = [];
  const early = (await Promise.all(COMPANION_FOLDERS.map((names) => firstFolder(dir, names)))).filter((h) => h !== undefined);
  for (const sub of early) subfolders.push(listDirectory(sub, `${prefix}${sub.name}/`, found));
  // values() is async-iterable; this TypeScript's DOM library does not declare it.
  for await (const handle of (dir as unknown as DirectoryValues).values()) {
    if (handle.kind === 'file') await found(prefix + handle.name, handle as FileSystemFileHandle);
    else if (!(await listedEarly(handle as FileSystemDirectoryHandle, early))) subfolders.push(listDirectory(handle as FileSystemDirectoryHandle, `${prefix}${handle.name}/`, found));
  }
  await Promise.all(subfolders);
}

/** Whether `sub` is a folder listed before the iteration (the same name, or the same entry in another case on a case-insensitive disk). */
async function listedEarly(sub: FileSystemDirectoryHandle, early: readonly FileSystemDirectoryHandle[]): Promise<boolean> {
  for (const e of early) {
    if (e.name === sub.name) return true;
    if (e.name.toLowerCase() === sub.name.toLowerCase() && (await e.isSameEntry(sub).catch(() => false))) return true;
  }
  return false;
}

/** Calls `found` with every file under `handles` by root-relative path ('Model/a.o3d', as a drop's entries name them); a file by its name. */
async function walk(handles: FolderHandles, found: Found): Promise<void> {
  for (const handle of handles) {
    if (handle.kind === 'file') await found(handle.name, handle as FileSystemFileHandle);
    else await listDirectory(handle as FileSystemDirectoryHandle, `${handle.name}/`, found);
  }
}

/** Every file under `handles` by root-relative path. No file is read. */
export async function listHandles(handles: FolderHandles): Promise<Map<string, FileSystemFileHandle>> {
  const out = new Map<string, FileSystemFileHandle>();
  await walk(handles, (path, handle) => void out.set(path, handle));
  return out;
}

/** Paths listed (`done`: the last part, with the entries of the folder's `.res` packs; `error`: why the listing stopped early). */
export type OnListed = (part: readonly string[], done: boolean, error?: string) => void;

/**
 * How a folder is listed: `part` paths at most per part (LIST_PART), `pauseMs` waited after each;
 * `readPauseMs`: no file read ends before this long after the listing began (the e2e tests' stand-ins
 * for a slow listing, and for Chromium, which answers no file of a folder while it iterates a large one);
 * `filesPauseMs`: files streamed to the page drawer reach it this much later than their facts (a busy
 * page or worker: the e2e test of issue 31's race, where a model was drawn before its file came).
 */
export interface ListingPace {
  part?: number;
  pauseMs?: number;
  readPauseMs?: number;
  filesPauseMs?: number;
}

/** A part of a listing one worker sends another (`done`: its own files are all listed; the packs each reads itself). */
export interface SharedPart {
  paths: string[];
  done: boolean;
  error?: string;
}

/** A MessagePort as the listing uses it. */
export interface ListingPort {
  postMessage(part: SharedPart): void;
  onmessage: ((event: MessageEvent<SharedPart>) => void) | null;
  close(): void;
}

/**
 * One listing for every worker: the one that lists sends its parts to the others (`share`), which
 * take them (`from`) instead of iterating the folder again (each handle is a call to the browser
 * process, whose thread two listings of 9,665 handles kept busy).
 */
export interface SharedListing {
  share?: readonly ListingPort[];
  from?: ListingPort;
}

/** A folder's files by path, read from their handles when asked for (each once). */
export class HandleReader {
  /** Every path listed so far: the folder's own files, then (once listed) the entries of its `.res` packs. Grows in place. */
  readonly paths: string[] = [];
  /** The files read so far (a pack's entries once listed). */
  readonly files: FileSet = new Map();
  /** Settles once every path is listed (never rejects: a failed listing ends with what it found, `error` says why). */
  readonly listed: Promise<void>;
  /** Why the listing stopped early, if it did. */
  error?: string;
  /** Called when `paths` has grown (a part listed, or the packs' entries). */
  onGrown?: () => void;
  private readonly reads = new Map<string, Promise<File | undefined>>();
  private readonly urgent: string[] = [];
  /** Asked-for paths not read by `readAll` yet: their facts are sent at once. */
  readonly wanted = new Set<string>();
  private stopped = false;
  private listedAll = false;
  /** The folder's own files (not a pack's entries), in listing order, and as a set. */
  private readonly own: string[] = [];
  private readonly loose = new Set<string>();
  private readonly handles = new Map<string, FileSystemFileHandle>();
  /** `readAll`'s readers waiting for more paths (a part listed, an ask, the end). */
  private waiting: (() => void)[] = [];

  /** Folders met on the way to a file by path (`names` given: nothing was listed here). */
  private readonly folders = new Map<string, Promise<FileSystemDirectoryHandle | undefined>>();

  /** No read ends before this time (ListingPace's `readPauseMs`). */
  private readonly readsFrom: number;

  private constructor(private readonly roots: FolderHandles, names: readonly string[] | undefined, onListed: OnListed, pace: ListingPace, shared: SharedListing) {
    this.readsFrom = performance.now() + (pace.readPauseMs ?? 0);
    this.listed = this.list(names, onListed, Math.max(1, pace.part ?? LIST_PART), pace.pauseMs ?? 0, shared);
  }

  /**
   * Lists `handles` in parts (`onListed` with each), or takes `names` (the page listed a drop's
   * entries, names only, several times faster than iterating handles: each handle is a channel to
   * the browser) as one part; each file is then found by its path when read. Packs (`.res`) are read
   * once the folder is listed and their entries added, as files.ts does for the page. `shared`: the
   * parts go to other workers, or come from one (SharedListing).
   */
  static open(handles: FolderHandles, names?: readonly string[], onListed: OnListed = () => {}, pace: ListingPace = {}, shared: SharedListing = {}): HandleReader {
    return new HandleReader(handles, names, onListed, pace, shared);
  }

  private async list(names: readonly string[] | undefined, onListed: OnListed, partSize: number, pauseMs: number, shared: SharedListing): Promise<void> {
    let part: string[] = [];
    let since = 0;
    let [size, ms] = [partSize, LIST_PART_MS];
    const handOn = () => {
      const listed = part;
      part = [];
      for (const p of listed) {
        this.own.push(p);
        this.paths.push(p);
        this.loose.add(p);
      }
      if (listed.length) {
        for (const port of shared.share ?? []) port.postMessage({ paths: listed, done: false });
        onListed(listed, false);
        this.onGrown?.();
        [size, ms] = [partSize * LATER_PARTS, LIST_PART_MS * LATER_PARTS];
      }
      this.wake();
    };
    try {
      if (names) {
        part = [...names];
        handOn();
      } else if (shared.from) {
        await this.take(shared.from, (paths) => {
          part = paths;
          handOn();
        });
      } else {
        await walk(this.roots, (path, handle) => {
          if (this.handles.has(path)) return;
          this.handles.set(path, handle);
          // A part's time runs from its first path (the companion folders' lookups come before any).
          if (!part.length) since = performance.now();
          part.push(path);
          if (part.length < size && performance.now() - since < ms) return;
          handOn();
          if (pauseMs) return new Promise((resolve) => setTimeout(resolve, pauseMs));
        });
      }
    } catch (error) {
      this.error = String((error as Error)?.message ?? error);
    }
    handOn();
    for (const port of shared.share ?? []) port.postMessage({ paths: [], done: true, error: this.error });
    const packs: FileSet = new Map();
    for (const p of this.own) {
      if (!p.toLowerCase().endsWith('.res')) continue;
      const pack = await this.read(p);
      if (pack) packs.set(p, pack);
    }
    await expandPacks(packs, this.loose);
    const entries = [...packs.keys()].filter((p) => !this.loose.has(p));
    for (const p of entries) this.files.set(p, packs.get(p)!);
    this.paths.push(...entries);
    if (entries.length) this.onGrown?.();
    this.listedAll = true;
    onListed(entries, true, this.error);
    this.wake();
  }

  /** Takes the parts another worker lists (its error becomes this one's). */
  private take(from: ListingPort, part: (paths: string[]) => void): Promise<void> {
    return new Promise<void>((resolve) => {
      from.onmessage = ({ data }) => {
        if (data.paths.length) part(data.paths);
        if (!data.done) return;
        this.error = data.error;
        from.close();
        resolve();
      };
    });
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resume of waiting) resume();
  }

  /** Settles once `path` is listed, or the listing ended without it. */
  private async whenListed(path: string): Promise<void> {
    while (!this.loose.has(path) && !this.listedAll) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** The handle of the file at `path`: listed, or found folder by folder from the handed ones. */
  private async handleOf(path: string): Promise<FileSystemFileHandle | undefined> {
    const listed = this.handles.get(path);
    if (listed || !this.loose.has(path)) return listed;
    const cut = path.lastIndexOf('/');
    if (cut < 0) return this.roots.find((h) => h.kind === 'file' && h.name === path) as FileSystemFileHandle | undefined;
    const folder = await this.folderOf(path.slice(0, cut));
    return folder?.getFileHandle(path.slice(cut + 1)).catch(() => undefined);
  }

  private folderOf(path: string): Promise<FileSystemDirectoryHandle | undefined> {
    let found = this.folders.get(path);
    if (!found) {
      const cut = path.lastIndexOf('/');
      found = cut < 0
        ? Promise.resolve(this.roots.find((h) => h.kind === 'directory' && h.name === path) as FileSystemDirectoryHandle | undefined)
        : this.folderOf(path.slice(0, cut)).then((parent) => parent?.getDirectoryHandle(path.slice(cut + 1)).catch(() => undefined));
      this.folders.set(path, found);
    }
    return found;
  }

  /** The file at `path` (read once; undefined when it is not in the folder or cannot be read). */
  read(path: string): Promise<File | undefined> {
    const had = this.files.get(path);
    if (had) return Promise.resolve(had);
    let reading = this.reads.get(path);
    if (!reading) {
      // Another worker's listing may be ahead of this one's (the page asks for what the reporter listed).
      const file = () => this.files.get(path) ?? this.handleOf(path).then((handle) => handle?.getFile());
      reading = this.whenListed(path).then(file).then((f) => this.held(f)).catch(() => undefined);
      void reading.then((file) => file && this.files.set(path, file));
      this.reads.set(path, reading);
    }
    return reading;
  }

  /** `file`, once reads may end (ListingPace's `readPauseMs`). */
  private held<T>(file: T): T | Promise<T> {
    const wait = this.readsFrom - performance.now();
    return wait > 0 ? new Promise((resolve) => setTimeout(() => resolve(file), wait)) : file;
  }

  /** Read these first in `readAll` (the latest ask first). */
  prioritise(paths: readonly string[]): void {
    for (const p of [...paths].reverse()) {
      if (!this.loose.has(p)) continue;
      this.urgent.push(p);
      this.wanted.add(p);
    }
    this.wake();
  }

  /** Nothing more is read by `readAll` (another folder came). */
  stop(): void {
    this.stopped = true;
    this.wake();
  }

  /**
   * Reads every file as it is listed (asked-for ones first), `onRead` with each as it comes, then the
   * packs' entries; settles when all are read or on `stop`.
   */
  async readAll(onRead: (path: string, file: File) => void): Promise<boolean> {
    // Taken once each; one read already for a drawing is answered from memory.
    const taken = new Set<string>();
    let cursor = 0;
    const more = () => new Promise<void>((resolve) => this.waiting.push(resolve));
    const next = async (): Promise<string | undefined> => {
      for (;;) {
        if (this.stopped) return undefined;
        const p = this.urgent.length ? this.urgent.pop()! : this.own[cursor];
        if (p === undefined) {
          if (this.listedAll) return undefined;
          await more();
          continue;
        }
        if (p === this.own[cursor]) cursor++;
        if (!taken.has(p)) return taken.add(p), p;
      }
    };
    const take = async () => {
      for (let p = await next(); p !== undefined && !this.stopped; p = await next()) {
        const file = await this.read(p);
        if (file && !this.stopped) onRead(p, file);
      }
    };
    await Promise.all(Array.from({ length: READS_AT_ONCE }, take));
    if (this.stopped) return false;
    for (const p of this.paths) {
      const packed = this.loose.has(p) ? undefined : this.files.get(p);
      if (packed) onRead(p, packed);
    }
    return true;
  }
}
