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

async function listDirectory(dir: FileSystemDirectoryHandle, prefix: string, found: Found): Promise<void> {
  const subfolders: Promise<void>[] = [];
  // values() is async-iterable; this TypeScript's DOM library does not declare it.
  for await (const handle of (dir as unknown as DirectoryValues).values()) {
    if (handle.kind === 'file') await found(prefix + handle.name, handle as FileSystemFileHandle);
    else subfolders.push(listDirectory(handle as FileSystemDirectoryHandle, `${prefix}${handle.name}/`, found));
  }
  await Promise.all(subfolders);
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

/** How a folder is listed: `part` paths at most per part (LIST_PART), `pauseMs` waited after each (the e2e tests' stand-in for a slow listing). */
export interface ListingPace {
  part?: number;
  pauseMs?: number;
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

  private constructor(private readonly roots: FolderHandles, names: readonly string[] | undefined, onListed: OnListed, pace: ListingPace) {
    this.listed = this.list(names, onListed, Math.max(1, pace.part ?? LIST_PART), pace.pauseMs ?? 0);
  }

  /**
   * Lists `handles` in parts (`onListed` with each), or takes `names` (the page listed a drop's
   * entries, names only, several times faster than iterating handles: each handle is a channel to
   * the browser) as one part; each file is then found by its path when read. Packs (`.res`) are read
   * once the folder is listed and their entries added, as files.ts does for the page.
   */
  static open(handles: FolderHandles, names?: readonly string[], onListed: OnListed = () => {}, pace: ListingPace = {}): HandleReader {
    return new HandleReader(handles, names, onListed, pace);
  }

  private async list(names: readonly string[] | undefined, onListed: OnListed, partSize: number, pauseMs: number): Promise<void> {
    let part: string[] = [];
    let since = performance.now();
    let [size, ms] = [partSize, LIST_PART_MS];
    const handOn = () => {
      for (const p of part) {
        this.own.push(p);
        this.paths.push(p);
        this.loose.add(p);
      }
      if (part.length) {
        onListed(part, false);
        [size, ms] = [partSize * LATER_PARTS, LIST_PART_MS * LATER_PARTS];
      }
      part = [];
      since = performance.now();
      this.wake();
    };
    try {
      if (names) {
        part = [...names];
        handOn();
      } else {
        await walk(this.roots, (path, handle) => {
          if (this.handles.has(path)) return;
          this.handles.set(path, handle);
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
    this.listedAll = true;
    onListed(entries, true, this.error);
    this.wake();
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
      reading = this.whenListed(path).then(() => this.files.get(path) ?? this.handleOf(path).then((handle) => handle?.getFile())).catch(() => undefined);
      void reading.then((file) => file && this.files.set(path, file));
      this.reads.set(path, reading);
    }
    return reading;
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
